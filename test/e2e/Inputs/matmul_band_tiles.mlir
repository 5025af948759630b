func.func @main(%a0: tensor<8x500xf32> {seam.name = "a0"}, %b0: tensor<500x64xf32> {seam.name = "b0"}, %a1: tensor<8x360xf32> {seam.name = "a1"}, %b1: tensor<360x64xf32> {seam.name = "b1"}) -> (tensor<8x64xf32> {seam.name = "c0"}, tensor<8x64xf32> {seam.name = "c1"}) {
  %c0 = seam.matmul %a0, %b0 : (tensor<8x500xf32>, tensor<500x64xf32>) -> tensor<8x64xf32>
  %c1 = seam.matmul %a1, %b1 : (tensor<8x360xf32>, tensor<360x64xf32>) -> tensor<8x64xf32>
  return %c0, %c1 : tensor<8x64xf32>, tensor<8x64xf32>
}
