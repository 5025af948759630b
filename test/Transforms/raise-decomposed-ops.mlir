// RUN: seam-opt %s -split-input-file --seam-raise-decomposed-ops --canonicalize | FileCheck %s

// PyTorch's LayerNorm before opset 17: ReduceMean, Sub, Pow, ReduceMean, Add,
// Sqrt, Div, Mul, Add.
// CHECK-LABEL: func @layer_norm_torch
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x16xf32>, %[[G:.*]]: tensor<16xf32>, %[[B:.*]]: tensor<16xf32>)
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = seam.layer_norm %[[X]], %[[G]], %[[B]] {axis = 2 : i64, epsilon = 9.99999996E-13 : f32}
// CHECK-NOT: seam.reduce_mean
// CHECK-NOT: seam.pow
// CHECK: return %[[Y]]
func.func @layer_norm_torch(%x: tensor<2x8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<2x8x16xf32> {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<1.0e-12> : tensor<f32>
  %mean = seam.reduce_mean %x {axes = array<i64: -1>} : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  %d = seam.sub %x, %mean : (tensor<2x8x16xf32>, tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
  %sq = seam.pow %d, %two : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8x16xf32>
  %var = seam.reduce_mean %sq {axes = array<i64: -1>} : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  %ve = seam.add %var, %eps : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %s = seam.sqrt %ve : tensor<2x8x1xf32>
  %n = seam.div %d, %s : (tensor<2x8x16xf32>, tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
  %m = seam.mul %n, %g : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
  %y = seam.add %m, %b : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
  return %y : tensor<2x8x16xf32>
}

// -----

// d * d for the square, eps first, the parameters first, over the last two
// axes (epsilon 1e-5, the op's default); the bias a constant of the last
// axis only.
// CHECK-LABEL: func @layer_norm_two_axes
// CHECK-SAME: (%[[X:.*]]: tensor<4x3x5xf32>, %[[G:.*]]: tensor<3x5xf32>)
// CHECK: %[[B:.*]] = arith.constant dense<5.000000e-01> : tensor<5xf32>
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = seam.layer_norm %[[X]], %[[G]], %[[B]] {axis = 1 : i64}
// CHECK: return %[[Y]]
func.func @layer_norm_two_axes(%x: tensor<4x3x5xf32>, %g: tensor<3x5xf32>) -> tensor<4x3x5xf32> {
  %eps = arith.constant dense<1.0e-5> : tensor<1xf32>
  %b = arith.constant dense<0.5> : tensor<5xf32>
  %mean = seam.reduce_mean %x {axes = array<i64: 1, 2>} : (tensor<4x3x5xf32>) -> tensor<4x1x1xf32>
  %d = seam.sub %x, %mean : (tensor<4x3x5xf32>, tensor<4x1x1xf32>) -> tensor<4x3x5xf32>
  %sq = seam.mul %d, %d : (tensor<4x3x5xf32>, tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %var = seam.reduce_mean %sq {axes = array<i64: -2, -1>} : (tensor<4x3x5xf32>) -> tensor<4x1x1xf32>
  %ve = seam.add %eps, %var : (tensor<1xf32>, tensor<4x1x1xf32>) -> tensor<4x1x1xf32>
  %s = seam.sqrt %ve : tensor<4x1x1xf32>
  %n = seam.div %d, %s : (tensor<4x3x5xf32>, tensor<4x1x1xf32>) -> tensor<4x3x5xf32>
  %m = seam.mul %g, %n : (tensor<3x5xf32>, tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %y = seam.add %b, %m : (tensor<5xf32>, tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %y : tensor<4x3x5xf32>
}

// -----

// Without the affine part: a scale of ones, no bias.
// CHECK-LABEL: func @layer_norm_plain
// CHECK: %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<6xf32>
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = seam.layer_norm %arg0, %[[ONES]] {axis = 1 : i64, epsilon = 0.00999999977 : f32} : (tensor<3x6xf32>, tensor<6xf32>)
// CHECK: return %[[Y]]
func.func @layer_norm_plain(%x: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<0.01> : tensor<f32>
  %mean = seam.reduce_mean %x {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %d = seam.sub %x, %mean : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %sq = seam.pow %d, %two : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  %var = seam.reduce_mean %sq {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %ve = seam.add %var, %eps : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
  %s = seam.sqrt %ve : tensor<3x1xf32>
  %n = seam.div %d, %s : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  return %n : tensor<3x6xf32>
}

// -----

// A scale that varies along the batch axis is no LayerNorm parameter: the
// multiply stays after the raised op.
// CHECK-LABEL: func @layer_norm_scale_per_row
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = seam.layer_norm %arg0, %{{.*}} {axis = 1 : i64
// CHECK: %[[M:.*]] = seam.mul %[[Y]], %arg1
// CHECK: return %[[M]]
func.func @layer_norm_scale_per_row(%x: tensor<3x6xf32>, %g: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<0.01> : tensor<f32>
  %mean = seam.reduce_mean %x {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %d = seam.sub %x, %mean : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %sq = seam.pow %d, %two : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  %var = seam.reduce_mean %sq {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %ve = seam.add %var, %eps : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
  %s = seam.sqrt %ve : tensor<3x1xf32>
  %n = seam.div %d, %s : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %m = seam.mul %n, %g : (tensor<3x6xf32>, tensor<3x6xf32>) -> tensor<3x6xf32>
  return %m : tensor<3x6xf32>
}

// -----

// Not a LayerNorm: the means are over a leading axis, the square is a cube,
// the variance is of another tensor's deviation.
// CHECK-LABEL: func @not_layer_norm
// CHECK-NOT: seam.layer_norm
// CHECK: return
func.func @not_layer_norm(%x: tensor<3x6xf32>, %z: tensor<3x6xf32>) -> (tensor<3x6xf32>, tensor<3x6xf32>, tensor<3x6xf32>) {
  %two = arith.constant dense<2.0> : tensor<f32>
  %three = arith.constant dense<3.0> : tensor<f32>
  %eps = arith.constant dense<0.01> : tensor<f32>
  %mean0 = seam.reduce_mean %x {axes = array<i64: 0>} : (tensor<3x6xf32>) -> tensor<1x6xf32>
  %d0 = seam.sub %x, %mean0 : (tensor<3x6xf32>, tensor<1x6xf32>) -> tensor<3x6xf32>
  %sq0 = seam.pow %d0, %two : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  %var0 = seam.reduce_mean %sq0 {axes = array<i64: 0>} : (tensor<3x6xf32>) -> tensor<1x6xf32>
  %ve0 = seam.add %var0, %eps : (tensor<1x6xf32>, tensor<f32>) -> tensor<1x6xf32>
  %s0 = seam.sqrt %ve0 : tensor<1x6xf32>
  %n0 = seam.div %d0, %s0 : (tensor<3x6xf32>, tensor<1x6xf32>) -> tensor<3x6xf32>
  %mean = seam.reduce_mean %x {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %d = seam.sub %x, %mean : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %cube = seam.pow %d, %three : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  %var1 = seam.reduce_mean %cube {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %ve1 = seam.add %var1, %eps : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
  %s1 = seam.sqrt %ve1 : tensor<3x1xf32>
  %n1 = seam.div %d, %s1 : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %dz = seam.sub %z, %mean : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  %sqz = seam.pow %dz, %two : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  %var2 = seam.reduce_mean %sqz {axes = array<i64: 1>} : (tensor<3x6xf32>) -> tensor<3x1xf32>
  %ve2 = seam.add %var2, %eps : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
  %s2 = seam.sqrt %ve2 : tensor<3x1xf32>
  %n2 = seam.div %d, %s2 : (tensor<3x6xf32>, tensor<3x1xf32>) -> tensor<3x6xf32>
  return %n0, %n1, %n2 : tensor<3x6xf32>, tensor<3x6xf32>, tensor<3x6xf32>
}

// -----

// PyTorch's GELU (erf form): x * (1 + erf(x / 1.4142135)) * 0.5.
// CHECK-LABEL: func @gelu_erf_torch
// CHECK-NEXT: %[[Y:.*]] = seam.gelu %arg0 : tensor<2x32xf32>
// CHECK-NEXT: return %[[Y]]
func.func @gelu_erf_torch(%x: tensor<2x32xf32>) -> tensor<2x32xf32> {
  %sqrt2 = arith.constant dense<1.41421354> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %a = seam.div %x, %sqrt2 : (tensor<2x32xf32>, tensor<f32>) -> tensor<2x32xf32>
  %e = seam.erf %a : tensor<2x32xf32>
  %b = seam.add %e, %one : (tensor<2x32xf32>, tensor<f32>) -> tensor<2x32xf32>
  %c = seam.mul %x, %b : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %y = seam.mul %c, %half : (tensor<2x32xf32>, tensor<f32>) -> tensor<2x32xf32>
  return %y : tensor<2x32xf32>
}

// -----

// Hugging Face's: 0.5 * x * (1.0 + erf(x * 0.70710678)), and the halving as
// a division by 2.
// CHECK-LABEL: func @gelu_erf_grouped
// CHECK-NEXT: %[[Y:.*]] = seam.gelu %arg0 : tensor<8xf32>
// CHECK-NEXT: %[[Z:.*]] = seam.gelu %arg0 : tensor<8xf32>
// CHECK-NEXT: return %[[Y]], %[[Z]]
func.func @gelu_erf_grouped(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %inv = arith.constant dense<0.707106769> : tensor<1xf32>
  %one = arith.constant dense<1.0> : tensor<1xf32>
  %half = arith.constant dense<0.5> : tensor<1xf32>
  %two = arith.constant dense<2.0> : tensor<1xf32>
  %hx = seam.mul %half, %x : (tensor<1xf32>, tensor<8xf32>) -> tensor<8xf32>
  %a = seam.mul %x, %inv : (tensor<8xf32>, tensor<1xf32>) -> tensor<8xf32>
  %e = seam.erf %a : tensor<8xf32>
  %b = seam.add %one, %e : (tensor<1xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y = seam.mul %hx, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %c = seam.mul %b, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %z = seam.div %c, %two : (tensor<8xf32>, tensor<1xf32>) -> tensor<8xf32>
  return %y, %z : tensor<8xf32>, tensor<8xf32>
}

// -----

// PyTorch's GELU(approximate="tanh") at opset 17: x * x * x, constants first.
// CHECK-LABEL: func @gelu_tanh_torch
// CHECK-NEXT: %[[Y:.*]] = seam.gelu %arg0 {approximate = #seam<gelu_approximation tanh>} : tensor<4x16xf32>
// CHECK-NEXT: return %[[Y]]
func.func @gelu_tanh_torch(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %k = arith.constant dense<0.044715> : tensor<f32>
  %c = arith.constant dense<0.797884583> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %x2 = seam.mul %x, %x : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %x3 = seam.mul %x, %x2 : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %t = seam.mul %k, %x3 : (tensor<f32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %u = seam.add %x, %t : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %v = seam.mul %c, %u : (tensor<f32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %th = seam.tanh %v : tensor<4x16xf32>
  %w = seam.add %one, %th : (tensor<f32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %p = seam.mul %x, %w : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = seam.mul %half, %p : (tensor<f32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// The cube as pow(x, 3.0).
// CHECK-LABEL: func @gelu_tanh_pow
// CHECK-NEXT: seam.gelu %arg0 {approximate = #seam<gelu_approximation tanh>}
func.func @gelu_tanh_pow(%x: tensor<16xf32>) -> tensor<16xf32> {
  %three = arith.constant dense<3.0> : tensor<f32>
  %k = arith.constant dense<0.044715> : tensor<f32>
  %c = arith.constant dense<0.797884583> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %x3 = seam.pow %x, %three : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %t = seam.mul %x3, %k : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %u = seam.add %t, %x : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %v = seam.mul %u, %c : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %th = seam.tanh %v : tensor<16xf32>
  %w = seam.add %th, %one : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %hx = seam.mul %x, %half : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %y = seam.mul %hx, %w : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %y : tensor<16xf32>
}

// -----

// Not GELU: another scale inside erf, another factor outside, erf of
// another tensor, a cube's coefficient off.
// CHECK-LABEL: func @not_gelu
// CHECK-NOT: seam.gelu
// CHECK: return
func.func @not_gelu(%x: tensor<8xf32>, %z: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %inv = arith.constant dense<0.707106769> : tensor<f32>
  %other = arith.constant dense<0.5> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %quarter = arith.constant dense<0.25> : tensor<f32>
  %a0 = seam.mul %x, %other : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e0 = seam.erf %a0 : tensor<8xf32>
  %b0 = seam.add %e0, %one : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %c0 = seam.mul %x, %b0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y0 = seam.mul %c0, %half : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %a = seam.mul %x, %inv : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e = seam.erf %a : tensor<8xf32>
  %b = seam.add %e, %one : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %c1 = seam.mul %x, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y1 = seam.mul %c1, %quarter : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %c2 = seam.mul %z, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y2 = seam.mul %c2, %half : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %k = arith.constant dense<0.05> : tensor<f32>
  %c = arith.constant dense<0.797884583> : tensor<f32>
  %x2 = seam.mul %x, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %x3 = seam.mul %x, %x2 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t = seam.mul %k, %x3 : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %u = seam.add %x, %t : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %v = seam.mul %c, %u : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %th = seam.tanh %v : tensor<8xf32>
  %w = seam.add %one, %th : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %p = seam.mul %x, %w : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y3 = seam.mul %half, %p : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  return %y0, %y1, %y2, %y3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
