func.func @main(%a: tensor<64x96xf32> {seam.name = "a"}, %b: tensor<96x128xf32> {seam.name = "b"}) -> (tensor<64x128xf32> {seam.name = "c"}) {
  %c = seam.matmul %a, %b : (tensor<64x96xf32>, tensor<96x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
