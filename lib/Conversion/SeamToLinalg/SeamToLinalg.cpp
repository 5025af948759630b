//===- SeamToLinalg.cpp - The seam-lower-to-linalg pass -------------------===//
//
// Collects the pattern families (ConvToLinalg, PoolToLinalg, ...) and runs
// them as a partial dialect conversion in which the whole seam dialect is
// illegal, so that no seam op survives silently. seam.composite regions are
// inlined here: with no kernel library taking them, their ops lower like any
// others. Unsigned integer types (ui8 ...) become signless at the end.
//
//===----------------------------------------------------------------------===//

#include "seam/Conversion/SeamToLinalg.h"
#include "seam/Conversion/Passes.h"

#include "LoweringUtils.h"

#include "seam/SeamOps.h"
#include "llvm/ADT/StringSet.h"

namespace seam {
#define GEN_PASS_DEF_SEAMLOWERTOLINALGPASS
#include "seam/Conversion/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// Inlines the body of a seam.composite in its place; the yielded values
/// replace the composite's results.
struct CompositeInlining : OpConversionPattern<CompositeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CompositeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    YieldOp yield = op.getYield();
    // A yielded block argument stands for the matching composite input.
    SmallVector<Value> results;
    for (Value v : yield.getOperands()) {
      auto arg = dyn_cast<BlockArgument>(v);
      results.push_back(arg && arg.getOwner() == &body
                            ? adaptor.getInputs()[arg.getArgNumber()]
                            : v);
    }
    rewriter.inlineBlockBefore(&body, op, adaptor.getInputs());
    rewriter.eraseOp(yield);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct SeamLowerToLinalgPass
    : public seam::impl::SeamLowerToLinalgPassBase<SeamLowerToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateSeamToLinalgConversionPatterns(patterns);

    // Name every seam op no pattern is rooted at, rather than leaving the
    // conversion to fail on the first one it meets.
    llvm::StringSet<> lowered;
    for (const std::unique_ptr<RewritePattern> &p :
         patterns.getNativePatterns())
      if (std::optional<OperationName> root = p->getRootKind())
        lowered.insert(root->getStringRef());
    bool missing = false;
    getOperation().walk([&](Operation *op) {
      if (isa<SeamDialect>(op->getDialect()) &&
          !isa<YieldOp, KernelCallOp>(op) &&
          !lowered.contains(op->getName().getStringRef())) {
        op->emitOpError("has no lowering to linalg");
        missing = true;
      }
    });
    if (missing)
      return signalPassFailure();

    ConversionTarget target(*ctx);
    configureSeamToLinalgConversionTarget(target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    // The bodies picked their unsigned ops from ui types; now the types
    // become signless, as arith and linalg want them.
    lowering::eraseSignedness(getOperation());
  }
};

} // namespace

void seam::populateSeamToLinalgConversionPatterns(RewritePatternSet &patterns) {
  lowering::populateConvPatterns(patterns);
  lowering::populatePoolPatterns(patterns);
  lowering::populateConvTransposePatterns(patterns);
  lowering::populateLrnPatterns(patterns);
  lowering::populateIntegerProductPatterns(patterns);
  lowering::populateMatmulPatterns(patterns);
  lowering::populateElementwisePatterns(patterns);
  lowering::populateReductionPatterns(patterns);
  lowering::populateReductionFamilyPatterns(patterns);
  lowering::populateDataMovementPatterns(patterns);
  lowering::populateCastCompareSelectPatterns(patterns);
  lowering::populateMathPatterns(patterns);
  lowering::populateIndexingPatterns(patterns);
  lowering::populateScatterPatterns(patterns);
  lowering::populateTopKPatterns(patterns);
  lowering::populateLogSoftmaxPatterns(patterns);
  lowering::populateNormalizationPatterns(patterns);
  patterns.add<CompositeInlining>(patterns.getContext());
}

void seam::configureSeamToLinalgConversionTarget(ConversionTarget &target) {
  target.addIllegalDialect<SeamDialect>();
  // Offloaded regions stay calls of their backend (seam-lower-kernel-calls).
  target.addLegalOp<KernelCallOp>();
  target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                         math::MathDialect, scf::SCFDialect,
                         tensor::TensorDialect>();
}
