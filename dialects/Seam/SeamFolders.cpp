//===- SeamFolders.cpp - Folds of the seam ops ----------------------------===//
//
// Folds that are always right: elementwise ops on splat constants, identity
// reshapes/transposes/pads/slices/concats, reshape of reshape, transpose of
// transpose, and multiplicative/additive identities that are exact in IEEE
// arithmetic (x * 1, x / 1, x - 0, x ^ 1).
//
//===----------------------------------------------------------------------===//

#include "Seam/SeamOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include <cmath>

using namespace mlir;
using namespace mlir::seam;

//===----------------------------------------------------------------------===//
// Elementwise ops on splats
//===----------------------------------------------------------------------===//

/// Applies `fn` to a splat f32 constant, giving a splat of `resultType`.
template <typename Fn>
static OpFoldResult foldUnarySplat(Attribute input, Type resultType, Fn fn) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(input);
  if (!splat)
    return {};
  float x = splat.getSplatValue<APFloat>().convertToFloat();
  return DenseElementsAttr::get(cast<ShapedType>(resultType), APFloat(fn(x)));
}

OpFoldResult ReluOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [](float x) { return x > 0.0f ? x : 0.0f; });
}
OpFoldResult SigmoidOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [](float x) { return 1.0f / (1.0f + std::exp(-x)); });
}
OpFoldResult TanhOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [](float x) { return std::tanh(x); });
}
OpFoldResult ExpOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [](float x) { return std::exp(x); });
}
OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [](float x) { return std::sqrt(x); });
}
OpFoldResult ErfOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [](float x) { return std::erf(x); });
}
OpFoldResult HardSwishOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(adaptor.getInput(), getType(), [](float x) {
    return x * std::clamp(x / 6.0f + 0.5f, 0.0f, 1.0f);
  });
}
OpFoldResult LeakyReluOp::fold(FoldAdaptor adaptor) {
  float alpha = getAlpha().convertToFloat();
  return foldUnarySplat(adaptor.getInput(), getType(),
                        [&](float x) { return x >= 0.0f ? x : alpha * x; });
}
OpFoldResult HardSigmoidOp::fold(FoldAdaptor adaptor) {
  float alpha = getAlpha().convertToFloat(), beta = getBeta().convertToFloat();
  return foldUnarySplat(adaptor.getInput(), getType(), [&](float x) {
    return std::clamp(alpha * x + beta, 0.0f, 1.0f);
  });
}
OpFoldResult ClipOp::fold(FoldAdaptor adaptor) {
  // A clip without bounds is the identity.
  if (!getMin() && !getMax())
    return getInput();
  std::optional<float> lo, hi;
  if (getMin())
    lo = getMin()->convertToFloat();
  if (getMax())
    hi = getMax()->convertToFloat();
  return foldUnarySplat(adaptor.getInput(), getType(), [&](float x) {
    if (lo && x < *lo)
      x = *lo;
    if (hi && x > *hi)
      x = *hi;
    return x;
  });
}

/// Applies `fn` to two splat f32 constants, giving a splat of `resultType`.
template <typename Fn>
static OpFoldResult foldBinarySplat(Attribute lhs, Attribute rhs,
                                    Type resultType, Fn fn) {
  auto l = dyn_cast_or_null<SplatElementsAttr>(lhs);
  auto r = dyn_cast_or_null<SplatElementsAttr>(rhs);
  if (!l || !r)
    return {};
  float a = l.getSplatValue<APFloat>().convertToFloat();
  float b = r.getSplatValue<APFloat>().convertToFloat();
  return DenseElementsAttr::get(cast<ShapedType>(resultType), APFloat(fn(a, b)));
}

/// True if `rhs` is a splat of exactly `value` (bit for bit: -0.0 is not
/// +0.0) and `lhs` already has the result type, so that `lhs op rhs` is `lhs`.
static bool isIdentityOperand(Value lhs, Attribute rhs, Type resultType,
                              float value) {
  auto r = dyn_cast_or_null<SplatElementsAttr>(rhs);
  return r && lhs.getType() == resultType &&
         r.getSplatValue<APFloat>().bitwiseIsEqual(APFloat(value));
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  return foldBinarySplat(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         [](float a, float b) { return a + b; });
}
OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 0.0f))
    return getLhs();
  return foldBinarySplat(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         [](float a, float b) { return a - b; });
}
OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 1.0f))
    return getLhs();
  return foldBinarySplat(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         [](float a, float b) { return a * b; });
}
OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 1.0f))
    return getLhs();
  return foldBinarySplat(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         [](float a, float b) { return a / b; });
}
OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 1.0f))
    return getLhs();
  return foldBinarySplat(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         [](float a, float b) { return std::pow(a, b); });
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1)
    return getInputs().front();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  // reshape(reshape(x)) -> reshape(x): only the final shape matters.
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput()))
    return dense.reshape(getType());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> perm = getPerm();
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return getInput();
  // transpose(transpose(x, p1), p2) -> transpose(x, p1[p2[i]]).
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    SmallVector<int64_t> composed;
    for (int64_t p : perm)
      composed.push_back(inner.getPerm()[p]);
    getInputMutable().assign(inner.getInput());
    setPerm(composed);
    if (llvm::equal(composed, llvm::seq<int64_t>(0, composed.size())))
      return getInput();
    return getResult();
  }
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    return splat.reshape(getType());
  return {};
}

OpFoldResult PadOp::fold(FoldAdaptor) {
  if (llvm::all_of(getPads(), [](int64_t p) { return p == 0; }))
    return getInput();
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType() &&
      llvm::all_of(getDimSlices(),
                   [](const DimSlice &d) { return d.step == 1; }))
    return getInput();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    return DenseElementsAttr::get(getType(), splat.getSplatValue<Attribute>());
  return {};
}
