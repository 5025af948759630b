// RUN: seam-opt %s -split-input-file -verify-diagnostics

// The operands are int8 or uint8; each zero point has its operand's type
// and a shape the verifier allows.

func.func @conv_integer_f32(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xi8>) -> tensor<1x1x2x2xi32> {
  // expected-error @+1 {{'seam.conv_integer' op operand #0 must be statically shaped tensor of 8-bit signless integer or 8-bit unsigned integer values, but got 'tensor<1x1x4x4xf32>'}}
  %0 = seam.conv_integer %x, %w : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xi8>) -> tensor<1x1x2x2xi32>
  return %0 : tensor<1x1x2x2xi32>
}

// -----

func.func @conv_integer_zero_point_type(%x: tensor<1x1x4x4xui8>, %w: tensor<1x1x3x3xi8>, %zp: tensor<i8>) -> tensor<1x1x2x2xi32> {
  // expected-error @+1 {{'seam.conv_integer' op input_zero_point has element type 'i8', not input's 'ui8'}}
  %0 = seam.conv_integer %x, %w input_zero_point(%zp) : (tensor<1x1x4x4xui8>, tensor<1x1x3x3xi8>, tensor<i8>) -> tensor<1x1x2x2xi32>
  return %0 : tensor<1x1x2x2xi32>
}

// -----

func.func @conv_integer_input_zero_points(%x: tensor<1x2x4x4xui8>, %w: tensor<1x2x3x3xi8>, %zp: tensor<2xui8>) -> tensor<1x1x2x2xi32> {
  // expected-error @+1 {{'seam.conv_integer' op input_zero_point must hold one value, got shape [2]}}
  %0 = seam.conv_integer %x, %w input_zero_point(%zp) : (tensor<1x2x4x4xui8>, tensor<1x2x3x3xi8>, tensor<2xui8>) -> tensor<1x1x2x2xi32>
  return %0 : tensor<1x1x2x2xi32>
}

// -----

func.func @conv_integer_weight_zero_points(%x: tensor<1x2x4x4xui8>, %w: tensor<3x2x3x3xi8>, %zp: tensor<3xi8>) -> tensor<1x3x2x2xi32> {
  // expected-error @+1 {{'seam.conv_integer' op weight_zero_point must be a scalar or of shape [M, 1, ...] (one value per output channel), got [3]}}
  %0 = seam.conv_integer %x, %w weight_zero_point(%zp) : (tensor<1x2x4x4xui8>, tensor<3x2x3x3xi8>, tensor<3xi8>) -> tensor<1x3x2x2xi32>
  return %0 : tensor<1x3x2x2xi32>
}

// -----

func.func @conv_integer_groups(%x: tensor<1x3x4x4xui8>, %w: tensor<2x3x3x3xi8>) -> tensor<1x2x2x2xi32> {
  // expected-error @+2 {{'seam.conv_integer' op group 2 must divide the input channels (3) and the output channels (2)}}
  // expected-error @+1 {{'seam.conv_integer' op failed to infer returned types}}
  %0 = seam.conv_integer %x, %w {group = 2 : i64} : (tensor<1x3x4x4xui8>, tensor<2x3x3x3xi8>) -> tensor<1x2x2x2xi32>
  return %0 : tensor<1x2x2x2xi32>
}

// -----

func.func @matmul_integer_contracted_zero_point(%a: tensor<3x4xui8>, %b: tensor<4x5xi8>, %zp: tensor<3x4xui8>) -> tensor<3x5xi32> {
  // expected-error @+1 {{'seam.matmul_integer' op a_zero_point of shape [3, 4] does not broadcast to a [3, 4] with size 1 on the contracted axis}}
  %0 = seam.matmul_integer %a, %b a_zero_point(%zp) : (tensor<3x4xui8>, tensor<4x5xi8>, tensor<3x4xui8>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

func.func @matmul_integer_broadcast_zero_point(%a: tensor<3x4xui8>, %b: tensor<4x5xi8>, %zp: tensor<2x1x5xi8>) -> tensor<3x5xi32> {
  // expected-error @+1 {{'seam.matmul_integer' op b_zero_point of shape [2, 1, 5] does not broadcast to b [4, 5] with size 1 on the contracted axis}}
  %0 = seam.matmul_integer %a, %b b_zero_point(%zp) : (tensor<3x4xui8>, tensor<4x5xi8>, tensor<2x1x5xi8>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

func.func @matmul_integer_shapes(%a: tensor<3x4xui8>, %b: tensor<3x5xi8>) -> tensor<3x5xi32> {
  // expected-error @+2 {{'seam.matmul_integer' op contracting dimensions differ: A is [3, 4] and B is [3, 5]}}
  // expected-error @+1 {{'seam.matmul_integer' op failed to infer returned types}}
  %0 = seam.matmul_integer %a, %b : (tensor<3x4xui8>, tensor<3x5xi8>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}
