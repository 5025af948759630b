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
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

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

/// Emits the loop nest computing `op` into its output; fails (leaving the op)
/// unless its element type is f32 and its spatial shapes and window are
/// static with at most `maxWindow` positions. Batch and channels may be
/// dynamic (a split across threads).
LogicalResult vectorizeWindows(IRRewriter &rewriter, linalg::LinalgOp op,
                               Combine combine, int64_t width,
                               int64_t maxWindow) {
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
  // Combines the outputs out[n, c, oh, ow : ow + lanes] with their windows;
  // `weights` holds the channel's kh * kw weights (convolution only).
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
        switch (w.combine) {
        case Combine::Max:
          acc = arith::MaximumFOp::create(b, loc, acc, x);
          break;
        case Combine::Sum:
          acc = arith::AddFOp::create(b, loc, acc, x);
          break;
        case Combine::MultiplyAdd: {
          Value weight = vector::BroadcastOp::create(b, loc, vectorType,
                                                     weights[i * w.kw + j]);
          acc = vector::FMAOp::create(b, loc, x, weight, acc);
          break;
        }
        }
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
                             vectorWidth, maxWindow);
    }
  }
};

} // namespace
