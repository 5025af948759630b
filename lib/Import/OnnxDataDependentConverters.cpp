//===- OnnxDataDependentConverters.cpp - NonZero, Compress, Unique --------===//
//
// Converters of the ONNX ops whose output shape depends on input values.
// Seam compiles static shapes, so the values that decide the shape must be
// known at import, and are folded there:
//   - NonZero of a constant (an integer, boolean or float one) is the
//     constant list of its nonzero coordinates;
//   - Compress with a constant condition is a seam.gather of the selected
//     positions (of the flattened input without `axis`), folded too when the
//     input is an import-time integer;
//   - Unique of an import-time integer tensor or a float32 constant is four
//     constants.
// Otherwise the error names the node and the input that must be constant.
//
//===----------------------------------------------------------------------===//

#include "IntTensorOps.h"
#include "OnnxConverterUtils.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <map>

using namespace mlir;
using namespace seam;

namespace seam::detail {

namespace {

/// The error for an input whose values decide the output's shape.
InFlightDiagnostic mustBeKnown(GraphImporter &g, unsigned i) {
  return g.error() << "input '" << g.node().input(i)
                   << "' must be known at import time (a constant, or "
                      "computed from static shapes): "
                   << g.node().op_type()
                   << "'s output shape depends on its values";
}

/// Whether each element of input `i` is nonzero, when the input is known at
/// import: an integer or boolean value, or a float constant.
FailureOr<std::vector<bool>> knownNonzero(GraphImporter &g, unsigned i) {
  ASSIGN_OR_FAIL(in, g.input(i));
  std::vector<bool> nonzero;
  if (in->ints) {
    for (int64_t v : in->ints->values)
      nonzero.push_back(v != 0);
    return nonzero;
  }
  if (in->pending) {
    for (double v : floatValues(*in->pending))
      nonzero.push_back(v != 0);
    return nonzero;
  }
  if (in->tensor)
    if (std::optional<std::vector<float>> data =
            getF32ConstantData(in->tensor)) {
      for (float v : *data)
        nonzero.push_back(v != 0);
      return nonzero;
    }
  return mustBeKnown(g, i);
}

/// An int64 IntTensor of `shape`.
IntTensor int64Tensor(SmallVector<int64_t> shape, std::vector<int64_t> values) {
  IntTensor t;
  t.shape = std::move(shape);
  t.values = std::move(values);
  return t;
}

LogicalResult convertNonZero(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  ASSIGN_OR_FAIL(nonzero, knownNonzero(g, 0));
  // Row d holds the d-th coordinate of each nonzero element, in row-major
  // order of the elements.
  int64_t rank = std::max<int64_t>(shape.size(), 1);
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  std::vector<int64_t> flat;
  for (size_t e = 0; e < nonzero.size(); ++e)
    if (nonzero[e])
      flat.push_back(e);
  int64_t count = flat.size();
  if (count * rank > kMaxFoldedIntElements)
    return g.error() << "has " << count << " nonzero elements of rank " << rank
                     << ": more coordinates than Seam folds at import ("
                     << kMaxFoldedIntElements << ")";
  std::vector<int64_t> coords(rank * count, 0);
  for (int64_t k = 0; k < count; ++k)
    for (size_t d = 0; d < shape.size(); ++d)
      coords[d * count + k] = flat[k] / strides[d] % shape[d];
  // A scalar's one coordinate is ONNX's [1, count] of zeros.
  g.setOutput(
      0, int64Tensor({shape.empty() ? 1 : rank, count}, std::move(coords)));
  return success();
}

LogicalResult convertCompress(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  const onnx::AttributeProto *axisAttr = g.findAttr("axis");
  int64_t axis = 0;
  int64_t extent = 1;
  for (int64_t d : shape)
    extent *= d;
  if (axisAttr) {
    ASSIGN_OR_FAIL(a, g.intAttr("axis", 0));
    ASSIGN_OR_FAIL(normalized,
                   normalizeAxis(a, shape.size(), "axis", g.diagnostic()));
    axis = normalized;
    extent = shape[axis];
  }
  ASSIGN_OR_FAIL(condShape, g.inputShape(1));
  if (condShape.size() != 1)
    return g.error() << "input '" << g.node().input(1)
                     << "' (condition) must be 1-D, got rank "
                     << condShape.size();
  ASSIGN_OR_FAIL(condition, knownNonzero(g, 1));
  // ONNX: a condition shorter than the axis selects from its prefix; a
  // longer one must select nothing past it.
  std::vector<int64_t> selected;
  for (size_t i = 0; i < condition.size(); ++i) {
    if (!condition[i])
      continue;
    if (static_cast<int64_t>(i) >= extent)
      return g.error() << "input '" << g.node().input(1)
                       << "' (condition) selects position " << i
                       << ", past the " << extent << " positions of "
                       << (axisAttr ? "the axis" : "the flattened input");
    selected.push_back(i);
  }
  int64_t count = selected.size();
  IntTensor indices = int64Tensor({count}, std::move(selected));
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints) {
    IntTensor data = *in->ints;
    if (!axisAttr)
      data.shape = {extent};
    ASSIGN_OR_FAIL(r, evalIntGather(data, indices, axis, g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  if (indices.values.empty())
    return g.error() << "input '" << g.node().input(1)
                     << "' (condition) selects no element: the output is "
                        "empty, and Seam does not support empty tensors";
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  Value data = x;
  if (!axisAttr) {
    ASSIGN_OR_FAIL(flat, reshapeValue(g, x, {extent}));
    data = flat;
  }
  Value indexValue = i64Constant(g, indices.shape, indices.values);
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  ASSIGN_OR_FAIL(r,
                 createInferred<GatherOp>(g, {data, indexValue}, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// Unique of a tensor of `shape` and row-major `values`, along `axis` (over
/// the flattened tensor without one): the distinct slices in order of first
/// occurrence or sorted, and the three index outputs.
template <typename T> struct UniqueResult {
  SmallVector<int64_t> shape;
  std::vector<T> values;
  std::vector<int64_t> indices, inverse, counts;
};

template <typename T>
UniqueResult<T> computeUnique(ArrayRef<int64_t> shape, ArrayRef<T> values,
                              std::optional<int64_t> axis, bool sorted) {
  // The tensor as [outer, extent, inner]: the `extent` slices compare.
  int64_t outer = 1, extent = values.size(), inner = 1;
  if (axis) {
    extent = shape[*axis];
    for (int64_t d = 0; d < *axis; ++d)
      outer *= shape[d];
    for (size_t d = *axis + 1; d < shape.size(); ++d)
      inner *= shape[d];
  }
  std::vector<std::vector<T>> slices(extent);
  for (int64_t i = 0; i < extent; ++i)
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < inner; ++k)
        slices[i].push_back(values[(o * extent + i) * inner + k]);
  std::map<std::vector<T>, int64_t> firstIndex;
  std::vector<std::vector<T>> order;
  for (int64_t i = 0; i < extent; ++i)
    if (firstIndex.emplace(slices[i], i).second)
      order.push_back(slices[i]);
  if (sorted)
    llvm::sort(order);
  std::map<std::vector<T>, int64_t> position;
  for (auto [k, slice] : llvm::enumerate(order))
    position[slice] = k;
  int64_t unique = order.size();
  UniqueResult<T> r;
  r.counts.assign(unique, 0);
  for (const std::vector<T> &slice : order)
    r.indices.push_back(firstIndex[slice]);
  for (const std::vector<T> &slice : slices) {
    r.inverse.push_back(position[slice]);
    ++r.counts[position[slice]];
  }
  r.shape.assign(shape.begin(), shape.end());
  if (!axis)
    r.shape = {unique};
  else
    r.shape[*axis] = unique;
  r.values.resize(outer * unique * inner);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < unique; ++k)
      for (int64_t i = 0; i < inner; ++i)
        r.values[(o * unique + k) * inner + i] = order[k][o * inner + i];
  return r;
}

/// Outputs 1 to 3 of Unique.
template <typename T>
void setUniqueIndexOutputs(GraphImporter &g, UniqueResult<T> &r) {
  int64_t unique = r.indices.size(), extent = r.inverse.size();
  g.setOutput(1, int64Tensor({unique}, std::move(r.indices)));
  g.setOutput(2, int64Tensor({extent}, std::move(r.inverse)));
  g.setOutput(3, int64Tensor({unique}, std::move(r.counts)));
}

LogicalResult convertUnique(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  ASSIGN_OR_FAIL(sorted, g.intAttr("sorted", 1));
  std::optional<int64_t> axis;
  if (g.findAttr("axis")) {
    ASSIGN_OR_FAIL(a, g.intAttr("axis", 0));
    ASSIGN_OR_FAIL(normalized,
                   normalizeAxis(a, shape.size(), "axis", g.diagnostic()));
    axis = normalized;
  }
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints) {
    UniqueResult<int64_t> r =
        computeUnique<int64_t>(shape, in->ints->values, axis, sorted != 0);
    IntTensor y;
    y.dataType = in->ints->dataType;
    y.shape = r.shape;
    y.values = std::move(r.values);
    g.setOutput(0, y);
    setUniqueIndexOutputs(g, r);
    return success();
  }
  std::optional<std::vector<float>> data;
  if (in->pending && in->pending->data_type() == onnx::TensorProto::FLOAT) {
    std::vector<double> wide = floatValues(*in->pending);
    data.emplace(wide.begin(), wide.end());
  } else if (in->tensor) {
    data = getF32ConstantData(in->tensor);
  }
  if (!data)
    return mustBeKnown(g, 0)
           << " (Seam folds Unique of integer, boolean and float32 constants)";
  if (llvm::any_of(*data, [](float v) { return std::isnan(v); }))
    return g.error() << "input '" << g.node().input(0)
                     << "' holds NaN, which Unique's order leaves undefined";
  UniqueResult<float> r = computeUnique<float>(shape, *data, axis, sorted != 0);
  g.setOutput(0, g.createConstant(r.shape, r.values, g.node().output(0)));
  setUniqueIndexOutputs(g, r);
  return success();
}

} // namespace

OpConverter lookupDataDependentOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("NonZero", convertNonZero)
      .Case("Compress", convertCompress)
      .Case("Unique", convertUnique)
      .Default(nullptr);
}

} // namespace seam::detail
