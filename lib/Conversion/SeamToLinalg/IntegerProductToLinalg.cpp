//===- IntegerProductToLinalg.cpp - seam.{conv,matmul}_integer ------------===//
//
// seam.conv_integer and seam.matmul_integer become float32 seam.conv and
// seam.matmul (then lowered like any other) of their operands less their
// zero points, exactly: an operand less its zero point is an integer in
// [-255, 255], exact in float32, and a float32 sum of integer products is
// exact in any order of summation while the sum of their magnitudes stays
// within 2^24, that is while K * max|a| * max|b| <= 2^24 for K products per
// result. Past that, operands are split into base-16 digits, x = 16 h + l
// with h = floor(x / 16) in [-16, 15] and l in [0, 15]: each product of
// digits is exact in float32, is cast to int32, and the products are
// combined in int32. Splitting the second operand (the weight) covers
// K <= 4112, splitting both K <= 65536 (kMaxExactIntegerReduction, which
// the importer enforces).
//
// A constant operand (the weight) and its constant zero point are centered
// and split here, into float32 constants: nothing of it is computed at run
// time.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"
#include "seam/SeamShapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// `OpTy` of `operands` with its result type inferred.
template <typename OpTy>
Value inferred(OpBuilder &b, Location loc, ValueRange operands,
               ArrayRef<NamedAttribute> attrs = {}) {
  return OpTy::create(b, loc, operands, attrs).getResult();
}

Value castTo(OpBuilder &b, Location loc, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  return CastOp::create(b, loc, type.clone(elementType), v).getResult();
}

Value scalar(OpBuilder &b, Location loc, Type elementType, double value) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute attr =
      isa<FloatType>(elementType)
          ? DenseElementsAttr::get(
                type, b.getFloatAttr(elementType, value).getValue())
          : DenseElementsAttr::get(
                type, APInt(32, static_cast<int64_t>(value), true));
  return arith::ConstantOp::create(b, loc, type, cast<TypedAttr>(attr));
}

/// An operand less its zero point, in float32, split into digits or whole.
struct Digit {
  Value value;
  int64_t weight;
};

/// `x` less `zp` (null for none): float32 constants of its digits when both
/// are constants, else seam ops.
SmallVector<Digit, 2> centeredDigits(OpBuilder &b, Location loc, Value x,
                                     Value zp, bool split) {
  Type f32 = b.getF32Type();
  ArrayRef<int64_t> shape = shapeOf(x);
  std::optional<std::vector<int64_t>> xs = getIntegerConstantData(x);
  std::optional<std::vector<int64_t>> zps =
      zp ? getIntegerConstantData(zp) : std::vector<int64_t>{0};
  if (xs && zps) {
    ArrayRef<int64_t> zpShape = zp ? shapeOf(zp) : ArrayRef<int64_t>();
    std::vector<float> high, low, whole;
    forEachBroadcastElement(
        shape, shape, zpShape, [&](int64_t, int64_t i, int64_t z) {
          int64_t v = (*xs)[i] - (*zps)[z];
          int64_t h =
              static_cast<int64_t>(std::floor(static_cast<double>(v) / 16));
          whole.push_back(static_cast<float>(v));
          high.push_back(static_cast<float>(h));
          low.push_back(static_cast<float>(v - 16 * h));
        });
    if (!split)
      return {{createF32Constant(b, loc, shape, whole, "centered"), 1}};
    return {{createF32Constant(b, loc, shape, high, "high_digits"), 16},
            {createF32Constant(b, loc, shape, low, "low_digits"), 1}};
  }
  Value centered = castTo(b, loc, x, f32);
  if (zp)
    centered = inferred<SubOp>(b, loc, {centered, castTo(b, loc, zp, f32)});
  if (!split)
    return {{centered, 1}};
  Value sixteenths =
      inferred<MulOp>(b, loc, {centered, scalar(b, loc, f32, 1.0 / 16)});
  Value high =
      FloorOp::create(b, loc, sixteenths.getType(), sixteenths).getResult();
  Value highPart = inferred<MulOp>(b, loc, {high, scalar(b, loc, f32, 16)});
  Value low = inferred<SubOp>(b, loc, {centered, highPart});
  return {{high, 16}, {low, 1}};
}

