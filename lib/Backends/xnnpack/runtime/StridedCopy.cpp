//===- StridedCopy.cpp - Data movement ops as one strided copy ------------===//
//
// C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "StridedCopy.h"

#include "Plan.h"

#include <string>
#include <vector>

namespace seam::xnnpack_region {

namespace {

/// Elements of a value seen through strides: dims and, per dim, the stride
/// of its index.
struct View {
  Dims dims, strides;
  int64_t offset = 0;
};

/// Row-major strides of `dims`.
Dims getRowMajorStrides(const Dims &dims) {
  Dims strides(dims.size(), 1);
  for (size_t d = dims.size(); d-- > 1;)
    strides[d - 1] = strides[d] * dims[d];
  return strides;
}

/// The strides of `view` seen with `newDims` (same element count, row-major
/// order of elements), if each group of dims it merges or splits is
/// contiguous in the view.
std::optional<Dims> reshapeView(const View &view, const Dims &newDims) {
  Dims oldDims, oldStrides;
  for (size_t d = 0; d < view.dims.size(); ++d) {
    if (view.dims[d] == 1)
      continue;
    oldDims.push_back(view.dims[d]);
    oldStrides.push_back(view.strides[d]);
  }
  Dims strides(newDims.size(), 0);
  size_t i = 0, j = 0;
  while (j < newDims.size()) {
    if (newDims[j] == 1) {
      ++j;
      continue;
    }
    if (i == oldDims.size())
      return std::nullopt;
    // The smallest groups [i, iEnd) and [j, jEnd) with equal products.
    size_t iEnd = i + 1, jEnd = j + 1;
    int64_t oldProduct = oldDims[i], newProduct = newDims[j];
    while (oldProduct != newProduct) {
      if (oldProduct < newProduct) {
        if (iEnd == oldDims.size() ||
            oldStrides[iEnd - 1] != oldStrides[iEnd] * oldDims[iEnd])
          return std::nullopt;
        oldProduct *= oldDims[iEnd++];
      } else {
        if (jEnd == newDims.size())
          return std::nullopt;
        newProduct *= newDims[jEnd++];
      }
    }
    int64_t stride = oldStrides[iEnd - 1];
    for (size_t k = jEnd; k-- > j;) {
      strides[k] = stride;
      stride *= newDims[k];
    }
    i = iEnd;
    j = jEnd;
  }
  if (i != oldDims.size())
    return std::nullopt;
  return strides;
}

/// "[0, 2, 1]".
std::string formatList(const std::vector<int64_t> &list) {
  std::string text = "[";
  for (size_t i = 0; i < list.size(); ++i)
    text += (i ? ", " : "") + std::to_string(list[i]);
  return text + "]";
}

void expectDims(const RegionDesc &desc, size_t index, const Dims &expected) {
  int64_t dst = desc.ops[index].dst;
  if (desc.values[dst] != expected)
    failOp(desc, index,
           "its dst, value " + std::to_string(dst) + ", is " +
               formatDims(desc.values[dst]) + " but the op computes " +
               formatDims(expected));
}

void applyTranspose(const RegionDesc &desc, size_t index, View &view) {
  const OpDesc &op = desc.ops[index];
  size_t rank = view.dims.size();
  std::vector<bool> seen(rank, false);
  bool valid = op.perm.size() == rank;
  for (size_t d = 0; valid && d < rank; ++d) {
    int64_t axis = op.perm[d];
    valid = axis >= 0 && axis < static_cast<int64_t>(rank) &&
            !seen[static_cast<size_t>(axis)];
    if (valid)
      seen[static_cast<size_t>(axis)] = true;
  }
  if (!valid)
    failOp(desc, index,
           "perm " + formatList(op.perm) + " is not a permutation of the " +
               std::to_string(rank) + " dims of " + formatDims(view.dims));
  View result;
  for (int64_t axis : op.perm) {
    result.dims.push_back(view.dims[static_cast<size_t>(axis)]);
    result.strides.push_back(view.strides[static_cast<size_t>(axis)]);
  }
  result.offset = view.offset;
  expectDims(desc, index, result.dims);
  view = std::move(result);
}

void applySlice(const RegionDesc &desc, size_t index, View &view) {
  const OpDesc &op = desc.ops[index];
  const Dims &dstDims = desc.values[op.dst];
  size_t rank = view.dims.size();
  if (op.starts.size() != rank || op.steps.size() != rank ||
      dstDims.size() != rank)
    failOp(desc, index,
           "slices " + formatDims(view.dims) + " into " + formatDims(dstDims) +
               " with " + std::to_string(op.starts.size()) + " starts and " +
               std::to_string(op.steps.size()) + " steps (one per dim)");
  for (size_t d = 0; d < rank; ++d) {
    int64_t start = op.starts[d], step = op.steps[d];
    if (step == 0)
      failOp(desc, index, "dim " + std::to_string(d) + " has a step of 0");
    int64_t last = 0;
    bool overflows = __builtin_mul_overflow(dstDims[d] - 1, step, &last) ||
                     __builtin_add_overflow(start, last, &last);
    if (overflows || start < 0 || start >= view.dims[d] || last < 0 ||
        last >= view.dims[d])
      failOp(desc, index,
             "dim " + std::to_string(d) + " takes " +
                 std::to_string(dstDims[d]) + " elements from " +
                 std::to_string(start) + " by " + std::to_string(step) +
                 ", outside [0, " + std::to_string(view.dims[d]) + ")");
    view.offset += start * view.strides[d];
    view.strides[d] *= step;
    view.dims[d] = dstDims[d];
  }
}

} // namespace

bool isDataMovement(const RegionDesc &desc, size_t index) {
  OpKind kind = desc.ops[index].kind;
  return kind == OpKind::Transpose || kind == OpKind::Slice ||
         kind == OpKind::Reshape;
}

std::optional<StridedCopy> describeCopyChain(const RegionDesc &desc,
                                             size_t first, size_t end,
                                             bool sourceIsWeight) {
  const Dims &srcDims = desc.values[desc.ops[first].srcs.at(0)];
  View view{srcDims,
            sourceIsWeight ? getRowMajorStrides(srcDims)
                           : getInsideStrides(srcDims),
            0};
  const Dims &dstDims = desc.values[desc.ops[end - 1].dst];
  Dims dstStrides = getInsideStrides(dstDims);
  for (size_t i = first; i < end; ++i) {
    const OpDesc &op = desc.ops[i];
    if (op.srcs.size() != 1)
      failOp(desc, i,
             "expects 1 source, has " + std::to_string(op.srcs.size()));
    switch (op.kind) {
    case OpKind::Transpose:
      applyTranspose(desc, i, view);
      break;
    case OpKind::Slice:
      applySlice(desc, i, view);
      break;
    default: {
      const Dims &to = desc.values[op.dst];
      if (getNumElements(to) != getNumElements(view.dims))
        failOp(desc, i,
               "reshapes " + formatDims(view.dims) + " (" +
                   std::to_string(getNumElements(view.dims)) +
                   " elements) to " + formatDims(to) + " (" +
                   std::to_string(getNumElements(to)) + " elements)");
      if (std::optional<Dims> strides = reshapeView(view, to)) {
        view.dims = to;
        view.strides = std::move(*strides);
        break;
      }
      if (i + 1 != end)
        return std::nullopt;
      // The last op: view the dst with the dims moved so far.
      std::optional<Dims> strides =
          reshapeView(View{dstDims, dstStrides, 0}, view.dims);
      if (!strides)
        return std::nullopt;
      return StridedCopy{view.dims, view.strides, std::move(*strides),
                         view.offset};
    }
    }
  }
  return StridedCopy{view.dims, view.strides, std::move(dstStrides),
                     view.offset};
}

} // namespace seam::xnnpack_region
