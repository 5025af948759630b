// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s

// Round trip of the normalization ops and seam.resize; the verifier infers
// layer_norm's statistics (input.shape[:axis] then ones, f32).

// CHECK-LABEL: func @layer_norm(
// CHECK: %{{.*}}, %{{.*}}, %{{.*}} = seam.layer_norm %{{.*}}, %{{.*}}, %{{.*}} {axis = 1 : i64, epsilon = 1.000000e-03 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
// CHECK: seam.layer_norm %{{.*}}, %{{.*}} : (tensor<2x4xf16>, tensor<4xf16>) -> (tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>)
func.func @layer_norm(%x: tensor<2x3x4xf32>, %g: tensor<3x4xf32>, %b: tensor<4xf32>, %h: tensor<2x4xf16>, %hg: tensor<4xf16>) -> (tensor<2x3x4xf32>, tensor<2x4xf16>) {
  %y:3 = seam.layer_norm %x, %g, %b {axis = 1 : i64, epsilon = 1.0e-3 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %z:3 = seam.layer_norm %h, %hg : (tensor<2x4xf16>, tensor<4xf16>) -> (tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y#0, %z#0 : tensor<2x3x4xf32>, tensor<2x4xf16>
}

// -----

// CHECK-LABEL: func @instance_and_lp_norm(
// CHECK: seam.instance_norm %{{.*}}, %{{.*}}, %{{.*}} {epsilon = 0.00999999977 : f32} : (tensor<1x2x3x3xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<1x2x3x3xf64>
// CHECK: seam.lp_norm %{{.*}} {axis = 0 : i64, p = 1 : i64} : tensor<2x3xf32>
// CHECK: seam.lp_norm %{{.*}} : tensor<2x3xf32>
func.func @instance_and_lp_norm(%x: tensor<1x2x3x3xf64>, %s: tensor<2xf64>, %b: tensor<2xf64>, %v: tensor<2x3xf32>) -> (tensor<1x2x3x3xf64>, tensor<2x3xf32>) {
  %y = seam.instance_norm %x, %s, %b {epsilon = 1.0e-2 : f32} : (tensor<1x2x3x3xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<1x2x3x3xf64>
  %l1 = seam.lp_norm %v {axis = 0 : i64, p = 1 : i64} : tensor<2x3xf32>
  %l2 = seam.lp_norm %l1 : tensor<2x3xf32>
  return %y, %l2 : tensor<1x2x3x3xf64>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @resize(
// CHECK: seam.resize %{{.*}} {mode = #seam<resize_mode linear>, scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x8x8xf32>
// CHECK: seam.resize %{{.*}} {coordinate_transformation_mode = #seam<coordinate_transform tf_crop_and_resize>, cubic_coeff_a = -5.000000e-01 : f32, exclude_outside = true, extrapolation_value = 1.000000e+01 : f32, mode = #seam<resize_mode cubic>, roi = array<f64: 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00>, scales = array<f64: 1.000000e+00, 1.000000e+00, 5.000000e-01, 5.000000e-01>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32>
// CHECK: seam.resize %{{.*}} {nearest_mode = #seam<nearest_mode ceil>, scales = array<f64: 3.000000e+00>} : (tensor<2xi64>) -> tensor<6xi64>
func.func @resize(%x: tensor<1x3x4x4xf32>, %i: tensor<2xi64>) -> (tensor<1x3x8x8xf32>, tensor<1x3x2x2xf32>, tensor<6xi64>) {
  %a = seam.resize %x {mode = #seam<resize_mode linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x8x8xf32>
  %b = seam.resize %x {mode = #seam<resize_mode cubic>, coordinate_transformation_mode = #seam<coordinate_transform tf_crop_and_resize>, cubic_coeff_a = -0.5 : f32, exclude_outside = true, extrapolation_value = 10.0 : f32, roi = array<f64: 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0>, scales = array<f64: 1.0, 1.0, 0.5, 0.5>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32>
  %c = seam.resize %i {nearest_mode = #seam<nearest_mode ceil>, scales = array<f64: 3.0>} : (tensor<2xi64>) -> tensor<6xi64>
  return %a, %b, %c : tensor<1x3x8x8xf32>, tensor<1x3x2x2xf32>, tensor<6xi64>
}
