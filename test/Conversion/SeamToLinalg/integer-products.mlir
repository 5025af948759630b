// RUN: seam-opt %s --seam-lower-to-linalg | FileCheck %s

// seam.matmul_integer and seam.conv_integer become float32 products of
// their operands less their zero points, exact: whole while K * 255 * 255
// <= 2^24 (K <= 258), the second operand split into base-16 digits up to
// K = 4112, both past that; the digit products are combined in int32. A
// constant operand and its constant zero point are centered (and split)
// into f32 constants at compile time. Numbers: Import/quantized.test.

// K = 300: b (uint8, zero-extended) is split once, two float32 matmuls,
// the high one weighted by 16 in int32.
// CHECK-LABEL: func.func @split_b
// CHECK: arith.sitofp
// CHECK: arith.sitofp
// CHECK: arith.uitofp
// CHECK: arith.constant dense<6.250000e-02> : tensor<f32>
// CHECK: math.floor
// CHECK-NOT: math.floor
// CHECK: linalg.matmul
// CHECK: arith.fptosi
// CHECK: arith.constant dense<16> : tensor<i32>
// CHECK: arith.muli
// CHECK: linalg.matmul
// CHECK: arith.fptosi
// CHECK: arith.addi
// CHECK-NOT: linalg.matmul
func.func @split_b(%a: tensor<2x300xi8>, %b: tensor<300x5xui8>, %azp: tensor<2x1xi8>) -> tensor<2x5xi32> {
  %0 = seam.matmul_integer %a, %b a_zero_point(%azp) : (tensor<2x300xi8>, tensor<300x5xui8>, tensor<2x1xi8>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// K = 5000: both operands split, four matmuls.
// CHECK-LABEL: func.func @split_both
// CHECK-COUNT-2: math.floor
// CHECK-COUNT-4: linalg.matmul
// CHECK-NOT: linalg.matmul
func.func @split_both(%a: tensor<2x5000xui8>, %b: tensor<5000x2xui8>) -> tensor<2x2xi32> {
  %0 = seam.matmul_integer %a, %b : (tensor<2x5000xui8>, tensor<5000x2xui8>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// Constant int8 weights less their per-channel zero points (2 and -1),
// whole (K = 2): one f32 constant, one convolution, no digits.
// CHECK-LABEL: func.func @const_weight
// CHECK: arith.uitofp
// CHECK: arith.constant dense<{{.*}}-1.300000e+02{{.*}}1.250000e+02{{.*}}6.000000e+00{{.*}}-2.000000e+00{{.*}}> : tensor<2x2x1x1xf32>
// CHECK-NOT: math.floor
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK: arith.fptosi
// CHECK-NOT: linalg.conv
func.func @const_weight(%x: tensor<1x2x4x4xui8>) -> tensor<1x2x4x4xi32> {
  %w = arith.constant dense<[[[[-128]], [[127]]], [[[5]], [[-3]]]]> : tensor<2x2x1x1xi8>
  %zp = arith.constant dense<[[[[2]]], [[[-1]]]]> : tensor<2x1x1x1xi8>
  %0 = seam.conv_integer %x, %w weight_zero_point(%zp) : (tensor<1x2x4x4xui8>, tensor<2x2x1x1xi8>, tensor<2x1x1x1xi8>) -> tensor<1x2x4x4xi32>
  return %0 : tensor<1x2x4x4xi32>
}
