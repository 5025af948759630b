//===- Compiler.cpp - The stages a Session compiles a model with ----------===//

#include "Compiler.h"

#include "ModelLoading.h"

#include "seam/Codegen/Pipelines.h"
#include "seam/Conversion/Passes.h"
#include "seam/Runtime/SeamRuntime.h"
#include "seam/Transforms/PartitionPipeline.h"
#include "seam/Transforms/PartitionReport.h"
#include "seam/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <functional>

using namespace mlir;

namespace seam::detail {

void dumpStage(ModuleOp module, const std::string &dir, int index,
               const std::string &stage) {
  llvm::sys::fs::create_directories(dir);
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, (index < 10 ? "0" : "") +
                                    std::to_string(index) + "-" + stage +
                                    ".mlir");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return;
  OpPrintingFlags flags;
  flags.elideLargeElementsAttrs(16).elideLargeResourceString(64);
  module->print(os, flags);
}

/// The partition table of `module` after its partition stage or, when there
/// is none, of a copy annotated with backends=none, so that every op is listed
/// as the compiler's with the reason.
static std::string partitionReport(ModuleOp module, bool partitioned) {
  std::string report;
  llvm::raw_string_ostream os(report);
  OwningOpRef<ModuleOp> annotated;
  if (!partitioned) {
    annotated = module.clone();
    PassManager pm(module.getContext());
    pm.addPass(seam::createSeamAnnotateTargetPass({{"none"}}));
    if (succeeded(pm.run(*annotated)))
      module = *annotated;
  }
  seam::printPartitionReport(module, os);
  return report;
}

std::pair<int64_t, int64_t> getRegisterTile(StringRef tripleName,
                                            StringRef cpu,
                                            StringRef features) {
  std::string processTriple = llvm::sys::getProcessTriple();
  llvm::Triple triple(tripleName.empty() ? processTriple
                                         : llvm::Triple::normalize(tripleName));
  // 32 NEON registers of 4 floats: 8 x 8 is 16 accumulators.
  if (triple.isAArch64())
    return {8, 8};
  // No vector registers known (riscv64 without V): 16 scalar accumulators.
  if (!triple.isX86())
    return {4, 4};
  llvm::StringMap<bool> has;
  if (cpu.empty() && triple.str() == llvm::Triple::normalize(processTriple)) {
    has = llvm::sys::getHostCPUFeatures();
  } else {
    SmallVector<StringRef> implied;
    llvm::X86::getFeaturesForCPU(cpu.empty() ? "x86-64" : cpu, implied);
    for (StringRef feature : implied)
      has[feature] = true;
  }
  SmallVector<StringRef> listed;
  features.split(listed, ',', -1, /*KeepEmpty=*/false);
  for (StringRef feature : listed)
    if (feature.size() > 1 && (feature[0] == '+' || feature[0] == '-')) {
      // What it implies (or what implies it, when disabled), then itself.
      llvm::X86::updateImpliedFeatures(feature.drop_front(), feature[0] == '+',
                                       has);
      has[feature.drop_front()] = feature[0] == '+';
    }
  // About half the vector registers hold C: AVX-512 32 zmm of 16 floats,
  // 8 x 32 (16 accumulators); AVX 16 ymm of 8, 4 x 16 (8: 8 x 32 there
  // spilled, ResNet-18 2.1x slower; large matmuls take 6 rows, see
  // getLargeMatmulRegisterRows); SSE 16 xmm of 4, 4 x 8.
  if (has.lookup("avx512f"))
    return {8, 32};
  if (has.lookup("avx"))
    return {4, 16};
  return {4, 8};
}

int64_t getLargeMatmulRegisterRows(StringRef triple, StringRef cpu,
                                   StringRef features) {
  std::pair<int64_t, int64_t> tile = getRegisterTile(triple, cpu, features);
  // x86 without AVX-512: 16 vector registers, two per row of the tile. Six
  // rows (12 accumulators, 2 + 1 registers left for B and A) hide the FMAs'
  // latency, where four (8) left the FMA units idle: a 1024^3 matmul 72 ->
  // 77-79 GFLOP/s on an AMD EPYC (AVX2), oneDNN's sgemm 83. 8 x 32 on
  // AVX-512 has 16 of its 32 registers already.
  std::string processTriple = llvm::sys::getProcessTriple();
  llvm::Triple target(triple.empty() ? processTriple
                                     : llvm::Triple::normalize(triple));
  if (target.isX86() && tile.second <= 16)
    return 6;
  return tile.first;
}

