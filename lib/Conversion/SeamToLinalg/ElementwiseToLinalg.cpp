//===- ElementwiseToLinalg.cpp - seam elementwise ops to linalg.generic ---===//
//
// Unary and broadcasting binary seam ops become one linalg.generic each, with
// NumPy broadcasting in the indexing maps and the scalar function in arith /
// math. NaN propagates as ONNX wants: maximumf/minimumf (relu, clip, the
// hard_* clamps) return NaN when either side is NaN.
// seam.batch_norm is x * s[c] + t[c] with s = scale / sqrt(var + eps) and
// t = bias - mean * s, computed at compile time when the parameters are
// constants and by a small per-channel generic otherwise.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include <cmath>

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Scalar bodies
//===----------------------------------------------------------------------===//

/// max(lo, min(hi, x)) without NaN suppression.
Value clamp(OpBuilder &b, Location loc, Value x, std::optional<float> lo,
            std::optional<float> hi) {
  if (lo)
    x = arith::MaximumFOp::create(b, loc, x, scalarLike(b, loc, x, *lo));
  if (hi)
    x = arith::MinimumFOp::create(b, loc, x, scalarLike(b, loc, x, *hi));
  return x;
}

Value scalarBody(ReluOp, OpBuilder &b, Location loc, ValueRange args) {
  Value zero = scalarLike(b, loc, args[0], 0);
  if (isa<FloatType>(args[0].getType()))
    return arith::MaximumFOp::create(b, loc, args[0], zero);
  return maxInts(b, loc, args[0], zero);
}
Value scalarBody(SigmoidOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value one = scalarLike(b, loc, x, 1.0);
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, one,
                               arith::AddFOp::create(b, loc, one, e));
}
Value scalarBody(SiluOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  // x / (1 + exp(-x)): x * sigmoid(x) with one division.
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(
      b, loc, x, arith::AddFOp::create(b, loc, scalarLike(b, loc, x, 1.0), e));
}
Value scalarBody(TanhOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::TanhOp::create(b, loc, args[0]);
}
Value scalarBody(ExpOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::ExpOp::create(b, loc, args[0]);
}
Value scalarBody(SqrtOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::SqrtOp::create(b, loc, args[0]);
}
Value scalarBody(ErfOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::ErfOp::create(b, loc, args[0]);
}
Value scalarBody(GeluOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value half = scalarLike(b, loc, x, 0.5);
  Value one = scalarLike(b, loc, x, 1.0);
  Value cdf;
  if (op.getApproximate() == GeluApproximation::tanh) {
    // tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))
    Value square = arith::MulFOp::create(b, loc, x, x);
    Value cube = arith::MulFOp::create(b, loc, square, x);
    Value term =
        arith::MulFOp::create(b, loc, cube, scalarLike(b, loc, x, 0.044715));
    Value inner = arith::AddFOp::create(b, loc, x, term);
    Value scaled = arith::MulFOp::create(
        b, loc, inner, scalarLike(b, loc, x, 0.7978845608028654));
    cdf = math::TanhOp::create(b, loc, scaled);
  } else {
    Value scaled = arith::MulFOp::create(
        b, loc, x, scalarLike(b, loc, x, 0.7071067811865476));
    cdf = math::ErfOp::create(b, loc, scaled);
  }
  Value shifted = arith::AddFOp::create(b, loc, cdf, one);
  Value halfX = arith::MulFOp::create(b, loc, x, half);
  return arith::MulFOp::create(b, loc, halfX, shifted);
}
Value scalarBody(HardSwishOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  // x * max(0, min(1, x / 6 + 1 / 2)), ONNX's alpha = 1/6, beta = 0.5.
  // One statement per op: the order of nested calls' arguments is
  // unspecified, and the IR must not depend on the compiler.
  Value sixth = scalarLike(b, loc, x, 1.0 / 6.0);
  Value half = scalarLike(b, loc, x, 0.5);
  Value scaled = arith::MulFOp::create(b, loc, x, sixth);
  Value t = arith::AddFOp::create(b, loc, scaled, half);
  Value clamped = clamp(b, loc, t, 0.0f, 1.0f);
  return arith::MulFOp::create(b, loc, x, clamped);
}
Value scalarBody(LeakyReluOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value scaled = arith::MulFOp::create(
      b, loc, x, scalarLike(b, loc, x, op.getAlpha().convertToFloat()));
  // x >= 0 is false for NaN, and alpha * NaN is NaN.
  Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x,
                                         scalarLike(b, loc, x, 0.0));
  return arith::SelectOp::create(b, loc, positive, x, scaled);
}
Value scalarBody(HardSigmoidOp op, OpBuilder &b, Location loc,
                 ValueRange args) {
  Value x = args[0];
  Value alpha = scalarLike(b, loc, x, op.getAlpha().convertToFloat());
  Value beta = scalarLike(b, loc, x, op.getBeta().convertToFloat());
  Value scaled = arith::MulFOp::create(b, loc, x, alpha);
  Value t = arith::AddFOp::create(b, loc, scaled, beta);
  return clamp(b, loc, t, 0.0f, 1.0f);
}
Value scalarBody(ClipOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  std::optional<float> lo, hi;
  if (op.getMin())
    lo = op.getMin()->convertToFloat();
  if (op.getMax())
    hi = op.getMax()->convertToFloat();
  // min(max(x, lo), hi): with lo > hi every element becomes hi, as in ONNX.
  return clamp(b, loc, x, lo, hi);
}

