//===- PartitionAttrs.cpp - Attributes the partition passes record --------===//

#include "seam/Transforms/PartitionAttrs.h"

#include "seam/SeamOps.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace seam;

std::optional<StringRef> seam::getAssignedBackend(Operation *op) {
  if (auto backend = op->getAttrOfType<StringAttr>(kBackendAttr))
    return backend.getValue();
  return std::nullopt;
}

std::optional<int64_t> seam::getRegion(Operation *op) {
  if (auto region = op->getAttrOfType<IntegerAttr>(kRegionAttr))
    return region.getInt();
  return std::nullopt;
}

void seam::addReason(Operation *op, StringRef reason) {
  auto existing = op->getAttrOfType<StringAttr>(kReasonAttr);
  if (!existing || existing.getValue().empty()) {
    op->setAttr(kReasonAttr, StringAttr::get(op->getContext(), reason));
    return;
  }
  SmallVector<StringRef> reasons;
  existing.getValue().split(reasons, "; ");
  if (llvm::is_contained(reasons, reason))
    return;
  op->setAttr(
      kReasonAttr,
      StringAttr::get(op->getContext(), existing.getValue() + "; " + reason));
}

void seam::clearPartitionAttrs(Operation *op) {
  op->removeAttr(kBackendAttr);
  op->removeAttr(kRegionAttr);
  op->removeAttr(kReasonAttr);
}

SmallVector<func::FuncOp> seam::getFuncsToPartition(ModuleOp module) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!getAssignedBackend(func))
      funcs.push_back(func);
  return funcs;
}

FailureOr<RegionMap> seam::collectRegions(Block &block) {
  RegionMap regions;
  for (Operation &op : block) {
    std::optional<StringRef> backend = getAssignedBackend(&op);
    if (!backend)
      continue;
    std::optional<int64_t> region = getRegion(&op);
    if (!region)
      return op.emitError("op assigned to backend '")
             << *backend << "' has no " << kRegionAttr
             << " (run seam-merge-regions first)";
    regions[*region].push_back(&op);
  }
  return regions;
}

bool seam::isHeavyCompute(Operation *op) {
  if (isa<ConvOp, ConvTransposeOp, MatMulOp, GemmOp, ConvIntegerOp,
          MatMulIntegerOp>(op))
    return true;
  if (auto composite = dyn_cast<CompositeOp>(op))
    return llvm::any_of(composite.getBody().front(), [](Operation &inner) {
      return isHeavyCompute(&inner);
    });
  return false;
}
