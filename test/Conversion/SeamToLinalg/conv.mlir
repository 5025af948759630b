// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func @conv2d_plain
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>)
// CHECK-NOT: tensor.pad
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<1x4x6x6xf32>)
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%[[INIT]] : tensor<1x4x6x6xf32>)
// CHECK: return %[[C]]
func.func @conv2d_plain(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %y = seam.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

// Zero padding, then the conv accumulates into the broadcast bias.
// CHECK-LABEL: func @conv2d_bias_pads_strides
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x4x4x4xf32>
// CHECK: %[[BB:.*]] = linalg.broadcast ins(%[[B]] : tensor<4xf32>) outs(%[[E]] : tensor<1x4x4x4xf32>) dimensions = [0, 2, 3]
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%[[BB]] : tensor<1x4x4x4xf32>)
// CHECK: return %[[C]]
func.func @conv2d_bias_pads_strides(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %y = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// Asymmetric pads go to tensor.pad's low/high; strides and dilations to the
// named op.
// CHECK-LABEL: func @conv2d_dilations_asym_pads
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x7x8xf32>, %[[W:.*]]: tensor<3x2x3x2xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 0] high[0, 0, 2, 1]
// CHECK: } : tensor<1x2x7x8xf32> to tensor<1x2x10x9xf32>
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<1x2x10x9xf32>, tensor<3x2x3x2xf32>) outs(%{{.*}} : tensor<1x3x4x7xf32>)
func.func @conv2d_dilations_asym_pads(%x: tensor<1x2x7x8xf32>, %w: tensor<3x2x3x2xf32>) -> tensor<1x3x4x7xf32> {
  %y = seam.conv %x, %w {pads = array<i64: 1, 0, 2, 1>, strides = array<i64: 2, 1>, dilations = array<i64: 1, 2>} : (tensor<1x2x7x8xf32>, tensor<3x2x3x2xf32>) -> tensor<1x3x4x7xf32>
  return %y : tensor<1x3x4x7xf32>
}

// -----

