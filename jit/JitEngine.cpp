//===- JitEngine.cpp - ORC JIT for lowered Seam modules -------------------===//
//
// LLVM dialect -> LLVM IR with a packed wrapper per function -> LLVM -O3 for
// the host -> ORC LLJIT, whose main JITDylib holds the module, the engine's
// symbol table as absolute symbols and one generator for the allow-listed C
// library functions. There is no "process" JITDylib and no platform support
// (no static constructors), so nothing else resolves.
//
//===----------------------------------------------------------------------===//

#include "seam/Jit/JitEngine.h"

#include "LLVMModule.h"
#include "LinkErrors.h"
#include "ParallelCompile.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectFileInterface.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

namespace seam {

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

//===----------------------------------------------------------------------===//
// Symbol resolution
//===----------------------------------------------------------------------===//

/// glibc's vector math library (expf, logf, ... on 4, 8 or 16 lanes).
static constexpr const char *kVectorMathLibrary = "libmvec.so.1";

/// Whether generated code may call kVectorMathLibrary: an x86-64 glibc host
/// that can load it (LLVM's LIBMVEC mappings are x86's).
static bool isVectorMathAvailable() {
  static const bool available = [] {
    if (llvm::Triple(llvm::sys::getProcessTriple()).getArch() !=
        llvm::Triple::x86_64)
      return false;
    std::string error;
    return llvm::sys::DynamicLibrary::getPermanentLibrary(kVectorMathLibrary,
                                                          &error)
        .isValid();
  }();
  return available;
}

/// Makes `symbols`, the allow-listed C library functions and, when it is
/// there, the vector math library's functions (_ZGV*, the vector ABI's
/// names) the only definitions the main JITDylib of `jit` has beyond its
/// modules.
static llvm::Error addSymbols(llvm::orc::LLJIT &jit,
                              const JitSymbolTable &symbols) {
  llvm::orc::JITDylib &main = jit.getMainJITDylib();
  llvm::orc::SymbolMap table;
  for (const auto &entry : symbols)
    table[jit.mangleAndIntern(entry.getKey())] = {
        llvm::orc::ExecutorAddr::fromPtr(entry.getValue()),
        llvm::JITSymbolFlags::Exported};
  if (!table.empty())
    if (llvm::Error err = main.define(llvm::orc::absoluteSymbols(table)))
      return err;

  llvm::DenseSet<llvm::orc::SymbolStringPtr> allowed;
  for (llvm::StringRef name : getProcessSymbolAllowList())
    allowed.insert(jit.mangleAndIntern(name));
  auto generator =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          jit.getDataLayout().getGlobalPrefix(),
          [allowed =
               std::move(allowed)](const llvm::orc::SymbolStringPtr &name) {
            return allowed.contains(name);
          });
  if (!generator)
    return generator.takeError();
  main.addGenerator(std::move(*generator));
  if (!isVectorMathAvailable())
    return llvm::Error::success();
  auto vectorMath = llvm::orc::DynamicLibrarySearchGenerator::Load(
      kVectorMathLibrary, jit.getDataLayout().getGlobalPrefix(),
      [](const llvm::orc::SymbolStringPtr &name) {
        return (*name).starts_with("_ZGV");
      });
  if (!vectorMath)
    return vectorMath.takeError();
  main.addGenerator(std::move(*vectorMath));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// JitEngine
//===----------------------------------------------------------------------===//

JitEngine::JitEngine(std::unique_ptr<llvm::orc::LLJIT> jit)
    : jit(std::move(jit)) {}
JitEngine::~JitEngine() = default;

/// The host's target machine builder at optimization `level`: the host's
/// CPU and features (AVX-512 here), so LLVM's vectorizers and codegen use
/// them.
static llvm::Expected<llvm::orc::JITTargetMachineBuilder>
getHostMachineBuilder(unsigned level) {
  initializeNativeTarget();
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  machineBuilder->setCodeGenOptLevel(static_cast<llvm::CodeGenOptLevel>(level));
  return machineBuilder;
}

namespace {
/// An LLJIT whose main JITDylib resolves only the engine's symbols, with the
/// errors of its links collected.
struct LinkingJit {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::shared_ptr<detail::LinkErrors> errors;
};
} // namespace

/// An LLJIT for the host with no process symbols and no platform: the main
/// JITDylib holds `symbols` and the allow-listed C functions, nothing else.
/// It is given objects: compileToObjects compiles them.
static llvm::Expected<LinkingJit>
createLinkingJit(llvm::orc::JITTargetMachineBuilder machineBuilder,
                 const JitSymbolTable &symbols) {
  llvm::orc::LLJITBuilder builder;
  builder.setJITTargetMachineBuilder(std::move(machineBuilder))
      .setLinkProcessSymbolsByDefault(false)
      .setPlatformSetUp(llvm::orc::setUpInactivePlatform);
  auto jit = builder.create();
  if (!jit)
    return jit.takeError();
  auto errors = detail::LinkErrors::collect((*jit)->getExecutionSession());
  if (llvm::Error err = addSymbols(**jit, symbols))
    return err;
  return LinkingJit{std::move(*jit), std::move(errors)};
}

/// Compiles and links what `jit` was given now, so that an unresolved symbol
/// fails here rather than at a first call: looks up every symbol in
/// `exported`.
static llvm::Error linkNow(LinkingJit &linking,
                           llvm::orc::SymbolLookupSet exported) {
  llvm::orc::LLJIT &jit = *linking.jit;
  llvm::orc::JITDylib &main = jit.getMainJITDylib();
  auto linked = jit.getExecutionSession().lookup(
      llvm::orc::makeJITDylibSearchOrder(
          &main, llvm::orc::JITDylibLookupFlags::MatchAllSymbols),
      std::move(exported));
  if (linked)
    return llvm::Error::success();
  return linking.errors->describe(
      linked.takeError(),
      ": compiled code may call only the functions of its symbol table "
      "(Seam's runtime, the backends' entry points, the weights) and the "
      "allow-listed C library functions (jit/RuntimeSymbols.cpp)",
      "JIT-compile the module");
}

llvm::Expected<std::unique_ptr<JitEngine>>
JitEngine::create(mlir::ModuleOp module, const JitOptions &options,
                  const JitSymbolTable &symbols) {
  unsigned level = std::min(options.optLevel, 3u);
  auto machineBuilder = getHostMachineBuilder(level);
  if (!machineBuilder)
    return machineBuilder.takeError();
  auto targetMachine = machineBuilder->createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();

  // MLIR's LLVM dialect -> LLVM IR, for the host.
  auto context = std::make_unique<llvm::LLVMContext>();
  auto llvmModule =
      detail::translateToLLVMIR(module, *context, **targetMachine);
  if (!llvmModule)
    return llvmModule.takeError();
  detail::addPackedWrappers(**llvmModule);
  unsigned partitions =
      detail::countPartitions(**llvmModule, options.compileThreads);
  auto objects = detail::compileToObjects(
      std::move(*llvmModule), *machineBuilder, level,
      /*vectorMath=*/isVectorMathAvailable(), partitions,
      options.compileThreads);
  if (!objects)
    return objects.takeError();
  if (options.objectCache)
    for (const auto &object : *objects)
      options.objectCache->notifyObjectCompiled(nullptr,
                                                object->getMemBufferRef());
  return createFromObjects(std::move(*objects), symbols);
}

llvm::Expected<std::unique_ptr<JitEngine>> JitEngine::createFromObjects(
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects,
    const JitSymbolTable &symbols) {
  // The optimization level does not matter: nothing is compiled.
  auto machineBuilder = getHostMachineBuilder(0);
  if (!machineBuilder)
    return machineBuilder.takeError();
  auto linking = createLinkingJit(std::move(*machineBuilder), symbols);
  if (!linking)
    return linking.takeError();
  llvm::orc::LLJIT &jit = *linking->jit;
  // Every symbol the objects define, read from their symbol tables.
  llvm::orc::SymbolLookupSet exported;
  for (std::unique_ptr<llvm::MemoryBuffer> &object : objects) {
    auto interface = llvm::orc::getObjectFileInterface(
        jit.getExecutionSession(), object->getMemBufferRef());
    if (!interface)
      return interface.takeError();
    for (const auto &entry : interface->SymbolFlags)
      if (entry.second.isExported())
        exported.add(entry.first);
    if (llvm::Error err = jit.addObjectFile(std::move(object)))
      return err;
  }
  if (llvm::Error err = linkNow(*linking, std::move(exported)))
    return err;
  return std::unique_ptr<JitEngine>(new JitEngine(std::move(linking->jit)));
}

llvm::Expected<JitEngine::PackedFunction>
JitEngine::lookup(llvm::StringRef name) const {
  auto address = jit->lookup(detail::getPackedName(name));
  if (!address)
    return address.takeError();
  return address->toPtr<PackedFunction>();
}

llvm::Expected<void *> JitEngine::lookupSymbol(llvm::StringRef name) const {
  auto address = jit->lookup(name);
  if (!address)
    return address.takeError();
  return address->toPtr<void *>();
}

} // namespace seam
