//===- RaiseDecomposedOps.cpp - LayerNorm and GELU from their arithmetic --===//
//
// Exporters write LayerNormalization (before opset 17) and GELU (before
// opset 20) as the arithmetic that defines them: PyTorch's LayerNorm is
// ReduceMean, Sub, Pow, ReduceMean, Add, Sqrt, Div, Mul, Add; its GELU is
// x * (1 + erf(x / sqrt(2))) * 0.5, or the tanh approximation spelled out.
// Nine ops and eight tensors of a sequence's size become one seam.layer_norm,
// five become one seam.gelu: one oneDNN layer_normalization primitive, one
// eltwise post-op of the matmul before it, one fused loop when compiled.
//
//===----------------------------------------------------------------------===//

#include "seam/Transforms/Passes.h"

#include "seam/SeamOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace seam {
#define GEN_PASS_DEF_SEAMRAISEDECOMPOSEDOPSPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// The value of every element of the float constant `value`, if it is one.
std::optional<double> splatValue(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !isa<FloatType>(attr.getElementType()))
    return std::nullopt;
  return attr.getSplatValue<APFloat>().convertToDouble();
}

/// Whether `value` is a float constant whose elements are all `expected`, up
/// to the rounding of a decimal constant to f32.
bool isSplat(Value value, double expected) {
  std::optional<double> actual = splatValue(value);
  return actual && std::abs(*actual - expected) <= 1e-6 * std::abs(expected);
}

/// The other operand of the commutative `op` when one of its operands is
/// `known`.
Value otherOperand(Operation *op, Value known) {
  if (op->getOperand(0) == known)
    return op->getOperand(1);
  if (op->getOperand(1) == known)
    return op->getOperand(0);
  return {};
}

/// `value` as a product: the product of its constant factors and its other
/// factors, through seam.mul and division by a constant.
struct Product {
  double constant = 1.0;
  SmallVector<Value> factors;
};

void collectFactors(Value value, Product &product) {
  if (std::optional<double> c = splatValue(value)) {
    product.constant *= *c;
    return;
  }
  if (auto mul = value.getDefiningOp<MulOp>()) {
    if (mul.getType() == value.getType()) {
      collectFactors(mul.getLhs(), product);
      collectFactors(mul.getRhs(), product);
      return;
    }
  }
  if (auto div = value.getDefiningOp<DivOp>()) {
    std::optional<double> c = splatValue(div.getRhs());
    if (c && *c != 0.0 && div.getLhs().getType() == value.getType()) {
      collectFactors(div.getLhs(), product);
      product.constant /= *c;
      return;
    }
  }
  product.factors.push_back(value);
}

Product productOf(Value value) {
  Product product;
  collectFactors(value, product);
  return product;
}

/// The power of `x` that `factors` multiply to (x, x * x, pow(x, 3), ...),
/// or -1 when one of them is not a power of x.
int powerOf(Value x, ArrayRef<Value> factors) {
  int power = 0;
  for (Value f : factors) {
    if (f == x) {
      ++power;
      continue;
    }
    auto pow = f.getDefiningOp<PowOp>();
    std::optional<double> exponent =
        pow ? splatValue(pow.getRhs()) : std::nullopt;
    if (!pow || pow.getLhs() != x || !exponent ||
        *exponent != std::round(*exponent))
      return -1;
    power += static_cast<int>(*exponent);
  }
  return power;
}

/// `value` = 1 + `Op`(arg): arg, else null.
template <typename Op> Value onePlus(Value value) {
  auto add = value.getDefiningOp<AddOp>();
  if (!add)
    return {};
  for (auto [one, other] : {std::pair(add.getLhs(), add.getRhs()),
                            std::pair(add.getRhs(), add.getLhs())})
    if (isSplat(one, 1.0) && other.getType() == value.getType())
      if (auto op = other.template getDefiningOp<Op>())
        return op.getInput();
  return {};
}

/// 0.5 * x * (1 + erf(x / sqrt(2)))                            -> gelu(x)
/// 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))   -> gelu(x)
/// with the products in any order and grouping (`x * 0.5`, `/ 2`, ...):
/// rooted at the last multiply (`Root` seam.mul) or division (seam.div).
template <typename Root> struct RaiseGelu : OpRewritePattern<Root> {
  using OpRewritePattern<Root>::OpRewritePattern;

  LogicalResult matchAndRewrite(Root mul,
                                PatternRewriter &rewriter) const override {
    Product product = productOf(mul.getResult());
    if (product.factors.size() != 2 || std::abs(product.constant - 0.5) > 1e-6)
      return failure();
    for (auto [x, cdf] : {std::pair(product.factors[0], product.factors[1]),
                          std::pair(product.factors[1], product.factors[0])}) {
      if (x.getType() != mul.getType())
        continue;
      if (std::optional<GeluApproximation> kind = matchCdf(x, cdf)) {
        rewriter.template replaceOpWithNewOp<GeluOp>(mul, x, *kind);
        return success();
      }
    }
    return failure();
  }

  /// Which form of 1 + (2 * Phi(x) - 1) `cdf` is, if any.
  static std::optional<GeluApproximation> matchCdf(Value x, Value cdf) {
    if (Value arg = onePlus<ErfOp>(cdf)) {
      Product scaled = productOf(arg);
      if (scaled.factors.size() == 1 && scaled.factors[0] == x &&
          std::abs(scaled.constant - M_SQRT1_2) <= 1e-6)
        return GeluApproximation::none;
    }
    if (Value arg = onePlus<TanhOp>(cdf)) {
      Product scaled = productOf(arg);
      if (scaled.factors.size() != 1 ||
          std::abs(scaled.constant - std::sqrt(2.0 / M_PI)) > 1e-6)
        return std::nullopt;
      auto sum = scaled.factors[0].getDefiningOp<AddOp>();
      Value cubic = sum ? otherOperand(sum, x) : Value();
      if (!cubic || sum.getType() != x.getType())
        return std::nullopt;
      Product term = productOf(cubic);
      if (std::abs(term.constant - 0.044715) <= 1e-6 &&
          powerOf(x, term.factors) == 3)
        return GeluApproximation::tanh;
    }
    return std::nullopt;
  }
};

