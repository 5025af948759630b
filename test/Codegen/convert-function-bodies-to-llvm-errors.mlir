// RUN: seam-opt %s --seam-convert-function-bodies-to-llvm="use-generic-functions=true" --verify-diagnostics

// A function of the allocation function's name and another type: the pass
// cannot declare it (and converts nothing); the helper that declares it
// names the function.

// expected-error @+1 {{cannot declare the allocation function}}
module {
  // expected-error @+1 {{redefinition of reserved function '_mlir_memref_to_llvm_alloc' of different type}}
  llvm.func @_mlir_memref_to_llvm_alloc(i32) -> !llvm.ptr

  func.func @allocates() {
    %tmp = memref.alloc() : memref<2xf32>
    memref.dealloc %tmp : memref<2xf32>
    return
  }
}
