//===- HostSteps.cpp - The ops the runtime computes itself ----------------===//
//
// concat as a blocked copy, transpose and slice as strided copies, reshape as
// one or two transposes (Layout.h), each with its op's checks and its fused
// clamp.
//
// pthreadpool and the C++ standard library only: part of the xnnpack
// runtime.
//
//===----------------------------------------------------------------------===//

#include "HostSteps.h"

#include "StridedCopy.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace seam::xnnpack_region {

namespace {

/// A source of a host step: a value of the run, or a weight's data.
struct Operand {
  int64_t value = -1;
  const float *weight = nullptr;

  const float *get(float *const *values) const {
    return weight ? weight : values[value];
  }
};

/// The fused clamp of an op, if it has finite bounds.
struct Bounds {
  float min, max;
  bool active;

  explicit Bounds(const OpDesc &op)
      : min(op.outputMin), max(op.outputMax),
        active(std::isfinite(op.outputMin) || std::isfinite(op.outputMax)) {}
};

/// dst[0, n) = clamp(src[0, n)).
void copyClamped(float *dst, const float *src, int64_t n,
                 const Bounds &bounds) {
  if (!bounds.active) {
    std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
    return;
  }
  float low = bounds.min, high = bounds.max;
  for (int64_t i = 0; i < n; ++i)
    dst[i] = std::min(std::max(src[i], low), high);
}

void expectDst(const RegionDesc &desc, size_t index, const Dims &expected) {
  int64_t dst = desc.ops[index].dst;
  const Dims &dims = desc.values[dst];
  if (dims != expected)
    failOp(desc, index,
           "its dst, value " + std::to_string(dst) + ", is " +
               formatDims(dims) + " but the op computes " +
               formatDims(expected));
}

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

/// In the layout inside, the dst is `rows` rows of `rowFloats` floats (the
/// dims before the axis, then the axis and the dims after it); source i
/// fills columns [offset, offset + width) of every row from its own rows of
/// `width` floats. A task copies a block of rows and columns of the dst.
class ConcatStep : public HostStep {
public:
  ConcatStep(const RegionDesc &desc, const Plan &plan, size_t index,
             WeightStore &weights);

  void run(float *const *values, float *scratch, pthreadpool_t pool,
           uint32_t flags) const override;

private:
  struct Source {
    Operand operand;
    int64_t offset, width;
  };
  struct Context {
    const ConcatStep *step;
    float *const *values;
  };

  static void runTask(void *context, size_t task);

  /// About 32 KiB of the dst per task: large enough to amortize the task,
  /// small enough to split a 56x56 feature map over the threads.
  static constexpr int64_t kTaskFloats = 8192;
  /// Below 256 KiB, waking the pool costs more than it saves (a 1x256x14x14
  /// concat: 4.3 us alone, 6.8 us on 2 threads; 1x256x28x28: 20 us, 16 us).
  static constexpr int64_t kParallelFloats = 65536;

