//===- StridedCopy.h - Data movement ops as one strided copy ----*- C++ -*-===//
//
// transpose, slice and reshape move data without computing: each dst element
// is one source element. A chain of them (each op reading the previous op's
// dst, e.g. ShuffleNet's channel shuffle: reshape [1, 116, 28, 28] ->
// [1, 2, 58, 28, 28], transpose [0, 2, 1, 3, 4], reshape back) is one
// strided copy from the chain's source to its last dst, both in their layout
// inside the region (NHWC for 4-D values): an iteration space of dims, and
// per dim the stride of its index in the source and in the dst.
//
// The source side is followed as a view through the ops (a transpose
// permutes its dims, a slice offsets and scales them, a reshape splits or
// merges dims that are contiguous); a reshape that is not a view of the
// source's data ends the chain, unless it is the last op: then the dst is
// viewed with the iteration space's dims instead (a split of the dst's
// contiguous dims), as in the shuffle above.
//
// C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_STRIDEDCOPY_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_STRIDEDCOPY_H

#include "Layout.h"
#include "RegionDesc.h"

#include <optional>

namespace seam::xnnpack_region {

struct StridedCopy {
  /// The iteration space, and per dim the stride (in floats) of its index in
  /// the source and in the dst.
  Dims dims, srcStrides, dstStrides;
  /// The source offset of element 0.
  int64_t srcOffset = 0;
};

/// Whether op `index` only moves data: transpose, slice, or a reshape.
bool isDataMovement(const RegionDesc &desc, size_t index);

/// The strided copy of ops [first, end), each a data movement reading the
/// dst of the op before it (the first reads its one source, row-major when
/// `sourceIsWeight`, else in its layout inside). Fails the op (failOp) that
/// is malformed: a perm that is not a permutation, a slice out of range, a
/// dst whose dims are not what the op computes. nullopt when a reshape is
/// not a view of the data moved so far (see the top of this file).
std::optional<StridedCopy> describeCopyChain(const RegionDesc &desc,
                                             size_t first, size_t end,
                                             bool sourceIsWeight);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_STRIDEDCOPY_H
