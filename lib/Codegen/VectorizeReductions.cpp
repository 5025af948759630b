//===- VectorizeReductions.cpp - Sums and maxima over contiguous dims -----===//
//
// A global average pool is a `linalg.reduce` of [N, C, H, W] over (H, W). As
// loops it is one scalar add after another into the same accumulator: LLVM
// may not reassociate float adds, so it neither vectorizes nor interleaves
// them, and each add waits for the previous one (EfficientNet-B0's pool over
// 32 x 112 x 112 took 0.34 ms, about a sixth of the machine's bandwidth).
// Here each output element's run of contiguous inputs is read 64 floats at a
// time into four vector accumulators, then 16 at a time, then one masked read
// of what is left; the accumulators are combined, reduced across their lanes
// and combined with the output's initial value. The order of the additions
// changes, as in every vectorized reduction.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMVECTORIZEREDUCTIONSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

constexpr int64_t kLanes = 16;
constexpr int64_t kAccumulators = 4;

/// The combining kind of a reduction body that is one op of its two
/// arguments (in either order) yielded.
std::optional<arith::AtomicRMWKind> getCombiner(linalg::ReduceOp op) {
  Block &body = op.getCombiner().front();
  if (body.getOperations().size() != 2 || body.getNumArguments() != 2)
    return std::nullopt;
  Operation &combiner = body.front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (combiner.getNumOperands() != 2 || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != combiner.getResult(0))
    return std::nullopt;
  Value a = combiner.getOperand(0), b = combiner.getOperand(1);
  if (!((a == body.getArgument(0) && b == body.getArgument(1)) ||
        (a == body.getArgument(1) && b == body.getArgument(0))))
    return std::nullopt;
  if (isa<arith::AddFOp>(combiner))
    return arith::AtomicRMWKind::addf;
  if (isa<arith::MaximumFOp>(combiner))
    return arith::AtomicRMWKind::maximumf;
  if (isa<arith::MinimumFOp>(combiner))
    return arith::AtomicRMWKind::minimumf;
  return std::nullopt;
}

vector::CombiningKind getVectorKind(arith::AtomicRMWKind kind) {
  switch (kind) {
  case arith::AtomicRMWKind::maximumf:
    return vector::CombiningKind::MAXIMUMF;
  case arith::AtomicRMWKind::minimumf:
    return vector::CombiningKind::MINIMUMF;
  default:
    return vector::CombiningKind::ADD;
  }
}

/// Whether `type`'s dims from `first` on are static and contiguous (the
/// innermost stride 1, each other the product of the sizes inside it).
bool isContiguousFrom(MemRefType type, int64_t first) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t d = type.getRank() - 1; d >= first; --d) {
    if (ShapedType::isDynamic(type.getDimSize(d)) || strides[d] != expected)
      return false;
    expected *= type.getDimSize(d);
  }
  return true;
}

