//===- Compiler.cpp - The stages a Session compiles a model with ----------===//

#include "Compiler.h"

#include "seam/InitAll.h"
#include "seam/Pipeline/Pipelines.h"
#include "seam/Transforms/PartitionReport.h"
#include "seam/Runtime/SeamRuntime.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

using namespace mlir;

namespace seam::detail {

void dumpStage(ModuleOp module, const std::string &dir, int index,
               const std::string &stage) {
  llvm::sys::fs::create_directories(dir);
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, (index < 10 ? "0" : "") + std::to_string(index) +
                                    "-" + stage + ".mlir");
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
    if (succeeded(parsePassPipeline("seam-annotate-target{backends=none}", pm)) &&
        succeeded(pm.run(*annotated)))
      module = *annotated;
  }
  mlir::seam::printPartitionReport(module, os);
  return report;
}

/// A stage: a name and the passes that make it.
struct Stage {
  std::string name;
  std::function<LogicalResult(OpPassManager &, Location)> build;
};

static LogicalResult parseInto(OpPassManager &pm, StringRef pipeline,
                               Location loc) {
  std::string error;
  llvm::raw_string_ostream os(error);
  if (failed(parsePassPipeline(pipeline, pm, os)))
    return emitError(loc)
           << "cannot build pipeline '" << pipeline << "': " << error;
  return success();
}

LogicalResult compileToLLVMDialect(ModuleOp module,
                                   const CompileOptions &options,
                                   WeightStore &weights) {
  static std::once_flag registered;
  std::call_once(registered, [] { registerAllPasses(); });

  bool partition = !options.backends.empty() &&
                   !(options.backends.size() == 1 && options.backends[0] == "none");
  std::vector<Stage> stages;
  stages.push_back({"prepare", [](OpPassManager &pm, Location loc) {
    return parseInto(pm,
                     "func.func(seam-fold-constants,seam-fold-batch-norm,"
                     "canonicalize)",
                     loc);
  }});
  if (partition) {
    std::string list;
    for (const std::string &b : options.backends)
      list += (list.empty() ? "" : ",") + b;
    stages.push_back({"partition", [list](OpPassManager &pm, Location loc) {
      return parseInto(pm, "seam-partition{backends=" + list + "}", loc);
    }});
    // Regions of backends with a runtime become calls into it.
    stages.push_back({"offload", [](OpPassManager &pm, Location loc) {
      return parseInto(pm, "seam-lower-backend-regions", loc);
    }});
  }
  stages.push_back({"linalg", [](OpPassManager &pm, Location loc) {
    return parseInto(pm, "seam-lower-to-linalg,canonicalize,cse", loc);
  }});
  LowerToLLVMOptions lowering;
  lowering.threads =
      options.threads > 0 ? options.threads : seam_get_max_threads();
  for (PipelineStage &s : getLowerToLLVMStages(lowering))
    stages.push_back({s.name, [build = s.build](OpPassManager &pm, Location) {
      build(pm);
      return success();
    }});

  int index = 1;
  for (Stage &stage : stages) {
    auto start = std::chrono::steady_clock::now();
    PassManager pm(module.getContext());
    if (failed(stage.build(pm, module.getLoc())) || failed(pm.run(module)))
      return emitError(module.getLoc())
             << "compilation failed in stage '" << stage.name << "'";
    // Weights leave the module once they are buffers (memref globals).
    if (stage.name == "bufferize" && failed(weights.externalize(module)))
      return failure();
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    if (!options.dumpIrDir.empty())
      dumpStage(module, options.dumpIrDir, index, stage.name);
    if (options.onStage)
      options.onStage(stage.name, ms);
    if (options.onPartitionReport &&
        stage.name == (partition ? "partition" : "prepare"))
      options.onPartitionReport(partitionReport(module, partition));
    ++index;
  }
  return success();
}

} // namespace seam::detail
