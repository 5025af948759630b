// RUN: seam-opt %s -split-input-file --seam-fold-constants | FileCheck %s

// CHECK-LABEL: func @unary_chain
// CHECK: %[[C:.*]] = arith.constant dense<[0.000000e+00, 5.000000e-01, 2.000000e+00]> : tensor<3xf32>
// CHECK-NOT: seam.
// CHECK: return %[[C]]
func.func @unary_chain() -> tensor<3xf32> {
  %c = arith.constant dense<[-1.0, 0.25, 1.0]> : tensor<3xf32>
  %r = seam.relu %c : tensor<3xf32>
  %two = arith.constant dense<2.0> : tensor<3xf32>
  %m = seam.mul %r, %two : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %m : tensor<3xf32>
}

// -----

// [[1, 2, 3], [4, 5, 6]] + [10, 20, 30] broadcast over rows.
// CHECK-LABEL: func @broadcast_add
// CHECK: arith.constant dense<{{\[\[}}1.100000e+01, 2.200000e+01, 3.300000e+01], [1.400000e+01, 2.500000e+01, 3.600000e+01]]> : tensor<2x3xf32>
// CHECK-NOT: seam.add
func.func @broadcast_add() -> tensor<2x3xf32> {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %s = seam.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// Column broadcast: [[1], [2]] - [10, 20, 30].
// CHECK-LABEL: func @broadcast_both
// CHECK: arith.constant dense<{{\[\[}}-9.000000e+00, -1.900000e+01, -2.900000e+01], [-8.000000e+00, -1.800000e+01, -2.800000e+01]]> : tensor<2x3xf32>
func.func @broadcast_both() -> tensor<2x3xf32> {
  %a = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %s = seam.sub %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// An exporter's transposed MatMul weight: [[1, 2, 3], [4, 5, 6]]^T.
// CHECK-LABEL: func @transpose_weight
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK: seam.matmul %arg0, %[[W]]
func.func @transpose_weight(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t = seam.transpose %w {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %y = seam.matmul %x, %t : (tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>
  return %y : tensor<1x2xf32>
}

// -----

// A 3-D permutation: element [i, j, k] of the result is input [k, i, j].
// Input 2x1x3 = [[[0, 1, 2]], [[3, 4, 5]]], perm [2, 0, 1] -> 3x2x1.
// CHECK-LABEL: func @transpose_3d
// CHECK: arith.constant dense<{{\[\[}}[0.000000e+00], [3.000000e+00]], {{\[\[}}1.000000e+00], [4.000000e+00]], {{\[\[}}2.000000e+00], [5.000000e+00]]]> : tensor<3x2x1xf32>
func.func @transpose_3d() -> tensor<3x2x1xf32> {
  %c = arith.constant dense<[[[0.0, 1.0, 2.0]], [[3.0, 4.0, 5.0]]]> : tensor<2x1x3xf32>
  %t = seam.transpose %c {perm = array<i64: 2, 0, 1>} : (tensor<2x1x3xf32>) -> tensor<3x2x1xf32>
  return %t : tensor<3x2x1xf32>
}

// -----

// CHECK-LABEL: func @reshape_and_flatten
// CHECK: arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]]> : tensor<1x4xf32>
// CHECK-NOT: seam.
func.func @reshape_and_flatten() -> tensor<1x4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = seam.reshape %c : (tensor<4xf32>) -> tensor<2x2xf32>
  %f = seam.flatten %r {axis = 0 : i64} : (tensor<2x2xf32>) -> tensor<1x4xf32>
  return %f : tensor<1x4xf32>
}

// -----

// Large results stay dense_resource blobs, not printed inline.
// CHECK-LABEL: func @large_result_is_a_resource
// CHECK: arith.constant dense_resource<relu_folded> : tensor<32xf32>
func.func @large_result_is_a_resource() -> tensor<32xf32> {
  %c = arith.constant dense<-1.0> : tensor<32xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<32xf32>
  %m = seam.relu %d : tensor<32xf32>
  return %m : tensor<32xf32>
}

// -----

// An op with a non-constant operand stays; so does one over max-elements.
// CHECK-LABEL: func @not_constant
// CHECK: seam.add
func.func @not_constant(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %s = seam.add %x, %c : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

// The same constant on both sides: evaluated once, erased once.
// CHECK-LABEL: func @same_operand_twice
// CHECK: arith.constant dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NOT: seam.add
func.func @same_operand_twice() -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = seam.add %c, %c : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
