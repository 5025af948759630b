// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s

// Round trip of seam.conv_transpose, seam.lp_pool and seam.lrn, with the
// result types their verifiers infer.

// Output size s * (in - 1) + output_padding + (k - 1) * d + 1 - pads:
// 2 * 2 + 1 + 2 * 1 + 1 - 1 - 0 = 7 and 3 * 3 + 0 + 1 * 2 + 1 - 0 - 1 = 11.
// CHECK-LABEL: func @conv_transpose_2d(
// CHECK: seam.conv_transpose %{{.*}}, %{{.*}}, %{{.*}} {dilations = array<i64: 1, 2>, output_padding = array<i64: 1, 0>, pads = array<i64: 1, 0, 0, 1>, strides = array<i64: 2, 3>} : (tensor<1x2x3x4xf32>, tensor<2x3x3x2xf32>, tensor<3xf32>) -> tensor<1x3x7x11xf32>
func.func @conv_transpose_2d(%x: tensor<1x2x3x4xf32>, %w: tensor<2x3x3x2xf32>, %b: tensor<3xf32>) -> tensor<1x3x7x11xf32> {
  %y = seam.conv_transpose %x, %w, %b {strides = array<i64: 2, 3>, pads = array<i64: 1, 0, 0, 1>, output_padding = array<i64: 1, 0>, dilations = array<i64: 1, 2>} : (tensor<1x2x3x4xf32>, tensor<2x3x3x2xf32>, tensor<3xf32>) -> tensor<1x3x7x11xf32>
  return %y : tensor<1x3x7x11xf32>
}

// -----

// Groups: C x M/group weight, M = 2 * 3 output channels. A negative pad
// adds output positions: 1 * (3 - 1) + 2 + 1 = 6.
// CHECK-LABEL: func @conv_transpose_1d_grouped_negative_pad(
// CHECK: seam.conv_transpose %{{.*}}, %{{.*}} {group = 2 : i64, pads = array<i64: 0, -1>} : (tensor<1x4x3xf32>, tensor<4x3x2xf32>) -> tensor<1x6x5xf32>
func.func @conv_transpose_1d_grouped_negative_pad(%x: tensor<1x4x3xf32>, %w: tensor<4x3x2xf32>) -> tensor<1x6x5xf32> {
  %y = seam.conv_transpose %x, %w {group = 2 : i64, pads = array<i64: 0, -1>} : (tensor<1x4x3xf32>, tensor<4x3x2xf32>) -> tensor<1x6x5xf32>
  return %y : tensor<1x6x5xf32>
}

// -----

// CHECK-LABEL: func @conv_transpose_3d(
// CHECK: seam.conv_transpose %{{.*}}, %{{.*}} {kernel_shape = array<i64: 2, 2, 2>} : (tensor<1x1x2x2x2xf32>, tensor<1x2x2x2x2xf32>) -> tensor<1x2x3x3x3xf32>
func.func @conv_transpose_3d(%x: tensor<1x1x2x2x2xf32>, %w: tensor<1x2x2x2x2xf32>) -> tensor<1x2x3x3x3xf32> {
  %y = seam.conv_transpose %x, %w {kernel_shape = array<i64: 2, 2, 2>} : (tensor<1x1x2x2x2xf32>, tensor<1x2x2x2x2xf32>) -> tensor<1x2x3x3x3xf32>
  return %y : tensor<1x2x3x3x3xf32>
}

// -----

// CHECK-LABEL: func @lp_pool(
// CHECK: seam.lp_pool %{{.*}} {kernel_shape = array<i64: 3, 3>, p = 3 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
// CHECK: seam.lp_pool %{{.*}} {ceil_mode = true, dilations = array<i64: 2>, kernel_shape = array<i64: 2>, strides = array<i64: 2>} : (tensor<1x2x6xf32>) -> tensor<1x2x3xf32>
func.func @lp_pool(%x: tensor<1x2x6x6xf32>, %v: tensor<1x2x6xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3xf32>) {
  %y = seam.lp_pool %x {kernel_shape = array<i64: 3, 3>, p = 3 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
  %z = seam.lp_pool %v {ceil_mode = true, dilations = array<i64: 2>, kernel_shape = array<i64: 2>, strides = array<i64: 2>} : (tensor<1x2x6xf32>) -> tensor<1x2x3xf32>
  return %y, %z : tensor<1x2x3x3xf32>, tensor<1x2x3xf32>
}

// -----

// A one-element lp_pool window is |x|, not x: it does not fold away.
// CHECK-LABEL: func @lp_pool_unit_window(
// CHECK: %[[Y:.*]] = seam.lp_pool
// CHECK: return %[[Y]]
func.func @lp_pool_unit_window(%x: tensor<1x2x4xf32>) -> tensor<1x2x4xf32> {
  %y = seam.lp_pool %x {kernel_shape = array<i64: 1>} : (tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  return %y : tensor<1x2x4xf32>
}

// -----

// CHECK-LABEL: func @lrn(
// CHECK: seam.lrn %{{.*}} {size = 3 : i64} : tensor<1x5x2x2xf32>
// CHECK: seam.lrn %{{.*}} {alpha = 5.000000e-01 : f32, beta = 1.000000e+00 : f32, bias = 2.000000e+00 : f32, size = 4 : i64} : tensor<2x3xf32>
func.func @lrn(%x: tensor<1x5x2x2xf32>, %v: tensor<2x3xf32>) -> (tensor<1x5x2x2xf32>, tensor<2x3xf32>) {
  %y = seam.lrn %x {size = 3 : i64} : tensor<1x5x2x2xf32>
  %z = seam.lrn %v {alpha = 0.5 : f32, beta = 1.0 : f32, bias = 2.0 : f32, size = 4 : i64} : tensor<2x3xf32>
  return %y, %z : tensor<1x5x2x2xf32>, tensor<2x3xf32>
}