/// The int32 sum of `build(a digit, b digit)` over the digits of `a` less
/// `aZp` and `b` less `bZp`, for `reduction` products per result.
Value exactProduct(OpBuilder &b, Location loc, Value a, Value aZp, Value bv,
                   Value bZp, int64_t reduction,
                   function_ref<Value(Value, Value)> build) {
  constexpr int64_t kExact = int64_t(1) << 24, kWhole = 255, kDigit = 16;
  auto fits = [&](int64_t maxA, int64_t maxB) {
    return reduction <= kExact / (maxA * maxB);
  };
  bool splitB = !fits(kWhole, kWhole);
  bool splitA = splitB && !fits(kWhole, kDigit);
  SmallVector<Digit, 2> aDigits = centeredDigits(b, loc, a, aZp, splitA);
  SmallVector<Digit, 2> bDigits = centeredDigits(b, loc, bv, bZp, splitB);
  Type i32 = b.getI32Type();
  Value acc;
  for (const Digit &da : aDigits) {
    for (const Digit &db : bDigits) {
      Value term = castTo(b, loc, build(da.value, db.value), i32);
      if (int64_t weight = da.weight * db.weight; weight != 1)
        term = inferred<MulOp>(b, loc, {term, scalar(b, loc, i32, weight)});
      acc = acc ? inferred<AddOp>(b, loc, {acc, term}) : term;
    }
  }
  return acc;
}

LogicalResult checkReduction(Operation *op, int64_t reduction,
                             ConversionPatternRewriter &rewriter) {
  if (reduction <= kMaxExactIntegerReduction)
    return success();
  return rewriter.notifyMatchFailure(op, [&](Diagnostic &d) {
    d << "a sum of " << reduction
      << " products per result is longer than the compiled path computes "
         "exactly";
  });
}

struct ConvIntegerLowering : OpConversionPattern<ConvIntegerOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvIntegerOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> w = shapeOf(op.getWeight());
    int64_t reduction = 1;
    for (int64_t d : w.drop_front())
      reduction *= d;
    if (failed(checkReduction(op, reduction, rewriter)))
      return failure();
    SmallVector<NamedAttribute> attrs;
    auto add = [&](StringRef name, Attribute value) {
      if (value)
        attrs.push_back(rewriter.getNamedAttr(name, value));
    };
    add("kernel_shape", op.getKernelShapeAttr());
    add("strides", op.getStridesAttr());
    add("pads", op.getPadsAttr());
    add("dilations", op.getDilationsAttr());
    add("group", op.getGroupAttr());
    add("auto_pad", op.getAutoPadAttr());
    Location loc = op.getLoc();
    // The original operands: constants are read through them.
    Value y = exactProduct(
        rewriter, loc, op.getInput(), op.getInputZeroPoint(), op.getWeight(),
        op.getWeightZeroPoint(), reduction, [&](Value x, Value k) {
          return inferred<ConvOp>(rewriter, loc, {x, k}, attrs);
        });
    rewriter.replaceOp(op, y);
    return success();
  }
};

struct MatMulIntegerLowering : OpConversionPattern<MatMulIntegerOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MatMulIntegerOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t reduction = shapeOf(op.getA()).back();
    if (failed(checkReduction(op, reduction, rewriter)))
      return failure();
    Location loc = op.getLoc();
    Value y =
        exactProduct(rewriter, loc, op.getA(), op.getAZeroPoint(), op.getB(),
                     op.getBZeroPoint(), reduction, [&](Value x, Value k) {
                       return inferred<MatMulOp>(rewriter, loc, {x, k});
                     });
    rewriter.replaceOp(op, y);
    return success();
  }
};

} // namespace

void seam::lowering::populateIntegerProductPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConvIntegerLowering, MatMulIntegerLowering>(
      patterns.getContext());
}
