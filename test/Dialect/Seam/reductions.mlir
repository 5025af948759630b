// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s

// Round trip of the reduction family: the reductions besides sum and mean,
// arg_max/arg_min, hardmax and cumsum. Result types are inferred and checked
// by the verifier.

// CHECK-LABEL: func @reduce_max_keepdims(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK: seam.reduce_max %[[X]] {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
func.func @reduce_max_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = seam.reduce_max %x {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// CHECK-LABEL: func @reduce_integer(
// CHECK: seam.reduce_min %{{.*}} {axes = array<i64: -1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
// CHECK: seam.reduce_prod %{{.*}} {keepdims = false} : (tensor<2x3xi32>) -> tensor<i32>
// CHECK: seam.reduce_l1 %{{.*}} : (tensor<2x3xi8>) -> tensor<1x1xi8>
// CHECK: seam.reduce_sum_square %{{.*}} {axes = array<i64: 0>} : (tensor<2x3xi64>) -> tensor<1x3xi64>
func.func @reduce_integer(%a: tensor<2x3xi64>, %b: tensor<2x3xi32>, %c: tensor<2x3xi8>) -> (tensor<2xi64>, tensor<i32>, tensor<1x1xi8>, tensor<1x3xi64>) {
  %0 = seam.reduce_min %a {axes = array<i64: -1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %1 = seam.reduce_prod %b {keepdims = false} : (tensor<2x3xi32>) -> tensor<i32>
  %2 = seam.reduce_l1 %c : (tensor<2x3xi8>) -> tensor<1x1xi8>
  %3 = seam.reduce_sum_square %a {axes = array<i64: 0>} : (tensor<2x3xi64>) -> tensor<1x3xi64>
  return %0, %1, %2, %3 : tensor<2xi64>, tensor<i32>, tensor<1x1xi8>, tensor<1x3xi64>
}

// -----

// CHECK-LABEL: func @reduce_float_only(
// CHECK: seam.reduce_l2 %{{.*}} {axes = array<i64: 2, 0>} : (tensor<2x3x4xf16>) -> tensor<1x3x1xf16>
// CHECK: seam.reduce_log_sum %{{.*}} {keepdims = false} : (tensor<2x3x4xf64>) -> tensor<f64>
// CHECK: seam.reduce_log_sum_exp %{{.*}} {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
func.func @reduce_float_only(%a: tensor<2x3x4xf16>, %b: tensor<2x3x4xf64>, %c: tensor<2x3x4xf32>) -> (tensor<1x3x1xf16>, tensor<f64>, tensor<2x4xf32>) {
  %0 = seam.reduce_l2 %a {axes = array<i64: 2, 0>} : (tensor<2x3x4xf16>) -> tensor<1x3x1xf16>
  %1 = seam.reduce_log_sum %b {keepdims = false} : (tensor<2x3x4xf64>) -> tensor<f64>
  %2 = seam.reduce_log_sum_exp %c {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<1x3x1xf16>, tensor<f64>, tensor<2x4xf32>
}

// -----

// The defaults (axis 0, keepdims, first index) are elided.
// CHECK-LABEL: func @arg_reduce(
// CHECK: seam.arg_max %{{.*}} : (tensor<2x3xf32>) -> tensor<1x3xi64>
// CHECK: seam.arg_min %{{.*}} {axis = -1 : i64, keepdims = false, select_last_index = true} : (tensor<2x3xi32>) -> tensor<2xi64>
func.func @arg_reduce(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) -> (tensor<1x3xi64>, tensor<2xi64>) {
  %0 = seam.arg_max %a {axis = 0 : i64, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x3xi64>
  %1 = seam.arg_min %b {axis = -1 : i64, keepdims = false, select_last_index = true} : (tensor<2x3xi32>) -> tensor<2xi64>
  return %0, %1 : tensor<1x3xi64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func @hardmax_cumsum(
// CHECK: seam.hardmax %{{.*}} : tensor<2x3xf32>
// CHECK: seam.hardmax %{{.*}} {axis = 0 : i64} : tensor<2x3xf64>
// CHECK: seam.cumsum %{{.*}} {axis = 1 : i64} : tensor<2x3xf32>
// CHECK: seam.cumsum %{{.*}} {axis = -2 : i64, exclusive = true, reverse = true} : tensor<2x3xi64>
func.func @hardmax_cumsum(%a: tensor<2x3xf32>, %b: tensor<2x3xf64>, %c: tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2x3xf64>, tensor<2x3xf32>, tensor<2x3xi64>) {
  %0 = seam.hardmax %a : tensor<2x3xf32>
  %1 = seam.hardmax %b {axis = 0 : i64} : tensor<2x3xf64>
  %2 = seam.cumsum %a {axis = 1 : i64} : tensor<2x3xf32>
  %3 = seam.cumsum %c {axis = -2 : i64, exclusive = true, reverse = true} : tensor<2x3xi64>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf64>, tensor<2x3xf32>, tensor<2x3xi64>
}
