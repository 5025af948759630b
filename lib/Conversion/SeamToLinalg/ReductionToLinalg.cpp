//===- ReductionToLinalg.cpp - seam reductions and softmax to linalg ------===//
//
// seam.reduce_sum / seam.reduce_mean are a linalg.reduce over the normalized
// axes (mean then divides by the number of reduced elements), reshaped back
// to the kept unit dims with keepdims. seam.softmax is linalg.softmax, whose
// AggregatedOpInterface decomposition (max, sub + exp, sum, div) the LLVM
// lowering pipeline runs.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

template <typename OpT, bool isMean>
struct ReduceLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    SmallVector<int64_t> axes = op.getNormalizedAxes();
    int64_t count = 1;
    for (int64_t axis : axes)
      count *= shapeOf(input)[axis];
    Value result = reduceSum(rewriter, loc, input, axes);
    if (isMean)
      result = divideBy(rewriter, loc, result, count);
    rewriter.replaceOp(
        op, reshapeTo(rewriter, loc, result, op.getType().getShape()));
    return success();
  }
};

struct SoftmaxLowering : OpConversionPattern<SoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += type.getRank();
    Value init = emptyTensor(rewriter, loc, type.getShape());
    rewriter.replaceOp(op,
                       linalg::SoftmaxOp::create(rewriter, loc, type,
                                                 adaptor.getInput(), init, axis)
                           ->getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateReductionPatterns(RewritePatternSet &patterns) {
  patterns.add<ReduceLowering<ReduceSumOp, false>,
               ReduceLowering<ReduceMeanOp, true>, SoftmaxLowering>(
      patterns.getContext());
}
