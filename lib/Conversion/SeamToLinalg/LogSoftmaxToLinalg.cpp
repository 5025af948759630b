//===- LogSoftmaxToLinalg.cpp - seam.log_softmax to linalg ----------------===//
//
// log_softmax(x) = x - m - log(sum(exp(x - m))), m = max(x) along the axis:
// two linalg.reduce ops over the axis and two generics that read the
// reduced values broadcast back along it. f16 is computed in f32.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "seam/SeamOps.h"

#include <limits>

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// `combine` of `input` over `axis` from `init`: the shape without the axis.
Value reduceAxis(
    OpBuilder &b, Location loc, Value input, int64_t axis, double init,
    function_ref<Value(OpBuilder &, Location, Value, Value)> combine) {
  SmallVector<int64_t> kept;
  for (auto [d, size] : llvm::enumerate(shapeOf(input)))
    if (static_cast<int64_t>(d) != axis)
      kept.push_back(size);
  Value acc = filledTensor(b, loc, kept, elementTypeOf(input), init);
  SmallVector<int64_t> dims = {axis};
  return linalg::ReduceOp::create(
             b, loc, ValueRange{input}, ValueRange{acc}, dims,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc,
                                       combine(nb, nloc, args[0], args[1]));
             })
      .getResult(0);
}

/// The map that reads a tensor reduced over `axis` for each element of a
/// tensor of rank `rank`.
AffineMap reducedMap(MLIRContext *ctx, int64_t rank, int64_t axis) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// A generic over `x`'s shape reading `x` and the reduced `r`.
Value combineWithReduced(
    OpBuilder &b, Location loc, Value x, Value r, int64_t axis,
    function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> shape = shapeOf(x);
  AffineMap id = AffineMap::getMultiDimIdentityMap(shape.size(), ctx);
  Value init = emptyTensor(b, loc, shape, elementTypeOf(x));
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{x, r}, ValueRange{init},
             ArrayRef<AffineMap>{id, reducedMap(ctx, shape.size(), axis), id},
             parallelIterators(shape.size()),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc,
                                       body(nb, nloc, args[0], args[1]));
             })
      .getResult(0);
}

struct LogSoftmaxLowering : OpConversionPattern<LogSoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LogSoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += type.getRank();
    Value x = adaptor.getInput();
    bool half = type.getElementType().isF16();
    if (half)
      x = buildElementwise(
          rewriter, loc, x, type.getShape(),
          [](OpBuilder &b, Location l, ValueRange a) -> Value {
            return arith::ExtFOp::create(b, l, b.getF32Type(), a[0]);
          },
          rewriter.getF32Type());
    Value max = reduceAxis(
        rewriter, loc, x, axis, -std::numeric_limits<double>::infinity(),
        [](OpBuilder &b, Location l, Value in, Value acc) -> Value {
          return arith::MaximumFOp::create(b, l, in, acc);
        });
    // x - m, then log(sum(exp(x - m))).
    Value shifted = combineWithReduced(
        rewriter, loc, x, max, axis,
        [](OpBuilder &b, Location l, Value v, Value m) -> Value {
          return arith::SubFOp::create(b, l, v, m);
        });
    Value sum =
        reduceAxis(rewriter, loc, shifted, axis, 0.0,
                   [](OpBuilder &b, Location l, Value in, Value acc) -> Value {
                     return arith::AddFOp::create(
                         b, l, math::ExpOp::create(b, l, in), acc);
                   });
    Value result = combineWithReduced(
        rewriter, loc, shifted, sum, axis,
        [](OpBuilder &b, Location l, Value v, Value s) -> Value {
          return arith::SubFOp::create(b, l, v, math::LogOp::create(b, l, s));
        });
    if (half)
      result = buildElementwise(
          rewriter, loc, result, type.getShape(),
          [](OpBuilder &b, Location l, ValueRange a) -> Value {
            return arith::TruncFOp::create(b, l, b.getF16Type(), a[0]);
          },
          rewriter.getF16Type());
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void lowering::populateLogSoftmaxPatterns(RewritePatternSet &patterns) {
  patterns.add<LogSoftmaxLowering>(patterns.getContext());
}
