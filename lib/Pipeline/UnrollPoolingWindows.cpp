//===- UnrollPoolingWindows.cpp - Pooling as a generic over the output ----===//

#include "seam/Pipeline/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMUNROLLPOOLINGWINDOWSPASS
#include "seam/Pipeline/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Rewrites a 2-D NCHW pooling op whose window is static; `isMax` selects
/// max (arith.maximumf, as the named op) or sum.
template <typename PoolOp>
LogicalResult unroll(IRRewriter &rewriter, PoolOp pool, bool isMax,
                     int64_t maxWindow) {
  auto windowType = cast<ShapedType>(pool.getInputs()[1].getType());
  auto outType = cast<RankedTensorType>(pool.getOutputs()[0].getType());
  if (!pool.hasPureTensorSemantics() || !windowType.hasStaticShape() ||
      windowType.getNumElements() > maxWindow)
    return failure();
  int64_t kh = windowType.getDimSize(0), kw = windowType.getDimSize(1);
  SmallVector<int64_t> strides(pool.getStrides().template getValues<int64_t>());
  SmallVector<int64_t> dilations(
      pool.getDilations().template getValues<int64_t>());
  // Window position (i, j) reads the strided view
  // in[:, :, i * dh :: sh, j * dw :: sw] of the output's shape: the generic
  // is elementwise over the output (identity maps, no copies: views).
  rewriter.setInsertionPoint(pool);
  MLIRContext *ctx = rewriter.getContext();
  ArrayRef<int64_t> out = outType.getShape();
  SmallVector<Value> inputs;
  for (int64_t i = 0; i < kh; ++i)
    for (int64_t j = 0; j < kw; ++j)
      inputs.push_back(tensor::ExtractSliceOp::create(
          rewriter, pool.getLoc(), pool.getInputs()[0],
          getAsIndexOpFoldResult(ctx, {0, 0, i * dilations[0], j * dilations[1]}),
          getAsIndexOpFoldResult(ctx, out),
          getAsIndexOpFoldResult(ctx, {1, 1, strides[0], strides[1]})));
  SmallVector<AffineMap> maps(inputs.size() + 1,
                              AffineMap::getMultiDimIdentityMap(4, ctx));
  auto generic = linalg::GenericOp::create(
      rewriter, pool.getLoc(), outType, inputs, pool.getOutputs(), maps,
      SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value acc = args.back();
        for (Value v : args.drop_back())
          acc = isMax ? arith::MaximumFOp::create(b, loc, acc, v).getResult()
                      : arith::AddFOp::create(b, loc, acc, v).getResult();
        linalg::YieldOp::create(b, loc, acc);
      });
  rewriter.replaceOp(pool, generic.getResults());
  return success();
}

struct SeamUnrollPoolingWindowsPass
    : public seam::impl::SeamUnrollPoolingWindowsPassBase<
          SeamUnrollPoolingWindowsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<Operation *> pools;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(op))
        pools.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : pools) {
      if (auto max = dyn_cast<linalg::PoolingNchwMaxOp>(op))
        (void)unroll(rewriter, max, /*isMax=*/true, maxWindow);
      else
        (void)unroll(rewriter, cast<linalg::PoolingNchwSumOp>(op),
                     /*isMax=*/false, maxWindow);
    }
  }
};

} // namespace
