//===- UnrollWindows.cpp - Pooling, depthwise conv as a generic over output
//===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMUNROLLWINDOWSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// How the window positions combine.
enum class Combine { Max, Sum, MultiplyAdd };

/// Rewrites a 2-D NCHW pooling op or depthwise convolution whose window is
/// static. Max uses arith.maximumf, as the named op does.
template <typename WindowOp>
LogicalResult unroll(IRRewriter &rewriter, WindowOp pool, Combine combine,
                     int64_t maxWindow) {
  // The window's spatial extent: the pooling op's window operand (kh x kw)
  // or the depthwise filter (c x kh x kw).
  auto windowType = cast<ShapedType>(pool.getInputs()[1].getType());
  ArrayRef<int64_t> window = windowType.getShape().take_back(2);
  auto outType = cast<RankedTensorType>(pool.getOutputs()[0].getType());
  if (!pool.hasPureTensorSemantics() || !windowType.hasStaticShape() ||
      !outType.hasStaticShape() || window[0] * window[1] > maxWindow)
    return failure();
  int64_t kh = window[0], kw = window[1];
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
          getAsIndexOpFoldResult(ctx,
                                 {0, 0, i * dilations[0], j * dilations[1]}),
          getAsIndexOpFoldResult(ctx, out),
          getAsIndexOpFoldResult(ctx, {1, 1, strides[0], strides[1]})));
  SmallVector<AffineMap> maps(inputs.size(),
                              AffineMap::getMultiDimIdentityMap(4, ctx));
  // A depthwise convolution also reads w[c, i, j] for each position.
  if (combine == Combine::MultiplyAdd) {
    int64_t channels = windowType.getDimSize(0);
    auto vectorType =
        RankedTensorType::get({channels}, outType.getElementType());
    for (int64_t i = 0; i < kh; ++i)
      for (int64_t j = 0; j < kw; ++j) {
        inputs.push_back(tensor::ExtractSliceOp::create(
            rewriter, pool.getLoc(), vectorType, pool.getInputs()[1],
            getAsIndexOpFoldResult(ctx, {0, i, j}),
            getAsIndexOpFoldResult(ctx, {channels, 1, 1}),
            getAsIndexOpFoldResult(ctx, {1, 1, 1})));
        maps.push_back(AffineMap::get(4, 0, {getAffineDimExpr(1, ctx)}, ctx));
      }
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(4, ctx));
  auto generic = linalg::GenericOp::create(
      rewriter, pool.getLoc(), outType, inputs, pool.getOutputs(), maps,
      SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value acc = args.back();
        size_t positions = kh * kw;
        for (size_t k = 0; k < positions; ++k) {
          Value v = args[k];
          switch (combine) {
          case Combine::Max:
            acc = arith::MaximumFOp::create(b, loc, acc, v);
            break;
          case Combine::Sum:
            acc = arith::AddFOp::create(b, loc, acc, v);
            break;
          case Combine::MultiplyAdd:
            acc = arith::AddFOp::create(
                b, loc, acc,
                arith::MulFOp::create(b, loc, v, args[positions + k]));
            break;
          }
        }
        linalg::YieldOp::create(b, loc, acc);
      });
  rewriter.replaceOp(pool, generic.getResults());
  return success();
}

struct SeamUnrollWindowsPass
    : public seam::impl::SeamUnrollWindowsPassBase<SeamUnrollWindowsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp,
              linalg::DepthwiseConv2DNchwChwOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      if (auto max = dyn_cast<linalg::PoolingNchwMaxOp>(op))
        (void)unroll(rewriter, max, Combine::Max, maxWindow);
      else if (auto sum = dyn_cast<linalg::PoolingNchwSumOp>(op))
        (void)unroll(rewriter, sum, Combine::Sum, maxWindow);
      else
        (void)unroll(rewriter, cast<linalg::DepthwiseConv2DNchwChwOp>(op),
                     Combine::MultiplyAdd, maxWindow);
    }
  }
};

} // namespace
