//===- OutlineKernels.cpp - One function per loop nest --------------------===//

#include "seam/Codegen/Passes.h"

#include "KernelEquivalence.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace seam {
#define GEN_PASS_DEF_SEAMOUTLINEKERNELSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Values defined outside `op` that it uses, in first-use order.
llvm::SetVector<Value> capturedValues(Operation *op) {
  llvm::SetVector<Value> values;
  for (Value v : op->getOperands())
    values.insert(v);
  for (Region &region : op->getRegions()) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(region, above);
    values.insert(above.begin(), above.end());
  }
  return values;
}

/// Whether `arguments[i]` is an allocation that no other of `arguments`
/// views: within the kernel, a buffer no other argument reaches.
bool isFreshBuffer(ArrayRef<Value> arguments, size_t i) {
  Value buffer = arguments[i];
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
          buffer.getDefiningOp()))
    return false;
  for (auto [j, other] : llvm::enumerate(arguments))
    if (auto view = dyn_cast<MemrefValue>(other);
        j != i && view && memref::skipViewLikeOps(view) == buffer)
      return false;
  return true;
}

/// Ops that are cheaper to clone into a kernel than to pass to it. Globals
/// are passed: kernels that differ only in their weights stay identical.
bool isClonable(Operation *op) {
  return op && op->hasTrait<OpTrait::ConstantLike>();
}

struct SeamOutlineKernelsPass
    : public seam::impl::SeamOutlineKernelsPassBase<SeamOutlineKernelsPass> {
  /// A copy between static buffers that are not both contiguous (into a
  /// padded interior, out of a strided view), at any depth, becomes a
  /// `linalg.copy`: outlined like a loop nest at the top level, vectorized
  /// in its kernel (seam-vectorize-copies) when nested. MLIR lowers such a
  /// `memref.copy` to a call of its generic runtime copy through two stack
  /// descriptors: about 30 instructions each in the caller, and an
  /// element-by-element copy.
  static void copiesToLinalg(func::FuncOp func) {
    SmallVector<memref::CopyOp> copies;
    func.walk([&](memref::CopyOp copy) {
      auto source = dyn_cast<MemRefType>(copy.getSource().getType());
      auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
      if (source && target && source.hasStaticShape() &&
          target.hasStaticShape() &&
          !(memref::isStaticShapeAndContiguousRowMajor(source) &&
            memref::isStaticShapeAndContiguousRowMajor(target)))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }

  void outline(func::FuncOp func, SymbolTable &symbols) {
    copiesToLinalg(func);
    SmallVector<Operation *> kernels;
    for (Operation &op : func.getBody().front())
      if (op.getNumRegions() > 0 && op.getNumResults() == 0 &&
          !op.hasTrait<OpTrait::IsTerminator>())
        kernels.push_back(&op);
    int index = 0;
    for (Operation *kernel : kernels) {
      llvm::SetVector<Value> captured = capturedValues(kernel);
      SmallVector<Value> arguments;
      SmallVector<Operation *> clones;
      for (Value v : captured) {
        if (isClonable(v.getDefiningOp()))
          clones.push_back(v.getDefiningOp());
        else
          arguments.push_back(v);
      }
      OpBuilder builder(func);
      auto callee = func::FuncOp::create(
          builder, kernel->getLoc(),
          (func.getSymName() + "_kernel_" + std::to_string(index++)).str(),
          builder.getFunctionType(ValueRange(arguments).getTypes(), {}));
      callee.setPrivate();
      // Carried to the LLVM function as its `noinline` attribute.
      callee->setAttr("passthrough", builder.getArrayAttr(
                                         {builder.getStringAttr("noinline")}));
      // For seam-instrument-kernels.
      callee->setAttr("seam.kernel", builder.getUnitAttr());
      // Buffers of their own (packed tiles hoisted out of the loops): a
      // copy into one may write an element twice (seam-vectorize-copies).
      for (size_t i = 0; i < arguments.size(); ++i)
        if (isFreshBuffer(arguments, i))
          callee.setArgAttr(i, seam::kFreshBufferAttr, builder.getUnitAttr());
      symbols.insert(callee);
      Block *entry = callee.addEntryBlock();
      OpBuilder body = OpBuilder::atBlockBegin(entry);
      IRMapping mapping;
      for (auto [value, arg] : llvm::zip(arguments, entry->getArguments()))
        mapping.map(value, arg);
      for (Operation *op : clones)
        body.clone(*op, mapping);
      body.clone(*kernel, mapping);
      func::ReturnOp::create(body, kernel->getLoc());
      OpBuilder at(kernel);
      func::CallOp::create(at, kernel->getLoc(), callee, arguments);
      kernel->erase();
      for (Operation *op : clones)
        if (op->use_empty())
          op->erase();
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs)
      if (!func.isExternal() && !func->hasAttr("passthrough"))
        outline(func, symbols);
  }
};

} // namespace
