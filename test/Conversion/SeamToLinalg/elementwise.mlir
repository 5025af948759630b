// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func @relu
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<1x2x4x4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[M:.*]] = arith.maximumf %[[IN]], %[[ZERO]] : f32
// CHECK: linalg.yield %[[M]] : f32
// CHECK: return %[[R]]
func.func @relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %y = seam.relu %x : tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func @add_same_shape
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>, %[[Y:.*]]: tensor<1x2x4x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.addf %[[A]], %[[B]] : f32
func.func @add_same_shape(%x: tensor<1x2x4x4xf32>, %y: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %z = seam.add %x, %y : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}