Value scalarBody(AddOp, OpBuilder &b, Location loc, ValueRange args) {
  return addValues(b, loc, args[0], args[1]);
}
Value scalarBody(SubOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isa<FloatType>(args[0].getType()))
    return arith::SubFOp::create(b, loc, args[0], args[1]);
  return arith::SubIOp::create(b, loc, args[0], args[1]);
}
Value scalarBody(MulOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isa<FloatType>(args[0].getType()))
    return arith::MulFOp::create(b, loc, args[0], args[1]);
  return arith::MulIOp::create(b, loc, args[0], args[1]);
}
Value scalarBody(DivOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isa<FloatType>(args[0].getType()))
    return arith::DivFOp::create(b, loc, args[0], args[1]);
  // ONNX's integer Div truncates toward zero.
  return divInts(b, loc, args[0], args[1]);
}
Value scalarBody(PowOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::PowFOp::create(b, loc, args[0], args[1]);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// x ^ 2 and x ^ 3 with a constant exponent as products: exact for negative
/// bases, which math.powf's exp(y * log(x)) expansion is not (ONNX Pow(x, 2)
/// is how exported normalizations square).
struct PowByConstantLowering : OpConversionPattern<PowOp> {
  PowByConstantLowering(MLIRContext *ctx)
      : OpConversionPattern(ctx, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(PowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<std::vector<float>> exponent =
        getF32ConstantData(adaptor.getRhs());
    if (!exponent || exponent->empty() || !llvm::all_equal(*exponent) ||
        (exponent->front() != 2.0f && exponent->front() != 3.0f))
      return rewriter.notifyMatchFailure(op,
                                         "exponent is not a constant 2 or 3");
    bool cube = exponent->front() == 3.0f;
    Value result = buildElementwise(
        rewriter, op.getLoc(), adaptor.getLhs(), op.getType().getShape(),
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          Value square = arith::MulFOp::create(b, loc, args[0], args[0]);
          return cube ? arith::MulFOp::create(b, loc, square, args[0]) : square;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BatchNormLowering : OpConversionPattern<BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    float epsilon = op.getEpsilon().convertToFloat();
    int64_t channels = op.getScale().getType().getDimSize(0);
    Value s, t;
    auto scale = getF32ConstantData(adaptor.getScale());
    auto bias = getF32ConstantData(adaptor.getBias());
    auto mean = getF32ConstantData(adaptor.getMean());
    auto var = getF32ConstantData(adaptor.getVar());
    if (scale && bias && mean && var) {
      std::vector<float> sData(channels), tData(channels);
      for (int64_t c = 0; c < channels; ++c) {
        sData[c] = (*scale)[c] / std::sqrt((*var)[c] + epsilon);
        tData[c] = (*bias)[c] - (*mean)[c] * sData[c];
      }
      s = createF32Constant(rewriter, loc, {channels}, sData, "bn_scale");
      t = createF32Constant(rewriter, loc, {channels}, tData, "bn_shift");
    } else {
      // The same per-channel arithmetic at run time, C elements only.
      s = buildElementwise(
          rewriter, loc, ValueRange{adaptor.getScale(), adaptor.getVar()},
          {channels}, [&](OpBuilder &b, Location l, ValueRange a) -> Value {
            Value sd = math::SqrtOp::create(
                b, l,
                arith::AddFOp::create(b, l, a[1], f32Scalar(b, l, epsilon)));
            return arith::DivFOp::create(b, l, a[0], sd);
          });
      t = buildElementwise(
          rewriter, loc, ValueRange{adaptor.getBias(), adaptor.getMean(), s},
          {channels}, [](OpBuilder &b, Location l, ValueRange a) -> Value {
            return arith::SubFOp::create(
                b, l, a[0], arith::MulFOp::create(b, l, a[1], a[2]));
          });
    }
    // y = x * s[c] + t[c], s and t read through the channel dim.
    ArrayRef<int64_t> shape = op.getType().getShape();
    MLIRContext *ctx = getContext();
    AffineMap id = AffineMap::getMultiDimIdentityMap(shape.size(), ctx);
    AffineMap channel =
        AffineMap::get(shape.size(), 0, getAffineDimExpr(1, ctx));
    Value init = emptyTensor(rewriter, loc, shape);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, init.getType(), ValueRange{adaptor.getInput(), s, t},
            ValueRange{init}, ArrayRef<AffineMap>{id, channel, channel, id},
            parallelIterators(shape.size()),
            [](OpBuilder &b, Location l, ValueRange a) {
              Value scaled = arith::MulFOp::create(b, l, a[0], a[1]);
              linalg::YieldOp::create(
                  b, l, arith::AddFOp::create(b, l, scaled, a[2]).getResult());
            })
            .getResult(0);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void lowering::populateElementwisePatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ScalarBodyLowering<ReluOp, scalarBody>,
               ScalarBodyLowering<SigmoidOp, scalarBody>,
               ScalarBodyLowering<TanhOp, scalarBody>,
               ScalarBodyLowering<ExpOp, scalarBody>,
               ScalarBodyLowering<SqrtOp, scalarBody>,
               ScalarBodyLowering<ErfOp, scalarBody>,
               ScalarBodyLowering<HardSwishOp, scalarBody>,
               ScalarBodyLowering<SiluOp, scalarBody>,
               ScalarBodyLowering<GeluOp, scalarBody>,
               ScalarBodyLowering<LeakyReluOp, scalarBody>,
               ScalarBodyLowering<HardSigmoidOp, scalarBody>,
               ScalarBodyLowering<ClipOp, scalarBody>,
               ScalarBodyLowering<AddOp, scalarBody>,
               ScalarBodyLowering<SubOp, scalarBody>,
               ScalarBodyLowering<MulOp, scalarBody>,
               ScalarBodyLowering<DivOp, scalarBody>,
               ScalarBodyLowering<PowOp, scalarBody>>(ctx);
  patterns.add<BatchNormLowering, PowByConstantLowering>(ctx);
}
