func.func @main(%x0: tensor<1x16x14x14xf32> {seam.name = "x0"}, %w0: tensor<96x16x1x1xf32> {seam.name = "w0"}, %b0: tensor<96xf32> {seam.name = "b0"}, %x1: tensor<1x320x8x8xf32> {seam.name = "x1"}, %w1: tensor<40x320x1x1xf32> {seam.name = "w1"}, %b1: tensor<40xf32> {seam.name = "b1"}, %x2: tensor<1x48x10x10xf32> {seam.name = "x2"}, %w2: tensor<32x48x1x1xf32> {seam.name = "w2"}, %b2: tensor<32xf32> {seam.name = "b2"}) -> (tensor<1x96x14x14xf32> {seam.name = "y0"}, tensor<1x40x8x8xf32> {seam.name = "y1"}, tensor<1x32x10x10xf32> {seam.name = "y2"}) {
  %c0 = seam.conv %x0, %w0, %b0 : (tensor<1x16x14x14xf32>, tensor<96x16x1x1xf32>, tensor<96xf32>) -> tensor<1x96x14x14xf32>
  %y0 = seam.clip %c0 {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x96x14x14xf32>
  %c1 = seam.conv %x1, %w1, %b1 : (tensor<1x320x8x8xf32>, tensor<40x320x1x1xf32>, tensor<40xf32>) -> tensor<1x40x8x8xf32>
  %y1 = seam.relu %c1 : tensor<1x40x8x8xf32>
  %c2 = seam.conv %x2, %w2, %b2 : (tensor<1x48x10x10xf32>, tensor<32x48x1x1xf32>, tensor<32xf32>) -> tensor<1x32x10x10xf32>
  %y2 = seam.hard_swish %c2 : tensor<1x32x10x10xf32>
  return %y0, %y1, %y2 : tensor<1x96x14x14xf32>, tensor<1x40x8x8xf32>, tensor<1x32x10x10xf32>
}
