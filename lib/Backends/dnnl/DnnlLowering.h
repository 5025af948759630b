//===- DnnlLowering.h - dnnl regions to runtime calls -----------*- C++ -*-===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLLOWERING_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLLOWERING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::seam::dnnl {

/// Replaces the body of the outlined region @dnnl_<n> by a call of
/// seam_dnnl_run_region on the buffers of its arguments and results, and
/// adds the creation of its primitives (from its description, a string
/// global, and its weights) to @seam_init and their destruction to
/// @seam_deinit. See DnnlLowering.cpp for the IR.
LogicalResult lowerDnnlRegion(func::FuncOp region);

/// The global holding the runtime handle of region `region` (external, so
/// that the session can find it for profiles).
std::string getHandleSymbol(StringRef region);

} // namespace mlir::seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLLOWERING_H
