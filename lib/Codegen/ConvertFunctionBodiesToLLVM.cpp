//===- ConvertFunctionBodiesToLLVM.cpp - memref and cf to LLVM in parallel ===//
//
// Upstream's finalize-memref-to-llvm and convert-cf-to-llvm run on the whole
// module on one thread, because their patterns may declare the functions
// they call. Declared here first, those functions are only looked up, and
// each share of the module's functions is converted on a thread of its own;
// the few ops whose patterns declare other functions (memref.copy of strided
// memrefs, cf.assert) are converted after, on one thread.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace seam {
#define GEN_PASS_DEF_SEAMCONVERTFUNCTIONBODIESTOLLVMPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamConvertFunctionBodiesToLLVMPass
    : public seam::impl::SeamConvertFunctionBodiesToLLVMPassBase<
          SeamConvertFunctionBodiesToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    DataLayout layout(module);
    LowerToLLVMOptions options(ctx, layout);
    options.useGenericFunctions = useGenericFunctions;

    SmallVector<func::FuncOp> functions;
    bool allocates = false, frees = false;
    for (func::FuncOp function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      functions.push_back(function);
      function.walk([&](Operation *op) {
        allocates |= isa<memref::AllocOp>(op);
        frees |= isa<memref::DeallocOp>(op);
      });
    }
    if (functions.empty())
      return;
    if (failed(declareAllocationFunctions(module, options, allocates, frees)))
      return signalPassFailure();

    // Globals first, on this thread: the functions' memref.get_global
    // become llvm.mlir.addressof, which must name an LLVM global.
    SmallVector<Operation *> globals;
    for (memref::GlobalOp global : module.getOps<memref::GlobalOp>())
      globals.push_back(global);
    if (!globals.empty() && failed(convert(globals, options, false)))
      return signalPassFailure();

    // One share of the functions per thread, dealt in turn (their sizes
    // differ): one type converter and pattern set each (a converter's data
    // layout caches are its own).
    size_t shares = std::min<size_t>(
        functions.size(), std::max<unsigned>(1, ctx->getNumThreads()));
    if (failed(failableParallelForEachN(ctx, 0, shares, [&](size_t share) {
          SmallVector<Operation *> mine;
          for (size_t i = share; i < functions.size(); i += shares)
            mine.push_back(functions[i]);
          return convert(mine, options, /*declares=*/false);
        })))
      return signalPassFailure();

    // What only the patterns that declare functions lower, on this thread.
    SmallVector<Operation *> rest;
    module.walk([&](Operation *op) {
      if (isa<memref::MemRefDialect, cf::ControlFlowDialect>(op->getDialect()))
        rest.push_back(op);
    });
    if (!rest.empty() && failed(convert(rest, options, /*declares=*/true)))
      signalPassFailure();
  }

  /// Declares the functions that the memref patterns call for memref.alloc
  /// and memref.dealloc, as those patterns would.
  static LogicalResult declareAllocationFunctions(ModuleOp module,
                                                  const LowerToLLVMOptions &options,
                                                  bool allocates, bool frees) {
    OpBuilder b(module.getContext());
    LLVMTypeConverter converter(module.getContext(), options);
    Type index = converter.getIndexType();
    bool generic = options.useGenericFunctions;
    bool aligned =
        options.allocLowering == LowerToLLVMOptions::AllocLowering::AlignedAlloc;
    if (allocates) {
      FailureOr<LLVM::LLVMFuncOp> alloc =
          aligned ? (generic ? LLVM::lookupOrCreateGenericAlignedAllocFn(
                                   b, module, index)
                             : LLVM::lookupOrCreateAlignedAllocFn(b, module,
                                                                  index))
                  : (generic ? LLVM::lookupOrCreateGenericAllocFn(b, module,
                                                                  index)
                             : LLVM::lookupOrCreateMallocFn(b, module, index));
      if (failed(alloc))
        return module.emitError("cannot declare the allocation function");
    }
    if (frees &&
        failed(generic ? LLVM::lookupOrCreateGenericFreeFn(b, module)
                       : LLVM::lookupOrCreateFreeFn(b, module)))
      return module.emitError("cannot declare the deallocation function");
    return success();
  }

  /// The memref and control-flow patterns applied to `ops` and what they
  /// hold. Unless `declares`, memref.copy (its pattern may declare
  /// memrefCopy) and cf.assert (its pattern declares abort) are left as
  /// they are.
  static LogicalResult convert(ArrayRef<Operation *> ops,
                               const LowerToLLVMOptions &options,
                               bool declares) {
    MLIRContext *ctx = ops.front()->getContext();
    LLVMTypeConverter converter(ctx, options);
    RewritePatternSet patterns(ctx);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    target.addLegalOp<func::FuncOp>();
    if (declares)
      cf::populateAssertToLLVMConversionPattern(converter, patterns);
    else
      target.addLegalOp<memref::CopyOp, cf::AssertOp>();
    return applyPartialConversion(ops, target, std::move(patterns));
  }
};

} // namespace
