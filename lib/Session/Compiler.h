//===- Compiler.h - The stages a Session compiles a model with --*- C++ -*-===//

#ifndef SEAM_LIB_SESSION_COMPILER_H
#define SEAM_LIB_SESSION_COMPILER_H

#include "Weights.h"
#include "seam/Session.h"

#include "mlir/IR/BuiltinOps.h"

namespace seam::detail {

/// Lowers a module of the seam dialect to the LLVM dialect in place: prepare,
/// partition (when backends are given), seam -> linalg, then the stages of
/// seam-lower-to-llvm. Reports each stage through `options.onStage` and
/// dumps it to `options.dumpIrDir`. Errors are MLIR diagnostics.
/// Large weights are moved out of the module into `weights` after
/// bufferization (see Weights.h); with none they stay in it. `afterStage`,
/// when given, sees the module after each stage (its name first).
mlir::LogicalResult compileToLLVMDialect(
    mlir::ModuleOp module, const CompileOptions &options, WeightStore *weights,
    llvm::function_ref<void(llvm::StringRef, mlir::ModuleOp)> afterStage = {});

/// The matmul register tile (rows, columns) for a target: `triple` (empty:
/// this process's), `cpu` (empty: the host's CPU for the host's triple,
/// generic x86-64 otherwise) and `features` ("+avx2,-avx512f", ...), sized so
/// that the C tile takes about half the vector registers.
std::pair<int64_t, int64_t> getRegisterTile(llvm::StringRef triple,
                                            llvm::StringRef cpu,
                                            llvm::StringRef features);

/// Rows of the register tile of large matmuls (seam-tile-and-vectorize's
/// m-register-large): 6 on x86 without AVX-512, else getRegisterTile's.
int64_t getLargeMatmulRegisterRows(llvm::StringRef triple, llvm::StringRef cpu,
                                   llvm::StringRef features);

/// The names of the stages compileToLLVMDialect runs with `options`.
std::vector<std::string> getCompilerStageNames(const CompileOptions &options);

/// Writes `module` to `<dir>/<index>-<stage>.mlir` (weights elided).
void dumpStage(mlir::ModuleOp module, const std::string &dir, int index,
               const std::string &stage);

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_COMPILER_H
