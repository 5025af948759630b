//===- ReductionFamilyToLinalg.cpp - Reductions, arg max/min, cumsum ------===//
//
// seam.reduce_{max,min,prod,l1,l2,log_sum,log_sum_exp,sum_square} are one
// linalg.generic with reduction iterators over the normalized axes, whose
// body combines the accumulator with a function of the element (|x|, x*x,
// exp(x - max)), then an elementwise generic for what follows (sqrt, log),
// reshaped to the kept unit dims with keepdims. Float16 accumulates in f32.
// seam.arg_max / arg_min are a generic with two outputs (value, index);
// seam.hardmax compares the index of the first maximum with the position;
// seam.cumsum is a generic whose reduction dim runs over the axis again and
// adds the elements on the chosen side of the position (quadratic in the
// axis length, but one vectorizable loop nest).
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

/// How a reduction combines the accumulator with the next element.
enum class Combiner { Add, Mul, Max, Min };

} // namespace

/// The type a reduction of `elementType` accumulates in (f32 for f16).
static Type accumulatorType(Type elementType) {
  if (elementType.isF16())
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// The most negative (`highest` false) or most positive value of `type`:
/// infinities for floats, the limits of integers (signed or unsigned).
static Value extremeValue(OpBuilder &b, Location loc, Type type, bool highest) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatType, APFloat::getInf(floatType.getFloatSemantics(),
                                                  /*Negative=*/!highest)));
  unsigned width = type.getIntOrFloatBitWidth();
  APInt value = isUnsigned(type) ? (highest ? APInt::getMaxValue(width)
                                            : APInt::getMinValue(width))
                                 : (highest ? APInt::getSignedMaxValue(width)
                                            : APInt::getSignedMinValue(width));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

/// The value `combiner` starts from.
static Value identityOf(OpBuilder &b, Location loc, Type type,
                        Combiner combiner) {
  switch (combiner) {
  case Combiner::Add:
    return scalarOfType(b, loc, type, 0);
  case Combiner::Mul:
    return scalarOfType(b, loc, type, 1);
  case Combiner::Max:
    return extremeValue(b, loc, type, /*highest=*/false);
  case Combiner::Min:
    return extremeValue(b, loc, type, /*highest=*/true);
  }
  llvm_unreachable("unknown combiner");
}

static Value combine(OpBuilder &b, Location loc, Combiner combiner, Value acc,
                     Value x) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (combiner) {
  case Combiner::Add:
    return addValues(b, loc, acc, x);
  case Combiner::Mul:
    return isFloat ? arith::MulFOp::create(b, loc, acc, x).getResult()
                   : arith::MulIOp::create(b, loc, acc, x).getResult();
  case Combiner::Max: // maximumf: NaN propagates.
    return isFloat ? arith::MaximumFOp::create(b, loc, acc, x).getResult()
                   : maxInts(b, loc, acc, x);
  case Combiner::Min:
    return isFloat ? arith::MinimumFOp::create(b, loc, acc, x).getResult()
                   : minInts(b, loc, acc, x);
  }
  llvm_unreachable("unknown combiner");
}

/// `x * x`.
static Value square(OpBuilder &b, Location loc, Value x) {
  return combine(b, loc, Combiner::Mul, x, x);
}

/// `|x|` (`x` itself for unsigned integers).
static Value absolute(OpBuilder &b, Location loc, Value x) {
  if (isa<FloatType>(x.getType()))
    return math::AbsFOp::create(b, loc, x);
  if (isUnsigned(x.getType()))
    return x;
  return math::AbsIOp::create(b, loc, x);
}

/// Maps an (accumulator-typed) element, and the elements of `extras` at the
/// same kept position, to the value the reduction combines.
using ElementFn = function_ref<Value(OpBuilder &, Location, Value, ValueRange)>;

/// The shape of `shape` without `dims`.
static SmallVector<int64_t> keptShape(ArrayRef<int64_t> shape,
                                      ArrayRef<int64_t> dims) {
  SmallVector<int64_t> kept;
  for (auto [d, size] : llvm::enumerate(shape))
    if (!llvm::is_contained(dims, static_cast<int64_t>(d)))
      kept.push_back(size);
  return kept;
}

