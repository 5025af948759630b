// RUN: seam-opt %s --pass-pipeline='builtin.module(func.func(seam-distinct-results))' | FileCheck %s

// The second and third occurrences of %r become copies into new buffers; the
// first occurrence and the other result stay as they are.
// CHECK-LABEL: func @repeated
// CHECK: %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK: %[[C1:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK: memref.copy %[[R]], %[[C1]]
// CHECK: %[[C2:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK: memref.copy %[[R]], %[[C2]]
// CHECK: return %[[R]], %[[C1]], %arg0, %[[C2]]
func.func @repeated(%x: memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) {
  %r = memref.alloc() : memref<2x3xf32>
  memref.copy %x, %r : memref<2x3xf32> to memref<2x3xf32>
  return %r, %r, %x, %r : memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>
}

// Distinct results are left alone.
// CHECK-LABEL: func @distinct
// CHECK-NOT: memref.copy
// CHECK: return %arg0, %{{.*}}
func.func @distinct(%x: memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>) {
  %r = memref.alloc() : memref<2x3xf32>
  return %x, %r : memref<2x3xf32>, memref<2x3xf32>
}
