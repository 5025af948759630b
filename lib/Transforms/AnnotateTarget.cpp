//===- AnnotateTarget.cpp - Assign composites and ops to backends ---------===//

#include "seam/Transforms/Passes.h"

#include "seam/Backend/Backend.h"
#include "seam/SeamOps.h"
#include "seam/Transforms/PartitionAttrs.h"

namespace seam {
#define GEN_PASS_DEF_SEAMANNOTATETARGETPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// Assigns the composite to its backend, which must be registered.
LogicalResult annotateComposite(CompositeOp composite) {
  StringRef backend = composite.getBackend();
  if (!lookupBackend(backend))
    return composite.emitError("composite '")
           << composite.getName() << "' names unknown backend '" << backend
           << "' (known: " << getRegisteredBackendNames() << ")";
  composite->removeAttr(kReasonAttr);
  composite->setAttr(kBackendAttr,
                     StringAttr::get(composite.getContext(), backend));
  return success();
}

/// Assigns `op` to the first of `backends` that runs it on its own, or adds
/// each backend's refusal to its reason.
void annotateOp(Operation *op, ArrayRef<const Backend *> backends) {
  op->removeAttr(kBackendAttr);
  if (backends.empty()) {
    addReason(op, "no backend selected");
    return;
  }
  SmallVector<std::string> refusals;
  for (const Backend *backend : backends) {
    Verdict verdict = backend->supportsOp(op);
    if (verdict.accepted()) {
      op->removeAttr(kReasonAttr);
      op->setAttr(kBackendAttr,
                  StringAttr::get(op->getContext(), backend->getName()));
      return;
    }
    refusals.push_back((backend->getName() + ": " + verdict.getReason()).str());
  }
  for (const std::string &refusal : refusals)
    addReason(op, refusal);
}

struct SeamAnnotateTargetPass
    : public seam::impl::SeamAnnotateTargetPassBase<SeamAnnotateTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<const Backend *>> selected =
        resolveBackends(backends, module.getLoc());
    if (failed(selected))
      return signalPassFailure();
    for (func::FuncOp func : getFuncsToPartition(module)) {
      WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (auto composite = dyn_cast<CompositeOp>(op)) {
          if (failed(annotateComposite(composite)))
            return WalkResult::interrupt();
          return WalkResult::skip();
        }
        if (isa<SeamDialect>(op->getDialect()))
          annotateOp(op, *selected);
        return WalkResult::advance();
      });
      if (result.wasInterrupted())
        return signalPassFailure();
    }
  }
};

} // namespace
