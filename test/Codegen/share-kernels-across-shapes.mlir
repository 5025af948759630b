// RUN: seam-opt %s --seam-share-kernels-across-shapes -split-input-file | FileCheck %s

// Two kernels that differ in the channels of their input, a loop bound and
// the offset of the concatenation slice they write: one function. The
// values that differ become index arguments, one per distinct list of
// values (the channel count and the loop bound are one list; the batch
// stride 128 and the slice offset 128 of the first kernel are two, as the
// second's are 192 and 256), the
// buffers whose layouts differ are passed as their base. The shared kernel
// keeps the first kernel's name; the other is gone.

// CHECK-LABEL: func.func private @k0(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<1xf32>, %[[OUT:[a-z0-9]+]]: memref<1xf32>, %[[W:[a-z0-9]+]]: memref<16xf32>, %[[C:[a-z0-9]+]]: index, %[[N:[a-z0-9]+]]: index, %[[OFF:[a-z0-9]+]]: index)
// CHECK-SAME: seam.kernel
// CHECK: %[[INV:.*]] = memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [1, %[[C]], 16], strides: [%[[N]], 16, 1] : memref<1xf32> to memref<1x?x16xf32, strided<[?, 16, 1]>>
// CHECK: %[[OUTV:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [%[[OFF]]], sizes: [1, 8, 16], strides: [512, 16, 1] : memref<1xf32> to memref<1x8x16xf32, strided<[512, 16, 1], offset: ?>>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[C]] step
// CHECK: vector.transfer_read %[[INV]]
// CHECK: vector.transfer_write %{{.*}}, %[[OUTV]]
// CHECK-NOT: func.func private @k1(
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<1x8x16xf32>, %[[B:[a-z0-9]+]]: memref<1x12x16xf32>, %[[CAT:[a-z0-9]+]]: memref<1x32x16xf32>, %[[W0:[a-z0-9]+]]: memref<16xf32>)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C192:.*]] = arith.constant 192 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[S0:.*]] = memref.subview %[[CAT]][0, 8, 0]
// CHECK: %[[AB:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [1], strides: [1] : memref<1x8x16xf32> to memref<1xf32>
// CHECK: %[[S0B:.*]] = memref.reinterpret_cast %[[S0]] to offset: [0], sizes: [1], strides: [1] : memref<1x8x16xf32, strided<[512, 16, 1], offset: 128>> to memref<1xf32>
// CHECK: call @k0(%[[AB]], %[[S0B]], %[[W0]], %[[C8]], %[[C128]], %[[C128]])
// CHECK: %[[S1:.*]] = memref.subview %[[CAT]][0, 16, 0]
// CHECK: %[[BB:.*]] = memref.reinterpret_cast %[[B]]
// CHECK: %[[S1B:.*]] = memref.reinterpret_cast %[[S1]]
// CHECK: call @k0(%[[BB]], %[[S1B]], %[[W0]], %[[C12]], %[[C192]], %[[C256]])

