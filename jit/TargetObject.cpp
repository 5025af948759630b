//===- TargetObject.cpp - Object code for a target triple, ahead of time --===//
//
// A lowered module -> LLVM IR -> (runtime calls renamed to the runtime's C
// symbols, weights read through slots, the SeamAotModel descriptor added,
// everything else internal) -> LLVM -O<n> for the target -> ELF object.
//
//===----------------------------------------------------------------------===//

#include "seam/Jit/TargetObject.h"

#include "LLVMModule.h"
#include "seam/Jit/JitEngine.h"
#include "seam/Runtime/SeamAot.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

namespace seam {

static void initializeAllTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
}

llvm::Triple getTargetTriple(const TargetSpec &spec) {
  return llvm::Triple(llvm::Triple::normalize(
      spec.triple.empty() ? llvm::sys::getProcessTriple() : spec.triple));
}

bool isHostTriple(const llvm::Triple &triple) {
  llvm::Triple host(llvm::sys::getProcessTriple());
  return triple.getArch() == host.getArch() && triple.getOS() == host.getOS() &&
         triple.getEnvironment() == host.getEnvironment();
}

std::string getMultiarchTriple(const llvm::Triple &triple) {
  return (llvm::Triple::getArchTypeName(triple.getArch()) + "-" +
          triple.getOSName() + "-" + triple.getEnvironmentName())
      .str();
}

/// The host CPU's features as "+a,-b,...".
static std::string getHostFeatures() {
  std::vector<std::string> features;
  for (const auto &entry : llvm::sys::getHostCPUFeatures())
    features.push_back((entry.getValue() ? "+" : "-") + entry.getKey().str());
  llvm::sort(features);
  return llvm::join(features, ",");
}

/// The features a triple's Linux distributions build for when none are
/// given: RV64GC for riscv64 (what Debian's riscv64 port requires), LLVM's
/// defaults elsewhere.
static std::string getDefaultFeatures(const llvm::Triple &triple) {
  if (triple.getArch() == llvm::Triple::riscv64)
    return "+m,+a,+f,+d,+c";
  return "";
}

/// The calling convention's ABI name, where a triple has several: lp64d
/// (doubles in float registers) for riscv64, as Debian's port and its
/// cross compiler use; empty (the target's default) elsewhere.
static std::string getDefaultABI(const llvm::Triple &triple) {
  if (triple.getArch() == llvm::Triple::riscv64)
    return "lp64d";
  return "";
}

/// Checks that every feature of `features` ("+a,-b") is one of `info`'s.
static llvm::Error checkFeatures(const llvm::MCSubtargetInfo &info,
                                 llvm::StringRef features,
                                 const llvm::Triple &triple) {
  llvm::SmallVector<llvm::StringRef> list;
  features.split(list, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : list) {
    llvm::StringRef name = feature.trim();
    if (!name.consume_front("+") && !name.consume_front("-"))
      return llvm::createStringError(
          "feature '" + feature.str() +
          "' must start with '+' (enable) or '-' (disable)");
    if (llvm::none_of(
            info.getAllProcessorFeatures(),
            [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; }))
      return llvm::createStringError(
          "unknown feature '" + name.str() + "' for " + triple.str() +
          " (llc -mtriple=" + triple.str() + " -mattr=help lists them)");
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetSpec &spec, unsigned optLevel) {
  initializeAllTargets();
  llvm::Triple triple = getTargetTriple(spec);
  std::string message;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, message);
  if (!target || triple.getArch() == llvm::Triple::UnknownArch) {
    std::vector<std::string> names;
    for (const llvm::Target &t : llvm::TargetRegistry::targets())
      names.push_back(t.getName());
    llvm::sort(names);
    return llvm::createStringError(
        "unknown target triple '" + spec.triple +
        "': LLVM has no target for it (its targets: " +
        llvm::join(names, ", ") +
        "; a triple looks like aarch64-linux-gnu or riscv64-linux-gnu)");
  }
  if (!triple.isOSBinFormatELF())
    return llvm::createStringError("target triple '" + triple.str() +
                                   "' is not an ELF target: seam-compile "
                                   "writes ELF objects only");
  bool host = isHostTriple(triple);
  std::string cpu = !spec.cpu.empty() ? spec.cpu
                    : host            ? llvm::sys::getHostCPUName().str()
                                      : "generic";
  std::string features = !spec.features.empty() ? spec.features
                         : host && spec.cpu.empty()
                             ? getHostFeatures()
                             : getDefaultFeatures(triple);
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!info)
    return llvm::createStringError("LLVM's target for " + triple.str() +
                                   " has no subtarget information");
  if (cpu != "generic" && !info->isCPUStringValid(cpu))
    return llvm::createStringError(
        "unknown CPU '" + cpu + "' for " + triple.str() +
        " (llc -mtriple=" + triple.str() + " -mcpu=help lists them)");
  if (llvm::Error err = checkFeatures(*info, features, triple))
    return err;
  llvm::TargetOptions options;
  options.MCOptions.ABIName = getDefaultABI(triple);
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, options, llvm::Reloc::PIC_, std::nullopt,
      static_cast<llvm::CodeGenOptLevel>(std::min(optLevel, 3u))));
  if (!machine)
    return llvm::createStringError("LLVM cannot create a target machine for " +
                                   triple.str());
  return machine;
}

