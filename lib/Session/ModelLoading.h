//===- ModelLoading.h - Reading a model for a compilation -------*- C++ -*-===//
//
// What a Session and an ahead-of-time compilation (AotCompiler.cpp) share
// before the compiler's stages: the options' checks, the MLIR context, the
// model read from ONNX or .mlir, its diagnostics gathered into one error,
// and the names and shapes of @main.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_SESSION_MODELLOADING_H
#define SEAM_LIB_SESSION_MODELLOADING_H

#include "seam/Error.h"
#include "seam/Session.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace seam::detail {

/// Collects the diagnostics of a compilation (errors, warnings and notes;
/// remarks are dropped) into one message, printed as seam-translate and
/// seam-opt print them (MLIR's SourceMgrDiagnosticHandler): `file:line:col:
/// error: ...`, the line of a .mlir input it points at, and the notes
/// attached to a diagnostic after it (the importer's note per unsupported
/// node: its name, op, domain and opset).
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &ctx);
  /// An error saying `what` failed, with the diagnostics collected.
  llvm::Error error(const std::string &what) const;

private:
  std::string message;
  llvm::raw_string_ostream stream;
  /// The .mlir files diagnostics point into, read when one is printed.
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler printer;
  mlir::ScopedDiagnosticHandler filter;
};

/// A context with every dialect the compiler uses, running function passes
/// on the process's compiler thread pool.
std::unique_ptr<mlir::MLIRContext> makeContext();

/// The process's pool of compiler threads (a new one in a child process
/// after fork()), which every context of makeContext uses.
llvm::ThreadPoolInterface &getCompilerThreadPool();

/// Makes `ctx` compile on one thread when its pool is not the process's
/// live one: a context made before this process was forked points at its
/// parent's pool, whose threads the child does not have (waiting on them
/// would never end).
void useLiveThreadPool(mlir::MLIRContext &ctx);

/// The options' own values, checked before anything is read or compiled.
Error checkOptions(const CompileOptions &options);

/// The signature of an ONNX model with input dims fixed only at run time:
/// -1 for each dim the model does not fix (and the options do not give).
struct RunTimeSignature {
  std::vector<TensorInfo> inputs, outputs;
};

/// The module of the model at `path`: an ONNX file imported with the
/// options' input shapes, or a .mlir module (whose weights must have data).
/// Null on failure, with diagnostics. With `runTime`, an ONNX model with
/// input dims left open is no error: its signature goes there (and null is
/// returned without diagnostics).
mlir::OwningOpRef<mlir::ModuleOp>
loadModelFile(const std::string &path, mlir::MLIRContext &ctx,
              const CompileOptions &options,
              std::optional<RunTimeSignature> *runTime = nullptr);

/// The module of an ONNX model in memory; null on failure, with
/// diagnostics; `runTime` as for loadModelFile.
mlir::OwningOpRef<mlir::ModuleOp>
loadOnnxBytes(const std::string &bytes, mlir::MLIRContext &ctx,
              const CompileOptions &options,
              std::optional<RunTimeSignature> *runTime = nullptr);

/// The names, shapes and element types of @main's arguments and results,
/// which must be static tensors of f32, f64, f16, i64, i32, i8, ui8, ui16,
/// ui32, ui64 or i1; another type is an error naming the argument or result and
/// its type.
llvm::Error readSignature(mlir::ModuleOp module,
                          std::vector<TensorInfo> &inputs,
                          std::vector<TensorInfo> &outputs);

/// An llvm::Error of the compiler as the API's seam::Error.
Error toError(llvm::Error error);

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_MODELLOADING_H
