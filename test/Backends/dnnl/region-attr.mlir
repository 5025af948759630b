// RUN: seam-opt %s -split-input-file | FileCheck %s
// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s
// REQUIRES: seam-dnnl-backend

// The #seam_dnnl attributes round-trip: parameters that have their default
// are elided, floats (f32) are printed with 9 significant digits (exactly,
// always as float literals), op kinds and algorithms by their keywords (also
// read as strings), a 0-d value's dims as [].

// CHECK-LABEL: func.func private @post_ops
// CHECK-SAME: p0_relu = #seam_dnnl.post_op<eltwise, alg = relu>,
// CHECK-SAME: p1_defaults = #seam_dnnl.post_op<eltwise, alg = relu>,
// CHECK-SAME: p2_leaky_relu = #seam_dnnl.post_op<eltwise, alg = relu, alpha = 0.125>,
// CHECK-SAME: p3_linear = #seam_dnnl.post_op<eltwise, alg = linear, alpha = 0.200000003, beta = 0.5>,
// CHECK-SAME: p4_clip = #seam_dnnl.post_op<eltwise, alg = clip, beta = 6.0>,
// CHECK-SAME: p5_clip_unbounded = #seam_dnnl.post_op<eltwise, alg = clip, alpha = -3.40282347e+38, beta = 3.40282347e+38>,
// CHECK-SAME: p6_sum = #seam_dnnl.post_op<sum, value = 3>,
// CHECK-SAME: p7_sum_value_0 = #seam_dnnl.post_op<sum, value = 0>,
// CHECK-SAME: p8_negative_zero = #seam_dnnl.post_op<eltwise, alg = linear, alpha = -0.0, beta = 1.00000001e-07>,
// CHECK-SAME: p9_quoted_algorithm = #seam_dnnl.post_op<eltwise, alg = gelu_erf>,
// CHECK-SAME: pa_exponent_integer = #seam_dnnl.post_op<eltwise, alg = clip, beta = 1.0e+09>,
// CHECK-SAME: pb_hex_f32_bits = #seam_dnnl.post_op<eltwise, alg = clip, beta = 6.0>,
// CHECK-SAME: pc_binary_add = #seam_dnnl.post_op<binary, alg = add, value = 4>,
// CHECK-SAME: pd_binary_div_value_0 = #seam_dnnl.post_op<binary, alg = div, value = 0>}
func.func private @post_ops() attributes {
  p0_relu = #seam_dnnl.post_op<eltwise, alg = relu>,
  p1_defaults = #seam_dnnl.post_op<eltwise, alg = relu, alpha = 0.0, beta = 0.0, value = -1>,
  p2_leaky_relu = #seam_dnnl.post_op<eltwise, alg = relu, alpha = 0.125>,
  p3_linear = #seam_dnnl.post_op<eltwise, alg = linear, alpha = 0.2, beta = 0.5>,
  p4_clip = #seam_dnnl.post_op<eltwise, alg = clip, alpha = 0.0, beta = 6.0>,
  p5_clip_unbounded = #seam_dnnl.post_op<eltwise, alg = clip, alpha = -3.40282347e+38, beta = 3.40282347e+38>,
  p6_sum = #seam_dnnl.post_op<sum, value = 3>,
  p7_sum_value_0 = #seam_dnnl.post_op<sum, alg = none, value = 0>,
  p8_negative_zero = #seam_dnnl.post_op<eltwise, alg = linear, alpha = -0.0, beta = 1.0e-07>,
  p9_quoted_algorithm = #seam_dnnl.post_op<eltwise, alg = "gelu_erf">,
  pa_exponent_integer = #seam_dnnl.post_op<eltwise, alg = clip, beta = 1.0e+09>,
  pb_hex_f32_bits = #seam_dnnl.post_op<eltwise, alg = clip, beta = 0x40C00000>,
  pc_binary_add = #seam_dnnl.post_op<binary, alg = add, value = 4>,
  pd_binary_div_value_0 = #seam_dnnl.post_op<binary, alg = "div", alpha = 0.0, value = 0>
}

// -----

