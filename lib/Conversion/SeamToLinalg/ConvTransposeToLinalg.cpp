//===- ConvTransposeToLinalg.cpp - seam.conv_transpose to a convolution ---===//
//
// A transposed convolution is a direct convolution, without scatter:
//   1. the input goes into a zero tensor with tensor.insert_slice, element i
//      of each spatial dim at (k - 1) * d - pad_begin + i * s (the zeros
//      between the elements are the stride, the zeros around them the
//      padding; an element that would land outside, as with a pad larger
//      than the kernel extent, is sliced off first);
//   2. the weight C x M/g x k... becomes M x C/g x k..., flipped in every
//      spatial dim (one linalg.generic, groups kept apart by
//      tensor.expand_shape);
//   3. a seam.conv with stride 1, the op's dilations, group and bias
//      convolves the two, and lowers with seam.conv's own pattern.
// Step 3 also multiplies the inserted zeros: about s^n times the
// multiply-adds of a scatter, a constant factor of the op's strides.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// The input spread into zeros: the stride-dilated, padded input that a
/// stride-1 convolution with the flipped kernel turns into the output.
Value dilateAndPad(OpBuilder &b, Location loc, ConvTransposeOp op,
                   Value input) {
  int64_t n = op.getNumSpatialDims();
  SmallVector<int64_t> kernel = op.getKernelSizes();
  SmallVector<int64_t> strides = op.getStridesOrDefault();
  SmallVector<int64_t> dilations = op.getDilationsOrDefault();
  SmallVector<int64_t> pads = op.getPadsOrDefault();
  ArrayRef<int64_t> inShape = shapeOf(input);
  ArrayRef<int64_t> outShape = op.getType().getShape();

  SmallVector<int64_t> shape = {inShape[0], inShape[1]};
  SmallVector<int64_t> srcOffsets(n + 2, 0), srcSizes(inShape);
  SmallVector<int64_t> dstOffsets(n + 2, 0), dstStrides(n + 2, 1);
  bool anyInside = true;
  for (int64_t i = 0; i < n; ++i) {
    int64_t extent = (kernel[i] - 1) * dilations[i] + 1;
    int64_t size = outShape[2 + i] + extent - 1;
    int64_t stride = strides[i];
    // Input element j lands at low + j * stride; keep those in [0, size).
    int64_t low = extent - 1 - pads[i];
    int64_t first = low >= 0 ? 0 : llvm::divideCeilSigned(-low, stride);
    int64_t last = std::min(inShape[2 + i] - 1,
                            llvm::divideFloorSigned(size - 1 - low, stride));
    anyInside &= last >= first;
    shape.push_back(size);
    srcOffsets[2 + i] = first;
    srcSizes[2 + i] = last - first + 1;
    dstOffsets[2 + i] = low + first * stride;
    dstStrides[2 + i] = stride;
  }
  Value zeros = filledTensor(b, loc, shape, 0.0f);
  if (!anyInside)
    return zeros; // Every output position holds the bias.
  MLIRContext *ctx = b.getContext();
  if (srcSizes != inShape)
    input = tensor::ExtractSliceOp::create(
        b, loc, input, getAsIndexOpFoldResult(ctx, srcOffsets),
        getAsIndexOpFoldResult(ctx, srcSizes),
        getAsIndexOpFoldResult(ctx, SmallVector<int64_t>(n + 2, 1)));
  return tensor::InsertSliceOp::create(b, loc, input, zeros,
                                       getAsIndexOpFoldResult(ctx, dstOffsets),
                                       getAsIndexOpFoldResult(ctx, srcSizes),
                                       getAsIndexOpFoldResult(ctx, dstStrides));
}

/// The C x M/g x k... weight as the M x C/g x k... weight of the direct
/// convolution: w'[g, m, c, k...] = w[g, c, m, (K - 1 - k)...].
Value flipWeight(OpBuilder &b, Location loc, Value weight, int64_t group) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> shape = shapeOf(weight);
  int64_t inPerGroup = shape[0] / group, outPerGroup = shape[1];
  ArrayRef<int64_t> kernel = shape.drop_front(2);
  SmallVector<int64_t> grouped = {group, inPerGroup, outPerGroup};
  grouped.append(kernel.begin(), kernel.end());
  SmallVector<int64_t> flipped = {group, outPerGroup, inPerGroup};
  flipped.append(kernel.begin(), kernel.end());

  unsigned numLoops = flipped.size();
  SmallVector<AffineExpr> read = {getAffineDimExpr(0, ctx),
                                  getAffineDimExpr(2, ctx),
                                  getAffineDimExpr(1, ctx)};
  for (auto [i, k] : llvm::enumerate(kernel))
    read.push_back(k - 1 - getAffineDimExpr(3 + i, ctx));
  SmallVector<AffineMap> maps = {
      AffineMap::get(numLoops, 0, read, ctx),
      AffineMap::getMultiDimIdentityMap(numLoops, ctx)};
  Value flip =
      linalg::GenericOp::create(
          b, loc, TypeRange{RankedTensorType::get(flipped, b.getF32Type())},
          ValueRange{reshapeTo(b, loc, weight, grouped)},
          ValueRange{emptyTensor(b, loc, flipped)}, maps,
          parallelIterators(numLoops),
          [](OpBuilder &nb, Location nloc, ValueRange args) {
            linalg::YieldOp::create(nb, nloc, args[0]);
          })
          .getResult(0);
  SmallVector<int64_t> result = {group * outPerGroup, inPerGroup};
  result.append(kernel.begin(), kernel.end());
  return reshapeTo(b, loc, flip, result);
}

struct ConvTransposeLowering : OpConversionPattern<ConvTransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvTransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = dilateAndPad(rewriter, loc, op, adaptor.getInput());
    Value weight =
        flipWeight(rewriter, loc, adaptor.getWeight(), op.getGroup());
    SmallVector<Value> operands = {input, weight};
    if (Value bias = adaptor.getBias())
      operands.push_back(bias);
    SmallVector<NamedAttribute> attrs = {
        rewriter.getNamedAttr("group", op.getGroupAttr())};
    if (DenseI64ArrayAttr dilations = op.getDilationsAttr())
      attrs.push_back(rewriter.getNamedAttr("dilations", dilations));
    // The result type is the op's: seam.conv's verifier checks that the
    // shapes agree.
    auto conv = ConvOp::create(rewriter, loc, op.getType(), operands, attrs);
    rewriter.replaceOp(op, conv.getResult());
    return success();
  }
};

} // namespace

void lowering::populateConvTransposePatterns(RewritePatternSet &patterns) {
  patterns.add<ConvTransposeLowering>(patterns.getContext());
}
