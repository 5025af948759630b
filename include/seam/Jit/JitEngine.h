//===- JitEngine.h - ORC JIT for lowered Seam modules -----------*- C++ -*-===//
//
// Compiles a module in the LLVM dialect in process for the host CPU (its
// features detected, LLVM -O3 before codegen) with ORC's LLJIT, and links it
// against exactly what it is given: the engine's own symbol table (Seam's
// runtime, the backends' entry points, the session's weights) and a short,
// named allow-list of C library functions (malloc, memcpy, expf, ...) that
// generated code calls, and on x86-64 glibc's vector math library (libmvec:
// the vectorizer calls _ZGVeN16v_expf for 16 expf at once). Nothing else
// resolves from the process: a module that references any other external
// symbol fails to create, and the error names the symbol.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_JITENGINE_H
#define SEAM_JIT_JITENGINE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <vector>

namespace llvm {
class MemoryBuffer;
class ObjectCache;
namespace orc {
class LLJIT;
} // namespace orc
} // namespace llvm

namespace seam {

/// Symbol name -> address in this process: what one engine binds the
/// external symbols of its module to.
using JitSymbolTable = llvm::StringMap<void *>;

/// One function of Seam's runtime (include/seam/Runtime/SeamRuntime.h): the
/// name MLIR's lowering calls it by (memrefCopy, the __kmpc_* OpenMP entry
/// points), its symbol in the runtime library and its address here.
struct SeamRuntimeFunction {
  llvm::StringRef calledAs;
  llvm::StringRef symbol;
  void *address;
};
/// Every function of Seam's runtime that generated code calls;
/// jit/RuntimeSymbols.cpp.
llvm::ArrayRef<SeamRuntimeFunction> getSeamRuntimeFunctions();
/// The same, as the JIT binds them: name called -> address.
JitSymbolTable getSeamRuntimeSymbols();

/// The C library (libc, libm) functions that generated code may call and
/// that the JIT resolves from the process, by name; jit/RuntimeSymbols.cpp.
llvm::ArrayRef<llvm::StringRef> getProcessSymbolAllowList();

struct JitOptions {
  /// Optimization level (0-3): code generation's; above 0 the IR also goes
  /// through Seam's kernel pipeline of LLVM passes (jit/LLVMModule.cpp).
  unsigned optLevel = 3;
  /// When set, each object the module compiles to is handed to its
  /// notifyObjectCompiled (the session's compiled-object cache stores them).
  llvm::ObjectCache *objectCache = nullptr;
  /// Threads that optimize and compile the module's functions (0: one per
  /// hardware thread). A module of many kernels is split into partitions of
  /// whole functions, one object each; a small one is one object.
  unsigned compileThreads = 0;
};

/// A compiled module: functions looked up by name, called through the packed
/// interface `void fn(void **args)`, args[i] pointing at argument i and, for
/// a function with a result, args[<number of arguments>] at its result slot
/// (as mlir::ExecutionEngine's packed functions).
class JitEngine {
public:
  using PackedFunction = void (*)(void **);

  /// Compiles and links `module`, which must be in the LLVM dialect. Its
  /// external symbols resolve from `symbols` (copied: the engine owns its
  /// table) and from getProcessSymbolAllowList(), nothing else; an error
  /// names those that resolve from neither.
  static llvm::Expected<std::unique_ptr<JitEngine>>
  create(mlir::ModuleOp module, const JitOptions &options = {},
         const JitSymbolTable &symbols = {});
  /// Links the objects that create() compiled for this host before (e.g.
  /// read back from the compiled-object cache); their external symbols
  /// resolve as in create(), and an error names those that do not.
  static llvm::Expected<std::unique_ptr<JitEngine>>
  createFromObjects(std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects,
                    const JitSymbolTable &symbols = {});
  ~JitEngine();

  /// The packed entry of function `name` (an externally visible function
  /// defined in the module).
  llvm::Expected<PackedFunction> lookup(llvm::StringRef name) const;
  /// The address of symbol `name` (a function or a global with external
  /// linkage) as compiled, not packed.
  llvm::Expected<void *> lookupSymbol(llvm::StringRef name) const;

private:
  explicit JitEngine(std::unique_ptr<llvm::orc::LLJIT> jit);
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace seam

#endif // SEAM_JIT_JITENGINE_H
