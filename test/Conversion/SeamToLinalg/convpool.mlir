// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// conv_transpose: the input goes into zeros with the stride as the insert
// stride, at (k - 1) * d - pad_begin (H: 1 - 0, W: 1 - 1); the zero tensor
// is output + extent - 1 (7 + 1, 5 + 1). The C x M/g x kh x kw weight is
// split into groups, swapped to M/g x C/g and flipped (1 - k), then a
// grouped stride-1 convolution accumulates into the broadcast bias.
// CHECK-DAG: #[[FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, -d3 + 1, -d4 + 1)>
// CHECK-DAG: #[[ID5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func @conv_transpose_grouped
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x3x3xf32>, %[[W:.*]]: tensor<4x3x2x2xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x4x8x6xf32>)
// CHECK: %[[IN:.*]] = tensor.insert_slice %[[X]] into %[[Z]][0, 0, 1, 0] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x3x3xf32> into tensor<1x4x8x6xf32>
// CHECK: %[[WG:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 2, 3, 2, 2]
// CHECK: %[[F:.*]] = linalg.generic {indexing_maps = [#[[FLIP]], #[[ID5]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[WG]] : tensor<2x2x3x2x2xf32>) outs(%{{.*}} : tensor<2x3x2x2x2xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK: %[[WF:.*]] = tensor.collapse_shape %[[F]] {{\[\[}}0, 1], [2], [3], [4]] : tensor<2x3x2x2x2xf32> into tensor<6x2x2x2xf32>
// CHECK: linalg.broadcast ins(%[[B]] : tensor<6xf32>) outs(%{{.*}} : tensor<1x6x7x5xf32>) dimensions = [0, 2, 3]
// CHECK: tensor.expand_shape %[[IN]]
// CHECK: tensor.expand_shape %[[WF]]
// CHECK: %[[C:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x2x2x8x6xf32>, tensor<2x3x2x2x2xf32>) outs(%{{.*}} : tensor<1x2x3x7x5xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]]
// CHECK: return %[[R]] : tensor<1x6x7x5xf32>
func.func @conv_transpose_grouped(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x2x2xf32>, %b: tensor<6xf32>) -> tensor<1x6x7x5xf32> {
  %y = seam.conv_transpose %x, %w, %b {group = 2 : i64, strides = array<i64: 2, 2>, pads = array<i64: 0, 1, 0, 0>, output_padding = array<i64: 1, 0>} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>, tensor<6xf32>) -> tensor<1x6x7x5xf32>
  return %y : tensor<1x6x7x5xf32>
}

// -----

// A begin pad of 4 beyond the kernel extent 3 would put the input at
// 2 - 4 = -2: element 0 falls outside and is sliced off; elements 1 to 4
// land at 0, 2, 4, 6 of the 6 + 3 - 1 = 8 positions (element 5 at 8 would
// be past the end).
// CHECK-LABEL: func @conv_transpose_pads_beyond_kernel
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x6xf32>, %{{.*}}: tensor<1x2x3xf32>)
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x1x8xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][0, 0, 1] [1, 1, 4] [1, 1, 1] : tensor<1x1x6xf32> to tensor<1x1x4xf32>
// CHECK: %[[IN:.*]] = tensor.insert_slice %[[S]] into %[[Z]][0, 0, 0] [1, 1, 4] [1, 1, 2] : tensor<1x1x4xf32> into tensor<1x1x8xf32>
// CHECK: linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%[[IN]], %{{.*}} : tensor<1x1x8xf32>, tensor<2x1x3xf32>) outs(%{{.*}} : tensor<1x2x6xf32>)
func.func @conv_transpose_pads_beyond_kernel(%x: tensor<1x1x6xf32>, %w: tensor<1x2x3xf32>) -> tensor<1x2x6xf32> {
  %y = seam.conv_transpose %x, %w {strides = array<i64: 2>, pads = array<i64: 4, 3>} : (tensor<1x1x6xf32>, tensor<1x2x3xf32>) -> tensor<1x2x6xf32>
  return %y : tensor<1x2x6xf32>
}

// -----

// lp_pool: |x|^p, a sum pooling, then the p-th root.
// CHECK-LABEL: func @lp_pool_p3
// CHECK: linalg.generic
// CHECK: %[[A:.*]] = math.absf %{{.*}} : f32
// CHECK: %[[P:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: math.powf %[[A]], %[[P]] : f32
// CHECK: %[[S:.*]] = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x2x5x5xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x2x2x2xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<1x2x2x2xf32>)
// CHECK: %[[R:.*]] = arith.constant 0.333333343 : f32
// CHECK: math.powf %{{.*}}, %[[R]] : f32
func.func @lp_pool_p3(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32> {
  %y = seam.lp_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, p = 3 : i64} : (tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// -----

// p = 2 squares and takes the square root; the padding is zeros.
// CHECK-LABEL: func @lp_pool_p2_pads
// CHECK: arith.mulf %[[V:.*]], %[[V]] : f32
// CHECK: tensor.pad %{{.*}} low[0, 0, 1] high[0, 0, 1]
// CHECK: linalg.pooling_ncw_sum
// CHECK: math.sqrt
func.func @lp_pool_p2_pads(%x: tensor<1x2x5xf32>) -> tensor<1x2x5xf32> {
  %y = seam.lp_pool %x {kernel_shape = array<i64: 3>, pads = array<i64: 1, 1>} : (tensor<1x2x5xf32>) -> tensor<1x2x5xf32>
  return %y : tensor<1x2x5xf32>
}

// -----

// lrn with size 4: the window is [c - 1, c + 2], so the squares get 1 zero
// channel before and 2 after, and a 4-wide reduction sums them; then
// x / (1 + 0.5 / 4 * sum)^0.75.
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4, d2, d3)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d4)>
// CHECK-LABEL: func @lrn
// CHECK-SAME: (%[[X:.*]]: tensor<1x5x2x2xf32>)
// CHECK: arith.mulf %[[V:.*]], %[[V]] : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 1, 0, 0] high[0, 2, 0, 0]
// CHECK: } : tensor<1x5x2x2xf32> to tensor<1x8x2x2xf32>
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[WIN]], #[[K]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[P]], %{{.*}} : tensor<1x8x2x2xf32>, tensor<4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[S]] : tensor<1x5x2x2xf32>, tensor<1x5x2x2xf32>)
// CHECK: arith.constant 1.250000e-01 : f32
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: arith.constant 7.500000e-01 : f32
// CHECK: math.powf
// CHECK: arith.divf
func.func @lrn(%x: tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32> {
  %y = seam.lrn %x {size = 4 : i64, alpha = 0.5 : f32} : tensor<1x5x2x2xf32>
  return %y : tensor<1x5x2x2xf32>
}

// -----

// A window wider than the channels pads at most C - 1 = 2 on each side.
// CHECK-LABEL: func @lrn_wide_window
// CHECK: tensor.pad %{{.*}} low[0, 2, 0] high[0, 2, 0]
// CHECK: tensor<1x7x4xf32>, tensor<5xf32>
func.func @lrn_wide_window(%x: tensor<1x3x4xf32>) -> tensor<1x3x4xf32> {
  %y = seam.lrn %x {size = 1001 : i64} : tensor<1x3x4xf32>
  return %y : tensor<1x3x4xf32>
}
