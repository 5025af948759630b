//===- ConvToMatmul.cpp - Batch-1 NCHW convolution as im2col + matmul -----===//
//
// Plain convolutions become im2col + matmul (a loop over blocks of input
// channels when the im2col matrix is taller than the matmul's K tile);
// grouped ones a loop over the groups whose body is a plain convolution on
// the group's channels, rewritten the same way.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMCONVTOMATMULPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

using Reassociation = SmallVector<ReassociationIndices>;

/// Whether `conv` works on tensors of static shapes with batch 1: what both
/// rewrites need.
bool isStaticBatch1(linalg::LinalgOp conv) {
  return conv.hasPureTensorSemantics() && !conv.hasDynamicShape() &&
         cast<ShapedType>(conv.getDpsInputs()[0].getType()).getDimSize(0) == 1;
}

/// The input channels per block of the im2col rows: the largest divisor of
/// `channels` whose block holds at most `maxRows` rows (at least one channel).
int64_t channelBlock(int64_t channels, int64_t rowsPerChannel,
                     int64_t maxRows) {
  for (int64_t block = channels; block > 1; --block)
    if (channels % block == 0 && block * rowsPerChannel <= maxRows)
      return block;
  return 1;
}

/// Rewrites one convolution; fails (leaving it) unless batch 1 and static.
LogicalResult rewriteConv(IRRewriter &rewriter, linalg::Conv2DNchwFchwOp conv,
                          int64_t maxBlockRows) {
  if (!isStaticBatch1(conv))
    return failure();
  auto inType = cast<RankedTensorType>(conv.getInputs()[0].getType());
  auto wType = cast<RankedTensorType>(conv.getInputs()[1].getType());
  auto outType = cast<RankedTensorType>(conv.getOutputs()[0].getType());
  int64_t channels = inType.getDimSize(1);
  int64_t kh = wType.getDimSize(2), kw = wType.getDimSize(3);
  int64_t oh = outType.getDimSize(2), ow = outType.getDimSize(3);
  SmallVector<int64_t> strides(conv.getStrides().getValues<int64_t>());
  SmallVector<int64_t> dilations(conv.getDilations().getValues<int64_t>());
  Location loc = conv.getLoc();
  Type f32 = inType.getElementType();
  rewriter.setInsertionPoint(conv);
  Value input = conv.getInputs()[0];

  MLIRContext *ctx = rewriter.getContext();
  Value weight = tensor::CollapseShapeOp::create(
      rewriter, loc, conv.getInputs()[1], Reassociation{{0}, {1, 2, 3}});
  Value init = tensor::CollapseShapeOp::create(
      rewriter, loc, conv.getOutputs()[0], Reassociation{{0, 1}, {2, 3}});
  // Pad the spatial dim to a multiple of 16 (a whole zmm) when it is short
  // and not one: the padded columns compute zeros that are sliced away.
  // Longer rows are not padded (a copy of every column); the matmul's
  // tiling splits off their remainder.
  int64_t spatial = oh * ow, padded = (spatial + 15) / 16 * 16;
  auto padColumns = [&](OpBuilder &b, Value matrix) -> Value {
    auto type = cast<RankedTensorType>(matrix.getType());
    auto paddedType = RankedTensorType::get({type.getDimSize(0), padded}, f32);
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(f32));
    return tensor::createPadHighOp(paddedType, matrix, zero, /*nofold=*/false,
                                   loc, b);
  };
  bool pad = spatial % 16 != 0 && spatial > 16 && spatial <= 64;
  if (pad)
    init = padColumns(rewriter, init);

  // col[c * kh * kw, oh * ow]: the input itself for 1x1 stride-1 convs.
  bool pointwise = kh == 1 && kw == 1 && strides[0] == 1 && strides[1] == 1 &&
                   inType.getDimSize(2) == oh && inType.getDimSize(3) == ow;
  auto im2col = [&](OpBuilder &b, Value source) -> Value {
    int64_t sourceChannels = cast<ShapedType>(source.getType()).getDimSize(1);
    Value col;
    if (pointwise) {
      col = tensor::CollapseShapeOp::create(b, loc, source,
                                            Reassociation{{0, 1}, {2, 3}});
    } else {
      AffineExpr c, i, j, y, x;
      bindDims(ctx, c, i, j, y, x);
      auto inMap = AffineMap::get(5, 0,
                                  {getAffineConstantExpr(0, ctx), c,
                                   y * strides[0] + i * dilations[0],
                                   x * strides[1] + j * dilations[1]},
                                  ctx);
      auto outMap = AffineMap::getMultiDimIdentityMap(5, ctx);
      Value empty = tensor::EmptyOp::create(
          b, loc, {sourceChannels, kh, kw, oh, ow}, f32);
      auto copy = linalg::GenericOp::create(
          b, loc, empty.getType(), ValueRange{source}, ValueRange{empty},
          ArrayRef<AffineMap>{inMap, outMap},
          SmallVector<utils::IteratorType>(5, utils::IteratorType::parallel),
          [](OpBuilder &nested, Location l, ValueRange args) {
            linalg::YieldOp::create(nested, l, args[0]);
          });
      col = tensor::CollapseShapeOp::create(b, loc, copy.getResult(0),
                                            Reassociation{{0, 1, 2}, {3, 4}});
    }
    return pad ? padColumns(b, col) : col;
  };

  // The im2col matrix of a convolution over many channels is megabytes
  // (2,304 x 196 floats for 256 channels at 14 x 14): written once, then
  // read again by the matmul's packing, from memory. Blocks of input
  // channels whose rows fit the matmul's K tile are each copied and
  // multiplied while the copy is in cache. 1x1 stride-1 convolutions read
  // the input in place and are not blocked.
  // A matrix less than twice the limit stays whole: a 7 x 7 stem over 3
  // channels (147 rows) would become three matmuls of K = 49.
  int64_t rowsPerChannel = kh * kw;
  int64_t block = channels * rowsPerChannel <= 2 * maxBlockRows
                      ? channels
                      : channelBlock(channels, rowsPerChannel, maxBlockRows);
  Value product;
  if (pointwise || block == channels) {
    Value col = im2col(rewriter, input);
    product = linalg::MatmulOp::create(rewriter, loc, init.getType(),
                                       ValueRange{weight, col},
                                       ValueRange{init})
                  .getResult(0);
  } else {
    Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value upper = arith::ConstantIndexOp::create(rewriter, loc, channels);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, block);
    int64_t filters = wType.getDimSize(0);
    auto loop = scf::ForOp::create(
        rewriter, loc, lower, upper, step, ValueRange{init},
        [&](OpBuilder &b, Location l, Value c0, ValueRange acc) {
          auto slice = [&](Value source, ArrayRef<OpFoldResult> offsets,
                           ArrayRef<int64_t> sizes) -> Value {
            SmallVector<OpFoldResult> ones(sizes.size(), b.getIndexAttr(1));
            return tensor::ExtractSliceOp::create(
                b, l, source, offsets, getAsIndexOpFoldResult(ctx, sizes),
                ones);
          };
          Value inputBlock = slice(
              input,
              {b.getIndexAttr(0), c0, b.getIndexAttr(0), b.getIndexAttr(0)},
              {1, block, inType.getDimSize(2), inType.getDimSize(3)});
          Value row = arith::MulIOp::create(
              b, l, c0, arith::ConstantIndexOp::create(b, l, rowsPerChannel));
          Value weightBlock = slice(weight, {b.getIndexAttr(0), row},
                                    {filters, block * rowsPerChannel});
          Value partial =
              linalg::MatmulOp::create(b, l, acc[0].getType(),
                                       ValueRange{weightBlock,
                                                  im2col(b, inputBlock)},
                                       ValueRange{acc[0]})
                  .getResult(0);
          scf::YieldOp::create(b, l, partial);
        });
    product = loop.getResult(0);
  }
  if (pad)
    product = tensor::ExtractSliceOp::create(
        rewriter, loc, product,
        getAsIndexOpFoldResult(rewriter.getContext(), {0, 0}),
        getAsIndexOpFoldResult(rewriter.getContext(),
                               {wType.getDimSize(0), spatial}),
        getAsIndexOpFoldResult(rewriter.getContext(), {1, 1}));
  Value result = tensor::ExpandShapeOp::create(rewriter, loc, outType, product,
                                               Reassociation{{0, 1}, {2, 3}});
  rewriter.replaceOp(conv, result);
  return success();
}

