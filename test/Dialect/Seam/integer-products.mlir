// RUN: seam-opt %s | seam-opt | FileCheck %s

// seam.conv_integer and seam.matmul_integer: 8-bit operands, optional zero
// points (per tensor, per output channel, per row of a, per column of b),
// int32 results (round trip, with the inferred result shapes).

// CHECK-LABEL: func @conv_integer
// CHECK: seam.conv_integer %arg0, %arg1 input_zero_point(%arg2) weight_zero_point(%arg3) {group = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x7x7xui8>, tensor<6x2x3x3xi8>, tensor<ui8>, tensor<6x1x1x1xi8>) -> tensor<1x6x4x4xi32>
// CHECK: seam.conv_integer %arg0, %{{.*}} : (tensor<1x4x7x7xui8>, tensor<2x4x1x1xui8>) -> tensor<1x2x7x7xi32>
func.func @conv_integer(%x: tensor<1x4x7x7xui8>, %w: tensor<6x2x3x3xi8>,
                        %xzp: tensor<ui8>, %wzp: tensor<6x1x1x1xi8>,
                        %w1: tensor<2x4x1x1xui8>)
    -> (tensor<1x6x4x4xi32>, tensor<1x2x7x7xi32>) {
  %0 = seam.conv_integer %x, %w input_zero_point(%xzp) weight_zero_point(%wzp)
      {group = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
      : (tensor<1x4x7x7xui8>, tensor<6x2x3x3xi8>, tensor<ui8>, tensor<6x1x1x1xi8>) -> tensor<1x6x4x4xi32>
  %1 = seam.conv_integer %x, %w1 : (tensor<1x4x7x7xui8>, tensor<2x4x1x1xui8>) -> tensor<1x2x7x7xi32>
  return %0, %1 : tensor<1x6x4x4xi32>, tensor<1x2x7x7xi32>
}

// CHECK-LABEL: func @matmul_integer
// CHECK: seam.matmul_integer %arg0, %arg1 a_zero_point(%arg2) b_zero_point(%arg3) : (tensor<2x3x300xi8>, tensor<300x5xui8>, tensor<3x1xi8>, tensor<5xui8>) -> tensor<2x3x5xi32>
// CHECK: seam.matmul_integer %arg0, %arg1 b_zero_point(%arg4) : (tensor<2x3x300xi8>, tensor<300x5xui8>, tensor<ui8>) -> tensor<2x3x5xi32>
func.func @matmul_integer(%a: tensor<2x3x300xi8>, %b: tensor<300x5xui8>,
                          %azp: tensor<3x1xi8>, %bzp: tensor<5xui8>,
                          %bzp0: tensor<ui8>)
    -> (tensor<2x3x5xi32>, tensor<2x3x5xi32>) {
  %0 = seam.matmul_integer %a, %b a_zero_point(%azp) b_zero_point(%bzp)
      : (tensor<2x3x300xi8>, tensor<300x5xui8>, tensor<3x1xi8>, tensor<5xui8>) -> tensor<2x3x5xi32>
  %1 = seam.matmul_integer %a, %b b_zero_point(%bzp0)
      : (tensor<2x3x300xi8>, tensor<300x5xui8>, tensor<ui8>) -> tensor<2x3x5xi32>
  return %0, %1 : tensor<2x3x5xi32>, tensor<2x3x5xi32>
}
