// A small classifier for the seam-run tests: conv + bias + relu, global
// average pooling, flatten, gemm + bias, softmax.
func.func @main(%x: tensor<1x3x8x8xf32> {seam.name = "image"})
    -> (tensor<1x2xf32> {seam.name = "probabilities"}) {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.0, 0.5, -0.1], [0.2, 0.1, -0.3]],
                               [[-0.1, 0.2, 0.0], [0.3, -0.4, 0.1], [0.0, 0.2, 0.1]],
                               [[0.2, 0.0, -0.2], [0.1, 0.1, 0.1], [-0.3, 0.0, 0.4]]],
                              [[[0.3, 0.1, 0.0], [-0.2, 0.2, 0.1], [0.1, -0.1, 0.2]],
                               [[0.0, -0.3, 0.1], [0.2, 0.0, 0.3], [0.1, 0.1, -0.2]],
                               [[-0.1, 0.1, 0.2], [0.0, 0.3, -0.1], [0.2, 0.0, 0.1]]],
                              [[[0.2, 0.2, -0.1], [0.1, 0.0, 0.3], [-0.2, 0.1, 0.0]],
                               [[0.1, -0.1, 0.1], [0.0, 0.2, 0.2], [0.3, -0.2, 0.1]],
                               [[0.0, 0.1, 0.3], [-0.1, 0.2, 0.0], [0.1, 0.1, -0.1]]],
                              [[[-0.3, 0.0, 0.1], [0.2, 0.1, 0.0], [0.1, 0.3, -0.2]],
                               [[0.2, 0.1, 0.0], [0.0, -0.1, 0.2], [0.1, 0.0, 0.3]],
                               [[0.1, -0.2, 0.2], [0.3, 0.0, 0.1], [0.0, 0.2, -0.1]]]]>
      : tensor<4x3x3x3xf32>
  %b = arith.constant dense<[0.1, -0.1, 0.05, 0.0]> : tensor<4xf32>
  %fc = arith.constant dense<[[0.5, -0.5, 0.25, 1.0], [-0.25, 0.75, 0.5, -1.0]]> : tensor<2x4xf32>
  %fcb = arith.constant dense<[0.1, -0.1]> : tensor<2xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>}
      : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %c : tensor<1x4x8x8xf32>
  %g = seam.global_avg_pool %r : (tensor<1x4x8x8xf32>) -> tensor<1x4x1x1xf32>
  %f = seam.flatten %g : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
  %l = seam.gemm %f, %fc, %fcb {trans_b = true}
      : (tensor<1x4xf32>, tensor<2x4xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %p = seam.softmax %l {axis = 1 : i64} : tensor<1x2xf32>
  return %p : tensor<1x2xf32>
}
