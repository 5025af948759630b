//===- ParallelCompile.cpp - A module optimized and compiled on threads ---===//
//
// LLVM's optimization and code generation of one context run on one thread;
// two contexts are independent. So the module is split (whole functions,
// balanced by instruction count), each partition written as bitcode and read
// back into a context of its own on its worker thread, where it is optimized
// and compiled with a target machine of its own.
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
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace seam::detail {

/// Fewer instructions than this per partition are not worth a thread (the
/// bitcode round trip and a target machine cost about a millisecond). A
/// kernel's instructions are unrolled vector code: optimizing and compiling
/// one took 0.05-0.1 ms on an AVX2 EPYC (AlexNet's 3,320 in 320-410 ms), so
/// even a module of a few hundred is worth two threads. At 4,096 AlexNet,
/// SqueezeNet, ShuffleNetV2 and VGG-11 compiled on one thread.
static constexpr size_t kMinInstructionsPerPartition = 256;

/// How much work optimizing and compiling `fn` is, in instructions. Glue
/// (optnone: no optimizer, instructions selected at -O0) costs a fraction
/// of a kernel's per instruction: counted as a kernel's, DenseNet-121's
/// @main (a quarter of the module's instructions) left its partition done
/// 150 ms before the other.
static size_t getCompileCost(const llvm::Function &fn) {
  constexpr size_t kGlueDiscount = 8;
  size_t instructions = fn.getInstructionCount();
  return isGlueFunction(fn) ? instructions / kGlueDiscount : instructions;
}

/// Whether the glue functions of `module` are compiled in a partition of
/// their own, which then gets a target machine at -O0: fast instruction
/// selection and the fast register allocator. Among kernels, the target
/// machine is -O3's, and an optnone function there still gets SelectionDAG
/// and the greedy allocator: DenseNet-121's @main (4,340 instructions)
/// took 450-500 ms of its partition's time, alone 95-160 ms.
static bool hasGluePartition(const llvm::Module &module) {
  size_t glue = 0;
  bool kernels = false;
  for (const llvm::Function &fn : module) {
    if (fn.isDeclaration())
      continue;
    if (isGlueFunction(fn))
      glue += fn.getInstructionCount();
    else
      kernels = true;
  }
  return kernels && glue >= kMinInstructionsPerPartition;
}

/// Partitions per thread: a thread that finishes its partition early takes
/// the next one. The instruction count is a rough measure of LLVM's work (a
/// 1x1 convolution's kernel costs more per instruction than a pooling's):
/// in two partitions of equal counts, one of DenseNet-121's took 570-630 ms
/// and the other 840-900.
static constexpr unsigned kPartitionsPerThread = 4;

unsigned resolveCompileThreads(unsigned threads) {
  return threads ? threads : std::max(1u, std::thread::hardware_concurrency());
}

unsigned countPartitions(const llvm::Module &module, unsigned threads) {
  threads = resolveCompileThreads(threads);
  bool gluePartition = hasGluePartition(module);
  if (threads == 1)
    return gluePartition ? 2 : 1;
  size_t functions = 0, cost = 0;
  for (const llvm::Function &fn : module)
    if (!fn.isDeclaration() && !(gluePartition && isGlueFunction(fn))) {
      ++functions;
      cost += getCompileCost(fn);
    }
  size_t bySize = cost / kMinInstructionsPerPartition;
  size_t kernelPartitions = std::max<size_t>(
      1, std::min<size_t>({threads * kPartitionsPerThread, functions, bySize}));
  return static_cast<unsigned>(kernelPartitions + (gluePartition ? 1 : 0));
}

/// Splits `module` into `count` modules of about equal work, whole functions
/// each: the largest function first, each to the partition with the fewest
/// instructions so far (LLVM's time grows with them; SplitModule balances
/// the number of functions, and a model's glue function alone can outweigh
/// dozens of kernels). Glue functions go to the first partition alone when
/// hasGluePartition. Global variables are defined in the first partition.
/// Local symbols become hidden external ones, so that partitions link.
static void splitByInstructions(
    llvm::Module &module, unsigned count,
    llvm::function_ref<void(std::unique_ptr<llvm::Module>)> callback) {
  unsigned unnamed = 0;
  for (llvm::GlobalValue &value : module.global_values()) {
    if (value.hasLocalLinkage()) {
      value.setLinkage(llvm::GlobalValue::ExternalLinkage);
      value.setVisibility(llvm::GlobalValue::HiddenVisibility);
    }
    if (!value.hasName())
      value.setName("__seam_partition_unnamed_" + llvm::Twine(unnamed++));
  }
  // The glue, if in a partition of its own, in the first.
  unsigned firstKernelPartition = count > 1 && hasGluePartition(module) ? 1 : 0;
  llvm::DenseMap<const llvm::GlobalValue *, unsigned> partitionOf;
  std::vector<std::pair<size_t, const llvm::Function *>> functions;
  for (const llvm::Function &fn : module) {
    if (fn.isDeclaration())
      continue;
    if (firstKernelPartition && isGlueFunction(fn))
      partitionOf[&fn] = 0;
    else
      functions.push_back({getCompileCost(fn), &fn});
  }
  std::stable_sort(
      functions.begin(), functions.end(),
      [](const auto &a, const auto &b) { return a.first > b.first; });
  std::vector<size_t> load(count - firstKernelPartition, 0);
  for (auto [instructions, fn] : functions) {
    auto least = std::min_element(load.begin(), load.end()) - load.begin();
    partitionOf[fn] = firstKernelPartition + static_cast<unsigned>(least);
    load[least] += instructions;
  }
  for (unsigned i = 0; i < count; ++i) {
    llvm::ValueToValueMapTy map;
    callback(llvm::CloneModule(module, map, [&](const llvm::GlobalValue *gv) {
      auto it = partitionOf.find(gv);
      return it == partitionOf.end() ? i == 0 : it->second == i;
    }));
  }
}

/// Optimizes and compiles `module` with a target machine of its own. A
/// module (or partition) of glue alone is compiled at -O0 without the
/// optimizer: its functions would be `optnone` anyway, and the -O3 pipelines
/// cost a kernel-library model 15 ms of fixed cost for 2 KB of code
/// (MobileNetV3-Large with dnnl).
static llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
optimizeAndCompile(llvm::Module &module,
                   llvm::orc::JITTargetMachineBuilder machineBuilder,
                   unsigned level, bool vectorMath) {
  if (level > 0 && isOnlyGlue(module)) {
    level = 0;
    machineBuilder.setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
  }
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
                 unsigned level, bool vectorMath, unsigned partitions,
                 unsigned threads) {
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
  splitByInstructions(
      *module, partitions, [&](std::unique_ptr<llvm::Module> part) {
        llvm::SmallVector<char, 0> &bytes = bitcode.emplace_back();
        llvm::raw_svector_ostream os(bytes);
        llvm::WriteBitcodeToFile(*part, os);
      });
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
  // Each thread takes the next partition when it is done with one.
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < bitcode.size(); i = next++)
      work(i);
  };
  size_t count =
      std::min<size_t>(resolveCompileThreads(threads), bitcode.size());
  std::vector<std::thread> workers;
  for (size_t i = 1; i < count; ++i)
    workers.emplace_back(worker);
  worker();
  for (std::thread &thread : workers)
    thread.join();
  for (size_t i = 0; i < errors.size(); ++i)
    if (!errors[i].empty())
      return llvm::createStringError("partition " + std::to_string(i) +
                                     " of the module: " + errors[i]);
  return results;
}

} // namespace seam::detail