/// The stages of a compilation, in order: prepare, partition and offload
/// (with backends), linalg, then those of getLowerToLLVMStages.
static std::vector<PipelineStage> getStages(const CompileOptions &options,
                                            WeightStore *weights) {
  bool partition =
      !options.backends.empty() &&
      !(options.backends.size() == 1 && options.backends[0] == "none");
  // The partition table after partitioning or, with no backends, after
  // prepare (every op the compiler's).
  std::function<LogicalResult(ModuleOp)> report = nullptr;
  if (options.onPartitionReport)
    report = [onReport = options.onPartitionReport,
              partition](ModuleOp module) {
      onReport(partitionReport(module, partition));
      return success();
    };

  std::vector<PipelineStage> stages;
  stages.push_back({"prepare",
                    [maxBytes = options.maxTensorBytes](OpPassManager &pm) {
                      // Before anything is folded, compiled or allocated.
                      pm.addPass(seam::createSeamCheckTensorSizesPass(
                          {/*maxBytes=*/maxBytes}));
                      seam::buildPreparePipeline(pm);
                    },
                    partition ? nullptr : report});
  if (partition) {
    stages.push_back({"partition",
                      [backends = options.backends](OpPassManager &pm) {
                        seam::PartitionPipelineOptions partitionOptions;
                        partitionOptions.backends = backends;
                        // The prepare stage ran those passes already.
                        partitionOptions.prepare = false;
                        seam::buildPartitionPipeline(pm, partitionOptions);
                      },
                      report});
    // Regions of backends with a runtime become calls into it.
    stages.push_back({"offload", [](OpPassManager &pm) {
                        pm.addPass(seam::createSeamLowerBackendRegionsPass());
                      }});
  }
  stages.push_back({"linalg", [](OpPassManager &pm) {
                      pm.addPass(seam::createSeamLowerToLinalgPass());
                      pm.addPass(createCanonicalizerPass());
                      pm.addPass(createCSEPass());
                    }});
  LowerToLLVMOptions lowering;
  lowering.profileKernels = options.profileKernels;
  std::tie(lowering.registerTileM, lowering.registerTileN) =
      getRegisterTile(options.triple, options.cpu, options.features);
  lowering.registerTileMLarge =
      getLargeMatmulRegisterRows(options.triple, options.cpu, options.features);
  lowering.threads =
      options.threads > 0 ? options.threads : seam_get_default_threads();
  // Weights leave the module once they are buffers (memref globals).
  if (weights)
    lowering.afterBufferize = [weights](ModuleOp module) {
      return weights->externalize(module);
    };
  for (PipelineStage &stage : getLowerToLLVMStages(lowering))
    stages.push_back(std::move(stage));
  return stages;
}

std::vector<std::string> getCompilerStageNames(const CompileOptions &options) {
  std::vector<std::string> names;
  for (const PipelineStage &stage : getStages(options, nullptr))
    names.push_back(stage.name);
  return names;
}

LogicalResult compileToLLVMDialect(
    ModuleOp module, const CompileOptions &options, WeightStore *weights,
    function_ref<void(StringRef, ModuleOp)> afterStage) {
  useLiveThreadPool(*module.getContext());
  int index = 1;
  const char *verifyEach = std::getenv("SEAM_VERIFY_EACH_PASS");
  bool verifyEachPass = options.verifyEachPass ||
                        (verifyEach && StringRef(verifyEach) == "1");
  const char *timing = std::getenv("SEAM_PASS_TIMING");
  bool passTiming = timing && StringRef(timing) == "1";
  for (PipelineStage &stage : getStages(options, weights)) {
    auto start = std::chrono::steady_clock::now();
    PassManager pm(module.getContext());
    pm.enableVerifier(verifyEachPass);
    // MLIR's pass timing of the stage, printed on stderr when it ends.
    if (passTiming)
      pm.enableTiming();
    stage.build(pm);
    if (failed(pm.run(module)) || (stage.after && failed(stage.after(module))))
      return emitError(module.getLoc())
             << "compilation failed in stage '" << stage.name << "'";
    if (!verifyEachPass && failed(verify(module)))
      return emitError(module.getLoc())
             << "stage '" << stage.name
             << "' left invalid IR (SEAM_VERIFY_EACH_PASS=1 names the pass)";
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    if (!options.dumpIrDir.empty())
      dumpStage(module, options.dumpIrDir, index, stage.name);
    if (options.onStage)
      options.onStage(stage.name, ms);
    if (afterStage)
      afterStage(stage.name, module);
    ++index;
  }
  return success();
}

} // namespace seam::detail
