// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-parallelize{threads=2}))' | FileCheck %s
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-parallelize{threads=1}))' | FileCheck %s --check-prefix=ONE
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-parallelize{threads=2 min-work=10000}))' | FileCheck %s --check-prefix=SMALL

// A matmul splits along N into two whole register-tile multiples (2 x 256).
// CHECK-LABEL: func @matmul
// CHECK: scf.forall (%[[I:.*]]) = (0) to (512) step (256)
// CHECK:   linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<256x256xf32>, tensor<256x256xf32>) outs(%{{.*}} : tensor<256x256xf32>)
// ONE-LABEL: func @matmul
// ONE-NOT: scf.forall
func.func @matmul(%a: tensor<256x256xf32>, %b: tensor<256x512xf32>, %c: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x512xf32>) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}

// -----

// An elementwise op splits its first parallel dim with a chunk per thread.
// CHECK-LABEL: func @relu
// CHECK: scf.forall (%{{.*}}) = (0) to (64) step (32)
func.func @relu(%x: tensor<64x32x32xf32>) -> tensor<64x32x32xf32> {
  %e = tensor.empty() : tensor<64x32x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<64x32x32xf32>) outs(%e : tensor<64x32x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<64x32x32xf32>
  return %r : tensor<64x32x32xf32>
}

// -----

// Too little work to be worth a parallel region.
// CHECK-LABEL: func @small
// CHECK-NOT: scf.forall
func.func @small(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %r = linalg.copy ins(%x : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

// Without whole register tiles per thread, a matmul still splits evenly.
// CHECK-LABEL: func @even_matmul
// CHECK: scf.forall (%{{.*}}) = (0) to (100) step (50)
func.func @even_matmul(%a: tensor<100x300xf32>, %b: tensor<300x100xf32>, %c: tensor<100x100xf32>) -> tensor<100x100xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<100x300xf32>, tensor<300x100xf32>) outs(%c : tensor<100x100xf32>) -> tensor<100x100xf32>
  return %r : tensor<100x100xf32>
}

// -----

// A matmul with odd M and N does not split (uneven chunks would break its
// static register tiles).
// CHECK-LABEL: func @odd_matmul
// CHECK-NOT: scf.forall
func.func @odd_matmul(%a: tensor<99x300xf32>, %b: tensor<300x101xf32>, %c: tensor<99x101xf32>) -> tensor<99x101xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<99x300xf32>, tensor<300x101xf32>) outs(%c : tensor<99x101xf32>) -> tensor<99x101xf32>
  return %r : tensor<99x101xf32>
}

// -----

// A depthwise convolution is split along its channels (loop 3 of its
// (n, oh, ow, c, kh, kw) domain), not its 7 rows: each thread gets 48 whole
// 7 x 7 channels, static shapes for seam-unroll-windows (min-work lowered to
// split this small op).
// SMALL-LABEL: func @depthwise
// SMALL: scf.forall (%{{.*}}) = (0) to (96) step (48)
// SMALL: linalg.depthwise_conv_2d_nchw_chw {{.*}} -> tensor<1x48x7x7xf32>
func.func @depthwise(%x: tensor<1x96x9x9xf32>, %w: tensor<96x3x3xf32>, %init: tensor<1x96x7x7xf32>) -> tensor<1x96x7x7xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x96x9x9xf32>, tensor<96x3x3xf32>) outs(%init : tensor<1x96x7x7xf32>) -> tensor<1x96x7x7xf32>
  return %r : tensor<1x96x7x7xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rev2 = affine_map<(d0, d1) -> (d0, -d1 + 511)>

// An elementwise op reading an operand backwards (a Slice with step -1
// folded into its map) is left whole: MLIR's tiling computes that operand's
// slice sizes wrongly. The same op reading it forwards is split.
// CHECK-LABEL: func @backwards
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
// CHECK-LABEL: func @forwards
// CHECK: scf.forall
func.func @backwards(%a: tensor<256x512xf32>, %b: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<256x512xf32>
  %r = linalg.generic {indexing_maps = [#id2, #rev2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<256x512xf32>, tensor<256x512xf32>) outs(%e : tensor<256x512xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}
func.func @forwards(%a: tensor<256x512xf32>, %b: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<256x512xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<256x512xf32>, tensor<256x512xf32>) outs(%e : tensor<256x512xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}