// auto_pad same_upper, stride 2: H 7 -> 4 needs 2 pads (1 + 1), W 6 -> 3
// needs 1 (0 + 1, the odd one at the end).
// CHECK-LABEL: func @conv2d_same_upper
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 0] high[0, 0, 1, 1]
// CHECK: } : tensor<1x2x7x6xf32> to tensor<1x2x9x7xf32>
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
func.func @conv2d_same_upper(%x: tensor<1x2x7x6xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x3xf32> {
  %y = seam.conv %x, %w {auto_pad = #seam<auto_pad same_upper>, strides = array<i64: 2, 2>} : (tensor<1x2x7x6xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x3xf32>
  return %y : tensor<1x3x4x3xf32>
}

// -----

// CHECK-LABEL: func @conv1d_bias
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x9xf32>, %[[W:.*]]: tensor<4x2x3xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[BB:.*]] = linalg.broadcast ins(%[[B]] : tensor<4xf32>) outs(%{{.*}} : tensor<1x4x4xf32>) dimensions = [0, 2]
// CHECK: %[[C:.*]] = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%[[X]], %[[W]] : tensor<1x2x9xf32>, tensor<4x2x3xf32>) outs(%[[BB]] : tensor<1x4x4xf32>)
// CHECK: return %[[C]]
func.func @conv1d_bias(%x: tensor<1x2x9xf32>, %w: tensor<4x2x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4xf32> {
  %y = seam.conv %x, %w, %b {strides = array<i64: 2>} : (tensor<1x2x9xf32>, tensor<4x2x3xf32>, tensor<4xf32>) -> tensor<1x4x4xf32>
  return %y : tensor<1x4x4xf32>
}

// -----

// CHECK-LABEL: func @conv3d
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4x4xf32>, %[[W:.*]]: tensor<3x2x2x2x2xf32>)
// CHECK: linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%[[X]], %[[W]] : tensor<1x2x4x4x4xf32>, tensor<3x2x2x2x2xf32>) outs(%{{.*}} : tensor<1x3x3x3x3xf32>)
func.func @conv3d(%x: tensor<1x2x4x4x4xf32>, %w: tensor<3x2x2x2x2xf32>) -> tensor<1x3x3x3x3xf32> {
  %y = seam.conv %x, %w : (tensor<1x2x4x4x4xf32>, tensor<3x2x2x2x2xf32>) -> tensor<1x3x3x3x3xf32>
  return %y : tensor<1x3x3x3x3xf32>
}

// -----

// One filter per channel: the weight's unit dim goes, then the depthwise op.
// CHECK-LABEL: func @depthwise2d
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<3x1x3x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[BB:.*]] = linalg.broadcast ins(%[[B]] : tensor<3xf32>) outs(%{{.*}} : tensor<1x3x4x4xf32>) dimensions = [0, 2, 3]
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2], [3]] : tensor<3x1x3x3xf32> into tensor<3x3x3xf32>
// CHECK: %[[C:.*]] = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[F]] : tensor<1x3x10x10xf32>, tensor<3x3x3xf32>) outs(%[[BB]] : tensor<1x3x4x4xf32>)
// CHECK: return %[[C]]
func.func @depthwise2d(%x: tensor<1x3x8x8xf32>, %w: tensor<3x1x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %y = seam.conv %x, %w, %b {group = 3 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<3x1x3x3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

// -----

// CHECK-LABEL: func @depthwise1d
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x6xf32>, %[[W:.*]]: tensor<2x1x3xf32>)
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2]] : tensor<2x1x3xf32> into tensor<2x3xf32>
// CHECK: linalg.depthwise_conv_1d_ncw_cw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%[[X]], %[[F]] : tensor<1x2x6xf32>, tensor<2x3xf32>)
func.func @depthwise1d(%x: tensor<1x2x6xf32>, %w: tensor<2x1x3xf32>) -> tensor<1x2x4xf32> {
  %y = seam.conv %x, %w {group = 2 : i64} : (tensor<1x2x6xf32>, tensor<2x1x3xf32>) -> tensor<1x2x4xf32>
  return %y : tensor<1x2x4xf32>
}

// -----

// CHECK-LABEL: func @depthwise3d
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4x4xf32>, %[[W:.*]]: tensor<2x1x2x2x2xf32>)
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<2x1x2x2x2xf32> into tensor<2x2x2x2xf32>
// CHECK: linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%[[X]], %[[F]] : tensor<1x2x4x4x4xf32>, tensor<2x2x2x2xf32>)
func.func @depthwise3d(%x: tensor<1x2x4x4x4xf32>, %w: tensor<2x1x2x2x2xf32>) -> tensor<1x2x3x3x3xf32> {
  %y = seam.conv %x, %w {group = 2 : i64} : (tensor<1x2x4x4x4xf32>, tensor<2x1x2x2x2xf32>) -> tensor<1x2x3x3x3xf32>
  return %y : tensor<1x2x3x3x3xf32>
}

// -----

