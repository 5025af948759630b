func.func @main(%x: tensor<64xf32> {seam.name = "x"}, %rows: tensor<4x4xf32> {seam.name = "rows"}) -> (tensor<64xf32> {seam.name = "e"}, tensor<64xf32> {seam.name = "s"}, tensor<64xf32> {seam.name = "silu"}, tensor<4x4xf32> {seam.name = "soft"}) {
  %e = seam.exp %x : tensor<64xf32>
  %s = seam.sigmoid %x : tensor<64xf32>
  %silu = seam.silu %x : tensor<64xf32>
  %soft = seam.softmax %rows : tensor<4x4xf32>
  return %e, %s, %silu, %soft : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x4xf32>
}
