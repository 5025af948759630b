//===- LLVMModule.cpp - LLVM IR of a lowered module, for JIT and AOT ------===//

#include "LLVMModule.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/SystemLibraries.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/IndVarSimplify.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopDeletion.h"
#include "llvm/Transforms/Scalar/LoopIdiomRecognize.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/InjectTLIMappings.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"

namespace seam::detail {

llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                  llvm::TargetMachine &targetMachine) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerOpenMPDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return llvm::createStringError("cannot translate the module to LLVM IR");
  if (llvmModule->getNamedGlobal("llvm.global_ctors") ||
      llvmModule->getNamedGlobal("llvm.global_dtors"))
    return llvm::createStringError(
        "compiled code may not have static constructors or destructors "
        "(nothing runs them)");
  llvmModule->setDataLayout(targetMachine.createDataLayout());
  llvmModule->setTargetTriple(targetMachine.getTargetTriple());
  return llvmModule;
}

/// Whether `fn` has a loop or computes on floats or vectors.
static bool computes(const llvm::Function &fn) {
  llvm::SmallVector<
      std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>>
      backEdges;
  llvm::FindFunctionBackedges(fn, backEdges);
  if (!backEdges.empty())
    return true;
  auto numeric = [](const llvm::Type *type) {
    return type->isFPOrFPVectorTy() || type->isVectorTy();
  };
  for (const llvm::Instruction &inst : llvm::instructions(fn)) {
    if (numeric(inst.getType()))
      return true;
    for (const llvm::Use &operand : inst.operands())
      if (numeric(operand->getType()))
        return true;
  }
  return false;
}

bool isGlueFunction(const llvm::Function &fn) {
  return !fn.isDeclaration() &&
         !fn.hasFnAttribute(llvm::Attribute::AlwaysInline) && !computes(fn);
}

unsigned markGlueFunctionsOptNone(llvm::Module &module) {
  unsigned marked = 0;
  for (llvm::Function &fn : module) {
    if (fn.hasFnAttribute(llvm::Attribute::OptimizeNone) || !isGlueFunction(fn))
      continue;
    fn.addFnAttr(llvm::Attribute::OptimizeNone);
    fn.addFnAttr(llvm::Attribute::NoInline);
    ++marked;
  }
  return marked;
}

bool isOnlyGlue(const llvm::Module &module) {
  for (const llvm::Function &fn : module)
    if (!fn.isDeclaration() && !isGlueFunction(fn))
      return false;
  return true;
}

/// The function passes MLIR's kernels need, in place of LLVM's -O<level>
/// pipelines. The kernels arrive tiled, vectorized and unrolled, and call no
/// function of the module: the inliner (but for `alwaysinline` callees) and
/// the interprocedural passes have nothing to do, and unrolling,
/// interleaving and SLP re-vectorization cost ResNet-18 over a second of
/// compile time and made it slower. What remains: promotion and clean-up of
/// the lowered memref code (SROA, EarlyCSE, InstCombine, SimplifyCFG, GVN);
/// rotation and LICM, which hoist what a tile's loops do not change; loop
/// idiom recognition (fills become memset), induction-variable
/// simplification and loop deletion; the loop vectorizer, for the scalar
/// loops MLIR leaves (with vector math calls when `vectorMath`). On
/// DenseNet-121 the default -O3 pipeline took 470-666 ms of CPU time, these
/// passes 238-303 ms, for the same inference time on the zoo
/// (docs/performance.md).
static llvm::FunctionPassManager buildKernelPipeline() {
  llvm::FunctionPassManager passes;
  passes.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  passes.addPass(llvm::EarlyCSEPass(/*UseMemorySSA=*/true));
  passes.addPass(llvm::SimplifyCFGPass());
  passes.addPass(llvm::InstCombinePass());
  llvm::LoopPassManager hoist;
  hoist.addPass(llvm::LoopRotatePass());
  hoist.addPass(llvm::LICMPass(llvm::LICMOptions()));
  passes.addPass(llvm::createFunctionToLoopPassAdaptor(std::move(hoist),
                                                       /*UseMemorySSA=*/true));
  llvm::LoopPassManager simplify;
  simplify.addPass(llvm::LoopIdiomRecognizePass());
  simplify.addPass(llvm::IndVarSimplifyPass());
  simplify.addPass(llvm::LoopDeletionPass());
  passes.addPass(llvm::createFunctionToLoopPassAdaptor(std::move(simplify)));
  passes.addPass(llvm::GVNPass());
  passes.addPass(llvm::InstCombinePass());
  passes.addPass(llvm::InjectTLIMappings());
  passes.addPass(llvm::LoopVectorizePass(llvm::LoopVectorizeOptions(
      /*InterleaveOnlyWhenForced=*/true, /*VectorizeOnlyWhenForced=*/false)));
  passes.addPass(llvm::SimplifyCFGPass());
  passes.addPass(llvm::InstCombinePass());
  return passes;
}

void optimizeModule(llvm::Module &module, llvm::TargetMachine &targetMachine,
                    unsigned level, bool vectorMath) {
  if (level == 0)
    return;
  markGlueFunctionsOptNone(module);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&targetMachine);
  // Before the default analyses: the first registration of one wins.
  llvm::TargetLibraryInfoImpl libraryInfo(module.getTargetTriple());
  if (vectorMath)
    libraryInfo.addVectorizableFunctionsFromVecLib(llvm::VectorLibrary::LIBMVEC,
                                                   module.getTargetTriple());
  fam.registerPass([&] { return llvm::TargetLibraryAnalysis(libraryInfo); });
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes;
  // Seam's lowering makes no `alwaysinline` function; a module given to
  // JitEngine may.
  passes.addPass(llvm::AlwaysInlinerPass());
  passes.addPass(
      llvm::createModuleToFunctionPassAdaptor(buildKernelPipeline()));
  passes.run(module, mam);
}

std::string getPackedName(llvm::StringRef name) {
  return ("_seam_packed_" + name).str();
}

void addPackedWrappers(llvm::Module &module) {
  llvm::LLVMContext &context = module.getContext();
  llvm::IRBuilder<> builder(context);
  llvm::Type *ptr = builder.getPtrTy();
  auto *wrapperType =
      llvm::FunctionType::get(builder.getVoidTy(), {ptr}, /*isVarArg=*/false);
  llvm::SmallVector<llvm::Function *> functions;
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration() && !fn.hasLocalLinkage())
      functions.push_back(&fn);
  for (llvm::Function *fn : functions) {
    auto *wrapper =
        llvm::Function::Create(wrapperType, llvm::GlobalValue::ExternalLinkage,
                               getPackedName(fn->getName()), module);
    builder.SetInsertPoint(llvm::BasicBlock::Create(context, "", wrapper));
    llvm::Value *args = wrapper->getArg(0);
    // The pointer in args[i].
    auto slot = [&](unsigned i) {
      return builder.CreateLoad(ptr, builder.CreateConstGEP1_64(ptr, args, i));
    };
    llvm::SmallVector<llvm::Value *> operands;
    for (llvm::Argument &arg : fn->args())
      operands.push_back(
          builder.CreateLoad(arg.getType(), slot(arg.getArgNo())));
    llvm::CallInst *call = builder.CreateCall(fn, operands);
    call->setCallingConv(fn->getCallingConv());
    if (!call->getType()->isVoidTy())
      builder.CreateStore(call, slot(fn->arg_size()));
    builder.CreateRetVoid();
  }
}

} // namespace seam::detail