//===----------------------------------------------------------------------===//
// The object's module
//===----------------------------------------------------------------------===//

/// Calls of Seam's runtime under the names MLIR's lowering gave them
/// (__kmpc_fork_call, memrefCopy) call the runtime's C symbols
/// (seam_kmpc_fork_call, seam_memref_copy) instead: the JIT binds the former
/// to the latter, a linker needs the symbols themselves.
static void renameRuntimeCalls(llvm::Module &module) {
  for (const SeamRuntimeFunction &fn : getSeamRuntimeFunctions()) {
    llvm::Function *called = module.getFunction(fn.calledAs);
    if (!called || !called->isDeclaration())
      continue;
    if (llvm::Function *existing = module.getFunction(fn.symbol)) {
      called->replaceAllUsesWith(existing);
      called->eraseFromParent();
    } else {
      called->setName(fn.symbol);
    }
  }
}

/// Makes the code read weight `symbol` (an external global) through a new
/// internal pointer, its slot, loaded once at the entry of each function
/// that uses it; returns the slot.
static llvm::Expected<llvm::GlobalVariable *>
readThroughSlot(llvm::Module &module, llvm::StringRef symbol) {
  llvm::GlobalVariable *weight = module.getNamedGlobal(symbol);
  if (!weight || !weight->isDeclaration())
    return llvm::createStringError("weight @" + symbol.str() +
                                   " is not an external global of the module");
  llvm::PointerType *ptr = llvm::PointerType::getUnqual(module.getContext());
  auto *slot = new llvm::GlobalVariable(
      module, ptr, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
      llvm::ConstantPointerNull::get(ptr), symbol + ".address");
  llvm::convertUsersOfConstantsToInstructions({weight});
  llvm::MapVector<llvm::Function *, llvm::SmallVector<llvm::Use *>> uses;
  for (llvm::Use &use : weight->uses()) {
    auto *user = llvm::dyn_cast<llvm::Instruction>(use.getUser());
    if (!user)
      return llvm::createStringError("weight @" + symbol.str() +
                                     " is used outside any function");
    uses[user->getFunction()].push_back(&use);
  }
  for (auto &[fn, list] : uses) {
    llvm::IRBuilder<> builder(&*fn->getEntryBlock().getFirstInsertionPt());
    llvm::Value *address = builder.CreateLoad(ptr, slot, symbol + ".data");
    for (llvm::Use *use : list)
      use->set(address);
  }
  weight->eraseFromParent();
  return slot;
}

namespace {
/// Builds the constants of the SeamAotModel descriptor.
class DescriptorBuilder {
public:
  explicit DescriptorBuilder(llvm::Module &module)
      : module(module), context(module.getContext()),
        ptr(llvm::PointerType::getUnqual(context)),
        i32(llvm::Type::getInt32Ty(context)),
        i64(llvm::Type::getInt64Ty(context)) {}

  /// A private constant global holding `value`.
  llvm::Constant *global(llvm::Constant *value, const llvm::Twine &name) {
    auto *g = new llvm::GlobalVariable(module, value->getType(), true,
                                       llvm::GlobalValue::PrivateLinkage, value,
                                       name);
    g->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    return g;
  }
  llvm::Constant *string(llvm::StringRef text) {
    return global(llvm::ConstantDataArray::getString(context, text),
                  "seam.aot.str");
  }
  /// A SeamAotTensorInfo array; null when empty.
  llvm::Constant *tensors(llvm::ArrayRef<AotModelInfo::Tensor> list) {
    if (list.empty())
      return llvm::ConstantPointerNull::get(ptr);
    auto *type = llvm::StructType::get(context, {ptr, i32, i32, ptr});
    std::vector<llvm::Constant *> entries;
    for (const AotModelInfo::Tensor &t : list) {
      std::vector<uint64_t> dims(t.shape.begin(), t.shape.end());
      llvm::Constant *shape =
          dims.empty() ? llvm::ConstantPointerNull::get(ptr)
                       : global(llvm::ConstantDataArray::get(context, dims),
                                "seam.aot.shape");
      entries.push_back(llvm::ConstantStruct::get(
          type, {string(t.name), llvm::ConstantInt::get(i32, t.elementType),
                 llvm::ConstantInt::get(i32, t.shape.size()), shape}));
    }
    return global(llvm::ConstantArray::get(
                      llvm::ArrayType::get(type, entries.size()), entries),
                  "seam.aot.tensors");
  }
  /// A SeamAotWeight array; null when empty.
  llvm::Constant *weights(llvm::ArrayRef<AotModelInfo::Weight> list,
                          llvm::ArrayRef<llvm::GlobalVariable *> slots) {
    if (list.empty())
      return llvm::ConstantPointerNull::get(ptr);
    auto *type = llvm::StructType::get(context, {i64, i64, ptr});
    std::vector<llvm::Constant *> entries;
    for (auto [w, slot] : llvm::zip_equal(list, slots))
      entries.push_back(llvm::ConstantStruct::get(
          type, {llvm::ConstantInt::get(i64, w.offset),
                 llvm::ConstantInt::get(i64, w.size), slot}));
    return global(llvm::ConstantArray::get(
                      llvm::ArrayType::get(type, entries.size()), entries),
                  "seam.aot.weights");
  }
  /// The packed wrapper of `name`, or null.
  llvm::Constant *packed(llvm::StringRef name) {
    if (llvm::Function *fn = module.getFunction(detail::getPackedName(name)))
      return fn;
    return llvm::ConstantPointerNull::get(ptr);
  }
  llvm::Constant *int32(int64_t value) {
    return llvm::ConstantInt::get(i32, value);
  }
  llvm::Constant *int64(uint64_t value) {
    return llvm::ConstantInt::get(i64, value);
  }

