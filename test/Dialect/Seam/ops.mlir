// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s

// Round trip of every seam op. Each declared result type is worked out by hand
// from the ONNX operator specification in the comment above the op; the
// verifier checks it against the inferred type, so a wrong shape rule fails
// the parse. Attributes at their default value must be elided on printing.

//===----------------------------------------------------------------------===//
// seam.conv
//===----------------------------------------------------------------------===//

// 1-D, no attributes: (10 - 3) / 1 + 1 = 8.
// CHECK-LABEL: func @conv_1d(
// CHECK-SAME: %[[X:.*]]: tensor<1x3x10xf32>, %[[W:.*]]: tensor<4x3x3xf32>)
// CHECK: seam.conv %[[X]], %[[W]] : (tensor<1x3x10xf32>, tensor<4x3x3xf32>) -> tensor<1x4x8xf32>
func.func @conv_1d(%x: tensor<1x3x10xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x8xf32> {
  %0 = seam.conv %x, %w : (tensor<1x3x10xf32>, tensor<4x3x3xf32>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

// -----

// 2-D with bias, pads and strides: (8 + 1 + 1 - 3) / 2 + 1 = 4.
// CHECK-LABEL: func @conv_2d_bias_pads_strides(
// CHECK-SAME: %[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: seam.conv %[[X]], %[[W]], %[[B]] {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
func.func @conv_2d_bias_pads_strides(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// Asymmetric pads [h_begin 0, w_begin 1, h_end 2, w_end 3], per-dim strides
// and dilations:
//   H: extent (3 - 1) * 2 + 1 = 5, (10 + 0 + 2 - 5) / 1 + 1 = 8
//   W: extent 3,                   (10 + 1 + 3 - 3) / 2 + 1 = 6
// CHECK-LABEL: func @conv_2d_asymmetric_pads_dilations(
// CHECK: seam.conv %{{.*}}, %{{.*}} {dilations = array<i64: 2, 1>, pads = array<i64: 0, 1, 2, 3>, strides = array<i64: 1, 2>} : (tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x6xf32>
func.func @conv_2d_asymmetric_pads_dilations(%x: tensor<1x3x10x10xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x8x6xf32> {
  %0 = seam.conv %x, %w {strides = array<i64: 1, 2>, pads = array<i64: 0, 1, 2, 3>, dilations = array<i64: 2, 1>} : (tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x6xf32>
  return %0 : tensor<1x8x8x6xf32>
}

// -----

// 3-D with bias: D (6 - 2) / 1 + 1 = 5, H (7 - 3) / 2 + 1 = 3,
// W (8 - 3) / 3 + 1 = 2.
// CHECK-LABEL: func @conv_3d(
// CHECK: seam.conv %{{.*}}, %{{.*}}, %{{.*}} {strides = array<i64: 1, 2, 3>} : (tensor<2x4x6x7x8xf32>, tensor<6x4x2x3x3xf32>, tensor<6xf32>) -> tensor<2x6x5x3x2xf32>
func.func @conv_3d(%x: tensor<2x4x6x7x8xf32>, %w: tensor<6x4x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<2x6x5x3x2xf32> {
  %0 = seam.conv %x, %w, %b {strides = array<i64: 1, 2, 3>} : (tensor<2x4x6x7x8xf32>, tensor<6x4x2x3x3xf32>, tensor<6xf32>) -> tensor<2x6x5x3x2xf32>
  return %0 : tensor<2x6x5x3x2xf32>
}

// -----

// Grouped: 8 input channels in 2 groups, so the weight has 8 / 2 = 4 input
// channels; 16 output channels. Spatial (5 - 3) + 1 = 3.
// CHECK-LABEL: func @conv_grouped(
// CHECK: seam.conv %{{.*}}, %{{.*}} {group = 2 : i64} : (tensor<1x8x5x5xf32>, tensor<16x4x3x3xf32>) -> tensor<1x16x3x3xf32>
func.func @conv_grouped(%x: tensor<1x8x5x5xf32>, %w: tensor<16x4x3x3xf32>) -> tensor<1x16x3x3xf32> {
  %0 = seam.conv %x, %w {group = 2 : i64} : (tensor<1x8x5x5xf32>, tensor<16x4x3x3xf32>) -> tensor<1x16x3x3xf32>
  return %0 : tensor<1x16x3x3xf32>
}

// -----

// Depthwise: group = channels = 8, one input channel per group; pads 1 keep
// the spatial size (5 + 2 - 3) + 1 = 5.
// CHECK-LABEL: func @conv_depthwise(
// CHECK: seam.conv %{{.*}}, %{{.*}}, %{{.*}} {group = 8 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x5x5xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x5x5xf32>
func.func @conv_depthwise(%x: tensor<1x8x5x5xf32>, %w: tensor<8x1x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x5x5xf32> {
  %0 = seam.conv %x, %w, %b {group = 8 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x5x5xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x5x5xf32>
  return %0 : tensor<1x8x5x5xf32>
}

// -----

// auto_pad same_upper: output ceil(7 / 2) = 4.
// CHECK-LABEL: func @conv_auto_pad_same_upper(
// CHECK: seam.conv %{{.*}}, %{{.*}} {auto_pad = #seam<auto_pad same_upper>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>
func.func @conv_auto_pad_same_upper(%x: tensor<1x3x7x7xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %0 = seam.conv %x, %w {auto_pad = #seam<auto_pad same_upper>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// auto_pad same_lower with an even kernel: output ceil(6 / 1) = 6.
// CHECK-LABEL: func @conv_auto_pad_same_lower(
// CHECK: seam.conv %{{.*}}, %{{.*}} {auto_pad = #seam<auto_pad same_lower>} : (tensor<1x3x6x6xf32>, tensor<4x3x2x2xf32>) -> tensor<1x4x6x6xf32>
func.func @conv_auto_pad_same_lower(%x: tensor<1x3x6x6xf32>, %w: tensor<4x3x2x2xf32>) -> tensor<1x4x6x6xf32> {
  %0 = seam.conv %x, %w {auto_pad = #seam<auto_pad same_lower>} : (tensor<1x3x6x6xf32>, tensor<4x3x2x2xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// auto_pad valid: output ceil((7 - 3 + 1) / 2) = 3.
// CHECK-LABEL: func @conv_auto_pad_valid(
// CHECK: seam.conv %{{.*}}, %{{.*}} {auto_pad = #seam<auto_pad valid>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
func.func @conv_auto_pad_valid(%x: tensor<1x3x7x7xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %0 = seam.conv %x, %w {auto_pad = #seam<auto_pad valid>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

// kernel_shape agreeing with the weight is kept.
// CHECK-LABEL: func @conv_kernel_shape(
// CHECK: seam.conv %{{.*}}, %{{.*}} {kernel_shape = array<i64: 3, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x2xf32>) -> tensor<1x8x6x7xf32>
func.func @conv_kernel_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x2xf32>) -> tensor<1x8x6x7xf32> {
  %0 = seam.conv %x, %w {kernel_shape = array<i64: 3, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x2xf32>) -> tensor<1x8x6x7xf32>
  return %0 : tensor<1x8x6x7xf32>
}

// -----

// group = 1 and auto_pad = notset are the defaults and are not printed.
// CHECK-LABEL: func @conv_defaults_elided(
// CHECK: seam.conv %{{.*}}, %{{.*}} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
func.func @conv_defaults_elided(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %0 = seam.conv %x, %w {group = 1 : i64, auto_pad = #seam<auto_pad notset>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.gemm
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @gemm(
// CHECK-SAME: %[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<3x5xf32>)
// CHECK: seam.gemm %[[A]], %[[B]] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
func.func @gemm(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// A C of shape [N] broadcasts along the rows of the M x N result.
// CHECK-LABEL: func @gemm_bias_vector(
// CHECK-SAME: %[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<3x5xf32>, %[[C:.*]]: tensor<5xf32>)
// CHECK: seam.gemm %[[A]], %[[B]], %[[C]] : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
func.func @gemm_bias_vector(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %c: tensor<5xf32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b, %c : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// trans_a: A' = A^T is 4 x 3.
// CHECK-LABEL: func @gemm_trans_a(
// CHECK: seam.gemm %{{.*}}, %{{.*}} {trans_a = true} : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
func.func @gemm_trans_a(%a: tensor<3x4xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b {trans_a = true} : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// trans_b: B' = B^T is 3 x 5; C of shape M x 1 broadcasts along the columns.
// CHECK-LABEL: func @gemm_trans_b_column_bias(
// CHECK: seam.gemm %{{.*}}, %{{.*}}, %{{.*}} {trans_b = true} : (tensor<4x3xf32>, tensor<5x3xf32>, tensor<4x1xf32>) -> tensor<4x5xf32>
func.func @gemm_trans_b_column_bias(%a: tensor<4x3xf32>, %b: tensor<5x3xf32>, %c: tensor<4x1xf32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b, %c {trans_b = true} : (tensor<4x3xf32>, tensor<5x3xf32>, tensor<4x1xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Both transposed, alpha and beta, full M x N C.
// CHECK-LABEL: func @gemm_all_attributes(
// CHECK: seam.gemm %{{.*}}, %{{.*}}, %{{.*}} {alpha = 5.000000e-01 : f32, beta = 2.000000e+00 : f32, trans_a = true, trans_b = true} : (tensor<3x4xf32>, tensor<5x3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
func.func @gemm_all_attributes(%a: tensor<3x4xf32>, %b: tensor<5x3xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b, %c {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = true, trans_b = true} : (tensor<3x4xf32>, tensor<5x3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// A scalar C broadcasts to everything.
// CHECK-LABEL: func @gemm_scalar_bias(
// CHECK: seam.gemm %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<f32>) -> tensor<4x5xf32>
func.func @gemm_scalar_bias(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %c: tensor<f32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b, %c : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// alpha = beta = 1 and trans_a = trans_b = false are the defaults.
// CHECK-LABEL: func @gemm_defaults_elided(
// CHECK: seam.gemm %{{.*}}, %{{.*}} : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
func.func @gemm_defaults_elided(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = seam.gemm %a, %b {alpha = 1.0 : f32, beta = 1.0 : f32, trans_a = false, trans_b = false} : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.matmul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @matmul_2d(
// CHECK-SAME: %[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4x5xf32>)
// CHECK: seam.matmul %[[A]], %[[B]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
func.func @matmul_2d(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = seam.matmul %a, %b : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Batch dims [2, 1] and [5] broadcast to [2, 5].
// CHECK-LABEL: func @matmul_batched_broadcast(
// CHECK: seam.matmul %{{.*}}, %{{.*}} : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
func.func @matmul_batched_broadcast(%a: tensor<2x1x3x4xf32>, %b: tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32> {
  %0 = seam.matmul %a, %b : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
  return %0 : tensor<2x5x3x6xf32>
}

// -----

// A 1-D lhs is promoted to 1 x K and the 1 removed again.
// CHECK-LABEL: func @matmul_vector_matrix(
// CHECK: seam.matmul %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
func.func @matmul_vector_matrix(%a: tensor<4xf32>, %b: tensor<4x5xf32>) -> tensor<5xf32> {
  %0 = seam.matmul %a, %b : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// A 1-D rhs is promoted to K x 1 and the 1 removed again.
// CHECK-LABEL: func @matmul_matrix_vector(
// CHECK: seam.matmul %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
func.func @matmul_matrix_vector(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  %0 = seam.matmul %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Dot product of two vectors: a scalar.
// CHECK-LABEL: func @matmul_vector_vector(
// CHECK: seam.matmul %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
func.func @matmul_vector_vector(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<f32> {
  %0 = seam.matmul %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// 1-D operands against batched ones: [4] x [2, 4, 5] -> [2, 5] and
// [2, 3, 4] x [4] -> [2, 3].
// CHECK-LABEL: func @matmul_vector_batched(
// CHECK: seam.matmul %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
// CHECK: seam.matmul %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
func.func @matmul_vector_batched(%v: tensor<4xf32>, %b: tensor<2x4x5xf32>, %a: tensor<2x3x4xf32>) -> (tensor<2x5xf32>, tensor<2x3xf32>) {
  %0 = seam.matmul %v, %b : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
  %1 = seam.matmul %a, %v : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.batch_norm
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @batch_norm(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4x4xf32>, %[[S:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK: seam.batch_norm %[[X]], %[[S]], %[[B]], %[[M]], %[[V]] {epsilon = 1.000000e-03 : f32} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
func.func @batch_norm(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4x4xf32> {
  %0 = seam.batch_norm %x, %s, %b, %m, %v {epsilon = 1.0e-3 : f32} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// -----

// A rank-2 (N x C) input; epsilon = 1e-5 is the default.
// CHECK-LABEL: func @batch_norm_2d_default_epsilon(
// CHECK: seam.batch_norm %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
func.func @batch_norm_2d_default_epsilon(%x: tensor<5x3xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<5x3xf32> {
  %0 = seam.batch_norm %x, %s, %b, %m, %v {epsilon = 1.0e-5 : f32} : (tensor<5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @unary(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = seam.relu %[[X]] : tensor<2x3xf32>
// CHECK: %[[S:.*]] = seam.sigmoid %[[R]] : tensor<2x3xf32>
// CHECK: %[[T:.*]] = seam.tanh %[[S]] : tensor<2x3xf32>
// CHECK: %[[E:.*]] = seam.exp %[[T]] : tensor<2x3xf32>
// CHECK: %[[Q:.*]] = seam.sqrt %[[E]] : tensor<2x3xf32>
// CHECK: %[[F:.*]] = seam.erf %[[Q]] : tensor<2x3xf32>
// CHECK: %[[H:.*]] = seam.hard_swish %[[F]] : tensor<2x3xf32>
// CHECK: %[[W:.*]] = seam.silu %[[H]] : tensor<2x3xf32>
// CHECK: return %[[W]]
func.func @unary(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.relu %x : tensor<2x3xf32>
  %1 = seam.sigmoid %0 : tensor<2x3xf32>
  %2 = seam.tanh %1 : tensor<2x3xf32>
  %3 = seam.exp %2 : tensor<2x3xf32>
  %4 = seam.sqrt %3 : tensor<2x3xf32>
  %5 = seam.erf %4 : tensor<2x3xf32>
  %6 = seam.hard_swish %5 : tensor<2x3xf32>
  %7 = seam.silu %6 : tensor<2x3xf32>
  return %7 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @leaky_relu(
// CHECK: seam.leaky_relu %{{.*}} {alpha = 1.000000e-01 : f32} : tensor<4xf32>
func.func @leaky_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.leaky_relu %x {alpha = 0.1 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// alpha = 0.01 is the default.
// CHECK-LABEL: func @leaky_relu_default_alpha(
// CHECK: seam.leaky_relu %{{.*}} : tensor<4xf32>
func.func @leaky_relu_default_alpha(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.leaky_relu %x {alpha = 0.01 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @hard_sigmoid(
// CHECK: seam.hard_sigmoid %{{.*}} {alpha = 2.500000e-01 : f32, beta = 7.500000e-01 : f32} : tensor<4xf32>
func.func @hard_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.hard_sigmoid %x {alpha = 0.25 : f32, beta = 0.75 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// alpha = 0.2 and beta = 0.5 are the defaults.
// CHECK-LABEL: func @hard_sigmoid_defaults_elided(
// CHECK: seam.hard_sigmoid %{{.*}} : tensor<4xf32>
func.func @hard_sigmoid_defaults_elided(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.hard_sigmoid %x {alpha = 0.2 : f32, beta = 0.5 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @clip_min_only(
// CHECK: seam.clip %{{.*}} {min = 0.000000e+00 : f32} : tensor<4xf32>
func.func @clip_min_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x {min = 0.0 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @clip_max_only(
// CHECK: seam.clip %{{.*}} {max = 6.000000e+00 : f32} : tensor<4xf32>
func.func @clip_max_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x {max = 6.0 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @clip_both(
// CHECK: seam.clip %{{.*}} {max = 6.000000e+00 : f32, min = -1.000000e+00 : f32} : tensor<4xf32>
func.func @clip_both(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x {min = -1.0 : f32, max = 6.0 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// min == max is allowed.
// CHECK-LABEL: func @clip_equal_bounds(
// CHECK: seam.clip %{{.*}} {max = 2.000000e+00 : f32, min = 2.000000e+00 : f32} : tensor<4xf32>
func.func @clip_equal_bounds(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x {min = 2.0 : f32, max = 2.0 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// min > max is valid ONNX (every element becomes max).
// CHECK-LABEL: func @clip_min_greater_than_max(
// CHECK: seam.clip %{{.*}} {max = 1.000000e+00 : f32, min = 2.000000e+00 : f32} : tensor<4xf32>
func.func @clip_min_greater_than_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x {min = 2.0 : f32, max = 1.0 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Without bounds.
// CHECK-LABEL: func @clip_no_bounds(
// CHECK: seam.clip %{{.*}} : tensor<4xf32>
func.func @clip_no_bounds(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

// Operands of the same shape.
// CHECK-LABEL: func @binary(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[ADD:.*]] = seam.add %[[A]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[SUB:.*]] = seam.sub %[[ADD]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[MUL:.*]] = seam.mul %[[SUB]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[DIV:.*]] = seam.div %[[MUL]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[POW:.*]] = seam.pow %[[DIV]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[POW]]
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = seam.sub %0, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = seam.mul %1, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = seam.div %2, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = seam.pow %3, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %4 : tensor<2x3xf32>
}

// -----

// NumPy broadcasting: shapes align at the trailing dim, and a missing or
// size-1 dim takes the other operand's size. Each op on either side:
//   [2, 3] and [3] -> [2, 3];  [3] and [2, 3] -> [2, 3];
//   [2, 1, 4] and [3, 1] -> [2, 3, 4];  [3, 1] and [2, 1, 4] -> [2, 3, 4];
//   [1, 3] and [2, 1] -> [2, 3].
// CHECK-LABEL: func @binary_broadcast(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<3xf32>, %[[C:.*]]: tensor<2x1x4xf32>, %[[D:.*]]: tensor<3x1xf32>, %[[R:.*]]: tensor<1x3xf32>, %[[K:.*]]: tensor<2x1xf32>)
// CHECK: seam.add %[[A]], %[[V]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: seam.sub %[[V]], %[[A]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: seam.mul %[[C]], %[[D]] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK: seam.div %[[D]], %[[C]] : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
// CHECK: seam.pow %[[R]], %[[K]] : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
func.func @binary_broadcast(%a: tensor<2x3xf32>, %v: tensor<3xf32>, %c: tensor<2x1x4xf32>, %d: tensor<3x1xf32>, %r: tensor<1x3xf32>, %k: tensor<2x1xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3xf32>) {
  %0 = seam.add %a, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = seam.sub %v, %a : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = seam.mul %c, %d : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %3 = seam.div %d, %c : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %4 = seam.pow %r, %k : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3xf32>
}

// -----

// A rank-0 operand broadcasts to the other operand's shape, on either side;
// two rank-0 operands give a rank-0 result.
// CHECK-LABEL: func @binary_broadcast_scalar(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<f32>)
// CHECK: seam.add %[[S]], %[[A]] : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: seam.sub %[[A]], %[[S]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: seam.mul %[[S]], %[[A]] : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: seam.div %[[A]], %[[S]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: seam.pow %[[S]], %[[S]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
func.func @binary_broadcast_scalar(%a: tensor<2x3xf32>, %s: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) {
  %0 = seam.add %s, %a : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = seam.sub %a, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %2 = seam.mul %s, %a : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = seam.div %a, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %4 = seam.pow %s, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>
}

// -----

// A 0-size dim broadcasts against 1 (and 0) and stays 0: [2, 0] and [1] ->
// [2, 0]; [2, 1] and [0] -> [2, 0].
// CHECK-LABEL: func @binary_broadcast_empty(
// CHECK: seam.add %{{.*}}, %{{.*}} : (tensor<2x0xf32>, tensor<1xf32>) -> tensor<2x0xf32>
// CHECK: seam.mul %{{.*}}, %{{.*}} : (tensor<2x1xf32>, tensor<0xf32>) -> tensor<2x0xf32>
func.func @binary_broadcast_empty(%a: tensor<2x0xf32>, %b: tensor<1xf32>, %c: tensor<2x1xf32>, %d: tensor<0xf32>) -> (tensor<2x0xf32>, tensor<2x0xf32>) {
  %0 = seam.add %a, %b : (tensor<2x0xf32>, tensor<1xf32>) -> tensor<2x0xf32>
  %1 = seam.mul %c, %d : (tensor<2x1xf32>, tensor<0xf32>) -> tensor<2x0xf32>
  return %0, %1 : tensor<2x0xf32>, tensor<2x0xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.max_pool / seam.avg_pool / seam.global_avg_pool
//===----------------------------------------------------------------------===//

// 1-D: (10 - 3) / 2 + 1 = 4.
// CHECK-LABEL: func @max_pool_1d(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x10xf32>)
// CHECK: seam.max_pool %[[X]] {kernel_shape = array<i64: 3>, strides = array<i64: 2>} : (tensor<1x2x10xf32>) -> tensor<1x2x4xf32>
func.func @max_pool_1d(%x: tensor<1x2x10xf32>) -> tensor<1x2x4xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3>, strides = array<i64: 2>} : (tensor<1x2x10xf32>) -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}

// -----

// 2-D with pads: (8 + 1 + 1 - 3) / 2 + 1 = 4.
// CHECK-LABEL: func @max_pool_2d_pads(
// CHECK: seam.max_pool %{{.*}} {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
func.func @max_pool_2d_pads(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// 3-D: (8 - 2) / 2 + 1 = 4 in every spatial dim.
// CHECK-LABEL: func @max_pool_3d(
// CHECK: seam.max_pool %{{.*}} {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : (tensor<1x2x8x8x8xf32>) -> tensor<1x2x4x4x4xf32>
func.func @max_pool_3d(%x: tensor<1x2x8x8x8xf32>) -> tensor<1x2x4x4x4xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : (tensor<1x2x8x8x8xf32>) -> tensor<1x2x4x4x4xf32>
  return %0 : tensor<1x2x4x4x4xf32>
}

// -----

// Dilations: extent (3 - 1) * 2 + 1 = 5, (10 - 5) / 1 + 1 = 6.
// CHECK-LABEL: func @max_pool_dilations(
// CHECK: seam.max_pool %{{.*}} {dilations = array<i64: 2, 2>, kernel_shape = array<i64: 3, 3>} : (tensor<1x1x10x10xf32>) -> tensor<1x1x6x6xf32>
func.func @max_pool_dilations(%x: tensor<1x1x10x10xf32>) -> tensor<1x1x6x6xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 2>} : (tensor<1x1x10x10xf32>) -> tensor<1x1x6x6xf32>
  return %0 : tensor<1x1x6x6xf32>
}

// -----

// Pads must be smaller than the dilated kernel extent (2 - 1) * 2 + 1 = 3,
// not than the kernel: an end pad of 2 is fine. (8 + 2 - 3) / 1 + 1 = 8.
// CHECK-LABEL: func @max_pool_pad_below_dilated_extent(
// CHECK: seam.max_pool %{{.*}} {dilations = array<i64: 2>, kernel_shape = array<i64: 2>, pads = array<i64: 0, 2>} : (tensor<1x3x8xf32>) -> tensor<1x3x8xf32>
func.func @max_pool_pad_below_dilated_extent(%x: tensor<1x3x8xf32>) -> tensor<1x3x8xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 2>, dilations = array<i64: 2>, pads = array<i64: 0, 2>} : (tensor<1x3x8xf32>) -> tensor<1x3x8xf32>
  return %0 : tensor<1x3x8xf32>
}

// -----

// ceil_mode: ceil((4 - 3) / 2) + 1 = 2 where floor gives 1.
// CHECK-LABEL: func @max_pool_ceil_mode(
// CHECK: seam.max_pool %{{.*}} {ceil_mode = true, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
func.func @max_pool_ceil_mode(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// ceil_mode with end padding; a window that would start in the end padding
// is dropped (ONNX, opset 19 and later):
//   H: in 4, pads 0 + 1: ceil((5 - 2) / 2) + 1 = 3, but window 3 starts at
//      2 * 2 - 0 = 4 >= 4, inside the end padding: 2.
//   W: in 5, pads 0 + 1: ceil((6 - 2) / 2) + 1 = 3, window 3 starts at 4 < 5: 3.
// CHECK-LABEL: func @max_pool_ceil_mode_drops_window_in_padding(
// CHECK: seam.max_pool %{{.*}} {ceil_mode = true, kernel_shape = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x4x5xf32>) -> tensor<1x1x2x3xf32>
func.func @max_pool_ceil_mode_drops_window_in_padding(%x: tensor<1x1x4x5xf32>) -> tensor<1x1x2x3xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, ceil_mode = true} : (tensor<1x1x4x5xf32>) -> tensor<1x1x2x3xf32>
  return %0 : tensor<1x1x2x3xf32>
}

// -----

// auto_pad same_upper: ceil(7 / 2) = 4.
// CHECK-LABEL: func @max_pool_auto_pad_same_upper(
// CHECK: seam.max_pool %{{.*}} {auto_pad = #seam<auto_pad same_upper>, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>
func.func @max_pool_auto_pad_same_upper(%x: tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32> {
  %0 = seam.max_pool %x {auto_pad = #seam<auto_pad same_upper>, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// ceil_mode = false and auto_pad = notset are the defaults.
// CHECK-LABEL: func @max_pool_defaults_elided(
// CHECK: seam.max_pool %{{.*}} {kernel_shape = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
func.func @max_pool_defaults_elided(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32> {
  %0 = seam.max_pool %x {kernel_shape = array<i64: 2, 2>, ceil_mode = false, auto_pad = #seam<auto_pad notset>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// 1-D: (9 - 3) / 3 + 1 = 3.
// CHECK-LABEL: func @avg_pool_1d(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x9xf32>)
// CHECK: seam.avg_pool %[[X]] {kernel_shape = array<i64: 3>, strides = array<i64: 3>} : (tensor<2x3x9xf32>) -> tensor<2x3x3xf32>
func.func @avg_pool_1d(%x: tensor<2x3x9xf32>) -> tensor<2x3x3xf32> {
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 3>, strides = array<i64: 3>} : (tensor<2x3x9xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// 2-D with pads and count_include_pad: (6 + 1 + 1 - 3) / 1 + 1 = 6.
// CHECK-LABEL: func @avg_pool_2d_count_include_pad(
// CHECK: seam.avg_pool %{{.*}} {count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
func.func @avg_pool_2d_count_include_pad(%x: tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32> {
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  return %0 : tensor<1x3x6x6xf32>
}

// -----

// 3-D with per-dim strides, pads and dilations:
//   D: extent 2, (4 + 0 + 0 - 2) / 1 + 1 = 3
//   H: extent 3, (6 + 1 + 0 - 3) / 2 + 1 = 3
//   W: extent (2 - 1) * 2 + 1 = 3, (5 + 0 + 1 - 3) / 1 + 1 = 4
// CHECK-LABEL: func @avg_pool_3d(
// CHECK: seam.avg_pool %{{.*}} {dilations = array<i64: 1, 1, 2>, kernel_shape = array<i64: 2, 3, 2>, pads = array<i64: 0, 1, 0, 0, 0, 1>, strides = array<i64: 1, 2, 1>} : (tensor<1x2x4x6x5xf32>) -> tensor<1x2x3x3x4xf32>
func.func @avg_pool_3d(%x: tensor<1x2x4x6x5xf32>) -> tensor<1x2x3x3x4xf32> {
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 2, 3, 2>, strides = array<i64: 1, 2, 1>, pads = array<i64: 0, 1, 0, 0, 0, 1>, dilations = array<i64: 1, 1, 2>} : (tensor<1x2x4x6x5xf32>) -> tensor<1x2x3x3x4xf32>
  return %0 : tensor<1x2x3x3x4xf32>
}

// -----

// ceil_mode: ceil((7 - 2) / 2) + 1 = 4; the last window starts at 6 < 7.
// CHECK-LABEL: func @avg_pool_ceil_mode(
// CHECK: seam.avg_pool %{{.*}} {ceil_mode = true, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>) -> tensor<1x1x4x4xf32>
func.func @avg_pool_ceil_mode(%x: tensor<1x1x7x7xf32>) -> tensor<1x1x4x4xf32> {
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x1x7x7xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// auto_pad same_lower: ceil(5 / 2) = 3.
// CHECK-LABEL: func @avg_pool_auto_pad_same_lower(
// CHECK: seam.avg_pool %{{.*}} {auto_pad = #seam<auto_pad same_lower>, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x5x5xf32>) -> tensor<1x3x3x3xf32>
func.func @avg_pool_auto_pad_same_lower(%x: tensor<1x3x5x5xf32>) -> tensor<1x3x3x3xf32> {
  %0 = seam.avg_pool %x {auto_pad = #seam<auto_pad same_lower>, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x5x5xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

// -----

// auto_pad valid: ceil((7 - 2 + 1) / 2) = 3.
// CHECK-LABEL: func @avg_pool_auto_pad_valid(
// CHECK: seam.avg_pool %{{.*}} {auto_pad = #seam<auto_pad valid>, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>
func.func @avg_pool_auto_pad_valid(%x: tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32> {
  %0 = seam.avg_pool %x {auto_pad = #seam<auto_pad valid>, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

// -----

// count_include_pad = false and ceil_mode = false are the defaults.
// CHECK-LABEL: func @avg_pool_defaults_elided(
// CHECK: seam.avg_pool %{{.*}} {kernel_shape = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
func.func @avg_pool_defaults_elided(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32> {
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 2, 2>, count_include_pad = false, ceil_mode = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// CHECK-LABEL: func @global_avg_pool(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x5x7xf32>, %[[Y:.*]]: tensor<2x3x5xf32>, %[[Z:.*]]: tensor<1x4x2x3x5xf32>)
// CHECK: seam.global_avg_pool %[[X]] : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
// CHECK: seam.global_avg_pool %[[Y]] : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
// CHECK: seam.global_avg_pool %[[Z]] : (tensor<1x4x2x3x5xf32>) -> tensor<1x4x1x1x1xf32>
func.func @global_avg_pool(%x: tensor<2x3x5x7xf32>, %y: tensor<2x3x5xf32>, %z: tensor<1x4x2x3x5xf32>) -> (tensor<2x3x1x1xf32>, tensor<2x3x1xf32>, tensor<1x4x1x1x1xf32>) {
  %0 = seam.global_avg_pool %x : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
  %1 = seam.global_avg_pool %y : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
  %2 = seam.global_avg_pool %z : (tensor<1x4x2x3x5xf32>) -> tensor<1x4x1x1x1xf32>
  return %0, %1, %2 : tensor<2x3x1x1xf32>, tensor<2x3x1xf32>, tensor<1x4x1x1x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.softmax
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @softmax_axis(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: seam.softmax %[[X]] {axis = 1 : i64} : tensor<2x3x4xf32>
func.func @softmax_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = seam.softmax %x {axis = 1 : i64} : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// axis = -1 is the default.
// CHECK-LABEL: func @softmax_default_axis(
// CHECK: seam.softmax %{{.*}} : tensor<2x3x4xf32>
func.func @softmax_default_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = seam.softmax %x {axis = -1 : i64} : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.reduce_mean / seam.reduce_sum
//===----------------------------------------------------------------------===//

// keepdims (the default) keeps the reduced axis as 1.
// CHECK-LABEL: func @reduce_mean_axes(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: seam.reduce_mean %[[X]] {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
func.func @reduce_mean_axes(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = seam.reduce_mean %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// Negative and unsorted axes, keepdims = false: axes {2, 0} of [2, 3, 4]
// removed leave [3].
// CHECK-LABEL: func @reduce_mean_no_keepdims(
// CHECK: seam.reduce_mean %{{.*}} {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
func.func @reduce_mean_no_keepdims(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = seam.reduce_mean %x {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Without axes every axis is reduced.
// CHECK-LABEL: func @reduce_mean_all(
// CHECK: seam.reduce_mean %{{.*}} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
func.func @reduce_mean_all(%x: tensor<2x3x4xf32>) -> tensor<1x1x1xf32> {
  %0 = seam.reduce_mean %x : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// -----

// Every axis, keepdims = false: a scalar.
// CHECK-LABEL: func @reduce_sum_all_no_keepdims(
// CHECK: seam.reduce_sum %{{.*}} {keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
func.func @reduce_sum_all_no_keepdims(%x: tensor<2x3x4xf32>) -> tensor<f32> {
  %0 = seam.reduce_sum %x {keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func @reduce_sum_axes(
// CHECK: seam.reduce_sum %{{.*}} {axes = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
func.func @reduce_sum_axes(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %0 = seam.reduce_sum %x {axes = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}

// -----

// An empty axes list reduces every axis, as ONNX does with the default
// noop_with_empty_axes = 0; the empty list is kept on printing.
// CHECK-LABEL: func @reduce_empty_axes(
// CHECK: seam.reduce_mean %{{.*}} {axes = array<i64>} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK: seam.reduce_sum %{{.*}} {axes = array<i64>} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK: seam.reduce_sum %{{.*}} {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
func.func @reduce_empty_axes(%x: tensor<2x3x4xf32>) -> (tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<f32>) {
  %0 = seam.reduce_mean %x {axes = array<i64>} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %1 = seam.reduce_sum %x {axes = array<i64>} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %2 = seam.reduce_sum %x {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<f32>
}

// -----

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @concat(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x5xf32>, %[[C:.*]]: tensor<2x1xf32>)
// CHECK: seam.concat %[[A]], %[[B]], %[[C]] {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x9xf32>
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>, %c: tensor<2x1xf32>) -> tensor<2x9xf32> {
  %0 = seam.concat %a, %b, %c {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}

// -----

// A negative axis: -2 of rank 2 is 0.
// CHECK-LABEL: func @concat_negative_axis(
// CHECK: seam.concat %{{.*}}, %{{.*}} {axis = -2 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
func.func @concat_negative_axis(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = seam.concat %a, %b {axis = -2 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

// CHECK-LABEL: func @concat_single(
// CHECK: seam.concat %{{.*}} {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @concat_single(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.concat %a {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @reshape(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<1x1xf32>)
// CHECK: seam.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK: seam.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK: seam.reshape %[[S]] : (tensor<1x1xf32>) -> tensor<f32>
func.func @reshape(%x: tensor<2x3x4xf32>, %s: tensor<1x1xf32>) -> (tensor<6x4xf32>, tensor<24xf32>, tensor<f32>) {
  %0 = seam.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = seam.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %2 = seam.reshape %s : (tensor<1x1xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<6x4xf32>, tensor<24xf32>, tensor<f32>
}

// -----

// axis 0: (1, 2 * 3 * 4 * 5).
// CHECK-LABEL: func @flatten_axis_0(
// CHECK: seam.flatten %{{.*}} {axis = 0 : i64} : (tensor<2x3x4x5xf32>) -> tensor<1x120xf32>
func.func @flatten_axis_0(%x: tensor<2x3x4x5xf32>) -> tensor<1x120xf32> {
  %0 = seam.flatten %x {axis = 0 : i64} : (tensor<2x3x4x5xf32>) -> tensor<1x120xf32>
  return %0 : tensor<1x120xf32>
}

// -----

// axis 1 is the default: (2, 3 * 4 * 5).
// CHECK-LABEL: func @flatten_default_axis(
// CHECK: seam.flatten %{{.*}} : (tensor<2x3x4x5xf32>) -> tensor<2x60xf32>
func.func @flatten_default_axis(%x: tensor<2x3x4x5xf32>) -> tensor<2x60xf32> {
  %0 = seam.flatten %x {axis = 1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2x60xf32>
  return %0 : tensor<2x60xf32>
}

// -----

// axis = rank: (2 * 3 * 4 * 5, 1).
// CHECK-LABEL: func @flatten_axis_rank(
// CHECK: seam.flatten %{{.*}} {axis = 4 : i64} : (tensor<2x3x4x5xf32>) -> tensor<120x1xf32>
func.func @flatten_axis_rank(%x: tensor<2x3x4x5xf32>) -> tensor<120x1xf32> {
  %0 = seam.flatten %x {axis = 4 : i64} : (tensor<2x3x4x5xf32>) -> tensor<120x1xf32>
  return %0 : tensor<120x1xf32>
}

// -----

// A negative axis counts from the end, axis + rank (ONNX, range [-4, 4] for
// rank 4): -1 is 3: (2 * 3 * 4, 5); -2 is 2: (2 * 3, 4 * 5); -4 is 0:
// (1, 2 * 3 * 4 * 5).
// CHECK-LABEL: func @flatten_negative_axis(
// CHECK: seam.flatten %{{.*}} {axis = -1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<24x5xf32>
// CHECK: seam.flatten %{{.*}} {axis = -2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x20xf32>
// CHECK: seam.flatten %{{.*}} {axis = -4 : i64} : (tensor<2x3x4x5xf32>) -> tensor<1x120xf32>
func.func @flatten_negative_axis(%x: tensor<2x3x4x5xf32>) -> (tensor<24x5xf32>, tensor<6x20xf32>, tensor<1x120xf32>) {
  %0 = seam.flatten %x {axis = -1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<24x5xf32>
  %1 = seam.flatten %x {axis = -2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x20xf32>
  %2 = seam.flatten %x {axis = -4 : i64} : (tensor<2x3x4x5xf32>) -> tensor<1x120xf32>
  return %0, %1, %2 : tensor<24x5xf32>, tensor<6x20xf32>, tensor<1x120xf32>
}

// -----

// CHECK-LABEL: func @transpose(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: seam.transpose %[[X]] {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = seam.transpose %x {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// Constant padding with a value: [2 + 1 + 3, 3 + 2 + 4].
// CHECK-LABEL: func @pad_constant_value(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK: seam.pad %[[X]] {pads = array<i64: 1, 2, 3, 4>, value = 1.500000e+00 : f32} : (tensor<2x3xf32>) -> tensor<6x9xf32>
func.func @pad_constant_value(%x: tensor<2x3xf32>) -> tensor<6x9xf32> {
  %0 = seam.pad %x {pads = array<i64: 1, 2, 3, 4>, value = 1.5 : f32} : (tensor<2x3xf32>) -> tensor<6x9xf32>
  return %0 : tensor<6x9xf32>
}

// -----

// mode = constant and value = 0 are the defaults.
// CHECK-LABEL: func @pad_defaults_elided(
// CHECK: seam.pad %{{.*}} {pads = array<i64: 1, 0, 0, 1>} : (tensor<2x3xf32>) -> tensor<3x4xf32>
func.func @pad_defaults_elided(%x: tensor<2x3xf32>) -> tensor<3x4xf32> {
  %0 = seam.pad %x {pads = array<i64: 1, 0, 0, 1>, mode = #seam<pad_mode constant>, value = 0.0 : f32} : (tensor<2x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Reflect: pads are smaller than the dims (3 and 4): [3 + 1 + 1, 4 + 2 + 3].
// CHECK-LABEL: func @pad_reflect(
// CHECK: seam.pad %{{.*}} {mode = #seam<pad_mode reflect>, pads = array<i64: 1, 2, 1, 3>} : (tensor<3x4xf32>) -> tensor<5x9xf32>
func.func @pad_reflect(%x: tensor<3x4xf32>) -> tensor<5x9xf32> {
  %0 = seam.pad %x {mode = #seam<pad_mode reflect>, pads = array<i64: 1, 2, 1, 3>} : (tensor<3x4xf32>) -> tensor<5x9xf32>
  return %0 : tensor<5x9xf32>
}

// -----

// Reflect (and edge) padding only needs data on the dims that are padded:
// dim 0 is empty but has zero pads, dim 1 (size 3) is padded by 1 on each
// side: [0, 3 + 1 + 1].
// CHECK-LABEL: func @pad_reflect_empty_dim(
// CHECK: seam.pad %{{.*}} {mode = #seam<pad_mode reflect>, pads = array<i64: 0, 1, 0, 1>} : (tensor<0x3xf32>) -> tensor<0x5xf32>
// CHECK: seam.pad %{{.*}} {mode = #seam<pad_mode edge>, pads = array<i64: 0, 1, 0, 1>} : (tensor<0x3xf32>) -> tensor<0x5xf32>
func.func @pad_reflect_empty_dim(%x: tensor<0x3xf32>) -> (tensor<0x5xf32>, tensor<0x5xf32>) {
  %0 = seam.pad %x {mode = #seam<pad_mode reflect>, pads = array<i64: 0, 1, 0, 1>} : (tensor<0x3xf32>) -> tensor<0x5xf32>
  %1 = seam.pad %x {mode = #seam<pad_mode edge>, pads = array<i64: 0, 1, 0, 1>} : (tensor<0x3xf32>) -> tensor<0x5xf32>
  return %0, %1 : tensor<0x5xf32>, tensor<0x5xf32>
}

// -----

// Edge: pads may exceed the dims: [2 + 2 + 0, 3 + 0 + 5].
// CHECK-LABEL: func @pad_edge(
// CHECK: seam.pad %{{.*}} {mode = #seam<pad_mode edge>, pads = array<i64: 2, 0, 0, 5>} : (tensor<2x3xf32>) -> tensor<4x8xf32>
func.func @pad_edge(%x: tensor<2x3xf32>) -> tensor<4x8xf32> {
  %0 = seam.pad %x {mode = #seam<pad_mode edge>, pads = array<i64: 2, 0, 0, 5>} : (tensor<2x3xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Negative pads crop: [5 - 1 - 2, 6 + 2 - 3].
// CHECK-LABEL: func @pad_negative(
// CHECK: seam.pad %{{.*}} {pads = array<i64: -1, 2, -2, -3>} : (tensor<5x6xf32>) -> tensor<2x5xf32>
func.func @pad_negative(%x: tensor<5x6xf32>) -> tensor<2x5xf32> {
  %0 = seam.pad %x {pads = array<i64: -1, 2, -2, -3>} : (tensor<5x6xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func @slice(
// CHECK-SAME: %[[X:.*]]: tensor<10x8xf32>)
// CHECK: seam.slice %[[X]] {ends = array<i64: 5, 8>, starts = array<i64: 1, 2>} : (tensor<10x8xf32>) -> tensor<4x6xf32>
func.func @slice(%x: tensor<10x8xf32>) -> tensor<4x6xf32> {
  %0 = seam.slice %x {starts = array<i64: 1, 2>, ends = array<i64: 5, 8>} : (tensor<10x8xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// Negative starts and ends count from the end: [-3, -1) of 10 is [7, 9).
// CHECK-LABEL: func @slice_negative_bounds(
// CHECK: seam.slice %{{.*}} {ends = array<i64: -1>, starts = array<i64: -3>} : (tensor<10xf32>) -> tensor<2xf32>
func.func @slice_negative_bounds(%x: tensor<10xf32>) -> tensor<2xf32> {
  %0 = seam.slice %x {starts = array<i64: -3>, ends = array<i64: -1>} : (tensor<10xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Out-of-range bounds clamp: [2, INT64_MAX) of 10 is [2, 10); [5, 2) is empty.
// CHECK-LABEL: func @slice_clamped(
// CHECK: seam.slice %{{.*}} {ends = array<i64: 9223372036854775807, 2>, starts = array<i64: 2, 5>} : (tensor<10x7xf32>) -> tensor<8x0xf32>
func.func @slice_clamped(%x: tensor<10x7xf32>) -> tensor<8x0xf32> {
  %0 = seam.slice %x {starts = array<i64: 2, 5>, ends = array<i64: 9223372036854775807, 2>} : (tensor<10x7xf32>) -> tensor<8x0xf32>
  return %0 : tensor<8x0xf32>
}

// -----

// Steps: ceil((10 - 0) / 3) = 4 (0, 3, 6, 9); ceil((8 - 1) / 2) = 4 (1, 3, 5, 7).
// CHECK-LABEL: func @slice_steps(
// CHECK: seam.slice %{{.*}} {ends = array<i64: 10, 8>, starts = array<i64: 0, 1>, steps = array<i64: 3, 2>} : (tensor<10x8xf32>) -> tensor<4x4xf32>
func.func @slice_steps(%x: tensor<10x8xf32>) -> tensor<4x4xf32> {
  %0 = seam.slice %x {starts = array<i64: 0, 1>, ends = array<i64: 10, 8>, steps = array<i64: 3, 2>} : (tensor<10x8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Negative steps:
//   dim 0: start -1 -> 9, end -1000 clamps to -1, step -1: 9 down to 0, 10.
//   dim 1: start 8 clamps to 6, end 1, step -3: 6, 3, so ceil((6 - 1) / 3) = 2.
// CHECK-LABEL: func @slice_negative_steps(
// CHECK: seam.slice %{{.*}} {ends = array<i64: -1000, 1>, starts = array<i64: -1, 8>, steps = array<i64: -1, -3>} : (tensor<10x7xf32>) -> tensor<10x2xf32>
func.func @slice_negative_steps(%x: tensor<10x7xf32>) -> tensor<10x2xf32> {
  %0 = seam.slice %x {starts = array<i64: -1, 8>, ends = array<i64: -1000, 1>, steps = array<i64: -1, -3>} : (tensor<10x7xf32>) -> tensor<10x2xf32>
  return %0 : tensor<10x2xf32>
}

// -----

// A step of INT64_MIN (whose negation overflows int64) from 3 down to 0
// takes one element; so does INT64_MAX from 0.
// CHECK-LABEL: func @slice_extreme_steps(
// CHECK: seam.slice %{{.*}} {ends = array<i64: 0, 5>, starts = array<i64: 3, 0>, steps = array<i64: -9223372036854775808, 9223372036854775807>} : (tensor<4x5xf32>) -> tensor<1x1xf32>
func.func @slice_extreme_steps(%x: tensor<4x5xf32>) -> tensor<1x1xf32> {
  %0 = seam.slice %x {starts = array<i64: 3, 0>, ends = array<i64: 0, 5>, steps = array<i64: -9223372036854775808, 9223372036854775807>} : (tensor<4x5xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// axes (negative, unsorted): axis -1 = 2 takes [0, 4) of 6, axis 0 takes
// [2, 100) of 4, clamped to [2, 4); axis 1 is untouched.
// CHECK-LABEL: func @slice_axes(
// CHECK: seam.slice %{{.*}} {axes = array<i64: -1, 0>, ends = array<i64: 4, 100>, starts = array<i64: 0, 2>} : (tensor<4x5x6xf32>) -> tensor<2x5x4xf32>
func.func @slice_axes(%x: tensor<4x5x6xf32>) -> tensor<2x5x4xf32> {
  %0 = seam.slice %x {starts = array<i64: 0, 2>, ends = array<i64: 4, 100>, axes = array<i64: -1, 0>} : (tensor<4x5x6xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// seam.composite / seam.yield
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @composite_two_results(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]]:2 = seam.composite "dnnl.add_relu"(%[[X]], %[[Y]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK: ^bb0(%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>):
// CHECK:   %[[S:.*]] = seam.add %[[A]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:   %[[T:.*]] = seam.relu %[[S]] : tensor<2x3xf32>
// CHECK:   seam.yield %[[S]], %[[T]] : tensor<2x3xf32>, tensor<2x3xf32>
// CHECK: }
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @composite_two_results(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %r:2 = seam.composite "dnnl.add_relu" (%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>):
    %0 = seam.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = seam.relu %0 : tensor<2x3xf32>
    seam.yield %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A composite without inputs or results; its yield has no operands. The
// name's pattern part may itself contain dots.
// CHECK-LABEL: func @composite_empty(
// CHECK: seam.composite "xnn.a.b"() : () -> () {
// CHECK-NEXT: seam.yield{{$}}
// CHECK-NEXT: }
func.func @composite_empty() {
  seam.composite "xnn.a.b" () : () -> () {
    seam.yield
  }
  return
}
