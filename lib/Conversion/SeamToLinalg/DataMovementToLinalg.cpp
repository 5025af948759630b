//===- DataMovementToLinalg.cpp - seam data movement ops to tensor/linalg -===//
//
//   concat            tensor.concat
//   reshape, flatten  tensor.collapse_shape / expand_shape (through 1-D when
//                     no single reassociation exists)
//   transpose         linalg.transpose
//   pad               negative pads crop with tensor.extract_slice; constant
//                     mode is tensor.pad, reflect and edge a linalg.generic
//                     that computes the source index and tensor.extracts it
//   slice             tensor.extract_slice when every step is positive, else
//                     a linalg.generic reading in[start + step * i]
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

struct ConcatLowering : OpConversionPattern<ConcatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs();
    if (inputs.size() == 1) {
      rewriter.replaceOp(op, inputs.front());
      return success();
    }
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += op.getType().getRank();
    rewriter.replaceOpWithNewOp<tensor::ConcatOp>(op, op.getType(), axis,
                                                  inputs);
    return success();
  }
};

/// Reshape-like ops: the result is the input's elements in a new shape.
template <typename OpT> struct ReshapeLikeLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, reshapeTo(rewriter, op.getLoc(), adaptor.getInput(),
                                     op.getType().getShape()));
    return success();
  }
};

struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value init = emptyTensor(rewriter, op.getLoc(), op.getType().getShape(),
                             op.getType().getElementType());
    rewriter.replaceOp(op, linalg::TransposeOp::create(rewriter, op.getLoc(),
                                                       adaptor.getInput(), init,
                                                       op.getPerm())
                               .getResult()[0]);
    return success();
  }
};

/// The index into a dim of size `size` that output index `i` of a dim padded
/// by `begin` reads, by reflection (reflect) or by clamping (edge).
Value sourceIndex(OpBuilder &b, Location loc, Value i, int64_t begin,
                  int64_t size, PadMode mode) {
  Value j = arith::SubIOp::create(b, loc, i, indexScalar(b, loc, begin));
  Value zero = indexScalar(b, loc, 0), last = indexScalar(b, loc, size - 1);
  if (mode == PadMode::edge)
    return arith::MinSIOp::create(
        b, loc, arith::MaxSIOp::create(b, loc, j, zero), last);
  // reflect: -j before the start, 2 (size - 1) - j after the end (pads are
  // smaller than the dim, so one reflection suffices).
  Value negJ = arith::SubIOp::create(b, loc, zero, j);
  Value before =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, j, zero);
  j = arith::SelectOp::create(b, loc, before, negJ, j);
  Value after =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, j, last);
  Value mirrored =
      arith::SubIOp::create(b, loc, indexScalar(b, loc, 2 * (size - 1)), j);
  return arith::SelectOp::create(b, loc, after, mirrored, j);
}

struct PadLowering : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> inShape = shapeOf(input);
    ArrayRef<int64_t> outShape = op.getType().getShape();
    ArrayRef<int64_t> pads = op.getPads();
    int64_t rank = inShape.size();
    if (op.getType().getNumElements() == 0) {
      rewriter.replaceOp(op, emptyTensor(rewriter, loc, outShape,
                                         op.getType().getElementType()));
      return success();
    }

    // Negative pads crop first.
    SmallVector<int64_t> low, high, cropOffsets, cropSizes;
    bool crops = false;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t begin = pads[d], end = pads[d + rank];
      crops |= begin < 0 || end < 0;
      cropOffsets.push_back(std::max<int64_t>(0, -begin));
      cropSizes.push_back(inShape[d] - std::max<int64_t>(0, -begin) -
                          std::max<int64_t>(0, -end));
      low.push_back(std::max<int64_t>(0, begin));
      high.push_back(std::max<int64_t>(0, end));
    }
    if (crops)
      input = tensor::ExtractSliceOp::create(
          rewriter, loc, input,
          getAsIndexOpFoldResult(getContext(), cropOffsets),
          getAsIndexOpFoldResult(getContext(), cropSizes),
          getAsIndexOpFoldResult(getContext(), SmallVector<int64_t>(rank, 1)));

    PadMode mode = op.getMode();
    if (mode == PadMode::constant) {
      rewriter.replaceOp(op, padWithConstant(rewriter, loc, input, low, high,
                                             op.getValue().convertToFloat()));
      return success();
    }
    if (llvm::all_of(low, [](int64_t p) { return p == 0; }) &&
        llvm::all_of(high, [](int64_t p) { return p == 0; })) {
      rewriter.replaceOp(op, input);
      return success();
    }
    // reflect / edge: each output element reads the input at a computed index.
    Value init =
        emptyTensor(rewriter, loc, outShape, op.getType().getElementType());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), ValueRange{}, ValueRange{init},
        AffineMap::getMultiDimIdentityMap(rank, getContext()),
        parallelIterators(rank), [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> indices;
          for (int64_t d = 0; d < rank; ++d) {
            Value i = linalg::IndexOp::create(b, l, d);
            indices.push_back(
                low[d] == 0 && high[d] == 0
                    ? i
                    : sourceIndex(b, l, i, low[d], shapeOf(input)[d], mode));
          }
          linalg::YieldOp::create(
              b, l,
              tensor::ExtractOp::create(b, l, input, indices).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    if (type.getNumElements() == 0) {
      rewriter.replaceOp(op, emptyTensor(rewriter, loc, type.getShape(),
                                         type.getElementType()));
      return success();
    }
    SmallVector<SliceOp::DimSlice> dims = op.getDimSlices();
    if (llvm::all_of(dims,
                     [](const SliceOp::DimSlice &d) { return d.step > 0; })) {
      SmallVector<int64_t> offsets, sizes, strides;
      for (const SliceOp::DimSlice &d : dims) {
        offsets.push_back(d.start);
        sizes.push_back(d.size);
        strides.push_back(d.step);
      }
      rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
          op, type, adaptor.getInput(),
          getAsIndexOpFoldResult(getContext(), offsets),
          getAsIndexOpFoldResult(getContext(), sizes),
          getAsIndexOpFoldResult(getContext(), strides));
      return success();
    }
    // A negative step reverses: out[i...] = in[start + step * i...].
    SmallVector<AffineExpr> exprs;
    for (auto [d, slice] : llvm::enumerate(dims))
      exprs.push_back(getAffineDimExpr(d, getContext()) * slice.step +
                      slice.start);
    unsigned rank = dims.size();
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, exprs, getContext()),
        AffineMap::getMultiDimIdentityMap(rank, getContext())};
    Value init =
        emptyTensor(rewriter, loc, type.getShape(), type.getElementType());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{adaptor.getInput()}, ValueRange{init},
        maps, parallelIterators(rank),
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args[0]);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateDataMovementPatterns(RewritePatternSet &patterns) {
  patterns.add<ConcatLowering, ReshapeLikeLowering<ReshapeOp>,
               ReshapeLikeLowering<FlattenOp>, TransposeLowering, PadLowering,
               SliceLowering>(patterns.getContext());
}
