//===- ConvToLinalg.cpp - seam.conv to linalg convolutions ----------------===//
//
// seam.conv becomes tensor.pad (zeros, auto_pad resolved) and a named linalg
// convolution that accumulates into the broadcast bias (or zeros):
//   group 1                       conv_{1,2,3}d_nc..._fc...
//   group == C_in == C_out        depthwise_conv_{1,2,3}d_nc..._c...
//   other groups, 2-D             conv_2d_ngchw_gfchw (channels split by
//                                 tensor.expand_shape)
//   other groups, 1-D and 3-D     the same grouped contraction as a
//                                 linalg.generic (no named op exists)
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// The accumulator of a convolution with result shape `shape`: the bias
/// broadcast along every dim but the channels, or zeros.
Value convAccumulator(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                      Value bias) {
  if (!bias)
    return filledTensor(b, loc, shape, 0.0f);
  SmallVector<int64_t> added = {0};
  for (int64_t d = 2; d < static_cast<int64_t>(shape.size()); ++d)
    added.push_back(d);
  return linalg::BroadcastOp::create(b, loc, bias, emptyTensor(b, loc, shape),
                                     added)
      .getResult()[0];
}

/// Splits dim `dim` of `value` into (groups, size / groups).
Value splitGroups(OpBuilder &b, Location loc, Value value, int64_t dim,
                  int64_t groups) {
  SmallVector<int64_t> shape(shapeOf(value));
  shape[dim] /= groups;
  shape.insert(shape.begin() + dim, groups);
  return reshapeTo(b, loc, value, shape);
}

/// out[n, g, f, o...] += in[n, g, c, o * s + k * d...] * w[g, f, c, k...] as
/// a linalg.generic, for grouped convolutions without a named op.
Value groupedConvGeneric(OpBuilder &b, Location loc, Value input, Value weight,
                         Value init, ArrayRef<int64_t> strides,
                         ArrayRef<int64_t> dilations) {
  MLIRContext *ctx = b.getContext();
  unsigned n = strides.size();
  // Loops: n, g, f, o_1..o_n (parallel), c, k_1..k_n (reduction).
  unsigned numLoops = 3 + n + 1 + n, c = 3 + n;
  AffineExpr bn = getAffineDimExpr(0, ctx), g = getAffineDimExpr(1, ctx),
             f = getAffineDimExpr(2, ctx), ch = getAffineDimExpr(c, ctx);
  SmallVector<AffineExpr> in = {bn, g, ch}, w = {g, f, ch}, out = {bn, g, f};
  for (unsigned i = 0; i < n; ++i) {
    AffineExpr o = getAffineDimExpr(3 + i, ctx);
    AffineExpr k = getAffineDimExpr(c + 1 + i, ctx);
    in.push_back(o * strides[i] + k * dilations[i]);
    w.push_back(k);
    out.push_back(o);
  }
  SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, in, ctx),
                                 AffineMap::get(numLoops, 0, w, ctx),
                                 AffineMap::get(numLoops, 0, out, ctx)};
  SmallVector<utils::IteratorType> iterators = parallelIterators(3 + n);
  iterators.append(1 + n, utils::IteratorType::reduction);
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{input, weight},
             ValueRange{init}, maps, iterators,
             [](OpBuilder &nb, Location nloc, ValueRange args) {
               Value prod = arith::MulFOp::create(nb, nloc, args[0], args[1]);
               Value sum = arith::AddFOp::create(nb, nloc, args[2], prod);
               linalg::YieldOp::create(nb, nloc, sum);
             })
      .getResult(0);
}

struct ConvLowering : OpConversionPattern<ConvOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t n = op.getNumSpatialDims();
    SmallVector<int64_t> pads = op.getResolvedPads();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> dilations = op.getDilationsOrDefault();
    SmallVector<int64_t> low = {0, 0}, high = {0, 0};
    low.append(pads.begin(), pads.begin() + n);
    high.append(pads.begin() + n, pads.end());

    Value input =
        padWithConstant(rewriter, loc, adaptor.getInput(), low, high, 0.0f);
    Value weight = adaptor.getWeight();
    ArrayRef<int64_t> outShape = op.getType().getShape();
    Value init = convAccumulator(rewriter, loc, outShape, adaptor.getBias());

    int64_t group = op.getGroup();
    int64_t inChannels = shapeOf(input)[1], outChannels = shapeOf(weight)[0];
    Value result;
    // [spatial rank - 1]
    static constexpr WindowOpBuilder dense[3] = {
        createWindowOp<linalg::Conv1DNcwFcwOp>,
        createWindowOp<linalg::Conv2DNchwFchwOp>,
        createWindowOp<linalg::Conv3DNcdhwFcdhwOp>};
    static constexpr WindowOpBuilder depthwise[3] = {
        createWindowOp<linalg::DepthwiseConv1DNcwCwOp>,
        createWindowOp<linalg::DepthwiseConv2DNchwChwOp>,
        createWindowOp<linalg::DepthwiseConv3DNcdhwCdhwOp>};
    if (group == 1) {
      result = dense[n - 1](rewriter, loc, ValueRange{input, weight}, init,
                            strides, dilations);
    } else if (group == inChannels && group == outChannels) {
      // One filter per channel: the weight's unit dim 1 goes away.
      SmallVector<int64_t> filterShape = {outChannels};
      filterShape.append(shapeOf(weight).begin() + 2, shapeOf(weight).end());
      Value filter = reshapeTo(rewriter, loc, weight, filterShape);
      result = depthwise[n - 1](rewriter, loc, ValueRange{input, filter}, init,
                                strides, dilations);
    } else {
      // N x C x ... -> N x G x C/G x ..., M x C/G x ... -> G x M/G x C/G x ...
      Value groupedIn = splitGroups(rewriter, loc, input, 1, group);
      Value groupedW = splitGroups(rewriter, loc, weight, 0, group);
      Value groupedInit = splitGroups(rewriter, loc, init, 1, group);
      Value groupedOut =
          n == 2 ? createWindowOp<linalg::Conv2DNgchwGfchwOp>(
                       rewriter, loc, ValueRange{groupedIn, groupedW},
                       groupedInit, strides, dilations)
                 : groupedConvGeneric(rewriter, loc, groupedIn, groupedW,
                                      groupedInit, strides, dilations);
      result = reshapeTo(rewriter, loc, groupedOut, outShape);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void lowering::populateConvPatterns(RewritePatternSet &patterns) {
  patterns.add<ConvLowering>(patterns.getContext());
}
