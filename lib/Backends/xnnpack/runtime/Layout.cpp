//===- Layout.cpp - ONNX (NCHW) and XNNPACK (NHWC) layouts ----------------===//
//
// The transposes are blocked (kBlock x kBlock tiles, so that both the rows
// read and the rows written stay in cache) and split over the region's
// pthreadpool by (matrix, block of rows).
//
// C++ standard library and pthreadpool only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include <algorithm>

namespace seam::xnnpack_region {

int64_t getNumElements(const Dims &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

std::string formatDims(const Dims &dims) {
  if (dims.empty())
    return "scalar";
  std::string text;
  for (size_t i = 0; i < dims.size(); ++i)
    text += (i ? "x" : "") + std::to_string(dims[i]);
  return text;
}

bool isLayoutNeutral(const Dims &dims) {
  return dims.size() != 4 || dims[1] == 1 || dims[2] * dims[3] == 1;
}

Dims getInsideDims(const Dims &dims) {
  if (!isNhwcInside(dims))
    return dims;
  return {dims[0], dims[2], dims[3], dims[1]};
}

Dims getInsideStrides(const Dims &dims) {
  Dims strides(dims.size());
  int64_t stride = 1;
  // From the innermost inside dim out; inside dim k of an NHWC value is ONNX
  // dim N C H W -> 0 2 3 1.
  constexpr size_t kNhwcToNchw[4] = {0, 2, 3, 1};
  for (size_t inside = dims.size(); inside-- > 0;) {
    size_t onnx = isNhwcInside(dims) ? kNhwcToNchw[inside] : inside;
    strides[onnx] = stride;
    stride *= dims[onnx];
  }
  return strides;
}

int64_t getInsideAxis(int64_t axis, size_t rank) {
  if (rank != 4)
    return axis;
  constexpr int64_t kNchwToNhwc[4] = {0, 3, 1, 2};
  return kNchwToNhwc[axis];
}

Dims padToRank(const Dims &dims, size_t rank) {
  Dims padded(rank > dims.size() ? rank - dims.size() : 0, 1);
  padded.insert(padded.end(), dims.begin(), dims.end());
  return padded;
}

namespace {

constexpr int64_t kBlock = 32;

struct TransposeTask {
  const float *src;
  float *dst;
  int64_t rows, cols, rowBlocks;
};

/// Transposes rows [blockIndex * kBlock, +kBlock) of one matrix.
void transposeRowBlock(void *context, size_t task) {
  const auto &t = *static_cast<const TransposeTask *>(context);
  int64_t matrix = static_cast<int64_t>(task) / t.rowBlocks;
  int64_t rowBegin = static_cast<int64_t>(task) % t.rowBlocks * kBlock;
  int64_t rowEnd = std::min(rowBegin + kBlock, t.rows);
  const float *src = t.src + matrix * t.rows * t.cols;
  float *dst = t.dst + matrix * t.rows * t.cols;
  for (int64_t colBegin = 0; colBegin < t.cols; colBegin += kBlock) {
    int64_t colEnd = std::min(colBegin + kBlock, t.cols);
    for (int64_t r = rowBegin; r < rowEnd; ++r)
      for (int64_t c = colBegin; c < colEnd; ++c)
        dst[c * t.rows + r] = src[r * t.cols + c];
  }
}

} // namespace

void transposeMatrices(const float *src, float *dst, int64_t batches,
                       int64_t rows, int64_t cols, pthreadpool_t pool,
                       uint32_t flags) {
  TransposeTask task{src, dst, rows, cols, (rows + kBlock - 1) / kBlock};
  size_t tasks = static_cast<size_t>(batches * task.rowBlocks);
  // pthreadpool runs the tasks on the calling thread when `pool` is null.
  pthreadpool_parallelize_1d(pool, transposeRowBlock, &task, tasks, flags);
}

void convertNchwToNhwc(const float *src, float *dst, const Dims &dims,
                       pthreadpool_t pool, uint32_t flags) {
  transposeMatrices(src, dst, dims[0], dims[1], dims[2] * dims[3], pool, flags);
}

void convertNhwcToNchw(const float *src, float *dst, const Dims &dims,
                       pthreadpool_t pool, uint32_t flags) {
  transposeMatrices(src, dst, dims[0], dims[2] * dims[3], dims[1], pool, flags);
}

} // namespace seam::xnnpack_region
