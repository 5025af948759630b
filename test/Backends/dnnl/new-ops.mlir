// RUN: seam-opt %s --seam-partition="backends=dnnl report=true" -split-input-file -o /dev/null | FileCheck %s
// REQUIRES: seam-dnnl-backend

// The new ops of issue 12 on the dnnl backend. The reductions it takes: those oneDNN 2.6 computes with JIT
// kernels (mean and sum on any axes; max, min and prod over the innermost
// non-unit axes). Those it has only reference kernels for (max/min/prod
// over other axes, the lp-norms) and those it has no algorithm for (the
// logarithmic ones) stay compiled, each with its reason.
// Numbers: numerics/reduce_family.mlir.

// CHECK-LABEL: Seam partition report
// CHECK: dnnl 1 1 5
// CHECK: Ops left to the compiler: 7
// CHECK-NEXT: seam.reduce_max at {{.*}}: dnnl: seam.reduce_max over axes that are not the innermost: oneDNN 2.6 has only a reference kernel for it (compiled instead)
// CHECK-NEXT: seam.reduce_prod at {{.*}}: dnnl: seam.reduce_prod over axes that are not the innermost
// CHECK-NEXT: seam.reduce_l1 at {{.*}}: dnnl: seam.reduce_l1: oneDNN 2.6 has only a reference kernel for lp-norm reductions (compiled instead)
// CHECK-NEXT: seam.reduce_l2 at {{.*}}: dnnl: seam.reduce_l2: oneDNN 2.6 has only a reference kernel for lp-norm reductions
// CHECK-NEXT: seam.reduce_sum_square at {{.*}}: dnnl: seam.reduce_sum_square: oneDNN 2.6 has only a reference kernel for lp-norm reductions
// CHECK-NEXT: seam.reduce_log_sum at {{.*}}: dnnl: seam.reduce_log_sum: oneDNN's reduction has no logarithm (compiled instead)
// CHECK-NEXT: seam.reduce_log_sum_exp at {{.*}}: dnnl: seam.reduce_log_sum_exp: oneDNN's reduction has no logarithm
// CHECK-NOT: seam.
func.func @main(%in: tensor<2x6x4x1xf32>) -> (tensor<2x6x1x1xf32>, tensor<2x6xf32>, tensor<2x1x4x1xf32>, tensor<2x6x1x1xf32>, tensor<2x1x4x1xf32>, tensor<2x4x1xf32>, tensor<2x6xf32>, tensor<2x6x1x1xf32>, tensor<2x6x4xf32>, tensor<2x6x4x1xf32>, tensor<2x6x4x1xf32>) {
  %w = arith.constant dense<0.25> : tensor<6x6x1x1xf32>
  %x = seam.conv %in, %w : (tensor<2x6x4x1xf32>, tensor<6x6x1x1xf32>) -> tensor<2x6x4x1xf32>
  // Innermost non-unit axis 2 (axis 3 has size 1): taken.
  %max = seam.reduce_max %x {axes = array<i64: 2>} : (tensor<2x6x4x1xf32>) -> tensor<2x6x1x1xf32>
  %min = seam.reduce_min %x {axes = array<i64: 2, 3>, keepdims = false} : (tensor<2x6x4x1xf32>) -> tensor<2x6xf32>
  // Mean and sum on any axis: taken.
  %mean = seam.reduce_mean %x {axes = array<i64: 1>} : (tensor<2x6x4x1xf32>) -> tensor<2x1x4x1xf32>
  %sum = seam.reduce_sum %x {axes = array<i64: 2>} : (tensor<2x6x4x1xf32>) -> tensor<2x6x1x1xf32>
  // Over the channels: compiled.
  %cmax = seam.reduce_max %x {axes = array<i64: 1>} : (tensor<2x6x4x1xf32>) -> tensor<2x1x4x1xf32>
  %cprod = seam.reduce_prod %x {axes = array<i64: 1>, keepdims = false} : (tensor<2x6x4x1xf32>) -> tensor<2x4x1xf32>
  %l1 = seam.reduce_l1 %x {axes = array<i64: 2, 3>, keepdims = false} : (tensor<2x6x4x1xf32>) -> tensor<2x6xf32>
  %l2 = seam.reduce_l2 %x {axes = array<i64: 2>} : (tensor<2x6x4x1xf32>) -> tensor<2x6x1x1xf32>
  %sq = seam.reduce_sum_square %x {axes = array<i64: 3>, keepdims = false} : (tensor<2x6x4x1xf32>) -> tensor<2x6x4xf32>
  %ls = seam.reduce_log_sum %x {axes = array<i64: 3>} : (tensor<2x6x4x1xf32>) -> tensor<2x6x4x1xf32>
  %lse = seam.reduce_log_sum_exp %x {axes = array<i64: 3>} : (tensor<2x6x4x1xf32>) -> tensor<2x6x4x1xf32>
  return %max, %min, %mean, %sum, %cmax, %cprod, %l1, %l2, %sq, %ls, %lse : tensor<2x6x1x1xf32>, tensor<2x6xf32>, tensor<2x1x4x1xf32>, tensor<2x6x1x1xf32>, tensor<2x1x4x1xf32>, tensor<2x4x1xf32>, tensor<2x6xf32>, tensor<2x6x1x1xf32>, tensor<2x6x4xf32>, tensor<2x6x4x1xf32>, tensor<2x6x4x1xf32>
}