/// The map from the input's loop dims to the kept dims.
static AffineMap keptMap(MLIRContext *ctx, unsigned rank,
                         ArrayRef<int64_t> dims) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, static_cast<int64_t>(d)))
      exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// Reduces `input` over `dims` with `combiner` applied to `element(x,
/// extras)` (x itself when null), in the accumulator type. `extras` have the
/// kept shape. The result has the kept shape.
static Value reduceWith(OpBuilder &b, Location loc, Value input,
                        ValueRange extras, ArrayRef<int64_t> dims,
                        Combiner combiner, ElementFn element = nullptr) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> shape = shapeOf(input);
  unsigned rank = shape.size();
  Type accType = accumulatorType(elementTypeOf(input));
  SmallVector<int64_t> kept = keptShape(shape, dims);
  Value init = emptyTensor(b, loc, kept, accType);
  init = linalg::FillOp::create(
             b, loc, ValueRange{identityOf(b, loc, accType, combiner)},
             ValueRange{init})
             .getResult(0);
  AffineMap keptDims = keptMap(ctx, rank, dims);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx)};
  SmallVector<Value> inputs = {input};
  for (Value extra : extras) {
    maps.push_back(keptDims);
    inputs.push_back(extra);
  }
  maps.push_back(keptDims);
  SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
  for (int64_t d : dims)
    iterators[d] = utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value x = args.front();
        if (x.getType() != accType)
          x = arith::ExtFOp::create(nb, nloc, accType, x);
        if (element)
          x = element(nb, nloc, x, args.slice(1, extras.size()));
        linalg::YieldOp::create(nb, nloc,
                                combine(nb, nloc, combiner, args.back(), x));
      });
  return generic.getResult(0);
}

/// Computes a result element from the accumulated scalars.
using FinishRef = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// `finish` of the accumulated `values` (and any operands of the same
/// shape), truncated to `elementType`; `values` itself when there is
/// nothing to do.
static Value finishReduction(OpBuilder &b, Location loc, ValueRange values,
                             Type elementType, FinishRef finish = nullptr) {
  if (!finish && elementTypeOf(values.front()) == elementType)
    return values.front();
  return buildElementwise(
      b, loc, values, shapeOf(values.front()),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value r = finish ? finish(nb, nloc, args) : args.front();
        if (r.getType() != elementType)
          r = arith::TruncFOp::create(nb, nloc, elementType, r);
        return r;
      },
      elementType);
}

static Value sqrtOf(OpBuilder &b, Location loc, ValueRange args) {
  return math::SqrtOp::create(b, loc, args[0]);
}
static Value logOf(OpBuilder &b, Location loc, ValueRange args) {
  return math::LogOp::create(b, loc, args[0]);
}

namespace {

/// Maps an element before the reduction combines it (|x|, x * x).
using ElementMap = Value (*)(OpBuilder &, Location, Value);
/// Computes the result from the accumulated value (sqrt, log).
using FinishFn = Value (*)(OpBuilder &, Location, ValueRange);

/// The reductions with one pass: `combiner` of `element(x)` (x when null),
/// then `finish` (nothing when null).
template <typename OpT, Combiner combiner, ElementMap element = nullptr,
          FinishFn finish = nullptr>
struct OnePassReduction : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto elementFn = [](OpBuilder &b, Location l, Value x, ValueRange) {
      return element(b, l, x);
    };
    Value acc = reduceWith(rewriter, loc, input, {}, op.getNormalizedAxes(),
                           combiner, element ? ElementFn(elementFn) : nullptr);
    auto finishFn = [](OpBuilder &b, Location l, ValueRange args) {
      return finish(b, l, args);
    };
    Value result = finishReduction(rewriter, loc, acc, elementTypeOf(input),
                                   finish ? FinishRef(finishFn) : FinishRef());
    rewriter.replaceOp(
        op, reshapeTo(rewriter, loc, result, op.getType().getShape()));
    return success();
  }
};

