//===- MathToLinalg.cpp - seam math ops, min/max/mod/prelu to linalg ------===//
//
// The unary math ops (neg, abs, sign, reciprocal, rounding, logarithm,
// trigonometric and hyperbolic functions, the softplus family, elu, selu,
// celu, thresholded_relu) and the binary min, max, mod and prelu, as one
// linalg.generic each with NumPy broadcasting. Floats go to the math dialect
// (libm and libmvec at the end of the pipeline); f16 is computed in f32.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

bool isFloat(Value v) { return isa<FloatType>(v.getType()); }

/// log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)).
Value softplus(OpBuilder &b, Location loc, Value x) {
  Value zero = scalarLike(b, loc, x, 0);
  Value pos = arith::MaximumFOp::create(b, loc, x, zero);
  Value negAbs = arith::NegFOp::create(b, loc, math::AbsFOp::create(b, loc, x));
  Value tail =
      math::Log1pOp::create(b, loc, math::ExpOp::create(b, loc, negAbs));
  return arith::AddFOp::create(b, loc, pos, tail);
}

/// alpha * (exp(x) - 1), with expm1 for accuracy near 0.
Value expMinusOne(OpBuilder &b, Location loc, Value x, float alpha) {
  Value e = math::ExpM1Op::create(b, loc, x);
  return arith::MulFOp::create(b, loc, e, scalarLike(b, loc, x, alpha));
}

Value scalarBody(NegOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isFloat(args[0]))
    return arith::NegFOp::create(b, loc, args[0]);
  return arith::SubIOp::create(b, loc, scalarLike(b, loc, args[0], 0), args[0]);
}
Value scalarBody(AbsOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isFloat(args[0]))
    return math::AbsFOp::create(b, loc, args[0]);
  if (isUnsigned(args[0].getType()))
    return args[0];
  return math::AbsIOp::create(b, loc, args[0]);
}
Value scalarBody(SignOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value zero = scalarLike(b, loc, x, 0);
  Value one = scalarLike(b, loc, x, 1), minusOne = scalarLike(b, loc, x, -1);
  Value positive, negative;
  if (isFloat(x)) {
    positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    negative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
  } else {
    Type type = x.getType();
    positive = arith::CmpIOp::create(
        b, loc, intPredicate(type, arith::CmpIPredicate::sgt), x, zero);
    negative = arith::CmpIOp::create(
        b, loc, intPredicate(type, arith::CmpIPredicate::slt), x, zero);
  }
  // Zero (and NaN) stay as they are.
  Value rest = arith::SelectOp::create(b, loc, negative, minusOne, x);
  return arith::SelectOp::create(b, loc, positive, one, rest);
}
Value scalarBody(ReciprocalOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::DivFOp::create(b, loc, scalarLike(b, loc, args[0], 1), args[0]);
}

#define SEAM_MATH_BODY(OP, MATH_OP)                                            \
  Value scalarBody(OP, OpBuilder &b, Location loc, ValueRange args) {          \
    return math::MATH_OP::create(b, loc, args[0]);                             \
  }
SEAM_MATH_BODY(FloorOp, FloorOp)
SEAM_MATH_BODY(CeilOp, CeilOp)
SEAM_MATH_BODY(RoundOp, RoundEvenOp)
SEAM_MATH_BODY(LogOp, LogOp)
SEAM_MATH_BODY(SinOp, SinOp)
SEAM_MATH_BODY(CosOp, CosOp)
SEAM_MATH_BODY(TanOp, TanOp)
SEAM_MATH_BODY(AsinOp, AsinOp)
SEAM_MATH_BODY(AcosOp, AcosOp)
SEAM_MATH_BODY(AtanOp, AtanOp)
SEAM_MATH_BODY(SinhOp, SinhOp)
SEAM_MATH_BODY(CoshOp, CoshOp)
SEAM_MATH_BODY(AsinhOp, AsinhOp)
SEAM_MATH_BODY(AcoshOp, AcoshOp)
SEAM_MATH_BODY(AtanhOp, AtanhOp)
#undef SEAM_MATH_BODY

Value scalarBody(SoftplusOp, OpBuilder &b, Location loc, ValueRange args) {
  return softplus(b, loc, args[0]);
}
Value scalarBody(SoftsignOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value abs = math::AbsFOp::create(b, loc, x);
  Value d = arith::AddFOp::create(b, loc, scalarLike(b, loc, x, 1), abs);
  return arith::DivFOp::create(b, loc, x, d);
}
Value scalarBody(MishOp, OpBuilder &b, Location loc, ValueRange args) {
  Value t = math::TanhOp::create(b, loc, softplus(b, loc, args[0]));
  return arith::MulFOp::create(b, loc, args[0], t);
}
Value scalarBody(EluOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value neg = expMinusOne(b, loc, x, op.getAlpha().convertToFloat());
  Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x,
                                         scalarLike(b, loc, x, 0));
  return arith::SelectOp::create(b, loc, positive, x, neg);
}
Value scalarBody(SeluOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value neg = expMinusOne(b, loc, x, op.getAlpha().convertToFloat());
  Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x,
                                         scalarLike(b, loc, x, 0));
  Value y = arith::SelectOp::create(b, loc, positive, x, neg);
  return arith::MulFOp::create(
      b, loc, y, scalarLike(b, loc, x, op.getGamma().convertToFloat()));
}
Value scalarBody(CeluOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  float alpha = op.getAlpha().convertToFloat();
  Value zero = scalarLike(b, loc, x, 0);
  Value scaled = arith::DivFOp::create(b, loc, x, scalarLike(b, loc, x, alpha));
  Value neg = expMinusOne(b, loc, scaled, alpha);
  Value lo = arith::MinimumFOp::create(b, loc, zero, neg);
  Value hi = arith::MaximumFOp::create(b, loc, zero, x);
  return arith::AddFOp::create(b, loc, hi, lo);
}
Value scalarBody(ThresholdedReluOp op, OpBuilder &b, Location loc,
                 ValueRange args) {
  Value x = args[0];
  Value alpha = scalarLike(b, loc, x, op.getAlpha().convertToFloat());
  Value above =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, alpha);
  return arith::SelectOp::create(b, loc, above, x, scalarLike(b, loc, x, 0));
}

