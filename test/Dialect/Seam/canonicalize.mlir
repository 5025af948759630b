// RUN: seam-opt %s -split-input-file -canonicalize | FileCheck %s

// The folds of SeamFolders.cpp. Expected constants are worked out by hand in
// f32 arithmetic.

//===----------------------------------------------------------------------===//
// Unary ops on splat constants
//===----------------------------------------------------------------------===//

// relu(-2) = 0, relu(3) = 3.
// CHECK-LABEL: func @fold_relu(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3.000000e+00> : tensor<2x3xf32>
// CHECK-NOT: seam.relu
// CHECK: return %[[ZERO]], %[[THREE]]
func.func @fold_relu() -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %neg = arith.constant dense<-2.0> : tensor<2x3xf32>
  %pos = arith.constant dense<3.0> : tensor<2x3xf32>
  %0 = seam.relu %neg : tensor<2x3xf32>
  %1 = seam.relu %pos : tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// sigmoid(0) = 1 / (1 + 1) = 0.5; sigmoid(2) = 1 / (1 + e^-2) = 0.880797029,
// printed 8.807970e-01.
// CHECK-LABEL: func @fold_sigmoid(
// CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[S2:.*]] = arith.constant dense<8.807970e-01> : tensor<4xf32>
// CHECK-NOT: seam.sigmoid
// CHECK: return %[[HALF]], %[[S2]]
func.func @fold_sigmoid() -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %0 = seam.sigmoid %zero : tensor<4xf32>
  %1 = seam.sigmoid %two : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// tanh(0.5) = 0.462117165.
