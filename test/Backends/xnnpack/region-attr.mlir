// RUN: seam-opt %s -split-input-file | FileCheck %s
// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s
// REQUIRES: seam-xnnpack-backend

// The #seam_xnnpack attributes round-trip: parameters that have their
// default are elided (bias -1, group 1, axis 0, trans_b and
// count_include_pad false, output_min -inf, output_max +inf, alpha 0.01,
// pad_value 0.0, empty lists such as perm, starts and steps),
// in any order they are written; floats (f32) are printed with 9
// significant digits, always as float literals; op kinds by their keywords
// (also read as strings).

// CHECK-LABEL: func.func private @ops
// CHECK-SAME: o00_conv2d = #seam_xnnpack.op<conv2d, dst = 3, srcs = [0, 1], bias = 2, kernel = [3, 2], strides = [2, 1], pads = [1, 0, 2, 0], dilations = [2, 1], group = 2, output_min = 0.0, output_max = 6.0>,
// CHECK-SAME: o01_fully_connected = #seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1], bias = 2, trans_b = true, output_min = -1.0, output_max = 1.0>,
// CHECK-SAME: o02_max_pool2d = #seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [3, 3], strides = [2, 2], pads = [0, 0, 1, 1], dilations = [2, 2]>,
// CHECK-SAME: o03_avg_pool2d = #seam_xnnpack.op<avg_pool2d, dst = 1, srcs = [0], kernel = [3, 3], pads = [1, 1, 1, 1], count_include_pad = true>,
// CHECK-SAME: o04_global_avg_pool2d = #seam_xnnpack.op<global_avg_pool2d, dst = 1, srcs = [0], output_min = 0.0>,
// CHECK-SAME: o05_add = #seam_xnnpack.op<add, dst = 2, srcs = [0, 1], output_min = 0.0>,
// CHECK-SAME: o06_multiply = #seam_xnnpack.op<multiply, dst = 2, srcs = [0, 1]>,
// CHECK-SAME: o07_subtract = #seam_xnnpack.op<subtract, dst = 2, srcs = [1, 0], output_max = 0.5>,
// CHECK-SAME: o08_divide = #seam_xnnpack.op<divide, dst = 2, srcs = [0, 1]>,
// CHECK-SAME: o09_clamp = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = -0.5, output_max = 0.200000003>,
// CHECK-SAME: o10_hardswish = #seam_xnnpack.op<hardswish, dst = 1, srcs = [0]>,
// CHECK-SAME: o11_sigmoid = #seam_xnnpack.op<sigmoid, dst = 1, srcs = [0]>,
// CHECK-SAME: o12_leaky_relu = #seam_xnnpack.op<leaky_relu, dst = 1, srcs = [0], alpha = 0.125>,
// CHECK-SAME: o13_softmax = #seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = 3>,
// CHECK-SAME: o14_constant_pad = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [0, 0, 1, 2, 0, 0, 3, 0], pad_value = -1.5>,
// CHECK-SAME: o15_concat = #seam_xnnpack.op<concat, dst = 3, srcs = [0, 1, 2], axis = 1>,
// CHECK-SAME: o16_reshape = #seam_xnnpack.op<reshape, dst = 1, srcs = [0]>,
// CHECK-SAME: o17_all_defaults = #seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>,
// CHECK-SAME: o18_quoted_kind = #seam_xnnpack.op<global_avg_pool2d, dst = 1, srcs = [0]>,
// CHECK-SAME: o19_leaky_relu_default_alpha = #seam_xnnpack.op<leaky_relu, dst = 1, srcs = [0]>,
// CHECK-SAME: o20_floats = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [1, 1], output_min = -3.40282347e+38, output_max = 1.0e+09, alpha = 1.00000001e-07, pad_value = -0.0>,
// CHECK-SAME: o21_hex_f32_bits = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = 0.0, output_max = 6.0>,
// CHECK-SAME: o22_infinite_bounds = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_max = 6.0>,
// CHECK-SAME: o23_fields_in_any_order = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], group = 4>,
// CHECK-SAME: o24_transpose = #seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [0, 2, 1, 3, 4]>,
// CHECK-SAME: o25_slice = #seam_xnnpack.op<slice, dst = 1, srcs = [0], output_min = 0.0, starts = [0, 4, 6, 0], steps = [1, 1, -2, 3]>,
// CHECK-SAME: o26_transpose_clamped = #seam_xnnpack.op<transpose, dst = 1, srcs = [0], output_min = -1.0, output_max = 1.0, perm = [1, 0]>}
func.func private @ops() attributes {
  o00_conv2d = #seam_xnnpack.op<conv2d, dst = 3, srcs = [0, 1], bias = 2, kernel = [3, 2], strides = [2, 1], pads = [1, 0, 2, 0], dilations = [2, 1], group = 2, output_min = 0.0, output_max = 6.0>,
  o01_fully_connected = #seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1], bias = 2, trans_b = true, output_min = -1.0, output_max = 1.0>,
  o02_max_pool2d = #seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [3, 3], strides = [2, 2], pads = [0, 0, 1, 1], dilations = [2, 2]>,
  o03_avg_pool2d = #seam_xnnpack.op<avg_pool2d, dst = 1, srcs = [0], kernel = [3, 3], pads = [1, 1, 1, 1], count_include_pad = true>,
  o04_global_avg_pool2d = #seam_xnnpack.op<global_avg_pool2d, dst = 1, srcs = [0], output_min = 0.0>,
  o05_add = #seam_xnnpack.op<add, dst = 2, srcs = [0, 1], output_min = 0.0>,
  o06_multiply = #seam_xnnpack.op<multiply, dst = 2, srcs = [0, 1]>,
  o07_subtract = #seam_xnnpack.op<subtract, dst = 2, srcs = [1, 0], output_max = 0.5>,
  o08_divide = #seam_xnnpack.op<divide, dst = 2, srcs = [0, 1]>,
  o09_clamp = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = -0.5, output_max = 0.2>,
  o10_hardswish = #seam_xnnpack.op<hardswish, dst = 1, srcs = [0]>,
  o11_sigmoid = #seam_xnnpack.op<sigmoid, dst = 1, srcs = [0]>,
  o12_leaky_relu = #seam_xnnpack.op<leaky_relu, dst = 1, srcs = [0], alpha = 0.125>,
  o13_softmax = #seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = 3>,
  o14_constant_pad = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [0, 0, 1, 2, 0, 0, 3, 0], pad_value = -1.5>,
  o15_concat = #seam_xnnpack.op<concat, dst = 3, srcs = [0, 1, 2], axis = 1>,
  o16_reshape = #seam_xnnpack.op<reshape, dst = 1, srcs = [0]>,
  o17_all_defaults = #seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1], bias = -1, kernel = [], strides = [], pads = [], dilations = [], group = 1, axis = 0, trans_b = false, count_include_pad = false, output_min = 0xFF800000, output_max = 0x7F800000, alpha = 0.01, pad_value = 0.0, perm = [], starts = [], steps = []>,
  o18_quoted_kind = #seam_xnnpack.op<"global_avg_pool2d", dst = 1, srcs = [0]>,
  o19_leaky_relu_default_alpha = #seam_xnnpack.op<leaky_relu, dst = 1, srcs = [0], alpha = 1.0e-2>,
  o20_floats = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [1, 1], output_min = -3.40282347e+38, output_max = 1.0e+09, alpha = 1.0e-07, pad_value = -0.0>,
  o21_hex_f32_bits = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = 0x00000000, output_max = 0x40C00000>,
  o22_infinite_bounds = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = 0xFF800000, output_max = 6.0>,
  o23_fields_in_any_order = #seam_xnnpack.op<conv2d, group = 4, kernel = [1, 1], srcs = [0, 1], dst = 2>,
  o24_transpose = #seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [0, 2, 1, 3, 4]>,
  o25_slice = #seam_xnnpack.op<slice, steps = [1, 1, -2, 3], starts = [0, 4, 6, 0], dst = 1, srcs = [0], output_min = 0.0>,
  o26_transpose_clamped = #seam_xnnpack.op<"transpose", dst = 1, srcs = [0], perm = [1, 0], output_max = 1.0, output_min = -1.0>
}

