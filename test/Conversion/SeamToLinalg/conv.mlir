// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func @conv2d_plain
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>)
// CHECK-NOT: tensor.pad
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<1x4x6x6xf32>)
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%[[INIT]] : tensor<1x4x6x6xf32>)
// CHECK: return %[[C]]
func.func @conv2d_plain(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %y = seam.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

// Zero padding, then the conv accumulates into the broadcast bias.
// CHECK-LABEL: func @conv2d_bias_pads_strides
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x4x4x4xf32>
// CHECK: %[[BB:.*]] = linalg.broadcast ins(%[[B]] : tensor<4xf32>) outs(%[[E]] : tensor<1x4x4x4xf32>) dimensions = [0, 2, 3]
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%[[BB]] : tensor<1x4x4x4xf32>)
// CHECK: return %[[C]]
func.func @conv2d_bias_pads_strides(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %y = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}
