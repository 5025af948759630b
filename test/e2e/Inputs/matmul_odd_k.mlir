func.func @main(%a0: tensor<8x500xf32> {seam.name = "a0"}, %b0: tensor<500x72xf32> {seam.name = "b0"}, %a1: tensor<8x256xf32> {seam.name = "a1"}, %b1: tensor<256x40xf32> {seam.name = "b1"}, %a2: tensor<8x260xf32> {seam.name = "a2"}, %b2: tensor<260x24xf32> {seam.name = "b2"}) -> (tensor<8x72xf32> {seam.name = "c0"}, tensor<8x40xf32> {seam.name = "c1"}, tensor<8x24xf32> {seam.name = "c2"}) {
  %c0 = seam.matmul %a0, %b0 : (tensor<8x500xf32>, tensor<500x72xf32>) -> tensor<8x72xf32>
  %c1 = seam.matmul %a1, %b1 : (tensor<8x256xf32>, tensor<256x40xf32>) -> tensor<8x40xf32>
  %c2 = seam.matmul %a2, %b2 : (tensor<8x260xf32>, tensor<260x24xf32>) -> tensor<8x24xf32>
  return %c0, %c1, %c2 : tensor<8x72xf32>, tensor<8x40xf32>, tensor<8x24xf32>
}
