//===- LLVMModule.h - LLVM IR of a lowered module --------------*- C++ -*-===//
//
// What the in-process JIT (JitEngine.cpp) and the ahead-of-time emitter
// (TargetObject.cpp) do alike to a module in MLIR's LLVM dialect: translate
// it to LLVM IR, add packed wrappers, run LLVM's optimization pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_LLVMMODULE_H
#define SEAM_JIT_LLVMMODULE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace seam::detail {

/// Translates `module` (LLVM dialect) into LLVM IR in `context`, for
/// `targetMachine`'s triple and data layout. Fails on a module with static
/// constructors or destructors (nothing would run them).
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                  llvm::TargetMachine &targetMachine);

/// The name of the packed wrapper of function `name`.
std::string getPackedName(llvm::StringRef name);

/// Adds `void _seam_packed_<f>(ptr args)` for every externally visible
/// function `f` defined in `module`, as mlir::ExecutionEngine's
/// packFunctionArguments does: it loads argument i from the pointer in
/// args[i], calls `f` and, when `f` has a result, stores it through the
/// pointer in args[<number of arguments>].
void addPackedWrappers(llvm::Module &module);

/// Marks `optnone` (and `noinline`) every defined function of `module` that
/// only moves pointers and calls: no loop and no floating-point or vector
/// value (the glue of @main, @seam_init, the region calls, the packed
/// wrappers). The optimizer skips them and code generation selects their
/// instructions at -O0: their speed is the callees', and compiling them is
/// most of a kernel-library model's JIT time. Returns how many it marked.
unsigned markGlueFunctionsOptNone(llvm::Module &module);

/// Whether markGlueFunctionsOptNone would mark `fn` (a definition that is
/// not `alwaysinline`, without a loop, float or vector value).
bool isGlueFunction(const llvm::Function &fn);

/// Whether every defined function of `module` is glue that
/// markGlueFunctionsOptNone would mark (none computes, none is
/// `alwaysinline`): a kernel-library model's module. The optimizer has
/// nothing to do on it, and code generation can run at -O0 throughout.
bool isOnlyGlue(const llvm::Module &module);

/// Seam's kernel pipeline of LLVM function passes for `targetMachine`
/// (nothing at -O0; the code generator's level follows the target machine),
/// after markGlueFunctionsOptNone. With `vectorMath`, the loop vectorizer may
/// call glibc's vector math library (libmvec: _ZGVeN16v_expf for 16 expf, ...)
/// instead of one libm call per lane; the code then needs libmvec.so.1 (see
/// JitEngine.cpp).
void optimizeModule(llvm::Module &module, llvm::TargetMachine &targetMachine,
                    unsigned level, bool vectorMath = false);

} // namespace seam::detail

#endif // SEAM_JIT_LLVMMODULE_H
