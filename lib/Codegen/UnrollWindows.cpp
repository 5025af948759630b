//===- UnrollWindows.cpp - Pooling, depthwise conv vectorized along rows --===//
//
// A 2-D NCHW pooling or depthwise convolution becomes a loop nest over
// (n, c, oh) whose body walks the output row in vectors: for each vector of
// outputs, the kh x kw window positions are unrolled, each one vector read
// of an input row (strided reads deinterleaved with a shuffle) combined into
// the accumulator (max, add, or fma with the channel's weight).
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <algorithm>
#include <limits>

namespace seam {
#define GEN_PASS_DEF_SEAMUNROLLWINDOWSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// How the window positions combine.
enum class Combine { Max, Sum, MultiplyAdd };

/// What one rewrite needs to know about the op.
struct Window {
  int64_t kh, kw, sh, sw, dh, dw;
  int64_t outHeight, outWidth, inWidth;
  Combine combine;
};

/// Where a window op's input is a zero-, or for max pooling -inf-, padded
/// tensor (`tensor.pad` of rows and columns only, static; possibly through a
/// slice of whole rows and columns, a block of channels): the pad's source
/// (or that slice of it) and the padding above and to the left. The op may
/// then read the source itself and skip the window positions that fall in
/// the padding: they would add nothing (0) or never win (-inf).
struct ImplicitPadding {
  tensor::PadOp pad;
  tensor::ExtractSliceOp slice; // Null when the op reads the pad's result.
  int64_t top, left, height, width; // Padding; the source's rows, columns.

