//===- TileAndVectorize.cpp - Cache and register tiling of matmul ---------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace seam {
#define GEN_PASS_DEF_SEAMTILEANDVECTORIZEPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Tiles `op` by `sizes` (loop order `interchange`, if given), replaces it,
/// and returns the tiled op and the loops, outermost first.
FailureOr<scf::SCFTilingResult> tile(RewriterBase &rewriter, Operation *op,
                                     ArrayRef<int64_t> sizes,
                                     ArrayRef<int64_t> interchange = {}) {
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  if (!interchange.empty())
    options.setInterchange(interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return result;
}

struct SeamTileAndVectorizePass
    : public seam::impl::SeamTileAndVectorizePassBase<
          SeamTileAndVectorizePass> {
  using Base::Base;

  /// The largest divisor of `dim` up to `limit`, preferring multiples of 16
  /// then 8 (whole zmm/ymm registers) over odd widths LLVM must split.
  static int64_t largestDivisor(int64_t dim, int64_t limit) {
    for (int64_t multiple : {16, 8, 1})
      for (int64_t t = std::min(limit, dim) / multiple * multiple;
           t >= multiple; t -= multiple)
        if (dim % t == 0 && (t > 1 || multiple == 1))
          return t;
    return 1;
  }

  /// The largest multiple of `reg` up to `cache` that divides `dim`.
  static int64_t cacheTile(int64_t dim, int64_t cache, int64_t reg) {
    for (int64_t t = std::min(cache, dim) / reg * reg; t > reg; t -= reg)
      if (dim % t == 0)
        return t;
    return reg;
  }

  LogicalResult scheduleMatmul(IRRewriter &rewriter, linalg::MatmulOp matmul) {
    auto shape = [&](Value v) {
      return cast<ShapedType>(v.getType()).getShape();
    };
    ArrayRef<int64_t> a = shape(matmul.getInputs()[0]);
    ArrayRef<int64_t> b = shape(matmul.getInputs()[1]);
    if (ShapedType::isDynamicShape(a) || ShapedType::isDynamicShape(b))
      return success();
    // Register tiles divide the shape (no masks, no remainder loops): the
    // configured 8 x 32 x 4 where it fits, else the largest divisor below.
    int64_t mr = largestDivisor(a[0], mRegister);
    int64_t nr = largestDivisor(b[1], nRegister);
    int64_t kr = largestDivisor(a[1], kRegister);
    int64_t m = cacheTile(a[0], mCache, mr);
    int64_t n = cacheTile(b[1], nCache, nr);
    int64_t k = cacheTile(a[1], kCache, kr);
    // Cache tiles; loop order n, k, m (iteration dims are m, n, k).
    FailureOr<scf::SCFTilingResult> cache =
        tile(rewriter, matmul, {m, n, k}, {1, 2, 0});
    if (failed(cache))
      return failure();
    // Pack the A and B tiles into contiguous buffers: rows of a large
    // power-of-two matrix are a page apart and would all fall into the same
    // cache sets. B's packing does not depend on m and leaves the m loop.
    auto tiled = cast<linalg::MatmulOp>(cache->tiledOps.back());
    rewriter.setInsertionPoint(tiled);
    for (OpOperand *input : tiled.getDpsInputOperands()) {
      auto type = cast<RankedTensorType>(input->get().getType());
      Value empty = tensor::EmptyOp::create(
          rewriter, tiled.getLoc(), type.getShape(), type.getElementType());
      input->set(
          linalg::CopyOp::create(rewriter, tiled.getLoc(), input->get(), empty)
              .getResult(0));
    }
    for (LoopLikeOpInterface loop : llvm::reverse(cache->loops))
      moveLoopInvariantCode(loop);
    // Register tile, k innermost.
    FailureOr<scf::SCFTilingResult> reg = tile(rewriter, tiled, {mr, nr, kr});
    if (failed(reg))
      return failure();
    Operation *micro = reg->tiledOps.back();
    rewriter.setInsertionPoint(micro);
    FailureOr<linalg::VectorizationResult> vectorized = linalg::vectorize(
        rewriter, micro, /*inputVectorSizes=*/{},
        /*inputScalableVecDims=*/{}, /*vectorizeNDExtract=*/false,
        /*flatten1DDepthwiseConv=*/false,
        /*assumeDynamicDimsMatchVecSizes=*/false,
        /*createNamedContraction=*/true);
    if (failed(vectorized))
      return failure();
    rewriter.replaceOp(micro, vectorized->replacements);
    // Keep the C tile in registers across the k loop.
    if (!reg->loops.empty())
      hoistLoopInvariantSubsets(rewriter, reg->loops.back());
    return success();
  }

  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation().walk([&](linalg::MatmulOp op) {
      // Plain row-major matmuls only (no transposed/broadcast maps).
      if (!op.hasUserDefinedMaps())
        matmuls.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::MatmulOp op : matmuls)
      if (failed(scheduleMatmul(rewriter, op))) {
        op->emitError("cannot tile and vectorize this matmul");
        return signalPassFailure();
      }
  }
};

} // namespace
