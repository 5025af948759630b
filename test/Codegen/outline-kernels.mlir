// RUN: seam-opt %s --seam-outline-kernels --split-input-file | FileCheck %s

// Each top-level loop nest becomes a private, noinline function taking the
// buffers and globals it uses; constants it uses are cloned into it.
// CHECK: func.func private @main_kernel_0(%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>) attributes {passthrough = ["noinline"], seam.kernel}
// CHECK-NOT: memref.get_global
// CHECK:   arith.constant 0 : index
// CHECK:   scf.for
// CHECK: func.func private @main_kernel_1(%{{.*}}: memref<16xf32>) attributes {passthrough = ["noinline"], seam.kernel}
// CHECK:   linalg.generic
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<16xf32>, %[[B:[a-z0-9]+]]: memref<16xf32>)
// CHECK-NEXT:   %[[G:.*]] = memref.get_global @scale
// CHECK-NEXT:   call @main_kernel_0(%[[A]], %[[G]], %[[B]]) : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
// CHECK-NEXT:   call @main_kernel_1(%[[B]]) : (memref<16xf32>) -> ()
// CHECK-NEXT:   return
memref.global "private" constant @scale : memref<16xf32> = dense<2.0>
func.func @main(%a: memref<16xf32>, %b: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %g = memref.get_global @scale : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    %s = memref.load %g[%i] : memref<16xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %b[%i] : memref<16xf32>
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%b : memref<16xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %o, %z : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A copy into a padded interior (or out of any view that is not contiguous)
// becomes a linalg.copy kernel; a copy between contiguous buffers stays a
// memref.copy (a memcpy), and so does one of dynamic shape.
// CHECK: func.func private @strided_kernel_0(%[[SRC:.*]]: memref<1x3x4x4xf32>, %[[DST:.*]]: memref<1x3x4x4xf32, strided<[108, 36, 6, 1], offset: 7>>) attributes {passthrough = ["noinline"], seam.kernel}
// CHECK-NEXT:   linalg.copy ins(%[[SRC]] : memref<1x3x4x4xf32>) outs(%[[DST]] : memref<1x3x4x4xf32, strided<[108, 36, 6, 1], offset: 7>>)
// CHECK-NEXT:   return
// CHECK: func.func private @strided_kernel_1(%[[SRC2:.*]]: memref<2x4xf32, strided<[8, 1], offset: 4>>, %[[DST2:.*]]: memref<2x4xf32>)
// CHECK-NEXT:   linalg.copy ins(%[[SRC2]] : {{.*}}) outs(%[[DST2]] : memref<2x4xf32>)
// CHECK-LABEL: func.func @strided(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<1x3x4x4xf32>, %[[P:[a-z0-9]+]]: memref<1x3x6x6xf32>, %[[C:[a-z0-9]+]]: memref<1x3x4x4xf32>, %[[M:[a-z0-9]+]]: memref<2x8xf32>, %[[N:[a-z0-9]+]]: memref<2x4xf32>, %[[D:[a-z0-9]+]]: memref<?xf32>, %[[E:[a-z0-9]+]]: memref<?xf32>)
// CHECK-NEXT:   %[[V:.*]] = memref.subview %[[P]][0, 0, 1, 1] [1, 3, 4, 4] [1, 1, 1, 1]
// CHECK-NEXT:   call @strided_kernel_0(%[[A]], %[[V]])
// CHECK-NEXT:   memref.copy %[[A]], %[[C]] : memref<1x3x4x4xf32> to memref<1x3x4x4xf32>
// CHECK-NEXT:   %[[W:.*]] = memref.subview %[[M]][0, 4] [2, 4] [1, 1]
// CHECK-NEXT:   call @strided_kernel_1(%[[W]], %[[N]])
// CHECK-NEXT:   memref.copy %[[D]], %[[E]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:   return
func.func @strided(%a: memref<1x3x4x4xf32>, %p: memref<1x3x6x6xf32>, %c: memref<1x3x4x4xf32>, %m: memref<2x8xf32>, %n: memref<2x4xf32>, %d: memref<?xf32>, %e: memref<?xf32>) {
  %v = memref.subview %p[0, 0, 1, 1] [1, 3, 4, 4] [1, 1, 1, 1] : memref<1x3x6x6xf32> to memref<1x3x4x4xf32, strided<[108, 36, 6, 1], offset: 7>>
  memref.copy %a, %v : memref<1x3x4x4xf32> to memref<1x3x4x4xf32, strided<[108, 36, 6, 1], offset: 7>>
  memref.copy %a, %c : memref<1x3x4x4xf32> to memref<1x3x4x4xf32>
  %w = memref.subview %m[0, 4] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 4>>
  memref.copy %w, %n : memref<2x4xf32, strided<[8, 1], offset: 4>> to memref<2x4xf32>
  memref.copy %d, %e : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Copies nested in a loop are rewritten too: the strided one becomes a
// linalg.copy inside the outlined loop; the contiguous one stays a memref.copy.
// CHECK: func.func private @nested_kernel_0(%[[A:[a-z0-9]+]]: memref<2x8x8xf32>, %[[B:[a-z0-9]+]]: memref<2x4x4xf32>, %[[E:[a-z0-9]+]]: memref<16xf32>, %[[F:[a-z0-9]+]]: memref<16xf32>) attributes {passthrough = ["noinline"], seam.kernel}
// CHECK:   scf.for %[[I:[a-z0-9]+]] =
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[A]][%[[I]], 2, 2] [1, 4, 4] [1, 1, 1]
// CHECK-NEXT: %[[T:.*]] = memref.subview %[[B]][%[[I]], 0, 0] [1, 4, 4] [1, 1, 1]
// CHECK-NEXT: linalg.copy ins(%[[S]] : memref<4x4xf32, strided<[8, 1], offset: ?>>) outs(%[[T]] : memref<4x4xf32, strided<[4, 1], offset: ?>>)
// CHECK-NEXT: memref.copy %[[E]], %[[F]] : memref<16xf32> to memref<16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:   call @nested_kernel_0(
// CHECK-NEXT:   return
func.func @nested(%a: memref<2x8x8xf32>, %b: memref<2x4x4xf32>, %e: memref<16xf32>, %f: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %s = memref.subview %a[%i, 2, 2] [1, 4, 4] [1, 1, 1] : memref<2x8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
    %t = memref.subview %b[%i, 0, 0] [1, 4, 4] [1, 1, 1] : memref<2x4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %t : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %e, %f : memref<16xf32> to memref<16xf32>
  }
  return
}

