// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-inline-alloca-scopes))' | FileCheck %s

// CHECK-LABEL: func @no_alloca
// CHECK-NOT: memref.alloca_scope
// CHECK: memref.store
func.func @no_alloca(%m: memref<4xf32>, %i: index, %v: f32) {
  memref.alloca_scope {
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

// -----

// A scope that allocates keeps freeing its allocas at its end.
// CHECK-LABEL: func @with_alloca
// CHECK: memref.alloca_scope
// CHECK:   memref.alloca
func.func @with_alloca(%i: index, %v: f32) {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
    memref.store %v, %a[%i] : memref<4xf32>
  }
  return
}
