// RUN: seam-opt %s -split-input-file -verify-diagnostics

// seam.bit_shift takes unsigned integers only (as ONNX BitShift).

func.func @bit_shift_signed(%a: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'seam.bit_shift' op operand #0 must be statically shaped tensor of 64-bit unsigned integer or 32-bit unsigned integer or 16-bit unsigned integer or 8-bit unsigned integer values, but got 'tensor<4xi8>'}}
  %0 = seam.bit_shift %a, %a {direction = #seam<shift_direction left>} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @bit_shift_mixed_widths(%a: tensor<4xui8>, %b: tensor<4xui16>) -> tensor<4xui8> {
  // expected-error @+1 {{'seam.bit_shift' op failed to verify that all of {lhs, rhs, output} have same element type}}
  %0 = seam.bit_shift %a, %b {direction = #seam<shift_direction right>} : (tensor<4xui8>, tensor<4xui16>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

func.func @bit_shift_shapes(%a: tensor<4xui8>, %b: tensor<3xui8>) -> tensor<4xui8> {
  // expected-error @+2 {{'seam.bit_shift' op operand shapes [4] and [3] are not broadcast-compatible}}
  // expected-error @+1 {{'seam.bit_shift' op failed to infer returned types}}
  %0 = seam.bit_shift %a, %b {direction = #seam<shift_direction right>} : (tensor<4xui8>, tensor<3xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// A signed and an unsigned integer of one width are different types.
func.func @add_signed_unsigned(%a: tensor<4xi8>, %b: tensor<4xui8>) -> tensor<4xi8> {
  // expected-error @+1 {{'seam.add' op failed to verify that all of {lhs, rhs, output} have same element type}}
  %0 = seam.add %a, %b : (tensor<4xi8>, tensor<4xui8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}
