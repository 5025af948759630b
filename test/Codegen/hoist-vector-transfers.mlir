// RUN: seam-opt %s --pass-pipeline='builtin.module(func.func(seam-hoist-vector-transfers))' | FileCheck %s

// The C tile read and written in every k iteration becomes a loop-carried
// vector: read before the loop, written after it.
// CHECK-LABEL: func @accumulate
// CHECK: %[[INIT:.*]] = vector.transfer_read %arg2
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<8x32xf32>)
// CHECK:   vector.contract {{.*}} %[[ACC]]
// CHECK: vector.transfer_write %[[R]], %arg2
func.func @accumulate(%a: memref<8x128xf32>, %b: memref<128x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %p = arith.constant 0.0 : f32
  scf.for %k = %c0 to %c128 step %c4 {
    %va = vector.transfer_read %a[%c0, %k], %p {in_bounds = [true, true]} : memref<8x128xf32>, vector<8x4xf32>
    %vb = vector.transfer_read %b[%k, %c0], %p {in_bounds = [true, true]} : memref<128x32xf32>, vector<4x32xf32>
    %vc = vector.transfer_read %c[%c0, %c0], %p {in_bounds = [true, true]} : memref<8x32xf32>, vector<8x32xf32>
    %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<8x4xf32>, vector<4x32xf32> into vector<8x32xf32>
    vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32>
  }
  return
}
