//===- Parallelize.cpp - Split heavy linalg ops across threads ------------===//

#include "ReversedMaps.h"
#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace seam {
#define GEN_PASS_DEF_SEAMPARALLELIZEPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamParallelizePass
    : public seam::impl::SeamParallelizePassBase<SeamParallelizePass> {
  using Base::Base;

  /// The dimension to split and its tile size, or nullopt to leave `op`.
  std::optional<std::pair<unsigned, int64_t>> chooseSplit(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t work = 1;
    for (int64_t r : ranges) {
      if (ShapedType::isDynamic(r))
        return std::nullopt;
      work *= r;
    }
    if (work < minWork)
      return std::nullopt;
    if (llvm::any_of(op.getIndexingMapsArray(), seam::readsBackwards))
      return std::nullopt;
    // Matmuls split evenly, preferably keeping whole 8 x 32 register tiles
    // per thread: N, else M.
    if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
        matmul && !matmul.hasUserDefinedMaps()) {
      for (auto [dim, multiple] :
           {std::pair<unsigned, int64_t>{1, 32}, {0, 8}, {1, 1}, {0, 1}})
        if (ranges[dim] % (threads * multiple) == 0)
          return std::make_pair(dim, ranges[dim] / threads);
      return std::nullopt;
    }
    // Depthwise convolutions and pooling split their channels: seam-unroll-
    // windows, which runs next, needs their rows and columns static (a
    // 7-row output split into 4 + 3 rows was left to scalar loops).
    if (isa<linalg::DepthwiseConv2DNchwChwOp, linalg::PoolingNchwMaxOp,
            linalg::PoolingNchwSumOp>(op.getOperation())) {
      unsigned channels =
          op.getMatchingIndexingMap(op.getDpsInitOperand(0)).getDimPosition(1);
      if (ranges[channels] >= threads)
        return std::make_pair(channels,
                              (ranges[channels] + threads - 1) / threads);
    }
    // Otherwise the first parallel dimension with a chunk per thread.
    for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray()))
      if (type == utils::IteratorType::parallel && ranges[dim] >= threads)
        return std::make_pair(static_cast<unsigned>(dim),
                              (ranges[dim] + threads - 1) / threads);
    return std::nullopt;
  }

  void runOnOperation() override {
    if (threads <= 1)
      return;
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op->getParentOfType<scf::ForallOp>())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      std::optional<std::pair<unsigned, int64_t>> split = chooseSplit(op);
      if (!split)
        continue;
      SmallVector<int64_t> sizes(op.getNumLoops(), 0);
      sizes[split->first] = split->second;
      scf::SCFTilingOptions options;
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled)) {
        op->emitError("cannot be split across threads");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
