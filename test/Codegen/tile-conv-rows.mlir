// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-conv-rows{band-columns=64},canonicalize,cse))' | FileCheck %s
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-conv-rows{band-columns=64 threads=2 min-work=0},canonicalize,cse))' | FileCheck %s --check-prefix=THREADS
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-conv-rows{band-columns=64 threads=2},canonicalize,cse))' | FileCheck %s --check-prefix=MINWORK
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-conv-rows{band-columns=64 depthwise-block=256},canonicalize,cse))' | FileCheck %s --check-prefix=BLOCKS

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A 1x1 convolution with its bias broadcast and a Relu after it: bands of 4
// rows (4 x 16 = 64 output positions), each one broadcasting the bias into
// its slice, convolving its 4 input rows and applying the Relu, inserted
// into the result; nothing is left outside the loop. With 2 threads the
// bands are an scf.forall.
// CHECK-LABEL: func @conv_relu
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8x16x16xf32>
// CHECK: %[[R:.*]] = scf.for %[[ROW:.*]] = %c0 to %c16 step %c4 iter_args(%[[ACC:.*]] = %[[E]])
// CHECK: %[[IN:.*]] = tensor.extract_slice %arg0[0, 0, %[[ROW]], 0] [1, 4, 4, 16] [1, 1, 1, 1]
// CHECK: %[[BE:.*]] = tensor.extract_slice %[[E]][0, 0, %[[ROW]], 0] [1, 8, 4, 16]
// CHECK: %[[BIAS:.*]] = linalg.broadcast ins(%arg2 : tensor<8xf32>) outs(%[[BE]] : tensor<1x8x4x16xf32>)
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[IN]], %arg1 : {{.*}}) outs(%[[BIAS]] : tensor<1x8x4x16xf32>)
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[ACC]][0, 0, %[[ROW]], 0] [1, 8, 4, 16]
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[CONV]] : tensor<1x8x4x16xf32>) outs(%[[OUT]] : tensor<1x8x4x16xf32>)
// CHECK: arith.maximumf
// CHECK: %[[INS:.*]] = tensor.insert_slice %[[RELU]] into %[[ACC]][0, 0, %[[ROW]], 0] [1, 8, 4, 16]
// CHECK: scf.yield %[[INS]]
// CHECK: return %[[R]]
// THREADS-LABEL: func @conv_relu
// THREADS: scf.forall (%{{.*}}) = (0) to (16) step (4)
// THREADS: linalg.broadcast
// THREADS: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x8x4x16xf32>
// THREADS: linalg.generic
// THREADS: tensor.parallel_insert_slice
func.func @conv_relu(%x: tensor<1x4x16x16xf32>, %w: tensor<8x4x1x1xf32>, %b: tensor<8xf32>) -> tensor<1x8x16x16xf32> {
  %e = tensor.empty() : tensor<1x8x16x16xf32>
  %bias = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<1x8x16x16xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x16x16xf32>, tensor<8x4x1x1xf32>) outs(%bias : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x16x16xf32>) outs(%e : tensor<1x8x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x16x16xf32>
  return %r : tensor<1x8x16x16xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A convolution with two users is tiled alone (with its bias fill): both
// users read the whole result after the loop.
// CHECK-LABEL: func @two_users
// CHECK: %[[R:.*]] = scf.for
// CHECK: linalg.fill
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x8x4x16xf32>
// CHECK: tensor.insert_slice
// CHECK: }
// CHECK: linalg.generic {{.*}} ins(%[[R]] : tensor<1x8x16x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[R]] : tensor<1x8x16x16xf32>)
func.func @two_users(%x: tensor<1x4x16x16xf32>, %w: tensor<8x4x1x1xf32>) -> (tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32>) {
  %e = tensor.empty() : tensor<1x8x16x16xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x16x16xf32>, tensor<8x4x1x1xf32>) outs(%init : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x16x16xf32>) outs(%e : tensor<1x8x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x16x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x16x16xf32>) outs(%e : tensor<1x8x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.negf %in : f32
    linalg.yield %m : f32
  } -> tensor<1x8x16x16xf32>
  return %r, %s : tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32>
}

