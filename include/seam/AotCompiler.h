//===- AotCompiler.h - Compile a model ahead of time -----------*- C++ -*-===//
//
// What seam-compile does: the model goes through the same stages as a
// Session's (import, prepare, partition, offload, linalg, LLVM), then LLVM
// compiles it for a target triple (the host, aarch64-linux-gnu,
// riscv64-linux-gnu, ...) into files a C or C++ program links:
//
//   DIR/<name>.o        all generated code; defines `<name>_model`
//   DIR/<name>.h        <name>_create / <name>_run / <name>_destroy, and the
//                       inputs' and outputs' names and shapes as constants
//   DIR/<name>.weights  the weights, mapped at create (none with
//                       embedWeights: they are in the object)
//   DIR/<name>          with emitExecutable: a runner for the triple that
//                       takes seam-run's data options
//
// The object calls Seam's runtime for the triple (libseam_runtime.a, and
// libseam_<backend>_runtime.a of each backend it offloads to), which
// scripts/build-cross.sh builds into build/<triple>/lib.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_AOTCOMPILER_H
#define SEAM_AOTCOMPILER_H

#include "seam/Error.h"
#include "seam/Session.h"

#include <string>
#include <vector>

namespace seam {

struct AotOptions {
  /// Backends, optimization level, input shapes, tensor limit, reports and
  /// stage times, as for a Session. `threads` is what parallel loops are
  /// split for (0: the host's default for the host's triple, else 1); the
  /// cache options are ignored.
  CompileOptions compile;
  /// LLVM target triple, e.g. "aarch64-linux-gnu"; empty: the host's.
  std::string triple;
  /// CPU and features ("+a,-b"); empty: the host's for the host's triple,
  /// else LLVM's generic CPU.
  std::string cpu, features;
  /// The folder the files go to (created when missing).
  std::string outputDir;
  /// The files' base name and the C prefix of the header's functions; empty:
  /// the model file's name without extension, made a C identifier.
  std::string name;
  /// Weights in the object rather than in <name>.weights.
  bool embedWeights = false;
  /// Also link <name>, a runner for the triple.
  bool emitExecutable = false;
  /// The C++ compiler that links the runner; empty: `<triple>-g++` (e.g.
  /// aarch64-linux-gnu-g++) on PATH.
  std::string cxxCompiler;
  /// The folder with the triple's runtime libraries (lib/) and headers
  /// (include/); empty: $SEAM_RUNTIME_DIR, else `<triple>/` beside the
  /// folder of the running program (build/<triple> for build/bin/seam-compile).
  std::string runtimeDir;
  /// The program whose folder the runtime is looked for beside (argv[0]);
  /// empty: this library's build folder.
  std::string programPath;
};

/// What compileAheadOfTime wrote.
struct AotResult {
  std::string name;
  /// The normalized LLVM triple, and the Debian multiarch name of its
  /// runtime folder (e.g. aarch64-linux-gnu).
  std::string triple, runtimeTriple;
  std::string objectPath, headerPath;
  /// Empty with embedWeights.
  std::string weightsPath;
  /// Empty without emitExecutable.
  std::string executablePath;
  std::vector<TensorInfo> inputs, outputs;
};

/// Compiles the model at `path` (.onnx or .mlir) ahead of time. On any error
/// nothing is written (files of an earlier run stay as they were).
Expected<AotResult> compileAheadOfTime(const std::string &path,
                                       const AotOptions &options);

} // namespace seam

#endif // SEAM_AOTCOMPILER_H
