//===- LowerBackendRegions.cpp - Outlined regions to runtime calls --------===//
//
// The step after partitioning: each region function outlined for a backend
// with a runtime becomes calls into that runtime, by the backend's own
// lowering (Backend::lowerRegion).
//
//===----------------------------------------------------------------------===//

#include "seam/Conversion/Passes.h"

#include "seam/Backend/Backend.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::seam {
#define GEN_PASS_DEF_SEAMLOWERBACKENDREGIONSPASS
#include "seam/Conversion/Passes.h.inc"
} // namespace mlir::seam

using namespace mlir;
using namespace mlir::seam;

namespace {

/// Whether `region` still holds seam ops (it is not lowered yet).
bool holdsSeamOps(func::FuncOp region) {
  return region
      .walk([](Operation *op) {
        Dialect *dialect = op->getDialect();
        return dialect && dialect->getNamespace() == "seam"
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

struct SeamLowerBackendRegionsPass
    : public mlir::seam::impl::SeamLowerBackendRegionsPassBase<
          SeamLowerBackendRegionsPass> {
  void runOnOperation() override {
    SmallVector<func::FuncOp> regions;
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func->hasAttrOfType<StringAttr>(kBackendAttr))
        regions.push_back(func);
    for (func::FuncOp region : regions) {
      StringRef name = region->getAttrOfType<StringAttr>(kBackendAttr);
      const Backend *backend = lookupBackend(name);
      if (!backend) {
        region.emitError("region of unknown backend '")
            << name << "' (known: " << getRegisteredBackendNames() << ")";
        return signalPassFailure();
      }
      if (backend->getRuntimeSymbols().empty() || !holdsSeamOps(region))
        continue;
      if (failed(backend->lowerRegion(region)))
        return signalPassFailure();
      ++numLowered;
    }
  }
};

} // namespace
