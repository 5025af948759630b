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

// -----

// Broadcasting both ways: 2x1x4 - 3x1 -> 2x3x4; a stretched size-1 dim reads
// index 0, missing leading dims are dropped from the map.
// CHECK-DAG: #[[L:.*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[R:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func @sub_broadcast_both
// CHECK-SAME: (%[[X:.*]]: tensor<2x1x4xf32>, %[[Y:.*]]: tensor<3x1xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[L]], #[[R]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[E]] : tensor<2x3x4xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.subf %[[A]], %[[B]] : f32
func.func @sub_broadcast_both(%x: tensor<2x1x4xf32>, %y: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %z = seam.sub %x, %y : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %z : tensor<2x3x4xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @mul_row
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK: arith.mulf
func.func @mul_row(%x: tensor<3x4xf32>, %y: tensor<4xf32>) -> tensor<3x4xf32> {
  %z = seam.mul %x, %y : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-LABEL: func @div_by_1x1
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[ID]]]
// CHECK: arith.divf
func.func @div_by_1x1(%x: tensor<3x4xf32>, %y: tensor<1x1xf32>) -> tensor<3x4xf32> {
  %z = seam.div %x, %y : (tensor<3x4xf32>, tensor<1x1xf32>) -> tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func @pow
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: math.powf %[[A]], %[[B]] : f32
func.func @pow(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %z = seam.pow %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %z : tensor<4xf32>
}

// -----

// sigmoid = 1 / (1 + exp(-x))
// CHECK-LABEL: func @sigmoid
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[NEG:.*]] = arith.negf %[[X]] : f32
// CHECK: %[[E:.*]] = math.exp %[[NEG]] : f32
// CHECK: %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK: %[[R:.*]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.sigmoid %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @tanh
// CHECK: math.tanh
// CHECK-LABEL: func @exp
// CHECK: math.exp
// CHECK-LABEL: func @sqrt
// CHECK: math.sqrt
// CHECK-LABEL: func @erf
// CHECK: math.erf
func.func @tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.tanh %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @exp(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @sqrt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.sqrt %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.erf %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// hard_swish = x * min(max(x / 6 + 1/2, 0), 1), NaN-propagating clamps.
// CHECK-LABEL: func @hard_swish
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[SIXTH:.*]] = arith.constant 0.166666672 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[SIXTH]] : f32
// CHECK: %[[T:.*]] = arith.addf %[[S]], %[[HALF]] : f32
// CHECK: %[[LO:.*]] = arith.maximumf %[[T]], %{{.*}} : f32
// CHECK: %[[HI:.*]] = arith.minimumf %[[LO]], %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.mulf %[[X]], %[[HI]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @hard_swish(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.hard_swish %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @hard_sigmoid
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG: %[[BETA:.*]] = arith.constant 7.500000e-01 : f32
// CHECK-DAG: %[[ALPHA:.*]] = arith.constant 2.500000e-01 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[ALPHA]] : f32
// CHECK: %[[T:.*]] = arith.addf %[[S]], %[[BETA]] : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[LO:.*]] = arith.maximumf %[[T]], %[[ZERO]] : f32
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[HI:.*]] = arith.minimumf %[[LO]], %[[ONE]] : f32
// CHECK: linalg.yield %[[HI]] : f32
func.func @hard_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.hard_sigmoid %x {alpha = 0.25 : f32, beta = 0.75 : f32} : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @leaky_relu
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ALPHA:.*]] = arith.constant 1.000000e-01 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[ALPHA]] : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[POS:.*]] = arith.cmpf oge, %[[X]], %[[ZERO]] : f32
// CHECK: %[[R:.*]] = arith.select %[[POS]], %[[X]], %[[S]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @leaky_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.leaky_relu %x {alpha = 0.1 : f32} : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @clip_both
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[MIN:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[LO:.*]] = arith.maximumf %[[X]], %[[MIN]] : f32
// CHECK: %[[MAX:.*]] = arith.constant 6.000000e+00 : f32
// CHECK: %[[HI:.*]] = arith.minimumf %[[LO]], %[[MAX]] : f32
// CHECK: linalg.yield %[[HI]] : f32
func.func @clip_both(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.clip %x {min = -1.0 : f32, max = 6.0 : f32} : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A missing bound does not clip.
// CHECK-LABEL: func @clip_min_only
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[LO:.*]] = arith.maximumf %[[X]], %{{.*}} : f32
// CHECK-NOT: arith.minimumf
// CHECK: linalg.yield %[[LO]] : f32
func.func @clip_min_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.clip %x {min = 0.0 : f32} : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Constant parameters: s = scale / sqrt(var + eps) = [2 / 2, 1 / 4] and
// t = bias - mean * s = [0.5 - 1, -1 - 0] computed at compile time.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func @batch_norm_constant
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>)
// CHECK-DAG: %[[S:.*]] = arith.constant dense<[1.000000e+00, 2.500000e-01]> : tensor<2xf32>
// CHECK-DAG: %[[T:.*]] = arith.constant dense<[-5.000000e-01, -1.000000e+00]> : tensor<2xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[CH]], #[[ID]]], {{.*}}} ins(%[[X]], %[[S]], %[[T]] : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK: %[[Y:.*]] = arith.addf %[[M]], %[[C]] : f32
// CHECK: linalg.yield %[[Y]] : f32
// CHECK-NOT: math.sqrt
// CHECK: return %[[R]]
func.func @batch_norm_constant(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %s = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %v = arith.constant dense<[3.0, 15.0]> : tensor<2xf32>
  %y = seam.batch_norm %x, %s, %b, %m, %v {epsilon = 1.0 : f32} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// Parameters known at run time only: s and t by two C-sized generics.
// CHECK-DAG: #[[VEC:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func @batch_norm_arguments
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>, %[[SC:.*]]: tensor<2xf32>, %[[BI:.*]]: tensor<2xf32>, %[[ME:.*]]: tensor<2xf32>, %[[VA:.*]]: tensor<2xf32>)
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[VEC]], #[[VEC]], #[[VEC]]], iterator_types = ["parallel"]} ins(%[[SC]], %[[VA]] : tensor<2xf32>, tensor<2xf32>)
// CHECK: ^bb0(%[[G:.*]]: f32, %[[V:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK: %[[VE:.*]] = arith.addf %[[V]], %[[EPS]] : f32
// CHECK: %[[SD:.*]] = math.sqrt %[[VE]] : f32
// CHECK: arith.divf %[[G]], %[[SD]] : f32
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[BI]], %[[ME]], %[[S]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK: ^bb0(%[[B:.*]]: f32, %[[M:.*]]: f32, %[[SS:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[MS:.*]] = arith.mulf %[[M]], %[[SS]] : f32
// CHECK: arith.subf %[[B]], %[[MS]] : f32
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[CH]], #[[CH]], #{{.*}}], {{.*}}} ins(%[[X]], %[[S]], %[[T]] : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>)
func.func @batch_norm_arguments(%x: tensor<1x2x3x3xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>, %m: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.batch_norm %x, %s, %b, %m, %v : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// A 0-d operand broadcasts through an empty-result map.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @add_scalar
// CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[X:.*]]: tensor<2x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[ID]]], {{.*}}} ins(%[[S]], %[[X]] : tensor<f32>, tensor<2x3xf32>)
func.func @add_scalar(%s: tensor<f32>, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = seam.add %s, %x : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// A constant exponent 2 squares: exact, and defined for negative bases.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @pow_square
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], {{.*}}} ins(%[[X]] : tensor<2x3xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[SQ:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK: linalg.yield %[[SQ]] : f32
// CHECK-NOT: math.powf
func.func @pow_square(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<2.0> : tensor<f32>
  %y = seam.pow %x, %c : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// Exponent 3, broadcast to a larger result than the base.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @pow_cube_broadcast
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #{{.*}}], {{.*}}} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[SQ:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK: %[[CU:.*]] = arith.mulf %[[SQ]], %[[A]] : f32
// CHECK: linalg.yield %[[CU]] : f32
func.func @pow_cube_broadcast(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<3.0> : tensor<2x1xf32>
  %y = seam.pow %x, %c : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// gelu = x / 2 * (1 + erf(x / sqrt(2))): one generic, math.erf in its body.
// CHECK-LABEL: func @gelu
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[INV:.*]] = arith.constant 0.707106769 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[INV]] : f32
// CHECK: %[[E:.*]] = math.erf %[[S]] : f32
// CHECK: %[[P:.*]] = arith.addf %[[E]], %[[ONE]] : f32
// CHECK: %[[H:.*]] = arith.mulf %[[X]], %[[HALF]] : f32
// CHECK: %[[R:.*]] = arith.mulf %[[H]], %[[P]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @gelu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.gelu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// The tanh approximation: tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)).
// CHECK-LABEL: func @gelu_tanh
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: %[[CUBE:.*]] = arith.mulf %[[SQ]], %[[X]] : f32
// CHECK: %[[K:.*]] = arith.constant 4.471500e-02 : f32
// CHECK: %[[T:.*]] = arith.mulf %[[CUBE]], %[[K]] : f32
// CHECK: %[[U:.*]] = arith.addf %[[X]], %[[T]] : f32
// CHECK: %[[C:.*]] = arith.constant 0.797884583 : f32
// CHECK: %[[V:.*]] = arith.mulf %[[U]], %[[C]] : f32
// CHECK: %[[TH:.*]] = math.tanh %[[V]] : f32
// CHECK: linalg.yield
func.func @gelu_tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = seam.gelu %x {approximate = #seam<gelu_approximation tanh>} : tensor<4xf32>
  return %y : tensor<4xf32>
}
