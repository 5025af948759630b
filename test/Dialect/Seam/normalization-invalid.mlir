// RUN: seam-opt %s -split-input-file -verify-diagnostics

// Every verifier error of the normalization ops and seam.resize.

func.func @layer_norm_axis(%x: tensor<2x3xf32>, %g: tensor<3xf32>) {
  // expected-error @+2 {{'seam.layer_norm' op axis 2 is out of range [-2, 1] for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %y:3 = seam.layer_norm %x, %g {axis = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  return
}

// -----

func.func @layer_norm_scale_shape(%x: tensor<2x3xf32>, %g: tensor<2xf32>) {
  // expected-error @+1 {{'seam.layer_norm' op scale of shape [2] does not broadcast to the input shape [2, 3]}}
  %y:3 = seam.layer_norm %x, %g : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @layer_norm_bias_rank(%x: tensor<3xf32>, %g: tensor<3xf32>, %b: tensor<1x3xf32>) {
  // expected-error @+1 {{'seam.layer_norm' op bias of shape [1, 3] does not broadcast to the input shape [3]}}
  %y:3 = seam.layer_norm %x, %g, %b : (tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>) -> (tensor<3xf32>, tensor<1xf32>, tensor<1xf32>)
  return
}

// -----

func.func @layer_norm_scale_type(%x: tensor<2x3xf32>, %g: tensor<3xf16>) {
  // expected-error @+1 {{'seam.layer_norm' op scale has element type 'f16' but the input has 'f32'}}
  %y:3 = seam.layer_norm %x, %g : (tensor<2x3xf32>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @layer_norm_epsilon(%x: tensor<2x3xf32>, %g: tensor<3xf32>) {
  // expected-error @+1 {{'seam.layer_norm' op epsilon must be non-negative, got -1}}
  %y:3 = seam.layer_norm %x, %g {epsilon = -1.0 : f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @layer_norm_stats_type(%x: tensor<2x3xf32>, %g: tensor<3xf32>) {
  // expected-error @+2 {{'seam.layer_norm' op inferred type(s) 'tensor<2x3xf32>', 'tensor<2x1xf32>', 'tensor<2x1xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<2xf32>', 'tensor<2x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %y:3 = seam.layer_norm %x, %g : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @instance_norm_rank(%x: tensor<2x3xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'seam.instance_norm' op input must have rank >= 3 (N x C x D1 x ...), got rank 2}}
  %y = seam.instance_norm %x, %s, %s : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @instance_norm_channels(%x: tensor<1x3x4xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{'seam.instance_norm' op scale and bias must have shape [3] (one value per channel), got [2]}}
  %y = seam.instance_norm %x, %s, %s : (tensor<1x3x4xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x3x4xf32>
  return
}

// -----

func.func @instance_norm_type(%x: tensor<1x3x4xf32>, %s: tensor<3xf64>) {
  // expected-error @+1 {{'seam.instance_norm' op scale has element type 'f64' but the input has 'f32'}}
  %y = seam.instance_norm %x, %s, %s : (tensor<1x3x4xf32>, tensor<3xf64>, tensor<3xf64>) -> tensor<1x3x4xf32>
  return
}

// -----

func.func @instance_norm_epsilon(%x: tensor<1x3x4xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'seam.instance_norm' op epsilon must be non-negative, got -1}}
  %y = seam.instance_norm %x, %s, %s {epsilon = -1.0 : f32} : (tensor<1x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4xf32>
  return
}

// -----

func.func @lp_norm_p(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'seam.lp_norm' op p must be 1 or 2, got 3}}
  %y = seam.lp_norm %x {p = 3 : i64} : tensor<2x3xf32>
  return
}

// -----

func.func @lp_norm_axis(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'seam.lp_norm' op axis -3 is out of range [-2, 1] for rank 2}}
  %y = seam.lp_norm %x {axis = -3 : i64} : tensor<2x3xf32>
  return
}

// -----

func.func @resize_rank(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'seam.resize' op result rank 1 differs from the input rank 2}}
  %y = seam.resize %x {scales = array<f64: 2.0, 2.0>} : (tensor<2x2xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @resize_scales_size(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'seam.resize' op scales has 1 values for an input of rank 2}}
  %y = seam.resize %x {scales = array<f64: 2.0>} : (tensor<2x2xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @resize_scales_positive(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'seam.resize' op scales [2.000000e+00, 0.000000e+00] must be positive and finite}}
  %y = seam.resize %x {scales = array<f64: 2.0, 0.0>} : (tensor<2x2xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @resize_crop_roi(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'seam.resize' op tf_crop_and_resize needs roi}}
  %y = seam.resize %x {coordinate_transformation_mode = #seam<coordinate_transform tf_crop_and_resize>, scales = array<f64: 2.0, 2.0>} : (tensor<2x2xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @resize_roi_size(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'seam.resize' op roi has 2 values, expected 4 (starts and ends of every dim)}}
  %y = seam.resize %x {roi = array<f64: 0.0, 1.0>, scales = array<f64: 2.0, 2.0>} : (tensor<2x2xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @resize_linear_int(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{'seam.resize' op mode linear needs a float tensor, got element type 'i64'}}
  %y = seam.resize %x {mode = #seam<resize_mode linear>, scales = array<f64: 2.0, 2.0>} : (tensor<2x2xi64>) -> tensor<4x4xi64>
  return
}
