//===- Pipelines.cpp - Seam's compilation pipelines -----------------------===//

#include "seam/Codegen/Pipelines.h"
#include "seam/Codegen/Passes.h"

#include "seam/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace seam {

/// The canonicalizer without region simplification (dead block arguments,
/// unreachable blocks). Before the LLVM dialect, Seam's functions and loop
/// bodies are single blocks, where it finds nothing; on the LLVM dialect,
/// LLVM's SimplifyCFG does the same. It cost 256 M of the 3.54 G
/// instructions that DenseNet-121's lowering to the LLVM dialect takes
/// (callgrind, one thread), walking every region on every iteration.
static std::unique_ptr<Pass> createSeamCanonicalizerPass() {
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  return createCanonicalizerPass(config);
}

static void addCleanup(OpPassManager &pm) {
  pm.addPass(createSeamCanonicalizerPass());
  pm.addPass(createCSEPass());
}

std::vector<PipelineStage>
getLowerToLLVMStages(const LowerToLLVMOptions &options) {
  std::vector<PipelineStage> stages;
  stages.push_back(
      {"optimize", [options](OpPassManager &pm) {
         pm.addNestedPass<func::FuncOp>(createSeamDecomposeAggregatesPass());
         pm.addNestedPass<func::FuncOp>(createSeamFuseElementwisePass());
         addCleanup(pm);
         if (options.vectorize) {
           SeamTileConvRowsPassOptions rows;
           rows.threads = options.threads;
           pm.addNestedPass<func::FuncOp>(createSeamTileConvRowsPass(rows));
           pm.addNestedPass<func::FuncOp>(createSeamConvToMatmulPass());
           addCleanup(pm);
         }
         SeamParallelizePassOptions parallel;
         parallel.threads = options.threads;
         pm.addNestedPass<func::FuncOp>(createSeamParallelizePass(parallel));
         if (options.vectorize) {
           pm.addNestedPass<func::FuncOp>(createSeamUnrollWindowsPass());
           SeamTileAndVectorizePassOptions tiles;
           tiles.mRegister = options.registerTileM;
           tiles.nRegister = options.registerTileN;
           tiles.mRegisterLarge = options.registerTileMLarge;
           pm.addNestedPass<func::FuncOp>(
               createSeamTileAndVectorizePass(tiles));
           addCleanup(pm);
         }
       }});
  stages.push_back(
      {"bufferize",
       [](OpPassManager &pm) {
         // Concatenations are slices of one buffer their operands are
         // written into (DenseNet's chains share one).
         pm.addNestedPass<func::FuncOp>(createSeamConcatInPlacePass());
         // Pads write their borders only; their sources, their interiors.
         pm.addNestedPass<func::FuncOp>(createSeamFillPadBordersPass());
         // One destination per op: linear-time analysis (see the pass).
         pm.addNestedPass<func::FuncOp>(createSeamSplitEmptyTensorsPass());
         // Producers compute into the slices their results are inserted
         // into.
         pm.addNestedPass<func::FuncOp>(createSeamEliminateEmptyTensorsPass());
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
         // A buffer returned twice gets a copy: each result its own buffer.
         pm.addNestedPass<func::FuncOp>(createSeamDistinctResultsPass());
         pm.addPass(
             bufferization::createBufferResultsToOutParamsPass(outParams));
         // Offloaded regions become calls of their backend's runtime on these
         // buffers (before deallocation, which needs every op's memory
         // effects).
         pm.addPass(seam::createSeamLowerKernelCallsPass());
         // Static temporaries (packed matmul tiles) are allocated once, not per
         // loop iteration: large mallocs are mmaps, and page faults, every
         // time.
         pm.addNestedPass<func::FuncOp>(
             bufferization::createBufferLoopHoistingPass());
         // Each buffer freed after its last use (upstream's ownership-based
         // pipeline where one escapes its block).
         pm.addPass(createSeamDeallocateBuffersPass());
         // CSE first: copies between equal views of one buffer become
         // copies of a view onto itself, which canonicalization erases.
         pm.addPass(createCSEPass());
         pm.addPass(createSeamCanonicalizerPass());
       },
       options.afterBufferize});
  stages.push_back(
      {"llvm", [options](OpPassManager &pm) {
         // Small functions compile in linear time; one huge one does not.
         pm.addPass(createSeamOutlineKernelsPass());
         if (options.profileKernels)
           pm.addPass(createSeamInstrumentKernelsPass());
         else
           pm.addPass(createSeamShareIdenticalKernelsPass());
         // Elementwise loops over whole contiguous buffers, not 7-wide rows.
         pm.addNestedPass<func::FuncOp>(createSeamCollapseElementwisePass());
         // Copies (im2col, into and out of padded matrices) in vectors.
         pm.addNestedPass<func::FuncOp>(createSeamVectorizeCopiesPass());
         // Global pools and reductions over the last axes in vector
         // accumulators, not one dependent scalar add after another.
         pm.addNestedPass<func::FuncOp>(createSeamVectorizeReductionsPass());
         pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
         // The C tiles of vectorized matmuls stay in registers across k.
         pm.addNestedPass<func::FuncOp>(createSeamHoistVectorTransfersPass());
         pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(
             VectorTransferToSCFOptions().enableFullUnroll()));
         // Kernels that differ in sizes, strides and offsets only: one
         // function, lowered once (the rest of this stage is most of the
         // compile time).
         if (!options.profileKernels)
           pm.addPass(createSeamShareKernelsAcrossShapesPass());
         // Thread-level loops: scf.forall -> OpenMP (onto libgomp at run time).
         pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
         pm.addPass(createConvertSCFToOpenMPPass());
         // Function passes run on the functions in parallel (the outlined
         // kernels); only those that declare or convert functions run on
         // the module.
         OpPassManager &loops = pm.nest<func::FuncOp>();
         loops.addPass(createSeamInlineAllocaScopesPass());
         loops.addPass(createLowerAffinePass());
         loops.addPass(createSCFToControlFlowPass());
         // f32 exp (Sigmoid, SiLU, Softmax) as arithmetic LLVM vectorizes,
         // not a libm call per element.
         loops.addPass(createSeamApproximateMathPass());
         // erf, tanh, powf, ... become libm calls (math-expand-ops would
         // rewrite powf as exp(y log x): NaN for negative bases).
         pm.addPass(createConvertMathToLibmPass());
         OpPassManager &views = pm.nest<func::FuncOp>();
         views.addPass(memref::createExpandStridedMetadataPass());
         views.addPass(createLowerAffinePass());
         // memref.alloc / dealloc call Seam's runtime, which keeps large
         // buffers for the next run (seam_buffer_alloc).
         // memref and control flow (finalize-memref-to-llvm and
         // convert-cf-to-llvm), the functions several at a time.
         SeamConvertFunctionBodiesToLLVMPassOptions bodiesToLLVM;
         bodiesToLLVM.useGenericFunctions = true;
         pm.addPass(createSeamConvertFunctionBodiesToLLVMPass(bodiesToLLVM));
         // Vector ops (their n-D constants and contractions, as outer
         // products: FMAs on 1-D vectors) before arith's, once their memrefs
         // are LLVM values. A run before the memrefs' conversion as well
         // changed nothing and cost DenseNet-121 ~0.4 s.
         ConvertVectorToLLVMPassOptions vectorToLLVM;
         vectorToLLVM.vectorContractLowering =
             vector::VectorContractLowering::OuterProduct;
         OpPassManager &scalars = pm.nest<func::FuncOp>();
         scalars.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
         scalars.addPass(createConvertMathToLLVMPass());
         scalars.addPass(createArithToLLVMConversionPass());
         // Poison values (a register tile built row by row from a bias).
         scalars.addPass(createUBToLLVMConversionPass());
         ConvertFuncToLLVMPassOptions funcOptions;
         funcOptions.useBarePtrCallConv = true;
         pm.addPass(createConvertFuncToLLVMPass(funcOptions));
         pm.addPass(createConvertOpenMPToLLVMPass());
         // Casts are left inside functions only: reconciled in parallel.
         OpPassManager &cleanup = pm.nest<LLVM::LLVMFuncOp>();
         cleanup.addPass(createReconcileUnrealizedCastsPass());
         cleanup.addPass(createSeamCanonicalizerPass());
         cleanup.addPass(createCSEPass());
         // Kernels that differ in loop bounds and strides only: one function.
         pm.addPass(createSeamShareSimilarKernelsPass());
       }});
  return stages;
}

