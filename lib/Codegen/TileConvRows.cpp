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

#include "ReversedMaps.h"
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

/// The loop of `op` that walks its output's channels (dim 1).
unsigned getChannelLoop(linalg::LinalgOp op) {
  return op.getMatchingIndexingMap(op.getDpsInitOperand(0)).getDimPosition(1);
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
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    AffineMap map = consumer.getMatchingIndexingMap(input);
    if (input->get() == result && !isIdentity(map))
      return {};
    if (seam::readsBackwards(map))
      return {};
  }
  return consumer;
}

struct SeamTileConvRowsPass
    : public seam::impl::SeamTileConvRowsPassBase<SeamTileConvRowsPass> {
  using Base::Base;

  /// The rows per band: the largest divisor of `rows` whose band holds at
  /// most `bandColumns` output positions (one row if a row alone is wider).
  /// None when the band would be the whole output, or with several threads
  /// when there are fewer bands than threads.
  std::optional<int64_t> chooseBandRows(int64_t rows, int64_t width) {
    int64_t best = 1;
    for (int64_t r = 1; r <= rows; ++r)
      if (rows % r == 0 && r * width <= bandColumns)
        best = r;
    if (best == rows || (threads > 1 && rows / best < threads))
      return std::nullopt;
    return best;
  }

  /// How `conv` (output [1, F, rows, width]) is tiled: the loop of `root` and
  /// its tile size. Bands of rows; with several threads and fewer bands than
  /// threads, a plain convolution gets one band per thread when the rows
  /// divide evenly, else one block of output channels per thread: split
  /// whole here, not op by op in seam-parallelize after seam-conv-to-matmul
  /// (a fork and join for each block of input channels' im2col and matmul).
  /// None leaves the convolution whole.
  std::optional<std::pair<unsigned, int64_t>>
  chooseTile(linalg::LinalgOp conv, linalg::LinalgOp root) {
    auto outType = cast<RankedTensorType>(conv->getResult(0).getType());
    // Splitting across threads costs a fork and join: not for small ones
    // (a squeeze-and-excitation's 1 x 1 output).
    int64_t work = 1;
    for (int64_t range : conv.getStaticLoopRanges())
      work *= range;
    bool worthThreads = threads > 1 && work >= minWork;
    // A grouped convolution (output [1, G, F, rows, width]) with several
    // threads: one block of groups per thread, or one group per iteration
    // when the threads do not divide them (RegNetX-400MF has 25). Each
    // group's matmul is small (16 to 56 rows); split across the threads
    // instead, every group paid a fork and join per op.
    if (isa<linalg::Conv2DNgchwGfchwOp>(conv.getOperation())) {
      int64_t groups = outType.getDimSize(1);
      if (!worthThreads || groups < threads)
        return std::nullopt;
      return std::make_pair(getChannelLoop(root),
                            groups % threads == 0 ? groups / threads : 1);
    }
    int64_t filters = outType.getDimSize(1);
    int64_t rows = outType.getDimSize(2), width = outType.getDimSize(3);
    if (std::optional<int64_t> bandRows = chooseBandRows(rows, width))
      return std::make_pair(getRowLoop(root), *bandRows);
    // A depthwise convolution in one band (MobileNetV2's at 14 x 14 and
    // 7 x 7): blocks of channels, each initialized (its bias), convolved and
    // finished (its activation) in one kernel while it is in cache, instead of
    // three passes over the whole output. With threads, one block per thread.
    if (isa<linalg::DepthwiseConv2DNchwChwOp>(conv.getOperation())) {
      if (threads > 1)
        return worthThreads && filters >= threads
                   ? std::optional(std::make_pair(
                         getChannelLoop(root),
                         (filters + threads - 1) / threads))
                   : std::nullopt;
      int64_t block = 1;
      for (int64_t b = 1; b <= filters; ++b)
        if (filters % b == 0 && b * rows * width <= depthwiseBlock)
          block = b;
      if (block == filters)
        return std::nullopt;
      return std::make_pair(getChannelLoop(root), block);
    }
    if (!worthThreads || !isa<linalg::Conv2DNchwFchwOp>(conv.getOperation()))
      return std::nullopt;
    if (rows % threads == 0)
      return std::make_pair(getRowLoop(root), rows / threads);
    if (filters % threads == 0)
      return std::make_pair(getChannelLoop(root), filters / threads);
    return std::nullopt;
  }

  LogicalResult tileConv(IRRewriter &rewriter, linalg::LinalgOp conv) {
    auto outType = dyn_cast<RankedTensorType>(conv->getResult(0).getType());
    if (!conv.hasPureTensorSemantics() || conv.hasDynamicShape() || !outType ||
        outType.getDimSize(0) != 1)
      return success();
    linalg::GenericOp consumer = getElementwiseConsumer(conv);
    Operation *root = consumer ? consumer.getOperation() : conv.getOperation();
    std::optional<std::pair<unsigned, int64_t>> tile =
        chooseTile(conv, cast<linalg::LinalgOp>(root));
    if (!tile)
      return success();
    SmallVector<int64_t> sizes(cast<linalg::LinalgOp>(root).getNumLoops(), 0);
    sizes[tile->first] = tile->second;

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
      if (isa<linalg::Conv2DNchwFchwOp, linalg::DepthwiseConv2DNchwChwOp,
              linalg::Conv2DNgchwGfchwOp>(op) &&
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
