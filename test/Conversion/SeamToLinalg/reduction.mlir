// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<1x10xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x10xf32>
// CHECK: %[[R:.*]] = linalg.softmax dimension(1) ins(%[[X]] : tensor<1x10xf32>) outs(%[[E]] : tensor<1x10xf32>)
// CHECK: return %[[R]]
func.func @softmax(%x: tensor<1x10xf32>) -> tensor<1x10xf32> {
  %y = seam.softmax %x {axis = 1 : i64} : tensor<1x10xf32>
  return %y : tensor<1x10xf32>
}

// -----

// A negative axis is normalized.
// CHECK-LABEL: func @softmax_default_axis
// CHECK: linalg.softmax dimension(2) ins(%{{.*}} : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
func.func @softmax_default_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %y = seam.softmax %x : tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// mean over axes 0 and -1 (2 x 4 = 8 elements), kept as unit dims.
// CHECK-DAG: #[[VEC:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @reduce_mean_keepdims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<3xf32>) dimensions = [0, 2]
// CHECK: (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK: %[[ADD:.*]] = arith.addf %[[IN]], %[[ACC]] : f32
// CHECK: linalg.yield %[[ADD]] : f32
// CHECK: %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[VEC]], #[[VEC]]], iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<3xf32>)
// CHECK: %[[N:.*]] = arith.constant 8.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
// CHECK: %[[R:.*]] = tensor.expand_shape %[[MEAN]] {{\[\[}}0, 1, 2]] output_shape [1, 3, 1] : tensor<3xf32> into tensor<1x3x1xf32>
// CHECK: return %[[R]]
func.func @reduce_mean_keepdims(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %y = seam.reduce_mean %x {axes = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  return %y : tensor<1x3x1xf32>
}

// -----

// CHECK-LABEL: func @reduce_sum_no_keepdims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%[[X]] : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<2x4xf32>) dimensions = [1]
// CHECK-NOT: arith.divf
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[SUM]]
func.func @reduce_sum_no_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %y = seam.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// No axes: every axis, down to a 0-d tensor.
// CHECK-LABEL: func @reduce_sum_all
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0, 1]
// CHECK: return %[[SUM]]
func.func @reduce_sum_all(%x: tensor<2x3xf32>) -> tensor<f32> {
  %y = seam.reduce_sum %x {keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// CHECK-LABEL: func @reduce_mean_all_keepdims
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0, 1]
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<f32>)
// CHECK: arith.constant 6.000000e+00 : f32
// CHECK: tensor.expand_shape %[[MEAN]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @reduce_mean_all_keepdims(%x: tensor<2x3xf32>) -> tensor<1x1xf32> {
  %y = seam.reduce_mean %x : (tensor<2x3xf32>) -> tensor<1x1xf32>
  return %y : tensor<1x1xf32>
}