/// The axes [first, rank) that `reduce` averages over, keeping them, or -1.
int64_t trailingMeanAxis(ReduceMeanOp reduce) {
  if (!reduce || !reduce.getKeepdims() || !reduce.getAxes())
    return -1;
  SmallVector<int64_t> axes = reduce.getNormalizedAxes();
  int64_t rank = reduce.getInput().getType().getRank();
  if (axes.empty() || axes.back() != rank - 1)
    return -1;
  for (size_t i = 1; i < axes.size(); ++i)
    if (axes[i] != axes[i - 1] + 1)
      return -1;
  return axes.front();
}

/// Whether `param` varies only along the dims from `axis` (it broadcasts,
/// NumPy-style, to `shape` without widening the result).
bool isParameterOfTrailingDims(Value param, ArrayRef<int64_t> shape,
                               int64_t axis) {
  auto type = dyn_cast<RankedTensorType>(param.getType());
  if (!type || type.getRank() > static_cast<int64_t>(shape.size()) - axis)
    return false;
  for (auto [dim, full] :
       llvm::zip(llvm::reverse(type.getShape()), llvm::reverse(shape)))
    if (dim != 1 && dim != full)
      return false;
  return true;
}

/// d = x - mean(x); d / sqrt(mean(d^2) + eps) [* scale] [+ bias], the means
/// over the trailing axes from `axis` -> seam.layer_norm(x, scale, bias).
/// Rooted at the division; the scale and bias are the division's only user
/// and that one's only user.
struct RaiseLayerNorm : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DivOp div,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(div.getType());
    if (!type || !isa<FloatType>(type.getElementType()))
      return failure();
    auto centered = div.getLhs().getDefiningOp<SubOp>();
    auto sqrt = div.getRhs().getDefiningOp<SqrtOp>();
    if (!centered || !sqrt || centered.getType() != type)
      return failure();
    Value x = centered.getLhs();
    auto mean = centered.getRhs().getDefiningOp<ReduceMeanOp>();
    int64_t axis = trailingMeanAxis(mean);
    if (x.getType() != type || axis < 0 || mean.getInput() != x)
      return failure();
    // sqrt(mean(d^2) + eps)
    auto shifted = sqrt.getInput().getDefiningOp<AddOp>();
    if (!shifted)
      return failure();
    ReduceMeanOp variance;
    std::optional<double> epsilon;
    for (auto [lhs, rhs] : {std::pair(shifted.getLhs(), shifted.getRhs()),
                            std::pair(shifted.getRhs(), shifted.getLhs())})
      if ((epsilon = splatValue(rhs)) &&
          (variance = lhs.getDefiningOp<ReduceMeanOp>()))
        break;
    if (!epsilon || !variance || *epsilon < 0 ||
        trailingMeanAxis(variance) != axis)
      return failure();
    Product square = productOf(variance.getInput());
    if (square.constant != 1.0 ||
        powerOf(centered.getResult(), square.factors) != 2)
      return failure();

    // The affine part: `* scale` then `+ bias`, each the only user.
    Operation *last = div;
    Value scale, bias;
    auto onlyUser = [](Operation *op) -> Operation * {
      return op->hasOneUse() ? *op->user_begin() : nullptr;
    };
    auto parameter = [&](Operation *user) -> Value {
      if (!user || user->getResult(0).getType() != type)
        return {};
      Value other = otherOperand(user, last->getResult(0));
      return other && isParameterOfTrailingDims(other, type.getShape(), axis)
                 ? other
                 : Value();
    };
    if (Operation *user = onlyUser(last); user && isa<MulOp>(user))
      if ((scale = parameter(user)))
        last = user;
    if (Operation *user = onlyUser(last); user && isa<AddOp>(user))
      if ((bias = parameter(user)))
        last = user;
    if (!scale) {
      auto ones = RankedTensorType::get(type.getShape().drop_front(axis),
                                        type.getElementType());
      scale = arith::ConstantOp::create(
          rewriter, div.getLoc(),
          DenseElementsAttr::get(
              ones, rewriter.getFloatAttr(type.getElementType(), 1.0)));
    }
    rewriter.setInsertionPoint(last);
    auto norm = LayerNormOp::create(
        rewriter, last->getLoc(), x, scale, bias,
        rewriter.getI64IntegerAttr(axis),
        rewriter.getF32FloatAttr(static_cast<float>(*epsilon)));
    rewriter.replaceOp(last, norm.getOutput());
    return success();
  }
};

struct RaiseDecomposedOpsPass
    : seam::impl::SeamRaiseDecomposedOpsPassBase<RaiseDecomposedOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RaiseGelu<MulOp>, RaiseGelu<DivOp>, RaiseLayerNorm>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
