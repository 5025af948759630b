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

// -----

// CHECK-LABEL: func @matmul_2d
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5x4xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: %[[R:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<3x5xf32>, tensor<5x4xf32>) outs(%[[INIT]] : tensor<3x4xf32>)
// CHECK: return %[[R]]
func.func @matmul_2d(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>) -> tensor<3x4xf32> {
  %y = seam.matmul %a, %b : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// A 1-D lhs is promoted to 1 x K and the added dim removed from the result.
// CHECK-LABEL: func @matmul_vec_mat
// CHECK-SAME: (%[[A:.*]]: tensor<5xf32>, %[[B:.*]]: tensor<5x4xf32>)
// CHECK: %[[A2:.*]] = tensor.expand_shape %[[A]] {{\[\[}}0, 1]] output_shape [1, 5] : tensor<5xf32> into tensor<1x5xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[A2]], %[[B]] : tensor<1x5xf32>, tensor<5x4xf32>) outs(%{{.*}} : tensor<1x4xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[M]] {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK: return %[[R]]
func.func @matmul_vec_mat(%a: tensor<5xf32>, %b: tensor<5x4xf32>) -> tensor<4xf32> {
  %y = seam.matmul %a, %b : (tensor<5xf32>, tensor<5x4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @matmul_mat_vec
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK: %[[B2:.*]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1]] output_shape [5, 1] : tensor<5xf32> into tensor<5x1xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B2]] : tensor<3x5xf32>, tensor<5x1xf32>) outs(%{{.*}} : tensor<3x1xf32>)
// CHECK: tensor.collapse_shape %[[M]] {{\[\[}}0, 1]] : tensor<3x1xf32> into tensor<3xf32>
func.func @matmul_mat_vec(%a: tensor<3x5xf32>, %b: tensor<5xf32>) -> tensor<3xf32> {
  %y = seam.matmul %a, %b : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

// B is one matrix: A's batch dims fold into its rows, one linalg.matmul.
// CHECK-LABEL: func @matmul_batched_lhs
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3x5xf32>, %[[B:.*]]: tensor<5x4xf32>)
// CHECK: %[[A2:.*]] = tensor.collapse_shape %[[A]] {{\[\[}}0, 1, 2], [3]] : tensor<2x3x3x5xf32> into tensor<18x5xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[A2]], %[[B]] : tensor<18x5xf32>, tensor<5x4xf32>) outs(%{{.*}} : tensor<18x4xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 3, 3, 4] : tensor<18x4xf32> into tensor<2x3x3x4xf32>
// CHECK: return %[[R]]
func.func @matmul_batched_lhs(%a: tensor<2x3x3x5xf32>, %b: tensor<5x4xf32>) -> tensor<2x3x3x4xf32> {
  %y = seam.matmul %a, %b : (tensor<2x3x3x5xf32>, tensor<5x4xf32>) -> tensor<2x3x3x4xf32>
  return %y : tensor<2x3x3x4xf32>
}

// -----

// A is one matrix that every batch of B reads: broadcast in A's map.
// CHECK-DAG: #[[MAPA:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG: #[[MAPB:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[MAPC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func @matmul_batched_rhs
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<2x5x4xf32>)
// CHECK: %[[R:.*]] = linalg.batch_matmul indexing_maps = [#[[MAPA]], #[[MAPB]], #[[MAPC]]] ins(%[[A]], %[[B]] : tensor<3x5xf32>, tensor<2x5x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK: return %[[R]]
func.func @matmul_batched_rhs(%a: tensor<3x5xf32>, %b: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  %y = seam.matmul %a, %b : (tensor<3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func @matmul_same_batch
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<2x5x4xf32>)
// CHECK: linalg.batch_matmul ins(%[[A]], %[[B]] : tensor<2x3x5xf32>, tensor<2x5x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
func.func @matmul_same_batch(%a: tensor<2x3x5xf32>, %b: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  %y = seam.matmul %a, %b : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// Batch dims that broadcast both ways (2x1 with 3) are materialized at 2x3,
// collapsed to 6 and multiplied by one batch_matmul.
// CHECK-DAG: #[[BA:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
// CHECK-DAG: #[[BB:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func @matmul_broadcast_batch
// CHECK-SAME: (%[[A:.*]]: tensor<2x1x3x5xf32>, %[[B:.*]]: tensor<3x5x4xf32>)
// CHECK: %[[FA:.*]] = linalg.generic {indexing_maps = [#[[BA]], #[[ID]]], {{.*}}} ins(%[[A]] : tensor<2x1x3x5xf32>) outs(%{{.*}} : tensor<2x3x3x5xf32>)
// CHECK: %[[CA:.*]] = tensor.collapse_shape %[[FA]] {{\[\[}}0, 1], [2], [3]] : tensor<2x3x3x5xf32> into tensor<6x3x5xf32>
// CHECK: %[[FB:.*]] = linalg.generic {indexing_maps = [#[[BB]], #[[ID]]], {{.*}}} ins(%[[B]] : tensor<3x5x4xf32>) outs(%{{.*}} : tensor<2x3x5x4xf32>)
// CHECK: %[[CB:.*]] = tensor.collapse_shape %[[FB]] {{\[\[}}0, 1], [2], [3]] : tensor<2x3x5x4xf32> into tensor<6x5x4xf32>
// CHECK: %[[M:.*]] = linalg.batch_matmul ins(%[[CA]], %[[CB]] : tensor<6x3x5xf32>, tensor<6x5x4xf32>) outs(%{{.*}} : tensor<6x3x4xf32>)
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0, 1], [2], [3]] output_shape [2, 3, 3, 4] : tensor<6x3x4xf32> into tensor<2x3x3x4xf32>
func.func @matmul_broadcast_batch(%a: tensor<2x1x3x5xf32>, %b: tensor<3x5x4xf32>) -> tensor<2x3x3x4xf32> {
  %y = seam.matmul %a, %b : (tensor<2x1x3x5xf32>, tensor<3x5x4xf32>) -> tensor<2x3x3x4xf32>
  return %y : tensor<2x3x3x4xf32>
}

