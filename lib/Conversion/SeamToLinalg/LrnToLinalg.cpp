//===- LrnToLinalg.cpp - seam.lrn to linalg -------------------------------===//
//
// seam.lrn squares the input, pads its channel dim with zeros, sums a window
// of channels with a linalg.generic (reduction over the window), and divides
// the input by (bias + alpha / size * sum)^beta elementwise. The padding is
// at most C - 1 on each side: window channels beyond that are zeros that
// would add nothing, whatever `size` says.
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

/// sum[n, c, ...] = sum over k < window of padded[n, c + k, ...].
Value sumChannelWindow(OpBuilder &b, Location loc, Value padded,
                       ArrayRef<int64_t> shape, int64_t window) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = shape.size(), numLoops = rank + 1;
  SmallVector<AffineExpr> out = dimExprs(ctx, 0, rank);
  SmallVector<AffineExpr> in = out;
  AffineExpr k = getAffineDimExpr(rank, ctx);
  in[1] = in[1] + k;
  SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, in, ctx),
                                 AffineMap::get(numLoops, 0, k, ctx),
                                 AffineMap::get(numLoops, 0, out, ctx)};
  SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
  iterators.push_back(utils::IteratorType::reduction);
  Value init = filledTensor(b, loc, shape, 0.0f);
  // The window operand only gives the reduction loop its size.
  Value windowShape = emptyTensor(b, loc, {window});
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{padded, windowShape},
             ValueRange{init}, maps, iterators,
             [](OpBuilder &nb, Location nloc, ValueRange args) {
               Value sum = arith::AddFOp::create(nb, nloc, args[2], args[0]);
               linalg::YieldOp::create(nb, nloc, sum);
             })
      .getResult(0);
}

struct LrnLowering : OpConversionPattern<LrnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LrnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    ArrayRef<int64_t> shape = shapeOf(x);
    int64_t size = op.getSize(), channels = shape[1];
    // ONNX's window: [c - floor((size-1)/2), c + ceil((size-1)/2)].
    int64_t before = std::min((size - 1) / 2, channels - 1);
    int64_t after = std::min((size - 1) - (size - 1) / 2, channels - 1);

    Value squares = buildElementwise(
        rewriter, loc, x, shape, [](OpBuilder &b, Location l, ValueRange a) {
          return arith::MulFOp::create(b, l, a[0], a[0]).getResult();
        });
    SmallVector<int64_t> low(shape.size(), 0), high(shape.size(), 0);
    low[1] = before;
    high[1] = after;
    Value padded = padWithConstant(rewriter, loc, squares, low, high, 0.0f);
    Value sum =
        sumChannelWindow(rewriter, loc, padded, shape, before + after + 1);

    float scale = static_cast<float>(op.getAlpha().convertToDouble() /
                                     static_cast<double>(size));
    float bias = op.getBias().convertToFloat();
    float beta = op.getBeta().convertToFloat();
    Value y = buildElementwise(
        rewriter, loc, ValueRange{x, sum}, shape,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value scaled =
              arith::MulFOp::create(b, l, f32Scalar(b, l, scale), a[1]);
          Value base =
              arith::AddFOp::create(b, l, f32Scalar(b, l, bias), scaled);
          Value denom = math::PowFOp::create(b, l, base, f32Scalar(b, l, beta));
          return arith::DivFOp::create(b, l, a[0], denom).getResult();
        });
    rewriter.replaceOp(op, y);
    return success();
  }
};

} // namespace

void lowering::populateLrnPatterns(RewritePatternSet &patterns) {
  patterns.add<LrnLowering>(patterns.getContext());
}