func.func private @k0(%in: memref<1x8x16xf32>, %out: memref<1x8x16xf32, strided<[512, 16, 1], offset: 128>>, %w: memref<16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f0 = arith.constant 0.0 : f32
  %wv = vector.transfer_read %w[%c0], %f0 {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = vector.transfer_read %in[%c0, %i, %c0], %f0 {in_bounds = [true]} : memref<1x8x16xf32>, vector<16xf32>
    %m = arith.mulf %v, %wv : vector<16xf32>
    vector.transfer_write %m, %out[%c0, %c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<1x8x16xf32, strided<[512, 16, 1], offset: 128>>
  }
  return
}
func.func private @k1(%in: memref<1x12x16xf32>, %out: memref<1x8x16xf32, strided<[512, 16, 1], offset: 256>>, %w: memref<16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %f0 = arith.constant 0.0 : f32
  %wv = vector.transfer_read %w[%c0], %f0 {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    %v = vector.transfer_read %in[%c0, %i, %c0], %f0 {in_bounds = [true]} : memref<1x12x16xf32>, vector<16xf32>
    %m = arith.mulf %v, %wv : vector<16xf32>
    vector.transfer_write %m, %out[%c0, %c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<1x8x16xf32, strided<[512, 16, 1], offset: 256>>
  }
  return
}
func.func @main(%a: memref<1x8x16xf32>, %b: memref<1x12x16xf32>, %cat: memref<1x32x16xf32>, %w: memref<16xf32>) {
  %s0 = memref.subview %cat[0, 8, 0] [1, 8, 16] [1, 1, 1] : memref<1x32x16xf32> to memref<1x8x16xf32, strided<[512, 16, 1], offset: 128>>
  call @k0(%a, %s0, %w) : (memref<1x8x16xf32>, memref<1x8x16xf32, strided<[512, 16, 1], offset: 128>>, memref<16xf32>) -> ()
  %s1 = memref.subview %cat[0, 16, 0] [1, 8, 16] [1, 1, 1] : memref<1x32x16xf32> to memref<1x8x16xf32, strided<[512, 16, 1], offset: 256>>
  call @k1(%b, %s1, %w) : (memref<1x12x16xf32>, memref<1x8x16xf32, strided<[512, 16, 1], offset: 256>>, memref<16xf32>) -> ()
  return
}

// -----

// Sizes below 4 are part of the code (a loop of two iterations stays one),
// and so is a divisor, also an operand of an affine map that divides: kernels
// that differ in them stay apart. A kernel alone is left as it is.

// CHECK-LABEL: func.func private @small2(
// CHECK-SAME: memref<2x16xf32>) attributes {seam.kernel}
// CHECK-LABEL: func.func private @small3(
// CHECK-SAME: memref<3x16xf32>) attributes {seam.kernel}
// CHECK-LABEL: func.func private @div8(
// CHECK: arith.divui %{{.*}}, %c8
// CHECK-LABEL: func.func private @div16(
// CHECK: arith.divui %{{.*}}, %c16
// CHECK-LABEL: func.func private @apply8(
// CHECK: affine.apply #{{.*}}(%c8
// CHECK-LABEL: func.func private @apply16(
// CHECK: affine.apply #{{.*}}(%c16
// CHECK-LABEL: func.func @main(
// CHECK: call @small2(%{{.*}}) : (memref<2x16xf32>) -> ()
// CHECK: call @small3(%{{.*}}) : (memref<3x16xf32>) -> ()
// CHECK: call @div8(%{{.*}}) : (memref<64xf32>) -> ()
// CHECK: call @div16(%{{.*}}) : (memref<64xf32>) -> ()
// CHECK: call @apply8(%{{.*}}) : (memref<64xf32>) -> ()
// CHECK: call @apply16(%{{.*}}) : (memref<64xf32>) -> ()

func.func private @small2(%x: memref<2x16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant dense<1.0> : vector<16xf32>
  vector.transfer_write %f1, %x[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<2x16xf32>
  return
}
func.func private @small3(%x: memref<3x16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant dense<1.0> : vector<16xf32>
  vector.transfer_write %f1, %x[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<3x16xf32>
  return
}
func.func private @div8(%x: memref<64xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %q = arith.divui %i, %c8 : index
    memref.store %f, %x[%q] : memref<64xf32>
  }
  return
}
func.func private @div16(%x: memref<64xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %q = arith.divui %i, %c16 : index
    memref.store %f, %x[%q] : memref<64xf32>
  }
  return
}
func.func private @apply8(%x: memref<64xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %j = affine.apply affine_map<(d0, d1) -> (d0 floordiv 4 + d1)>(%c8, %i)
    memref.store %f, %x[%j] : memref<64xf32>
  }
  return
}
func.func private @apply16(%x: memref<64xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    %j = affine.apply affine_map<(d0, d1) -> (d0 floordiv 4 + d1)>(%c16, %i)
    memref.store %f, %x[%j] : memref<64xf32>
  }
  return
}
func.func @main(%a: memref<2x16xf32>, %b: memref<3x16xf32>, %c: memref<64xf32>) {
  call @small2(%a) : (memref<2x16xf32>) -> ()
  call @small3(%b) : (memref<3x16xf32>) -> ()
  call @div8(%c) : (memref<64xf32>) -> ()
  call @div16(%c) : (memref<64xf32>) -> ()
  call @apply8(%c) : (memref<64xf32>) -> ()
  call @apply16(%c) : (memref<64xf32>) -> ()
  return
}

