//===- EliminateEmptyTensors.cpp - Ops write into what they are copied to -===//
//
// A value computed into a `tensor.empty` and then inserted into a larger
// tensor (a concatenation's slice, a pad's interior, an output) is computed
// into that slice instead: the empty tensor becomes an extraction of the
// subset the insertion writes, so that bufferization can write it in place.
// A tensor.empty's contents are undefined, so any tensor of its type is a
// valid replacement; at worst bufferization finds the slice in use and copies,
// as it would have copied the empty tensor's result.
//
// Upstream's `eliminate-empty-tensors` does the same but first runs the whole
// one-shot analysis, only to skip insertions that would not be in place, and
// computes dominance anew for every candidate: on DenseNet-121 it took as long
// as the bufferization itself. This pass follows each inserted value's
// destination-passing chain, builds the extraction where the values it needs
// are in scope (moving their definitions up when they are not, as upstream
// does), and replaces that one use of the empty tensor. On the zoo the
// bufferized IR is the same as with upstream's pass.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace seam {
#define GEN_PASS_DEF_SEAMELIMINATEEMPTYTENSORSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// The use of a tensor.empty whose buffer `value` would be, following the
/// destinations of destination-passing ops and loops' iter_args and the
/// sources of casts, through values of one type (but for casts): null if the
/// chain ends anywhere else.
static OpOperand *findEmptyDestination(Value value) {
  for (int steps = 0; steps < 64; ++steps) {
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return nullptr;
    Operation *op = result.getOwner();
    OpOperand *next = nullptr;
    if (auto cast = dyn_cast<tensor::CastOp>(op))
      next = &cast.getSourceMutable();
    else if (auto loop = dyn_cast<scf::ForOp>(op))
      next = loop.getTiedLoopInit(result);
    else if (auto forall = dyn_cast<scf::ForallOp>(op))
      next = forall.getTiedOpOperand(result);
    else if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
      next = dps.getTiedOpOperand(result);
    if (!next || !isa<RankedTensorType>(next->get().getType()))
      return nullptr;
    if (!isa<tensor::CastOp>(op) && next->get().getType() != value.getType())
      return nullptr;
    if (next->get().getDefiningOp<tensor::EmptyOp>())
      return next;
    value = next->get();
  }
  return nullptr;
}

/// Where the extraction replacing the empty tensor of `use` can be built: at
/// the empty tensor, or right after one of the values it needs, whichever
/// comes first with every needed value in scope and before the use.
static Operation *findInsertionPoint(DominanceInfo &dominance, OpOperand &use,
                                     ArrayRef<Value> needed) {
  SmallVector<Operation *> candidates{use.get().getDefiningOp()};
  for (Value value : needed) {
    if (auto argument = dyn_cast<BlockArgument>(value))
      candidates.push_back(&argument.getOwner()->front());
    else
      candidates.push_back(value.getDefiningOp()->getNextNode());
  }
  for (Operation *point : candidates) {
    if (!point || !dominance.dominates(point, use.getOwner()))
      continue;
    if (llvm::all_of(needed, [&](Value value) {
          return dominance.properlyDominates(value, point);
        }))
      return point;
  }
  return nullptr;
}

struct SeamEliminateEmptyTensorsPass
    : public seam::impl::SeamEliminateEmptyTensorsPassBase<
          SeamEliminateEmptyTensorsPass> {
  void runOnOperation() override {
    SmallVector<SubsetInsertionOpInterface> insertions;
    getOperation()->walk(
        [&](SubsetInsertionOpInterface op) { insertions.push_back(op); });
    DominanceInfo dominance(getOperation());
    IRRewriter rewriter(&getContext());
    for (SubsetInsertionOpInterface op : insertions) {
      Value source = op.getSourceOperand().get();
      if (!isa<RankedTensorType>(source.getType()))
        continue;
      OpOperand *use = findEmptyDestination(source);
      if (!use)
        continue;
      Operation *user = use->getOwner();
      SmallVector<Value> needed = op.getValuesNeededToBuildSubsetExtraction();
      Operation *point = findInsertionPoint(dominance, *use, needed);
      // Else the definitions of what the extraction needs (a pad's border
      // fills, say) move up, before the user, where they have no effects.
      if (!point) {
        if (failed(moveValueDefinitions(rewriter, needed, user, dominance)))
          continue;
        point = user;
      }
      rewriter.setInsertionPoint(point);
      Location loc = use->get().getLoc();
      Value replacement = op.buildSubsetExtraction(rewriter, loc);
      if (!replacement || replacement == use->get())
        continue;
      if (replacement.getType() != use->get().getType())
        replacement = tensor::CastOp::create(rewriter, loc,
                                             use->get().getType(), replacement);
      Operation *empty = use->get().getDefiningOp();
      rewriter.modifyOpInPlace(user, [&] { use->set(replacement); });
      if (empty->use_empty())
        rewriter.eraseOp(empty);
    }
  }
};

} // namespace
