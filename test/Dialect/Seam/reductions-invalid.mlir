// RUN: seam-opt %s -split-input-file -verify-diagnostics

// The verifier errors of the reduction family, one case per diagnostic.

func.func @reduce_max_axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'seam.reduce_max' op reduction axis 2 is out of range [-2, 1] for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.reduce_max %x {axes = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_prod_axis_repeated(%x: tensor<2x3xi64>) -> tensor<1x1xi64> {
  // expected-error @+2 {{'seam.reduce_prod' op reduction axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.reduce_prod %x {axes = array<i64: 1, -1>} : (tensor<2x3xi64>) -> tensor<1x1xi64>
  return %0 : tensor<1x1xi64>
}

// -----

func.func @reduce_min_wrong_result(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{'seam.reduce_min' op inferred type(s) 'tensor<2x1xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.reduce_min %x {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_l2_of_integers(%x: tensor<2x3xi32>) -> tensor<1x1xi32> {
  // expected-error @+1 {{'seam.reduce_l2' op operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2x3xi32>'}}
  %0 = seam.reduce_l2 %x : (tensor<2x3xi32>) -> tensor<1x1xi32>
  return %0 : tensor<1x1xi32>
}

// -----

func.func @reduce_l1_of_bools(%x: tensor<2x3xi1>) -> tensor<1x1xi1> {
  // expected-error @+1 {{'seam.reduce_l1' op operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 64-bit unsigned integer or 32-bit unsigned integer or 16-bit unsigned integer or 8-bit unsigned integer values, but got 'tensor<2x3xi1>'}}
  %0 = seam.reduce_l1 %x : (tensor<2x3xi1>) -> tensor<1x1xi1>
  return %0 : tensor<1x1xi1>
}

// -----

func.func @reduce_log_sum_exp_axis(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  // expected-error @+2 {{'seam.reduce_log_sum_exp' op reduction axis -3 is out of range [-2, 1] for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.reduce_log_sum_exp %x {axes = array<i64: -3>} : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @arg_max_axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x1xi64> {
  // expected-error @+2 {{'seam.arg_max' op axis 2 is out of range [-2, 1] for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.arg_max %x {axis = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

func.func @arg_min_of_scalar(%x: tensor<f32>) -> tensor<i64> {
  // expected-error @+2 {{'seam.arg_min' op axis 0 is out of range [0, -1] for rank 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.arg_min %x : (tensor<f32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @arg_max_result_type(%x: tensor<2x3xf32>) -> tensor<1x3xi32> {
  // expected-error @+1 {{'seam.arg_max' op result #0 must be statically shaped tensor of 64-bit signless integer values, but got 'tensor<1x3xi32>'}}
  %0 = seam.arg_max %x : (tensor<2x3xf32>) -> tensor<1x3xi32>
  return %0 : tensor<1x3xi32>
}

// -----

func.func @arg_max_no_keepdims_shape(%x: tensor<2x3xf32>) -> tensor<1x3xi64> {
  // expected-error @+2 {{'seam.arg_max' op inferred type(s) 'tensor<3xi64>' are incompatible with return type(s) of operation 'tensor<1x3xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.arg_max %x {keepdims = false} : (tensor<2x3xf32>) -> tensor<1x3xi64>
  return %0 : tensor<1x3xi64>
}

// -----

func.func @hardmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.hardmax' op axis -3 is out of range [-2, 1] for rank 2}}
  %0 = seam.hardmax %x {axis = -3 : i64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @hardmax_of_integers(%x: tensor<2x3xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'seam.hardmax' op operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2x3xi64>'}}
  %0 = seam.hardmax %x : tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

func.func @cumsum_axis(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'seam.cumsum' op axis 1 is out of range [-1, 0] for rank 1}}
  %0 = seam.cumsum %x {axis = 1 : i64} : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @cumsum_needs_axis(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'seam.cumsum' op requires attribute 'axis'}}
  %0 = seam.cumsum %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
