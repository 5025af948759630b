// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// layer_norm on f16: extended to f32, mean and variance by linalg.reduce over
// the normalized dims, one generic scales and shifts and truncates back; the
// statistics are the f32 tensors of the reduced shape.
// CHECK-LABEL: func @layer_norm_f16
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf16>, %[[G:.*]]: tensor<4xf16>, %[[B:.*]]: tensor<4xf16>)
// CHECK: %[[XW:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<2x4xf16>) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%[[XW]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<2xf32>) dimensions = [1]
// CHECK: arith.constant 4.000000e+00 : f32
// CHECK: %[[MEAN:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 1] : tensor<2xf32> into tensor<2x1xf32>
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%[[XW]], %[[MEAN]] : tensor<2x4xf32>, tensor<2x1xf32>)
// CHECK: arith.subf
// CHECK: %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<2x4xf32>)
// CHECK: linalg.reduce ins(%[[SQ]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<2xf32>) dimensions = [1]
// CHECK: %[[INV:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<2x1xf32>) outs(%{{.*}} : tensor<2x1xf32>)
// CHECK: arith.constant 5.000000e-01 : f32
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[C]], %[[INV]], %[[G]], %[[B]] : tensor<2x4xf32>, tensor<2x1xf32>, tensor<4xf16>, tensor<4xf16>) outs(%{{.*}} : tensor<2x4xf16>)
// CHECK: arith.mulf
// CHECK: arith.extf
// CHECK: arith.mulf
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: return %[[Y]], %[[MEAN]], %[[INV]]
func.func @layer_norm_f16(%x: tensor<2x4xf16>, %g: tensor<4xf16>, %b: tensor<4xf16>) -> (tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y:3 = seam.layer_norm %x, %g, %b {epsilon = 0.5 : f32} : (tensor<2x4xf16>, tensor<4xf16>, tensor<4xf16>) -> (tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y#0, %y#1, %y#2 : tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>
}

// -----

// f64 is computed in f64; its statistics are truncated to f32. Without a
// bias, the last generic has three inputs. axis 0 reduces every dim.
// CHECK-LABEL: func @layer_norm_f64_axis0
// CHECK: linalg.reduce ins(%{{.*}} : tensor<2x3xf64>) outs(%{{.*}} : tensor<f64>) dimensions = [0, 1]
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3xf64>, tensor<1x1xf64>, tensor<3xf64>) outs(%{{.*}} : tensor<2x3xf64>)
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1xf32>)
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: return %[[Y]], %[[MEAN]]
func.func @layer_norm_f64_axis0(%x: tensor<2x3xf64>, %g: tensor<3xf64>) -> (tensor<2x3xf64>, tensor<1x1xf32>) {
  %y:3 = seam.layer_norm %x, %g {axis = 0 : i64} : (tensor<2x3xf64>, tensor<3xf64>) -> (tensor<2x3xf64>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y#0, %y#1 : tensor<2x3xf64>, tensor<1x1xf32>
}

// -----

// instance_norm reduces the spatial dims; scale and bias (C) are reshaped
// to C x 1 x 1 so that they broadcast to dim 1.
// CHECK-DAG: #[[CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
// CHECK-LABEL: func @instance_norm
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>, %[[S:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK: linalg.reduce ins(%[[X]] : tensor<1x2x3x3xf32>) outs(%{{.*}} : tensor<1x2xf32>) dimensions = [2, 3]
// CHECK: arith.constant 9.000000e+00 : f32
// CHECK: %[[S3:.*]] = tensor.expand_shape %[[S]] {{\[\[}}0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
// CHECK: %[[B3:.*]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[CHANNEL]], #[[CHANNEL]], #{{.*}}], {{.*}} ins(%{{.*}}, %{{.*}}, %[[S3]], %[[B3]] :
func.func @instance_norm(%x: tensor<1x2x3x3xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.instance_norm %x, %s, %b : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// lp_norm p = 1: the sum of |x| along the axis, then a division.
// CHECK-LABEL: func @lp_norm_l1
// CHECK: math.absf
// CHECK: linalg.reduce ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<3xf32>) dimensions = [0]
// CHECK: %[[N:.*]] = tensor.expand_shape %{{.*}} : tensor<3xf32> into tensor<1x3xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[N]] : tensor<2x3xf32>, tensor<1x3xf32>)
// CHECK-NOT: math.sqrt
// CHECK: arith.divf
func.func @lp_norm_l1(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = seam.lp_norm %x {axis = 0 : i64, p = 1 : i64} : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// p = 2 (the default) on the last axis: squares, and the square root of
// their sum.
// CHECK-LABEL: func @lp_norm_l2
// CHECK: arith.mulf
// CHECK: linalg.reduce {{.*}} dimensions = [1]
// CHECK: math.sqrt
// CHECK: arith.divf
func.func @lp_norm_l2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = seam.lp_norm %x : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// Nearest, asymmetric, round_prefer_ceil on the last dim only: dim 0 (scale
// 1, same size) is read at its own index; the last reads the rounded
// coordinate x / 2.5, clamped into [0, 3].
// CHECK-LABEL: func @resize_nearest
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xi64>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : tensor<2x10xi64>)
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[F:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK: %[[C:.*]] = arith.divf %[[F]], %{{.*}} : f64
// CHECK: %[[FL:.*]] = math.floor %[[C]] : f64
// CHECK: %[[T:.*]] = arith.subf %[[C]], %[[FL]] : f64
// CHECK: %[[UP:.*]] = arith.cmpf oge, %[[T]], %{{.*}} : f64
// CHECK: %[[R:.*]] = arith.select %[[UP]], %{{.*}}, %[[FL]] : f64
// CHECK: %[[LO:.*]] = arith.maximumf %[[R]], %{{.*}} : f64
// CHECK: %[[HI:.*]] = arith.minimumf %[[LO]], %{{.*}} : f64
// CHECK: %[[SI:.*]] = arith.fptosi %[[HI]] : f64 to i64
// CHECK: %[[J:.*]] = arith.index_cast %[[SI]] : i64 to index
// CHECK: %[[V:.*]] = tensor.extract %[[X]][%[[I0]], %[[J]]] : tensor<2x4xi64>
// CHECK: linalg.yield %[[V]] : i64
func.func @resize_nearest(%x: tensor<2x4xi64>) -> tensor<2x10xi64> {
  %y = seam.resize %x {coordinate_transformation_mode = #seam<coordinate_transform asymmetric>, nearest_mode = #seam<nearest_mode round_prefer_ceil>, scales = array<f64: 1.0, 2.5>} : (tensor<2x4xi64>) -> tensor<2x10xi64>
  return %y : tensor<2x10xi64>
}

// -----

// Bilinear: two taps on each resized dim, four reads, summed in f64.
// CHECK-LABEL: func @resize_bilinear
// CHECK: math.floor
// CHECK: math.floor
// CHECK-COUNT-4: tensor.extract
// CHECK-NOT: tensor.extract
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @resize_bilinear(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %y = seam.resize %x {mode = #seam<resize_mode linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return %y : tensor<1x1x4x4xf32>
}

// -----

// Cubic with exclude_outside: four taps whose weights are zeroed outside
// [0, 3] and renormalized; tf_crop_and_resize selects the extrapolation
// value for coordinates outside the input.
// CHECK-LABEL: func @resize_cubic_crop
// CHECK: %[[OUT:.*]] = arith.ori
// CHECK-COUNT-4: arith.select
// CHECK: arith.divf
// CHECK-COUNT-4: tensor.extract
// CHECK-NOT: tensor.extract
// CHECK: %[[V:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK: %[[E:.*]] = arith.constant 1.000000e+01 : f64
// CHECK: %[[EF:.*]] = arith.truncf %[[E]] : f64 to f32
// CHECK: %[[R:.*]] = arith.select %[[OUT]], %[[EF]], %[[V]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @resize_cubic_crop(%x: tensor<4xf32>) -> tensor<3xf32> {
  %y = seam.resize %x {mode = #seam<resize_mode cubic>, coordinate_transformation_mode = #seam<coordinate_transform tf_crop_and_resize>, exclude_outside = true, extrapolation_value = 10.0 : f32, roi = array<f64: 0.2, 1.2>, scales = array<f64: 0.75>} : (tensor<4xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
