// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-vectorize-copies))' | FileCheck %s

// im2col on buffers: loops over (c, kh, kw, oh), each moving one 28-wide
// row of ow from in[0, c, oh + kh, kw + ow] to col[c, kh, kw, oh, 0] as a
// single vector<28xf32> (shorter than max-vector, no remainder).
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1 + d3)>
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d2 + d4)>
// CHECK-LABEL: func @im2col
// CHECK-NOT: linalg.generic
// CHECK:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:     scf.for %[[C:.*]] = %{{.*}} to %[[C2]] step
// CHECK:       %[[C3:.*]] = arith.constant 3 : index
// CHECK:       scf.for %[[KH:.*]] = %{{.*}} to %[[C3]] step
// CHECK:         %[[C3B:.*]] = arith.constant 3 : index
// CHECK:         scf.for %[[KW:.*]] = %{{.*}} to %[[C3B]] step
// CHECK:           %[[C28:.*]] = arith.constant 28 : index
// CHECK:           scf.for %[[OH:.*]] = %{{.*}} to %[[C28]] step
// CHECK:             %[[OW:.*]] = arith.constant 0 : index
// CHECK:             %[[IY:.*]] = affine.apply #[[Y]](%[[C]], %[[KH]], %[[KW]], %[[OH]], %[[OW]])
// CHECK:             %[[IX:.*]] = affine.apply #[[X]](%[[C]], %[[KH]], %[[KW]], %[[OH]], %[[OW]])
// CHECK:             %[[ROW:.*]] = vector.transfer_read %arg0[%{{.*}}, %{{.*}}, %[[IY]], %[[IX]]], %{{.*}} {in_bounds = [true]} : memref<1x2x30x30xf32>, vector<28xf32>
// CHECK:             vector.transfer_write %[[ROW]], %arg1[%[[C]], %[[KH]], %[[KW]], %[[OH]], %[[OW]]] {in_bounds = [true]} : vector<28xf32>, memref<2x3x3x28x28xf32>
// CHECK-NOT: linalg.generic
func.func @im2col(%x: memref<1x2x30x30xf32>, %col: memref<2x3x3x28x28xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (0, d0, d3 + d1, d4 + d2)>,
                                   affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x30x30xf32>) outs(%col : memref<2x3x3x28x28xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// A linalg.copy from a strided subview with rows of 196, longer than
// max-vector, into a function argument (which may alias the source): per
// row, a loop of three vector<64xf32> moves (0 to 192 step 64), then one
// vector<4xf32> (less than loop-vector is left).
// CHECK-LABEL: func @strided_copy
// CHECK:     %[[SRC:.*]] = memref.subview
// CHECK:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:     scf.for %[[I:.*]] = %{{.*}} to %[[C16]] step
// CHECK:       %[[C192:.*]] = arith.constant 192 : index
// CHECK:       %[[C64:.*]] = arith.constant 64 : index
// CHECK:       scf.for %[[J:.*]] = %{{.*}} to %[[C192]] step %[[C64]]
// CHECK:         %[[V:.*]] = vector.transfer_read %[[SRC]]{{.*}} {in_bounds = [true]} : memref<16x196xf32, strided<[256, 1], offset: 4>>, vector<64xf32>
// CHECK:         vector.transfer_write %[[V]], %arg1[%[[I]], %[[J]]] {in_bounds = [true]} : vector<64xf32>, memref<16x196xf32>
// CHECK:       }
// CHECK-NOT:   scf.for
// CHECK:       %[[REST:.*]] = arith.constant 192 : index
// CHECK:       %[[T:.*]] = vector.transfer_read %[[SRC]]{{.*}} {in_bounds = [true]} : memref<16x196xf32, strided<[256, 1], offset: 4>>, vector<4xf32>
// CHECK:       vector.transfer_write %[[T]], %arg1[%[[I]], %[[REST]]] {in_bounds = [true]} : vector<4xf32>, memref<16x196xf32>
// CHECK-NOT: linalg.copy
func.func @strided_copy(%src: memref<16x256xf32>, %dst: memref<16x196xf32>) {
  %v = memref.subview %src[0, 4] [16, 196] [1, 1] : memref<16x256xf32> to memref<16x196xf32, strided<[256, 1], offset: 4>>
  linalg.copy ins(%v : memref<16x196xf32, strided<[256, 1], offset: 4>>) outs(%dst : memref<16x196xf32>)
  return
}

// -----

// Rows of max-vector (64) elements or fewer move as one vector each, with
// no loop.
// CHECK-LABEL: func @row_of_max_vector
// CHECK:     scf.for
// CHECK-NOT: scf.for
// CHECK:       vector.transfer_read {{.*}} vector<64xf32>
// CHECK:       vector.transfer_write {{.*}} vector<64xf32>
// CHECK-NOT: linalg.copy
func.func @row_of_max_vector(%src: memref<8x256xf32>, %dst: memref<8x64xf32>) {
  %v = memref.subview %src[0, 0] [8, 64] [1, 1] : memref<8x256xf32> to memref<8x64xf32, strided<[256, 1]>>
  linalg.copy ins(%v : memref<8x64xf32, strided<[256, 1]>>) outs(%dst : memref<8x64xf32>)
  return
}

// -----

// A convolution's K tiles of 120 and 104 floats (input channels 480 and 416
// in four tiles) packed into a fresh buffer get the same code but for the
// constants: a loop of vectors of 64 (here one), then one vector of 64
// that ends at the row's end, at 56 or 40 (its first 8 or 24 elements are
// written twice, with the same values).
// CHECK-LABEL: func @k_tile_120_packed
// CHECK:       %[[P120:.*]] = memref.alloc() {{.*}} : memref<128x120xf32>
// CHECK:       scf.for %[[R120:.*]] =
// CHECK:         %[[Z120:.*]] = arith.constant 0 : index
// CHECK:         %[[U120:.*]] = arith.constant 64 : index
// CHECK:         %[[S120:.*]] = arith.constant 64 : index
// CHECK:         scf.for %[[J120:.*]] = %[[Z120]] to %[[U120]] step %[[S120]]
// CHECK:           vector.transfer_read {{.*}} vector<64xf32>
// CHECK:           vector.transfer_write {{.*}}, %[[P120]][%[[R120]], %[[J120]]] {{.*}} vector<64xf32>
// CHECK:         }
// CHECK:         %[[L120:.*]] = arith.constant 56 : index
// CHECK:         vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         vector.transfer_write {{.*}}, %[[P120]][%[[R120]], %[[L120]]] {{.*}} vector<64xf32>
// CHECK-NOT:   vector<8xf32>
// CHECK-LABEL: func @k_tile_104_packed
// CHECK:         scf.for
// CHECK:           vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         }
// CHECK:         %[[L104:.*]] = arith.constant 40 : index
// CHECK:         vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         vector.transfer_write {{.*}}[%{{.*}}, %[[L104]]] {{.*}} vector<64xf32>
func.func @k_tile_120_packed(%src: memref<128x480xf32>) -> memref<128x120xf32> {
  %v = memref.subview %src[0, 120] [128, 120] [1, 1] : memref<128x480xf32> to memref<128x120xf32, strided<[480, 1], offset: 120>>
  %packed = memref.alloc() {alignment = 64 : i64} : memref<128x120xf32>
  linalg.copy ins(%v : memref<128x120xf32, strided<[480, 1], offset: 120>>) outs(%packed : memref<128x120xf32>)
  return %packed : memref<128x120xf32>
}
func.func @k_tile_104_packed(%src: memref<128x416xf32>) -> memref<128x104xf32> {
  %v = memref.subview %src[0, 104] [128, 104] [1, 1] : memref<128x416xf32> to memref<128x104xf32, strided<[416, 1], offset: 104>>
  %packed = memref.alloc() {alignment = 64 : i64} : memref<128x104xf32>
  linalg.copy ins(%v : memref<128x104xf32, strided<[416, 1], offset: 104>>) outs(%packed : memref<128x104xf32>)
  return %packed : memref<128x104xf32>
}

// -----

// A packed row of exactly two vectors (128 floats) gets the code of the
// others: a loop up to the last vector (one iteration, from 0 to 64), then
// the last vector at 64, which here overlaps nothing.
// CHECK-LABEL: func @k_tile_128_packed
// CHECK:       memref.alloc
// CHECK:       scf.for
// CHECK:         %[[Z:.*]] = arith.constant 0 : index
// CHECK:         %[[U:.*]] = arith.constant 64 : index
// CHECK:         %[[S:.*]] = arith.constant 64 : index
// CHECK:         scf.for %{{.*}} = %[[Z]] to %[[U]] step %[[S]]
// CHECK:           vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         }
// CHECK:         %[[L:.*]] = arith.constant 64 : index
// CHECK:         vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         vector.transfer_write {{.*}}[%{{.*}}, %[[L]]] {{.*}} vector<64xf32>
// CHECK-NOT:     vector.transfer_read
func.func @k_tile_128_packed(%src: memref<128x512xf32>) -> memref<128x128xf32> {
  %v = memref.subview %src[0, 128] [128, 128] [1, 1] : memref<128x512xf32> to memref<128x128xf32, strided<[512, 1], offset: 128>>
  %packed = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
  linalg.copy ins(%v : memref<128x128xf32, strided<[512, 1], offset: 128>>) outs(%packed : memref<128x128xf32>)
  return %packed : memref<128x128xf32>
}

// -----

// A source that is a loop's argument could be the fresh buffer itself (here
// it is, on the first iteration): nothing is written twice.
// CHECK-LABEL: func @k_tile_from_loop_argument
// CHECK:       scf.for
// CHECK:         vector.transfer_read {{.*}} vector<64xf32>
// CHECK:       vector.transfer_read {{.*}} vector<16xf32>
// CHECK:       vector.transfer_read {{.*}} vector<4xf32>
// CHECK-NOT:   vector.transfer_read {{.*}} vector<64xf32>
func.func @k_tile_from_loop_argument(%n: index) -> memref<8x100xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %packed = memref.alloc() {alignment = 64 : i64} : memref<8x100xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%src = %packed) -> (memref<8x100xf32>) {
    linalg.copy ins(%src : memref<8x100xf32>) outs(%packed : memref<8x100xf32>)
    scf.yield %packed : memref<8x100xf32>
  }
  return %last : memref<8x100xf32>
}

