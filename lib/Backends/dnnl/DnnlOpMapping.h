//===- DnnlOpMapping.h - Which seam ops oneDNN computes, and how -*- C++
//-*-===//
//
// The facts the pattern table (what the backend takes) and the region writer
// (how it describes it to the runtime) share, so that they cannot disagree:
// the oneDNN eltwise algorithms of unary ops, the binary algorithms, when a
// broadcast is one oneDNN's binary and matmul primitives do, and the window
// of a pooling op in oneDNN's terms.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLOPMAPPING_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLOPMAPPING_H

#include "runtime/RegionDesc.h"
#include "seam/Backend/Pattern.h"
#include "seam/Support/LLVM.h"

#include "mlir/IR/Operation.h"

namespace seam::dnnl {

/// The runtime's description of a region (runtime/RegionDesc.h).
namespace dnnl_region = ::seam::dnnl_region;

/// Largest rank oneDNN's memory descriptors take (DNNL_MAX_NDIMS).
inline constexpr int64_t kMaxRank = dnnl_region::kMaxRank;

/// The eltwise steps (post-ops or primitives) computing the seam unary op
/// `op`, e.g. relu -> {relu}, hard_sigmoid -> {linear, clip}; empty if
/// oneDNN has none.
SmallVector<dnnl_region::PostOp> getEltwiseSteps(Operation *op);

/// The oneDNN binary algorithm of a seam binary op (Add, ...), or None.
dnnl_region::Algorithm getBinaryAlgorithm(Operation *op);

/// The oneDNN reduction algorithm of a seam reduction (reduce_mean, _sum,
/// _max, _min, _prod), or None (oneDNN 2.6 has the lp-norms only as
/// reference kernels, and no logarithmic reductions).
dnnl_region::Algorithm getReduceAlgorithm(Operation *op);

/// For a reduction oneDNN computes, without keepdims: its result's shape with
/// the reduced dims kept as 1 (what oneDNN computes); nullopt otherwise.
std::optional<SmallVector<int64_t>> getDroppedReduction(Operation *op);

/// The oneDNN resampling algorithm computing a seam.resize exactly, or why
/// there is none. oneDNN maps dst index o to src coordinate
/// (o + 0.5) / F - 0.5 with F = out / in, and linear interpolates with edge
/// clamping (ONNX's half_pixel linear) or nearest rounds it (for integer
/// upscale factors: the index o / F, as ONNX's half_pixel with round_prefer_*
/// and asymmetric with floor give).
FailureOr<dnnl_region::Algorithm> getResampleAlgorithm(Operation *op,
                                                       std::string &whyNot);

/// Whether oneDNN's binary primitive computes `op`: the first operand has
/// the result's shape (or, for add and mul, the second has, and they swap)
/// and the other broadcasts into it dim by dim.
Verdict checkBinaryBroadcast(Operation *op);

/// Whether `shape` broadcasts into `target` the way oneDNN broadcasts a
/// bias or a second operand: no more dims, each 1 or equal (aligned right).
bool broadcastsInto(ArrayRef<int64_t> shape, ArrayRef<int64_t> target);

/// A pooling window in oneDNN's terms: ONNX pads with the end pads adjusted
/// so that oneDNN's (floor) output size is the op's result size (ceil_mode).
struct PoolWindow {
  dnnl_region::Algorithm alg;
  SmallVector<int64_t> kernel, strides, pads, dilations;
};

/// The window of a seam.max_pool, seam.avg_pool or seam.global_avg_pool, or
/// why oneDNN cannot compute it.
FailureOr<PoolWindow> getPoolWindow(Operation *op, std::string &whyNot);

} // namespace seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLOPMAPPING_H
