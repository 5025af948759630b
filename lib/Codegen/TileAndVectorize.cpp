//===- TileAndVectorize.cpp - Cache and register tiling of matmul ---------===//

#include "seam/Codegen/Passes.h"

#include "MatmulTileEnds.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include <algorithm>

namespace seam {
#define GEN_PASS_DEF_SEAMTILEANDVECTORIZEPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam::matmul_tiles;

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

  /// Splits a static matmul along `dim` of C (0: M, 1: N) when that dim is
  /// above and not a multiple of `step` (the register tile's) into two: a
  /// main part whose size is the largest multiple of `step`, and the
  /// remainder. Each gets the widest register tile dividing it; unsplit,
  /// the whole matmul would get the remainder's narrow one. N: a 7-row band
  /// of 28-wide convolution output, N = 208, is 192 + 16. M (a cache tile
  /// of packed A and B, see scheduleMatmul): 128 rows on AVX2's 6 x 16 tile
  /// are 126 + 2, not 32 tiles of 4 rows (8 accumulators, too few to hide
  /// the FMAs' latency).
  SmallVector<linalg::MatmulOp> splitAlong(IRRewriter &rewriter,
                                           linalg::MatmulOp matmul,
                                           unsigned dim, int64_t step) {
    auto typeOf = [](Value v) { return cast<ShapedType>(v.getType()); };
    ShapedType aType = typeOf(matmul.getInputs()[0]);
    ShapedType bType = typeOf(matmul.getInputs()[1]);
    ShapedType cType = typeOf(matmul.getOutputs()[0]);
    if (!matmul.hasPureTensorSemantics() || !aType.hasStaticShape() ||
        !bType.hasStaticShape() || !cType.hasStaticShape())
      return {matmul};
    int64_t size = cType.getDimSize(dim);
    int64_t main = size / step * step;
    if (main == 0 || main == size)
      return {matmul};
    Location loc = matmul.getLoc();
    rewriter.setInsertionPoint(matmul);
    // The offsets, sizes and strides of `v`'s part [offset, offset +
    // length) along its dim `along`.
    struct Box {
      SmallVector<OpFoldResult> offsets, sizes, strides;
    };
    auto box = [&](Value v, unsigned along, int64_t offset, int64_t length) {
      ArrayRef<int64_t> shape = typeOf(v).getShape();
      Box b{SmallVector<OpFoldResult>(2, rewriter.getIndexAttr(0)),
            {rewriter.getIndexAttr(shape[0]), rewriter.getIndexAttr(shape[1])},
            SmallVector<OpFoldResult>(2, rewriter.getIndexAttr(1))};
      b.offsets[along] = rewriter.getIndexAttr(offset);
      b.sizes[along] = rewriter.getIndexAttr(length);
      return b;
    };
    Value a = matmul.getInputs()[0], b = matmul.getInputs()[1];
    Value c = matmul.getOutputs()[0];
    SmallVector<linalg::MatmulOp> parts;
    for (auto range :
         {std::pair(int64_t(0), main), std::pair(main, size - main)}) {
      int64_t offset = range.first, length = range.second;
      auto extract = [&](Value v, unsigned along) -> Value {
        Box part = box(v, along, offset, length);
        return tensor::ExtractSliceOp::create(rewriter, loc, v, part.offsets,
                                              part.sizes, part.strides);
      };
      // M: rows of A and C; N: columns of B and C.
      Value aPart = dim == 0 ? extract(a, 0) : a;
      Value bPart = dim == 1 ? extract(b, 1) : b;
      Value cPart = extract(c, dim);
      // A clone keeps the matmul's attributes (its cast).
      auto part = cast<linalg::MatmulOp>(rewriter.clone(*matmul));
      part->setOperand(0, aPart);
      part->setOperand(1, bPart);
      part->setOperand(2, cPart);
      part->getResult(0).setType(cPart.getType());
      parts.push_back(part);
      Box into = box(c, dim, offset, length);
      c = tensor::InsertSliceOp::create(rewriter, loc, part.getResult(0), c,
                                        into.offsets, into.sizes, into.strides);
    }
    rewriter.replaceOp(matmul, c);
    return parts;
  }