  std::vector<Source> sources;
  int64_t dst;
  int64_t rows, rowFloats;
  int64_t rowsPerTask, colsPerTask, colBlocks, tasks;
  Bounds bounds;
};

ConcatStep::ConcatStep(const RegionDesc &desc, const Plan &plan, size_t index,
                       WeightStore &weights)
    : dst(desc.ops[index].dst), bounds(desc.ops[index]) {
  const OpDesc &op = desc.ops[index];
  if (op.srcs.size() < 2)
    failOp(desc, index,
           "expects at least 2 sources, has " + std::to_string(op.srcs.size()));
  const Dims &first = desc.values[op.srcs[0]];
  size_t rank = first.size();
  if (op.axis < 0 || op.axis >= static_cast<int64_t>(rank))
    failOp(desc, index,
           "axis " + std::to_string(op.axis) + " is out of range for " +
               formatDims(first) + " (0 <= axis < rank)");
  auto axis = static_cast<size_t>(op.axis);
  Dims expected = first;
  expected[axis] = 0;
  for (size_t i = 0; i < op.srcs.size(); ++i) {
    const Dims &dims = desc.values[op.srcs[i]];
    bool matches = dims.size() == rank;
    for (size_t d = 0; matches && d < rank; ++d)
      matches = d == axis || dims[d] == first[d];
    if (!matches)
      failOp(desc, index,
             "source " + std::to_string(i) + " is " + formatDims(dims) +
                 ", which does not match " + formatDims(first) +
                 " but on axis " + std::to_string(axis));
    expected[axis] += dims[axis];
  }
  expectDst(desc, index, expected);

  Dims inside = getInsideDims(expected);
  auto insideAxis = static_cast<size_t>(getInsideAxis(op.axis, rank));
  rows = 1;
  int64_t inner = 1;
  for (size_t d = 0; d < insideAxis; ++d)
    rows *= inside[d];
  for (size_t d = insideAxis + 1; d < rank; ++d)
    inner *= inside[d];
  rowFloats = inside[insideAxis] * inner;
  int64_t offset = 0;
  for (int64_t src : op.srcs) {
    Operand operand{src, nullptr};
    if (plan.isWeight(src))
      operand.weight = weights.get(src, isNhwcInside(desc.values[src])
                                            ? WeightForm::Nhwc
                                            : WeightForm::RowMajor);
    int64_t width = desc.values[src][axis] * inner;
    sources.push_back({operand, offset, width});
    offset += width;
  }

  colsPerTask = std::max<int64_t>(1, std::min(rowFloats, kTaskFloats));
  rowsPerTask = std::max<int64_t>(1, kTaskFloats / rowFloats);
  colBlocks = (rowFloats + colsPerTask - 1) / colsPerTask;
  tasks = (rows + rowsPerTask - 1) / rowsPerTask * colBlocks;
}

void ConcatStep::runTask(void *context, size_t task) {
  const auto &[step, values] = *static_cast<const Context *>(context);
  auto index = static_cast<int64_t>(task);
  int64_t rowBegin = index / step->colBlocks * step->rowsPerTask;
  int64_t rowEnd = std::min(rowBegin + step->rowsPerTask, step->rows);
  int64_t colBegin = index % step->colBlocks * step->colsPerTask;
  int64_t colEnd = std::min(colBegin + step->colsPerTask, step->rowFloats);
  float *dst = values[step->dst];
  // Source by source: each reads its rows in order, and the block of the
  // dst stays in cache while the sources fill it.
  for (const Source &source : step->sources) {
    int64_t begin = std::max(colBegin, source.offset);
    int64_t end = std::min(colEnd, source.offset + source.width);
    if (begin >= end)
      continue;
    const float *src = source.operand.get(values) + (begin - source.offset);
    for (int64_t r = rowBegin; r < rowEnd; ++r)
      copyClamped(dst + r * step->rowFloats + begin, src + r * source.width,
                  end - begin, step->bounds);
  }
}

void ConcatStep::run(float *const *values, float * /*scratch*/,
                     pthreadpool_t pool, uint32_t flags) const {
  Context context{this, values};
  bool parallel = rows * rowFloats >= kParallelFloats;
  pthreadpool_parallelize_1d(parallel ? pool : nullptr, runTask, &context,
                             static_cast<size_t>(tasks), flags);
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

/// The source in ONNX (row-major) order is the dst's data in ONNX order:
/// an NHWC source is transposed to NCHW first, and an NHWC dst is
/// transposed from NCHW last (through the scratch when both are).
class ReshapeStep : public HostStep {
public:
  ReshapeStep(const RegionDesc &desc, const Plan &plan, size_t index,
              WeightStore &weights);

  void run(float *const *values, float *scratch, pthreadpool_t pool,
           uint32_t flags) const override;

private:
  Operand source;
  int64_t dst;
  Dims srcDims, dstDims;
  /// The source is NHWC data to transpose (an activation: a weight is read
  /// in its ONNX order); the dst is NHWC.
  bool fromNhwc, toNhwc;
  int64_t elements;
  Bounds bounds;
};

ReshapeStep::ReshapeStep(const RegionDesc &desc, const Plan &plan, size_t index,
                         WeightStore &weights)
    : dst(desc.ops[index].dst), bounds(desc.ops[index]) {
  const OpDesc &op = desc.ops[index];
  if (op.srcs.size() != 1)
    failOp(desc, index,
           "expects 1 source, has " + std::to_string(op.srcs.size()));
  int64_t src = op.srcs[0];
  srcDims = desc.values[src];
  dstDims = desc.values[dst];
  elements = getNumElements(dstDims);
  if (getNumElements(srcDims) != elements)
    failOp(desc, index,
           "reshapes " + formatDims(srcDims) + " (" +
               std::to_string(getNumElements(srcDims)) + " elements) to " +
               formatDims(dstDims) + " (" + std::to_string(elements) +
               " elements)");
  source.value = src;
  if (plan.isWeight(src))
    source.weight = weights.get(src, WeightForm::RowMajor);
  fromNhwc = !source.weight && !isLayoutNeutral(srcDims);
  toNhwc = !isLayoutNeutral(dstDims);
}

void ReshapeStep::run(float *const *values, float *scratch, pthreadpool_t pool,
                      uint32_t flags) const {
  const float *src = source.get(values);
  float *out = values[dst];
  if (fromNhwc) {
    float *onnxOrder = toNhwc ? scratch : out;
    convertNhwcToNchw(src, onnxOrder, srcDims, pool, flags);
    src = onnxOrder;
  }
  if (toNhwc)
    convertNchwToNhwc(src, out, dstDims, pool, flags);
  else if (!fromNhwc)
    std::memcpy(out, src, static_cast<size_t>(elements) * sizeof(float));
  if (bounds.active)
    copyClamped(out, out, elements, bounds);
}

//===----------------------------------------------------------------------===//
// transpose, slice and chains of data movements
//===----------------------------------------------------------------------===//

/// The copy (StridedCopy.h) with its dims ordered as the dst's layout,
/// those of size 1 dropped and those contiguous in both merged. The
/// innermost loop runs along the dst's innermost dim, or along the source's
/// when that one is longer; the other dims are `rows` runs of it. When the
/// last two loops transpose contiguous blocks (ShuffleNet's shuffle: per
/// pixel, [2][58] in the source, [58][2] in the dst), a run is one such
/// block. A task copies a block of runs.
class StridedCopyStep : public HostStep {
public:
  StridedCopyStep(const RegionDesc &desc, const Plan &plan, const Step &step,
                  WeightStore &weights);

  void run(float *const *values, float *scratch, pthreadpool_t pool,
           uint32_t flags) const override;

private:
  struct Context {
    const StridedCopyStep *step;
    const float *src;
    float *dst;
  };

  void arrange(const StridedCopy &copy);
  void copyRun(const float *src, float *dst, int64_t row) const;
  static void runTask(void *context, size_t task);

  static constexpr int64_t kTaskFloats = 8192;
  static constexpr int64_t kParallelFloats = 65536;

  Operand source;
  int64_t dst;
  /// The loops, outermost first; the last one is the run.
  Dims dims, srcStrides, dstStrides;
  int64_t srcOffset = 0;
  /// A run's floats: one loop's, or a block of the last two loops (a
  /// transpose of `tileRows` rows, when not 0).
  int64_t rows = 1, runLength = 1, rowsPerTask = 1, tasks = 1;
  int64_t tileRows = 0;
  Bounds bounds;
};

StridedCopyStep::StridedCopyStep(const RegionDesc &desc, const Plan &plan,
                                 const Step &step, WeightStore &weights)
    : dst(desc.ops[step.endOp - 1].dst), bounds(desc.ops[step.endOp - 1]) {
  int64_t src = desc.ops[step.firstOp].srcs.at(0);
  source.value = src;
  if (plan.isWeight(src))
    source.weight = weights.get(src, WeightForm::RowMajor);
  for (size_t i = step.firstOp; i + 1 < step.endOp; ++i)
    if (Bounds(desc.ops[i]).active)
      failOp(desc, i,
             "has an output clamp but is not the last op of its "
             "strided copy");
  std::optional<StridedCopy> copy = describeCopyChain(
      desc, step.firstOp, step.endOp, source.weight != nullptr);
  if (!copy)
    failOp(desc, step.endOp - 1,
           "is a reshape that is not a view of the data its chain moves");
  arrange(*copy);
}

void StridedCopyStep::arrange(const StridedCopy &copy) {
  std::vector<size_t> order;
  for (size_t d = 0; d < copy.dims.size(); ++d)
    if (copy.dims[d] != 1)
      order.push_back(d);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return copy.dstStrides[a] > copy.dstStrides[b];
  });
  srcOffset = copy.srcOffset;
  for (size_t d : order) {
    int64_t size = copy.dims[d];
    if (!dims.empty() && dstStrides.back() == copy.dstStrides[d] * size &&
        srcStrides.back() == copy.srcStrides[d] * size) {
      dims.back() *= size;
      dstStrides.back() = copy.dstStrides[d];
      srcStrides.back() = copy.srcStrides[d];
      continue;
    }
    dims.push_back(size);
    dstStrides.push_back(copy.dstStrides[d]);
    srcStrides.push_back(copy.srcStrides[d]);
  }
  if (dims.empty()) {
    dims = {1};
    dstStrides = srcStrides = {1};
  }
  // Run along the source's contiguous dim instead when it is longer.
  size_t last = dims.size() - 1;
  for (size_t d = 0; d < last; ++d) {
    if (srcStrides[d] == 1 && dims[d] > dims[last]) {
      auto move = [&](Dims &list) {
        int64_t value = list[d];
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(d));
        list.push_back(value);
      };
      move(dims);
      move(srcStrides);
      move(dstStrides);
      break;
    }
  }
  runLength = dims.back();
  // The last two loops transpose contiguous blocks: [a][b] in the source,
  // [b][a] in the dst (a channel shuffle, per pixel), when a block is small
  // enough to leave tasks to spread (a large 2-D transpose keeps runs).
  size_t n = dims.size();
  if (n >= 2 && dims[n - 1] * dims[n - 2] <= kTaskFloats &&
      srcStrides[n - 1] == 1 && dstStrides[n - 2] == 1 &&
      srcStrides[n - 2] == dims[n - 1] && dstStrides[n - 1] == dims[n - 2]) {
    tileRows = dims[n - 2];
    runLength *= tileRows;
  }
  rows = getNumElements(dims) / runLength;
  rowsPerTask = std::max<int64_t>(1, kTaskFloats / runLength);
  tasks = (rows + rowsPerTask - 1) / rowsPerTask;
}

