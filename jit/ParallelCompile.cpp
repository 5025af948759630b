//===- ParallelCompile.cpp - A module optimized and compiled on threads ---===//
//
// LLVM's optimization and code generation of one context run on one thread;
// two contexts are independent. So the module is split (SplitModule, whole
// functions, round robin), each partition written as bitcode and read back
// into a context of its own on its worker thread, where it is optimized and
// compiled with a target machine of its own.
//
//===----------------------------------------------------------------------===//

#include "ParallelCompile.h"

#include "LLVMModule.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>
#include <thread>

namespace seam::detail {

/// Fewer instructions than this per partition are not worth a thread (the
/// bitcode round trip and a target machine cost about a millisecond).
static constexpr size_t kMinInstructionsPerPartition = 4096;

unsigned countPartitions(const llvm::Module &module, unsigned threads) {
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  size_t functions = 0, instructions = 0;
  for (const llvm::Function &fn : module)
    if (!fn.isDeclaration()) {
      ++functions;
      instructions += fn.getInstructionCount();
    }
  size_t bySize = instructions / kMinInstructionsPerPartition;
  return static_cast<unsigned>(
      std::max<size_t>(1, std::min<size_t>({threads, functions, bySize})));
}

/// Optimizes and compiles `module` with a target machine of its own.
static llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
optimizeAndCompile(llvm::Module &module,
                   llvm::orc::JITTargetMachineBuilder machineBuilder,
                   unsigned level, bool vectorMath) {
  auto targetMachine = machineBuilder.createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();
  optimizeModule(module, **targetMachine, level, vectorMath);
  llvm::orc::SimpleCompiler compile(**targetMachine);
  return compile(module);
}

llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>>
compileToObjects(std::unique_ptr<llvm::Module> module,
                 const llvm::orc::JITTargetMachineBuilder &machineBuilder,
                 unsigned level, bool vectorMath, unsigned partitions) {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  if (partitions <= 1) {
    auto object =
        optimizeAndCompile(*module, machineBuilder, level, vectorMath);
    if (!object)
      return object.takeError();
    objects.push_back(std::move(*object));
    return objects;
  }
  std::vector<llvm::SmallVector<char, 0>> bitcode;
  llvm::SplitModule(
      *module, partitions,
      [&](std::unique_ptr<llvm::Module> part) {
        llvm::SmallVector<char, 0> &bytes = bitcode.emplace_back();
        llvm::raw_svector_ostream os(bytes);
        llvm::WriteBitcodeToFile(*part, os);
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/true);
  module.reset();

  std::vector<std::unique_ptr<llvm::MemoryBuffer>> results(bitcode.size());
  std::vector<std::string> errors(bitcode.size());
  auto work = [&](size_t i) {
    llvm::LLVMContext context;
    llvm::MemoryBufferRef ref(
        llvm::StringRef(bitcode[i].data(), bitcode[i].size()), "partition");
    llvm::Expected<std::unique_ptr<llvm::Module>> part =
        llvm::parseBitcodeFile(ref, context);
    if (!part) {
      errors[i] = llvm::toString(part.takeError());
      return;
    }
    llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> object =
        optimizeAndCompile(**part, machineBuilder, level, vectorMath);
    if (object)
      results[i] = std::move(*object);
    else
      errors[i] = llvm::toString(object.takeError());
  };
  std::vector<std::thread> workers;
  for (size_t i = 1; i < bitcode.size(); ++i)
    workers.emplace_back(work, i);
  work(0);
  for (std::thread &worker : workers)
    worker.join();
  for (size_t i = 0; i < errors.size(); ++i)
    if (!errors[i].empty())
      return llvm::createStringError("partition " + std::to_string(i) +
                                     " of the module: " + errors[i]);
  return results;
}

} // namespace seam::detail
