// RUN: seam-opt %s --seam-partition="backends=dnnl" --seam-lower-backend-regions -split-input-file | FileCheck %s
// REQUIRES: seam-dnnl-backend

// seam-lower-backend-regions on dnnl regions: the body of each outlined
// region becomes its constants (the weights), one tensor.empty per result and
// one destination-passing seam.kernel_call on the region's arguments, carrying
// the region's typed description (#seam_dnnl.region). Its runtime calls, the
// globals and @seam_init/@seam_deinit come later, from seam-lower-kernel-calls
// after bufferization (test/Conversion/BackendRegions/lower-kernel-calls.mlir).

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[ARG0:.*]]: tensor<1x4x8x8xf32>, %[[ARG1:.*]]: tensor<1x4x8x8xf32>)
// CHECK-NEXT: %[[R:.*]] = call @dnnl_0(%[[ARG0]], %[[ARG1]])
// CHECK-NEXT: return %[[R]]

// CHECK-LABEL: func.func private @dnnl_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8x8xf32>, %[[RES:.*]]: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-SAME: seam.backend = "dnnl"
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<4x4x3x3xf32>
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<1.000000e-01> : tensor<4xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<1x4x4x4xf32>
// Values: 0, 1 the arguments; 2, 3 the weights (numbered where first used);
// 4 the conv (bias 3, the residual 1 summed in, then relu); 5 the pool.
// CHECK-NEXT: %[[K:.*]] = seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: ins(%[[X]], %[[RES]] : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>)
// CHECK-SAME: weights(%[[W]], %[[B]] : tensor<4x4x3x3xf32>, tensor<4xf32>)
// CHECK-SAME: outs(%[[E]] : tensor<1x4x4x4xf32>)
// CHECK-SAME: description(#seam_dnnl.region<name = "dnnl_0",
// CHECK-SAME: values = {{\[}}[1, 4, 8, 8], [1, 4, 8, 8], [4, 4, 3, 3], [4], [1, 4, 8, 8], [1, 4, 4, 4]],
// CHECK-SAME: inputs = [0, 1], weights = [2, 3], outputs = [5],
// CHECK-SAME: ops = [#seam_dnnl.op<conv, dst = 4, srcs = [0, 2], bias = 3, strides = [1, 1], pads = [1, 1, 1, 1], dilations = [1, 1],
// CHECK-SAME: post_ops = [#seam_dnnl.post_op<sum, value = 1>, #seam_dnnl.post_op<eltwise, alg = relu>]>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 5, srcs = [4], kernel = [3, 3], strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1], alg = pool_max>]>)
// CHECK-SAME: -> tensor<1x4x4x4xf32>
// CHECK-NEXT: return %[[K]] : tensor<1x4x4x4xf32>
// CHECK-NEXT: }
// Nothing else: no seam op left, no runtime call, global or @seam_init yet.
// CHECK-NOT: seam.conv
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

// Two regions (a compiled op between them): each gets its own kernel call,
// named after its function, with its own description and weights.
// CHECK-LABEL: func.func @two_regions
// CHECK: call @dnnl_0
// CHECK: seam.erf
// CHECK: call @dnnl_1

// CHECK-LABEL: func.func private @dnnl_0
// CHECK-SAME: (%[[A:.*]]: tensor<2x8xf32>) -> tensor<2x4xf32>
// CHECK: %[[W0:.*]] = arith.constant dense<5.000000e-01> : tensor<8x4xf32>
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[K0:.*]] = seam.kernel_call "dnnl" "dnnl_0" ins(%[[A]] : tensor<2x8xf32>) weights(%[[W0]] : tensor<8x4xf32>) outs(%[[E0]] : tensor<2x4xf32>)
// CHECK-SAME: description(#seam_dnnl.region<name = "dnnl_0", values = {{\[}}[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
// CHECK: return %[[K0]]

// CHECK-LABEL: func.func private @dnnl_1
// CHECK-SAME: (%[[T:.*]]: tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK: %[[W1:.*]] = arith.constant dense<2.500000e-01> : tensor<4x2xf32>
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK: %[[K1:.*]] = seam.kernel_call "dnnl" "dnnl_1" ins(%[[T]] : tensor<2x4xf32>) weights(%[[W1]] : tensor<4x2xf32>) outs(%[[E1]] : tensor<2x2xf32>)
// CHECK-SAME: description(#seam_dnnl.region<name = "dnnl_1", values = {{\[}}[2, 4], [4, 2], [2, 2]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
// CHECK: return %[[K1]]
// CHECK-NOT: @seam_init
func.func @two_regions(%a: tensor<2x8xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  %g = seam.gemm %a, %w : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %t = seam.erf %g : tensor<2x4xf32>
  %v = arith.constant dense<0.25> : tensor<4x2xf32>
  %m = seam.matmul %t, %v : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
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

// An RMS normalization (T5's, LLaMA's: x / sqrt(mean(x * x) + eps), which
// no pattern raises) with a 0-d epsilon stays in the region of its matmul:
// the 0-d constant is a weight, a value with no dims ([]), added by a
// broadcasting binary op. A mean over the last dim of a rank-3 value is an
// average pooling over it.
// CHECK-LABEL: func.func private @dnnl_0
// CHECK-SAME: (%[[X:.*]]: tensor<2x6x8xf32>) -> tensor<2x6x8xf32>
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.250000e-01> : tensor<8x8xf32>
// CHECK-DAG: %[[EPS:.*]] = arith.constant dense<9.99999974E-6> : tensor<f32>
// CHECK: seam.kernel_call "dnnl" "dnnl_0" ins(%[[X]] : tensor<2x6x8xf32>) weights(%[[W]], %[[EPS]] : tensor<8x8xf32>, tensor<f32>)
// CHECK-SAME: values = {{\[}}[2, 6, 8], [8, 8], [2, 6, 8], [2, 6, 8], [2, 6, 1], [], [2, 6, 1], [2, 6, 1], [2, 6, 8]],
// CHECK-SAME: inputs = [0], weights = [1, 5], outputs = [8],
// CHECK-SAME: ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>,
// CHECK-SAME: #seam_dnnl.op<binary, dst = 3, srcs = [2, 2], alg = mul>,
// CHECK-SAME: #seam_dnnl.op<pool, dst = 4, srcs = [3], kernel = [8], strides = [1], pads = [0, 0], dilations = [1], alg = pool_avg_exclude>,
// CHECK-SAME: #seam_dnnl.op<binary, dst = 6, srcs = [4, 5], alg = add>,
// CHECK-SAME: #seam_dnnl.op<eltwise, dst = 7, srcs = [6], alpha = 0.0, beta = 0.0, alg = sqrt>,
// CHECK-SAME: #seam_dnnl.op<binary, dst = 8, srcs = [2, 7], alg = div>]>)
func.func @rms_norm_0d_epsilon(%x: tensor<2x6x8xf32>) -> tensor<2x6x8xf32> {
  %w = arith.constant dense<0.125> : tensor<8x8xf32>
  %m = seam.matmul %x, %w : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
  %sq = seam.mul %m, %m : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<2x6x8xf32>
  %var = seam.reduce_mean %sq {axes = array<i64: -1>, keepdims = true} : (tensor<2x6x8xf32>) -> tensor<2x6x1xf32>
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %ve = seam.add %var, %eps : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6x1xf32>
  %s = seam.sqrt %ve : tensor<2x6x1xf32>
  %y = seam.div %m, %s : (tensor<2x6x8xf32>, tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
  return %y : tensor<2x6x8xf32>
}
