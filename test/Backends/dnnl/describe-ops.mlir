// RUN: seam-opt %s --seam-partition="backends=dnnl" --seam-lower-backend-regions -split-input-file | FileCheck %s
// REQUIRES: seam-dnnl-backend

// The description of each op kind the dnnl backend gives the runtime
// (runtime/RegionDesc.h): the #seam_dnnl.region of the region's
// seam.kernel_call, its values numbered from 0 (arguments first, weights
// where first used, then each op's dst), its ops in order, each a
// #seam_dnnl.op with its attributes in oneDNN's terms and its post-ops in
// order. The attribute is one line: each op is one CHECK-SAME, and the
// 'values' list (one entry per value: an extra op would add one) is checked
// whole.

// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[12, 5], [12, 7], [1, 7], [5, 7], [5, 7]], inputs = [0], weights = [1, 2], outputs = [4],
// CHECK-SAME: ops = [#seam_dnnl.op<matmul, dst = 3, srcs = [0, 1], bias = 2, trans_a = true, alpha = 0.5, beta = 2.0>,
// CHECK-SAME: #seam_dnnl.op<softmax, dst = 4, srcs = [3], axis = 1>]>)
func.func @gemm_softmax(%a: tensor<12x5xf32>) -> tensor<5x7xf32> {
  %b = arith.constant dense<0.5> : tensor<12x7xf32>
  %c = arith.constant dense<0.25> : tensor<1x7xf32>
  %g = seam.gemm %a, %b, %c {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = true} : (tensor<12x5xf32>, tensor<12x7xf32>, tensor<1x7xf32>) -> tensor<5x7xf32>
  %s = seam.softmax %g {axis = -1 : i64} : tensor<5x7xf32>
  return %s : tensor<5x7xf32>
}

// -----

// A batched matmul of two inputs, a constant bias add fused as the bias,
// then an activation; hard_sigmoid is a linear then a clip post-op.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[3, 2, 8], [3, 8, 4], [4], [3, 2, 4]], inputs = [0, 1], weights = [2], outputs = [3],
// CHECK-SAME: ops = [#seam_dnnl.op<matmul, dst = 3, srcs = [0, 1], bias = 2, post_ops = [#seam_dnnl.post_op<eltwise, alg = linear, alpha = 0.200000003, beta = 0.5>, #seam_dnnl.post_op<eltwise, alg = clip, beta = 1.0>]>]>)
func.func @batched_matmul_bias(%a: tensor<3x2x8xf32>, %b: tensor<3x8x4xf32>) -> tensor<3x2x4xf32> {
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %m = seam.matmul %a, %b : (tensor<3x2x8xf32>, tensor<3x8x4xf32>) -> tensor<3x2x4xf32>
  %s = seam.add %m, %c : (tensor<3x2x4xf32>, tensor<4xf32>) -> tensor<3x2x4xf32>
  %h = seam.hard_sigmoid %s : tensor<3x2x4xf32>
  return %h : tensor<3x2x4xf32>
}

// -----

// Grouped, strided, dilated conv with asymmetric pads; a leaky relu is relu
// with alpha; avg pooling that counts padding; ceil_mode max pooling gets the
// end pads oneDNN needs for the op's output size.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[1, 4, 11, 9], [8, 2, 3, 2], [1, 8, 5, 8], [1, 8, 5, 8], [1, 8, 2, 4]], inputs = [0], weights = [1], outputs = [4],
// CHECK-SAME: ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [2, 1], pads = [1, 0, 2, 0], dilations = [2, 1], group = 2, post_ops = [#seam_dnnl.post_op<eltwise, alg = relu, alpha = 0.125>]>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 3, srcs = [2], kernel = [3, 3], strides = [1, 1], pads = [1, 1, 1, 1], dilations = [1, 1], alg = pool_avg_include>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 4, srcs = [3], kernel = [3, 3], strides = [2, 2], pads = [0, 0, 0, 1], dilations = [1, 1], alg = pool_max>]>)
func.func @conv_pools(%x: tensor<1x4x11x9xf32>) -> tensor<1x8x2x4xf32> {
  %w = arith.constant dense<0.5> : tensor<8x2x3x2xf32>
  %c = seam.conv %x, %w {group = 2 : i64, pads = array<i64: 1, 0, 2, 0>, strides = array<i64: 2, 1>, dilations = array<i64: 2, 1>} : (tensor<1x4x11x9xf32>, tensor<8x2x3x2xf32>) -> tensor<1x8x5x8xf32>
  %r = seam.leaky_relu %c {alpha = 0.125 : f32} : tensor<1x8x5x8xf32>
  %a = seam.avg_pool %r {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x8x5x8xf32>) -> tensor<1x8x5x8xf32>
  %m = seam.max_pool %a {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x5x8xf32>) -> tensor<1x8x2x4xf32>
  return %m : tensor<1x8x2x4xf32>
}

