//===- HostSteps.cpp - The ops the runtime computes itself ----------------===//
//
// concat as a blocked copy, reshape as one or two transposes (Layout.h), each
// with its op's checks and its fused clamp.
//
// pthreadpool and the C++ standard library only: part of the xnnpack
// runtime.
//
//===----------------------------------------------------------------------===//

#include "HostSteps.h"

#include <algorithm>
#include <cmath>
#include <cstring>
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

} // namespace

std::unique_ptr<HostStep> makeHostStep(const RegionDesc &desc, const Plan &plan,
                                       size_t index, WeightStore &weights) {
  if (desc.ops[index].kind == OpKind::Concat)
    return std::make_unique<ConcatStep>(desc, plan, index, weights);
  return std::make_unique<ReshapeStep>(desc, plan, index, weights);
}

} // namespace seam::xnnpack_region