/// The slice of `source` at group `group` of dim `groupDim`, that dim
/// dropped: [.., G, ..] -> [.., ..].
Value groupSlice(OpBuilder &b, Location loc, Value source, int64_t groupDim,
                 Value group) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  offsets[groupDim] = group;
  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(b.getContext(), type.getShape());
  sizes[groupDim] = b.getIndexAttr(1);
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + groupDim);
  auto sliceType = RankedTensorType::get(shape, type.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, sliceType, source, offsets,
                                        sizes, strides);
}

/// Rewrites a batch-1 grouped convolution (in[1, G, C, H, W],
/// w[G, F, C, kh, kw], out[1, G, F, OH, OW]) as a loop over the G groups
/// whose body is the group's plain convolution, then rewrites that one as
/// im2col + matmul. Fails (leaving it) unless batch 1 and static.
LogicalResult rewriteGroupedConv(IRRewriter &rewriter,
                                 linalg::Conv2DNgchwGfchwOp conv,
                                 int64_t maxBlockRows) {
  if (!isStaticBatch1(conv))
    return failure();
  auto inType = cast<RankedTensorType>(conv.getInputs()[0].getType());
  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value upper =
      arith::ConstantIndexOp::create(rewriter, loc, inType.getDimSize(1));
  Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
  linalg::Conv2DNchwFchwOp groupConv;
  auto loop = scf::ForOp::create(
      rewriter, loc, lower, upper, step, ValueRange{conv.getOutputs()[0]},
      [&](OpBuilder &b, Location l, Value group, ValueRange acc) {
        Value input = groupSlice(b, l, conv.getInputs()[0], 1, group);
        Value weight = groupSlice(b, l, conv.getInputs()[1], 0, group);
        auto out = groupSlice(b, l, acc[0], 1, group)
                       .getDefiningOp<tensor::ExtractSliceOp>();
        groupConv = linalg::Conv2DNchwFchwOp::create(
            b, l, TypeRange{out.getType()}, ValueRange{input, weight},
            ValueRange{out.getResult()}, conv.getStrides(),
            conv.getDilations());
        Value updated = tensor::InsertSliceOp::create(
            b, l, groupConv.getResult(0), acc[0], out.getMixedOffsets(),
            out.getMixedSizes(), out.getMixedStrides());
        scf::YieldOp::create(b, l, updated);
      });
  rewriter.replaceOp(conv, loop.getResults());
  return rewriteConv(rewriter, groupConv, maxBlockRows);
}

struct SeamConvToMatmulPass
    : public seam::impl::SeamConvToMatmulPassBase<SeamConvToMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    SmallVector<linalg::Conv2DNgchwGfchwOp> groupedConvs;
    getOperation().walk([&](Operation *op) {
      if (auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(op))
        convs.push_back(conv);
      else if (auto grouped = dyn_cast<linalg::Conv2DNgchwGfchwOp>(op))
        groupedConvs.push_back(grouped);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::Conv2DNchwFchwOp conv : convs)
      (void)rewriteConv(rewriter, conv, maxBlockRows);
    for (linalg::Conv2DNgchwGfchwOp conv : groupedConvs)
      (void)rewriteGroupedConv(rewriter, conv, maxBlockRows);
  }
};

} // namespace
