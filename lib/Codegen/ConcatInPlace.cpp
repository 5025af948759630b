//===- ConcatInPlace.cpp - Concatenations as slices of one buffer ---------===//
//
// Bufferized as it is, a tensor.concat allocates its result and copies its
// operands into it. DenseNet's layers each concatenate all the features of
// their block so far, so a block of n layers copied O(n^2) feature maps
// (DenseNet-121's @main: 1,057 copies). Here a concatenation becomes its
// operands inserted into an empty tensor, each right after it is computed
// (empty-tensor elimination then has its producer write into the slice),
// and concatenations whose operands extend another's share one buffer.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/Hashing.h"

#include <functional>
#include <unordered_map>

namespace seam {
#define GEN_PASS_DEF_SEAMCONCATINPLACEPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

bool hasStaticShapes(tensor::ConcatOp op) {
  if (!op.getResultType().hasStaticShape())
    return false;
  return llvm::all_of(op.getInputs(), [](Value input) {
    return cast<RankedTensorType>(input.getType()).hasStaticShape();
  });
}

/// The function's static concatenations grouped in chains, each in program
/// order and each op's operands extending the previous one's (same block,
/// same dim). Linear in the operands: every proper prefix of an op's operand
/// list is looked up by its hash, longest first (a bucket is scanned past the
/// ops already extended: quadratic only in concatenations of one same list).
SmallVector<SmallVector<tensor::ConcatOp>> findChains(func::FuncOp func) {
  SmallVector<tensor::ConcatOp> ops;
  func.walk([&](tensor::ConcatOp op) {
    if (hasStaticShapes(op))
      ops.push_back(op);
  });
  SmallVector<SmallVector<tensor::ConcatOp>> chains;
  SmallVector<unsigned> chainOf(ops.size());
  // True once an op has been extended: it is no longer its chain's last.
  SmallVector<bool> extended(ops.size(), false);
  // Hash of an op's (dim, operands) -> the ops with that hash.
  std::unordered_map<size_t, SmallVector<unsigned, 1>> byOperands;
  for (auto [index, op] : llvm::enumerate(ops)) {
    OperandRange inputs = op.getInputs();
    SmallVector<size_t> prefixHash;
    llvm::hash_code hash = llvm::hash_value(op.getDim());
    for (Value input : inputs) {
      hash = llvm::hash_combine(hash, input.getAsOpaquePointer());
      prefixHash.push_back(hash);
    }
    std::optional<unsigned> parent;
    for (int64_t length = static_cast<int64_t>(inputs.size()) - 1;
         length > 0 && !parent; --length) {
      auto it = byOperands.find(prefixHash[length - 1]);
      if (it == byOperands.end())
        continue;
      for (unsigned candidate : it->second) {
        tensor::ConcatOp other = ops[candidate];
        if (!extended[candidate] && other->getBlock() == op->getBlock() &&
            other.getDim() == op.getDim() &&
            other.getInputs().size() == static_cast<size_t>(length) &&
            llvm::equal(other.getInputs(), inputs.take_front(length))) {
          parent = candidate;
          break;
        }
      }
    }
    if (parent) {
      extended[*parent] = true;
      chainOf[index] = chainOf[*parent];
      chains[chainOf[index]].push_back(op);
    } else {
      chainOf[index] = chains.size();
      chains.push_back({op});
    }
    if (!prefixHash.empty())
      byOperands[prefixHash.back()].push_back(index);
  }
  return chains;
}

/// The values an op writes into (DPS inits, a loop's initial iter_args):
/// empty-tensor elimination follows them back to the tensor.empty it replaces
/// by a slice of the buffer.
static SmallVector<Value> getDestinations(Operation *op) {
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    return SmallVector<Value>(dps.getDpsInits());
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return SmallVector<Value>(loop.getInitArgs());
  if (auto loop = dyn_cast<scf::ForallOp>(op))
    return SmallVector<Value>(loop.getOutputs());
  return {};
}

/// Where a chain's buffer is made: before the first op of `block` that
/// computes one of its operands or the destination a producer writes into
/// (followed a few ops back: a fill of an empty tensor), so that the buffer
/// dominates what empty-tensor elimination puts in their place and is not
/// allocated long before it is needed (at the block's start, every
/// concatenation of a U-Net would be alive at once); the block's start when
/// an operand comes from outside it.
static Operation *findBufferPosition(ArrayRef<tensor::ConcatOp> chain,
                                     Block *block) {
  constexpr int kDestinationDepth = 4;
  Operation *earliest = nullptr;
  std::function<void(Operation *, int)> visit = [&](Operation *op,
                                                     int depth) {
    if (!op || op->getBlock() != block)
      return;
    if (!earliest || op->isBeforeInBlock(earliest))
      earliest = op;
    if (depth == kDestinationDepth)
      return;
    for (Value destination : getDestinations(op))
      visit(destination.getDefiningOp(), depth + 1);
  };
  for (tensor::ConcatOp op : chain)
    for (Value input : op.getInputs()) {
      Operation *def = input.getDefiningOp();
      if (!def || def->getBlock() != block)
        return &block->front();
      visit(def, 0);
    }
  return earliest;
}

/// Rewrites a chain: one tensor.empty of its last (longest) op's shape
/// (findBufferPosition); each op's new operands inserted, each right after
/// it is computed (and after the insert before it); each op replaced by the
/// buffer's leading slice of its own shape.
void rewriteChain(IRRewriter &rewriter, ArrayRef<tensor::ConcatOp> chain) {
  tensor::ConcatOp first = chain.front(), last = chain.back();
  RankedTensorType type = last.getResultType();
  int64_t dim = last.getDim();
  int64_t rank = type.getRank();
  Block *block = last->getBlock();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(findBufferPosition(chain, block));
  Value buffer = tensor::EmptyOp::create(rewriter, first.getLoc(),
                                         type.getShape(),
                                         type.getElementType());
  Operation *previous = buffer.getDefiningOp();
  SmallVector<OpFoldResult> zeros(rank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(rank, rewriter.getIndexAttr(1));
  int64_t offset = 0;
  size_t inserted = 0;
  for (tensor::ConcatOp op : chain) {
    OperandRange inputs = op.getInputs();
    for (Value input : inputs.drop_front(inserted)) {
      Operation *after = previous;
      Operation *def = input.getDefiningOp();
      if (def && def->getBlock() == block && after->isBeforeInBlock(def))
        after = def;
      rewriter.setInsertionPointAfter(after);
      auto inputType = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> offsets(zeros);
      offsets[dim] = rewriter.getIndexAttr(offset);
      auto insert = tensor::InsertSliceOp::create(
          rewriter, op.getLoc(), input, buffer, offsets,
          getAsIndexOpFoldResult(ctx, inputType.getShape()), ones);
      buffer = insert.getResult();
      previous = insert;
      offset += inputType.getDimSize(dim);
    }
    inserted = inputs.size();
    Value replacement = buffer;
    if (op.getResultType() != type) {
      rewriter.setInsertionPoint(op);
      replacement = tensor::ExtractSliceOp::create(
          rewriter, op.getLoc(), op.getResultType(), buffer, zeros,
          getAsIndexOpFoldResult(ctx, op.getResultType().getShape()), ones);
    }
    rewriter.replaceOp(op, replacement);
  }
}

struct SeamConcatInPlacePass
    : public seam::impl::SeamConcatInPlacePassBase<SeamConcatInPlacePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (SmallVector<tensor::ConcatOp> &chain : findChains(getOperation()))
      rewriteChain(rewriter, chain);
  }
};

} // namespace