// -----

// A copy of a buffer whose sizes would be run-time values would call a
// library function, and a call would pass the buffer on: such kernels stay
// apart, as do functions that are not kernels and kernels named other than
// by a call.

// CHECK-LABEL: func.func private @copy8(
// CHECK-SAME: memref<8x16xf32>, %{{.*}}: memref<8x16xf32>)
// CHECK-LABEL: func.func private @copy12(
// CHECK-SAME: memref<12x16xf32>, %{{.*}}: memref<12x16xf32>)
// CHECK-LABEL: func.func private @plain8(
// CHECK-SAME: memref<8x16xf32>)
// CHECK-LABEL: func.func private @plain12(
// CHECK-SAME: memref<12x16xf32>)
// CHECK-LABEL: func.func private @call8(
// CHECK-SAME: memref<8x16xf32>)
// CHECK-LABEL: func.func private @call12(
// CHECK-SAME: memref<12x16xf32>)
// CHECK-LABEL: func.func private @pinned8(
// CHECK-SAME: memref<8x16xf32>)
// CHECK-LABEL: func.func private @pinned12(
// CHECK-SAME: memref<12x16xf32>)

func.func private @copy8(%x: memref<8x16xf32>, %y: memref<8x16xf32>) attributes {seam.kernel} {
  memref.copy %x, %y : memref<8x16xf32> to memref<8x16xf32>
  return
}
func.func private @copy12(%x: memref<12x16xf32>, %y: memref<12x16xf32>) attributes {seam.kernel} {
  memref.copy %x, %y : memref<12x16xf32> to memref<12x16xf32>
  return
}
func.func private @plain8(%x: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant dense<1.0> : vector<16xf32>
  vector.transfer_write %f1, %x[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x16xf32>
  return
}
func.func private @plain12(%x: memref<12x16xf32>) {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant dense<1.0> : vector<16xf32>
  vector.transfer_write %f1, %x[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<12x16xf32>
  return
}
func.func private @sink(memref<4x16xf32, strided<[16, 1]>>)
func.func private @call8(%x: memref<8x16xf32>) attributes {seam.kernel} {
  %s = memref.subview %x[0, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1]>>
  call @sink(%s) : (memref<4x16xf32, strided<[16, 1]>>) -> ()
  return
}
func.func private @call12(%x: memref<12x16xf32>) attributes {seam.kernel} {
  %s = memref.subview %x[0, 0] [4, 16] [1, 1] : memref<12x16xf32> to memref<4x16xf32, strided<[16, 1]>>
  call @sink(%s) : (memref<4x16xf32, strided<[16, 1]>>) -> ()
  return
}
func.func private @pinned8(%x: memref<8x16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant dense<1.0> : vector<16xf32>
  vector.transfer_write %f1, %x[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x16xf32>
  return
}
func.func private @pinned12(%x: memref<12x16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant dense<1.0> : vector<16xf32>
  vector.transfer_write %f1, %x[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<12x16xf32>
  return
}
func.func @main(%a: memref<8x16xf32>, %b: memref<12x16xf32>) {
  call @copy8(%a, %a) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
  call @copy12(%b, %b) : (memref<12x16xf32>, memref<12x16xf32>) -> ()
  call @plain8(%a) : (memref<8x16xf32>) -> ()
  call @plain12(%b) : (memref<12x16xf32>) -> ()
  call @call8(%a) : (memref<8x16xf32>) -> ()
  call @call12(%b) : (memref<12x16xf32>) -> ()
  call @pinned8(%a) : (memref<8x16xf32>) -> ()
  call @pinned12(%b) : (memref<12x16xf32>) -> ()
  return
}
func.func @addresses() -> (() -> (), () -> ()) {
  %p = func.constant @pinned8 : (memref<8x16xf32>) -> ()
  %q = func.constant @pinned12 : (memref<12x16xf32>) -> ()
  %u = builtin.unrealized_conversion_cast %p : (memref<8x16xf32>) -> () to () -> ()
  %v = builtin.unrealized_conversion_cast %q : (memref<12x16xf32>) -> () to () -> ()
  return %u, %v : () -> (), () -> ()
}

// -----

// Rows of 7 x 7 and 14 x 14 images collapsed into one row of pixels: the
// collapsed row's size is a run-time value, and its unit stride stays known
// (memref.collapse_shape would make it dynamic, as it cannot know the
// run-time size is not one): the kernel reinterprets the buffer's base.
// Subviews and expansions of a buffer of run-time layout get the types
// that follow. A row's stride equal to its width in both kernels is one
// argument with it.

// CHECK-LABEL: func.func private @pool7(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<1xf32>, %[[Y:[a-z0-9]+]]: memref<16xf32>, %[[N:[a-z0-9]+]]: index, %[[B:[a-z0-9]+]]: index, %[[S:[a-z0-9]+]]: index, %[[P:[a-z0-9]+]]: index)
// CHECK: %[[XV:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [1, 16, %[[N]], %[[N]]], strides: [%[[B]], %[[S]], %[[N]], 1]
// CHECK: %[[BASE:.*]], %{{.*}}, %[[SIZES:.*]]:4, %[[STRIDES:.*]]:4 = memref.extract_strided_metadata %[[XV]]
// CHECK: %[[PIX:.*]] = arith.muli %[[SIZES]]#2, %[[SIZES]]#3 : index
// CHECK: %[[ROWS:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [16, %[[PIX]]], strides: [%[[STRIDES]]#1, 1] : memref<f32> to memref<16x?xf32, strided<[?, 1]>>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[P]] step
// CHECK: vector.transfer_read %[[ROWS]]{{.*}} : memref<16x?xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK: memref.subview %{{.*}}[0, 0] [1, 4] [1, 1] : memref<16x?xf32, strided<[?, 1]>> to memref<4xf32, strided<[1]>>
// CHECK: memref.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [2, 2] : memref<4xf32, strided<[1]>> into memref<2x2xf32>
// CHECK-NOT: func.func private @pool14(
// CHECK-LABEL: func.func @main(
// CHECK: call @pool7(%{{.*}}, %{{.*}}, %c7, %c784, %c49, %c48)
// CHECK: call @pool7(%{{.*}}, %{{.*}}, %c14, %c3136, %c196, %c192)

func.func private @pool7(%x: memref<1x16x7x7xf32>, %y: memref<16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c48 = arith.constant 48 : index
  %f0 = arith.constant 0.0 : f32
  %rows = memref.collapse_shape %x [[0, 1], [2, 3]] : memref<1x16x7x7xf32> into memref<16x49xf32>
  %acc = scf.for %i = %c0 to %c48 step %c4 iter_args(%a = %f0) -> (f32) {
    %v = vector.transfer_read %rows[%c0, %i], %f0 {in_bounds = [true]} : memref<16x49xf32>, vector<4xf32>
    %s = vector.reduction <add>, %v, %a : vector<4xf32> into f32
    scf.yield %s : f32
  }
  %head = memref.subview %rows[0, 0] [1, 4] [1, 1] : memref<16x49xf32> to memref<4xf32, strided<[1]>>
  %square = memref.expand_shape %head [[0, 1]] output_shape [2, 2] : memref<4xf32, strided<[1]>> into memref<2x2xf32>
  %e = memref.load %square[%c0, %c0] : memref<2x2xf32>
  %t = arith.addf %acc, %e : f32
  memref.store %t, %y[%c0] : memref<16xf32>
  return
}
func.func private @pool14(%x: memref<1x16x14x14xf32>, %y: memref<16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c192 = arith.constant 192 : index
  %f0 = arith.constant 0.0 : f32
  %rows = memref.collapse_shape %x [[0, 1], [2, 3]] : memref<1x16x14x14xf32> into memref<16x196xf32>
  %acc = scf.for %i = %c0 to %c192 step %c4 iter_args(%a = %f0) -> (f32) {
    %v = vector.transfer_read %rows[%c0, %i], %f0 {in_bounds = [true]} : memref<16x196xf32>, vector<4xf32>
    %s = vector.reduction <add>, %v, %a : vector<4xf32> into f32
    scf.yield %s : f32
  }
  %head = memref.subview %rows[0, 0] [1, 4] [1, 1] : memref<16x196xf32> to memref<4xf32, strided<[1]>>
  %square = memref.expand_shape %head [[0, 1]] output_shape [2, 2] : memref<4xf32, strided<[1]>> into memref<2x2xf32>
  %e = memref.load %square[%c0, %c0] : memref<2x2xf32>
  %t = arith.addf %acc, %e : f32
  memref.store %t, %y[%c0] : memref<16xf32>
  return
}
func.func @main(%a: memref<1x16x7x7xf32>, %b: memref<1x16x14x14xf32>, %y: memref<16xf32>) {
  call @pool7(%a, %y) : (memref<1x16x7x7xf32>, memref<16xf32>) -> ()
  call @pool14(%b, %y) : (memref<1x16x14x14xf32>, memref<16xf32>) -> ()
  return
}

// -----

// Kernels of a thread's band (an scf.forall) pack their tiles into buffers
// allocated inside the band, where buffer hoisting cannot take them out of
// the kernel: two kernels whose packed tiles are 128 and 96 columns wide
// are one function, which allocates its tile with the width as a run-time
// size (alignment kept) and frees it. A size below 4 stays in the type.

// CHECK-LABEL: func.func private @band0(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<1xf32>, %[[OUT:[a-z0-9]+]]: memref<8x4xf32>, %[[N:[a-z0-9]+]]: index)
// CHECK: %[[INV:.*]] = memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [8, %[[N]]], strides: [%[[N]], 1]
// CHECK: scf.forall
// CHECK: %[[TILE:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<2x?xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK: vector.transfer_read %[[INV]]
// CHECK: vector.transfer_write %{{.*}}, %[[TILE]]
// CHECK: vector.transfer_read %[[TILE]]
// CHECK: memref.dealloc %[[TILE]] : memref<2x?xf32>
// CHECK-NOT: func.func private @band1(
// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C96:.*]] = arith.constant 96 : index
// CHECK: call @band0(%{{.*}}, %{{.*}}, %[[C128]])
// CHECK: call @band0(%{{.*}}, %{{.*}}, %[[C96]])

func.func private @band0(%in: memref<8x128xf32>, %out: memref<8x4xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %f0 = arith.constant 0.0 : f32
  scf.forall (%b) = (0) to (8) step (2) {
    %tile = memref.alloc() {alignment = 64 : i64} : memref<2x128xf32>
    scf.for %j = %c0 to %c128 step %c16 {
      %v = vector.transfer_read %in[%b, %j], %f0 {in_bounds = [true]} : memref<8x128xf32>, vector<16xf32>
      vector.transfer_write %v, %tile[%c0, %j] {in_bounds = [true]} : vector<16xf32>, memref<2x128xf32>
    }
    %r = vector.transfer_read %tile[%c0, %c0], %f0 {in_bounds = [true]} : memref<2x128xf32>, vector<4xf32>
    vector.transfer_write %r, %out[%b, %c0] {in_bounds = [true]} : vector<4xf32>, memref<8x4xf32>
    memref.dealloc %tile : memref<2x128xf32>
  }
  return
}
func.func private @band1(%in: memref<8x96xf32>, %out: memref<8x4xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c96 = arith.constant 96 : index
  %f0 = arith.constant 0.0 : f32
  scf.forall (%b) = (0) to (8) step (2) {
    %tile = memref.alloc() {alignment = 64 : i64} : memref<2x96xf32>
    scf.for %j = %c0 to %c96 step %c16 {
      %v = vector.transfer_read %in[%b, %j], %f0 {in_bounds = [true]} : memref<8x96xf32>, vector<16xf32>
      vector.transfer_write %v, %tile[%c0, %j] {in_bounds = [true]} : vector<16xf32>, memref<2x96xf32>
    }
    %r = vector.transfer_read %tile[%c0, %c0], %f0 {in_bounds = [true]} : memref<2x96xf32>, vector<4xf32>
    vector.transfer_write %r, %out[%b, %c0] {in_bounds = [true]} : vector<4xf32>, memref<8x4xf32>
    memref.dealloc %tile : memref<2x96xf32>
  }
  return
}
func.func @main(%a: memref<8x128xf32>, %b: memref<8x96xf32>, %o0: memref<8x4xf32>, %o1: memref<8x4xf32>) {
  call @band0(%a, %o0) : (memref<8x128xf32>, memref<8x4xf32>) -> ()
  call @band1(%b, %o1) : (memref<8x96xf32>, memref<8x4xf32>) -> ()
  return
}

// -----

// Thread loops over bands of different sizes (64 channels in bands of 32,
// 192 in bands of 96): their static bounds and steps are attributes, not
// constants, and become run-time operands of the shared kernel's loop; the
// expansion of a band's buffer takes its channel count as a run-time size
// (one parameter: the bound of the band's loop and the sizes of its views
// are the same values in both kernels). Constants are compared in an order
// of their values and each site is numbered in the order of its uses: the
// second kernel defines its constants in the other order and is still the
// same code.

// CHECK-LABEL: func.func private @fill0(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<1xf32>, %[[UB:[a-z0-9]+]]: index, %[[STEP:[a-z0-9]+]]: index)
// CHECK: %[[XV:.*]] = memref.reinterpret_cast %[[X]]
// CHECK: scf.forall (%[[B:.*]]) = (0) to (%[[UB]]) step (%[[STEP]]) {
// CHECK: %[[BAND:.*]] = memref.subview %[[XV]][%[[B]], 0] [%[[STEP]], 16]
// CHECK: %[[E:.*]] = memref.expand_shape %[[BAND]] {{\[\[}}0, 1], [2]] output_shape [1, %[[STEP]], 16]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[STEP]] step
// CHECK: vector.transfer_write %{{.*}}, %[[E]]
// CHECK-NOT: func.func private @fill1(
// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C192:.*]] = arith.constant 192 : index
// CHECK-DAG: %[[C96:.*]] = arith.constant 96 : index
// CHECK: call @fill0(%{{.*}}, %[[C64]], %[[C32]])
// CHECK: call @fill0(%{{.*}}, %[[C192]], %[[C96]])

func.func private @fill0(%x: memref<64x16xf32>) attributes {seam.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant dense<1.0> : vector<16xf32>
  scf.forall (%b) = (0) to (64) step (32) {
    %band = memref.subview %x[%b, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
    %e = memref.expand_shape %band [[0, 1], [2]] output_shape [1, 32, 16] : memref<32x16xf32, strided<[16, 1], offset: ?>> into memref<1x32x16xf32, strided<[512, 16, 1], offset: ?>>
    scf.for %i = %c0 to %c32 step %c1 {
      vector.transfer_write %f, %e[%c0, %i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<1x32x16xf32, strided<[512, 16, 1], offset: ?>>
    }
  }
  return
}
func.func private @fill1(%x: memref<192x16xf32>) attributes {seam.kernel} {
  %c96 = arith.constant 96 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %f = arith.constant dense<1.0> : vector<16xf32>
  scf.forall (%b) = (0) to (192) step (96) {
    %band = memref.subview %x[%b, 0] [96, 16] [1, 1] : memref<192x16xf32> to memref<96x16xf32, strided<[16, 1], offset: ?>>
    %e = memref.expand_shape %band [[0, 1], [2]] output_shape [1, 96, 16] : memref<96x16xf32, strided<[16, 1], offset: ?>> into memref<1x96x16xf32, strided<[1536, 16, 1], offset: ?>>
    scf.for %i = %c0 to %c96 step %c1 {
      vector.transfer_write %f, %e[%c0, %i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<1x96x16xf32, strided<[1536, 16, 1], offset: ?>>
    }
  }
  return
}
func.func @main(%a: memref<64x16xf32>, %b: memref<192x16xf32>) {
  call @fill0(%a) : (memref<64x16xf32>) -> ()
  call @fill1(%b) : (memref<192x16xf32>) -> ()
  return
}
