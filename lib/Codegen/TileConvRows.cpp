//===- TileConvRows.cpp - Convolutions and their epilogue by row bands ----===//
//
// A convolution followed by its elementwise consumer (bias, activation,
// residual add) ran as whole-tensor passes: the bias broadcast into the
// output, the convolution accumulating onto it, the activation reading and
// writing it again, each of them streaming megabytes through memory. Tiled by
// bands of output rows with the bias broadcast and the convolution fused into
// the consumer's band, the three run on a band that stays in cache.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace seam {
#define GEN_PASS_DEF_SEAMTILECONVROWSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// The loop of `op` that walks its output's rows (dim 2): (n, f, oh, ...)
/// for a convolution, (n, oh, ow, c, ...) for a depthwise one.
unsigned getRowLoop(linalg::LinalgOp op) {
  return op.getMatchingIndexingMap(op.getDpsInitOperand(0)).getDimPosition(2);
}

/// The elementwise op that `conv` is fused into: its only user (which may
/// read it more than once: SiLU is x * sigmoid(x)), a 4-D all-parallel op
/// whose output and the operands that are the convolution are indexed like
/// the convolution's output. Null when there is none.
linalg::GenericOp getElementwiseConsumer(linalg::LinalgOp conv) {
  Value result = conv->getResult(0);
  if (result.use_empty() ||
      !llvm::all_equal(llvm::map_range(
          result.getUses(), [](OpOperand &use) { return use.getOwner(); })))
    return {};
  auto consumer = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  if (!consumer || !consumer.hasPureTensorSemantics() ||
      consumer.getNumDpsInits() != 1 || consumer.getNumLoops() != 4 ||
      consumer.getNumParallelLoops() != 4 ||
      consumer->getResult(0).getType() != result.getType())
    return {};
  auto isIdentity = [](AffineMap map) { return map.isIdentity(); };
  OpOperand &init = consumer.getDpsInitsMutable()[0];
  if (init.get() == result || !isIdentity(consumer.getMatchingIndexingMap(&init)))
    return {};
  for (OpOperand *input : consumer.getDpsInputOperands())
    if (input->get() == result &&
        !isIdentity(consumer.getMatchingIndexingMap(input)))
      return {};
  return consumer;
}

struct SeamTileConvRowsPass
    : public seam::impl::SeamTileConvRowsPassBase<SeamTileConvRowsPass> {
  using Base::Base;

  /// The rows per band: the largest divisor of `rows` whose band holds at
  /// most `bandColumns` output positions (one row if a row alone is wider).
  /// None when the band would be the whole output, or with several threads
  /// when there are fewer bands than threads (the op is then split across
  /// threads as a whole by seam-parallelize).
  std::optional<int64_t> chooseBandRows(int64_t rows, int64_t width) {
    int64_t best = 1;
    for (int64_t r = 1; r <= rows; ++r)
      if (rows % r == 0 && r * width <= bandColumns)
        best = r;
    if (best == rows || (threads > 1 && rows / best < threads))
      return std::nullopt;
    return best;
  }

  LogicalResult tileConv(IRRewriter &rewriter, linalg::LinalgOp conv) {
    auto outType = dyn_cast<RankedTensorType>(conv->getResult(0).getType());
    if (!conv.hasPureTensorSemantics() || conv.hasDynamicShape() || !outType ||
        outType.getDimSize(0) != 1)
      return success();
    std::optional<int64_t> bandRows =
        chooseBandRows(outType.getDimSize(2), outType.getDimSize(3));
    if (!bandRows)
      return success();
    linalg::GenericOp consumer = getElementwiseConsumer(conv);
    Operation *root = consumer ? consumer.getOperation() : conv.getOperation();
    SmallVector<int64_t> sizes(cast<linalg::LinalgOp>(root).getNumLoops(), 0);
    sizes[getRowLoop(cast<linalg::LinalgOp>(root))] = *bandRows;

    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
    if (threads > 1)
      tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    // Fused: the convolution (into its consumer's band) and the broadcast or
    // fill that initializes the convolution's output (its bias). Not its
    // input's producers: a band reads overlapping rows of them.
    Operation *convOp = conv.getOperation();
    Value convInit = conv.getDpsInits()[0];
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp, OpResult producer,
            bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          Operation *op = producer.getOwner();
          if (op == convOp ||
              (producer == convInit && isa<linalg::BroadcastOp, linalg::FillOp>(op)))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(root);
    FailureOr<scf::SCFTileAndFuseResult> tiled =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(root), options);
    if (failed(tiled))
      return root->emitError("cannot be tiled by bands of output rows");
    rewriter.replaceOp(root, tiled->replacements.lookup(root->getResult(0)));
    if (consumer && conv->use_empty())
      rewriter.eraseOp(conv);
    return success();
  }

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> convs;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isa<linalg::Conv2DNchwFchwOp, linalg::DepthwiseConv2DNchwChwOp>(op) &&
          !op->getParentOfType<LoopLikeOpInterface>())
        convs.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp conv : convs)
      if (failed(tileConv(rewriter, conv)))
        return signalPassFailure();
  }
};

} // namespace