// group 2: channels split into (group, channels per group) on the input,
// weight and accumulator, conv_2d_ngchw_gfchw, then merged back.
// CHECK-LABEL: func @grouped2d
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x6x6xf32>, %[[W:.*]]: tensor<6x2x3x3xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK: %[[BB:.*]] = linalg.broadcast ins(%[[B]] : tensor<6xf32>)
// CHECK: %[[GX:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6] : tensor<1x4x6x6xf32> into tensor<1x2x2x6x6xf32>
// CHECK: %[[GW:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
// CHECK: %[[GI:.*]] = tensor.expand_shape %[[BB]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 3, 4, 4] : tensor<1x6x4x4xf32> into tensor<1x2x3x4x4xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[GX]], %[[GW]] : tensor<1x2x2x6x6xf32>, tensor<2x3x2x3x3xf32>) outs(%[[GI]] : tensor<1x2x3x4x4xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x2x3x4x4xf32> into tensor<1x6x4x4xf32>
// CHECK: return %[[R]]
func.func @grouped2d(%x: tensor<1x4x6x6xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x4x4xf32> {
  %y = seam.conv %x, %w, %b {group = 2 : i64} : (tensor<1x4x6x6xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x4x4xf32>
  return %y : tensor<1x6x4x4xf32>
}

// -----

// Depthwise with channel multiplier 2 (group == C_in, C_out = 2 C_in) has no
// NCHW named op: it is a grouped conv.
// CHECK-LABEL: func @depthwise_multiplier
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] output_shape [3, 2, 1, 2, 2] : tensor<6x1x2x2xf32> into tensor<3x2x1x2x2xf32>
// CHECK: linalg.conv_2d_ngchw_gfchw
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<1x3x1x5x5xf32>, tensor<3x2x1x2x2xf32>) outs(%{{.*}} : tensor<1x3x2x4x4xf32>)
func.func @depthwise_multiplier(%x: tensor<1x3x5x5xf32>, %w: tensor<6x1x2x2xf32>) -> tensor<1x6x4x4xf32> {
  %y = seam.conv %x, %w {group = 3 : i64} : (tensor<1x3x5x5xf32>, tensor<6x1x2x2xf32>) -> tensor<1x6x4x4xf32>
  return %y : tensor<1x6x4x4xf32>
}

// -----

// Grouped 1-D (and 3-D) convolutions have no named op: the same grouped
// contraction as a linalg.generic, out[n, g, f, o] += in[n, g, c, o + 2 k] *
// w[g, f, c, k] for dilation 2.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d3 + d5 * 2)>
// CHECK-DAG: #[[WT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func @grouped1d_dilated
// CHECK: %[[GX:.*]] = tensor.expand_shape %{{.*}} : tensor<1x4x9xf32> into tensor<1x2x2x9xf32>
// CHECK: %[[GW:.*]] = tensor.expand_shape %{{.*}} : tensor<4x2x3xf32> into tensor<2x2x2x3xf32>
// CHECK: %[[GI:.*]] = tensor.expand_shape %{{.*}} : tensor<1x4x5xf32> into tensor<1x2x2x5xf32>
// CHECK: %[[C:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[WT]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[GX]], %[[GW]] : tensor<1x2x2x9xf32>, tensor<2x2x2x3xf32>) outs(%[[GI]] : tensor<1x2x2x5xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[M]] : f32
// CHECK: linalg.yield %[[S]] : f32
// CHECK: tensor.collapse_shape %[[C]] {{\[\[}}0], [1, 2], [3]] : tensor<1x2x2x5xf32> into tensor<1x4x5xf32>
func.func @grouped1d_dilated(%x: tensor<1x4x9xf32>, %w: tensor<4x2x3xf32>) -> tensor<1x4x5xf32> {
  %y = seam.conv %x, %w {group = 2 : i64, dilations = array<i64: 2>} : (tensor<1x4x9xf32>, tensor<4x2x3xf32>) -> tensor<1x4x5xf32>
  return %y : tensor<1x4x5xf32>
}

// -----

// CHECK-LABEL: func @grouped3d
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<1x2x2x3x4x4xf32>, tensor<2x2x2x2x2x2xf32>) outs(%{{.*}} : tensor<1x2x2x2x2x2xf32>)
// CHECK-NOT: seam.
func.func @grouped3d(%x: tensor<1x4x3x4x4xf32>, %w: tensor<4x2x2x2x2xf32>) -> tensor<1x4x2x2x2xf32> {
  %y = seam.conv %x, %w {group = 2 : i64, strides = array<i64: 1, 2, 2>} : (tensor<1x4x3x4x4xf32>, tensor<4x2x2x2x2xf32>) -> tensor<1x4x2x2x2xf32>
  return %y : tensor<1x4x2x2x2xf32>
}
