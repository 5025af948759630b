//===- Pipelines.h - Seam's compilation pipelines ---------------*- C++ -*-===//
//
// The named pipelines of Seam and the stages the Session runs, in order:
//
//   seam (prepared)  --seam-lower-to-linalg-->  linalg on tensors
//   linalg on tensors --seam-lower-to-llvm-->   LLVM dialect, as stages:
//     optimize   elementwise fusion, tiling and vectorization
//     bufferize  one-shot bufferization, outputs written into caller buffers,
//                buffers freed (no per-inference leaks)
//     llvm       loops, math approximations, conversion to the LLVM dialect
//
// The entry function takes every input and output as a bare pointer to its
// data (static shapes, row-major), outputs last.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_PIPELINE_PIPELINES_H
#define SEAM_PIPELINE_PIPELINES_H

#include "mlir/Pass/PassManager.h"

#include <string>
#include <vector>

namespace seam {

/// Options of the lowering to LLVM.
struct LowerToLLVMOptions {
  /// Tile and vectorize linalg ops (off: plain loops, for debugging).
  bool vectorize = true;
  /// Threads heavy loops are split across (1: no parallel loops).
  int64_t threads = 1;
};

/// One named stage of the lowering: what the Session runs and dumps.
struct PipelineStage {
  std::string name;
  std::function<void(mlir::OpPassManager &)> build;
};

/// The stages from linalg on tensors to the LLVM dialect.
std::vector<PipelineStage> getLowerToLLVMStages(const LowerToLLVMOptions &options);

/// Adds all of getLowerToLLVMStages to `pm`.
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// Registers `seam-lower-to-llvm`.
void registerSeamPipelines();

} // namespace seam

#endif // SEAM_PIPELINE_PIPELINES_H
