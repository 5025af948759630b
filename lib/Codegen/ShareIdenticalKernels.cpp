//===- ShareIdenticalKernels.cpp - One function per distinct kernel -------===//
//
// Outlined kernels take their buffers and weights as arguments, so a model's
// repeated blocks give kernels whose bodies are the same op for op. Each set
// of them becomes one function: lowered, optimized and compiled once.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "KernelEquivalence.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/DenseMap.h"

namespace seam {
#define GEN_PASS_DEF_SEAMSHAREIDENTICALKERNELSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

bool areIdentical(func::FuncOp a, func::FuncOp b) {
  // Argument attributes too: a buffer of its own at every call of one
  // (kFreshBufferAttr) may be a view of another argument's at a call of the
  // other.
  return a.getFunctionType() == b.getFunctionType() &&
         a.getArgAttrsAttr() == b.getArgAttrsAttr() &&
         OperationEquivalence::isRegionEquivalentTo(
             &a.getBody(), &b.getBody(), seam::kKernelEquivalenceFlags);
}

struct SeamShareIdenticalKernelsPass
    : public seam::impl::SeamShareIdenticalKernelsPassBase<
          SeamShareIdenticalKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The distinct kernels by hash, in module order.
    llvm::DenseMap<llvm::hash_code, SmallVector<func::FuncOp, 1>> distinct;
    llvm::DenseMap<StringAttr, FlatSymbolRefAttr> sharedBy;
    SmallVector<func::FuncOp> duplicates;
    for (func::FuncOp kernel : module.getOps<func::FuncOp>()) {
      if (kernel.isExternal() || !kernel->hasAttr("seam.kernel"))
        continue;
      SmallVector<func::FuncOp, 1> &candidates = distinct[seam::hashKernel(
          kernel.getFunctionType(), kernel.getBody())];
      auto same = llvm::find_if(candidates, [&](func::FuncOp other) {
        return areIdentical(other, kernel);
      });
      if (same == candidates.end()) {
        candidates.push_back(kernel);
        continue;
      }
      sharedBy[kernel.getSymNameAttr()] =
          FlatSymbolRefAttr::get(same->getSymNameAttr());
      duplicates.push_back(kernel);
    }
    if (duplicates.empty())
      return;
    module.walk([&](func::CallOp call) {
      auto it = sharedBy.find(call.getCalleeAttr().getAttr());
      if (it != sharedBy.end())
        call.setCalleeAttr(it->second);
    });
    for (func::FuncOp kernel : duplicates)
      kernel.erase();
  }
};

} // namespace
