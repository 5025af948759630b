// RUN: seam-opt %s --seam-partition="backends=xnnpack" --seam-lower-backend-regions -split-input-file | FileCheck %s
// REQUIRES: seam-xnnpack-backend

// seam-lower-backend-regions on xnnpack regions: the body of each outlined
// region becomes its constants (the weights), one tensor.empty per result
// and one destination-passing seam.kernel_call on the region's arguments,
// carrying the region's typed description (#seam_xnnpack.region): its values
// numbered from 0 (arguments first, weights where first used, then each
// node's dst), its nodes in order, each a #seam_xnnpack.op in XNNPACK's terms
// (runtime/RegionDesc.h) with its fused output clamp.

// A residual add is a single op, and the relu after it its output clamp
// (output_min = 0.0; no node and no value of its own).
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[ARG0:.*]]: tensor<1x4x8x8xf32>, %[[ARG1:.*]]: tensor<1x4x8x8xf32>)
// CHECK-NEXT: %[[R:.*]] = call @xnnpack_0(%[[ARG0]], %[[ARG1]])
// CHECK-NEXT: return %[[R]]

// CHECK-LABEL: func.func private @xnnpack_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8x8xf32>, %[[RES:.*]]: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-SAME: seam.backend = "xnnpack", seam.composites = ["xnnpack.conv2d_bias", "xnnpack.max_pool"]
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<4x4x3x3xf32>
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<1.000000e-01> : tensor<4xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<1x4x4x4xf32>
// Values: 0, 1 the arguments; 2, 3 the weights (numbered where first used);
// 4 the conv (bias 3); 5 the add of the residual 1, clamped at 0; 6 the pool.
// CHECK-NEXT: %[[K:.*]] = seam.kernel_call "xnnpack" "xnnpack_0"
// CHECK-SAME: ins(%[[X]], %[[RES]] : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>)
// CHECK-SAME: weights(%[[W]], %[[B]] : tensor<4x4x3x3xf32>, tensor<4xf32>)
// CHECK-SAME: outs(%[[E]] : tensor<1x4x4x4xf32>)
// CHECK-SAME: description(#seam_xnnpack.region<name = "xnnpack_0",
// CHECK-SAME: values = {{\[}}[1, 4, 8, 8], [1, 4, 8, 8], [4, 4, 3, 3], [4], [1, 4, 8, 8], [1, 4, 8, 8], [1, 4, 4, 4]],
// CHECK-SAME: inputs = [0, 1], weights = [2, 3], outputs = [6],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 4, srcs = [0, 2], bias = 3, kernel = [3, 3], strides = [1, 1], pads = [1, 1, 1, 1], dilations = [1, 1]>,
// CHECK-SAME: #seam_xnnpack.op<add, dst = 5, srcs = [4, 1], output_min = 0.0>,
// CHECK-SAME: #seam_xnnpack.op<max_pool2d, dst = 6, srcs = [5], kernel = [3, 3], strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1]>]>)
// CHECK-SAME: -> tensor<1x4x4x4xf32>
// CHECK-NEXT: return %[[K]] : tensor<1x4x4x4xf32>
// CHECK-NEXT: }
// Nothing else: no seam op left, no runtime call, global or @seam_init yet.
// CHECK-NOT: seam.conv
// CHECK-NOT: seam.relu
// CHECK-NOT: llvm.mlir.global
// CHECK-NOT: @seam_init
func.func @main(%x: tensor<1x4x8x8xf32>, %res: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %s = seam.add %c, %res : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %s : tensor<1x4x8x8xf32>
  %p = seam.max_pool %r {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}

// -----

// A classifier: a conv with relu6 (its output clamp [0, 6]), a global
// average pool, a flatten (an XNNPACK reshape: [1, 8, 1, 1] has the same
// data in NCHW and NHWC), a gemm with transB (fully_connected, C its bias),
// a softmax.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>) -> tensor<1x10xf32>
// CHECK-SAME: seam.composites = ["xnnpack.conv2d_clip", "xnnpack.global_avg_pool", "xnnpack.fully_connected_bias", "xnnpack.softmax"]
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<8x3x3x3xf32>
// CHECK-NEXT: %[[FC:.*]] = arith.constant dense<2.500000e-01> : tensor<10x8xf32>
// CHECK-NEXT: %[[FB:.*]] = arith.constant dense<1.250000e-01> : tensor<10xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<1x10xf32>
// CHECK-NEXT: %[[K:.*]] = seam.kernel_call "xnnpack" "xnnpack_0" ins(%[[X]] : tensor<1x3x8x8xf32>)
// CHECK-SAME: weights(%[[W]], %[[FC]], %[[FB]] : tensor<8x3x3x3xf32>, tensor<10x8xf32>, tensor<10xf32>) outs(%[[E]] : tensor<1x10xf32>)
// CHECK-SAME: values = {{\[}}[1, 3, 8, 8], [8, 3, 3, 3], [1, 8, 4, 4], [1, 8, 1, 1], [1, 8], [10, 8], [10], [1, 10], [1, 10]],
// CHECK-SAME: inputs = [0], weights = [1, 5, 6], outputs = [8],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [3, 3], strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1], output_min = 0.0, output_max = 6.0>,
// CHECK-SAME: #seam_xnnpack.op<global_avg_pool2d, dst = 3, srcs = [2]>,
// CHECK-SAME: #seam_xnnpack.op<reshape, dst = 4, srcs = [3]>,
// CHECK-SAME: #seam_xnnpack.op<fully_connected, dst = 7, srcs = [4, 5], bias = 6, trans_b = true>,
// CHECK-SAME: #seam_xnnpack.op<softmax, dst = 8, srcs = [7], axis = 1>]>)
// CHECK-NEXT: return %[[K]]
func.func @classifier(%x: tensor<1x3x8x8xf32>) -> tensor<1x10xf32> {
  %w = arith.constant dense<0.5> : tensor<8x3x3x3xf32>
  %c = seam.conv %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x4x4xf32>
  %r = seam.clip %c {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x8x4x4xf32>
  %g = seam.global_avg_pool %r : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %f = seam.flatten %g : (tensor<1x8x1x1xf32>) -> tensor<1x8xf32>
  %fc = arith.constant dense<0.25> : tensor<10x8xf32>
  %fb = arith.constant dense<0.125> : tensor<10xf32>
  %l = seam.gemm %f, %fc, %fb {trans_b = true} : (tensor<1x8xf32>, tensor<10x8xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  %s = seam.softmax %l {axis = 1 : i64} : tensor<1x10xf32>
  return %s : tensor<1x10xf32>
}

// -----

// Two regions (an op XNNPACK has no node for between them): each gets its
// own kernel call, named after its function, with its own description and
// weights. A gemm without transB is a fully_connected of a [K, N] weight; a
// matmul's constant bias add is its node's bias.
// CHECK-LABEL: func.func @two_regions
// CHECK: call @xnnpack_0
// CHECK: seam.tanh
// CHECK: call @xnnpack_1

// CHECK-LABEL: func.func private @xnnpack_0
// CHECK-SAME: (%[[A:.*]]: tensor<2x8xf32>) -> tensor<2x4xf32>
// CHECK: %[[W0:.*]] = arith.constant dense<5.000000e-01> : tensor<8x4xf32>
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[K0:.*]] = seam.kernel_call "xnnpack" "xnnpack_0" ins(%[[A]] : tensor<2x8xf32>) weights(%[[W0]] : tensor<8x4xf32>) outs(%[[E0]] : tensor<2x4xf32>)
// CHECK-SAME: description(#seam_xnnpack.region<name = "xnnpack_0", values = {{\[}}[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
// CHECK: return %[[K0]]

// CHECK-LABEL: func.func private @xnnpack_1
// CHECK-SAME: (%[[T:.*]]: tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK: %[[W1:.*]] = arith.constant dense<2.500000e-01> : tensor<4x2xf32>
// CHECK: %[[B1:.*]] = arith.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK: %[[K1:.*]] = seam.kernel_call "xnnpack" "xnnpack_1" ins(%[[T]] : tensor<2x4xf32>) weights(%[[W1]], %[[B1]] : tensor<4x2xf32>, tensor<2xf32>) outs(%[[E1]] : tensor<2x2xf32>)
// CHECK-SAME: description(#seam_xnnpack.region<name = "xnnpack_1", values = {{\[}}[2, 4], [4, 2], [2], [2, 2]], inputs = [0], weights = [1, 2], outputs = [3], ops = [#seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1], bias = 2>]>)
// CHECK: return %[[K1]]
// CHECK-NOT: @seam_init
func.func @two_regions(%a: tensor<2x8xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  %g = seam.gemm %a, %w : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %t = seam.tanh %g : tensor<2x4xf32>
  %v = arith.constant dense<0.25> : tensor<4x2xf32>
  %bb = arith.constant dense<1.0> : tensor<2xf32>
  %m = seam.matmul %t, %v : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  %s = seam.add %m, %bb : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}

// -----

// Functions that are not regions (here: a relu that the partitioner gives
// back to the compiler, no conv, matmul or gemm in its region) are left alone.
// CHECK-LABEL: func.func private @not_a_region
// CHECK-NOT: seam.backend
// CHECK-NEXT: seam.relu
// CHECK-NOT: seam.kernel_call
func.func private @not_a_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = seam.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The other node kinds: a depthwise conv (group == C, multiplier 2) with
// dilations and asymmetric pads; single ops with their attributes (leaky
// relu's alpha, constant pad's pads and value, concat's normalized axis,
// softmax over C); ceil_mode avg pooling gets the end pads XNNPACK's floor
// needs for the op's output size (W: 8 + 1 - 3 = 6, / 2 + 1 = 4). Two
// outputs, the region's in the order of its results.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x9x9xf32>, %[[Y:.*]]: tensor<1x2x4x5xf32>) -> (tensor<1x8x6x6xf32>, tensor<1x10x4x5xf32>)
// CHECK-SAME: seam.composites = ["xnnpack.conv2d", "xnnpack.avg_pool", "xnnpack.max_pool", "xnnpack.softmax"]
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0"
// CHECK-SAME: values = {{\[}}[1, 4, 9, 9], [1, 2, 4, 5], [8, 1, 3, 3], [1, 8, 6, 8], [1, 8, 6, 8], [1, 8, 3, 4], [1, 8, 6, 6], [1, 8, 3, 4], [1, 8, 4, 5], [1, 10, 4, 5], [1, 10, 4, 5], [1, 10, 4, 5]],
// CHECK-SAME: inputs = [0, 1], weights = [2], outputs = [6, 11],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 3, srcs = [0, 2], kernel = [3, 3], strides = [1, 1], pads = [0, 1, 1, 0], dilations = [2, 1], group = 4>,
// CHECK-SAME: #seam_xnnpack.op<leaky_relu, dst = 4, srcs = [3], alpha = 0.125>,
// CHECK-SAME: #seam_xnnpack.op<avg_pool2d, dst = 5, srcs = [4], kernel = [2, 3], strides = [2, 2], pads = [0, 0, 0, 1]>,
// CHECK-SAME: #seam_xnnpack.op<max_pool2d, dst = 6, srcs = [4], kernel = [3, 3], strides = [1, 1], pads = [1, 1, 1, 1], dilations = [1, 2]>,
// CHECK-SAME: #seam_xnnpack.op<hardswish, dst = 7, srcs = [5]>,
// CHECK-SAME: #seam_xnnpack.op<constant_pad, dst = 8, srcs = [7], pads = [0, 0, 1, 0, 0, 0, 0, 1], pad_value = -2.5>,
// CHECK-SAME: #seam_xnnpack.op<concat, dst = 9, srcs = [8, 1], axis = 1>,
// CHECK-SAME: #seam_xnnpack.op<sigmoid, dst = 10, srcs = [9]>,
// CHECK-SAME: #seam_xnnpack.op<softmax, dst = 11, srcs = [10], axis = 1>]>)
// CHECK-SAME: -> tensor<1x8x6x6xf32>, tensor<1x10x4x5xf32>
func.func @ops(%x: tensor<1x4x9x9xf32>, %y: tensor<1x2x4x5xf32>) -> (tensor<1x10x4x5xf32>, tensor<1x8x6x6xf32>) {
  %w = arith.constant dense<0.5> : tensor<8x1x3x3xf32>
  %c = seam.conv %x, %w {group = 4 : i64, dilations = array<i64: 2, 1>, pads = array<i64: 0, 1, 1, 0>} : (tensor<1x4x9x9xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x8xf32>
  %l = seam.leaky_relu %c {alpha = 0.125 : f32} : tensor<1x8x6x8xf32>
  %a = seam.avg_pool %l {kernel_shape = array<i64: 2, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x6x8xf32>) -> tensor<1x8x3x4xf32>
  %m = seam.max_pool %l {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 2>} : (tensor<1x8x6x8xf32>) -> tensor<1x8x6x6xf32>
  %h = seam.hard_swish %a : tensor<1x8x3x4xf32>
  %p = seam.pad %h {pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 1>, value = -2.5 : f32} : (tensor<1x8x3x4xf32>) -> tensor<1x8x4x5xf32>
  %k = seam.concat %p, %y {axis = -3 : i64} : (tensor<1x8x4x5xf32>, tensor<1x2x4x5xf32>) -> tensor<1x10x4x5xf32>
  %s = seam.sigmoid %k : tensor<1x10x4x5xf32>
  %t = seam.softmax %s {axis = 1 : i64} : tensor<1x10x4x5xf32>
  return %t, %m : tensor<1x10x4x5xf32>, tensor<1x8x6x6xf32>
}

// -----

// A matmul's bias add, relu and a clip after it (outside the composite):
// the clamps narrow to their intersection.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0"
// CHECK-SAME: values = {{\[}}[3, 2, 8], [8, 4], [4], [3, 2, 4]], inputs = [0], weights = [1, 2], outputs = [3],
// CHECK-SAME: ops = [#seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1], bias = 2, output_min = 0.0, output_max = 2.5>]>)
func.func @matmul_bias_relu_clip(%a: tensor<3x2x8xf32>) -> tensor<3x2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %m = seam.matmul %a, %b : (tensor<3x2x8xf32>, tensor<8x4xf32>) -> tensor<3x2x4xf32>
  %s = seam.add %m, %c : (tensor<3x2x4xf32>, tensor<4xf32>) -> tensor<3x2x4xf32>
  %r = seam.relu %s : tensor<3x2x4xf32>
  %k = seam.clip %r {min = -1.0 : f32, max = 2.5 : f32} : tensor<3x2x4xf32>
  return %k : tensor<3x2x4xf32>
}

// -----

// Binary ops: a constant operand of any rank is a weight (numbered where it
// is first used; the constant of a commutative op is its second operand
// after canonicalization); a relu after an op whose result has other uses
// is a clamp node of its own.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0"
// CHECK-SAME: values = {{\[}}[1, 4, 3, 3], [4, 4, 1, 1], [1, 4, 3, 3], [4, 1, 1], [1, 4, 3, 3], [1, 4, 3, 3], [3], [1, 4, 3, 3]],
// CHECK-SAME: inputs = [0], weights = [1, 3, 6], outputs = [5, 7],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1]>,
// CHECK-SAME: #seam_xnnpack.op<multiply, dst = 4, srcs = [2, 3]>,
// CHECK-SAME: #seam_xnnpack.op<clamp, dst = 5, srcs = [4], output_min = 0.0>,
// CHECK-SAME: #seam_xnnpack.op<divide, dst = 7, srcs = [4, 6]>]>)
func.func @binary_weights(%x: tensor<1x4x3x3xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %s = arith.constant dense<2.0> : tensor<4x1x1xf32>
  %m = seam.mul %s, %c : (tensor<4x1x1xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %r = seam.relu %m : tensor<1x4x3x3xf32>
  %d = arith.constant dense<4.0> : tensor<3xf32>
  %q = seam.div %m, %d : (tensor<1x4x3x3xf32>, tensor<3xf32>) -> tensor<1x4x3x3xf32>
  return %r, %q : tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>
}

// -----

// An unfolded batch_norm (it follows a relu, not a conv) is a multiply by
// scale / sqrt(var + epsilon) and an add of bias - mean * that, by [C, 1, 1]
// constants the writer makes (weights 3 and 4); the value between them (5)
// has no op of its own. The relu after it is the add's output clamp.
// scale 2, var 3.999, epsilon 0.001: 1.0; bias 0.5, mean 0.25: 0.25.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
// CHECK-DAG: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<4x4x3x3xf32>
// CHECK-DAG: %[[M:.*]] = arith.constant dense<1.000000e+00> : tensor<4x1x1xf32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<2.500000e-01> : tensor<4x1x1xf32>
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0" ins(%[[X]] : tensor<1x4x5x5xf32>) weights(%[[W]], %[[M]], %[[S]] : tensor<4x4x3x3xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>)
// CHECK-SAME: values = {{\[}}[1, 4, 5, 5], [4, 4, 3, 3], [1, 4, 5, 5], [4, 1, 1], [4, 1, 1], [1, 4, 5, 5], [1, 4, 5, 5]], inputs = [0], weights = [1, 3, 4], outputs = [6],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [3, 3], strides = [1, 1], pads = [1, 1, 1, 1], dilations = [1, 1], output_min = 0.0>,
// CHECK-SAME: #seam_xnnpack.op<multiply, dst = 5, srcs = [2, 3]>,
// CHECK-SAME: #seam_xnnpack.op<add, dst = 6, srcs = [5, 4], output_min = 0.0>]>)
// CHECK-NOT: seam.batch_norm
func.func @batch_norm_relu(%x: tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x5x5xf32>
  %r = seam.relu %c : tensor<1x4x5x5xf32>
  %s = arith.constant dense<2.0> : tensor<4xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %m = arith.constant dense<0.25> : tensor<4xf32>
  %v = arith.constant dense<3.999> : tensor<4xf32>
  %n = seam.batch_norm %r, %s, %b, %m, %v {epsilon = 1.0e-3 : f32} : (tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x5x5xf32>
  %o = seam.relu %n : tensor<1x4x5x5xf32>
  return %o : tensor<1x4x5x5xf32>
}

// -----

// A clip whose interval does not meet the clamp of the node before it (here
// the conv's ReLU) stays a clamp node of its own: the two clamps make -1.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK: #seam_xnnpack.op<conv2d, {{.*}}output_min = 0.0>
// CHECK-SAME: #seam_xnnpack.op<clamp, dst = {{[0-9]+}}, srcs = [{{[0-9]+}}], output_min = -2.0, output_max = -1.0>
func.func @disjoint_clamps(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %c : tensor<1x4x8x8xf32>
  %k = seam.clip %r {min = -2.0 : f32, max = -1.0 : f32} : tensor<1x4x8x8xf32>
  return %k : tensor<1x4x8x8xf32>
}

// -----

// transpose and slice (the runtime copies them): a transpose's perm as the
// op has it; a slice's starts and steps one per dim of its source, with
// ONNX's bounds resolved (negative axes, starts and ends, ends past the dim
// clamped, the dst's dims the counts): ShuffleNet's channel shuffle (reshape,
// transpose, reshape) and torch's chunk of a channel half, a slice with
// negative and positive steps, a transpose with the relu after it as its
// output clamp.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x4x6xf32>) -> (tensor<1x4x4x6xf32>, tensor<1x8x2x3xf32>, tensor<6x4x8x1xf32>)
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0"
// CHECK-SAME: values = {{\[}}[1, 8, 4, 6], [8, 8, 1, 1], [1, 8, 4, 6], [1, 2, 4, 4, 6], [1, 4, 2, 4, 6], [1, 8, 4, 6], [1, 4, 4, 6], [1, 8, 2, 3], [6, 4, 8, 1]],
// CHECK-SAME: inputs = [0], weights = [1], outputs = [6, 7, 8],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1]>,
// CHECK-SAME: #seam_xnnpack.op<reshape, dst = 3, srcs = [2]>,
// CHECK-SAME: #seam_xnnpack.op<transpose, dst = 4, srcs = [3], perm = [0, 2, 1, 3, 4]>,
// CHECK-SAME: #seam_xnnpack.op<reshape, dst = 5, srcs = [4]>,
// CHECK-SAME: #seam_xnnpack.op<slice, dst = 6, srcs = [5], starts = [0, 4, 0, 0], steps = [1, 1, 1, 1]>,
// CHECK-SAME: #seam_xnnpack.op<slice, dst = 7, srcs = [5], starts = [0, 0, 3, 1], steps = [1, 1, -2, 2]>,
// CHECK-SAME: #seam_xnnpack.op<transpose, dst = 8, srcs = [2], output_min = 0.0, perm = [3, 2, 1, 0]>]>)
// CHECK-NOT: seam.transpose
// CHECK-NOT: seam.slice
func.func @shuffle_slice(%x: tensor<1x8x4x6xf32>) -> (tensor<1x4x4x6xf32>, tensor<1x8x2x3xf32>, tensor<6x4x8x1xf32>) {
  %w = arith.constant dense<0.5> : tensor<8x8x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x8x4x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x6xf32>
  %r = seam.reshape %c : (tensor<1x8x4x6xf32>) -> tensor<1x2x4x4x6xf32>
  %t = seam.transpose %r {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x4x4x6xf32>) -> tensor<1x4x2x4x6xf32>
  %s = seam.reshape %t : (tensor<1x4x2x4x6xf32>) -> tensor<1x8x4x6xf32>
  %a = seam.slice %s {starts = array<i64: 4>, ends = array<i64: 9223372036854775807>, axes = array<i64: -3>} : (tensor<1x8x4x6xf32>) -> tensor<1x4x4x6xf32>
  %b = seam.slice %s {starts = array<i64: -1, 1>, ends = array<i64: -9223372036854775808, 100>, axes = array<i64: 2, 3>, steps = array<i64: -2, 2>} : (tensor<1x8x4x6xf32>) -> tensor<1x8x2x3xf32>
  %p = seam.transpose %c {perm = array<i64: 3, 2, 1, 0>} : (tensor<1x8x4x6xf32>) -> tensor<6x4x8x1xf32>
  %q = seam.relu %p : tensor<6x4x8x1xf32>
  return %a, %b, %q : tensor<1x4x4x6xf32>, tensor<1x8x2x3xf32>, tensor<6x4x8x1xf32>
}

// -----

// Moved constants: the compiler folds a transpose of a constant (a weight
// of the transposed dims, value 3), not a slice: the slice of a weight
// (value 5) is an op of the region.
// CHECK-LABEL: func.func private @xnnpack_0
// CHECK: seam.kernel_call "xnnpack" "xnnpack_0"
// CHECK-SAME: values = {{\[}}[1, 2, 3, 3], [2, 2, 1, 1], [1, 2, 3, 3], [1, 2, 3, 3], [1, 2, 3, 3], [1, 4, 3, 3], [1, 2, 3, 3], [1, 2, 3, 3]],
// CHECK-SAME: inputs = [0], weights = [1, 3, 5], outputs = [7],
// CHECK-SAME: ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1]>,
// CHECK-SAME: #seam_xnnpack.op<add, dst = 4, srcs = [2, 3]>,
// CHECK-SAME: #seam_xnnpack.op<slice, dst = 6, srcs = [5], starts = [0, 3, 0, 0], steps = [1, -2, 1, 1]>,
// CHECK-SAME: #seam_xnnpack.op<multiply, dst = 7, srcs = [4, 6]>]>)
// CHECK-NOT: seam.transpose
func.func @moved_constants(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<0.5> : tensor<2x2x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %k = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]], [[13.0, 14.0], [15.0, 16.0], [17.0, 18.0]]]]> : tensor<1x3x3x2xf32>
  %t = seam.transpose %k {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  %a = seam.add %c, %t : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %m = arith.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]], [[3.0, 3.0, 3.0], [3.0, 3.0, 3.0], [3.0, 3.0, 3.0]], [[4.0, 4.0, 4.0], [4.0, 4.0, 4.0], [4.0, 4.0, 4.0]]]]> : tensor<1x4x3x3xf32>
  %s = seam.slice %m {starts = array<i64: 3>, ends = array<i64: -5>, axes = array<i64: 1>, steps = array<i64: -2>} : (tensor<1x4x3x3xf32>) -> tensor<1x2x3x3xf32>
  %r = seam.mul %a, %s : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %r : tensor<1x2x3x3xf32>
}
