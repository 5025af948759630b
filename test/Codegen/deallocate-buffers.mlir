// RUN: seam-opt %s -split-input-file --seam-deallocate-buffers | FileCheck %s

// A buffer is freed right after the last use of a view of it, not at the end
// of the function.

// CHECK-LABEL: func.func @after_last_view_use
// CHECK: %[[A:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK: %[[V:.*]] = memref.subview %[[A]]
// CHECK: memref.copy %[[V]], %{{.*}} : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4x8xf32>
// CHECK-NEXT: memref.copy
// CHECK-NEXT: return
func.func @after_last_view_use(%in: memref<4x8xf32>, %out: memref<4x4xf32>,
                               %other: memref<4x8xf32>) {
  %a = memref.alloc() : memref<4x8xf32>
  memref.copy %in, %a : memref<4x8xf32> to memref<4x8xf32>
  %v = memref.subview %a[0, 0] [4, 4] [1, 1] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  memref.copy %v, %out : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
  memref.copy %in, %other : memref<4x8xf32> to memref<4x8xf32>
  return
}

// -----

// A loop carries the buffer through its iter_args: the loop's result is the
// buffer, so its use after the loop is the last use.

// CHECK-LABEL: func.func @loop_carried
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[A]])
// CHECK-NOT: memref.dealloc
// CHECK: memref.copy %[[R]], %{{.*}}
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: memref.copy
func.func @loop_carried(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %f0 = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%buf = %a) -> (memref<16xf32>) {
    %v = vector.transfer_read %in[%i], %f0 {in_bounds = [true]} : memref<16xf32>, vector<4xf32>
    vector.transfer_write %v, %buf[%i] {in_bounds = [true]} : vector<4xf32>, memref<16xf32>
    scf.yield %buf : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// A view made inside a loop and yielded out of it: the loop's result is
// followed too.

// CHECK-LABEL: func.func @view_yielded_by_a_loop
// CHECK: %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[R:.*]] = scf.for
// CHECK: scf.yield
// CHECK: memref.copy %[[R]], %{{.*}}
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @view_yielded_by_a_loop(%in: memref<4xf32>, %out: memref<4xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<8xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %out) -> (memref<4xf32, strided<[1], offset: ?>>) {
    %v = memref.subview %a[%i] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %in, %v : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
    scf.yield %v : memref<4xf32, strided<[1], offset: ?>>
  }
  memref.copy %r, %out : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// -----

// A buffer allocated in a loop body is freed in that body, each iteration.

// CHECK-LABEL: func.func @in_a_loop_body
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.copy %[[A]], %{{.*}}
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: }
func.func @in_a_loop_body(%in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %in, %a : memref<4xf32> to memref<4xf32>
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  }
  return
}

// -----

// A pointer extracted from the buffer keeps it alive until its own last
// use; data read from the buffer does not.

func.func private @consume(index)

// CHECK-LABEL: func.func @pointer_and_data
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: vector.transfer_read %[[B]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: vector.transfer_write
// CHECK-NEXT: call @consume
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @pointer_and_data(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %v = vector.transfer_read %b[%c0], %f0 {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  call @consume(%p) : (index) -> ()
  return
}

// -----

// An unused buffer is freed right away.

// CHECK-LABEL: func.func @unused
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @unused() {
  %a = memref.alloc() : memref<4xf32>
  return
}

// -----

// A buffer freed already is not freed again.

// CHECK-LABEL: func.func @freed_already
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-COUNT-1: memref.dealloc %[[A]]
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @freed_already(%in: memref<4xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %in, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.copy %in, %out : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A buffer that leaves its block (returned) is not this pass's to free: the
// module goes through upstream's ownership-based deallocation pipeline,
// which frees the other buffer and not the returned one, and whose
// canonicalizations erase the unused buffer of the module's other function
// (which this pass alone would free right away, as above).

// CHECK-LABEL: func.func @returned
// CHECK: %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.dealloc %[[R]]
// CHECK: memref.dealloc %[[T]]
// CHECK-NOT: memref.dealloc %[[R]]
// CHECK: return %[[R]]
func.func @returned(%in: memref<4xf32>) -> memref<4xf32> {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %in, %t : memref<4xf32> to memref<4xf32>
  %r = memref.alloc() : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @unused_next_to_an_escape
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @unused_next_to_an_escape() {
  %a = memref.alloc() : memref<4xf32>
  return
}