// -----

// An allocation passed to a kernel is marked as a buffer of its own there
// (seam-vectorize-copies may then write a row's elements twice) unless
// another argument of the call is a view of it; views and the function's
// arguments are not marked.
// CHECK-LABEL: func.func private @fresh_kernel_0(
// CHECK-SAME: %{{[a-z0-9]+}}: memref<8x16xf32>, %{{[a-z0-9]+}}: memref<8x16xf32> {seam.fresh_buffer})
// CHECK-LABEL: func.func private @fresh_kernel_1(
// CHECK-SAME: %{{[a-z0-9]+}}: memref<4x16xf32, strided<[16, 1], offset: 64>>, %{{[a-z0-9]+}}: memref<8x16xf32>)
// CHECK-NOT: seam.fresh_buffer
// CHECK-LABEL: func.func @fresh(
func.func @fresh(%a: memref<8x16xf32>) {
  %tile = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
  linalg.copy ins(%a : memref<8x16xf32>) outs(%tile : memref<8x16xf32>)
  %half = memref.subview %tile[4, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1], offset: 64>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %half[%i, %c0] : memref<4x16xf32, strided<[16, 1], offset: 64>>
    memref.store %x, %tile[%i, %c0] : memref<8x16xf32>
  }
  memref.dealloc %tile : memref<8x16xf32>
  return
}
