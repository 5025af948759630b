//===- MergeRegions.cpp - Merge neighbouring same-backend ops -------------===//

#include "seam/Transforms/Passes.h"

#include "seam/Transforms/PartitionAttrs.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace seam {
#define GEN_PASS_DEF_SEAMMERGEREGIONSPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// The regions of one block: classes of ops assigned to the same backend.
class RegionMerger {
public:
  explicit RegionMerger(Block &block) : block(block) {
    for (auto [index, op] : llvm::enumerate(block))
      position[&op] = index;
  }

  /// Puts every assigned op in a region and merges producer and consumer
  /// regions of the same backend where no cycle arises.
  void merge() {
    for (Operation &op : block) {
      std::optional<StringRef> backend = getAssignedBackend(&op);
      if (!backend)
        continue;
      regions.insert(&op);
      for (Value operand : op.getOperands()) {
        Operation *producer = operand.getDefiningOp();
        if (!producer || producer->getBlock() != &block ||
            getAssignedBackend(producer) != backend ||
            regions.isEquivalent(producer, &op) ||
            wouldCreateCycle(producer, &op))
          continue;
        regions.unionSets(producer, &op);
      }
    }
  }

  /// Writes `seam.region` on every assigned op, numbering the regions from
  /// `firstIndex` in program order of their first ops; returns the next index.
  int64_t number(int64_t firstIndex) {
    llvm::DenseMap<Operation *, int64_t> indexOfLeader;
    int64_t next = firstIndex;
    for (Operation &op : block) {
      if (!regions.contains(&op))
        continue;
      Operation *leader = regions.getLeaderValue(&op);
      auto [it, inserted] = indexOfLeader.try_emplace(leader, next);
      if (inserted)
        ++next;
      op.setAttr(
          kRegionAttr,
          IntegerAttr::get(IntegerType::get(op.getContext(), 64), it->second));
    }
    return next;
  }

private:
  /// True if merging the regions of `a` and `b` would make the merged region
  /// depend on itself through an op outside it.
  bool wouldCreateCycle(Operation *a, Operation *b) {
    llvm::SmallPtrSet<Operation *, 16> merged;
    for (Operation *op : regions.members(a))
      merged.insert(op);
    for (Operation *op : regions.members(b))
      merged.insert(op);
    unsigned last = 0;
    for (Operation *op : merged)
      last = std::max(last, position[op]);

    // Walk forward from the outside users of the merged ops: reaching a
    // merged op again is a cycle. An op after the last merged op cannot lead
    // back to one.
    SmallVector<Operation *> worklist;
    auto usersInBlock = [&](Operation *op) {
      SmallVector<Operation *> users;
      for (Operation *user : op->getUsers())
        if (Operation *inBlock = block.findAncestorOpInBlock(*user))
          users.push_back(inBlock);
      return users;
    };
    for (Operation *op : merged)
      for (Operation *user : usersInBlock(op))
        if (!merged.contains(user))
          worklist.push_back(user);
    llvm::SmallPtrSet<Operation *, 32> visited;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (position[op] > last || !visited.insert(op).second)
        continue;
      for (Operation *user : usersInBlock(op)) {
        if (merged.contains(user))
          return true;
        worklist.push_back(user);
      }
    }
    return false;
  }

  Block &block;
  llvm::DenseMap<Operation *, unsigned> position;
  llvm::EquivalenceClasses<Operation *> regions;
};

struct SeamMergeRegionsPass
    : public seam::impl::SeamMergeRegionsPassBase<SeamMergeRegionsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (getAssignedBackend(func))
      return;
    int64_t next = 0;
    for (Block &block : func.getBody()) {
      RegionMerger merger(block);
      merger.merge();
      next = merger.number(next);
    }
    numRegions += next;
  }
};

} // namespace
