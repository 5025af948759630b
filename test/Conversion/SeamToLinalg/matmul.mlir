// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// trans_b is the matmul's B indexing map; C broadcast to M x N is the
// accumulator.
// CHECK-DAG: #[[C1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func @gemm_trans_b_bias
// CHECK-SAME: (%[[A:.*]]: tensor<2x8xf32>, %[[B:.*]]: tensor<4x8xf32>, %[[C:.*]]: tensor<4xf32>)
// CHECK: %[[INIT:.*]] = linalg.generic {indexing_maps = [#[[C1]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[C]] : tensor<4xf32>)
// CHECK: %[[R:.*]] = linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[A]], %[[B]] : tensor<2x8xf32>, tensor<4x8xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK: return %[[R]]
func.func @gemm_trans_b_bias(%a: tensor<2x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %y = seam.gemm %a, %b, %c {trans_b = true} : (tensor<2x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
