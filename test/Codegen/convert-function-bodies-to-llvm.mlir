// RUN: seam-opt %s --split-input-file --seam-convert-function-bodies-to-llvm="use-generic-functions=true" | FileCheck %s
// RUN: seam-opt %s --split-input-file --seam-convert-function-bodies-to-llvm | FileCheck %s --check-prefix=LIBC
// RUN: seam-opt %s --split-input-file --seam-convert-function-bodies-to-llvm="use-generic-functions=true" --convert-arith-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=FULL

// The allocation functions are declared once, before the functions are
// converted (two functions, so that they may be on two threads); the global
// is an LLVM global, and each function's memref and control-flow ops are
// LLVM ops; so are memref.copy and cf.assert, converted after the rest (on
// one thread: the assert declares abort). With the arith and func ops
// converted too, no memref or cf op is left (FULL).

// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK-DAG: llvm.mlir.global private constant @table(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>)
// CHECK-LABEL: func.func @scaled
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: llvm.mlir.addressof @table
// CHECK: llvm.cond_br
// CHECK: llvm.br
// CHECK: llvm.store
// CHECK: llvm.intr.memcpy
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// CHECK-NOT: memref.alloc
// CHECK-LABEL: func.func @checked
// CHECK: llvm.load
// CHECK: llvm.call @abort
// CHECK-NOT: memref.
// CHECK-NOT: cf.

// LIBC-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// LIBC-DAG: llvm.func @free(!llvm.ptr)
// LIBC-NOT: _mlir_memref_to_llvm

// FULL-LABEL: llvm.func @scaled
// FULL-NOT: memref.
// FULL-NOT: cf.
// FULL: llvm.func @checked
// FULL: llvm.call @abort
// FULL-NOT: memref.
// FULL-NOT: cf.

memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>

func.func @scaled(%out: memref<2xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tmp = memref.alloc() : memref<2xf32>
  %table = memref.get_global @table : memref<2xf32>
  cf.cond_br %flag, ^first(%c0 : index), ^first(%c1 : index)
^first(%i: index):
  %x = memref.load %table[%i] : memref<2xf32>
  cf.br ^store(%x : f32)
^store(%y: f32):
  memref.store %y, %tmp[%c0] : memref<2xf32>
  memref.store %y, %tmp[%c1] : memref<2xf32>
  memref.copy %tmp, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %tmp : memref<2xf32>
  return
}

func.func @checked(%in: memref<4xf32>, %ok: i1) -> f32 {
  %c2 = arith.constant 2 : index
  cf.assert %ok, "not ok"
  %x = memref.load %in[%c2] : memref<4xf32>
  return %x : f32
}

// -----

// Nothing allocated: no declarations.

// CHECK-NOT: llvm.func @_mlir_memref_to_llvm
// CHECK-LABEL: func.func @only_loads
// CHECK: llvm.load
// LIBC-NOT: llvm.func @malloc
// LIBC-NOT: llvm.func @free

func.func @only_loads(%in: memref<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %x = memref.load %in[%c1] : memref<4xf32>
  return %x : f32
}
