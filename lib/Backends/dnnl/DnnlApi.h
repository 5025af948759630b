//===- DnnlApi.h - The runtime functions dnnl regions call ------*- C++ -*-===//
//
// The one table of the C entry points of the dnnl runtime
// (runtime/DnnlRuntime.h) that generated code calls: name, type, address.
// The lowering declares functions from it; the JIT binds the names to the
// addresses (compare onnx-mlir's table of zDNN entry points).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLAPI_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLAPI_H

#include "seam/Backend/Backend.h"

namespace mlir::seam::dnnl {

/// The entry points, in the order of the table.
enum class DnnlApi {
  /// !llvm.ptr (description, weights: !llvm.ptr to an array of pointers)
  CreateRegion,
  /// () (handle, buffers: !llvm.ptr to an array of pointers)
  RunRegion,
  /// () (handle)
  DestroyRegion,
};

/// The whole table.
ArrayRef<RuntimeSymbol> getDnnlApi();

/// The declaration of `fn` in `module`, added the first time.
func::FuncOp getOrDeclare(ModuleOp module, DnnlApi fn);

} // namespace mlir::seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLAPI_H
