//===- LowerBackendRegions.cpp - Outlined regions to seam.kernel_call -----===//
//
// The step after partitioning, shared by every backend with a runtime: the
// backend describes each of its outlined regions (Backend::describeRegion),
// and the region's body becomes one destination-passing seam.kernel_call on
// its arguments, its weights and one tensor.empty per result:
//
//   func.func private @dnnl_0(%x: tensor<1x3x8x8xf32>) -> tensor<1x8x8x8xf32>
//       attributes {seam.backend = "dnnl"} {
//     %w = arith.constant dense<...> : tensor<8x3x3x3xf32>
//     %e = tensor.empty() : tensor<1x8x8x8xf32>
//     %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : ...) weights(%w : ...)
//         outs(%e : ...) description(#seam_dnnl.region<...>) -> ...
//     return %r : tensor<1x8x8x8xf32>
//   }
//
//===----------------------------------------------------------------------===//

#include "seam/Conversion/Passes.h"

#include "seam/Backend/Backend.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Verifier.h"

namespace seam {
#define GEN_PASS_DEF_SEAMLOWERBACKENDREGIONSPASS
#include "seam/Conversion/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// Whether `region` still holds seam graph ops (it is not lowered yet).
bool holdsSeamGraphOps(func::FuncOp region) {
  return region
      .walk([](Operation *op) {
        Dialect *dialect = op->getDialect();
        return dialect && isa<SeamDialect>(dialect) && !isa<KernelCallOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Replaces the body of `region` by the kernel call `described` says.
LogicalResult replaceBody(func::FuncOp region, const Backend &backend,
                          const KernelRegion &described) {
  Location loc = region.getLoc();
  Block *old = &region.getBody().front();
  auto *entry = new Block();
  region.getBody().push_front(entry);
  for (BlockArgument arg : old->getArguments())
    entry->addArgument(arg.getType(), arg.getLoc());
  OpBuilder b = OpBuilder::atBlockBegin(entry);

  SmallVector<Value> weights;
  for (Value weight : described.weights) {
    Operation *def = weight.getDefiningOp();
    if (!def || def->getNumOperands() != 0 ||
        !def->hasTrait<OpTrait::ConstantLike>())
      return region.emitError("region of backend '")
             << backend.getName() << "': weight #" << weights.size()
             << " is not a constant";
    weights.push_back(b.clone(*def)->getResult(0));
  }
  SmallVector<Value> inits;
  for (Type type : region.getResultTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    inits.push_back(tensor::EmptyOp::create(b, loc, tensor.getShape(),
                                            tensor.getElementType()));
  }
  auto call = KernelCallOp::create(
      b, loc, region.getResultTypes(), backend.getName(), region.getSymName(),
      ValueRange(entry->getArguments()), weights, inits,
      cast<KernelDescriptionAttrInterface>(described.description));
  func::ReturnOp::create(b, loc, call.getResults());
  old->dropAllDefinedValueUses();
  old->erase();
  // The verifier checks the description against the call's operands.
  return mlir::verify(call);
}

struct SeamLowerBackendRegionsPass
    : public seam::impl::SeamLowerBackendRegionsPassBase<
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
      if (!backend->getEntryPoints() || !holdsSeamGraphOps(region))
        continue;
      FailureOr<KernelRegion> described = backend->describeRegion(region);
      if (failed(described) || !isa_and_nonnull<KernelDescriptionAttrInterface>(
                                   described->description)) {
        if (succeeded(described))
          region.emitError("backend '")
              << name << "' described the region without a typed description";
        return signalPassFailure();
      }
      if (failed(replaceBody(region, *backend, *described)))
        return signalPassFailure();
      ++numLowered;
    }
  }
};

} // namespace
