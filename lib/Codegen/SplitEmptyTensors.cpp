//===- SplitEmptyTensors.cpp - Bounded uses per tensor.empty --------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

namespace seam {
#define GEN_PASS_DEF_SEAMSPLITEMPTYTENSORSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamSplitEmptyTensorsPass
    : public seam::impl::SeamSplitEmptyTensorsPassBase<
          SeamSplitEmptyTensorsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxUses == 0) {
      getOperation().emitError("seam-split-empty-tensors: max-uses must be "
                               "at least 1");
      return signalPassFailure();
    }
    // The uses of each tensor.empty in program order (a pre-order walk
    // visits users in the order they run).
    llvm::MapVector<Operation *, SmallVector<OpOperand *>> uses;
    getOperation().walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands())
        if (auto empty = operand.get().getDefiningOp<tensor::EmptyOp>())
          uses[empty].push_back(&operand);
    });
    OpBuilder builder(&getContext());
    for (auto &[empty, list] : uses) {
      // Every `maxUses` uses after the first group get a clone of their own,
      // placed right after the original (so it dominates what it did).
      builder.setInsertionPointAfter(empty);
      for (size_t start = maxUses; start < list.size(); start += maxUses) {
        Value clone = builder.clone(*empty)->getResult(0);
        for (size_t i = start; i < std::min<size_t>(start + maxUses, list.size());
             ++i)
          list[i]->set(clone);
      }
    }
  }
};

} // namespace