void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options) {
  for (const PipelineStage &stage : getLowerToLLVMStages(options))
    stage.build(pm);
}

namespace {
struct LowerToLLVMPipelineOptions
    : public PassPipelineOptions<LowerToLLVMPipelineOptions> {
  Option<int64_t> threads{
      *this, "threads", llvm::cl::desc("Threads heavy loops are split across"),
      llvm::cl::init(1)};
  Option<bool> vectorize{*this, "vectorize",
                         llvm::cl::desc("Tile and vectorize linalg ops"),
                         llvm::cl::init(true)};
  Option<bool> profileKernels{
      *this, "profile-kernels",
      llvm::cl::desc("Time every outlined kernel (seam-instrument-kernels)"),
      llvm::cl::init(false)};
};
} // namespace

void registerSeamPipelines() {
  registerSeamCodegenPasses();
  PassPipelineRegistration<LowerToLLVMPipelineOptions>(
      "seam-lower-to-llvm",
      "Lower linalg on tensors to the LLVM dialect: thread splitting, fusion, "
      "tiling and vectorization, bufferization with outputs in caller "
      "buffers, loops, conversion to LLVM",
      [](OpPassManager &pm, const LowerToLLVMPipelineOptions &o) {
        LowerToLLVMOptions options;
        options.threads = o.threads;
        options.vectorize = o.vectorize;
        options.profileKernels = o.profileKernels;
        buildLowerToLLVMPipeline(pm, options);
      });
}

} // namespace seam