/// dst [cols][rows] = the transpose of src [rows][cols], both contiguous;
/// with a constant row count (2, 3, 4: shuffles of that many groups) the
/// compiler interleaves the rows in vector registers.
template <int Rows>
void transposeTile(const float *src, float *dst, int64_t cols) {
  for (int64_t j = 0; j < cols; ++j)
    for (int r = 0; r < Rows; ++r)
      dst[j * Rows + r] = src[r * cols + j];
}

void transposeTile(const float *src, float *dst, int64_t rows, int64_t cols) {
  switch (rows) {
  case 2:
    return transposeTile<2>(src, dst, cols);
  case 3:
    return transposeTile<3>(src, dst, cols);
  case 4:
    return transposeTile<4>(src, dst, cols);
  default:
    for (int64_t j = 0; j < cols; ++j)
      for (int64_t r = 0; r < rows; ++r)
        dst[j * rows + r] = src[r * cols + j];
  }
}

void StridedCopyStep::copyRun(const float *src, float *out, int64_t row) const {
  // The run's offsets: the row index over the outer loops, innermost last.
  size_t loops = dims.size() - (tileRows > 0 ? 2 : 1);
  int64_t from = srcOffset, to = 0;
  for (size_t d = loops; d-- > 0;) {
    int64_t i = row % dims[d];
    row /= dims[d];
    from += i * srcStrides[d];
    to += i * dstStrides[d];
  }
  const float *in = src + from;
  float *result = out + to;
  if (tileRows > 0) {
    transposeTile(in, result, tileRows, runLength / tileRows);
    if (bounds.active)
      copyClamped(result, result, runLength, bounds);
    return;
  }
  int64_t inStride = srcStrides.back(), outStride = dstStrides.back();
  if (inStride == 1 && outStride == 1) {
    copyClamped(result, in, runLength, bounds);
    return;
  }
  if (bounds.active) {
    for (int64_t i = 0; i < runLength; ++i)
      result[i * outStride] =
          std::min(std::max(in[i * inStride], bounds.min), bounds.max);
    return;
  }
  for (int64_t i = 0; i < runLength; ++i)
    result[i * outStride] = in[i * inStride];
}