// -----

// CHECK-LABEL: func @gemm_plain
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5x4xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : tensor<3x5xf32>, tensor<5x4xf32>) outs(%[[INIT]] : tensor<3x4xf32>)
func.func @gemm_plain(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>) -> tensor<3x4xf32> {
  %y = seam.gemm %a, %b : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// alpha != 1: A^T * B into zeros, then alpha * AB + beta * C (C a column,
// broadcast along N) in one generic.
// CHECK-DAG: #[[AT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func @gemm_trans_a_alpha_beta
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[B:.*]]: tensor<5x4xf32>, %[[C:.*]]: tensor<3x1xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill
// CHECK: %[[AB:.*]] = linalg.matmul indexing_maps = [#[[AT]], #[[KN]], #[[MN]]] ins(%[[A]], %[[B]] : tensor<5x3xf32>, tensor<5x4xf32>) outs(%[[INIT]] : tensor<3x4xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]], {{.*}}} ins(%[[AB]], %[[C]] : tensor<3x4xf32>, tensor<3x1xf32>)
// CHECK: ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ALPHA:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[ALPHA]], %[[P]] : f32
// CHECK: %[[BETA:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[T:.*]] = arith.mulf %[[BETA]], %[[Q]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[S]], %[[T]] : f32
// CHECK: linalg.yield %[[SUM]] : f32
// CHECK: return %[[R]]
func.func @gemm_trans_a_alpha_beta(%a: tensor<5x3xf32>, %b: tensor<5x4xf32>, %c: tensor<3x1xf32>) -> tensor<3x4xf32> {
  %y = seam.gemm %a, %b, %c {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = true} : (tensor<5x3xf32>, tensor<5x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// alpha == 1: the matmul accumulates into beta * C.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @gemm_beta_trans_b
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<4x5xf32>, %[[C:.*]]: tensor<3x4xf32>)
// CHECK: %[[INIT:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], {{.*}}} ins(%[[C]] : tensor<3x4xf32>)
// CHECK: %[[BETA:.*]] = arith.constant -1.500000e+00 : f32
// CHECK: arith.mulf %[[BETA]], %{{.*}} : f32
// CHECK: linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%[[A]], %[[B]] : tensor<3x5xf32>, tensor<4x5xf32>) outs(%[[INIT]] : tensor<3x4xf32>)
func.func @gemm_beta_trans_b(%a: tensor<3x5xf32>, %b: tensor<4x5xf32>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %y = seam.gemm %a, %b, %c {beta = -1.5 : f32, trans_b = true} : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// C already M x N with alpha = beta = 1 is the accumulator itself.
// CHECK-LABEL: func @gemm_c_accumulator
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5x4xf32>, %[[C:.*]]: tensor<3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<3x5xf32>, tensor<5x4xf32>) outs(%[[C]] : tensor<3x4xf32>)
// CHECK-NEXT: return %[[R]]
func.func @gemm_c_accumulator(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %y = seam.gemm %a, %b, %c : (tensor<3x5xf32>, tensor<5x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// beta == 0 drops C (0 * inf would otherwise make NaN).
// CHECK-LABEL: func @gemm_beta_zero
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5x4xf32>, %[[C:.*]]: tensor<3x4xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill
// CHECK: %[[R:.*]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[INIT]] : tensor<3x4xf32>)
// CHECK-NOT: %[[C]]
// CHECK: return %[[R]]
func.func @gemm_beta_zero(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %y = seam.gemm %a, %b, %c {beta = 0.0 : f32} : (tensor<3x5xf32>, tensor<5x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
