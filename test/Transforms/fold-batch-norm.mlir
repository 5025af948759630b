// RUN: seam-opt %s -split-input-file --seam-fold-batch-norm | FileCheck %s

// s = scale / sqrt(var + eps) = [2 / sqrt(3 + 1), 1 / sqrt(15 + 1)] = [1, 0.25]
// W' = W * s = [1 * 1, 2 * 0.25] = [1, 0.5]
// b' = (b - mean) * s + bias = [(0.5 - 1) * 1 + 0.1, (-1 - 0) * 0.25 + 0.2] = [-0.4, -0.05]
// CHECK-LABEL: func @conv_bias_bn
// CHECK-DAG: %[[W:.*]] = arith.constant dense<[{{\[\[}}[1.000000e+00]]], {{\[\[}}[5.000000e-01]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[-4.000000e-01, -0.04999{{[0-9]*}}]> : tensor<2xf32>
// CHECK: %[[C:.*]] = seam.conv %arg0, %[[W]], %[[B]] {strides = array<i64: 1, 1>}
// CHECK-NOT: seam.batch_norm
// CHECK: return %[[C]]
// The replaced weight, bias and batch-norm parameters are erased.
// CHECK-NOT: arith.constant
func.func @conv_bias_bn(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %b = arith.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %scale = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %bias = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %mean = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %var = arith.constant dense<[3.0, 15.0]> : tensor<2xf32>
  %c = seam.conv %x, %w, %b {strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %y = seam.batch_norm %c, %scale, %bias, %mean, %var {epsilon = 1.0 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// Without a conv bias the folded bias is (0 - mean) * s + bias = [-1 + 0.1, 0.2].
// CHECK-LABEL: func @conv_no_bias_bn
// CHECK-DAG: arith.constant dense<[-0.899999976, 2.000000e-01]> : tensor<2xf32>
// CHECK: seam.conv %arg0, %{{.*}}, %{{.*}} :
// CHECK-NOT: seam.batch_norm
func.func @conv_no_bias_bn(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %scale = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %bias = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %mean = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %var = arith.constant dense<[3.0, 15.0]> : tensor<2xf32>
  %c = seam.conv %x, %w : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = seam.batch_norm %c, %scale, %bias, %mean, %var {epsilon = 1.0 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// The conv's result is used twice: folding would change the other use.
// CHECK-LABEL: func @conv_with_two_uses
// CHECK: %[[C:.*]] = seam.conv
// CHECK: seam.batch_norm %[[C]]
// CHECK: seam.add %{{.*}}, %[[C]]
func.func @conv_with_two_uses(%x: tensor<1x1x4x4xf32>, %s: tensor<2xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %p = arith.constant dense<1.0> : tensor<2xf32>
  %c = seam.conv %x, %w : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = seam.batch_norm %c, %p, %p, %p, %p : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %z = seam.add %y, %c : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// Batch-norm parameters that are function arguments are not constants.
// CHECK-LABEL: func @bn_params_not_constant
// CHECK: seam.batch_norm
func.func @bn_params_not_constant(%x: tensor<1x1x4x4xf32>, %s: tensor<2xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %p = arith.constant dense<1.0> : tensor<2xf32>
  %c = seam.conv %x, %w : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = seam.batch_norm %c, %s, %p, %p, %p : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// A batch_norm that does not follow a conv (DenseNet's pre-activation) stays.
// CHECK-LABEL: func @bn_after_relu
// CHECK: seam.relu
// CHECK: seam.batch_norm
func.func @bn_after_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %p = arith.constant dense<1.0> : tensor<2xf32>
  %r = seam.relu %x : tensor<1x2x4x4xf32>
  %y = seam.batch_norm %r, %p, %p, %p, %p : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// Grouped (depthwise) conv: the weight's first dim is still the output
// channel, so per-channel scaling applies the same way.
// s = [1 / sqrt(0 + 1), 3 / sqrt(8 + 1)] = [1, 1]; W' = W; b' = [0 - 2, 0 - 0] + 0
// CHECK-LABEL: func @depthwise_conv_bn
// CHECK-DAG: arith.constant dense<[-2.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK: seam.conv {{.*}}group = 2
// CHECK-NOT: seam.batch_norm
func.func @depthwise_conv_bn(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %scale = arith.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %bias = arith.constant dense<0.0> : tensor<2xf32>
  %mean = arith.constant dense<[2.0, 0.0]> : tensor<2xf32>
  %var = arith.constant dense<[0.0, 8.0]> : tensor<2xf32>
  %c = seam.conv %x, %w {group = 2 : i64} : (tensor<1x2x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = seam.batch_norm %c, %scale, %bias, %mean, %var {epsilon = 1.0 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// One constant stands for all four batch-norm parameters (and the weight):
// scale = bias = mean = var = 1, eps = 0 -> s = 1, b' = (0 - 1) * 1 + 1 = 0.
// CHECK-LABEL: func @shared_parameter_constant
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.000000e+00> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK: seam.conv %arg0, %[[W]], %[[B]]
// CHECK-NOT: seam.batch_norm
func.func @shared_parameter_constant(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %p = arith.constant dense<1.0> : tensor<2xf32>
  %c = seam.conv %x, %w : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %y = seam.batch_norm %c, %p, %p, %p, %p {epsilon = 0.0 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}
