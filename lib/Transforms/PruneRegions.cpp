//===- PruneRegions.cpp - Give light regions back to the compiler ---------===//

#include "seam/Transforms/Passes.h"

#include "seam/SeamOps.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "mlir/IR/IRMapping.h"

namespace seam {
#define GEN_PASS_DEF_SEAMPRUNEREGIONSPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// Replaces `composite` by the ops of its body, each noted with `reason`.
void unwrapComposite(CompositeOp composite, StringRef reason) {
  OpBuilder builder(composite);
  Block &body = composite.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArguments(), composite.getInputs());
  for (Operation &op : body.without_terminator())
    addReason(builder.clone(op, mapping), reason);
  for (auto [result, yielded] :
       llvm::zip(composite.getResults(), composite.getYield().getOperands()))
    result.replaceAllUsesWith(mapping.lookupOrDefault(yielded));
  composite.erase();
}

/// Gives the ops of a region of `backend` back to the compiler.
void pruneRegion(ArrayRef<Operation *> ops, StringRef backend) {
  std::string reason =
      ("pruned: its " + backend + " region has no conv, matmul or gemm").str();
  for (Operation *op : ops) {
    clearPartitionAttrs(op);
    if (auto composite = dyn_cast<CompositeOp>(op))
      unwrapComposite(composite,
                      reason + " (was in " + composite.getName().str() + ")");
    else
      addReason(op, reason);
  }
}

struct SeamPruneRegionsPass
    : public seam::impl::SeamPruneRegionsPassBase<SeamPruneRegionsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (getAssignedBackend(func))
      return;
    for (Block &block : func.getBody()) {
      FailureOr<RegionMap> regions = collectRegions(block);
      if (failed(regions))
        return signalPassFailure();
      for (auto &[index, ops] : *regions) {
        if (llvm::any_of(ops, isHeavyCompute))
          continue;
        pruneRegion(ops, *getAssignedBackend(ops.front()));
        ++numPruned;
      }
    }
  }
};

} // namespace