// -----

// Depthwise 3x3 stride-2 convolutions of padded inputs (whose iteration
// domain is (n, oh, ow, c, kh, kw): the rows are its loop 1). With 8 x 8
// outputs, the largest band of at most 64 positions is the whole output: left
// alone. With 8 x 16, bands of 4 rows, each reading the 9 input rows it
// needs.
// CHECK-LABEL: func @depthwise
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} -> tensor<1x2x8x8xf32>
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c8 step %c4
// CHECK: %[[IN_ROW:.*]] = affine.apply {{.*}}(%[[ROW]])
// CHECK: tensor.extract_slice %arg1[0, 0, %[[IN_ROW]], 0] [1, 2, 9, 33] [1, 1, 1, 1]
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} -> tensor<1x2x4x16xf32>
func.func @depthwise(%x: tensor<1x2x17x17xf32>, %y: tensor<1x2x17x33xf32>, %w: tensor<2x3x3xf32>, %init: tensor<1x2x8x8xf32>, %winit: tensor<1x2x8x16xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x2x8x16xf32>) {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x2x17x17xf32>, tensor<2x3x3xf32>) outs(%init : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %s = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%y, %w : tensor<1x2x17x33xf32>, tensor<2x3x3xf32>) outs(%winit : tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %r, %s : tensor<1x2x8x8xf32>, tensor<1x2x8x16xf32>
}

// -----

// With 2 threads, a convolution with fewer bands than threads whose rows do
// not divide evenly (a 1-row output is one band) is split by output
// channels, 4 of 8 per thread. Without threads it is left whole.
// CHECK-LABEL: func @one_band
// CHECK-NOT: scf.for
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x8x1x96xf32>
// With the default min-work (65536 multiply-adds) this one (3,072) is left
// whole.
// MINWORK-LABEL: func @one_band
// MINWORK-NOT: scf.forall
// MINWORK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x8x1x96xf32>
// THREADS-LABEL: func @one_band
// THREADS: scf.forall (%[[F:.*]]) = (0) to (8) step (4)
// THREADS: tensor.extract_slice %arg1[%[[F]], 0, 0, 0] [4, 4, 1, 1]
// THREADS: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x4x1x96xf32>
// THREADS: tensor.parallel_insert_slice {{.*}}[0, %[[F]], 0, 0] [1, 4, 1, 96]
func.func @one_band(%x: tensor<1x4x1x96xf32>, %w: tensor<8x4x1x1xf32>, %init: tensor<1x8x1x96xf32>) -> tensor<1x8x1x96xf32> {
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x1x96xf32>, tensor<8x4x1x1xf32>) outs(%init : tensor<1x8x1x96xf32>) -> tensor<1x8x1x96xf32>
  return %c : tensor<1x8x1x96xf32>
}

// -----

// With 2 threads, a convolution whose output is one band (6 rows x 8 = 48
// positions) is split into one band of 3 rows per thread.
// CHECK-LABEL: func @band_per_thread
// CHECK-NOT: scf.for
// THREADS-LABEL: func @band_per_thread
// THREADS: scf.forall (%{{.*}}) = (0) to (6) step (3)
// THREADS: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x8x3x8xf32>
func.func @band_per_thread(%x: tensor<1x4x6x8xf32>, %w: tensor<8x4x1x1xf32>, %init: tensor<1x8x6x8xf32>) -> tensor<1x8x6x8xf32> {
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x6x8xf32>, tensor<8x4x1x1xf32>) outs(%init : tensor<1x8x6x8xf32>) -> tensor<1x8x6x8xf32>
  return %c : tensor<1x8x6x8xf32>
}

// -----

