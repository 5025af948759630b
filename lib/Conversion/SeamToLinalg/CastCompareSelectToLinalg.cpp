//===- CastCompareSelectToLinalg.cpp - Typed elementwise ops to linalg ----===//
//
// The ops that change or test element types — seam.cast, the comparisons
// (to i1), the logical ops on i1 and seam.where — as one linalg.generic
// each, NumPy broadcasting in the indexing maps. Floats compare ordered
// (NaN compares false, as in ONNX); integers compare signed, bools and
// unsigned integers unsigned.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// `x` converted to `to` with ONNX Cast's rules.
Value castScalar(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  bool fromBool = from.isInteger(1);
  if (to.isInteger(1)) {
    Value zero = scalarOfType(b, loc, from, 0);
    if (fromFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
  }
  if (fromFloat && toFloat) {
    if (toFloat.getWidth() > fromFloat.getWidth())
      return arith::ExtFOp::create(b, loc, to, x);
    return arith::TruncFOp::create(b, loc, to, x);
  }
  // Bools and unsigned integers convert and widen without a sign.
  bool fromUnsigned = fromBool || isUnsigned(from);
  if (fromFloat)
    return isUnsigned(to) ? arith::FPToUIOp::create(b, loc, to, x).getResult()
                          : arith::FPToSIOp::create(b, loc, to, x).getResult();
  if (toFloat) {
    if (fromUnsigned)
      return arith::UIToFPOp::create(b, loc, to, x);
    return arith::SIToFPOp::create(b, loc, to, x);
  }
  unsigned toWidth = to.getIntOrFloatBitWidth();
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  if (toWidth > fromWidth) {
    if (fromUnsigned)
      return arith::ExtUIOp::create(b, loc, to, x);
    return arith::ExtSIOp::create(b, loc, to, x);
  }
  if (toWidth == fromWidth) // int8 <-> uint8 ...: the same bits.
    return arith::BitcastOp::create(b, loc, to, x);
  return arith::TruncIOp::create(b, loc, to, x);
}

/// `lhs <predicate> rhs` for floats (ordered), signed integers and bools and
/// unsigned integers (unsigned).
Value compareScalars(OpBuilder &b, Location loc, Value lhs, Value rhs,
                     arith::CmpFPredicate floatPredicate,
                     arith::CmpIPredicate signedPredicate,
                     arith::CmpIPredicate unsignedPredicate) {
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(b, loc, floatPredicate, lhs, rhs);
  return arith::CmpIOp::create(b, loc,
                               lhs.getType().isInteger(1) ||
                                       isUnsigned(lhs.getType())
                                   ? unsignedPredicate
                                   : signedPredicate,
                               lhs, rhs);
}

using FP = arith::CmpFPredicate;
using IP = arith::CmpIPredicate;

Value scalarBody(CastOp op, OpBuilder &b, Location loc, ValueRange args) {
  return castScalar(b, loc, args[0], op.getType().getElementType());
}
Value scalarBody(EqualOp, OpBuilder &b, Location loc, ValueRange args) {
  return compareScalars(b, loc, args[0], args[1], FP::OEQ, IP::eq, IP::eq);
}
Value scalarBody(LessOp, OpBuilder &b, Location loc, ValueRange args) {
  return compareScalars(b, loc, args[0], args[1], FP::OLT, IP::slt, IP::ult);
}
Value scalarBody(LessEqualOp, OpBuilder &b, Location loc, ValueRange args) {
  return compareScalars(b, loc, args[0], args[1], FP::OLE, IP::sle, IP::ule);
}
Value scalarBody(GreaterOp, OpBuilder &b, Location loc, ValueRange args) {
  return compareScalars(b, loc, args[0], args[1], FP::OGT, IP::sgt, IP::ugt);
}
Value scalarBody(GreaterEqualOp, OpBuilder &b, Location loc, ValueRange args) {
  return compareScalars(b, loc, args[0], args[1], FP::OGE, IP::sge, IP::uge);
}
Value scalarBody(AndOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::AndIOp::create(b, loc, args[0], args[1]);
}
Value scalarBody(OrOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::OrIOp::create(b, loc, args[0], args[1]);
}
Value scalarBody(XorOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::XOrIOp::create(b, loc, args[0], args[1]);
}
Value scalarBody(NotOp, OpBuilder &b, Location loc, ValueRange args) {
  Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  return arith::XOrIOp::create(b, loc, args[0], one);
}
Value scalarBody(WhereOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

} // namespace

void lowering::populateCastCompareSelectPatterns(RewritePatternSet &patterns) {
  patterns.add<ScalarBodyLowering<CastOp, scalarBody, false>,
               ScalarBodyLowering<EqualOp, scalarBody, false>,
               ScalarBodyLowering<LessOp, scalarBody, false>,
               ScalarBodyLowering<LessEqualOp, scalarBody, false>,
               ScalarBodyLowering<GreaterOp, scalarBody, false>,
               ScalarBodyLowering<GreaterEqualOp, scalarBody, false>,
               ScalarBodyLowering<AndOp, scalarBody, false>,
               ScalarBodyLowering<OrOp, scalarBody, false>,
               ScalarBodyLowering<XorOp, scalarBody, false>,
               ScalarBodyLowering<NotOp, scalarBody, false>,
               ScalarBodyLowering<WhereOp, scalarBody, false>>(
      patterns.getContext());
}
