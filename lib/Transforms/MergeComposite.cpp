//===- MergeComposite.cpp - Wrap pattern matches in seam.composite --------===//

#include "seam/Transforms/Passes.h"

#include "seam/Backend/Backend.h"
#include "seam/SeamOps.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace seam {
#define GEN_PASS_DEF_SEAMMERGECOMPOSITEPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// Replaces the ops of `m` by a composite named `name` at the last op. The
/// composite takes every operand that comes from outside the match, one input
/// per use, in the order the ops use them.
void wrapInComposite(const Match &m, StringRef name) {
  llvm::SmallPtrSet<Operation *, 4> inMatch(m.ops.begin(), m.ops.end());
  auto isExternal = [&](Value v) {
    return !inMatch.contains(v.getDefiningOp());
  };
  SmallVector<Value> inputs;
  SmallVector<Location> locs;
  for (Operation *op : m.ops) {
    llvm::append_range(inputs,
                       llvm::make_filter_range(op->getOperands(), isExternal));
    locs.push_back(op->getLoc());
  }

  Operation *last = m.getLast();
  OpBuilder builder(last);
  Location loc = builder.getFusedLoc(locs);
  // The composite computes the last op's first result: a pattern's check
  // refuses a match whose other results (a layer norm's statistics) are used.
  assert(llvm::all_of(last->getResults().drop_front(),
                      [](Value v) { return v.use_empty(); }) &&
         "a composite's other results must be unused");
  auto composite = CompositeOp::create(builder, loc, name,
                                       last->getResult(0).getType(), inputs);
  Block &body = composite.getBody().front();
  builder.setInsertionPointToStart(&body);
  IRMapping mapping;
  unsigned nextArg = 0;
  for (Operation *op : m.ops) {
    Operation *clone = builder.clone(*op, mapping);
    clearPartitionAttrs(clone);
    for (OpOperand &operand : op->getOpOperands())
      if (isExternal(operand.get()))
        clone->setOperand(operand.getOperandNumber(),
                          body.getArgument(nextArg++));
  }
  YieldOp::create(builder, loc, mapping.lookup(last->getResult(0)));

  last->getResult(0).replaceAllUsesWith(composite.getResult(0));
  for (Operation *op : llvm::reverse(m.ops))
    op->erase();
}

/// Wraps every match of `entry` in `func` that the entry's check accepts;
/// notes on the refused roots why. Returns the number of composites made.
unsigned applyEntry(func::FuncOp func, const Backend &backend,
                    const PatternEntry &entry) {
  SmallVector<Operation *> roots;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<CompositeOp>(op))
      return WalkResult::skip();
    if (entry.pattern.canStartAt(op))
      roots.push_back(op);
    return WalkResult::advance();
  });

  std::string stem = (backend.getName() + "." + entry.name).str();
  // Ops wrapped here are erased: they must not be tried again as roots.
  llvm::DenseSet<Operation *> wrapped;
  unsigned count = 0;
  for (Operation *root : roots) {
    if (wrapped.contains(root))
      continue;
    Match m;
    Verdict verdict = entry.pattern.match(root, m);
    if (verdict.accepted() && entry.check)
      verdict = entry.check(m);
    if (!verdict.accepted()) {
      addReason(root, stem + ": " + verdict.getReason().str());
      continue;
    }
    wrapped.insert(m.ops.begin(), m.ops.end());
    wrapInComposite(
        m, (backend.getName() + "." + m.getPatternName(entry.name)).str());
    ++count;
  }
  return count;
}

struct SeamMergeCompositePass
    : public seam::impl::SeamMergeCompositePassBase<SeamMergeCompositePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<const Backend *>> selected =
        resolveBackends(backends, module.getLoc());
    if (failed(selected))
      return signalPassFailure();
    for (func::FuncOp func : getFuncsToPartition(module))
      for (const Backend *backend : *selected)
        for (const PatternEntry &entry : backend->getPatterns())
          numComposites += applyEntry(func, *backend, entry);
  }
};

} // namespace