// -----

// A reduction over dims of size 1 only is a copy: oneDNN creates no
// reduction whose source and destination dims agree, so it stays compiled
// (a TfIdfVectorizer's count over the one window of a long skip).
// CHECK-LABEL: Seam partition report
// CHECK: dnnl 1 1 1
// CHECK: Ops left to the compiler: 2
// CHECK-NEXT: seam.reduce_sum at {{.*}}: dnnl: seam.reduce_sum reduces only dims of size 1 (a copy): oneDNN has no reduction for it (compiled instead)
// CHECK-NEXT: seam.reduce_max at {{.*}}: dnnl: seam.reduce_max reduces only dims of size 1 (a copy)
// CHECK-NOT: seam.
func.func @unit_reductions(%in: tensor<2x6x4x1xf32>) -> (tensor<2x6x4xf32>, tensor<2x6x4x1xf32>) {
  %w = arith.constant dense<0.25> : tensor<6x6x1x1xf32>
  %x = seam.conv %in, %w : (tensor<2x6x4x1xf32>, tensor<6x6x1x1xf32>) -> tensor<2x6x4x1xf32>
  %sum = seam.reduce_sum %x {axes = array<i64: 3>, keepdims = false} : (tensor<2x6x4x1xf32>) -> tensor<2x6x4xf32>
  %max = seam.reduce_max %x {axes = array<i64: 3>} : (tensor<2x6x4x1xf32>) -> tensor<2x6x4x1xf32>
  return %sum, %max : tensor<2x6x4xf32>, tensor<2x6x4x1xf32>
}

// -----

// Layer norms oneDNN's layer_normalization takes (over the last axis, the
// statistics unused: numerics/layer_norm_block.mlir) and those it does not,
// and a cubic resize (oneDNN resamples nearest and linear:
// numerics/resize_modes.mlir): each says why.
// CHECK-LABEL: Seam partition report
// CHECK: dnnl 1 2 2
// CHECK: Ops left to the compiler: 3
// CHECK-NEXT: seam.layer_norm at {{.*}}: dnnl.layer_norm: layer_norm over more than the last axis (oneDNN normalizes over the last one); dnnl: seam.layer_norm is not supported outside a pattern
// CHECK-NEXT: seam.layer_norm at {{.*}}: dnnl.layer_norm: layer_norm whose mean or inv_std_dev is used (oneDNN keeps them to itself at inference); dnnl: seam.layer_norm is not supported outside a pattern
// CHECK-NEXT: seam.resize at {{.*}}: dnnl: resize in cubic mode (oneDNN has nearest and linear)
func.func @norm_resize(%in: tensor<1x4x2x8xf32>) -> (tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x1xf32>, tensor<1x4x4x16xf32>) {
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %x = seam.conv %in, %w : (tensor<1x4x2x8xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x2x8xf32>
  %g = arith.constant dense<1.5> : tensor<8xf32>
  %y, %mean, %inv = seam.layer_norm %x, %g {axis = -1 : i64} : (tensor<1x4x2x8xf32>, tensor<8xf32>) -> (tensor<1x4x2x8xf32>, tensor<1x4x2x1xf32>, tensor<1x4x2x1xf32>)
  %g2 = arith.constant dense<1.5> : tensor<2x8xf32>
  %y2, %mean2, %inv2 = seam.layer_norm %x, %g2 {axis = 2 : i64} : (tensor<1x4x2x8xf32>, tensor<2x8xf32>) -> (tensor<1x4x2x8xf32>, tensor<1x4x1x1xf32>, tensor<1x4x1x1xf32>)
  %y3, %mean3, %inv3 = seam.layer_norm %x, %g {axis = -1 : i64} : (tensor<1x4x2x8xf32>, tensor<8xf32>) -> (tensor<1x4x2x8xf32>, tensor<1x4x2x1xf32>, tensor<1x4x2x1xf32>)
  %r = seam.resize %x {mode = #seam<resize_mode cubic>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x4x2x8xf32>) -> tensor<1x4x4x16xf32>
  return %y, %y2, %y3, %mean3, %r : tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x1xf32>, tensor<1x4x4x16xf32>
}
