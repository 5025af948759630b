//===- OnnxLossConverters.cpp - LogSoftmax and the loss functions ---------===//
//
// LogSoftmax becomes seam.log_softmax. NegativeLogLikelihoodLoss and
// SoftmaxCrossEntropyLoss are decomposed as ONNX's function bodies define
// them: the target's class is read with gather_elements along the class
// axis, weighted per class (gather), masked where it is ignore_index
// (where), negated, and reduced (none, sum, or mean over the applied
// weights).
//
//===----------------------------------------------------------------------===//

#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

static LogicalResult convertLogSoftmax(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  auto op = LogSoftmaxOp::create(g.builder(), g.loc(), x.getType(), x,
                                 g.builder().getI64IntegerAttr(axis));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

/// The loss of log-probabilities `logProb` (N x C x d...) for `target`
/// (N x d...), with the optional class `weight` (C) and the node's
/// `reduction` and `ignore_index`.
static FailureOr<Value> nllLoss(GraphImporter &g, Value logProb, Value target,
                                Value weight) {
  ASSIGN_OR_FAIL(reduction, g.stringAttr("reduction", "mean"));
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    return g.error() << "reduction '" << reduction
                     << "' is not none, sum or mean";
  auto inType = cast<RankedTensorType>(logProb.getType());
  auto targetType = cast<RankedTensorType>(target.getType());
  if (inType.getRank() < 2 || targetType.getRank() != inType.getRank() - 1)
    return g.error() << "input must be N x C x d... and target N x d..., got ["
                     << inType.getShape() << "] and [" << targetType.getShape()
                     << "]";
  Type elementType = inType.getElementType();
  Type indexType = targetType.getElementType();
  Value mask;
  Value safeTarget = target;
  if (const onnx::AttributeProto *attr = g.findAttr("ignore_index")) {
    (void)attr;
    ASSIGN_OR_FAIL(ignore, g.intAttr("ignore_index", 0));
    Value ignored = intConstant(g, indexType, ignore);
    ASSIGN_OR_FAIL(eq, createInferred<EqualOp>(g, {target, ignored}));
    ASSIGN_OR_FAIL(keep, createSameType<NotOp>(g, eq));
    mask = keep;
    // Ignored positions read class 0, then count for nothing.
    ASSIGN_OR_FAIL(zero, createInferred<WhereOp>(
                             g, {keep, target, intConstant(g, indexType, 0)}));
    safeTarget = zero;
  }
  // logProb[n, target[n, d...], d...] via gather_elements on axis 1.
  SmallVector<int64_t> withClass(targetType.getShape());
  withClass.insert(withClass.begin() + 1, 1);
  ASSIGN_OR_FAIL(index, reshapeValue(g, safeTarget, withClass));
  Attrs axis1{g.builder()};
  axis1.add("axis", g.builder().getI64IntegerAttr(1));
  ASSIGN_OR_FAIL(picked, createInferred<GatherElementsOp>(g, {logProb, index},
                                                          axis1.list));
  ASSIGN_OR_FAIL(values, reshapeValue(g, picked, targetType.getShape()));
  // The weight of each target's class (1 without weights), 0 where ignored.
  Value w;
  if (weight) {
    Attrs axis0{g.builder()};
    axis0.add("axis", g.builder().getI64IntegerAttr(0));
    ASSIGN_OR_FAIL(
        gw, createInferred<GatherOp>(g, {weight, safeTarget}, axis0.list));
    w = gw;
  }
  if (mask) {
    Value kept = w ? w : floatConstant(g, elementType, 1);
    ASSIGN_OR_FAIL(mw, createInferred<WhereOp>(
                           g, {mask, kept, floatConstant(g, elementType, 0)}));
    w = mw;
  }
  Value weighted = values;
  if (w) {
    ASSIGN_OR_FAIL(m, createInferred<MulOp>(g, {values, w}));
    weighted = m;
  }
  ASSIGN_OR_FAIL(loss, createSameType<NegOp>(g, weighted));
  if (reduction == "none")
    return loss;
  Attrs all{g.builder()};
  all.add("keepdims", g.builder().getBoolAttr(false));
  ASSIGN_OR_FAIL(sum, createInferred<ReduceSumOp>(g, {loss}, all.list));
  if (reduction == "sum")
    return sum;
  if (!w) {
    int64_t count = targetType.getNumElements();
    return createInferred<DivOp>(
        g, {sum, floatConstant(g, elementType, static_cast<double>(count))});
  }
  ASSIGN_OR_FAIL(total, createInferred<ReduceSumOp>(g, {w}, all.list));
  return createInferred<DivOp>(g, {sum, total});
}

/// NegativeLogLikelihoodLoss (input: log-probabilities) and, `fromScores`,
/// SoftmaxCrossEntropyLoss (input: scores; their log_softmax on the class
/// axis is its second output).
template <bool fromScores> static LogicalResult convertLoss(GraphImporter &g) {
  ASSIGN_OR_FAIL(input, g.tensorInput(0));
  ASSIGN_OR_FAIL(target, g.tensorInput(1));
  Value weight;
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(w, g.tensorInput(2));
    weight = w;
  }
  Value logProb = input;
  if (fromScores) {
    auto op = LogSoftmaxOp::create(g.builder(), g.loc(), input.getType(), input,
                                   g.builder().getI64IntegerAttr(1));
    if (failed(verifyCreated(g, op)))
      return failure();
    logProb = op.getResult();
    g.setOutput(1, logProb);
  }
  ASSIGN_OR_FAIL(loss, nllLoss(g, logProb, target, weight));
  g.setOutput(0, loss);
  return success();
}

OpConverter lookupLossOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("LogSoftmax", convertLogSoftmax)
      .Case("NegativeLogLikelihoodLoss", convertLoss<false>)
      .Case("SoftmaxCrossEntropyLoss", convertLoss<true>)
      .Default(nullptr);
}

} // namespace seam::detail
