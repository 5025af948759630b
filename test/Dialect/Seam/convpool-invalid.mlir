// RUN: seam-opt %s -split-input-file -verify-diagnostics

// Every verifier error of seam.conv_transpose, seam.lp_pool and seam.lrn.

func.func @ct_rank(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op input must have rank 3 to 5 (N x C x 1 to 3 spatial dims), got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @ct_weight_rank(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op weight rank 4 does not match input rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w : (tensor<1x2x3xf32>, tensor<2x1x2x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_group(%x: tensor<1x3x3xf32>, %w: tensor<3x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op group 2 must divide the input channels (3)}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {group = 2 : i64} : (tensor<1x3x3xf32>, tensor<3x1x2xf32>) -> tensor<1x2x4xf32>
  return
}

// -----

func.func @ct_weight_channels(%x: tensor<1x2x3xf32>, %w: tensor<3x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op weight has 3 input channels (dim 0) but the input has 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w : (tensor<1x2x3xf32>, tensor<3x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_kernel_shape(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op kernel_shape [3] does not match the weight's spatial dims [2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {kernel_shape = array<i64: 3>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_bias(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>, %b: tensor<2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op bias must have shape [1] (output channels), got [2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w, %b : (tensor<1x2x3xf32>, tensor<2x1x2xf32>, tensor<2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_strides(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op strides must be positive, got [0]}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {strides = array<i64: 0>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_dilations_count(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op dilations has 2 values but the input has 1 spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {dilations = array<i64: 1, 1>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_pads_count(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op pads has 1 values but needs 2 (begin and end of 1 spatial dimensions)}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {pads = array<i64: 1>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_output_padding_count(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op output_padding has 2 values but the input has 1 spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {output_padding = array<i64: 1, 1>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_output_padding_negative(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op output_padding must be non-negative, got [-1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {output_padding = array<i64: -1>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_empty_output(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op output size of spatial dimension 0 is 0 (input 3, kernel 2, stride 1, dilation 1, pads 2 and 2, output_padding 0); it must be positive}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {pads = array<i64: 2, 2>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x1xf32>
  return
}

// -----

func.func @ct_overflow(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op output size of spatial dimension 0 overflows int64 (input 3, kernel 2, stride 9223372036854775807, dilation 1, pads 0 and 0, output_padding 0)}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {strides = array<i64: 9223372036854775807>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_huge_dilated_input(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op element count of the stride-dilated input [1, 2, 4611686018427387906] overflows int64}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.conv_transpose %x, %w {dilations = array<i64: 4611686018427387903>, pads = array<i64: 4611686018427387903, 0>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x4xf32>
  return
}

// -----

func.func @ct_result_type(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) {
  // expected-error @+2 {{'seam.conv_transpose' op failed to infer returned types}}
  // expected-error @+1 {{'seam.conv_transpose' op inferred type(s) 'tensor<1x1x4xf32>' are incompatible with return type(s) of operation 'tensor<1x1x5xf32>'}}
  %y = seam.conv_transpose %x, %w : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x1x5xf32>
  return
}

// -----

func.func @lp_pool_p(%x: tensor<1x2x4xf32>) {
  // expected-error @+1 {{'seam.lp_pool' op attribute 'p' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %y = seam.lp_pool %x {kernel_shape = array<i64: 2>, p = 0 : i64} : (tensor<1x2x4xf32>) -> tensor<1x2x3xf32>
  return
}

// -----

func.func @lp_pool_kernel(%x: tensor<1x2x4xf32>) {
  // expected-error @+2 {{'seam.lp_pool' op kernel extent 5 (kernel 5, dilation 1) exceeds the padded input size 4 in spatial dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = seam.lp_pool %x {kernel_shape = array<i64: 5>} : (tensor<1x2x4xf32>) -> tensor<1x2x1xf32>
  return
}

// -----

func.func @lrn_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{'seam.lrn' op input must have rank >= 2 (N x C x ...), got rank 1}}
  %y = seam.lrn %x {size = 3 : i64} : tensor<4xf32>
  return
}

// -----

func.func @lrn_size(%x: tensor<1x4xf32>) {
  // expected-error @+1 {{'seam.lrn' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %y = seam.lrn %x {size = 0 : i64} : tensor<1x4xf32>
  return
}