// Neither rows (1) nor output channels (7) divide across 2 threads: left to
// seam-parallelize.
// THREADS-LABEL: func @indivisible
// THREADS-NOT: scf.forall
// THREADS: linalg.conv_2d_nchw_fchw
func.func @indivisible(%x: tensor<1x4x1x96xf32>, %w: tensor<7x4x1x1xf32>, %init: tensor<1x7x1x96xf32>) -> tensor<1x7x1x96xf32> {
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x1x96xf32>, tensor<7x4x1x1xf32>) outs(%init : tensor<1x7x1x96xf32>) -> tensor<1x7x1x96xf32>
  return %c : tensor<1x7x1x96xf32>
}

// -----

// Batch 2 is left alone.
// CHECK-LABEL: func @batch2
// CHECK-NOT: scf.for
// CHECK: linalg.conv_2d_nchw_fchw
func.func @batch2(%x: tensor<2x4x16x16xf32>, %w: tensor<8x4x1x1xf32>, %init: tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32> {
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x4x16x16xf32>, tensor<8x4x1x1xf32>) outs(%init : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
  return %c : tensor<2x8x16x16xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A consumer that reads the convolution twice (SiLU, x * sigmoid(x), fused
// into one generic) is still its only user: fused into the bands.
// CHECK-LABEL: func @silu
// CHECK: scf.for
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x8x4x16xf32>
// CHECK: linalg.generic {{.*}} ins(%[[CONV]], %[[CONV]] : tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>)
// CHECK: math.exp
// CHECK: tensor.insert_slice
func.func @silu(%x: tensor<1x4x16x16xf32>, %w: tensor<8x4x1x1xf32>, %init: tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32> {
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x16x16xf32>, tensor<8x4x1x1xf32>) outs(%init : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
  %e = tensor.empty() : tensor<1x8x16x16xf32>
  %one = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %c : tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32>) outs(%e : tensor<1x8x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %n = arith.negf %b : f32
    %x2 = math.exp %n : f32
    %d = arith.addf %x2, %one : f32
    %s = arith.divf %a, %d : f32
    linalg.yield %s : f32
  } -> tensor<1x8x16x16xf32>
  return %r : tensor<1x8x16x16xf32>
}

// -----

// A grouped convolution with 2 threads: one block of 2 of its 4 groups per
// thread (its groups' matmuls are too small to split). Without threads it
// is left whole (seam-conv-to-matmul loops over its groups).
// CHECK-LABEL: func @grouped
// CHECK-NOT: scf.for
// CHECK: linalg.conv_2d_ngchw_gfchw {{.*}} -> tensor<1x4x3x8x8xf32>
// THREADS-LABEL: func @grouped
// THREADS: scf.forall (%[[G:.*]]) = (0) to (4) step (2)
// THREADS: tensor.extract_slice %arg0[0, %[[G]], 0, 0, 0] [1, 2, 2, 10, 10]
// THREADS: tensor.extract_slice %arg1[%[[G]], 0, 0, 0, 0] [2, 3, 2, 3, 3]
// THREADS: linalg.conv_2d_ngchw_gfchw {{.*}} -> tensor<1x2x3x8x8xf32>
// THREADS: tensor.parallel_insert_slice {{.*}}[0, %[[G]], 0, 0, 0] [1, 2, 3, 8, 8]
func.func @grouped(%x: tensor<1x4x2x10x10xf32>, %w: tensor<4x3x2x3x3xf32>, %init: tensor<1x4x3x8x8xf32>) -> tensor<1x4x3x8x8xf32> {
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x2x10x10xf32>, tensor<4x3x2x3x3xf32>) outs(%init : tensor<1x4x3x8x8xf32>) -> tensor<1x4x3x8x8xf32>
  return %c : tensor<1x4x3x8x8xf32>
}

// -----

// 3 groups on 2 threads: one group per iteration (static slices; the
// iterations are dealt out to the threads).
// THREADS-LABEL: func @odd_groups
// THREADS: scf.forall (%[[G:.*]]) in (3)
// THREADS: linalg.conv_2d_ngchw_gfchw {{.*}} -> tensor<1x1x3x8x8xf32>
func.func @odd_groups(%x: tensor<1x3x2x10x10xf32>, %w: tensor<3x3x2x3x3xf32>, %init: tensor<1x3x3x8x8xf32>) -> tensor<1x3x3x8x8xf32> {
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x2x10x10xf32>, tensor<3x3x2x3x3xf32>) outs(%init : tensor<1x3x3x8x8xf32>) -> tensor<1x3x3x8x8xf32>
  return %c : tensor<1x3x3x8x8xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#rev = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, -d3 + 5)>

// A consumer reading another operand backwards (a Slice with step -1 folded
// into its map) is not fused: MLIR's tiling gets that operand's slice sizes
// wrong. With 2 threads only the convolution is split.
// THREADS-LABEL: func @reversed_operand
// THREADS: %[[SPLIT:.*]] = scf.forall
// THREADS: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x3x5x6xf32>
// THREADS: linalg.generic {{.*}} ins(%[[SPLIT]], %arg3 : tensor<1x6x5x6xf32>, tensor<1x6x5x6xf32>)
func.func @reversed_operand(%x: tensor<1x4x5x6xf32>, %w: tensor<6x4x1x1xf32>, %init: tensor<1x6x5x6xf32>, %y: tensor<1x6x5x6xf32>) -> tensor<1x6x5x6xf32> {
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x5x6xf32>, tensor<6x4x1x1xf32>) outs(%init : tensor<1x6x5x6xf32>) -> tensor<1x6x5x6xf32>
  %e = tensor.empty() : tensor<1x6x5x6xf32>
  %r = linalg.generic {indexing_maps = [#id, #rev, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %y : tensor<1x6x5x6xf32>, tensor<1x6x5x6xf32>) outs(%e : tensor<1x6x5x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x6x5x6xf32>
  return %r : tensor<1x6x5x6xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A depthwise convolution whose band would be its whole output (8 x 8 = 64
// positions) is computed by blocks of channels, each broadcasting its bias,
// convolving and applying the Relu: with depthwise-block=256, 4 channels
// (4 x 64 positions) per iteration; with 2 threads, 16 per thread. With the
// default block (4096 positions) all 32 channels fit one: left alone.
// BLOCKS-LABEL: func @depthwise_channel_blocks
// BLOCKS: scf.for %[[C:.*]] = %c0 to %c32 step %c4
// BLOCKS: tensor.extract_slice %arg0[0, %[[C]], 0, 0] [1, 4, 10, 10]
// BLOCKS: tensor.extract_slice %arg2[%[[C]]] [4] [1]
// BLOCKS: linalg.broadcast {{.*}}tensor<1x4x8x8xf32>
// BLOCKS: linalg.depthwise_conv_2d_nchw_chw {{.*}} -> tensor<1x4x8x8xf32>
// BLOCKS: linalg.generic
// BLOCKS: scf.yield
// THREADS-LABEL: func @depthwise_channel_blocks
// THREADS: scf.forall (%[[C:.*]]) = (0) to (32) step (16)
// THREADS: linalg.broadcast {{.*}}tensor<1x16x8x8xf32>
// THREADS: linalg.depthwise_conv_2d_nchw_chw {{.*}} -> tensor<1x16x8x8xf32>
// THREADS: linalg.generic
// THREADS: scf.forall.in_parallel
// CHECK-LABEL: func @depthwise_channel_blocks
// CHECK-NOT: scf.for
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} -> tensor<1x32x8x8xf32>
func.func @depthwise_channel_blocks(%x: tensor<1x32x10x10xf32>, %w: tensor<32x3x3xf32>, %b: tensor<32xf32>) -> tensor<1x32x8x8xf32> {
  %e = tensor.empty() : tensor<1x32x8x8xf32>
  %init = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e : tensor<1x32x8x8xf32>) dimensions = [0, 2, 3]
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x32x10x10xf32>, tensor<32x3x3xf32>) outs(%init : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x32x8x8xf32>) outs(%e : tensor<1x32x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x32x8x8xf32>
  return %r : tensor<1x32x8x8xf32>
}