// Every op kind with the parameters it uses; the defaults (bias -1, group 1,
// axis 0, trans_a/trans_b false, alpha/beta 1.0, epsilon 1e-5, alg none,
// empty lists) are elided, in any order they are written.
// CHECK-LABEL: func.func private @ops
// CHECK-SAME: o00_conv = #seam_dnnl.op<conv, dst = 3, srcs = [0, 1], bias = 2, strides = [2, 1], pads = [1, 0, 2, 0], dilations = [2, 1], group = 2, post_ops = [#seam_dnnl.post_op<sum, value = 4>, #seam_dnnl.post_op<eltwise, alg = relu>]>,
// CHECK-SAME: o01_matmul = #seam_dnnl.op<matmul, dst = 2, srcs = [0, 1], trans_a = true, alpha = 0.5, beta = 2.0>,
// CHECK-SAME: o02_pool = #seam_dnnl.op<pool, dst = 1, srcs = [0], kernel = [3, 3], strides = [2, 2], pads = [0, 0, 0, 1], dilations = [1, 1], alg = pool_avg_include>,
// CHECK-SAME: o03_softmax = #seam_dnnl.op<softmax, dst = 1, srcs = [0], axis = 1>,
// CHECK-SAME: o04_eltwise = #seam_dnnl.op<eltwise, dst = 1, srcs = [0], alpha = 0.0, beta = 0.0, alg = exp>,
// CHECK-SAME: o05_binary = #seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = div>,
// CHECK-SAME: o06_batchnorm = #seam_dnnl.op<batchnorm, dst = 5, srcs = [0, 1, 2, 3, 4], epsilon = 0.00100000005>,
// CHECK-SAME: o07_concat = #seam_dnnl.op<concat, dst = 3, srcs = [0, 1, 2], axis = 1>,
// CHECK-SAME: o08_reshape = #seam_dnnl.op<reshape, dst = 1, srcs = [0]>,
// CHECK-SAME: o09_transpose = #seam_dnnl.op<transpose, dst = 1, srcs = [0], perm = [0, 2, 3, 1]>,
// CHECK-SAME: o10_slice = #seam_dnnl.op<slice, dst = 1, srcs = [0], offsets = [0, 1, 0, 2]>,
// CHECK-SAME: o11_reduce = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_sum>,
// CHECK-SAME: o11_reduce_max = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_max>,
// CHECK-SAME: o11_reduce_min = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_min>,
// CHECK-SAME: o11_reduce_prod = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_prod>,
// CHECK-SAME: o12_all_defaults = #seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>,
// CHECK-SAME: o13_layernorm = #seam_dnnl.op<layernorm, dst = 3, srcs = [0, 1], bias = 2, epsilon = 0.00100000005>,
// CHECK-SAME: o14_resample = #seam_dnnl.op<resample, dst = 1, srcs = [0], alg = resample_linear>}
func.func private @ops() attributes {
  o00_conv = #seam_dnnl.op<conv, dst = 3, srcs = [0, 1], bias = 2, strides = [2, 1], pads = [1, 0, 2, 0], dilations = [2, 1], group = 2, post_ops = [#seam_dnnl.post_op<sum, value = 4>, #seam_dnnl.post_op<eltwise, alg = relu>]>,
  o01_matmul = #seam_dnnl.op<matmul, dst = 2, srcs = [0, 1], bias = -1, trans_a = true, trans_b = false, alpha = 0.5, beta = 2.0>,
  o02_pool = #seam_dnnl.op<pool, dst = 1, srcs = [0], kernel = [3, 3], strides = [2, 2], pads = [0, 0, 0, 1], dilations = [1, 1], alg = pool_avg_include>,
  o03_softmax = #seam_dnnl.op<softmax, dst = 1, srcs = [0], axis = 1>,
  o04_eltwise = #seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = exp, alpha = 0.0, beta = 0.0>,
  o05_binary = #seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = div>,
  o06_batchnorm = #seam_dnnl.op<batchnorm, dst = 5, srcs = [0, 1, 2, 3, 4], epsilon = 1.0e-3>,
  o07_concat = #seam_dnnl.op<concat, dst = 3, srcs = [0, 1, 2], axis = 1>,
  o08_reshape = #seam_dnnl.op<reshape, dst = 1, srcs = [0]>,
  o09_transpose = #seam_dnnl.op<transpose, dst = 1, srcs = [0], perm = [0, 2, 3, 1]>,
  o10_slice = #seam_dnnl.op<slice, dst = 1, srcs = [0], offsets = [0, 1, 0, 2]>,
  o11_reduce = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_sum>,
  o11_reduce_max = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_max>,
  o11_reduce_min = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_min>,
  o11_reduce_prod = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = reduce_prod>,
  o12_all_defaults = #seam_dnnl.op<"matmul", dst = 2, srcs = [0, 1], group = 1, axis = 0, trans_a = false, trans_b = false, alpha = 1.0, beta = 1.0, epsilon = 1.0e-5, alg = none, post_ops = [], kernel = [], perm = []>,
  o13_layernorm = #seam_dnnl.op<layernorm, dst = 3, srcs = [0, 1], bias = 2, epsilon = 1.0e-3>,
  o14_resample = #seam_dnnl.op<resample, dst = 1, srcs = [0], alg = resample_linear>
}

