//===- DnnlRegionWriter.h - Describe a region for the runtime ---*- C++ -*-===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLREGIONWRITER_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLREGIONWRITER_H

#include "seam/Backend/Backend.h"
#include "seam/Support/LLVM.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace seam::dnnl {

/// Describes an outlined dnnl region as a #seam_dnnl.region: each composite
/// becomes one op with its fused post-ops (bias, residual sum,
/// activations), each single op one op; the constants it uses become its
/// weights. Emits an error on an op it cannot describe.
FailureOr<KernelRegion> describeRegion(func::FuncOp region);

} // namespace seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLREGIONWRITER_H
