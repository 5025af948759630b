// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-unroll-windows))' | FileCheck %s

// 3x3 max pooling, stride 2, over a padded 1x8x9x9 input: nine strided views
// (offsets 0..2 in each spatial dim, step 2) combined by maximumf in an
// elementwise generic over the 1x8x4x4 output.
// CHECK-LABEL: func @max3x3s2
// CHECK-DAG: %[[V00:.*]] = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 8, 4, 4] [1, 1, 2, 2]
// CHECK-DAG: %[[V22:.*]] = tensor.extract_slice %arg0[0, 0, 2, 2] [1, 8, 4, 4] [1, 1, 2, 2]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[V00]], {{.*}}, %[[V22]] : {{.*}}) outs(%arg1 : tensor<1x8x4x4xf32>)
// CHECK-COUNT-9: arith.maximumf
// CHECK-NOT: linalg.pooling
func.func @max3x3s2(%x: tensor<1x8x9x9xf32>, %init: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x8x9x9xf32>, tensor<3x3xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// Sum pooling with dilation 2: views at offsets 0 and 2, step 1; addf.
// CHECK-LABEL: func @sum2x2d2
// CHECK-DAG: tensor.extract_slice %arg0[0, 0, 2, 2] [1, 2, 4, 4] [1, 1, 1, 1]
// CHECK-COUNT-4: arith.addf
func.func @sum2x2d2(%x: tensor<1x2x6x6xf32>, %init: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x6x6xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----

// Windows larger than max-window (64 positions) stay named pooling ops.
// CHECK-LABEL: func @large_window
// CHECK: linalg.pooling_nchw_sum
func.func @large_window(%x: tensor<1x2x9x9xf32>, %init: tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32> {
  %w = tensor.empty() : tensor<9x9xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x9x9xf32>, tensor<9x9xf32>) outs(%init : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %r : tensor<1x2x1x1xf32>
}

// -----

// Depthwise 3x3 convolution (stride 1): nine input views and nine
// per-channel weight vectors w[:, i, j], multiply-added onto the initial value
// (the bias).
// CHECK: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func @depthwise
// CHECK-DAG: %[[V:.*]] = tensor.extract_slice %arg0[0, 0, 1, 2] [1, 4, 6, 6] [1, 1, 1, 1]
// CHECK-DAG: %[[W:.*]] = tensor.extract_slice %arg1[0, 1, 2] [4, 1, 1] [1, 1, 1] : tensor<4x3x3xf32> to tensor<4xf32>
// CHECK: linalg.generic {indexing_maps = [{{.*}}#[[CH]]{{.*}}]
// CHECK-COUNT-9: arith.mulf
// CHECK-NOT: linalg.depthwise_conv_2d
func.func @depthwise(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3xf32>, %init: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%init : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}
