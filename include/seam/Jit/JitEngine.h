//===- JitEngine.h - ORC JIT for lowered Seam modules -----------*- C++ -*-===//
//
// Compiles a module in the LLVM dialect in process for the host CPU (its
// features detected, LLVM -O3 before codegen) with ORC LLJIT (through
// mlir::ExecutionEngine), and resolves the runtime functions generated code
// calls from an explicit registry rather than from whatever the executable
// happens to export.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_JITENGINE_H
#define SEAM_JIT_JITENGINE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace seam {

/// The C functions generated code may call, by symbol name. Seam's runtime
/// and each kernel-library backend register theirs once, at start-up.
class RuntimeSymbolRegistry {
public:
  static RuntimeSymbolRegistry &get();
  void add(llvm::StringRef name, void *address);
  /// Calls `fn(name, address)` for every registered symbol.
  void forEach(llvm::function_ref<void(llvm::StringRef, void *)> fn) const;

private:
  struct Impl;
  std::shared_ptr<Impl> impl;
  RuntimeSymbolRegistry();
};

struct JitOptions {
  /// LLVM optimization level (0-3) of the IR and of code generation.
  unsigned optLevel = 3;
};

/// A compiled module: functions looked up by name, called through the packed
/// interface `void fn(void **args)`, args[i] pointing at argument i.
class JitEngine {
public:
  using PackedFunction = void (*)(void **);

  /// Compiles `module`, which must be in the LLVM dialect. `symbols` binds
  /// its external symbols (e.g. weight buffers) for this module only, in
  /// addition to the RuntimeSymbolRegistry.
  static llvm::Expected<std::unique_ptr<JitEngine>>
  create(mlir::ModuleOp module, const JitOptions &options = {},
         const llvm::StringMap<void *> &symbols = {});
  ~JitEngine();

  /// The packed entry of function `name`.
  llvm::Expected<PackedFunction> lookup(llvm::StringRef name) const;
  /// The address of symbol `name` (a function or a global with external
  /// linkage) as compiled, not packed.
  llvm::Expected<void *> lookupSymbol(llvm::StringRef name) const;

private:
  explicit JitEngine(std::unique_ptr<mlir::ExecutionEngine> engine);
  std::unique_ptr<mlir::ExecutionEngine> engine;
};

} // namespace seam

#endif // SEAM_JIT_JITENGINE_H
