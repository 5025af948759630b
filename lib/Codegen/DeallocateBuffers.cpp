//===- DeallocateBuffers.cpp - Each buffer freed after its last use -------===//
//
// After bufferization Seam's functions allocate their temporaries in
// straight-line code and in loop bodies, and no allocation leaves the block
// it was made in: every value derived from a buffer (views, loop results
// that carry it, pointers extracted from it) is used later in that block or
// inside ops of that block. Such a buffer is freed right after the last op of
// its block that uses it or anything derived from it. This is linear in the
// size of the function; MLIR's ownership-based deallocation pipeline, which
// also handles buffers that cross blocks and functions, spent a third of
// DenseNet-121's bufferize stage on its own simplifications and the three
// canonicalizations it ends in.
//
// If any allocation of the module escapes its block (returned, yielded out of
// the region it was made in, passed along a branch), the pass runs that
// upstream pipeline on the whole module instead and inserts nothing itself.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace seam {
#define GEN_PASS_DEF_SEAMDEALLOCATEBUFFERSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Ops whose results are data read from a buffer, never the buffer itself
/// or its address: their results need not be followed.
static bool yieldsOnlyData(Operation *op) {
  return isa<vector::TransferReadOp, vector::LoadOp, vector::MaskedLoadOp,
             vector::GatherOp, memref::LoadOp, memref::DimOp, memref::RankOp>(
      op);
}

/// The last op of `alloc`'s block that uses the buffer or a value derived
/// from it (itself, or the op that contains the use), or failure when a
/// derived value leaves the block: used by the block's terminator, by a
/// branch, or stored as a value. Returns the alloc itself when unused, and
/// null when the buffer is freed already.
static FailureOr<Operation *> findLastUse(memref::AllocOp alloc) {
  Block *block = alloc->getBlock();
  Operation *last = alloc;
  SmallVector<Value> worklist{alloc.getResult()};
  llvm::SmallDenseSet<Value, 16> seen{alloc.getResult()};
  auto follow = [&](Value value) {
    if (seen.insert(value).second)
      worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<memref::DeallocOp>(user))
        return static_cast<Operation *>(nullptr);
      if (isa<BranchOpInterface>(user) || isa<memref::ReallocOp>(user))
        return failure();
      if (auto store = dyn_cast<memref::StoreOp>(user))
        if (use.get() == store.getValueToStore())
          return failure();
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || ancestor == block->getTerminator())
        return failure();
      // What the user produces may carry the buffer: a view, a loop's
      // result (an iter_arg's initial value), an extracted pointer; so may
      // the buffer-typed arguments of its regions (iter_args) and, when it
      // is a terminator nested in the block, its parent's results.
      if (!yieldsOnlyData(user))
        for (Value result : user->getResults())
          follow(result);
      for (Region &region : user->getRegions())
        if (!region.empty())
          for (BlockArgument argument : region.front().getArguments())
            if (isa<BaseMemRefType>(argument.getType()))
              follow(argument);
      if (user->hasTrait<OpTrait::IsTerminator>())
        if (Operation *parent = user->getParentOp())
          for (Value result : parent->getResults())
            follow(result);
      if (last->isBeforeInBlock(ancestor))
        last = ancestor;
    }
  }
  return last;
}

struct SeamDeallocateBuffersPass
    : public seam::impl::SeamDeallocateBuffersPassBase<
          SeamDeallocateBuffersPass> {
  void runOnOperation() override {
    SmallVector<std::pair<memref::AllocOp, Operation *>> frees;
    bool escapes = false;
    getOperation().walk([&](memref::AllocOp alloc) {
      FailureOr<Operation *> last = findLastUse(alloc);
      if (failed(last)) {
        escapes = true;
        return WalkResult::interrupt();
      }
      if (*last)
        frees.push_back({alloc, *last});
      return WalkResult::advance();
    });
    if (escapes) {
      OpPassManager upstream(getOperation()->getName());
      bufferization::BufferDeallocationPipelineOptions options;
      bufferization::buildBufferDeallocationPipeline(upstream, options);
      if (failed(runPipeline(upstream, getOperation())))
        signalPassFailure();
      return;
    }
    for (auto [alloc, last] : frees) {
      OpBuilder builder(last->getContext());
      builder.setInsertionPointAfter(last);
      memref::DeallocOp::create(builder, alloc.getLoc(), alloc.getResult());
    }
  }
};

} // namespace
