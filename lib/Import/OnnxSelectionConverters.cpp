//===- OnnxSelectionConverters.cpp - TopK, OneHot, GatherND, Scatter* -----===//
//
// Converters of the ONNX ops that select or place elements by index: TopK,
// OneHot, GatherND, ScatterElements (and its deprecated name Scatter) and
// ScatterND. TopK's `k` and OneHot's `depth` decide a result shape, so they
// must be known at import: the error names the input. Run-time indices
// decide no shape and stay operands.
//
//===----------------------------------------------------------------------===//

#include "OnnxConverterUtils.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// A 0/1 attribute (`largest`, `sorted`) as a bool; other values are an
/// error naming the attribute.
static FailureOr<bool> flagAttr(GraphImporter &g, StringRef name,
                                int64_t dflt) {
  ASSIGN_OR_FAIL(value, g.intAttr(name, dflt));
  if (value != 0 && value != 1)
    return g.error() << "attribute '" << name << "' must be 0 or 1, got "
                     << value;
  return value == 1;
}

/// TopK: `k` is an attribute up to opset 9 and an input from opset 10 on.
static LogicalResult convertTopK(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  int64_t k;
  if (g.opset() < 10) {
    if (!g.findAttr("k"))
      return g.error() << "attribute 'k' is required";
    ASSIGN_OR_FAIL(kAttr, g.intAttr("k", 0));
    k = kAttr;
  } else {
    if (!g.hasInput(1))
      return g.error() << "input 'K' is required";
    ASSIGN_OR_FAIL(kIn, g.intInput(1));
    if (kIn.values.size() != 1)
      return g.error() << "input '" << g.node().input(1)
                       << "' (K) must hold one value, got "
                       << kIn.values.size();
    k = kIn.values[0];
  }
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  ASSIGN_OR_FAIL(largest, flagAttr(g, "largest", 1));
  // `sorted` = 0 leaves the order unspecified: the sorted order is one.
  ASSIGN_OR_FAIL(sorted, flagAttr(g, "sorted", 1));
  (void)sorted;
  Attrs attrs{g.builder()};
  attrs.add("k", g.builder().getI64IntegerAttr(k));
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  attrs.add("largest", g.builder().getBoolAttr(largest));
  ASSIGN_OR_FAIL(op, createInferredOp<TopKOp>(g, {x}, attrs.list));
  g.setOutput(0, op.getValues());
  g.setOutput(1, op.getIndices());
  return success();
}

/// OneHot(indices, depth, values): `depth` (of any numeric type, cast to
/// int64 as ONNX says) must be a one-element constant.
static LogicalResult convertOneHot(GraphImporter &g) {
  ASSIGN_OR_FAIL(indices, g.tensorInput(0));
  ASSIGN_OR_FAIL(depthIn, g.floatConstantInput(1));
  if (depthIn.size() != 1)
    return g.error() << "input '" << g.node().input(1)
                     << "' (depth) must hold one value, got " << depthIn.size();
  std::optional<int64_t> depth = toInt64(depthIn[0]);
  if (!depth)
    return g.error() << "input '" << g.node().input(1)
                     << "' (depth) is not a finite int64: " << depthIn[0];
  ASSIGN_OR_FAIL(values, g.tensorInput(2));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  Attrs attrs{g.builder()};
  attrs.add("depth", g.builder().getI64IntegerAttr(*depth));
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  ASSIGN_OR_FAIL(r, createInferred<OneHotOp>(g, {indices, values}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertGatherND(GraphImporter &g) {
  ASSIGN_OR_FAIL(data, g.tensorInput(0));
  ASSIGN_OR_FAIL(indices, g.tensorInput(1));
  ASSIGN_OR_FAIL(batchDims, g.intAttr("batch_dims", 0));
  Attrs attrs{g.builder()};
  attrs.add("batch_dims", g.builder().getI64IntegerAttr(batchDims));
  ASSIGN_OR_FAIL(r, createInferred<GatherNDOp>(g, {data, indices}, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// The `reduction` attribute of ScatterElements and ScatterND (opset 16 on;
/// max and min from opset 18).
static FailureOr<ScatterReduction> scatterReduction(GraphImporter &g) {
  ASSIGN_OR_FAIL(name, g.stringAttr("reduction", "none"));
  std::optional<ScatterReduction> reduction = symbolizeScatterReduction(name);
  if (!reduction)
    return g.error() << "attribute 'reduction' is '" << name
                     << "', not none, add, mul, max or min";
  return *reduction;
}

/// ScatterElements, and Scatter (opsets 9 to 10: the same without
/// `reduction`).
static LogicalResult convertScatterElements(GraphImporter &g) {
  ASSIGN_OR_FAIL(data, g.tensorInput(0));
  ASSIGN_OR_FAIL(indices, g.tensorInput(1));
  ASSIGN_OR_FAIL(updates, g.tensorInput(2));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", 0));
  ASSIGN_OR_FAIL(reduction, scatterReduction(g));
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  attrs.add("reduction", ScatterReductionAttr::get(g.context(), reduction));
  ASSIGN_OR_FAIL(r, createInferred<ScatterElementsOp>(
                        g, {data, indices, updates}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertScatterND(GraphImporter &g) {
  ASSIGN_OR_FAIL(data, g.tensorInput(0));
  ASSIGN_OR_FAIL(indices, g.tensorInput(1));
  ASSIGN_OR_FAIL(updates, g.tensorInput(2));
  ASSIGN_OR_FAIL(reduction, scatterReduction(g));
  Attrs attrs{g.builder()};
  attrs.add("reduction", ScatterReductionAttr::get(g.context(), reduction));
  ASSIGN_OR_FAIL(
      r, createInferred<ScatterNDOp>(g, {data, indices, updates}, attrs.list));
  g.setOutput(0, r);
  return success();
}

OpConverter lookupSelectionOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("TopK", convertTopK)
      .Case("OneHot", convertOneHot)
      .Case("GatherND", convertGatherND)
      .Case("ScatterElements", convertScatterElements)
      .Case("Scatter", convertScatterElements)
      .Case("ScatterND", convertScatterND)
      .Default(nullptr);
}

} // namespace seam::detail
