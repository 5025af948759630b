// RUN: seam-opt %s -split-input-file -verify-diagnostics

// One case per verifier diagnostic of the seam ops. Errors found by result
// type inference are followed by the generic "failed to infer returned types"
// of InferTypeOpInterface's verifier.

//===----------------------------------------------------------------------===//
// ODS constraints
//===----------------------------------------------------------------------===//

func.func @dynamic_shape(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 64-bit unsigned integer or 32-bit unsigned integer or 16-bit unsigned integer or 8-bit unsigned integer values, but got 'tensor<?x3xf32>'}}
  %0 = seam.relu %x : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @unranked(%x: tensor<*xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 64-bit unsigned integer or 32-bit unsigned integer or 16-bit unsigned integer or 8-bit unsigned integer values, but got 'tensor<*xf32>'}}
  %0 = seam.add %x, %y : (tensor<*xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @not_f32(%x: tensor<2x3xf16>) -> tensor<2x3xf16> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float values, but got 'tensor<2x3xf16>'}}
  %0 = seam.softmax %x : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @dynamic_result(%x: tensor<2x3xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{result #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 64-bit unsigned integer or 32-bit unsigned integer or 16-bit unsigned integer or 8-bit unsigned integer or 1-bit signless integer values, but got 'tensor<?xf32>'}}
  %0 = seam.reshape %x : (tensor<2x3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @same_operand_and_result_type(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'seam.softmax' op requires the same type for all operands and results}}
  %0 = "seam.softmax"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @inferred_type_mismatch(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+2 {{'seam.conv' op inferred type(s) 'tensor<1x8x6x6xf32>' are incompatible with return type(s) of operation 'tensor<1x8x8x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

//===----------------------------------------------------------------------===//
// seam.conv
//===----------------------------------------------------------------------===//

// -----

func.func @conv_weight_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op weight rank 3 does not match input rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<8x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @conv_rank_too_low(%x: tensor<1x3xf32>, %w: tensor<8x3xf32>) -> tensor<1x8xf32> {
  // expected-error @+2 {{'seam.conv' op input must have rank 3 to 5 (N x C x 1 to 3 spatial dims), got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w : (tensor<1x3xf32>, tensor<8x3xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @conv_rank_too_high(%x: tensor<1x1x2x2x2x2xf32>, %w: tensor<1x1x1x1x1x1xf32>) -> tensor<1x1x2x2x2x2xf32> {
  // expected-error @+2 {{'seam.conv' op input must have rank 3 to 5 (N x C x 1 to 3 spatial dims), got rank 6}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w : (tensor<1x1x2x2x2x2xf32>, tensor<1x1x1x1x1x1xf32>) -> tensor<1x1x2x2x2x2xf32>
  return %0 : tensor<1x1x2x2x2x2xf32>
}

// -----

func.func @conv_group_not_dividing(%x: tensor<1x3x8x8xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op group 2 must divide the input channels (3) and the output channels (8)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {group = 2 : i64} : (tensor<1x3x8x8xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @conv_group_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+1 {{attribute 'group' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = seam.conv %x, %w {group = 0 : i64} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @conv_weight_channels(%x: tensor<1x8x5x5xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x16x3x3xf32> {
  // expected-error @+2 {{'seam.conv' op weight has 8 input channels per group but the input has 8 channels in 2 group(s), i.e. 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {group = 2 : i64} : (tensor<1x8x5x5xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x3x3xf32>
  return %0 : tensor<1x16x3x3xf32>
}

// -----

func.func @conv_kernel_shape_mismatch(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x7xf32> {
  // expected-error @+2 {{'seam.conv' op kernel_shape [3, 2] does not match the weight's spatial dims [3, 3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {kernel_shape = array<i64: 3, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x7xf32>
  return %0 : tensor<1x8x6x7xf32>
}

// -----

func.func @conv_bias_size(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op bias must have shape [8] (output channels), got [4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w, %b : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<4xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @conv_bias_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8x1xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+1 {{'seam.conv' op operand #2 must be statically shaped 1-D tensor of 32-bit float values, but got 'tensor<8x1xf32>'}}
  %0 = seam.conv %x, %w, %b : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8x1xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

// The bias must be statically shaped like every other operand.
func.func @conv_bias_dynamic(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<?xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+1 {{'seam.conv' op operand #2 must be statically shaped 1-D tensor of 32-bit float values, but got 'tensor<?xf32>'}}
  %0 = seam.conv %x, %w, %b : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<?xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

//===----------------------------------------------------------------------===//
// Sliding-window attributes (conv and pooling)
//===----------------------------------------------------------------------===//

// -----

func.func @window_strides_count(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op strides has 1 values but the input has 2 spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {strides = array<i64: 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @window_dilations_count(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op dilations has 3 values but the input has 2 spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {dilations = array<i64: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @window_kernel_shape_count(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32> {
  // expected-error @+2 {{'seam.max_pool' op kernel_shape has 1 values but the input has 2 spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32>
  return %0 : tensor<1x3x6x6xf32>
}

// -----

func.func @window_kernel_shape_positive(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32> {
  // expected-error @+2 {{'seam.avg_pool' op kernel_shape must be positive, got [0, 2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 0, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32>
  return %0 : tensor<1x3x6x6xf32>
}

// -----

func.func @window_strides_positive(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error @+2 {{'seam.max_pool' op strides must be positive, got [1, 0]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 1, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return %0 : tensor<1x3x7x7xf32>
}

// -----

func.func @window_dilations_positive(%x: tensor<1x3x8xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x6xf32> {
  // expected-error @+2 {{'seam.conv' op dilations must be positive, got [-1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {dilations = array<i64: -1>} : (tensor<1x3x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6xf32>
  return %0 : tensor<1x4x6xf32>
}

// -----

func.func @window_pads_with_auto_pad(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+2 {{'seam.max_pool' op pads must not be given together with auto_pad = same_upper}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, auto_pad = #seam<auto_pad same_upper>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @window_pads_count(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+2 {{'seam.conv' op pads has 2 values but needs 4 (begin and end of 2 spatial dimensions)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {pads = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @window_pads_negative(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x6xf32> {
  // expected-error @+2 {{'seam.avg_pool' op pads must be non-negative, got [0, -1, 0, 0]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 2, 2>, pads = array<i64: 0, -1, 0, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x6xf32>
  return %0 : tensor<1x3x7x6xf32>
}

// -----

func.func @window_kernel_exceeds_input(%x: tensor<1x3x4xf32>) -> tensor<1x3x1xf32> {
  // expected-error @+2 {{'seam.max_pool' op kernel extent 5 (kernel 3, dilation 2) exceeds the padded input size 4 in spatial dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 3>, dilations = array<i64: 2>} : (tensor<1x3x4xf32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}

// -----

// (3 - 1) * INT64_MAX + 1 overflows: an error, not a wrapped extent of -1.
func.func @window_kernel_extent_overflow(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op kernel extent of spatial dimension 0 overflows int64 (kernel 3, dilation 9223372036854775807)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {dilations = array<i64: 9223372036854775807, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// 8 + INT64_MAX overflows: an error, not a negative padded size.
func.func @window_padded_size_overflow(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'seam.conv' op padded input size of spatial dimension 1 overflows int64 (input 8, pads 1 and 9223372036854775807)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {pads = array<i64: 0, 1, 0, 9223372036854775807>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// auto_pad: the pads of a kernel of extent INT64_MAX make a padded input of
// 8 + INT64_MAX - 1 elements, which overflows.
func.func @window_same_padded_size_overflow(%x: tensor<1x3x8xf32>) -> tensor<1x3x8xf32> {
  // expected-error @+2 {{'seam.max_pool' op padded input size of spatial dimension 0 overflows int64 (input 8, pads 4611686018427387903 and 4611686018427387903)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 9223372036854775807>, auto_pad = #seam<auto_pad same_upper>} : (tensor<1x3x8xf32>) -> tensor<1x3x8xf32>
  return %0 : tensor<1x3x8xf32>
}

// -----

// Every output dim fits int64; their product does not.
func.func @window_result_count_overflow(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x2199023255558x2199023255558xf32> {
  // expected-error @+2 {{'seam.conv' op element count of the result [1, 4, 2199023255558, 2199023255558] overflows int64}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.conv %x, %w {pads = array<i64: 1099511627776, 1099511627776, 1099511627776, 1099511627776>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2199023255558x2199023255558xf32>
  return %0 : tensor<1x4x2199023255558x2199023255558xf32>
}

//===----------------------------------------------------------------------===//
// seam.max_pool / seam.avg_pool / seam.global_avg_pool
//===----------------------------------------------------------------------===//

// -----

func.func @pool_rank_too_low(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'seam.max_pool' op input must have rank 3 to 5 (N x C x 1 to 3 spatial dims), got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pool_rank_too_high(%x: tensor<1x1x2x2x2x2xf32>) -> tensor<1x1x2x2x2x2xf32> {
  // expected-error @+2 {{'seam.avg_pool' op input must have rank 3 to 5 (N x C x 1 to 3 spatial dims), got rank 6}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 1, 1, 1, 1>} : (tensor<1x1x2x2x2x2xf32>) -> tensor<1x1x2x2x2x2xf32>
  return %0 : tensor<1x1x2x2x2x2xf32>
}

// -----

func.func @pool_missing_kernel_shape(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{requires attribute 'kernel_shape'}}
  %0 = seam.max_pool %x : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

// A pooling window entirely in the padding would average no element (NaN):
// pads must be smaller than the kernel extent, as ONNX Runtime requires.
func.func @avg_pool_pads_exceed_kernel(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x13x13xf32> {
  // expected-error @+2 {{'seam.avg_pool' op pads [3, 3, 3, 3] must be smaller than the kernel extent 2 of spatial dimension 0 (a window would hold only padding)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.avg_pool %x {kernel_shape = array<i64: 2, 2>, pads = array<i64: 3, 3, 3, 3>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x13x13xf32>
  return %0 : tensor<1x3x13x13xf32>
}

// -----

// An end pad equal to the extent counts too; with dilation 2 a kernel of 2
// has extent 3, so a pad of 2 (ops.mlir) is fine and 3 is not.
func.func @max_pool_end_pad_equals_extent(%x: tensor<1x3x8xf32>) -> tensor<1x3x9xf32> {
  // expected-error @+2 {{'seam.max_pool' op pads [0, 3] must be smaller than the kernel extent 3 of spatial dimension 0 (a window would hold only padding)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 2>, dilations = array<i64: 2>, pads = array<i64: 0, 3>} : (tensor<1x3x8xf32>) -> tensor<1x3x9xf32>
  return %0 : tensor<1x3x9xf32>
}

// -----

func.func @global_avg_pool_rank(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'seam.global_avg_pool' op input must have rank >= 3 (N x C x spatial...), got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.global_avg_pool %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// seam.gemm
//===----------------------------------------------------------------------===//

// -----

func.func @gemm_not_matrices(%a: tensor<2x4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'seam.gemm' op A and B must be matrices, got ranks 3 and 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b : (tensor<2x4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @gemm_inner_dims(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'seam.gemm' op inner dimensions differ: A is 4x3 but B is 4x5}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// The message names the transposed operand.
func.func @gemm_inner_dims_transposed(%a: tensor<3x4xf32>, %b: tensor<3x5xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'seam.gemm' op inner dimensions differ: A^T is 4x3 but B^T is 5x3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b {trans_a = true, trans_b = true} : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C broadcasts unidirectionally: [4] aligns with N = 5, not with M = 4.
func.func @gemm_c_not_broadcastable(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %c: tensor<4xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'seam.gemm' op C of shape [4] does not broadcast to the result 4x5}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b, %c : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// C may not be larger than the result even where NumPy broadcasting would
// widen the result.
func.func @gemm_c_larger_than_result(%a: tensor<4x3xf32>, %b: tensor<3x1xf32>, %c: tensor<4x5xf32>) -> tensor<4x1xf32> {
  // expected-error @+2 {{'seam.gemm' op C of shape [4, 5] does not broadcast to the result 4x1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b, %c : (tensor<4x3xf32>, tensor<3x1xf32>, tensor<4x5xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @gemm_c_rank(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %c: tensor<1x4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'seam.gemm' op C of shape [1, 4, 5] does not broadcast to the result 4x5}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b, %c : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<1x4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Both operands have 2^40 elements; the 2^40 x 2^40 result has too many.
func.func @gemm_result_count_overflow(%a: tensor<1099511627776x1xf32>, %b: tensor<1x1099511627776xf32>) -> tensor<1099511627776x1099511627776xf32> {
  // expected-error @+2 {{'seam.gemm' op element count of the result [1099511627776, 1099511627776] overflows int64}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gemm %a, %b : (tensor<1099511627776x1xf32>, tensor<1x1099511627776xf32>) -> tensor<1099511627776x1099511627776xf32>
  return %0 : tensor<1099511627776x1099511627776xf32>
}

//===----------------------------------------------------------------------===//
// seam.matmul
//===----------------------------------------------------------------------===//

// -----

func.func @matmul_scalar_operand(%a: tensor<f32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'seam.matmul' op operands must have rank >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.matmul %a, %b : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @matmul_contracting_dims(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) -> tensor<3x6xf32> {
  // expected-error @+2 {{'seam.matmul' op contracting dimensions differ: A is [3, 4] and B is [5, 6]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.matmul %a, %b : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

func.func @matmul_batch_not_broadcastable(%a: tensor<2x3x4xf32>, %b: tensor<3x4x6xf32>) -> tensor<2x3x6xf32> {
  // expected-error @+2 {{'seam.matmul' op operand shapes [2] and [3] are not broadcast-compatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.matmul %a, %b : (tensor<2x3x4xf32>, tensor<3x4x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

//===----------------------------------------------------------------------===//
// seam.batch_norm
//===----------------------------------------------------------------------===//

// -----

func.func @batch_norm_rank(%x: tensor<3xf32>, %p: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'seam.batch_norm' op input must have rank >= 2 (N x C x ...), got rank 1}}
  %0 = seam.batch_norm %x, %p, %p, %p, %p : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @batch_norm_channels(%x: tensor<2x3x4x4xf32>, %p: tensor<4xf32>) -> tensor<2x3x4x4xf32> {
  // expected-error @+1 {{'seam.batch_norm' op scale, bias, mean and var have 4 elements but the input has 3 channels}}
  %0 = seam.batch_norm %x, %p, %p, %p, %p : (tensor<2x3x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// -----

func.func @batch_norm_negative_epsilon(%x: tensor<2x3xf32>, %p: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.batch_norm' op epsilon must be non-negative, got -5.000000e-01}}
  %0 = seam.batch_norm %x, %p, %p, %p, %p {epsilon = -0.5 : f32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_param_types(%x: tensor<2x3xf32>, %p: tensor<3xf32>, %q: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{failed to verify that all of {scale, bias, mean, var} have same type}}
  %0 = seam.batch_norm %x, %p, %p, %q, %p : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_param_dynamic(%x: tensor<2x3xf32>, %p: tensor<?xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.batch_norm' op operand #1 must be statically shaped 1-D tensor of 32-bit float values, but got 'tensor<?xf32>'}}
  %0 = seam.batch_norm %x, %p, %p, %p, %p : (tensor<2x3xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_param_rank(%x: tensor<2x3xf32>, %p: tensor<1x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.batch_norm' op operand #1 must be statically shaped 1-D tensor of 32-bit float values, but got 'tensor<1x3xf32>'}}
  %0 = seam.batch_norm %x, %p, %p, %p, %p : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// seam.softmax
//===----------------------------------------------------------------------===//

// -----

func.func @softmax_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'seam.softmax' op axis 3 is out of range [-3, 2] for rank 3}}
  %0 = seam.softmax %x {axis = 3 : i64} : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @softmax_negative_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'seam.softmax' op axis -4 is out of range [-3, 2] for rank 3}}
  %0 = seam.softmax %x {axis = -4 : i64} : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

//===----------------------------------------------------------------------===//
// seam.clip
//===----------------------------------------------------------------------===//

// -----

func.func @clip_min_nan(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'seam.clip' op min must not be NaN}}
  %0 = seam.clip %x {min = 0x7FC00000 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clip_max_nan(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'seam.clip' op max must not be NaN}}
  %0 = seam.clip %x {min = 0.0 : f32, max = 0x7FC00000 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops (NumPy broadcasting)
//===----------------------------------------------------------------------===//

// -----

// Trailing dims 3 and 4 differ and neither is 1.
func.func @binary_not_broadcastable(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'seam.add' op operand shapes [2, 3] and [4] are not broadcast-compatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A 0-size dim broadcasts only against 0 or 1, not against 2.
func.func @binary_zero_dim_not_broadcastable(%a: tensor<2x0xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{'seam.mul' op operand shapes [2, 0] and [2] are not broadcast-compatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.mul %a, %b : (tensor<2x0xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// The result has the broadcast shape, not the shape of either operand.
func.func @binary_result_not_broadcast_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{'seam.sub' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.sub %b, %a : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

//===----------------------------------------------------------------------===//
// seam.reduce_mean / seam.reduce_sum
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_axis_out_of_range(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+2 {{'seam.reduce_mean' op reduction axis 3 is out of range [-3, 2] for rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.reduce_mean %x {axes = array<i64: 3>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// -3 and 0 are the same axis of a rank-3 tensor.
func.func @reduce_axis_repeated(%x: tensor<2x3x4xf32>) -> tensor<1x3x4xf32> {
  // expected-error @+2 {{'seam.reduce_sum' op reduction axis -3 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.reduce_sum %x {axes = array<i64: 0, -3>} : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
  return %0 : tensor<1x3x4xf32>
}

//===----------------------------------------------------------------------===//
// seam.concat
//===----------------------------------------------------------------------===//

// -----

func.func @concat_no_inputs() -> tensor<2x3xf32> {
  // expected-error @+2 {{'seam.concat' op needs at least one input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.concat {axis = 0 : i64} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error @+2 {{'seam.concat' op axis 2 is out of range [-2, 1] for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.concat %a, %b {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @concat_rank(%a: tensor<2x3xf32>, %b: tensor<1x2x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{'seam.concat' op input 1 has rank 3 but input 0 has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.concat %a, %b {axis = 0 : i64} : (tensor<2x3xf32>, tensor<1x2x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @concat_shape(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<3x3xf32>) -> tensor<2x9xf32> {
  // expected-error @+2 {{'seam.concat' op input 2 has shape [3, 3], which differs from input 0 [2, 3] outside the concatenation axis 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.concat %a, %b, %c {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}

// -----

// 2^62 + 2^61 fits int64, + 2^62 (the third input, #2) does not.
func.func @concat_axis_size_overflow(%a: tensor<4611686018427387904xf32>, %b: tensor<2305843009213693952xf32>) -> tensor<1xf32> {
  // expected-error @+2 {{'seam.concat' op size of the concatenation axis 0 overflows int64 at input 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.concat %a, %b, %a {axis = 0 : i64} : (tensor<4611686018427387904xf32>, tensor<2305843009213693952xf32>, tensor<4611686018427387904xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

//===----------------------------------------------------------------------===//
// seam.reshape / seam.flatten / seam.transpose
//===----------------------------------------------------------------------===//

// -----

func.func @reshape_element_count(%x: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'seam.reshape' op cannot reshape 'tensor<2x3xf32>' (6 elements) to 'tensor<7xf32>' (7 elements)}}
  %0 = seam.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// The element counts are compared with overflow checks: 2^62 * 4 does not
// wrap to 0.
func.func @reshape_result_count_overflow(%x: tensor<2x3xf32>) -> tensor<4611686018427387904x4x1xf32> {
  // expected-error @+1 {{'seam.reshape' op element count of the result [4611686018427387904, 4, 1] overflows int64}}
  %0 = seam.reshape %x : (tensor<2x3xf32>) -> tensor<4611686018427387904x4x1xf32>
  return %0 : tensor<4611686018427387904x4x1xf32>
}

// -----

func.func @reshape_input_count_overflow(%x: tensor<4294967296x4294967296xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'seam.reshape' op element count of the input [4294967296, 4294967296] overflows int64}}
  %0 = seam.reshape %x : (tensor<4294967296x4294967296xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @flatten_input_count_overflow(%x: tensor<4294967296x4294967296xf32>) -> tensor<1x1xf32> {
  // expected-error @+2 {{'seam.flatten' op element count of the input [4294967296, 4294967296] overflows int64}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.flatten %x {axis = 1 : i64} : (tensor<4294967296x4294967296xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

func.func @flatten_axis(%x: tensor<2x3x4x5xf32>) -> tensor<120x1xf32> {
  // expected-error @+2 {{'seam.flatten' op axis 5 is out of range [-4, 4] for rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.flatten %x {axis = 5 : i64} : (tensor<2x3x4x5xf32>) -> tensor<120x1xf32>
  return %0 : tensor<120x1xf32>
}

// -----

// As in ONNX, a negative axis lies in [-r, -1] and means axis + r.
func.func @flatten_negative_axis(%x: tensor<2x3x4x5xf32>) -> tensor<1x120xf32> {
  // expected-error @+2 {{'seam.flatten' op axis -5 is out of range [-4, 4] for rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.flatten %x {axis = -5 : i64} : (tensor<2x3x4x5xf32>) -> tensor<1x120xf32>
  return %0 : tensor<1x120xf32>
}

// -----

func.func @transpose_perm_length(%x: tensor<2x3x4xf32>) -> tensor<3x2x4xf32> {
  // expected-error @+2 {{'seam.transpose' op perm [1, 0] is not a permutation of the 3 input dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.transpose %x {perm = array<i64: 1, 0>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  return %0 : tensor<3x2x4xf32>
}

// -----

func.func @transpose_perm_repeated(%x: tensor<2x3x4xf32>) -> tensor<2x2x3xf32> {
  // expected-error @+2 {{'seam.transpose' op perm [0, 0, 1] is not a permutation of the 3 input dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.transpose %x {perm = array<i64: 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

func.func @transpose_perm_out_of_range(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+2 {{'seam.transpose' op perm [0, 1, 3] is not a permutation of the 3 input dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.transpose %x {perm = array<i64: 0, 1, 3>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

//===----------------------------------------------------------------------===//
// seam.pad
//===----------------------------------------------------------------------===//

// -----

func.func @pad_count(%x: tensor<2x3xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.pad' op pads has 3 values but needs 4 (begin and end of 2 dimensions)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: 1, 1, 0>} : (tensor<2x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @pad_crop_below_zero(%x: tensor<2x3xf32>) -> tensor<0x3xf32> {
  // expected-error @+2 {{'seam.pad' op pads [-3, 0, 0, 0] crop dimension 0 of size 2 below zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: -3, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// -----

// 3 + INT64_MAX overflows: an error, not a size that wraps below zero.
func.func @pad_size_overflow(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'seam.pad' op padded size of dimension 1 overflows int64 (size 3, pads 9223372036854775807 and 0)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: 0, 9223372036854775807, 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Every padded dim fits int64; their product does not.
func.func @pad_result_count_overflow(%x: tensor<2x3xf32>) -> tensor<2199023255554x2199023255555xf32> {
  // expected-error @+2 {{'seam.pad' op element count of the result [2199023255554, 2199023255555] overflows int64}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: 1099511627776, 1099511627776, 1099511627776, 1099511627776>} : (tensor<2x3xf32>) -> tensor<2199023255554x2199023255555xf32>
  return %0 : tensor<2199023255554x2199023255555xf32>
}

// -----

func.func @pad_reflect_too_wide(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error @+2 {{'seam.pad' op reflect padding of dimension 1 must be smaller than its size 3, got 0 and 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: 0, 0, 0, 3>, mode = #seam<pad_mode reflect>} : (tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// Zero pads on an empty dimension are fine (ops.mlir); a positive one is not.
func.func @pad_reflect_empty_dim(%x: tensor<0x3xf32>) -> tensor<1x3xf32> {
  // expected-error @+2 {{'seam.pad' op reflect padding of dimension 0 must be smaller than its size 0, got 1 and 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: 1, 0, 0, 0>, mode = #seam<pad_mode reflect>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @pad_edge_of_empty(%x: tensor<0x3xf32>) -> tensor<1x3xf32> {
  // expected-error @+2 {{'seam.pad' op edge padding of empty dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.pad %x {pads = array<i64: 1, 0, 0, 0>, mode = #seam<pad_mode edge>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

//===----------------------------------------------------------------------===//
// seam.slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_lengths(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+2 {{'seam.slice' op starts, ends, axes and steps must have the same length, got 2, 1, 2, 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 2>} : (tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_steps_length(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+2 {{'seam.slice' op starts, ends, axes and steps must have the same length, got 1, 1, 1, 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.slice %x {starts = array<i64: 0>, ends = array<i64: 2>, axes = array<i64: 0>, steps = array<i64: 1, 1>} : (tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_axis_out_of_range(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'seam.slice' op slice axis 2 is out of range [-2, 1] for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.slice %x {starts = array<i64: 0>, ends = array<i64: 2>, axes = array<i64: 2>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// -2 and 0 are the same axis of a rank-2 tensor.
func.func @slice_axis_repeated(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+2 {{'seam.slice' op slice axis -2 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 2, 2>, axes = array<i64: 0, -2>} : (tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_zero_step(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'seam.slice' op slice step for axis 1 must not be 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.slice %x {starts = array<i64: 0>, ends = array<i64: 5>, axes = array<i64: 1>, steps = array<i64: 0>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

//===----------------------------------------------------------------------===//
// seam.composite / seam.yield
//===----------------------------------------------------------------------===//

// -----

func.func @composite_name_without_dot(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op name 'dnnl' must have the form '<backend>.<pattern>'}}
  %r = seam.composite "dnnl" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    seam.yield %a : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

func.func @composite_name_empty_backend(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op name '.relu' must have the form '<backend>.<pattern>'}}
  %r = seam.composite ".relu" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    seam.yield %a : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

func.func @composite_name_empty_pattern(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op name 'dnnl.' must have the form '<backend>.<pattern>'}}
  %r = seam.composite "dnnl." (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    seam.yield %a : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

func.func @composite_arg_count(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op body has 1 arguments but the composite has 2 inputs}}
  %r = seam.composite "dnnl.x" (%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    seam.yield %a : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

func.func @composite_arg_type(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op body argument #1 has type 'tensor<3x2xf32>' but input #1 has type 'tensor<2x3xf32>'}}
  %r = seam.composite "dnnl.x" (%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>):
    seam.yield %a : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

// The body ends in a terminator, but not in seam.yield.
func.func @composite_other_terminator(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op body must end in seam.yield}}
  %r = seam.composite "dnnl.x" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    ub.unreachable
  }
  return %r : tensor<2x3xf32>
}

// -----

// The body ends in an op that is not a terminator at all.
func.func @composite_no_terminator(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = seam.composite "dnnl.x" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    // expected-error @+1 {{block with no terminator}}
    %0 = seam.relu %a : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

func.func @composite_yield_types(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'seam.composite' op yields ('tensor<2x3xf32>') but the composite returns ('tensor<3x2xf32>')}}
  %r = seam.composite "dnnl.x" (%x) : (tensor<2x3xf32>) -> tensor<3x2xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    seam.yield %a : tensor<2x3xf32>
  }
  return %r : tensor<3x2xf32>
}

// -----

func.func @composite_yield_count(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.composite' op yields ('tensor<2x3xf32>', 'tensor<2x3xf32>') but the composite returns ('tensor<2x3xf32>')}}
  %r = seam.composite "dnnl.x" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    seam.yield %a, %a : tensor<2x3xf32>, tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

func.func @yield_outside_composite(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'seam.yield' op expects parent op 'seam.composite'}}
  seam.yield %x : tensor<2x3xf32>
}
