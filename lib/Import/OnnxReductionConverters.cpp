//===- OnnxReductionConverters.cpp - Reductions, ArgMax, Hardmax, CumSum --===//
//
// Converters of ONNX's reductions (ReduceSum, ReduceMean, ReduceMax, ...:
// axes as an attribute, or from ReduceSum-13 and opset 18 as a constant
// input), ArgMax/ArgMin, Hardmax and CumSum (axis as a constant input).
//
//===----------------------------------------------------------------------===//

#include "OnnxConverterUtils.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// A reduction over `axes` (attribute or constant input 1; none or empty:
/// every axis, or the identity with `noop_with_empty_axes`).
template <typename OpTy> static LogicalResult convertReduce(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(keepdims, g.intAttr("keepdims", 1));
  ASSIGN_OR_FAIL(noopEmpty, g.intAttr("noop_with_empty_axes", 0));
  ASSIGN_OR_FAIL(axes, g.intsAttr("axes"));
  if (g.hasInput(1)) {
    ASSIGN_OR_FAIL(in, g.intInput(1));
    axes = SmallVector<int64_t>(in.values.begin(), in.values.end());
  }
  if (axes && axes->empty())
    axes.reset();
  if (!axes && noopEmpty) {
    g.setOutput(0, x);
    return success();
  }
  Attrs attrs{g.builder()};
  attrs.addInts("axes", axes);
  attrs.add("keepdims", g.builder().getBoolAttr(keepdims != 0));
  ASSIGN_OR_FAIL(r, createInferred<OpTy>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

template <typename OpTy>
static LogicalResult convertArgReduce(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", 0));
  ASSIGN_OR_FAIL(keepdims, g.intAttr("keepdims", 1));
  ASSIGN_OR_FAIL(last, g.intAttr("select_last_index", 0));
  mlir::Builder &b = g.builder();
  Attrs attrs{b};
  attrs.add("axis", b.getI64IntegerAttr(axis));
  attrs.add("keepdims", b.getBoolAttr(keepdims != 0));
  attrs.add("select_last_index", b.getBoolAttr(last != 0));
  ASSIGN_OR_FAIL(r, createInferred<OpTy>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertHardmax(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  auto op = HardmaxOp::create(g.builder(), g.loc(), x.getType(), x,
                              g.builder().getI64IntegerAttr(axis));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertCumSum(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  if (!g.hasInput(1))
    return g.error() << "input 'axis' is required";
  ASSIGN_OR_FAIL(axis, g.intInput(1));
  if (axis.values.size() != 1)
    return g.error() << "input 'axis' must hold one value, got "
                     << axis.values.size();
  ASSIGN_OR_FAIL(exclusive, g.intAttr("exclusive", 0));
  ASSIGN_OR_FAIL(reverse, g.intAttr("reverse", 0));
  mlir::Builder &b = g.builder();
  auto op = CumSumOp::create(g.builder(), g.loc(), x.getType(), x,
                             b.getI64IntegerAttr(axis.values.front()),
                             b.getBoolAttr(exclusive != 0),
                             b.getBoolAttr(reverse != 0));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

OpConverter lookupReductionOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("ReduceMean", convertReduce<ReduceMeanOp>)
      .Case("ReduceSum", convertReduce<ReduceSumOp>)
      .Case("ReduceMax", convertReduce<ReduceMaxOp>)
      .Case("ReduceMin", convertReduce<ReduceMinOp>)
      .Case("ReduceProd", convertReduce<ReduceProdOp>)
      .Case("ReduceL1", convertReduce<ReduceL1Op>)
      .Case("ReduceL2", convertReduce<ReduceL2Op>)
      .Case("ReduceLogSum", convertReduce<ReduceLogSumOp>)
      .Case("ReduceLogSumExp", convertReduce<ReduceLogSumExpOp>)
      .Case("ReduceSumSquare", convertReduce<ReduceSumSquareOp>)
      .Case("ArgMax", convertArgReduce<ArgMaxOp>)
      .Case("ArgMin", convertArgReduce<ArgMinOp>)
      .Case("Hardmax", convertHardmax)
      .Case("CumSum", convertCumSum)
      .Default(nullptr);
}

} // namespace seam::detail
