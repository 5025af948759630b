//===- OnnxMlLinear.cpp - LinearRegressor and LinearClassifier ------------===//
//
// ai.onnx.ml's linear models as a matmul with the import-time coefficient
// matrix, plus the intercepts, then post_transform (OnnxMlConverters.cpp)
// as ONNX Runtime applies it. The classifier labels each sample by the
// class of the largest raw score (the first on ties), before the
// transform, as ONNX Runtime does; one row of coefficients for two labels
// labels by the score's sign and gives the scores [1 - s, s].
//
//===----------------------------------------------------------------------===//

#include "OnnxMlConverters.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

/// Rows (targets or classes) at most.
constexpr int64_t kMaxRows = int64_t(1) << 20;

/// X [N, C] as float32: Y = X coefficients^T + intercepts, [N, rows].
FailureOr<Value> linearScores(GraphImporter &g, int64_t rows) {
  ASSIGN_OR_FAIL(x, mlMatrixInput(g));
  int64_t c = cast<RankedTensorType>(x.getType()).getDimSize(1);
  ASSIGN_OR_FAIL(coefficients, mlFloats(g, "coefficients"));
  ASSIGN_OR_FAIL(intercepts, mlFloats(g, "intercepts"));
  if (rows < 1 || rows > kMaxRows)
    return g.error() << rows << " targets or classes is not in [1, " << kMaxRows
                     << "]";
  if (static_cast<int64_t>(coefficients.size()) != rows * c)
    return g.error() << "coefficients has " << coefficients.size()
                     << " values; expected " << rows << " x " << c
                     << " (targets or classes x input features)";
  if (!intercepts.empty() && static_cast<int64_t>(intercepts.size()) != rows)
    return g.error() << "intercepts has " << intercepts.size()
                     << " values; expected none or " << rows;
  // The coefficients transposed: [C, rows].
  std::vector<float> w(c * rows);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < c; ++i)
      w[i * rows + r] = static_cast<float>(coefficients[r * c + i]);
  Value weights = g.createConstant({c, rows}, w, "coefficients");
  ASSIGN_OR_FAIL(y, createInferred<MatMulOp>(g, {x, weights}));
  if (intercepts.empty())
    return y;
  std::vector<float> b(intercepts.begin(), intercepts.end());
  Value bias = g.createConstant({1, rows}, b, "intercepts");
  return createInferred<AddOp>(g, {y, bias});
}

} // namespace

LogicalResult convertLinearRegressor(GraphImporter &g) {
  ASSIGN_OR_FAIL(targets, g.intAttr("targets", 1));
  ASSIGN_OR_FAIL(transform, mlRegressorPostTransform(g, targets));
  ASSIGN_OR_FAIL(y, linearScores(g, targets));
  ASSIGN_OR_FAIL(out, applyPostTransform(g, y, transform));
  g.setOutput(0, out);
  return success();
}

LogicalResult convertLinearClassifier(GraphImporter &g) {
  if (g.findAttr("classlabels_strings"))
    return refuseStrings(g, "classlabels_strings");
  ASSIGN_OR_FAIL(labels, mlInts(g, "classlabels_ints"));
  ASSIGN_OR_FAIL(transform, mlPostTransform(g));
  // multi_class only documents how the model was trained.
  ASSIGN_OR_FAIL(multiClass, g.intAttr("multi_class", 0));
  (void)multiClass;
  int64_t classes = static_cast<int64_t>(labels.size());
  // One row of coefficients per intercept, as ONNX Runtime counts them.
  ASSIGN_OR_FAIL(intercepts, mlFloats(g, "intercepts"));
  int64_t rows =
      intercepts.empty() ? classes : static_cast<int64_t>(intercepts.size());
  bool oneRow = rows == 1 && classes == 2;
  if (classes < 2 || (rows != classes && !oneRow))
    return g.error() << classes << " class labels for " << rows
                     << " rows of coefficients; expected as many labels as "
                        "rows (at least 2), or 2 labels for one row";
  if (oneRow && transform != PostTransform::None)
    return g.error() << "one row of coefficients for two labels with "
                        "post_transform other than NONE: ONNX Runtime "
                        "writes [1 - s, s] of the raw score s whatever the "
                        "transform; Seam refuses the ambiguity";
  ASSIGN_OR_FAIL(scores, linearScores(g, rows));
  Builder &b = g.builder();
  Type i64 = b.getI64Type(), f32 = b.getF32Type();
  if (oneRow) {
    // The label of the raw score's sign; the scores [1 - s, s].
    ASSIGN_OR_FAIL(positive, createInferred<GreaterOp>(
                                 g, {scores, floatConstant(g, f32, 0)}));
    ASSIGN_OR_FAIL(picked, createInferred<WhereOp>(
                               g, {positive, intConstant(g, i64, labels[1]),
                                   intConstant(g, i64, labels[0])}));
    int64_t n = cast<RankedTensorType>(scores.getType()).getDimSize(0);
    ASSIGN_OR_FAIL(label, reshapeValue(g, picked, {n}));
    ASSIGN_OR_FAIL(
        rest, createInferred<SubOp>(g, {floatConstant(g, f32, 1), scores}));
    Attrs axis1{b};
    axis1.add("axis", b.getI64IntegerAttr(1));
    ASSIGN_OR_FAIL(z, createInferred<ConcatOp>(g, {rest, scores}, axis1.list));
    g.setOutput(0, label);
    g.setOutput(1, z);
    return success();
  }
  Attrs argAttrs{b};
  argAttrs.add("axis", b.getI64IntegerAttr(1));
  argAttrs.add("keepdims", b.getBoolAttr(false));
  ASSIGN_OR_FAIL(best, createInferred<ArgMaxOp>(g, {scores}, argAttrs.list));
  Attrs axis0{b};
  axis0.add("axis", b.getI64IntegerAttr(0));
  ASSIGN_OR_FAIL(label,
                 createInferred<GatherOp>(
                     g, {i64Constant(g, {classes}, labels), best}, axis0.list));
  ASSIGN_OR_FAIL(z, applyPostTransform(g, scores, transform));
  g.setOutput(0, label);
  g.setOutput(1, z);
  return success();
}

} // namespace seam::detail