  llvm::Module &module;
  llvm::LLVMContext &context;
  llvm::PointerType *ptr;
  llvm::IntegerType *i32, *i64;
};
} // namespace

/// Adds the external constant `<name>_model`, the SeamAotModel of `info`.
static void addDescriptor(llvm::Module &module, const AotModelInfo &info,
                          llvm::ArrayRef<llvm::GlobalVariable *> slots) {
  DescriptorBuilder b(module);
  llvm::PointerType *ptr = b.ptr;
  // The fields of SeamAotModel, in order.
  auto *type =
      llvm::StructType::create(b.context,
                               {b.i32, b.i32, b.i32, b.i32, ptr, ptr, ptr, ptr,
                                b.i64, b.i64, ptr, ptr, ptr, b.i32, b.i32},
                               "SeamAotModel");
  bool hasInit = module.getFunction(detail::getPackedName("seam_init"));
  llvm::Constant *value = llvm::ConstantStruct::get(
      type,
      {b.int32(SEAM_AOT_ABI_VERSION), b.int32(info.inputs.size()),
       b.int32(info.outputs.size()), b.int32(info.weights.size()),
       b.string(info.name), b.tensors(info.inputs), b.tensors(info.outputs),
       b.weights(info.weights, slots), b.int64(info.weightsFileSize),
       b.int64(info.weightsFingerprint), b.packed("main"),
       b.packed("seam_init"),
       hasInit ? b.packed("seam_deinit") : llvm::ConstantPointerNull::get(ptr),
       b.int32(info.compiledThreads), b.int32(0)});
  new llvm::GlobalVariable(module, type, /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, value,
                           info.name + "_model");
}

llvm::Expected<llvm::SmallVector<char, 0>>
emitAotObject(mlir::ModuleOp module, const AotModelInfo &info,
              llvm::TargetMachine &targetMachine, unsigned optLevel) {
  llvm::LLVMContext context;
  auto llvmModule = detail::translateToLLVMIR(module, context, targetMachine);
  if (!llvmModule)
    return llvmModule.takeError();
  llvm::Module &m = **llvmModule;
  llvm::StringRef abi = targetMachine.Options.MCOptions.getABIName();
  if (!abi.empty())
    m.addModuleFlag(llvm::Module::Error, "target-abi",
                    llvm::MDString::get(context, abi));
  if (!m.getFunction("main") || m.getFunction("main")->isDeclaration())
    return llvm::createStringError("the module has no function @main");
  renameRuntimeCalls(m);
  llvm::SmallVector<llvm::GlobalVariable *> slots;
  for (const AotModelInfo::Weight &weight : info.weights) {
    auto slot = readThroughSlot(m, weight.symbol);
    if (!slot)
      return slot.takeError();
    slots.push_back(*slot);
  }
  detail::addPackedWrappers(m);
  addDescriptor(m, info, slots);
  // Only the descriptor is seen from outside: several models link into one
  // program, and what nothing reaches is dropped.
  std::string exported = info.name + "_model";
  for (llvm::GlobalValue &value : m.global_values())
    if (!value.isDeclaration() && value.getName() != exported)
      value.setLinkage(llvm::GlobalValue::InternalLinkage);
  std::string message;
  llvm::raw_string_ostream verifierOs(message);
  if (llvm::verifyModule(m, &verifierOs))
    return llvm::createStringError("the object's LLVM IR is invalid: " +
                                   message);
  detail::optimizeModule(m, targetMachine, optLevel);

  llvm::SmallVector<char, 0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager passes;
  if (targetMachine.addPassesToEmitFile(passes, os, nullptr,
                                        llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("LLVM cannot emit object code for " +
                                   targetMachine.getTargetTriple().str());
  passes.run(m);
  return object;
}

} // namespace seam
