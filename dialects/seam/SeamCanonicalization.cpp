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
// the conv stays one kernel-library primitive; so does a Pad before a max
// pool (-inf, or 0 on an input that is never negative) or an average pool
// (0, counted in the divisor).
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

/// The spatial pads of `pad` added to `own` (a window op's resolved pads,
/// begins then ends), when `pad` is a constant pad of the spatial dims only
/// (none on N and C, none negative) whose value `acceptValue` takes; each
/// folded pad also less than `window` (a window's extent, dilation
/// included), so that every window keeps a position of the input, when
/// `window` is given.
static std::optional<SmallVector<int64_t>>
foldSpatialPads(PadOp pad, SmallVector<int64_t> own,
                function_ref<bool(const APFloat &)> acceptValue,
                ArrayRef<int64_t> window = {}) {
  if (pad.getMode() != PadMode::constant || !acceptValue(pad.getValue()))
    return std::nullopt;
  ArrayRef<int64_t> pads = pad.getPads();
  size_t rank = pads.size() / 2;
  if (rank < 3 || pads[0] || pads[1] || pads[rank] || pads[rank + 1] ||
      llvm::any_of(pads, [](int64_t p) { return p < 0; }))
    return std::nullopt;
  size_t spatial = rank - 2;
  if (own.size() != 2 * spatial || (!window.empty() && window.size() != spatial))
    return std::nullopt;
  for (size_t i = 0; i < spatial; ++i) {
    // Both fit in a verified op's padded input size; checked anyway.
    std::optional<int64_t> begin = llvm::checkedAdd(own[i], pads[2 + i]);
    std::optional<int64_t> end =
        llvm::checkedAdd(own[spatial + i], pads[rank + 2 + i]);
    if (!begin || !end ||
        (!window.empty() && (*begin >= window[i] || *end >= window[i])))
      return std::nullopt;
    own[i] = *begin;
    own[spatial + i] = *end;
  }
  return own;
}

/// conv(pad(x)) -> conv(x) with the pad's spatial pads added to its own,
/// when the pad is a constant 0 on the spatial dims only (none on N and C,
/// none negative).
struct FoldPadIntoConv : OpRewritePattern<ConvOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvOp conv,
                                PatternRewriter &rewriter) const override {
    auto pad = conv.getInput().getDefiningOp<PadOp>();
    if (!pad)
      return failure();
    std::optional<SmallVector<int64_t>> own = foldSpatialPads(
        pad, conv.getResolvedPads(),
        [](const APFloat &v) { return v.isZero(); });
    if (!own)
      return failure();
    rewriter.modifyOpInPlace(conv, [&] {
      conv.getInputMutable().assign(pad.getInput());
      conv.setPadsAttr(rewriter.getDenseI64ArrayAttr(*own));
      conv.setAutoPad(AutoPad::notset);
    });
    return success();
  }
};

/// True when every element of `value` is >= 0 or NaN (what a zero pad before
/// a max pool needs to be the pool's own padding).
static bool isNonNegative(Value value) {
  return isa_and_present<ReluOp, SigmoidOp, HardSigmoidOp>(
      value.getDefiningOp());
}

/// max_pool(pad(x)) and avg_pool(pad(x)) -> the pool of x with the pad's
/// spatial pads added to its own (TensorFlow-style "same" padding exported
/// as an explicit Pad, timm's MaxPool2dSame). A max pool without dilation
/// takes a pad of -inf, or of 0 when x is never negative (each window holds
/// an element of x, which is >= 0); an average pool
/// takes a pad of 0 when it counts its padding in the divisor, or has none
/// of its own (it then counts it: the padded zeros were elements). Not with
/// ceil_mode, whose last windows may extend past every pad.
template <typename PoolOp>
struct FoldPadIntoPool : OpRewritePattern<PoolOp> {
  using OpRewritePattern<PoolOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(PoolOp pool,
                                PatternRewriter &rewriter) const override {
    auto pad = pool.getInput().template getDefiningOp<PadOp>();
    if (!pad || pool.getCeilMode())
      return failure();
    SmallVector<int64_t> own = pool.getResolvedPads();
    SmallVector<int64_t> window;
    for (auto [k, d] : llvm::zip_equal(pool.getKernelSizes(),
                                       pool.getDilationsOrDefault()))
      window.push_back((k - 1) * d + 1);
    std::optional<SmallVector<int64_t>> pads;
    if constexpr (std::is_same_v<PoolOp, MaxPoolOp>) {
      // Dilated windows may hold only padding (taps either side of the
      // input): a padded -inf (or 0) would win there, where the pool's own
      // padding never does (oneDNN gives the lowest float).
      if (llvm::any_of(pool.getDilationsOrDefault(),
                       [](int64_t d) { return d != 1; }))
        return failure();
      bool zeroIsLowest = isNonNegative(pad.getInput());
      pads = foldSpatialPads(
          pad, own,
          [&](const APFloat &v) {
            return (v.isInfinity() && v.isNegative()) ||
                   (zeroIsLowest && v.isZero());
          },
          window);
    } else {
      bool ownPads = llvm::any_of(own, [](int64_t p) { return p != 0; });
      if (!pool.getCountIncludePad() && ownPads)
        return failure();
      pads = foldSpatialPads(
          pad, own, [](const APFloat &v) { return v.isZero(); }, window);
    }
    if (!pads)
      return failure();
    rewriter.modifyOpInPlace(pool, [&] {
      pool.getInputMutable().assign(pad.getInput());
      pool.setPadsAttr(rewriter.getDenseI64ArrayAttr(*pads));
      pool.setAutoPad(AutoPad::notset);
      // The padded zeros were elements: they count.
      if constexpr (std::is_same_v<PoolOp, AvgPoolOp>)
        pool.setCountIncludePad(true);
    });
    return success();
  }
};

} // namespace

void MaxPoolOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldPadIntoPool<MaxPoolOp>>(context);
}

void AvgPoolOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldPadIntoPool<AvgPoolOp>>(context);
}

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
