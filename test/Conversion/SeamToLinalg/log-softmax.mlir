// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// x - m - log(sum(exp(x - m))) with m = max(x) along the axis: two
// reductions from -inf and 0, and two generics that read them broadcast.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @log_softmax_last_axis
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[M0:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[M:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x5xf32>) outs(%[[M0]] : tensor<2xf32>) dimensions = [1]
// CHECK: arith.maximumf
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], {{.*}} ins(%{{.*}}, %[[M]] : tensor<2x5xf32>, tensor<2xf32>)
// CHECK: arith.subf
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%[[S]] : tensor<2x5xf32>)
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], {{.*}} ins(%[[S]], %[[SUM]] : tensor<2x5xf32>, tensor<2xf32>)
// CHECK: math.log
// CHECK: arith.subf
func.func @log_softmax_last_axis(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = seam.log_softmax %x : tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Axis 0 of a 3-D tensor; f16 is extended to f32 before and truncated after.
// CHECK-DAG: #[[RED:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func @log_softmax_f16_axis0
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: linalg.reduce ins(%{{.*}} : tensor<3x2x4xf32>) outs(%{{.*}} : tensor<2x4xf32>) dimensions = [0]
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[RED]], #{{.*}}]
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @log_softmax_f16_axis0(%x: tensor<3x2x4xf16>) -> tensor<3x2x4xf16> {
  %0 = seam.log_softmax %x {axis = 0 : i64} : tensor<3x2x4xf16>
  return %0 : tensor<3x2x4xf16>
}
