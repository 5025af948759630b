//===- SeamCanonicalization.cpp - Rewrites of seam ops into their own kind ===//
//
// Exporters write some activations as products: PyTorch exports Hardswish
// at opset 13 as x * HardSigmoid(x) with alpha 1/6 and beta 1/2, and SiLU
// (EfficientNet's activation) as x * Sigmoid(x). Rewriting
// the product into the one op lets every backend see the activation it has
// a kernel for (oneDNN's hardswish and swish eltwise, as conv post-ops;
// XNNPACK's hardswish node) instead of two ops and a tensor between them.
// Likewise an explicit zero Pad before a Conv (TensorFlow-style "same" padding,
// ZeroPad2d) becomes the conv's own padding: no padded copy of the image, and
// the conv stays one kernel-library primitive.
//
//===----------------------------------------------------------------------===//

#include "seam/SeamOps.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace seam;

namespace {

/// x * gate(x) (either order) -> Activation(x), for a gate op `Gate` that
/// `isGate` accepts.
template <typename Gate, typename Activation>
struct MulByOwnGate : OpRewritePattern<MulOp> {
  MulByOwnGate(MLIRContext *context, bool (*isGate)(Gate))
      : OpRewritePattern(context), isGate(isGate) {}

  LogicalResult matchAndRewrite(MulOp mul,
                                PatternRewriter &rewriter) const override {
    for (auto [x, gate] : {std::make_pair(mul.getLhs(), mul.getRhs()),
                           std::make_pair(mul.getRhs(), mul.getLhs())}) {
      auto op = gate.template getDefiningOp<Gate>();
      if (!op || op.getInput() != x || !isGate(op))
        continue;
      rewriter.replaceOpWithNewOp<Activation>(mul, x);
      return success();
    }
    return failure();
  }

  bool (*isGate)(Gate);
};

/// hard_swish's gate: x / 6 + 1 / 2 clamped to [0, 1].
bool isHardSwishGate(HardSigmoidOp op) {
  return op.getAlpha().convertToFloat() == 1.0f / 6.0f &&
         op.getBeta().convertToFloat() == 0.5f;
}

bool isSiluGate(SigmoidOp) { return true; }

/// conv(pad(x)) -> conv(x) with the pad's spatial pads added to its own,
/// when the pad is a constant 0 on the spatial dims only (none on N and C,
/// none negative).
struct FoldPadIntoConv : OpRewritePattern<ConvOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvOp conv,
                                PatternRewriter &rewriter) const override {
    auto pad = conv.getInput().getDefiningOp<PadOp>();
    if (!pad || pad.getMode() != PadMode::constant || !pad.getValue().isZero())
      return failure();
    ArrayRef<int64_t> pads = pad.getPads();
    size_t rank = pads.size() / 2;
    if (rank < 3 || pads[0] || pads[1] || pads[rank] || pads[rank + 1] ||
        llvm::any_of(pads, [](int64_t p) { return p < 0; }))
      return failure();
    // The conv's pads as it computes them on the padded input (auto_pad
    // resolved), begins then ends of the spatial dims.
    SmallVector<int64_t> own = conv.getResolvedPads();
    size_t spatial = rank - 2;
    if (own.size() != 2 * spatial)
      return failure();
    for (size_t i = 0; i < spatial; ++i) {
      // Both fit in a verified conv's padded input size; checked anyway.
      std::optional<int64_t> begin = llvm::checkedAdd(own[i], pads[2 + i]);
      std::optional<int64_t> end =
          llvm::checkedAdd(own[spatial + i], pads[rank + 2 + i]);
      if (!begin || !end)
        return failure();
      own[i] = *begin;
      own[spatial + i] = *end;
    }
    rewriter.modifyOpInPlace(conv, [&] {
      conv.getInputMutable().assign(pad.getInput());
      conv.setPadsAttr(rewriter.getDenseI64ArrayAttr(own));
      conv.setAutoPad(AutoPad::notset);
    });
    return success();
  }
};

} // namespace

void ConvOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldPadIntoConv>(context);
}

void MulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<MulByOwnGate<HardSigmoidOp, HardSwishOp>>(context,
                                                        isHardSwishGate);
  results.add<MulByOwnGate<SigmoidOp, SiluOp>>(context, isSiluGate);
}