LogicalResult vectorizeReduction(RewriterBase &rewriter, linalg::ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getInits().size() != 1)
    return failure();
  auto inputType = dyn_cast<MemRefType>(op.getInputs()[0].getType());
  auto initType = dyn_cast<MemRefType>(op.getInits()[0].getType());
  if (!inputType || !initType || !inputType.hasStaticShape() ||
      !initType.hasStaticShape() || !inputType.getElementType().isF32())
    return failure();
  std::optional<arith::AtomicRMWKind> kind = getCombiner(op);
  if (!kind)
    return failure();
  // The reduced dims are the innermost ones, contiguous.
  int64_t rank = inputType.getRank();
  ArrayRef<int64_t> dims = op.getDimensions();
  int64_t first = rank - static_cast<int64_t>(dims.size());
  for (auto [i, d] : llvm::enumerate(dims))
    if (d != first + static_cast<int64_t>(i))
      return failure();
  if (first < 0 || first == rank || !isContiguousFrom(inputType, first))
    return failure();
  int64_t length = 1;
  for (int64_t d = first; d < rank; ++d)
    length *= inputType.getDimSize(d);
  if (length < kLanes)
    return failure();

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type f32 = rewriter.getF32Type();
  auto vectorType = VectorType::get({kLanes}, f32);
  Value identity = arith::getIdentityValue(*kind, f32, rewriter, loc);
  Value identities = vector::BroadcastOp::create(rewriter, loc, vectorType,
                                                 identity);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value zero = index(0), one = index(1);
  auto combine = [&](OpBuilder &b, Value x, Value y) {
    return arith::getReductionOp(*kind, b, loc, x, y);
  };

  // One loop per output dim; the body reduces one run of `length` inputs.
  SmallVector<Value> outer;
  for (int64_t d = 0; d < first; ++d) {
    auto loop = scf::ForOp::create(rewriter, loc, zero,
                                   index(inputType.getDimSize(d)), one);
    rewriter.setInsertionPointToStart(loop.getBody());
    outer.push_back(loop.getInductionVar());
  }
  SmallVector<OpFoldResult> offsets(outer.begin(), outer.end());
  SmallVector<OpFoldResult> sizes(first, rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  for (int64_t d = first; d < rank; ++d) {
    offsets.push_back(rewriter.getIndexAttr(0));
    sizes.push_back(rewriter.getIndexAttr(inputType.getDimSize(d)));
  }
  SmallVector<int64_t> runShape(inputType.getShape().drop_front(first));
  auto runType = cast<MemRefType>(memref::SubViewOp::inferRankReducedResultType(
      runShape, inputType, offsets, sizes, strides));
  Value run = memref::SubViewOp::create(rewriter, loc, runType,
                                        op.getInputs()[0], offsets, sizes,
                                        strides);
  if (runType.getRank() > 1) {
    ReassociationIndices all;
    for (int64_t d = 0; d < runType.getRank(); ++d)
      all.push_back(d);
    run = memref::CollapseShapeOp::create(rewriter, loc, run,
                                          ArrayRef<ReassociationIndices>{all});
  }
  auto read = [&](OpBuilder &b, Value at, bool inBounds) {
    return vector::TransferReadOp::create(b, loc, vectorType, run,
                                          ValueRange{at}, identity,
                                          ArrayRef<bool>{inBounds});
  };

  // 64 floats a step into four accumulators, while whole steps remain.
  int64_t wide = kLanes * kAccumulators;
  int64_t wideEnd = length / wide * wide;
  SmallVector<Value> accumulators(kAccumulators, identities);
  if (wideEnd > 0) {
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, index(wideEnd), index(wide), accumulators,
        [&](OpBuilder &b, Location, Value i, ValueRange accs) {
          SmallVector<Value> next;
          for (int64_t a = 0; a < kAccumulators; ++a) {
            Value at = arith::AddIOp::create(b, loc, i, index(a * kLanes));
            next.push_back(combine(b, accs[a], read(b, at, true)));
          }
          scf::YieldOp::create(b, loc, next);
        });
    accumulators.assign(loop.getResults().begin(), loop.getResults().end());
  }
  Value acc = accumulators[0];
  for (int64_t a = 1; a < kAccumulators; ++a)
    acc = combine(rewriter, acc, accumulators[a]);
  // Then 16 at a time, then one masked read of the rest.
  int64_t narrowEnd = length / kLanes * kLanes;
  if (narrowEnd > wideEnd) {
    auto loop = scf::ForOp::create(
        rewriter, loc, index(wideEnd), index(narrowEnd), index(kLanes),
        ValueRange{acc},
        [&](OpBuilder &b, Location, Value i, ValueRange accs) {
          scf::YieldOp::create(b, loc,
                               combine(b, accs[0], read(b, i, true)));
        });
    acc = loop.getResult(0);
  }
  if (narrowEnd < length)
    acc = combine(rewriter, acc, read(rewriter, index(narrowEnd), false));
  Value total = vector::ReductionOp::create(rewriter, loc,
                                            getVectorKind(*kind), acc);
  Value init = op.getInits()[0];
  Value before = memref::LoadOp::create(rewriter, loc, init, outer);
  memref::StoreOp::create(rewriter, loc, combine(rewriter, total, before),
                          init, outer);
  rewriter.eraseOp(op);
  return success();
}

struct SeamVectorizeReductionsPass
    : public seam::impl::SeamVectorizeReductionsPassBase<
          SeamVectorizeReductionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::ReduceOp> reductions;
    getOperation().walk([&](linalg::ReduceOp op) {
      if (op.hasPureBufferSemantics())
        reductions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::ReduceOp op : reductions)
      (void)vectorizeReduction(rewriter, op);
  }
};

} // namespace
