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

#ifndef SEAM_CODEGEN_PIPELINES_H
#define SEAM_CODEGEN_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <functional>
#include <string>
#include <vector>

namespace seam {

/// Options of the lowering to LLVM.
struct LowerToLLVMOptions {
  /// Tile and vectorize linalg ops (off: plain loops, for debugging).
  bool vectorize = true;
  /// Threads heavy loops are split across (1: no parallel loops).
  int64_t threads = 1;
  /// Time every outlined kernel (seam-instrument-kernels).
  bool profileKernels = false;
  /// Register tile of matmuls (rows x columns of C kept in vector registers
  /// across k): sized by the target's vector registers (Session: Compiler's
  /// getRegisterTile); the default fills half of AVX-512's.
  int64_t registerTileM = 8, registerTileN = 32;
  /// Rows of the register tile of matmuls of at least 2^28 multiply-adds
  /// (seam-tile-and-vectorize's m-register-large; 0: registerTileM).
  int64_t registerTileMLarge = 0;
  /// Run on the module right after the bufferize stage (the Session moves
  /// the weights, memref globals by then, out of the module).
  std::function<mlir::LogicalResult(mlir::ModuleOp)> afterBufferize = nullptr;
};

/// One named stage of a compilation: what the Session runs, times and dumps.
struct PipelineStage {
  std::string name;
  /// Adds the stage's passes (to a pass manager on the module).
  std::function<void(mlir::OpPassManager &)> build;
  /// If set, run on the module after the passes, as part of the stage.
  std::function<mlir::LogicalResult(mlir::ModuleOp)> after = nullptr;
};

/// The stages from linalg on tensors to the LLVM dialect.
std::vector<PipelineStage>
getLowerToLLVMStages(const LowerToLLVMOptions &options);

/// Adds all of getLowerToLLVMStages to `pm` (their `after` hooks, which
/// need the module between stages, are not run: leave afterBufferize unset).
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// Registers `seam-lower-to-llvm`.
void registerSeamPipelines();

} // namespace seam

#endif // SEAM_CODEGEN_PIPELINES_H
