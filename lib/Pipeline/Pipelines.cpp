//===- Pipelines.cpp - Seam's compilation pipelines -----------------------===//

#include "seam/Pipeline/Pipelines.h"
#include "seam/Pipeline/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace seam {

static void addCleanup(OpPassManager &pm) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

std::vector<PipelineStage>
getLowerToLLVMStages(const LowerToLLVMOptions &options) {
  std::vector<PipelineStage> stages;
  stages.push_back({"optimize", [](OpPassManager &pm) {
    pm.addNestedPass<func::FuncOp>(createSeamDecomposeAggregatesPass());
    pm.addNestedPass<func::FuncOp>(createLinalgElementwiseOpFusionPass());
    addCleanup(pm);
  }});
  stages.push_back({"bufferize", [](OpPassManager &pm) {
    pm.addPass(bufferization::createEmptyTensorEliminationPass());
    bufferization::OneShotBufferizePassOptions bufferize;
    bufferize.bufferizeFunctionBoundaries = true;
    bufferize.functionBoundaryTypeConversion =
        bufferization::LayoutMapOption::IdentityLayoutMap;
    pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
    // Results become out-params; a result's own allocation is replaced by
    // the caller's buffer, so outputs are written in place, not copied.
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.hoistStaticAllocs = true;
    outParams.modifyPublicFunctions = true;
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
    addCleanup(pm);
    bufferization::BufferDeallocationPipelineOptions dealloc;
    bufferization::buildBufferDeallocationPipeline(pm, dealloc);
    addCleanup(pm);
  }});
  stages.push_back({"llvm", [](OpPassManager &pm) {
    pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
    pm.addPass(createLowerAffinePass());
    pm.addPass(createSCFToControlFlowPass());
    pm.addNestedPass<func::FuncOp>(math::createMathExpandOpsPass());
    pm.addPass(createConvertMathToLibmPass());
    pm.addPass(memref::createExpandStridedMetadataPass());
    pm.addPass(createLowerAffinePass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
    pm.addPass(createConvertMathToLLVMPass());
    pm.addPass(createArithToLLVMConversionPass());
    ConvertFuncToLLVMPassOptions funcOptions;
    funcOptions.useBarePtrCallConv = true;
    pm.addPass(createConvertFuncToLLVMPass(funcOptions));
    pm.addPass(createConvertControlFlowToLLVMPass());
    pm.addPass(createReconcileUnrealizedCastsPass());
    addCleanup(pm);
  }});
  (void)options;
  return stages;
}

void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options) {
  for (const PipelineStage &stage : getLowerToLLVMStages(options))
    stage.build(pm);
}

void registerSeamPipelines() {
  registerSeamPipelinePasses();
  PassPipelineRegistration<>(
      "seam-lower-to-llvm",
      "Lower linalg on tensors to the LLVM dialect: fusion, tiling and "
      "vectorization, bufferization with outputs in caller buffers, loops, "
      "conversion to LLVM",
      [](OpPassManager &pm) { buildLowerToLLVMPipeline(pm, {}); });
}

} // namespace seam
