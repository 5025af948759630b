func.func @main(%x0: tensor<1x16x14x14xf32> {seam.name = "x0"}, %w0: tensor<96x16x1x1xf32> {seam.name = "w0"}, %b0: tensor<96xf32> {seam.name = "b0"}, %x1: tensor<1x320x8x8xf32> {seam.name = "x1"}, %w1: tensor<40x320x1x1xf32> {seam.name = "w1"}, %b1: tensor<40xf32> {seam.name = "b1"}, %x2: tensor<1x48x10x10xf32> {seam.name = "x2"}, %w2: tensor<32x48x1x1xf32> {seam.name = "w2"}, %b2: tensor<32xf32> {seam.name = "b2"}, %x3: tensor<1x16x28x28xf32> {seam.name = "x3"}, %w3: tensor<24x16x1x1xf32> {seam.name = "w3"}, %wb3: tensor<24xf32> {seam.name = "wb3"}, %v3: tensor<144x24x1x1xf32> {seam.name = "v3"}, %vb3: tensor<144xf32> {seam.name = "vb3"}, %u3: tensor<24x144x1x1xf32> {seam.name = "u3"}, %ub3: tensor<24xf32> {seam.name = "ub3"}, %z3: tensor<24x24x1x1xf32> {seam.name = "z3"}, %zb3: tensor<24xf32> {seam.name = "zb3"}) -> (tensor<1x96x14x14xf32> {seam.name = "y0"}, tensor<1x40x8x8xf32> {seam.name = "y1"}, tensor<1x32x10x10xf32> {seam.name = "y2"}, tensor<1x24x28x28xf32> {seam.name = "y3"}) {
  %c0 = seam.conv %x0, %w0, %b0 : (tensor<1x16x14x14xf32>, tensor<96x16x1x1xf32>, tensor<96xf32>) -> tensor<1x96x14x14xf32>
  %y0 = seam.clip %c0 {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x96x14x14xf32>
  %c1 = seam.conv %x1, %w1, %b1 : (tensor<1x320x8x8xf32>, tensor<40x320x1x1xf32>, tensor<40xf32>) -> tensor<1x40x8x8xf32>
  %y1 = seam.relu %c1 : tensor<1x40x8x8xf32>
  %c2 = seam.conv %x2, %w2, %b2 : (tensor<1x48x10x10xf32>, tensor<32x48x1x1xf32>, tensor<32xf32>) -> tensor<1x32x10x10xf32>
  %y2 = seam.hard_swish %c2 : tensor<1x32x10x10xf32>
  %r3 = seam.conv %x3, %w3, %wb3 : (tensor<1x16x28x28xf32>, tensor<24x16x1x1xf32>, tensor<24xf32>) -> tensor<1x24x28x28xf32>
  %p3 = seam.conv %r3, %v3, %vb3 : (tensor<1x24x28x28xf32>, tensor<144x24x1x1xf32>, tensor<144xf32>) -> tensor<1x144x28x28xf32>
  %e3 = seam.relu %p3 : tensor<1x144x28x28xf32>
  %q3 = seam.conv %e3, %u3, %ub3 : (tensor<1x144x28x28xf32>, tensor<24x144x1x1xf32>, tensor<24xf32>) -> tensor<1x24x28x28xf32>
  %s3 = seam.add %q3, %r3 : (tensor<1x24x28x28xf32>, tensor<1x24x28x28xf32>) -> tensor<1x24x28x28xf32>
  %y3 = seam.conv %s3, %z3, %zb3 : (tensor<1x24x28x28xf32>, tensor<24x24x1x1xf32>, tensor<24xf32>) -> tensor<1x24x28x28xf32>
  return %y0, %y1, %y2, %y3 : tensor<1x96x14x14xf32>, tensor<1x40x8x8xf32>, tensor<1x32x10x10xf32>, tensor<1x24x28x28xf32>
}
