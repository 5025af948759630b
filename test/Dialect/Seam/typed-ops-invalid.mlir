// RUN: seam-opt %s -split-input-file -verify-diagnostics

// The element-type rules of the seam ops, one case per diagnostic.

func.func @add_mixed_types(%a: tensor<4xf32>, %b: tensor<4xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{'seam.add' op failed to verify that all of {lhs, rhs, output} have same element type}}
  %0 = seam.add %a, %b : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 64-bit unsigned integer or 32-bit unsigned integer or 16-bit unsigned integer or 8-bit unsigned integer values, but got 'tensor<4xi1>'}}
  %0 = seam.add %a, %a : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_mixed_types(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xi1> {
  // expected-error @+1 {{'seam.less' op failed to verify that all of {lhs, rhs} have same element type}}
  %0 = seam.less %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @where_not_bool(%c: tensor<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = seam.where %c, %a, %a : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cast_shape(%a: tensor<4xf32>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'seam.cast' op all non-scalar operands/results must have the same shape and base type}}
  %0 = seam.cast %a : tensor<4xf32> to tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

func.func @float_mod_without_fmod(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'seam.mod' op of floats needs fmod = true (as ONNX Mod)}}
  %0 = seam.mod %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sin_of_integers(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<4xi32>'}}
  %0 = seam.sin %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reshape_type(%a: tensor<4xf32>) -> tensor<2x2xf64> {
  // expected-error @+1 {{'seam.reshape' op cannot change the element type ('f32' to 'f64')}}
  %0 = seam.reshape %a : (tensor<4xf32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

func.func @concat_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<8xf32> {
  // expected-error @+2 {{'seam.concat' op input 1 has element type 'i32' but input 0 has 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.concat %a, %b {axis = 0 : i64} : (tensor<4xf32>, tensor<4xi32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @log_softmax_axis(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'seam.log_softmax' op axis 2 is out of range [-2, 1] for rank 2}}
  %0 = seam.log_softmax %a {axis = 2 : i64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @trilu_rank(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'seam.trilu' op input must have rank >= 2, got 1}}
  %0 = seam.trilu %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @expand_not_broadcast(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'seam.expand' op}}
  %0 = seam.expand %a : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_elements_rank(%a: tensor<3x4xf32>, %i: tensor<3xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'seam.gather_elements' op indices [3] must have the rank of data [3, 4] (at least 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gather_elements %a, %i : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tile_repeats(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.tile' op repeats has 1 values for an input of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.tile %a {repeats = array<i64: 2>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
