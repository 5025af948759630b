func.func @main(%a: tensor<1030x512xf32> {seam.name = "a"}, %b: tensor<512x520xf32> {seam.name = "b"}) -> (tensor<1030x520xf32> {seam.name = "c"}) {
  %c = seam.matmul %a, %b : (tensor<1030x512xf32>, tensor<512x520xf32>) -> tensor<1030x520xf32>
  return %c : tensor<1030x520xf32>
}