  /// The tensor the op reads instead: the pad's source, or the slice of it
  /// that corresponds to `slice`.
  Value materialize(OpBuilder &b) {
    Value source = pad.getSource();
    if (!slice)
      return source;
    SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
    sizes[2] = b.getIndexAttr(height);
    sizes[3] = b.getIndexAttr(width);
    return tensor::ExtractSliceOp::create(b, slice.getLoc(), source,
                                          slice.getMixedOffsets(), sizes,
                                          slice.getMixedStrides());
  }
};

std::optional<ImplicitPadding> findImplicitPadding(Value input,
                                                   Combine combine) {
  auto slice = input.getDefiningOp<tensor::ExtractSliceOp>();
  auto pad = (slice ? slice.getSource() : input).getDefiningOp<tensor::PadOp>();
  if (!pad || pad.getSourceType().getRank() != 4 ||
      !pad.getSourceType().hasStaticShape())
    return std::nullopt;
  std::optional<SmallVector<int64_t>> low =
      getConstantIntValues(pad.getMixedLowPad());
  std::optional<SmallVector<int64_t>> high =
      getConstantIntValues(pad.getMixedHighPad());
  if (!low || !high || (*low)[0] || (*low)[1] || (*high)[0] || (*high)[1])
    return std::nullopt;
  Value value = pad.getConstantPaddingValue();
  FloatAttr constant;
  if (!value || !matchPattern(value, m_Constant(&constant)))
    return std::nullopt;
  const APFloat &v = constant.getValue();
  bool neutral = combine == Combine::Max ? v.isInfinity() && v.isNegative()
                                         : v.isZero();
  if (!neutral)
    return std::nullopt;
  if (slice) {
    // Whole padded rows and columns of some batches and channels.
    ArrayRef<int64_t> offsets = slice.getStaticOffsets();
    ArrayRef<int64_t> sizes = slice.getStaticSizes();
    ArrayRef<int64_t> paddedShape = pad.getResultType().getShape();
    if (slice.getType().getRank() != 4 || !slice.hasUnitStride() ||
        offsets[2] != 0 || offsets[3] != 0 || sizes[2] != paddedShape[2] ||
        sizes[3] != paddedShape[3])
      return std::nullopt;
  }
  ArrayRef<int64_t> shape = pad.getSourceType().getShape();
  return ImplicitPadding{pad, slice, (*low)[2], (*low)[3], shape[2], shape[3]};
}

/// Emits the loop nest computing `op` into its output; fails (leaving the op)
/// unless its element type is f32 and its spatial shapes and window are
/// static with at most `maxWindow` positions. Batch and channels may be
/// dynamic (a split across threads).
LogicalResult vectorizeWindows(IRRewriter &rewriter, linalg::LinalgOp op,
                               Combine combine, int64_t width,
                               int64_t maxWindow, int64_t maxEdgeRows,
                               int64_t maxRowVectors) {
  Value input = op.getDpsInputs()[0], window = op.getDpsInputs()[1];
  Value init = op.getDpsInits()[0];
  auto inType = dyn_cast<RankedTensorType>(input.getType());
  auto windowType = dyn_cast<RankedTensorType>(window.getType());
  auto outType = dyn_cast<RankedTensorType>(init.getType());
  Type f32 = rewriter.getF32Type();
  if (!op.hasPureTensorSemantics() || !inType || !windowType || !outType ||
      inType.getElementType() != f32 || outType.getElementType() != f32)
    return failure();
  ArrayRef<int64_t> windowShape = windowType.getShape().take_back(2);
  ArrayRef<int64_t> outShape = outType.getShape();
  if (ShapedType::isDynamicShape(windowShape) ||
      ShapedType::isDynamicShape(outShape.take_back(2)) ||
      ShapedType::isDynamicShape(inType.getShape().take_back(2)) ||
      windowShape[0] * windowShape[1] > maxWindow)
    return failure();
  auto attr = [&](StringRef name) {
    return SmallVector<int64_t>(
        op->getAttrOfType<DenseIntElementsAttr>(name).getValues<int64_t>());
  };
  SmallVector<int64_t> strides = attr("strides"), dilations = attr("dilations");
  Window w{windowShape[0], windowShape[1], strides[0], strides[1],
           dilations[0],   dilations[1],   outShape[2], outShape[3],
           inType.getDimSize(3), combine};

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // A loop from 0 to `upper` by `step` carrying the output (bounds created
  // in this order: the order of a call's arguments is the compiler's).
  auto loop = [&](OpBuilder &b, Value upper, int64_t step, Value carried,
                  function_ref<Value(OpBuilder &, Value, Value)> body) {
    Value lower = index(b, 0);
    Value stepValue = index(b, step);
    return scf::ForOp::create(
               b, loc, lower, upper, stepValue, ValueRange{carried},
               [&](OpBuilder &b, Location, Value iv, ValueRange args) {
                 scf::YieldOp::create(b, loc, body(b, iv, args[0]));
               })
        .getResult(0);
  };
  SmallVector<bool> inBounds = {true};
  Value padding = arith::ConstantOp::create(rewriter, loc, f32,
                                            rewriter.getF32FloatAttr(0));
  // Combines the window position (i, j)'s inputs `x` into `acc`; `weights`
  // holds the channel's kh * kw weights (convolution only).
  auto accumulate = [&](OpBuilder &b, Value acc, Value x, int64_t i, int64_t j,
                        ArrayRef<Value> weights) -> Value {
    switch (w.combine) {
    case Combine::Max:
      return arith::MaximumFOp::create(b, loc, acc, x);
    case Combine::Sum:
      return arith::AddFOp::create(b, loc, acc, x);
    case Combine::MultiplyAdd: {
      Value weight = vector::BroadcastOp::create(b, loc, acc.getType(),
                                                 weights[i * w.kw + j]);
      return vector::FMAOp::create(b, loc, x, weight, acc);
    }
    }
    llvm_unreachable("unknown combine");
  };
  // Combines the outputs out[n, c, oh, ow : ow + lanes] with their windows.
  auto computeVector = [&](OpBuilder &b, Value out, Value n, Value c, Value oh,
                           Value ow, int64_t lanes, bool wide,
                           ArrayRef<Value> weights) {
    auto vectorType = VectorType::get({lanes}, f32);
    Value acc = vector::TransferReadOp::create(b, loc, vectorType, out,
                                               ValueRange{n, c, oh, ow},
                                               padding, ArrayRef(inBounds));
    // The first input column of the vector, in[.., ow * sw].
    Value column = arith::MulIOp::create(b, loc, ow, index(b, w.sw));
    // With a stride, `wide` vectors read lanes * sw elements (whole
    // registers), the others just up to the last element used.
    int64_t span = wide ? lanes * w.sw : (lanes - 1) * w.sw + 1;
    auto spanType = VectorType::get({span}, f32);
    SmallVector<int64_t> lanesOfSpan;
    for (int64_t l = 0; l < lanes; ++l)
      lanesOfSpan.push_back(l * w.sw);
    for (int64_t i = 0; i < w.kh; ++i) {
      Value row = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, oh, index(b, w.sh)),
          index(b, i * w.dh));
      for (int64_t j = 0; j < w.kw; ++j) {
        Value col = arith::AddIOp::create(b, loc, column, index(b, j * w.dw));
        Value x = vector::TransferReadOp::create(
            b, loc, spanType, input, ValueRange{n, c, row, col}, padding,
            ArrayRef(inBounds));
        if (w.sw != 1)
          x = vector::ShuffleOp::create(b, loc, x, x, lanesOfSpan);
        acc = accumulate(b, acc, x, i, j, weights);
      }
    }
    return vector::TransferWriteOp::create(b, loc, acc, out,
                                           ValueRange{n, c, oh, ow},
                                           ArrayRef(inBounds))
        .getResult();
  };

  int64_t lanes = std::min(width, w.outWidth);
  int64_t whole = w.outWidth / lanes * lanes, rest = w.outWidth - whole;
  // The vectors of a row in [0, wideEnd) may read lanes * sw elements: the
  // last element read, (ow + lanes) * sw - 1 + (kw - 1) * dw, is in the row.
  int64_t wideEnd = whole;
  if (w.sw != 1)
    while (wideEnd > 0 &&
           wideEnd * w.sw + (w.kw - 1) * w.dw > w.inWidth)
      wideEnd -= lanes;

  // A padded input (unit column stride) read where it is not padding: the
  // pad's source. Rows whose windows reach into the padding above or below
  // are emitted one by one, each without the window rows that fall there;
  // every row's vectors are unrolled, each without the window columns, or
  // lanes of them, that fall into the padding left or right.
  std::optional<ImplicitPadding> implicit;
  int64_t firstInner = 0, endInner = w.outHeight;
  if (w.sw == 1 && (implicit = findImplicitPadding(input, combine))) {
    firstInner = std::min(w.outHeight, (implicit->top + w.sh - 1) / w.sh);
    int64_t lastStart =
        implicit->height - 1 - (w.kh - 1) * w.dh + implicit->top;
    endInner = lastStart < 0 ? firstInner
                             : std::clamp(lastStart / w.sh + 1, firstInner,
                                          w.outHeight);
    int64_t vectorsPerRow = (w.outWidth + lanes - 1) / lanes;
    if (firstInner + (w.outHeight - endInner) > maxEdgeRows ||
        vectorsPerRow > maxRowVectors)
      implicit.reset();
  }
  Value source = implicit ? implicit->materialize(rewriter) : Value();
  Value neutral;
  if (implicit)
    neutral = arith::ConstantOp::create(
        rewriter, loc, f32,
        rewriter.getF32FloatAttr(
            combine == Combine::Max ? -std::numeric_limits<float>::infinity()
                                    : 0.0f));
  // Output row `oh` of a padded input (`edgeRow`: its index, when windows
  // reach into the padding above or below).
  auto computePaddedRow = [&](OpBuilder &b, Value out, Value n, Value c,
                              Value oh, std::optional<int64_t> edgeRow,
                              ArrayRef<Value> weights) {
    for (int64_t ow = 0; ow < w.outWidth; ow += lanes) {
      int64_t count = std::min(lanes, w.outWidth - ow);
      auto vectorType = VectorType::get({count}, f32);
      Value owValue = index(b, ow);
      Value acc = vector::TransferReadOp::create(
          b, loc, vectorType, out, ValueRange{n, c, oh, owValue}, padding,
          ArrayRef(inBounds));
      for (int64_t i = 0; i < w.kh; ++i) {
        int64_t rowShift = i * w.dh - implicit->top;
        Value row;
        if (edgeRow) {
          int64_t r = *edgeRow * w.sh + rowShift;
          if (r < 0 || r >= implicit->height)
            continue;
          row = index(b, r);
        } else {
          row = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, oh, index(b, w.sh)),
              index(b, rowShift));
        }
        for (int64_t j = 0; j < w.kw; ++j) {
          // Lane l reads source column ow + l + shift.
          int64_t shift = j * w.dw - implicit->left;
          int64_t first = std::max<int64_t>(0, -shift - ow);
          int64_t end = std::min(count, implicit->width - shift - ow);
          if (end <= first)
            continue;
          Value x;
          if (end - first == count || implicit->width < count) {
            x = vector::TransferReadOp::create(
                b, loc, VectorType::get({end - first}, f32), source,
                ValueRange{n, c, row, index(b, ow + first + shift)}, padding,
                ArrayRef(inBounds));
            if (end - first < count)
              x = vector::InsertStridedSliceOp::create(
                  b, loc, x,
                  vector::BroadcastOp::create(b, loc, vectorType, neutral),
                  ArrayRef<int64_t>{first}, ArrayRef<int64_t>{1});
          } else {
            // A whole vector read inside the row, its lanes moved into
            // place and the padding's lanes taken from the neutral vector:
            // one shuffle (a read of 13 floats was split into pieces).
            int64_t start =
                std::clamp<int64_t>(ow + shift, 0, implicit->width - count);
            Value whole = vector::TransferReadOp::create(
                b, loc, vectorType, source,
                ValueRange{n, c, row, index(b, start)}, padding,
                ArrayRef(inBounds));
            SmallVector<int64_t> lanesOf;
            for (int64_t l = 0; l < count; ++l)
              lanesOf.push_back(l >= first && l < end ? l + ow + shift - start
                                                      : count);
            x = vector::ShuffleOp::create(
                b, loc, whole,
                vector::BroadcastOp::create(b, loc, vectorType, neutral),
                lanesOf);
          }
          acc = accumulate(b, acc, x, i, j, weights);
        }
      }
      out = vector::TransferWriteOp::create(b, loc, acc, out,
                                            ValueRange{n, c, oh, owValue},
                                            ArrayRef(inBounds))
                .getResult();
    }
    return out;
  };

  Value batches = tensor::DimOp::create(rewriter, loc, init, 0);
  Value channels = tensor::DimOp::create(rewriter, loc, init, 1);
  Value result = loop(rewriter, batches, 1, init, [&](OpBuilder &b, Value n,
                                                      Value out) {
    return loop(b, channels, 1, out, [&](OpBuilder &b, Value c, Value out) {
      SmallVector<Value> weights;
      if (combine == Combine::MultiplyAdd)
        for (int64_t i = 0; i < w.kh; ++i)
          for (int64_t j = 0; j < w.kw; ++j)
            weights.push_back(tensor::ExtractOp::create(
                b, loc, window, ValueRange{c, index(b, i), index(b, j)}));
      if (implicit) {
        for (int64_t oh = 0; oh < firstInner; ++oh)
          out = computePaddedRow(b, out, n, c, index(b, oh), oh, weights);
        if (endInner > firstInner)
          out = scf::ForOp::create(
                    b, loc, index(b, firstInner), index(b, endInner),
                    index(b, 1), ValueRange{out},
                    [&](OpBuilder &b, Location, Value oh, ValueRange args) {
                      scf::YieldOp::create(
                          b, loc,
                          computePaddedRow(b, args[0], n, c, oh, std::nullopt,
                                           weights));
                    })
                    .getResult(0);
        for (int64_t oh = endInner; oh < w.outHeight; ++oh)
          out = computePaddedRow(b, out, n, c, index(b, oh), oh, weights);
        return out;
      }
      return loop(
          b, index(b, w.outHeight), 1, out,
          [&](OpBuilder &b, Value oh, Value out) {
            if (wideEnd > 0)
              out = loop(b, index(b, wideEnd), lanes, out,
                         [&](OpBuilder &b, Value ow, Value out) {
                           return computeVector(b, out, n, c, oh, ow, lanes,
                                                /*wide=*/true, weights);
                         });
            for (int64_t ow = wideEnd; ow < whole; ow += lanes)
              out = computeVector(b, out, n, c, oh, index(b, ow), lanes,
                                  /*wide=*/false, weights);
            if (rest)
              out = computeVector(b, out, n, c, oh, index(b, whole), rest,
                                  /*wide=*/false, weights);
            return out;
          });
    });
  });
  rewriter.replaceOp(op, result);
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
      Combine combine = isa<linalg::PoolingNchwMaxOp>(op)   ? Combine::Max
                        : isa<linalg::PoolingNchwSumOp>(op) ? Combine::Sum
                                                           : Combine::MultiplyAdd;
      (void)vectorizeWindows(rewriter, cast<linalg::LinalgOp>(op), combine,
                             vectorWidth, maxWindow,
                             implicitPadding ? maxEdgeRows : -1,
                             maxRowVectors);
    }
  }
};

} // namespace
