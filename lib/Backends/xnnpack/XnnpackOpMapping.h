//===- XnnpackOpMapping.h - Which seam ops XNNPACK computes, and how -*- C++
//-*-===//
//
// The facts the pattern table (what the backend takes) and the region writer
// (how it describes it to the runtime) share, so that they cannot disagree:
// the clamp bounds of ReLU and Clip, the node kind of elementwise ops, the
// window of a pooling op in XNNPACK's terms, and the layout rules of values
// the runtime keeps in NHWC.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_XNNPACK_XNNPACKOPMAPPING_H
#define SEAM_LIB_BACKENDS_XNNPACK_XNNPACKOPMAPPING_H

#include "runtime/RegionDesc.h"
#include "seam/Backend/Pattern.h"
#include "seam/Support/LLVM.h"

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>
#include <utility>

namespace seam::xnnpack {

namespace xnnpack_region = ::seam::xnnpack_region;

/// Largest rank XNNPACK's tensors take (XNN_MAX_TENSOR_DIMS).
inline constexpr int64_t kMaxRank = xnnpack_region::kMaxRank;

/// The clamp a seam.relu or seam.clip computes, [min, max] (±inf when
/// unbounded); nullopt for other ops.
std::optional<std::pair<float, float>> getClampBounds(Operation *op);

/// The XNNPACK node kind of a single elementwise op (add, multiply,
/// subtract, divide, clamp for relu and clip, hardswish, sigmoid,
/// leaky_relu); nullopt for others.
std::optional<xnnpack_region::OpKind> getElementwiseKind(Operation *op);

/// Whether a 4-D value's data is the same in NCHW and NHWC (C == 1 or
/// H * W == 1): a reshape may then treat it as row-major.
bool isLayoutFree(ArrayRef<int64_t> shape);

/// A pooling window in XNNPACK's terms: [top, left, bottom, right] pads,
/// with the end pads enlarged so that XNNPACK's (floor) output size is the
/// op's (ceil_mode).
struct PoolWindow {
  SmallVector<int64_t> kernel, strides, pads, dilations;
  bool countIncludePad = false;
};

/// The window of a seam.max_pool or seam.avg_pool, or why XNNPACK cannot
/// compute it.
FailureOr<PoolWindow> getPoolWindow(Operation *op, std::string &whyNot);

/// Whether XNNPACK computes the binary op `op` (NumPy broadcasting, with the
/// runtime's NHWC rules for 4-D results), and if not why. `isConstant`
/// says whether an operand is a constant (it becomes a weight).
Verdict checkBinary(Operation *op);

} // namespace seam::xnnpack

#endif // SEAM_LIB_BACKENDS_XNNPACK_XNNPACKOPMAPPING_H
