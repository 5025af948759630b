//===- DnnlRegionWriter.h - Describe a region for the runtime ---*- C++ -*-===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLREGIONWRITER_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLREGIONWRITER_H

#include "runtime/RegionDesc.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::seam::dnnl {

/// The runtime's description of a region (runtime/RegionDesc.h).
namespace dnnl_region = ::seam::dnnl_region;

/// A region function described for the runtime.
struct DescribedRegion {
  dnnl_region::RegionDesc desc;
  /// The constants (weights) the region uses, in the order of desc.weights.
  SmallVector<Value> weights;
};

/// Describes an outlined dnnl region: each composite becomes one op with its
/// fused post-ops (bias, residual sum, activations), each single op one op.
/// Emits an error on an op it cannot describe.
FailureOr<DescribedRegion> describeRegion(func::FuncOp region);

} // namespace mlir::seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLREGIONWRITER_H
