//===- ParallelCompile.h - A module optimized and compiled on threads -*- C++
//-*-===//
//
// A module of many functions (the outlined kernels of the compiled path) is
// split into partitions of whole functions, each optimized and compiled to
// an object in its own LLVM context on its own thread; a small one is one
// object compiled on the calling thread.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_PARALLELCOMPILE_H
#define SEAM_JIT_PARALLELCOMPILE_H

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace seam::detail {

/// `threads`, or one per hardware thread when 0.
unsigned resolveCompileThreads(unsigned threads);

/// How many partitions `module` is compiled in with at most `threads`
/// threads (0: one per hardware thread): the kernels in one with one thread,
/// else in a few per thread, each of at least kMinInstructionsPerPartition
/// instructions (glue counting less), at most one per function; plus one
/// for the glue functions, compiled at -O0, when they are that large and
/// there are kernels too.
unsigned countPartitions(const llvm::Module &module, unsigned threads);

/// Optimizes (optimizeModule at `level`, `vectorMath`) and compiles `module`
/// for the target of `machineBuilder`, in `partitions` partitions of whole
/// functions (locals made hidden globals so the partitions link) on up to
/// `threads` threads (0: one per hardware thread), each taking the next
/// partition when done with one. The objects, one per partition, in
/// partition order.
llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>>
compileToObjects(std::unique_ptr<llvm::Module> module,
                 const llvm::orc::JITTargetMachineBuilder &machineBuilder,
                 unsigned level, bool vectorMath, unsigned partitions,
                 unsigned threads);

} // namespace seam::detail

#endif // SEAM_JIT_PARALLELCOMPILE_H