// CHECK-LABEL: func @fold_tanh(
// CHECK: %[[C:.*]] = arith.constant dense<0.462117165> : tensor<4xf32>
// CHECK-NOT: seam.tanh
// CHECK: return %[[C]]
func.func @fold_tanh() -> tensor<4xf32> {
  %c = arith.constant dense<0.5> : tensor<4xf32>
  %0 = seam.tanh %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// exp(0) = 1, exp(1) = e = 2.71828175 in f32.
// CHECK-LABEL: func @fold_exp(
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<2.71828175> : tensor<4xf32>
// CHECK-NOT: seam.exp
// CHECK: return %[[ONE]], %[[E]]
func.func @fold_exp() -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %0 = seam.exp %zero : tensor<4xf32>
  %1 = seam.exp %one : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// sqrt(4) = 2, sqrt(2) = 1.41421354 in f32.
// CHECK-LABEL: func @fold_sqrt(
// CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[R2:.*]] = arith.constant dense<1.41421354> : tensor<4xf32>
// CHECK-NOT: seam.sqrt
// CHECK: return %[[TWO]], %[[R2]]
func.func @fold_sqrt() -> (tensor<4xf32>, tensor<4xf32>) {
  %four = arith.constant dense<4.0> : tensor<4xf32>
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %0 = seam.sqrt %four : tensor<4xf32>
  %1 = seam.sqrt %two : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// erf(1) = 0.842700779 in f32.
// CHECK-LABEL: func @fold_erf(
// CHECK: %[[C:.*]] = arith.constant dense<0.842700779> : tensor<4xf32>
// CHECK-NOT: seam.erf
// CHECK: return %[[C]]
func.func @fold_erf() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = seam.erf %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hard_swish(x) = x * clamp(x / 6 + 1 / 2, 0, 1):
//   hard_swish(1) = 1 * 2 / 3 = 0.666666686, hard_swish(3) = 3 * 1 = 3.
// CHECK-LABEL: func @fold_hard_swish(
// CHECK-DAG: %[[A:.*]] = arith.constant dense<0.666666686> : tensor<4xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NOT: seam.hard_swish
// CHECK: return %[[A]], %[[B]]
func.func @fold_hard_swish() -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %three = arith.constant dense<3.0> : tensor<4xf32>
  %0 = seam.hard_swish %one : tensor<4xf32>
  %1 = seam.hard_swish %three : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// leaky_relu(-2) with the default alpha 0.01 is -0.02; with alpha 0.5 it is
// -1; a non-negative input is unchanged.
// CHECK-LABEL: func @fold_leaky_relu(
// CHECK-DAG: %[[A:.*]] = arith.constant dense<-2.000000e-02> : tensor<4xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NOT: seam.leaky_relu
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @fold_leaky_relu() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %neg = arith.constant dense<-2.0> : tensor<4xf32>
  %pos = arith.constant dense<2.0> : tensor<4xf32>
  %0 = seam.leaky_relu %neg : tensor<4xf32>
  %1 = seam.leaky_relu %neg {alpha = 0.5 : f32} : tensor<4xf32>
  %2 = seam.leaky_relu %pos : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// hard_sigmoid(x) = clamp(alpha * x + beta, 0, 1):
//   defaults (0.2, 0.5) on 1: 0.7; (0.25, 0.75) on -1: 0.5; defaults on 10
//   saturate to 1.
// CHECK-LABEL: func @fold_hard_sigmoid(
// CHECK-DAG: %[[A:.*]] = arith.constant dense<0.699999988> : tensor<4xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NOT: seam.hard_sigmoid
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @fold_hard_sigmoid() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %neg = arith.constant dense<-1.0> : tensor<4xf32>
  %ten = arith.constant dense<10.0> : tensor<4xf32>
  %0 = seam.hard_sigmoid %one : tensor<4xf32>
  %1 = seam.hard_sigmoid %neg {alpha = 0.25 : f32, beta = 0.75 : f32} : tensor<4xf32>
  %2 = seam.hard_sigmoid %ten : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// clip: -3 with min 0 is 0; 10 with max 6 is 6; 10 with [-1, 6] is 6, -3 is
// -1, and 2.5 is unchanged.
// CHECK-LABEL: func @fold_clip(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[SIX:.*]] = arith.constant dense<6.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[NEG:.*]] = arith.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[MID:.*]] = arith.constant dense<2.500000e+00> : tensor<4xf32>
// CHECK-NOT: seam.clip
// CHECK: return %[[ZERO]], %[[SIX]], %[[SIX]], %[[NEG]], %[[MID]]
func.func @fold_clip() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %low = arith.constant dense<-3.0> : tensor<4xf32>
  %high = arith.constant dense<10.0> : tensor<4xf32>
  %mid = arith.constant dense<2.5> : tensor<4xf32>
  %0 = seam.clip %low {min = 0.0 : f32} : tensor<4xf32>
  %1 = seam.clip %high {max = 6.0 : f32} : tensor<4xf32>
  %2 = seam.clip %high {min = -1.0 : f32, max = 6.0 : f32} : tensor<4xf32>
  %3 = seam.clip %low {min = -1.0 : f32, max = 6.0 : f32} : tensor<4xf32>
  %4 = seam.clip %mid {min = -1.0 : f32, max = 6.0 : f32} : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A clip without bounds is the identity, also on a non-constant input.
// CHECK-LABEL: func @fold_clip_no_bounds(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: seam.clip
// CHECK: return %[[X]]
func.func @fold_clip_no_bounds(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A clip with bounds on a non-constant input stays.
// CHECK-LABEL: func @no_fold_clip_with_bounds(
// CHECK: seam.clip %{{.*}} {min = 0.000000e+00 : f32} : tensor<4xf32>
func.func @no_fold_clip_with_bounds(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = seam.clip %x {min = 0.0 : f32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// With min > max every element becomes max (ONNX): -3 (below both bounds),
// 1.5 (between them) and 10 (above both) all fold to max = 1. Bounds that
// cross do not make a non-constant input foldable.
// CHECK-LABEL: func @fold_clip_min_greater_than_max(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[MAX:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[R:.*]] = seam.clip %[[X]] {max = 1.000000e+00 : f32, min = 2.000000e+00 : f32} : tensor<4xf32>
// CHECK-NOT: seam.clip
// CHECK: return %[[MAX]], %[[MAX]], %[[MAX]], %[[R]]
func.func @fold_clip_min_greater_than_max(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %low = arith.constant dense<-3.0> : tensor<4xf32>
  %mid = arith.constant dense<1.5> : tensor<4xf32>
  %high = arith.constant dense<10.0> : tensor<4xf32>
  %0 = seam.clip %low {min = 2.0 : f32, max = 1.0 : f32} : tensor<4xf32>
  %1 = seam.clip %mid {min = 2.0 : f32, max = 1.0 : f32} : tensor<4xf32>
  %2 = seam.clip %high {min = 2.0 : f32, max = 1.0 : f32} : tensor<4xf32>
  %3 = seam.clip %x {min = 2.0 : f32, max = 1.0 : f32} : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Unary ops on a non-splat constant are not folded.
// CHECK-LABEL: func @no_fold_unary_non_splat(
// CHECK: %[[C:.*]] = arith.constant dense<[-1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: %[[R:.*]] = seam.relu %[[C]] : tensor<2xf32>
// CHECK: return %[[R]]
func.func @no_fold_unary_non_splat() -> tensor<2xf32> {
  %c = arith.constant dense<[-1.0, 2.0]> : tensor<2xf32>
  %0 = seam.relu %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}

//===----------------------------------------------------------------------===//
// Binary ops on splat constants
//===----------------------------------------------------------------------===//

// -----

// 2 + 3 = 5, 2 - 5 = -3, 2 * 3 = 6, 1 / 4 = 0.25, 2 ^ 3 = 8.
// CHECK-LABEL: func @fold_binary_splats(
// CHECK-DAG: %[[ADD:.*]] = arith.constant dense<5.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[SUB:.*]] = arith.constant dense<-3.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[MUL:.*]] = arith.constant dense<6.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[DIV:.*]] = arith.constant dense<2.500000e-01> : tensor<2x3xf32>
// CHECK-DAG: %[[POW:.*]] = arith.constant dense<8.000000e+00> : tensor<2x3xf32>
// CHECK-NOT: seam.
// CHECK: return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[POW]]
func.func @fold_binary_splats() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %two = arith.constant dense<2.0> : tensor<2x3xf32>
  %three = arith.constant dense<3.0> : tensor<2x3xf32>
  %four = arith.constant dense<4.0> : tensor<2x3xf32>
  %five = arith.constant dense<5.0> : tensor<2x3xf32>
  %0 = seam.add %two, %three : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = seam.sub %two, %five : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = seam.mul %two, %three : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = seam.div %one, %four : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = seam.pow %two, %three : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Splats of different shapes fold to a splat of the broadcast result shape:
//   [3] 2 + [2, 1] 3 = [2, 3] 5;  [] 4 - [3] 2 = [3] 2;
//   [2, 1, 4] 0.5 * [3, 1] 8 = [2, 3, 4] 4;  [] 1 / [] 4 = [] 0.25;
//   [2, 1] 3 ^ [3] 2 = [2, 3] 9.
// CHECK-LABEL: func @fold_binary_splats_broadcast(
// CHECK-DAG: %[[ADD:.*]] = arith.constant dense<5.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[SUB:.*]] = arith.constant dense<2.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[MUL:.*]] = arith.constant dense<4.000000e+00> : tensor<2x3x4xf32>
// CHECK-DAG: %[[DIV:.*]] = arith.constant dense<2.500000e-01> : tensor<f32>
// CHECK-DAG: %[[POW:.*]] = arith.constant dense<9.000000e+00> : tensor<2x3xf32>
// CHECK-NOT: seam.
// CHECK: return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[POW]]
func.func @fold_binary_splats_broadcast() -> (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3x4xf32>, tensor<f32>, tensor<2x3xf32>) {
  %two_v = arith.constant dense<2.0> : tensor<3xf32>
  %three_col = arith.constant dense<3.0> : tensor<2x1xf32>
  %four_s = arith.constant dense<4.0> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<2x1x4xf32>
  %eight = arith.constant dense<8.0> : tensor<3x1xf32>
  %one_s = arith.constant dense<1.0> : tensor<f32>
  %0 = seam.add %two_v, %three_col : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %1 = seam.sub %four_s, %two_v : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = seam.mul %half, %eight : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %3 = seam.div %one_s, %four_s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %4 = seam.pow %three_col, %two_v : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<3xf32>, tensor<2x3x4xf32>, tensor<f32>, tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// Identities: x * 1, x / 1, x - 0, x ^ 1
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @fold_mul_one(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.mul
// CHECK: return %[[X]]
func.func @fold_mul_one(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = seam.mul %x, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @fold_div_one(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.div
// CHECK: return %[[X]]
func.func @fold_div_one(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = seam.div %x, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @fold_sub_zero(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.sub
// CHECK: return %[[X]]
func.func @fold_sub_zero(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant dense<0.0> : tensor<2x3xf32>
  %0 = seam.sub %x, %zero : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @fold_pow_one(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.pow
// CHECK: return %[[X]]
func.func @fold_pow_one(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = seam.pow %x, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The identity constant may broadcast as long as the result keeps the shape
// of x: a rank-0 one, a [3] one, a [1, 3] zero and a [2, 1] one.
// CHECK-LABEL: func @fold_identity_broadcast_constant(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]]
func.func @fold_identity_broadcast_constant(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %one_s = arith.constant dense<1.0> : tensor<f32>
  %one_v = arith.constant dense<1.0> : tensor<3xf32>
  %zero_row = arith.constant dense<0.0> : tensor<1x3xf32>
  %one_col = arith.constant dense<1.0> : tensor<2x1xf32>
  %0 = seam.mul %x, %one_s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = seam.div %x, %one_v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = seam.sub %x, %zero_row : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %3 = seam.pow %x, %one_col : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// x * 1 that changes the shape is not folded: the result is x broadcast to
// the constant's shape, not x. The same holds for x / 1, x - 0 and x ^ 1, and
// for 1 * x once the constant has moved to the rhs.
// CHECK-LABEL: func @no_fold_identity_changing_shape(
// CHECK-SAME: %[[X:.*]]: tensor<3xf32>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[ONE_ROW:.*]] = arith.constant dense<1.000000e+00> : tensor<1x3xf32>
// CHECK: %[[MUL:.*]] = seam.mul %[[X]], %[[ONE]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[MUL2:.*]] = seam.mul %[[X]], %[[ONE]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[DIV:.*]] = seam.div %[[X]], %[[ONE_ROW]] : (tensor<3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK: %[[SUB:.*]] = seam.sub %[[X]], %[[ZERO]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[POW:.*]] = seam.pow %[[X]], %[[ONE]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[MUL]], %[[MUL2]], %[[DIV]], %[[SUB]], %[[POW]]
func.func @no_fold_identity_changing_shape(%x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %zero = arith.constant dense<0.0> : tensor<2x3xf32>
  %one_row = arith.constant dense<1.0> : tensor<1x3xf32>
  %0 = seam.mul %x, %one : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = seam.mul %one, %x : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = seam.div %x, %one_row : (tensor<3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  %3 = seam.sub %x, %zero : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = seam.pow %x, %one : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// x - (-0) is not x: it is x + (+0), and -0.0 + (+0.0) = +0.0. Only a
// bitwise +0.0 is the identity of sub (x - (+0) = x + (-0) = x for every x,
// see fold_sub_zero), so a -0.0 splat, of either shape, stays.
// CHECK-LABEL: func @no_fold_sub_negative_zero(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[NZ:.*]] = arith.constant dense<-0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[NZS:.*]] = arith.constant dense<-0.000000e+00> : tensor<f32>
// CHECK: %[[R:.*]] = seam.sub %[[X]], %[[NZ]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[RS:.*]] = seam.sub %[[X]], %[[NZS]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: return %[[R]], %[[RS]]
func.func @no_fold_sub_negative_zero(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %nz = arith.constant dense<-0.0> : tensor<2x3xf32>
  %nzs = arith.constant dense<-0.0> : tensor<f32>
  %0 = seam.sub %x, %nz : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = seam.sub %x, %nzs : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// x + 0 is not x: -0.0 + 0.0 = +0.0.
// CHECK-LABEL: func @no_fold_add_zero(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.*]] = seam.add %[[X]], %[[ZERO]]
// CHECK: return %[[R]]
func.func @no_fold_add_zero(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant dense<0.0> : tensor<2x3xf32>
  %0 = seam.add %x, %zero : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Only a splat of exactly one is an identity.
// CHECK-LABEL: func @no_fold_mul_two(
// CHECK: seam.mul
func.func @no_fold_mul_two(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %two = arith.constant dense<2.0> : tensor<2x3xf32>
  %0 = seam.mul %x, %two : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// 1 / x is not x.
// CHECK-LABEL: func @no_fold_one_div(
// CHECK: seam.div
func.func @no_fold_one_div(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = seam.div %one, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// Commutative ops: constants move to the rhs
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @add_constant_to_rhs(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.*]] = seam.add %[[X]], %[[C]]
// CHECK: return %[[R]]
func.func @add_constant_to_rhs(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<2.0> : tensor<2x3xf32>
  %0 = seam.add %c, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @mul_constant_to_rhs(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.*]] = seam.mul %[[X]], %[[C]]
// CHECK: return %[[R]]
func.func @mul_constant_to_rhs(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<2.0> : tensor<2x3xf32>
  %0 = seam.mul %c, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Once the one is on the rhs, 1 * x folds to x.
// CHECK-LABEL: func @fold_one_mul(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.mul
// CHECK: return %[[X]]
func.func @fold_one_mul(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = seam.mul %one, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// sub is not commutative: its constant lhs stays.
// CHECK-LABEL: func @sub_constant_stays_lhs(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK: seam.sub %[[C]], %[[X]]
func.func @sub_constant_stays_lhs(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<2.0> : tensor<2x3xf32>
  %0 = seam.sub %c, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// seam.reshape
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @fold_reshape_identity(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.reshape
// CHECK: return %[[X]]
func.func @fold_reshape_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @fold_reshape_reshape(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R:.*]] = seam.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NOT: seam.reshape
// CHECK: return %[[R]]
func.func @fold_reshape_reshape(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %0 = seam.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %1 = seam.reshape %0 : (tensor<24xf32>) -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// Reshaping back to the original shape leaves nothing.
// CHECK-LABEL: func @fold_reshape_reshape_identity(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.reshape
// CHECK: return %[[X]]
func.func @fold_reshape_reshape_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = seam.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// A dense (non-splat) constant is reshaped in place, row-major.
// CHECK-LABEL: func @fold_reshape_constant(
// CHECK: %[[C:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NOT: seam.reshape
// CHECK: return %[[C]]
func.func @fold_reshape_constant() -> tensor<2x3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %0 = seam.reshape %c : (tensor<6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// seam.transpose
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @fold_transpose_identity(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: seam.transpose
// CHECK: return %[[X]]
func.func @fold_transpose_identity(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = seam.transpose %x {perm = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Result dim i of the outer transpose is dim p2[i] of the inner one, which is
// dim p1[p2[i]] of x: p1 = [1, 2, 0], p2 = [0, 2, 1] give [1, 0, 2].
//   x: 2x3x4 -> inner: 3x4x2 -> outer: 3x2x4 = x dims [1, 0, 2].
// CHECK-LABEL: func @fold_transpose_transpose(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R:.*]] = seam.transpose %[[X]] {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
// CHECK-NOT: seam.transpose
// CHECK: return %[[R]]
func.func @fold_transpose_transpose(%x: tensor<2x3x4xf32>) -> tensor<3x2x4xf32> {
  %0 = seam.transpose %x {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = seam.transpose %0 {perm = array<i64: 0, 2, 1>} : (tensor<3x4x2xf32>) -> tensor<3x2x4xf32>
  return %1 : tensor<3x2x4xf32>
}

// -----

// [1, 2, 0] followed by its inverse [2, 0, 1] is the identity.
// CHECK-LABEL: func @fold_transpose_transpose_identity(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: seam.transpose
// CHECK: return %[[X]]
func.func @fold_transpose_transpose_identity(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = seam.transpose %x {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = seam.transpose %0 {perm = array<i64: 2, 0, 1>} : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// A transposed splat is a splat of the result type.
// CHECK-LABEL: func @fold_transpose_splat(
// CHECK: %[[C:.*]] = arith.constant dense<7.000000e+00> : tensor<3x2xf32>
// CHECK-NOT: seam.transpose
// CHECK: return %[[C]]
func.func @fold_transpose_splat() -> tensor<3x2xf32> {
  %c = arith.constant dense<7.0> : tensor<2x3xf32>
  %0 = seam.transpose %c {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A real transpose of a non-constant stays.
// CHECK-LABEL: func @no_fold_transpose(
// CHECK: seam.transpose %{{.*}} {perm = array<i64: 1, 0>}
func.func @no_fold_transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = seam.transpose %x {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

//===----------------------------------------------------------------------===//
// seam.pad / seam.slice / seam.concat
//===----------------------------------------------------------------------===//

// -----

// All-zero pads are the identity in every mode.
// CHECK-LABEL: func @fold_pad_zero(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.pad
// CHECK: return %[[X]], %[[X]]
func.func @fold_pad_zero(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = seam.pad %x {pads = array<i64: 0, 0, 0, 0>, value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = seam.pad %x {pads = array<i64: 0, 0, 0, 0>, mode = #seam<pad_mode reflect>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Pads that cancel out ([1, -1] keeps the size) move the data: no fold.
// CHECK-LABEL: func @no_fold_pad_shift(
// CHECK: seam.pad %{{.*}} {pads = array<i64: 1, 0, -1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @no_fold_pad_shift(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.pad %x {pads = array<i64: 1, 0, -1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Slices that take everything with step 1: explicit full bounds, and
// out-of-range bounds that clamp to the full range.
// CHECK-LABEL: func @fold_slice_identity(
// CHECK-SAME: %[[X:.*]]: tensor<4x5xf32>)
// CHECK-NOT: seam.slice
// CHECK: return %[[X]], %[[X]]
func.func @fold_slice_identity(%x: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %0 = seam.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 4, 5>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %1 = seam.slice %x {starts = array<i64: -100>, ends = array<i64: 9223372036854775807>, axes = array<i64: 1>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4x5xf32>
}

// -----

// A full reversal (step -1) keeps the shape but is not the identity.
// CHECK-LABEL: func @no_fold_slice_reverse(
// CHECK: seam.slice %{{.*}} {ends = array<i64: -6>, starts = array<i64: -1>, steps = array<i64: -1>} : (tensor<5xf32>) -> tensor<5xf32>
func.func @no_fold_slice_reverse(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = seam.slice %x {starts = array<i64: -1>, ends = array<i64: -6>, steps = array<i64: -1>} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// A slice of a splat is a splat of the result type.
// CHECK-LABEL: func @fold_slice_splat(
// CHECK: %[[C:.*]] = arith.constant dense<3.000000e+00> : tensor<2x5xf32>
// CHECK-NOT: seam.slice
// CHECK: return %[[C]]
func.func @fold_slice_splat() -> tensor<2x5xf32> {
  %c = arith.constant dense<3.0> : tensor<4x5xf32>
  %0 = seam.slice %c {starts = array<i64: 1>, ends = array<i64: 3>} : (tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func @fold_concat_single(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: seam.concat
// CHECK: return %[[X]]
func.func @fold_concat_single(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.concat %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @no_fold_concat(
// CHECK: seam.concat %{{.*}}, %{{.*}} {axis = 0 : i64}
func.func @no_fold_concat(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = seam.concat %x, %x {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A pooling window of one element, stride 1 and no padding is the identity
// (adaptive pooling exported for an input already of the output's size).
// CHECK-LABEL: func @identity_pools
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x6x6xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @identity_pools(%x: tensor<1x4x6x6xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) {
  %a = seam.avg_pool %x {kernel_shape = array<i64: 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %m = seam.max_pool %x {kernel_shape = array<i64: 1, 1>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %a, %m : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>
}

// -----

// A window of one element with a stride of 2 is not. (Nor would one with
// padding be, but a one-element window cannot be padded: pads must be smaller
// than the kernel extent, invalid.mlir.)
// CHECK-LABEL: func @strided_pools
// CHECK: seam.max_pool
// CHECK: seam.avg_pool
func.func @strided_pools(%x: tensor<1x4x6x6xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x6x3xf32>) {
  %m = seam.max_pool %x {kernel_shape = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %a = seam.avg_pool %x {kernel_shape = array<i64: 1, 1>, strides = array<i64: 1, 2>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x3xf32>
  return %m, %a : tensor<1x4x3x3xf32>, tensor<1x4x6x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Rewrites (SeamCanonicalization.cpp)
//===----------------------------------------------------------------------===//

// x * hard_sigmoid(x) with alpha 1/6 (f32: 0.166666672) and beta 1/2, in
// either order, is hard_swish(x); the hard sigmoid goes when unused.
// CHECK-LABEL: func @mul_by_own_hard_sigmoid(
// CHECK-SAME: %[[X:.*]]: tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[A:.*]] = seam.hard_swish %[[X]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[B:.*]] = seam.hard_swish %[[X]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @mul_by_own_hard_sigmoid(%x: tensor<1x4x2x2xf32>) -> (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) {
  %g = seam.hard_sigmoid %x {alpha = 0.166666672 : f32, beta = 5.000000e-01 : f32} : tensor<1x4x2x2xf32>
  %0 = seam.mul %x, %g : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %1 = seam.mul %g, %x : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return %0, %1 : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>
}

// -----

// Not a hard swish: another alpha (ONNX's default 0.2), another beta, the
// hard sigmoid of another value.
// CHECK-LABEL: func @mul_by_other_hard_sigmoid(
// CHECK-NOT: seam.hard_swish
// CHECK-COUNT-3: seam.mul
func.func @mul_by_other_hard_sigmoid(%x: tensor<1x4x2x2xf32>, %y: tensor<1x4x2x2xf32>) -> (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) {
  %g = seam.hard_sigmoid %x {alpha = 2.000000e-01 : f32, beta = 5.000000e-01 : f32} : tensor<1x4x2x2xf32>
  %0 = seam.mul %x, %g : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %h = seam.hard_sigmoid %y {alpha = 0.166666672 : f32, beta = 5.000000e-01 : f32} : tensor<1x4x2x2xf32>
  %1 = seam.mul %x, %h : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %k = seam.hard_sigmoid %x {alpha = 0.166666672 : f32, beta = 2.500000e-01 : f32} : tensor<1x4x2x2xf32>
  %2 = seam.mul %k, %x : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return %0, %1, %2 : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>
}

// -----

// A zero pad of H and W before a conv becomes the conv's padding, added to
// its own (resolved from auto_pad when it has one).
// CHECK-LABEL: func @fold_pad_into_conv(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x3x8x8xf32>
// CHECK-NOT: seam.pad
// CHECK: seam.conv %[[X]], %{{.*}} {pads = array<i64: 1, 2, 3, 4>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x10x12xf32>
// CHECK: seam.conv %[[X]], %{{.*}} {pads = array<i64: 2, 3, 1, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x6xf32>
func.func @fold_pad_into_conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> (tensor<1x4x10x12xf32>, tensor<1x4x5x6xf32>) {
  %p = seam.pad %x {pads = array<i64: 0, 0, 1, 2, 0, 0, 3, 4>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x12x14xf32>
  %0 = seam.conv %p, %w : (tensor<1x3x12x14xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x10x12xf32>
  %q = seam.pad %x {pads = array<i64: 0, 0, 1, 2, 0, 0, 0, 1>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x9x11xf32>
  %1 = seam.conv %q, %w {auto_pad = #seam<auto_pad same_upper>, strides = array<i64: 2, 2>} : (tensor<1x3x9x11xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x6xf32>
  return %0, %1 : tensor<1x4x10x12xf32>, tensor<1x4x5x6xf32>
}

// -----

// Not folded: a pad of the channels, a nonzero value, a reflect pad, a
// cropping (negative) pad.
// CHECK-LABEL: func @keep_pad_before_conv(
// CHECK-COUNT-4: seam.pad
func.func @keep_pad_before_conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x4x3x3xf32>, %v: tensor<4x3x3x3xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, tensor<1x4x5x7xf32>) {
  %a = seam.pad %x {pads = array<i64: 0, 1, 0, 0, 0, 0, 0, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %0 = seam.conv %a, %w : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %b = seam.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = 1.0 : f32} : (tensor<1x3x8x8xf32>) -> tensor<1x3x10x10xf32>
  %1 = seam.conv %b, %v : (tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %c = seam.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, mode = #seam<pad_mode reflect>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x10x10xf32>
  %2 = seam.conv %c, %v : (tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %d = seam.pad %x {pads = array<i64: 0, 0, 0, 1, 0, 0, -1, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x9xf32>
  %3 = seam.conv %d, %v : (tensor<1x3x7x9xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x7xf32>
  return %0, %1, %2, %3 : tensor<1x4x6x6xf32>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, tensor<1x4x5x7xf32>
}

// -----

// A spatial pad before pooling becomes the pool's padding, added to its own:
// -inf before a max pool, 0 before a max pool of a Relu (no element is below
// it), 0 before an average pool, which then counts its padding.
// CHECK-LABEL: func @fold_pad_into_pool(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x8x8xf32>
// CHECK-NOT: seam.pad
// CHECK: seam.max_pool %[[X]] {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 0, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[R:.*]] = seam.relu %[[X]]
// CHECK-NOT: seam.pad
// CHECK: seam.max_pool %[[R]] {kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 0, 0>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
// CHECK-NOT: seam.pad
// CHECK: seam.avg_pool %[[X]] {count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
// CHECK: seam.avg_pool %[[X]] {count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 2, 1, 1, 1>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
func.func @fold_pad_into_pool(%x: tensor<1x2x8x8xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>, tensor<1x2x9x8xf32>) {
  %a = seam.pad %x {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>, value = 0xFF800000 : f32} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
  %0 = seam.max_pool %a {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 1, 0, 1>} : (tensor<1x2x9x8xf32>) -> tensor<1x2x4x4xf32>
  %r = seam.relu %x : tensor<1x2x8x8xf32>
  %b = seam.pad %r {pads = array<i64: 0, 0, 1, 1, 0, 0, 0, 0>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x9xf32>
  %1 = seam.max_pool %b {kernel_shape = array<i64: 2, 2>} : (tensor<1x2x9x9xf32>) -> tensor<1x2x8x8xf32>
  %c = seam.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x10x10xf32>
  %2 = seam.avg_pool %c {kernel_shape = array<i64: 3, 3>} : (tensor<1x2x10x10xf32>) -> tensor<1x2x8x8xf32>
  %d = seam.pad %x {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
  %3 = seam.avg_pool %d {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x2x9x8xf32>) -> tensor<1x2x9x8xf32>
  return %0, %1, %2, %3 : tensor<1x2x4x4xf32>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>, tensor<1x2x9x8xf32>
}

// -----

// Not folded: a 0 pad before a max pool of values that may be negative; a
// pad (0 of a Relu, or -inf) before a dilated max pool (a window may hold no
// element of the input); a 0 pad before an average pool that has pads of its own it
// does not count; with ceil_mode; a pad as wide as the window; a pad of
// another value.
// CHECK-LABEL: func @keep_pad_before_pool(
// CHECK-COUNT-7: seam.pad
func.func @keep_pad_before_pool(%x: tensor<1x2x8x8xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x9x8xf32>, tensor<1x2x5x4xf32>, tensor<1x2x9x8xf32>, tensor<1x2x8x8xf32>, tensor<1x2x1x8xf32>) {
  %a = seam.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 0, 0>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x9xf32>
  %0 = seam.max_pool %a {kernel_shape = array<i64: 2, 2>} : (tensor<1x2x9x9xf32>) -> tensor<1x2x8x8xf32>
  %r = seam.relu %x : tensor<1x2x8x8xf32>
  %b = seam.pad %r {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
  %1 = seam.max_pool %b {kernel_shape = array<i64: 2, 1>, dilations = array<i64: 4, 1>} : (tensor<1x2x9x8xf32>) -> tensor<1x2x5x8xf32>
  %c = seam.pad %x {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
  %2 = seam.avg_pool %c {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x9x8xf32>) -> tensor<1x2x9x8xf32>
  %d = seam.pad %x {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>, value = 0xFF800000 : f32} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
  %3 = seam.max_pool %d {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x9x8xf32>) -> tensor<1x2x5x4xf32>
  %e = seam.pad %x {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>, value = 0xFF800000 : f32} : (tensor<1x2x8x8xf32>) -> tensor<1x2x9x8xf32>
  %4 = seam.max_pool %e {kernel_shape = array<i64: 1, 1>} : (tensor<1x2x9x8xf32>) -> tensor<1x2x9x8xf32>
  %f = seam.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = 1.0 : f32} : (tensor<1x2x8x8xf32>) -> tensor<1x2x10x10xf32>
  %5 = seam.avg_pool %f {kernel_shape = array<i64: 3, 3>} : (tensor<1x2x10x10xf32>) -> tensor<1x2x8x8xf32>
  %g = seam.pad %x {pads = array<i64: 0, 0, 1, 0, 0, 0, 1, 0>, value = 0xFF800000 : f32} : (tensor<1x2x8x8xf32>) -> tensor<1x2x10x8xf32>
  %6 = seam.max_pool %g {kernel_shape = array<i64: 2, 1>, dilations = array<i64: 9, 1>} : (tensor<1x2x10x8xf32>) -> tensor<1x2x1x8xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1x2x8x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x9x8xf32>, tensor<1x2x5x4xf32>, tensor<1x2x9x8xf32>, tensor<1x2x8x8xf32>, tensor<1x2x1x8xf32>
}

// -----

// x * sigmoid(x), in either order, is silu(x).
// CHECK-LABEL: func @mul_by_own_sigmoid(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x4x2x2xf32>, %[[Y:[^:]*]]: tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[A:.*]] = seam.silu %[[X]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[B:.*]] = seam.silu %[[X]] : tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[S:.*]] = seam.sigmoid %[[Y]]
// CHECK-NEXT: %[[C:.*]] = seam.mul %[[X]], %[[S]]
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]]
func.func @mul_by_own_sigmoid(%x: tensor<1x4x2x2xf32>, %y: tensor<1x4x2x2xf32>) -> (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) {
  %s = seam.sigmoid %x : tensor<1x4x2x2xf32>
  %0 = seam.mul %x, %s : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %1 = seam.mul %s, %x : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %t = seam.sigmoid %y : tensor<1x4x2x2xf32>
  %2 = seam.mul %x, %t : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return %0, %1, %2 : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>
}

// -----

// silu(2) = 2 / (1 + e^-2) = 1.76159406; silu(-1) = -1 / (1 + e) =
// -0.268941432 (f32, printed in their shortest form).
// CHECK-LABEL: func @fold_silu(
// CHECK-DAG: arith.constant dense<1.76159406> : tensor<3xf32>
// CHECK-DAG: arith.constant dense<-0.268941432> : tensor<3xf32>
// CHECK-NOT: seam.silu
func.func @fold_silu() -> (tensor<3xf32>, tensor<3xf32>) {
  %a = arith.constant dense<2.0> : tensor<3xf32>
  %b = arith.constant dense<-1.0> : tensor<3xf32>
  %0 = seam.silu %a : tensor<3xf32>
  %1 = seam.silu %b : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