// -----

// The same K tile into a buffer that may alias the source (an argument):
// nothing is written twice; a loop of vectors of 64, a loop of vectors of
// 16 over what is left (64 to 112), then a vector of 8.
// CHECK-LABEL: func @k_tile_120_in_place
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// CHECK:         vector.transfer_read {{.*}} vector<64xf32>
// CHECK:       %[[L:.*]] = arith.constant 64 : index
// CHECK:       %[[U:.*]] = arith.constant 112 : index
// CHECK:       %[[S:.*]] = arith.constant 16 : index
// CHECK:       scf.for %{{.*}} = %[[L]] to %[[U]] step %[[S]]
// CHECK:         vector.transfer_read {{.*}} vector<16xf32>
// CHECK:       }
// CHECK:       %[[T:.*]] = arith.constant 112 : index
// CHECK:       vector.transfer_read {{.*}} vector<8xf32>
// CHECK:       vector.transfer_write {{.*}}[%{{.*}}, %[[T]]] {{.*}} vector<8xf32>
func.func @k_tile_120_in_place(%src: memref<128x480xf32>, %dst: memref<128x120xf32>) {
  %v = memref.subview %src[0, 120] [128, 120] [1, 1] : memref<128x480xf32> to memref<128x120xf32, strided<[480, 1], offset: 120>>
  linalg.copy ins(%v : memref<128x120xf32, strided<[480, 1], offset: 120>>) outs(%dst : memref<128x120xf32>)
  return
}

