// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// Padded positions never win: the input is padded with -inf and the
// accumulator starts at -inf.
// CHECK-LABEL: func @max_pool_pads
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x8x8xf32>)
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEGINF]] : f32
// CHECK: } : tensor<1x2x8x8xf32> to tensor<1x2x10x10xf32>
// CHECK: %[[NEGINF2:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEGINF2]] : f32) outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK: %[[WIN:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK: %[[R:.*]] = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[WIN]] : tensor<1x2x10x10xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x2x4x4xf32>)
// CHECK: return %[[R]]
func.func @max_pool_pads(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %y = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @global_avg_pool
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x2xf32>)
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%[[X]] : tensor<1x2x4x4xf32>) outs(%[[INIT]] : tensor<1x2xf32>) dimensions = [2, 3]
// CHECK: arith.addf
// CHECK: %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[SUM]] : tensor<1x2xf32>)
// CHECK: %[[N:.*]] = arith.constant 1.600000e+01 : f32
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
// CHECK: %[[R:.*]] = tensor.expand_shape %[[MEAN]] {{\[\[}}0], [1, 2, 3]] output_shape [1, 2, 1, 1] : tensor<1x2xf32> into tensor<1x2x1x1xf32>
// CHECK: return %[[R]]
func.func @global_avg_pool(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32> {
  %y = seam.global_avg_pool %x : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}