// -----

// A region with a 0-d weight (the epsilon of a layer norm written out); the
// empty 'weights' list of the second one is elided.
// CHECK-LABEL: func.func private @regions
// CHECK-SAME: r0_0d_weight = #seam_dnnl.region<name = "dnnl_0", values = {{\[}}[2, 3], [], [2, 3], [2, 3]], inputs = [0], weights = [1], outputs = [3],
// CHECK-SAME: ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>, #seam_dnnl.op<eltwise, dst = 3, srcs = [2], alpha = 0.0, beta = 0.0, alg = sqrt>]>,
// CHECK-SAME: r1_no_weights = #seam_dnnl.region<name = "dnnl_1", values = {{\[}}[1, 4, 6, 6], [1, 4, 3, 3]], inputs = [0], outputs = [1],
// CHECK-SAME: ops = [#seam_dnnl.op<pool, dst = 1, srcs = [0], kernel = [2, 2], strides = [2, 2], pads = [0, 0, 0, 0], dilations = [1, 1], alg = pool_max>]>}
func.func private @regions() attributes {
  r0_0d_weight = #seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [], [2, 3], [2, 3]],
    inputs = [0], weights = [1], outputs = [3],
    ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>,
           #seam_dnnl.op<eltwise, dst = 3, srcs = [2], alg = sqrt, alpha = 0.0, beta = 0.0>]>,
  r1_no_weights = #seam_dnnl.region<name = "dnnl_1", values = [[1, 4, 6, 6], [1, 4, 3, 3]],
    inputs = [0], weights = [], outputs = [1],
    ops = [#seam_dnnl.op<pool, dst = 1, srcs = [0], kernel = [2, 2], strides = [2, 2], pads = [0, 0, 0, 0], dilations = [1, 1], alg = pool_max>]>
}

// -----

// The description of a seam.kernel_call, with a 0-d input.
// CHECK-LABEL: func.func @kernel_call_0d_input
// CHECK: seam.kernel_call "dnnl" "dnnl_0" ins(%{{.*}}, %{{.*}} : memref<4x8xf32>, memref<f32>)
// CHECK-SAME: description(#seam_dnnl.region<name = "dnnl_0", values = {{\[}}[4, 8], [], [4, 8]], inputs = [0, 1], outputs = [2], ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = mul>]>)
func.func @kernel_call_0d_input(%x: memref<4x8xf32>, %s: memref<f32>, %out: memref<4x8xf32>) {
  seam.kernel_call "dnnl" "dnnl_0" ins(%x, %s : memref<4x8xf32>, memref<f32>) outs(%out : memref<4x8xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[4, 8], [], [4, 8]],
        inputs = [0, 1], outputs = [2],
        ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = mul>]>)
  return
}

// -----

// An int8 region: value types by the runtime's keywords (omitted when all
// are f32), a conv's scales per output channel and its zero points; an
// int8 matmul into int32. On a kernel call the unsigned value matches a
// signless i8 memref (the compiled path erases signedness).
// CHECK-LABEL: func.func @int8_kernel_call
// CHECK: description(#seam_dnnl.region<name = "dnnl_0", values = {{\[}}[1, 2, 4, 4], [2, 2, 1, 1], [2], [1, 2, 4, 4]], types = [u8, s8, s32, u8], inputs = [0], weights = [1, 2], outputs = [3],
// CHECK-SAME: ops = [#seam_dnnl.op<conv, dst = 3, srcs = [0, 1], bias = 2, strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1], scales = [0.5, 0.25], src_zero_point = 128, dst_zero_point = 3>]>)
func.func @int8_kernel_call(%x: memref<1x2x4x4xi8>, %w: memref<2x2x1x1xi8>, %b: memref<2xi32>, %out: memref<1x2x4x4xi8>) {
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<1x2x4x4xi8>) weights(%w, %b : memref<2x2x1x1xi8>, memref<2xi32>) outs(%out : memref<1x2x4x4xi8>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[1, 2, 4, 4], [2, 2, 1, 1], [2], [1, 2, 4, 4]],
        types = [u8, s8, s32, u8], inputs = [0], weights = [1, 2], outputs = [3],
        ops = [#seam_dnnl.op<conv, dst = 3, srcs = [0, 1], bias = 2, strides = [1, 1], pads = [0, 0, 0, 0],
                             dilations = [1, 1], scales = [0.5, 0.25], src_zero_point = 128, dst_zero_point = 3>]>)
  return
}
