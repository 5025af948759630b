//===- FuseElementwise.cpp - Elementwise fusion with a bounded body -------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace seam {
#define GEN_PASS_DEF_SEAMFUSEELEMENTWISEPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// The operations in the body of a linalg op (its payload and terminator),
/// counted up to `limit + 1`: counting stops there, so a check costs no
/// more than the bound.
unsigned countBodyOps(Operation *op, unsigned limit) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || op->getNumRegions() != 1 || op->getRegion(0).empty())
    return 0;
  unsigned count = 0;
  for (Operation &nested : op->getRegion(0).front()) {
    (void)nested;
    if (++count > limit)
      break;
  }
  return count;
}

/// Whether the body of `op` (a linalg op) holds a `math` dialect op.
bool hasMathOps(Operation *op) {
  if (op->getNumRegions() != 1 || op->getRegion(0).empty())
    return false;
  return llvm::any_of(op->getRegion(0).front(), [](Operation &nested) {
    return isa_and_nonnull<math::MathDialect>(nested.getDialect());
  });
}

struct SeamFuseElementwisePass
    : public seam::impl::SeamFuseElementwisePassBase<SeamFuseElementwisePass> {
  using SeamFuseElementwisePassBase::SeamFuseElementwisePassBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    unsigned limit = maxFusedOps;
    // Fuse a producer with one use into its consumer while the fused body
    // (both bodies, less the producer's yield) stays within the bound.
    linalg::ControlFusionFn control = [limit](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      if (!producer || !producer->hasOneUse())
        return false;
      // A reshape stays out of a contraction (matmul, convolution,
      // reduction): folded in, it would expand the contraction's iteration
      // space (a Flatten before a fully connected layer turned its matmul
      // into a 5-D generic no schedule recognizes), while after
      // bufferization the reshape of a contiguous buffer is only a view.
      Operation *consumer = fused->getOwner();
      if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(producer) ||
          isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(consumer))
        for (Operation *op : {producer, consumer})
          if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
              linalgOp && linalgOp.getNumReductionLoops() > 0)
            return false;
      // A producer with transcendental math (a Sigmoid on a 1xCx1x1 scale)
      // is not fused into a consumer that broadcasts its result (the
      // squeeze-and-excitation multiply): the Sigmoid would run once per
      // element of the activation instead of once per channel.
      if (auto consumerOp = dyn_cast<linalg::LinalgOp>(consumer);
          consumerOp &&
          !consumerOp.getMatchingIndexingMap(fused).isPermutation() &&
          hasMathOps(producer))
        return false;
      unsigned producerOps = countBodyOps(producer, limit);
      unsigned consumerOps = countBodyOps(fused->getOwner(), limit);
      return producerOps + consumerOps <= limit + 1;
    };

    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, control);
    // Top-down, as upstream's pass: producers are visited before consumers.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
  }
};

} // namespace
