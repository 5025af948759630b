// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-conv-to-matmul))' | FileCheck %s
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-conv-to-matmul{max-block-rows=1000}))' | FileCheck %s --check-prefix=NOBLOCK

// 3x3 stride 2 dilation 1 on a padded 1x4x10x10 input: im2col into
// col[c, kh, kw, oh, ow] with in[0, c, oh * 2 + kh, ow * 2 + kw], then
// W[8, 36] x col[36, 16] accumulating into the (bias-filled) output.
// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (0, d0, d3 * 2 + d1, d4 * 2 + d2)>
// CHECK-LABEL: func @conv3x3
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CHECK: %[[INIT:.*]] = tensor.collapse_shape %arg2 {{\[}}[0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
// CHECK: %[[COL5:.*]] = linalg.generic {indexing_maps = [#[[IN]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x4x10x10xf32>) outs(%{{.*}} : tensor<4x3x3x4x4xf32>)
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[COL5]] {{\[}}[0, 1, 2], [3, 4]] : tensor<4x3x3x4x4xf32> into tensor<36x16xf32>
// CHECK: %[[MM:.*]] = linalg.matmul ins(%[[W]], %[[COL]] : tensor<8x36xf32>, tensor<36x16xf32>) outs(%[[INIT]] : tensor<8x16xf32>)
// CHECK: tensor.expand_shape %[[MM]] {{\[}}[0, 1], [2, 3]] output_shape [1, 8, 4, 4]
// CHECK-NOT: linalg.conv_2d
func.func @conv3x3(%x: tensor<1x4x10x10xf32>, %w: tensor<8x4x3x3xf32>, %init: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// A 1x1 stride-1 conv needs no im2col: the input is the matrix already.
// Its 7 x 7 = 49 columns are padded with zeros to 64 (whole 16-wide vectors)
// and the result sliced back.
// CHECK-LABEL: func @pointwise
// CHECK-NOT: linalg.generic
// CHECK: %[[INIT:.*]] = tensor.collapse_shape %arg2 {{\[}}[0, 1], [2, 3]] : tensor<1x32x7x7xf32> into tensor<32x49xf32>
// CHECK: %[[PINIT:.*]] = tensor.pad %[[INIT]] low[0, 0] high[0, 15]
// CHECK: %[[COL:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2, 3]] : tensor<1x16x7x7xf32> into tensor<16x49xf32>
// CHECK: %[[PCOL:.*]] = tensor.pad %[[COL]] low[0, 0] high[0, 15]
// CHECK: %[[MM:.*]] = linalg.matmul ins(%{{.*}}, %[[PCOL]] : tensor<32x16xf32>, tensor<16x64xf32>) outs(%[[PINIT]] : tensor<32x64xf32>)
// CHECK: tensor.extract_slice %[[MM]][0, 0] [32, 49] [1, 1]
func.func @pointwise(%x: tensor<1x16x7x7xf32>, %w: tensor<32x16x1x1xf32>, %init: tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x7x7xf32>, tensor<32x16x1x1xf32>) outs(%init : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  return %r : tensor<1x32x7x7xf32>
}

// -----

// Dilation 2 enters the im2col indexing.
// CHECK: #[[DIL:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (0, d0, d3 + d1 * 2, d4 + d2 * 2)>
// CHECK-LABEL: func @dilated
// CHECK: linalg.generic {indexing_maps = [#[[DIL]]
func.func @dilated(%x: tensor<1x2x9x9xf32>, %w: tensor<4x2x3x3xf32>, %init: tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x9x9xf32>, tensor<4x2x3x3xf32>) outs(%init : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  return %r : tensor<1x4x5x5xf32>
}

// -----

// Batch 2 is left to the loops.
// CHECK-LABEL: func @batch2
// CHECK: linalg.conv_2d_nchw_fchw
func.func @batch2(%x: tensor<2x2x4x4xf32>, %w: tensor<4x2x1x1xf32>, %init: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x2x4x4xf32>, tensor<4x2x1x1xf32>) outs(%init : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %r : tensor<2x4x4x4xf32>
}

// -----

// A grouped convolution (2 groups of 4 input and 3 output channels) becomes a
// loop over the groups: each iteration slices the group's input channels,
// filters and output channels and runs their im2col + matmul.
// CHECK-LABEL: func @grouped
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[LOOP:.*]] = scf.for %[[G:.*]] = %[[C0]] to %[[C2]] step %[[C1]] iter_args(%[[ACC:.*]] = %arg2) -> (tensor<1x2x3x4x4xf32>)
// CHECK:   %[[IN:.*]] = tensor.extract_slice %arg0[0, %[[G]], 0, 0, 0] [1, 1, 4, 6, 6] [1, 1, 1, 1, 1] : tensor<1x2x4x6x6xf32> to tensor<1x4x6x6xf32>
// CHECK:   %[[W:.*]] = tensor.extract_slice %arg1[%[[G]], 0, 0, 0, 0] [1, 3, 4, 3, 3] [1, 1, 1, 1, 1] : tensor<2x3x4x3x3xf32> to tensor<3x4x3x3xf32>
// CHECK:   %[[OUT:.*]] = tensor.extract_slice %[[ACC]][0, %[[G]], 0, 0, 0] [1, 1, 3, 4, 4] [1, 1, 1, 1, 1] : tensor<1x2x3x4x4xf32> to tensor<1x3x4x4xf32>
// CHECK:   %[[WM:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<3x4x3x3xf32> into tensor<3x36xf32>
// CHECK:   linalg.generic {{.*}} ins(%[[IN]] : tensor<1x4x6x6xf32>) outs(%{{.*}} : tensor<4x3x3x4x4xf32>)
// CHECK:   %[[MM:.*]] = linalg.matmul ins(%[[WM]], %{{.*}} : tensor<3x36xf32>, tensor<36x16xf32>) outs(%{{.*}} : tensor<3x16xf32>)
// CHECK:   %[[R:.*]] = tensor.expand_shape %[[MM]] {{\[}}[0, 1], [2, 3]] output_shape [1, 3, 4, 4]
// CHECK:   %[[NEXT:.*]] = tensor.insert_slice %[[R]] into %[[ACC]][0, %[[G]], 0, 0, 0] [1, 1, 3, 4, 4] [1, 1, 1, 1, 1] : tensor<1x3x4x4xf32> into tensor<1x2x3x4x4xf32>
// CHECK:   scf.yield %[[NEXT]]
// CHECK: return %[[LOOP]]
// CHECK-NOT: linalg.conv_2d
func.func @grouped(%x: tensor<1x2x4x6x6xf32>, %w: tensor<2x3x4x3x3xf32>, %init: tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32> {
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x4x6x6xf32>, tensor<2x3x4x3x3xf32>) outs(%init : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  return %r : tensor<1x2x3x4x4xf32>
}

// -----

// Batch 2 grouped convolutions are left to the loops.
// CHECK-LABEL: func @grouped_batch2
// CHECK-NOT: scf.for
// CHECK: linalg.conv_2d_ngchw_gfchw
func.func @grouped_batch2(%x: tensor<2x2x4x6x6xf32>, %w: tensor<2x3x4x3x3xf32>, %init: tensor<2x2x3x4x4xf32>) -> tensor<2x2x3x4x4xf32> {
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x2x4x6x6xf32>, tensor<2x3x4x3x3xf32>) outs(%init : tensor<2x2x3x4x4xf32>) -> tensor<2x2x3x4x4xf32>
  return %r : tensor<2x2x3x4x4xf32>
}

// -----

// 32 channels x 3 x 3 = 288 im2col rows exceed max-block-rows (128): a loop
// over blocks of 8 input channels (72 rows) copies one block's im2col rows
// and multiplies them with the weights' matching 72 columns, accumulating
// into the output. With max-block-rows=1000 the conv is one matmul.
// CHECK-LABEL: func @channel_blocks
// CHECK-DAG: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : tensor<16x32x3x3xf32> into tensor<16x288xf32>
// CHECK-DAG: %[[INIT:.*]] = tensor.collapse_shape %arg2 {{\[}}[0, 1], [2, 3]] : tensor<1x16x8x8xf32> into tensor<16x64xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[LOOP:.*]] = scf.for %[[CB:.*]] = %[[C0]] to %[[C32]] step %[[C8]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<16x64xf32>)
// CHECK:   %[[IN:.*]] = tensor.extract_slice %arg0[0, %[[CB]], 0, 0] [1, 8, 10, 10] [1, 1, 1, 1] : tensor<1x32x10x10xf32> to tensor<1x8x10x10xf32>
// CHECK:   %[[C9:.*]] = arith.constant 9 : index
// CHECK:   %[[ROW:.*]] = arith.muli %[[CB]], %[[C9]] : index
// CHECK:   %[[WB:.*]] = tensor.extract_slice %[[W]][0, %[[ROW]]] [16, 72] [1, 1] : tensor<16x288xf32> to tensor<16x72xf32>
// CHECK:   %[[COL5:.*]] = linalg.generic {{.*}} ins(%[[IN]] : tensor<1x8x10x10xf32>) outs(%{{.*}} : tensor<8x3x3x8x8xf32>)
// CHECK:   %[[COL:.*]] = tensor.collapse_shape %[[COL5]] {{\[}}[0, 1, 2], [3, 4]] : tensor<8x3x3x8x8xf32> into tensor<72x64xf32>
// CHECK:   %[[MM:.*]] = linalg.matmul ins(%[[WB]], %[[COL]] : tensor<16x72xf32>, tensor<72x64xf32>) outs(%[[ACC]] : tensor<16x64xf32>)
// CHECK:   scf.yield %[[MM]]
// CHECK: tensor.expand_shape %[[LOOP]] {{\[}}[0, 1], [2, 3]] output_shape [1, 16, 8, 8]
// NOBLOCK-LABEL: func @channel_blocks
// NOBLOCK-NOT: scf.for
// NOBLOCK: linalg.generic {{.*}} ins(%arg0 : tensor<1x32x10x10xf32>) outs(%{{.*}} : tensor<32x3x3x8x8xf32>)
// NOBLOCK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x288xf32>, tensor<288x64xf32>) outs(%{{.*}} : tensor<16x64xf32>)
func.func @channel_blocks(%x: tensor<1x32x10x10xf32>, %w: tensor<16x32x3x3xf32>, %init: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x32x10x10xf32>, tensor<16x32x3x3xf32>) outs(%init : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

// -----

// 14 x 14 = 196 columns (more than 64) are not padded to a multiple of 16:
// the matmul runs on the 196 columns themselves.
// CHECK-LABEL: func @no_pad_196
// CHECK-NOT: tensor.pad
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x36xf32>, tensor<36x196xf32>) outs(%{{.*}} : tensor<8x196xf32>)
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @no_pad_196(%x: tensor<1x4x16x16xf32>, %w: tensor<8x4x3x3xf32>, %init: tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x16x16xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  return %r : tensor<1x8x14x14xf32>
}