  /// Whether a cache tile `tile` of an operand needs no packing: it is the
  /// whole operand, and that operand's rows (or, for a slice, its source's)
  /// are at most a cache tile of N long (a block of im2col rows, a band of a
  /// 1x1 convolution's input: few rows, read in place), so a tile is a few
  /// hundred contiguous floats per row.
  bool isPackedAlready(Value tile) {
    auto slice = tile.getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice)
      return false;
    auto operandType = cast<RankedTensorType>(slice.getSource().getType());
    if (operandType.getShape() != slice.getType().getShape())
      return false;
    Value operand = slice.getSource();
    int64_t rowStride = operandType.getShape().back();
    // Through the slices of slices (an N split of a slice) to the source.
    while (auto view = operand.getDefiningOp<tensor::ExtractSliceOp>()) {
      rowStride = view.getSourceType().getShape().back();
      operand = view.getSource();
    }
    return rowStride <= nCache;
  }

  /// Tiles and vectorizes `matmul`; with `sites`, adds where it reads and
  /// stores its register tiles (see RegisterTile).
  LogicalResult scheduleMatmul(IRRewriter &rewriter, linalg::MatmulOp matmul,
                               SmallVector<RegisterTile> *sites = nullptr) {
    Value root = matmul.getOutputs()[0];
    auto shape = [&](Value v) {
      return cast<ShapedType>(v.getType()).getShape();
    };
    ArrayRef<int64_t> a = shape(matmul.getInputs()[0]);
    ArrayRef<int64_t> b = shape(matmul.getInputs()[1]);
    if (ShapedType::isDynamicShape(a) || ShapedType::isDynamicShape(b))
      return success();
    // Register tiles divide the shape (no masks, no remainder loops): the
    // configured 8 x 32 x 4 where it fits, else the largest divisor below.
    int64_t rowsLarge =
        mRegisterLarge > 0 && a[0] * a[1] * b[1] >= largeMultiplyAdds
            ? mRegisterLarge
            : mRegister;
    int64_t mr = largestDivisor(a[0], rowsLarge);
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
      if (isPackedAlready(input->get()))
        continue;
      Value empty = tensor::EmptyOp::create(
          rewriter, tiled.getLoc(), type.getShape(), type.getElementType());
      input->set(
          linalg::CopyOp::create(rewriter, tiled.getLoc(), input->get(), empty)
              .getResult(0));
    }
    for (LoopLikeOpInterface loop : llvm::reverse(cache->loops))
      moveLoopInvariantCode(loop);
    // Large matmuls: the larger register tile, on most of each cache tile.
    // The split along M costs a second loop nest of register tiles, and the
    // larger tile more code (on AVX2 both together grew the zoo's LLVM IR
    // by 13-86 % and DenseNet-121's compile time by 15-20 %) for 5-10 % of
    // a matmul's time: for matmuls whose run time is worth it.
    SmallVector<linalg::MatmulOp> parts = {tiled};
    if (rowsLarge != mRegister)
      parts = splitAlong(rewriter, tiled, /*dim=*/0, rowsLarge);
    for (linalg::MatmulOp part : parts) {
      int64_t partRows =
          largestDivisor(shape(part.getOutputs()[0])[0], rowsLarge);
      FailureOr<scf::SCFTilingResult> reg =
          scheduleRegisterTiles(rewriter, part, partRows, nr, kr);
      if (failed(reg))
        return failure();
      if (!sites)
        continue;
      Operation *nest =
          !cache->loops.empty() ? cache->loops.front().getOperation()
          : !reg->loops.empty() ? reg->loops.front().getOperation()
                                : nullptr;
      sites->push_back(nest ? findRegisterTile(nest, root, {partRows, nr},
                                               cache->loops, k, a[1])
                            : RegisterTile{});
    }
    return success();
  }

  /// Tiles `part` (a cache tile of a matmul, or a part of its split along
  /// M) into register tiles of `mr` x `nr` x `kr`, k innermost, and
  /// vectorizes them; C's tile stays in registers across the k loop.
  FailureOr<scf::SCFTilingResult> scheduleRegisterTiles(IRRewriter &rewriter,
                                                        linalg::MatmulOp part,
                                                        int64_t mr, int64_t nr,
                                                        int64_t kr) {
    FailureOr<scf::SCFTilingResult> reg = tile(rewriter, part, {mr, nr, kr});
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
    // Keep the C tile in registers across the k loop: its read and write
    // become the loop's init and yield. Their indices (constants the
    // vectorizer created in the loop body) must be out of the loop first.
    if (!reg->loops.empty()) {
      moveLoopInvariantCode(reg->loops.back());
      hoistLoopInvariantSubsets(rewriter, reg->loops.back());
    }
    return reg;
  }

  /// Where the register tiles of `tileShape` in `nest` (the loops of a
  /// matmul's tiles, whose C is `root`) read and store C, and the rows they
  /// cover (see RegisterTile); empty if not found. `cacheLoops` are the
  /// cache tiles' loops (n, k, m), of step `k` over K = `depth`.
  static RegisterTile findRegisterTile(Operation *nest, Value root,
                                       ArrayRef<int64_t> tileShape,
                                       ArrayRef<LoopLikeOpInterface> cacheLoops,
                                       int64_t k, int64_t depth) {
    // The one store of a register tile of C, in the loops of the tiles.
    vector::TransferWriteOp write;
    int writes = 0;
    nest->walk([&](vector::TransferWriteOp op) {
      if (cast<VectorType>(op.getVector().getType()).getShape() == tileShape) {
        write = op;
        ++writes;
      }
    });
    if (writes != 1)
      return {};
    // Over several tiles of K (loops n, k, m), the last one's.
    RegisterTile site{write, {}, {}, {}, {}};
    // The tile written: a slice, or the value a loop carries it as (the
    // k loop, once the slice is hoisted out of it).
    auto throughLoops = [](Value v) {
      while (auto loop = v.getDefiningOp<scf::ForOp>())
        v = loop.getInitArgs()[cast<OpResult>(v).getResultNumber()];
      return v;
    };
    Value tileOfC = throughLoops(write.getBase());
    int reads = 0;
    nest->walk([&](vector::TransferReadOp op) {
      if (throughLoops(op.getBase()) == tileOfC &&
          op.getVectorType() == write.getVectorType()) {
        site.read = op;
        ++reads;
      }
    });
    auto atOrigin = [](ValueRange indices) {
      return llvm::all_of(indices, [](Value i) {
        return getConstantIntValue(i) == int64_t(0);
      });
    };
    if (reads != 1 || !atOrigin(site.read.getIndices()) ||
        !atOrigin(write.getIndices()))
      site.read = {};
    // The tile's rows: through slices and loops' values up to C, and
    // through the insertion of another part's result (the first part
    // of a split along M), which keeps its destination's rows.
    SmallVector<OpFoldResult> rows;
    Value v = tileOfC;
    while (v && v != root) {
      if (auto slice = v.getDefiningOp<tensor::ExtractSliceOp>()) {
        rows.push_back(slice.getMixedOffsets()[0]);
        v = slice.getSource();
      } else if (auto insert = v.getDefiningOp<tensor::InsertSliceOp>()) {
        v = insert.getDest();
      } else if (auto arg = dyn_cast<BlockArgument>(v);
                 arg && isa<scf::ForOp>(arg.getOwner()->getParentOp()) &&
                 arg.getArgNumber() > 0) {
        v = cast<scf::ForOp>(arg.getOwner()->getParentOp())
                .getTiedLoopInit(arg)
                ->get();
      } else {
        v = Value();
      }
    }
    if (v)
      site.rowOffsets = rows;
    if (k < depth) {
      auto kLoop = cacheLoops.size() == 3
                       ? dyn_cast<scf::ForOp>(
                             LoopLikeOpInterface(cacheLoops[1]).getOperation())
                       : scf::ForOp();
      if (!kLoop || getConstantIntValue(kLoop.getStep()) != k ||
          getConstantIntValue(kLoop.getUpperBound()) != depth)
        return {};
      site.lastOf.push_back({kLoop.getInductionVar(), depth - k});
      site.firstOf.push_back({kLoop.getInductionVar(), 0});
    }
    return site;
  }

  /// Whether `matmul` reads B transposed (C[m, n] += A[m, k] * B[n, k]: a
  /// Gemm with transB, e.g. every fully connected layer PyTorch exports).
  static bool readsBTransposed(linalg::MatmulOp matmul) {
    MLIRContext *ctx = matmul.getContext();
    AffineExpr m, n, k;
    bindDims(ctx, m, n, k);
    auto map = [&](ArrayRef<AffineExpr> results) {
      return AffineMap::get(3, 0, results, ctx);
    };
    return matmul.getIndexingMapsArray() ==
           SmallVector<AffineMap>{map({m, k}), map({n, k}), map({m, n})};
  }

  /// C[m, n] += A[m, k] * B[n, k] with static f32 shapes, as dot products
  /// vectorized along k (B's rows are contiguous there): for each block of
  /// `nr` rows of B and each row of A, `nr` vector accumulators over the
  /// whole of k, reduced at the end. B's block stays in cache while A's
  /// rows stream past it; with one row of A (batch 1) B is read once, at
  /// memory speed. Leaves the op alone when k has no divisor of at least 4.
  LogicalResult scheduleTransposedB(IRRewriter &rewriter,
                                    linalg::MatmulOp matmul) {
    auto typeOf = [&](Value v) {
      return dyn_cast<RankedTensorType>(v.getType());
    };
    RankedTensorType aType = typeOf(matmul.getInputs()[0]);
    RankedTensorType bType = typeOf(matmul.getInputs()[1]);
    RankedTensorType cType = typeOf(matmul.getOutputs()[0]);
    if (!aType || !bType || !cType || !aType.hasStaticShape() ||
        !bType.hasStaticShape() || !cType.hasStaticShape())
      return success();
    Type f32 = rewriter.getF32Type();
    if (aType.getElementType() != f32 || bType.getElementType() != f32 ||
        cType.getElementType() != f32)
      return success();
    int64_t mSize = aType.getDimSize(0), kSize = aType.getDimSize(1);
    int64_t nSize = bType.getDimSize(0);
    int64_t kv = largestDivisor(kSize, 16);
    if (kv < 4)
      return success();
    // The accumulators (nr rows of kv lanes) take at most the register
    // tile's share of the vector registers: on AVX2 8 rows of 16 lanes were
    // 16 ymm accumulators, all of them, and spilled (a 512 x 1000 layer at
    // 68 % of oneDNN's sgemm).
    int64_t rowLimit = std::clamp<int64_t>(mRegister * nRegister / kv, 1, 8);
    int64_t nr = largestDivisor(nSize, rowLimit);

    Location loc = matmul.getLoc();
    rewriter.setInsertionPoint(matmul);
    auto index = [&](OpBuilder &b, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto vectorType = VectorType::get({kv}, f32);
    Value a = matmul.getInputs()[0], bMatrix = matmul.getInputs()[1];
    Value zeroVector = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(vectorType, 0.0f));
    Value padding = arith::ConstantOp::create(rewriter, loc, f32,
                                              rewriter.getF32FloatAttr(0));
    SmallVector<bool> inBounds = {true};
    // A loop from 0 to `size` by `step` (bounds created in this order: the
    // order of a call's arguments is the compiler's).
    auto loop =
        [&](OpBuilder &b, int64_t size, int64_t step, ValueRange init,
            function_ref<void(OpBuilder &, Location, Value, ValueRange)> body) {
          Value lower = index(b, 0);
          Value upper = index(b, size);
          Value stride = index(b, step);
          return scf::ForOp::create(b, loc, lower, upper, stride, init, body);
        };
    auto nLoop = loop(
        rewriter, nSize, nr, ValueRange{matmul.getOutputs()[0]},
        [&](OpBuilder &b, Location, Value n, ValueRange cOuter) {
          auto mLoop = loop(
              b, mSize, 1, cOuter,
              [&](OpBuilder &b, Location, Value m, ValueRange cInner) {
                SmallVector<Value> rows;
                rows.push_back(n);
                for (int64_t j = 1; j < nr; ++j)
                  rows.push_back(arith::AddIOp::create(b, loc, n, index(b, j)));
                SmallVector<Value> zeros(nr, zeroVector);
                auto kLoop = loop(
                    b, kSize, kv, zeros,
                    [&](OpBuilder &b, Location, Value k, ValueRange accs) {
                      Value x = vector::TransferReadOp::create(
                          b, loc, vectorType, a, ValueRange{m, k}, padding,
                          ArrayRef<bool>(inBounds));
                      SmallVector<Value> next;
                      for (int64_t j = 0; j < nr; ++j) {
                        Value w = vector::TransferReadOp::create(
                            b, loc, vectorType, bMatrix, ValueRange{rows[j], k},
                            padding, ArrayRef<bool>(inBounds));
                        next.push_back(
                            vector::FMAOp::create(b, loc, x, w, accs[j]));
                      }
                      scf::YieldOp::create(b, loc, next);
                    });
                Value c = cInner[0];
                for (int64_t j = 0; j < nr; ++j) {
                  Value old = tensor::ExtractOp::create(b, loc, c,
                                                        ValueRange{m, rows[j]});
                  Value sum = vector::ReductionOp::create(
                      b, loc, vector::CombiningKind::ADD, kLoop.getResult(j),
                      old);
                  c = tensor::InsertOp::create(b, loc, sum, c,
                                               ValueRange{m, rows[j]});
                }
                scf::YieldOp::create(b, loc, c);
              });
          scf::YieldOp::create(b, loc, mLoop.getResults());
        });
    rewriter.replaceOp(matmul, nLoop.getResults());
    return success();
  }

  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> matmuls, transposedB;
    getOperation().walk([&](linalg::MatmulOp op) {
      // Plain row-major matmuls, and those that read B transposed.
      if (!op.hasUserDefinedMaps())
        matmuls.push_back(op);
      else if (op.hasPureTensorSemantics() && readsBTransposed(op))
        transposedB.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(getOperation());
    for (linalg::MatmulOp whole : matmuls) {
      std::optional<CStart> start = findCStart(whole);
      std::optional<Epilogue> epilogue;
      if (start)
        epilogue = findEpilogue(whole, *start, dominance);
      std::optional<StartValue> startValue;
      if (start)
        startValue = findStartValue(*start);
      DestinationStyleOpInterface ownInit;
      if (epilogue || startValue)
        ownInit = ownStart(rewriter, whole, *start,
                           epilogue ? epilogue->generic.getOutputs()[0]
                                    : start->init.getDpsInits()[0],
                           dominance);
      SmallVector<RegisterTile> tiles;
      for (linalg::MatmulOp op :
           splitAlong(rewriter, whole, /*dim=*/1, nRegister))
        if (failed(scheduleMatmul(rewriter, op, ownInit ? &tiles : nullptr))) {
          op->emitError("cannot tile and vectorize this matmul");
          return signalPassFailure();
        }
      // Every part's tiles, or none: else the generic stays after the
      // matmul (which starts in its output: correct, with a copy more), and
      // the broadcast or fill before it.
      auto all = [&](auto valid) { return llvm::all_of(tiles, valid); };
      if (!ownInit || tiles.empty() ||
          !all([](const RegisterTile &t) { return t.write; }))
        continue;
      if (scf::ForOp blocks = start->kBlocks) {
        int64_t lower = *getConstantIntValue(blocks.getLowerBound());
        int64_t upper = *getConstantIntValue(blocks.getUpperBound());
        int64_t step = *getConstantIntValue(blocks.getStep());
        for (RegisterTile &tile : tiles) {
          tile.firstOf.push_back({blocks.getInductionVar(), lower});
          if (upper > lower)
            tile.lastOf.push_back({blocks.getInductionVar(),
                                   lower + (upper - lower - 1) / step * step});
        }
      }
      if (epilogue) {
        for (RegisterTile &tile : tiles)
          applyEpilogue(rewriter, *epilogue, tile);
        rewriter.replaceOp(epilogue->generic, epilogue->generic.getInputs()[0]);
      }
      if (startValue &&
          all([](const RegisterTile &t) { return t.read && t.rowOffsets; })) {
        for (RegisterTile &tile : tiles)
          startInRegisters(rewriter, *startValue, tile);
        rewriter.replaceOp(ownInit, ownInit.getDpsInits()[0]);
      }
    }
    for (linalg::MatmulOp op : transposedB)
      if (failed(scheduleTransposedB(rewriter, op))) {
        op->emitError("cannot vectorize this matmul");
        return signalPassFailure();
      }
  }
};

} // namespace
