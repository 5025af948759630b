//===- Layout.h - ONNX (NCHW) and XNNPACK (NHWC) layouts --------*- C++ -*-===//
//
// Inside a region every 4-D value is NHWC, XNNPACK's layout; every other value
// is row-major with its ONNX dims. These helpers say what a value looks like
// inside, map axes and pads of 4-D values, and move data between the layouts
// (region inputs and outputs at each run, weights once).
//
// C++ standard library and pthreadpool only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_LAYOUT_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_LAYOUT_H

#include <pthreadpool.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace seam::xnnpack_region {

using Dims = std::vector<int64_t>;

/// The number of elements of `dims` (1 for rank 0).
int64_t getNumElements(const Dims &dims);

/// Whether a value of ONNX `dims` is NHWC inside the region (rank 4).
inline bool isNhwcInside(const Dims &dims) { return dims.size() == 4; }

/// Whether the data of a 4-D value is the same in NCHW and NHWC: C == 1 or
/// H * W == 1. True for every value of another rank (nothing to convert).
bool isLayoutNeutral(const Dims &dims);

/// The dims a value of ONNX `dims` has inside the region: [N, H, W, C] for
/// [N, C, H, W], the same dims for every other rank.
Dims getInsideDims(const Dims &dims);

/// Per ONNX dim of a value of `dims`, its stride in floats in the layout
/// inside the region (for [N, C, H, W]: [H*W*C, 1, W*C, C]).
Dims getInsideStrides(const Dims &dims);

/// The axis inside the region of ONNX `axis` (0 <= axis < rank) of a value of
/// rank `rank`: for rank 4, N C H W -> 0 3 1 2.
int64_t getInsideAxis(int64_t axis, size_t rank);

/// `dims` with leading ones up to `rank` (NumPy broadcasting's alignment).
Dims padToRank(const Dims &dims, size_t rank);

/// "1x64x56x56" ("scalar" for rank 0).
std::string formatDims(const Dims &dims);

/// Transposes each of `batches` row-major [rows, cols] matrices of `src`
/// into [cols, rows] in `dst`, in cache blocks, spread over `pool` (may be
/// null) with pthreadpool's `flags`. NCHW -> NHWC is (batches N, rows C, cols
/// H*W); NHWC -> NCHW is (N, H*W, C); a filter OIHW -> OHWI is (O, I, kh*kw).
void transposeMatrices(const float *src, float *dst, int64_t batches,
                       int64_t rows, int64_t cols, pthreadpool_t pool,
                       uint32_t flags = 0);

/// NCHW data of ONNX `dims` (rank 4) into NHWC, and back.
void convertNchwToNhwc(const float *src, float *dst, const Dims &dims,
                       pthreadpool_t pool, uint32_t flags = 0);
void convertNhwcToNchw(const float *src, float *dst, const Dims &dims,
                       pthreadpool_t pool, uint32_t flags = 0);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_LAYOUT_H
