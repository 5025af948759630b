//===- RemoteJit.h - JIT into a separate executor process -------*- C++ -*-===//
//
// Compiles a module in the LLVM dialect for a target (any triple LLVM has,
// e.g. aarch64-linux-gnu) in this process and JIT-links it into another
// process, the executor, over ORC's remote executor protocol: a
// SimpleRemoteEPC speaking to the executor's stdin and stdout, as
// llvm-jitlink-executor does. The executor is a shell command, e.g.
//
//   qemu-aarch64 -L /usr/aarch64-linux-gnu
//   build/aarch64-linux-gnu/bin/seam-executor
//
// (tools/seam-executor: LLVM's OrcTargetProcess with Seam's runtime
// libraries exported). Its stderr passes through; it is its own process
// group and is killed when the engine goes.
//
// What the module's code references resolves from the executor process:
// Seam's runtime (by the runtime's C symbols), the backends' entry points and
// the allow-listed C library functions; nothing else. The weights, inputs and
// outputs live in the executor's memory (zero-initialized globals added to the
// module) and travel through ORC's memory access: the weights once after
// linking, the inputs and outputs on every run.
//
// An executor that exits or crashes is an error of the call under way (the
// transport sees the end of its output), never a hang: the engine reports how
// it ended. The executor must send ORC's setup message within
// `setupTimeoutSeconds`.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_REMOTEJIT_H
#define SEAM_JIT_REMOTEJIT_H

#include "seam/Jit/TargetObject.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace seam {

struct RemoteJitOptions {
  /// What the code is compiled for; the executor must run that architecture.
  TargetSpec target;
  /// The shell command (/bin/sh -c) that starts the executor.
  std::string executor;
  /// LLVM optimization level (0-3).
  unsigned optLevel = 3;
  /// Passed to the runtime's seam_set_num_threads before every call (0: the
  /// executor's default).
  int threads = 0;
  /// How long the executor may take to start (send ORC's setup message).
  unsigned setupTimeoutSeconds = 120;
};

/// A weight the module declares as an external global: its data here.
struct RemoteWeight {
  std::string symbol;
  const char *data;
  size_t size;
};

/// A compiled model in an executor process. Calls are serialized.
class RemoteJitEngine {
public:
  /// Starts the executor, compiles `module` (LLVM dialect; @main taking one
  /// pointer per input then per output, @seam_init/@seam_deinit when it has
  /// offloaded regions) for the target and links it there. `runtimeSymbols`
  /// are the backends' entry points the code may call (resolved in the
  /// executor by name); `inputBytes`/`outputBytes` the sizes of @main's
  /// buffers.
  static llvm::Expected<std::unique_ptr<RemoteJitEngine>>
  create(mlir::ModuleOp module, const RemoteJitOptions &options,
         llvm::ArrayRef<RemoteWeight> weights,
         llvm::ArrayRef<std::string> runtimeSymbols,
         llvm::ArrayRef<uint64_t> inputBytes,
         llvm::ArrayRef<uint64_t> outputBytes);
  ~RemoteJitEngine();

  /// Runs @seam_init in the executor (when the module has one) and returns
  /// its status (0: success).
  llvm::Expected<int32_t> init();
  /// Copies `inputs` into the executor, runs @main there and copies the
  /// outputs back into `outputs` (sizes as given to create()).
  llvm::Error run(llvm::ArrayRef<const void *> inputs,
                  llvm::ArrayRef<void *> outputs);

  /// The triple the executor reported.
  const llvm::Triple &getExecutorTriple() const;

  struct Impl;

private:
  explicit RemoteJitEngine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// The command that starts the seam-executor at `executorPath` for
/// `triple`: the path itself for the host's triple, else through qemu-user
/// (`qemu-aarch64 -L /usr/aarch64-linux-gnu PATH`).
std::string getExecutorCommand(const llvm::Triple &triple,
                               llvm::StringRef executorPath);

/// The command that starts the default seam-executor for `triple`:
/// `<binDir>/../<multiarch triple>/bin/seam-executor` (for the host's triple
/// `<binDir>/seam-executor`), through qemu-user when the triple is not the
/// host's. An error names what is missing (the executor, and the script that
/// builds it; qemu).
llvm::Expected<std::string> findDefaultExecutor(const llvm::Triple &triple,
                                                llvm::StringRef binDir);

} // namespace seam

#endif // SEAM_JIT_REMOTEJIT_H
