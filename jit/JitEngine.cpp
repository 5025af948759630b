//===- JitEngine.cpp - ORC JIT for lowered Seam modules -------------------===//

#include "seam/Jit/JitEngine.h"

#include "seam/Runtime/SeamRuntime.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

namespace seam {

//===----------------------------------------------------------------------===//
// RuntimeSymbolRegistry
//===----------------------------------------------------------------------===//

struct RuntimeSymbolRegistry::Impl {
  mutable std::mutex mutex;
  llvm::StringMap<void *> symbols;
};

RuntimeSymbolRegistry::RuntimeSymbolRegistry() : impl(std::make_shared<Impl>()) {
  // Seam's own runtime, under the names MLIR's lowering calls.
  add("memrefCopy", reinterpret_cast<void *>(&seam_memref_copy));
  // Parallel loops: LLVM's OpenMP ABI on libgomp (see SeamOpenMP.cpp).
  add("__kmpc_fork_call", reinterpret_cast<void *>(&seam_kmpc_fork_call));
  add("__kmpc_global_thread_num",
      reinterpret_cast<void *>(&seam_kmpc_global_thread_num));
  add("__kmpc_barrier", reinterpret_cast<void *>(&seam_kmpc_barrier));
  add("__kmpc_for_static_init_8u",
      reinterpret_cast<void *>(&seam_kmpc_for_static_init_8u));
  add("__kmpc_for_static_init_8",
      reinterpret_cast<void *>(&seam_kmpc_for_static_init_8));
  add("__kmpc_for_static_fini",
      reinterpret_cast<void *>(&seam_kmpc_for_static_fini));
}

RuntimeSymbolRegistry &RuntimeSymbolRegistry::get() {
  static RuntimeSymbolRegistry registry;
  return registry;
}

void RuntimeSymbolRegistry::add(llvm::StringRef name, void *address) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  impl->symbols[name] = address;
}

void RuntimeSymbolRegistry::forEach(
    llvm::function_ref<void(llvm::StringRef, void *)> fn) const {
  std::lock_guard<std::mutex> lock(impl->mutex);
  for (const auto &entry : impl->symbols)
    fn(entry.getKey(), entry.getValue());
}

//===----------------------------------------------------------------------===//
// JitEngine
//===----------------------------------------------------------------------===//

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// LLVM's standard -O<level> pipeline, tuned for code that MLIR already
/// tiled, vectorized and unrolled: no loop unrolling, interleaving or SLP
/// re-vectorization. On ResNet-18 they cost over a second of compile time
/// and made inference slower; the matmul micro-kernels do not need them.
static llvm::Error optimizeModule(llvm::Module &module,
                                  llvm::TargetMachine *targetMachine,
                                  unsigned level) {
  if (level == 0)
    return llvm::Error::success();
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  tuning.LoopInterleaving = false;
  tuning.SLPVectorization = false;
  tuning.LoopVectorization = true;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(targetMachine, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel o = level == 1   ? llvm::OptimizationLevel::O1
                              : level == 2 ? llvm::OptimizationLevel::O2
                                           : llvm::OptimizationLevel::O3;
  builder.buildPerModuleDefaultPipeline(o).run(module, mam);
  return llvm::Error::success();
}

JitEngine::JitEngine(std::unique_ptr<mlir::ExecutionEngine> engine)
    : engine(std::move(engine)) {}
JitEngine::~JitEngine() = default;

llvm::Expected<std::unique_ptr<JitEngine>>
JitEngine::create(mlir::ModuleOp module, const JitOptions &options,
                  const llvm::StringMap<void *> &symbols) {
  initializeNativeTarget();
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerOpenMPDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);

  // Optimize for this CPU: the target machine carries the host's features
  // (AVX-512 here), so LLVM's vectorizers and codegen use them.
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  auto targetMachine = builder->createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();
  llvm::TargetMachine *tm = targetMachine->get();
  unsigned level = options.optLevel;
  auto transformer = [tm, level](llvm::Module *m) -> llvm::Error {
    return optimizeModule(*m, tm, level);
  };

  mlir::ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  auto engine = mlir::ExecutionEngine::create(module, engineOptions);
  if (!engine)
    return engine.takeError();
  (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    auto bind = [&](llvm::StringRef name, void *addr) {
      map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr),
                             llvm::JITSymbolFlags::Exported};
    };
    RuntimeSymbolRegistry::get().forEach(bind);
    for (const auto &entry : symbols)
      bind(entry.getKey(), entry.getValue());
    return map;
  });
  return std::unique_ptr<JitEngine>(new JitEngine(std::move(*engine)));
}

llvm::Expected<JitEngine::PackedFunction>
JitEngine::lookup(llvm::StringRef name) const {
  return engine->lookupPacked(name);
}

llvm::Expected<void *> JitEngine::lookupSymbol(llvm::StringRef name) const {
  return engine->lookup(name);
}

} // namespace seam
