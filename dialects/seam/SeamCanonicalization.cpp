//===- SeamCanonicalization.cpp - Rewrites of seam ops into their own kind ===//
//
// Exporters write some activations as products: PyTorch exports Hardswish
// at opset 13 as x * HardSigmoid(x) with alpha 1/6 and beta 1/2. Rewriting
// the product into the one op lets every backend see the activation it has
// a kernel for (oneDNN's hardswish eltwise, as a conv post-op; XNNPACK's
// hardswish node) instead of two ops and a tensor between them.
//
//===----------------------------------------------------------------------===//

#include "seam/SeamOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace seam;

namespace {

/// x * hard_sigmoid(x) (either order) -> hard_swish(x), when the hard
/// sigmoid is x / 6 + 1 / 2 clamped to [0, 1].
struct MulByOwnHardSigmoid : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MulOp mul,
                                PatternRewriter &rewriter) const override {
    for (auto [x, gate] : {std::make_pair(mul.getLhs(), mul.getRhs()),
                           std::make_pair(mul.getRhs(), mul.getLhs())}) {
      auto sigmoid = gate.getDefiningOp<HardSigmoidOp>();
      if (!sigmoid || sigmoid.getInput() != x ||
          sigmoid.getAlpha().convertToFloat() != 1.0f / 6.0f ||
          sigmoid.getBeta().convertToFloat() != 0.5f)
        continue;
      rewriter.replaceOpWithNewOp<HardSwishOp>(mul, x);
      return success();
    }
    return failure();
  }
};

} // namespace

void MulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<MulByOwnHardSigmoid>(context);
}