void StridedCopyStep::runTask(void *context, size_t task) {
  const auto &[step, src, out] = *static_cast<const Context *>(context);
  int64_t begin = static_cast<int64_t>(task) * step->rowsPerTask;
  int64_t end = std::min(begin + step->rowsPerTask, step->rows);
  for (int64_t row = begin; row < end; ++row)
    step->copyRun(src, out, row);
}

void StridedCopyStep::run(float *const *values, float * /*scratch*/,
                          pthreadpool_t pool, uint32_t flags) const {
  Context context{this, source.get(values), values[dst]};
  bool parallel = rows * runLength >= kParallelFloats;
  pthreadpool_parallelize_1d(parallel ? pool : nullptr, runTask, &context,
                             static_cast<size_t>(tasks), flags);
}

} // namespace

std::unique_ptr<HostStep> makeHostStep(const RegionDesc &desc, const Plan &plan,
                                       const Step &step, WeightStore &weights) {
  OpKind kind = desc.ops[step.firstOp].kind;
  if (kind == OpKind::Concat)
    return std::make_unique<ConcatStep>(desc, plan, step.firstOp, weights);
  // A lone reshape: one or two blocked transposes.
  if (kind == OpKind::Reshape && step.endOp - step.firstOp == 1)
    return std::make_unique<ReshapeStep>(desc, plan, step.firstOp, weights);
  return std::make_unique<StridedCopyStep>(desc, plan, step, weights);
}

} // namespace seam::xnnpack_region