// -----

// Not copies: a body that computes.
// CHECK-LABEL: func @computes
// CHECK-NOT: vector.transfer
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @computes(%a: memref<8x8xf32>, %b: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x8xf32>) outs(%b : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A transpose: the innermost loop dim walks the input's outer dim, so an
// output row is not an input row.
// CHECK-LABEL: func @transpose
// CHECK-NOT: vector.transfer
// CHECK: linalg.generic
func.func @transpose(%a: memref<8x8xf32>, %b: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x8xf32>) outs(%b : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Dynamic shapes are left alone.
// CHECK-LABEL: func @dynamic
// CHECK-NOT: vector.transfer
// CHECK: linalg.copy ins(%arg0 : memref<?x8xf32>) outs(%arg1 : memref<?x8xf32>)
func.func @dynamic(%a: memref<?x8xf32>, %b: memref<?x8xf32>) {
  linalg.copy ins(%a : memref<?x8xf32>) outs(%b : memref<?x8xf32>)
  return
}

// -----

// An empty row (a static dim of 0) is left alone.
// CHECK-LABEL: func @empty_rows
// CHECK: linalg.copy
// CHECK-NOT: vector.transfer_read
func.func @empty_rows(%a: memref<8x0xf32>, %b: memref<8x0xf32, strided<[4, 1]>>) {
  linalg.copy ins(%a : memref<8x0xf32>) outs(%b : memref<8x0xf32, strided<[4, 1]>>)
  return
}

// -----

// The same K tile into an argument marked as a buffer of its own
// (seam-outline-kernels: the caller's allocation, which no other argument
// views): written as into a fresh allocation, a loop of vectors of 64 and
// one that ends at the row's end (at 56). The mark is removed.
// CHECK-LABEL: func @k_tile_120_into_marked_argument(
// CHECK-SAME: %{{[a-z0-9]+}}: memref<128x480xf32>, %[[P:[a-z0-9]+]]: memref<128x120xf32>)
// CHECK-NOT:   seam.fresh_buffer
// CHECK:       scf.for %[[R:.*]] =
// CHECK:         scf.for
// CHECK:           vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         }
// CHECK:         %[[L:.*]] = arith.constant 56 : index
// CHECK:         vector.transfer_read {{.*}} vector<64xf32>
// CHECK:         vector.transfer_write {{.*}}, %[[P]][%[[R]], %[[L]]] {{.*}} vector<64xf32>
// CHECK-NOT:   vector<8xf32>
func.func @k_tile_120_into_marked_argument(%src: memref<128x480xf32>, %packed: memref<128x120xf32> {seam.fresh_buffer}) {
  %v = memref.subview %src[0, 120] [128, 120] [1, 1] : memref<128x480xf32> to memref<128x120xf32, strided<[480, 1], offset: 120>>
  linalg.copy ins(%v : memref<128x120xf32, strided<[480, 1], offset: 120>>) outs(%packed : memref<128x120xf32>)
  return
}