Value scalarBody(MinOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isFloat(args[0]))
    return arith::MinimumFOp::create(b, loc, args[0], args[1]);
  return minInts(b, loc, args[0], args[1]);
}
Value scalarBody(MaxOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isFloat(args[0]))
    return arith::MaximumFOp::create(b, loc, args[0], args[1]);
  return maxInts(b, loc, args[0], args[1]);
}
Value scalarBody(ModOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0], y = args[1];
  if (isFloat(x)) // The verifier requires fmod: C's fmod is frem.
    return arith::RemFOp::create(b, loc, x, y);
  if (isUnsigned(x.getType())) // No signs: fmod and Python's % agree.
    return arith::RemUIOp::create(b, loc, x, y);
  Value r = arith::RemSIOp::create(b, loc, x, y);
  if (op.getFmod())
    return r;
  // Python's %: a non-zero remainder takes the divisor's sign.
  Value zero = scalarLike(b, loc, x, 0);
  Value nonZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, r, zero);
  Value rNeg =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, r, zero);
  Value yNeg =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, y, zero);
  Value signsDiffer = arith::XOrIOp::create(b, loc, rNeg, yNeg);
  Value adjust = arith::AndIOp::create(b, loc, nonZero, signsDiffer);
  Value shifted = arith::AddIOp::create(b, loc, r, y);
  return arith::SelectOp::create(b, loc, adjust, shifted, r);
}
/// x << y or x >> y (logical); a shift by the bit width or more is 0, as
/// in NumPy (arith.shli / shrui would give poison: the amount is clamped).
Value scalarBody(BitShiftOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0], y = args[1];
  Type type = x.getType();
  Value width = scalarOfType(b, loc, type, type.getIntOrFloatBitWidth());
  Value zero = scalarLike(b, loc, x, 0);
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, y, width);
  Value amount = arith::SelectOp::create(b, loc, inRange, y, zero);
  Value shifted = op.getDirection() == ShiftDirection::left
                      ? arith::ShLIOp::create(b, loc, x, amount).getResult()
                      : arith::ShRUIOp::create(b, loc, x, amount).getResult();
  return arith::SelectOp::create(b, loc, inRange, shifted, zero);
}
Value scalarBody(PReluOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0], slope = args[1];
  Value zero = scalarLike(b, loc, x, 0);
  Value nonNegative, scaled;
  if (isFloat(x)) {
    nonNegative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, zero);
    scaled = arith::MulFOp::create(b, loc, x, slope);
  } else {
    nonNegative = arith::CmpIOp::create(
        b, loc, intPredicate(x.getType(), arith::CmpIPredicate::sge), x, zero);
    scaled = arith::MulIOp::create(b, loc, x, slope);
  }
  return arith::SelectOp::create(b, loc, nonNegative, x, scaled);
}

} // namespace

void lowering::populateMathPatterns(RewritePatternSet &patterns) {
  patterns.add<ScalarBodyLowering<NegOp, scalarBody>,
               ScalarBodyLowering<AbsOp, scalarBody>,
               ScalarBodyLowering<SignOp, scalarBody>,
               ScalarBodyLowering<ReciprocalOp, scalarBody>,
               ScalarBodyLowering<FloorOp, scalarBody>,
               ScalarBodyLowering<CeilOp, scalarBody>,
               ScalarBodyLowering<RoundOp, scalarBody>,
               ScalarBodyLowering<LogOp, scalarBody>,
               ScalarBodyLowering<SinOp, scalarBody>,
               ScalarBodyLowering<CosOp, scalarBody>,
               ScalarBodyLowering<TanOp, scalarBody>,
               ScalarBodyLowering<AsinOp, scalarBody>,
               ScalarBodyLowering<AcosOp, scalarBody>,
               ScalarBodyLowering<AtanOp, scalarBody>,
               ScalarBodyLowering<SinhOp, scalarBody>,
               ScalarBodyLowering<CoshOp, scalarBody>,
               ScalarBodyLowering<AsinhOp, scalarBody>,
               ScalarBodyLowering<AcoshOp, scalarBody>,
               ScalarBodyLowering<AtanhOp, scalarBody>,
               ScalarBodyLowering<SoftplusOp, scalarBody>,
               ScalarBodyLowering<SoftsignOp, scalarBody>,
               ScalarBodyLowering<MishOp, scalarBody>,
               ScalarBodyLowering<EluOp, scalarBody>,
               ScalarBodyLowering<SeluOp, scalarBody>,
               ScalarBodyLowering<CeluOp, scalarBody>,
               ScalarBodyLowering<ThresholdedReluOp, scalarBody>,
               ScalarBodyLowering<MinOp, scalarBody>,
               ScalarBodyLowering<MaxOp, scalarBody>,
               ScalarBodyLowering<ModOp, scalarBody>,
               ScalarBodyLowering<PReluOp, scalarBody>,
               ScalarBodyLowering<BitShiftOp, scalarBody>>(
      patterns.getContext());
}