// -----

// An unfolded batch_norm (it follows a relu), a global average pool as
// pooling over the whole spatial extent, a broadcast binary op with the
// broadcast operand second (oneDNN broadcasts the second one only), a single
// eltwise op, and a concat.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[1, 4, 4, 4], [4, 4, 1, 1], [1, 4, 4, 4], [4], [4], [4], [4], [1, 4, 4, 4], [1, 4, 1, 1], [1, 4, 1, 1], [1, 4, 4, 4], [1, 4, 4, 4], [1, 8, 4, 4]],
// CHECK-SAME: inputs = [0], weights = [1, 3, 4, 5, 6, 9], outputs = [8, 12],
// CHECK-SAME: ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1], post_ops = [#seam_dnnl.post_op<eltwise, alg = relu>]>,
// CHECK-SAME: #seam_dnnl.op<batchnorm, dst = 7, srcs = [2, 3, 4, 5, 6], epsilon = 0.00100000005>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 8, srcs = [7], kernel = [4, 4], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1], alg = pool_avg_exclude>,
// CHECK-SAME: #seam_dnnl.op<binary, dst = 10, srcs = [2, 9], alg = mul>,
// CHECK-SAME: #seam_dnnl.op<eltwise, dst = 11, srcs = [10], alpha = 0.0, beta = 0.0, alg = exp>,
// CHECK-SAME: #seam_dnnl.op<concat, dst = 12, srcs = [11, 2], axis = 1>]>)
func.func @norm_binary_concat(%x: tensor<1x4x4x4xf32>) -> (tensor<1x4x1x1xf32>, tensor<1x8x4x4xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %c : tensor<1x4x4x4xf32>
  %s = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %m = arith.constant dense<0.25> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %n = seam.batch_norm %r, %s, %b, %m, %v {epsilon = 1.0e-3 : f32} : (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %g = seam.global_avg_pool %n : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %k = arith.constant dense<3.0> : tensor<1x4x1x1xf32>
  %p = seam.mul %k, %r : (tensor<1x4x1x1xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e = seam.exp %p : tensor<1x4x4x4xf32>
  %o = seam.concat %e, %r {axis = -3 : i64} : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %g, %o : tensor<1x4x1x1xf32>, tensor<1x8x4x4xf32>
}

// -----

// Flatten and reshape are views of the row-major data (no primitive), so
// that a classifier stays in the region of its convolutions.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[1, 4, 4, 4], [4, 4, 1, 1], [1, 4, 4, 4], [1, 4, 1, 1], [1, 4], [10, 4], [10], [1, 10], [2, 5]], inputs = [0], weights = [1, 5, 6], outputs = [8],
// CHECK-SAME: ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1]>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 3, srcs = [2], kernel = [4, 4], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1], alg = pool_avg_exclude>,
// CHECK-SAME: #seam_dnnl.op<reshape, dst = 4, srcs = [3]>,
// CHECK-SAME: #seam_dnnl.op<matmul, dst = 7, srcs = [4, 5], bias = 6, trans_b = true>,
// CHECK-SAME: #seam_dnnl.op<reshape, dst = 8, srcs = [7]>]>)
func.func @classifier(%x: tensor<1x4x4x4xf32>) -> tensor<2x5xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %g = seam.global_avg_pool %c : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %f = seam.flatten %g : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
  %b = arith.constant dense<0.25> : tensor<10x4xf32>
  %k = arith.constant dense<0.125> : tensor<10xf32>
  %l = seam.gemm %f, %b, %k {trans_b = true} : (tensor<1x4xf32>, tensor<10x4xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  %r = seam.reshape %l : (tensor<1x10xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

// Transpose and slice are reorders of views (axes permuted, a block at
// offsets); a mean over the spatial dims is a global average pooling, other
// reductions a reduction, and a dropped reduced dim a reshape after it.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[1, 4, 3, 3], [4, 4, 1, 1], [1, 4, 3, 3], [1, 3, 3, 4], [1, 2, 3, 2], [1, 4, 1, 1], [1, 4], [1, 1, 3, 3]], inputs = [0], weights = [1], outputs = [4, 6, 7],
// CHECK-SAME: ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1]>,
// CHECK-SAME: #seam_dnnl.op<transpose, dst = 3, srcs = [2], perm = [0, 2, 3, 1]>,
// CHECK-SAME: #seam_dnnl.op<slice, dst = 4, srcs = [3], offsets = [0, 1, 0, 2]>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 5, srcs = [2], kernel = [3, 3], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1], alg = pool_avg_exclude>,
// CHECK-SAME: #seam_dnnl.op<reshape, dst = 6, srcs = [5]>,
// CHECK-SAME: #seam_dnnl.op<reduce, dst = 7, srcs = [2], alg = reduce_sum>]>)
func.func @views_reductions(%x: tensor<1x4x3x3xf32>) -> (tensor<1x2x3x2xf32>, tensor<1x4xf32>, tensor<1x1x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %t = seam.transpose %c {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x4x3x3xf32>) -> tensor<1x3x3x4xf32>
  %s = seam.slice %t {starts = array<i64: 1, 2>, ends = array<i64: 3, 4>, axes = array<i64: 1, 3>} : (tensor<1x3x3x4xf32>) -> tensor<1x2x3x2xf32>
  %m = seam.reduce_mean %c {axes = array<i64: 2, 3>, keepdims = false} : (tensor<1x4x3x3xf32>) -> tensor<1x4xf32>
  %r = seam.reduce_sum %c {axes = array<i64: 1>, keepdims = true} : (tensor<1x4x3x3xf32>) -> tensor<1x1x3x3xf32>
  return %s, %m, %r : tensor<1x2x3x2xf32>, tensor<1x4xf32>, tensor<1x1x3x3xf32>
}

// -----

// conv_transpose is a deconv with ONNX's weights (oneDNN's weights are a
// view of them) and bias; the end pads less output_padding (H 1 - 1, W
// 0 - 1: possibly negative) give the output size oneDNN computes.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[1, 4, 3, 3], [4, 3, 3, 2], [6], [1, 6, 6, 9]], inputs = [0], weights = [1, 2], outputs = [3],
// CHECK-SAME: ops = [#seam_dnnl.op<deconv, dst = 3, srcs = [0, 1], bias = 2, strides = [2, 3], pads = [1, 0, 0, -1], dilations = [1, 1], group = 2, post_ops = [#seam_dnnl.post_op<eltwise, alg = relu>]>]>)
func.func @conv_transpose(%x: tensor<1x4x3x3xf32>) -> tensor<1x6x6x9xf32> {
  %w = arith.constant dense<0.5> : tensor<4x3x3x2xf32>
  %b = arith.constant dense<0.25> : tensor<6xf32>
  %c = seam.conv_transpose %x, %w, %b {group = 2 : i64, strides = array<i64: 2, 3>, pads = array<i64: 1, 0, 1, 0>, output_padding = array<i64: 1, 1>} : (tensor<1x4x3x3xf32>, tensor<4x3x3x2xf32>, tensor<6xf32>) -> tensor<1x6x6x9xf32>
  %r = seam.relu %c : tensor<1x6x6x9xf32>
  return %r : tensor<1x6x6x9xf32>
}

// -----

// Attention scores: the division by a constant and the additive mask (an
// argument of shape [B, 1, 1, S], the first operand of its add) are binary
// post-ops of the product, each with its second operand. The pattern takes
// two: a constant [S, S] added after them is a binary op of its own (with
// the row-major [3, 3] broadcast), then the softmax.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK: seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: values = {{\[}}[2, 2, 3, 4], [2, 2, 4, 3], [2, 1, 1, 3], [], [2, 2, 3, 3], [3, 3], [2, 2, 3, 3], [2, 2, 3, 3]], inputs = [0, 1, 2], weights = [3, 5], outputs = [7],
// CHECK-SAME: ops = [#seam_dnnl.op<matmul, dst = 4, srcs = [0, 1], post_ops = [#seam_dnnl.post_op<binary, alg = div, value = 3>, #seam_dnnl.post_op<binary, alg = add, value = 2>]>,
// CHECK-SAME: #seam_dnnl.op<binary, dst = 6, srcs = [4, 5], alg = add>,
// CHECK-SAME: #seam_dnnl.op<softmax, dst = 7, srcs = [6], axis = 3>]>)
func.func @attention_scores(%q: tensor<2x2x3x4xf32>, %k: tensor<2x2x4x3xf32>, %mask: tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32> {
  %scale = arith.constant dense<2.0> : tensor<f32>
  %bias = arith.constant dense<0.5> : tensor<3x3xf32>
  %s = seam.matmul %q, %k : (tensor<2x2x3x4xf32>, tensor<2x2x4x3xf32>) -> tensor<2x2x3x3xf32>
  %d = seam.div %s, %scale : (tensor<2x2x3x3xf32>, tensor<f32>) -> tensor<2x2x3x3xf32>
  %m = seam.add %mask, %d : (tensor<2x1x1x3xf32>, tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %b = seam.add %m, %bias : (tensor<2x2x3x3xf32>, tensor<3x3xf32>) -> tensor<2x2x3x3xf32>
  %p = seam.softmax %b {axis = -1 : i64} : tensor<2x2x3x3xf32>
  return %p : tensor<2x2x3x3xf32>
}