/// max + log(sum(exp(x - max))), with an infinite max taken as 0 so that
/// infinities give what the plain formula gives (and no inf - inf).
struct ReduceLogSumExpLowering : OpConversionPattern<ReduceLogSumExpOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceLogSumExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    SmallVector<int64_t> dims = op.getNormalizedAxes();
    Value max = reduceWith(rewriter, loc, input, {}, dims, Combiner::Max);
    Value shift = buildElementwise(
        rewriter, loc, max, shapeOf(max),
        [](OpBuilder &b, Location l, ValueRange args) -> Value {
          Value m = args[0];
          Value inf = extremeValue(b, l, m.getType(), /*highest=*/true);
          Value isInf = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                              absolute(b, l, m), inf);
          return arith::SelectOp::create(b, l, isInf, scalarLike(b, l, m, 0),
                                         m);
        });
    Value sum = reduceWith(
        rewriter, loc, input, shift, dims, Combiner::Add,
        [](OpBuilder &b, Location l, Value x, ValueRange m) -> Value {
          return math::ExpOp::create(b, l,
                                     arith::SubFOp::create(b, l, x, m[0]));
        });
    Value result = finishReduction(
        rewriter, loc, {sum, shift}, elementTypeOf(input),
        [](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::AddFOp::create(b, l, math::LogOp::create(b, l, args[0]),
                                       args[1]);
        });
    rewriter.replaceOp(
        op, reshapeTo(rewriter, loc, result, op.getType().getShape()));
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Arg max / min and hardmax
//===----------------------------------------------------------------------===//

/// The int64 index of the maximum (or minimum) of `input` along `axis`, of
/// the input's shape without `axis`: the first one, or the last with
/// `last`. A NaN counts as the extreme value.
static Value argReduce(OpBuilder &b, Location loc, Value input, int64_t axis,
                       bool isMax, bool last) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> shape = shapeOf(input);
  unsigned rank = shape.size();
  Type elementType = elementTypeOf(input);
  SmallVector<int64_t> kept = keptShape(shape, axis);
  Value valueInit = emptyTensor(b, loc, kept, elementType);
  valueInit = linalg::FillOp::create(
                  b, loc, ValueRange{extremeValue(b, loc, elementType, !isMax)},
                  ValueRange{valueInit})
                  .getResult(0);
  Value indexInit = filledTensor(b, loc, kept, b.getI64Type(), 0);
  AffineMap keptDims = keptMap(ctx, rank, axis);
  SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
  iterators[axis] = utils::IteratorType::reduction;
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 keptDims, keptDims};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{valueInit.getType(), indexInit.getType()},
      ValueRange{input}, ValueRange{valueInit, indexInit}, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value x = args[0], best = args[1], bestIndex = args[2];
        Value take;
        if (isa<FloatType>(elementType)) {
          using P = arith::CmpFPredicate;
          P better =
              isMax ? (last ? P::OGE : P::OGT) : (last ? P::OLE : P::OLT);
          take = arith::CmpFOp::create(nb, l, better, x, best);
          // NaN wins: the first one, or with `last` every later one.
          Value nan = arith::CmpFOp::create(nb, l, P::UNO, x, x);
          if (!last)
            nan = arith::AndIOp::create(
                nb, l, nan, arith::CmpFOp::create(nb, l, P::ORD, best, best));
          take = arith::OrIOp::create(nb, l, take, nan);
        } else {
          using P = arith::CmpIPredicate;
          P better =
              isMax ? (last ? P::sge : P::sgt) : (last ? P::sle : P::slt);
          take = arith::CmpIOp::create(nb, l, intPredicate(x.getType(), better),
                                       x, best);
        }
        Value index = arith::IndexCastOp::create(
            nb, l, nb.getI64Type(), linalg::IndexOp::create(nb, l, axis));
        linalg::YieldOp::create(
            nb, l,
            ValueRange{
                arith::SelectOp::create(nb, l, take, x, best).getResult(),
                arith::SelectOp::create(nb, l, take, index, bestIndex)
                    .getResult()});
      });
  return generic.getResult(1);
}