// -----

// Regions: every parameter; an empty 'weights' list is elided.
// CHECK-LABEL: func.func private @regions
// CHECK-SAME: r0_conv_relu6 = #seam_xnnpack.region<name = "xnnpack_0", values = {{\[}}[1, 4, 8, 8], [4, 4, 3, 3], [4], [1, 4, 8, 8]], inputs = [0], weights = [1, 2], outputs = [3],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 3, srcs = [0, 1], bias = 2, kernel = [3, 3], pads = [1, 1, 1, 1], output_min = 0.0, output_max = 6.0>]>,
// CHECK-SAME: r1_no_weights = #seam_xnnpack.region<name = "xnnpack_1", values = {{\[}}[1, 4, 6, 6], [1, 4, 6, 6], [1, 4, 6, 6], [1, 8, 6, 6], [2, 144]], inputs = [0, 1], outputs = [3, 4],
// CHECK-SAME: ops = [#seam_xnnpack.op<add, dst = 2, srcs = [0, 1], output_min = 0.0>, #seam_xnnpack.op<concat, dst = 3, srcs = [2, 0], axis = 1>, #seam_xnnpack.op<reshape, dst = 4, srcs = [3]>]>,
// CHECK-SAME: r2_rank_6 = #seam_xnnpack.region<name = "xnnpack_2", values = {{\[}}[1, 2, 1, 3, 1, 4], [1, 2, 1, 3, 1, 4]], inputs = [0], outputs = [1],
// CHECK-SAME: ops = [#seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = 5>]>,
// CHECK-SAME: r3_shuffle_chunk = #seam_xnnpack.region<name = "xnnpack_3", values = {{\[}}[1, 8, 5, 6], [1, 2, 4, 5, 6], [1, 4, 2, 5, 6], [1, 8, 5, 6], [1, 4, 5, 6], [1, 8, 3, 3]], inputs = [0], outputs = [4, 5],
// CHECK-SAME: ops = [#seam_xnnpack.op<reshape, dst = 1, srcs = [0]>, #seam_xnnpack.op<transpose, dst = 2, srcs = [1], perm = [0, 2, 1, 3, 4]>, #seam_xnnpack.op<reshape, dst = 3, srcs = [2]>,
// CHECK-SAME: #seam_xnnpack.op<slice, dst = 4, srcs = [3], starts = [0, 4, 0, 0], steps = [1, 1, 1, 1]>, #seam_xnnpack.op<slice, dst = 5, srcs = [3], output_max = 6.0, starts = [0, 7, 4, 0], steps = [1, -1, -2, 2]>]>}
func.func private @regions() attributes {
  r0_conv_relu6 = #seam_xnnpack.region<name = "xnnpack_0",
    values = [[1, 4, 8, 8], [4, 4, 3, 3], [4], [1, 4, 8, 8]],
    inputs = [0], weights = [1, 2], outputs = [3],
    ops = [#seam_xnnpack.op<conv2d, dst = 3, srcs = [0, 1], bias = 2, kernel = [3, 3], pads = [1, 1, 1, 1], output_min = 0.0, output_max = 6.0>]>,
  r1_no_weights = #seam_xnnpack.region<name = "xnnpack_1",
    values = [[1, 4, 6, 6], [1, 4, 6, 6], [1, 4, 6, 6], [1, 8, 6, 6], [2, 144]],
    inputs = [0, 1], weights = [], outputs = [3, 4],
    ops = [#seam_xnnpack.op<add, dst = 2, srcs = [0, 1], output_min = 0.0>,
           #seam_xnnpack.op<concat, dst = 3, srcs = [2, 0], axis = 1>,
           #seam_xnnpack.op<reshape, dst = 4, srcs = [3]>]>,
  r2_rank_6 = #seam_xnnpack.region<ops = [#seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = 5>],
    outputs = [1], inputs = [0], values = [[1, 2, 1, 3, 1, 4], [1, 2, 1, 3, 1, 4]], name = "xnnpack_2">,
  r3_shuffle_chunk = #seam_xnnpack.region<name = "xnnpack_3",
    values = [[1, 8, 5, 6], [1, 2, 4, 5, 6], [1, 4, 2, 5, 6], [1, 8, 5, 6], [1, 4, 5, 6], [1, 8, 3, 3]],
    inputs = [0], outputs = [4, 5],
    ops = [#seam_xnnpack.op<reshape, dst = 1, srcs = [0]>,
           #seam_xnnpack.op<transpose, dst = 2, srcs = [1], perm = [0, 2, 1, 3, 4]>,
           #seam_xnnpack.op<reshape, dst = 3, srcs = [2]>,
           #seam_xnnpack.op<slice, dst = 4, srcs = [3], starts = [0, 4, 0, 0], steps = [1, 1, 1, 1]>,
           #seam_xnnpack.op<slice, dst = 5, srcs = [3], starts = [0, 7, 4, 0], steps = [1, -1, -2, 2], output_max = 6.0>]>
}

// -----

// The description of a seam.kernel_call (after bufferization: memrefs).
// CHECK-LABEL: func.func @kernel_call
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0" ins(%{{.*}} : memref<2x8xf32>) weights(%{{.*}}, %{{.*}} : memref<4x8xf32>, memref<4xf32>) outs(%{{.*}} : memref<2x4xf32>)
// CHECK-SAME: description(#seam_xnnpack.region<name = "xnnpack_0", values = {{\[}}[2, 8], [4, 8], [4], [2, 4]], inputs = [0], weights = [1, 2], outputs = [3], ops = [#seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1], bias = 2, trans_b = true, output_min = 0.0>]>)
func.func @kernel_call(%x: memref<2x8xf32>, %w: memref<4x8xf32>, %b: memref<4xf32>, %out: memref<2x4xf32>) {
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<2x8xf32>) weights(%w, %b : memref<4x8xf32>, memref<4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [4, 8], [4], [2, 4]],
        inputs = [0], weights = [1, 2], outputs = [3],
        ops = [#seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1], bias = 2, trans_b = true, output_min = 0.0>]>)
  return
}