/// The axis of an op with an `axis` attribute, normalized to [0, rank).
static int64_t normalizedAxis(int64_t axis, Value input) {
  return axis < 0 ? axis + static_cast<int64_t>(shapeOf(input).size()) : axis;
}

namespace {

template <typename OpT, bool isMax>
struct ArgReduceLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    Value index = argReduce(rewriter, op.getLoc(), input,
                            normalizedAxis(op.getAxis(), input), isMax,
                            op.getSelectLastIndex());
    rewriter.replaceOp(
        op, reshapeTo(rewriter, op.getLoc(), index, op.getType().getShape()));
    return success();
  }
};

struct HardmaxLowering : OpConversionPattern<HardmaxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(HardmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t axis = normalizedAxis(op.getAxis(), input);
    Value index = argReduce(rewriter, loc, input, axis, /*isMax=*/true,
                            /*last=*/false);
    // The index with the axis as a unit dim broadcasts along it.
    SmallVector<int64_t> unitShape(shapeOf(input));
    unitShape[axis] = 1;
    index = reshapeTo(rewriter, loc, index, unitShape);
    Type elementType = elementTypeOf(input);
    Value result = buildElementwise(
        rewriter, loc, index, shapeOf(input),
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          Value position = arith::IndexCastOp::create(
              b, l, b.getI64Type(), linalg::IndexOp::create(b, l, axis));
          Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                            position, args[0]);
          return arith::SelectOp::create(b, l, hit,
                                         scalarOfType(b, l, elementType, 1),
                                         scalarOfType(b, l, elementType, 0));
        },
        elementType);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// CumSum
//===----------------------------------------------------------------------===//

struct CumSumLowering : OpConversionPattern<CumSumOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CumSumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> shape = shapeOf(input);
    unsigned rank = shape.size();
    int64_t axis = normalizedAxis(op.getAxis(), input);
    Type elementType = elementTypeOf(input);
    Type accType = accumulatorType(elementType);
    // Loop dims: the result's, then j, the summed position along the axis.
    SmallVector<AffineExpr> inputExprs = dimExprs(ctx, 0, rank);
    inputExprs[axis] = getAffineDimExpr(rank, ctx);
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank + 1, 0, inputExprs, ctx),
        AffineMap::get(rank + 1, 0, dimExprs(ctx, 0, rank), ctx)};
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);
    using P = arith::CmpIPredicate;
    P side = op.getReverse() ? (op.getExclusive() ? P::ugt : P::uge)
                             : (op.getExclusive() ? P::ult : P::ule);
    Value init = filledTensor(rewriter, loc, shape, accType, 0);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), ValueRange{input}, ValueRange{init},
        maps, iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], acc = args[1];
          if (x.getType() != accType)
            x = arith::ExtFOp::create(b, l, accType, x);
          Value i = linalg::IndexOp::create(b, l, axis);
          Value j = linalg::IndexOp::create(b, l, rank);
          Value in = arith::CmpIOp::create(b, l, side, j, i);
          linalg::YieldOp::create(
              b, l,
              arith::SelectOp::create(b, l, in, addValues(b, l, acc, x), acc)
                  .getResult());
        });
    rewriter.replaceOp(
        op, finishReduction(rewriter, loc, generic.getResult(0), elementType));
    return success();
  }
};

} // namespace

void lowering::populateReductionFamilyPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  using C = Combiner;
  patterns
      .add<OnePassReduction<ReduceMaxOp, C::Max>,
           OnePassReduction<ReduceMinOp, C::Min>,
           OnePassReduction<ReduceProdOp, C::Mul>,
           OnePassReduction<ReduceL1Op, C::Add, absolute>,
           OnePassReduction<ReduceSumSquareOp, C::Add, square>,
           OnePassReduction<ReduceL2Op, C::Add, square, sqrtOf>,
           OnePassReduction<ReduceLogSumOp, C::Add, nullptr, logOf>,
           ReduceLogSumExpLowering, ArgReduceLowering<ArgMaxOp, true>,
           ArgReduceLowering<ArgMinOp, false>, HardmaxLowering, CumSumLowering>(
          ctx);
}
