//===- FuzzCompile.cpp - libFuzzer: ONNX bytes -> LLVM IR (no JIT) --------===//
//
// A model that imports is compiled as a Session would compile it — prepare,
// partition with every backend of the build, kernel-call lowering, seam ->
// linalg, the stages to the LLVM dialect — and translated to LLVM IR. Every
// step either succeeds or fails with diagnostics. Tensors are capped at
// 16 MiB so that a mutant cannot make the fuzzer run out of memory by
// declaring a large but legal model.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "FuzzSupport.h"

#include "seam/Backend/Backend.h"
#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <algorithm>

/// No kernel library, or those of this build with a runtime (dnnl and
/// xnnpack) in one priority order or the other: which one follows from the
/// input's size, so that a finding replays.
static std::vector<std::string> backendSet(size_t size) {
  std::vector<std::string> libraries;
  for (const char *name : {"dnnl", "xnnpack"})
    if (seam::lookupBackend(name))
      libraries.push_back(name);
  switch (size % 3) {
  case 0:
    return {"none"};
  case 1:
    return libraries.empty() ? std::vector<std::string>{"none"} : libraries;
  default:
    std::reverse(libraries.begin(), libraries.end());
    return libraries.empty() ? std::vector<std::string>{"none"} : libraries;
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  seam::fuzz::FuzzContext fuzz;
  mlir::OwningOpRef<mlir::ModuleOp> module = seam::importOnnxBytes(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      /*baseDir=*/"", fuzz.context(), seam::fuzz::importOptions());
  if (!module)
    return 0;
  seam::CompileOptions options;
  options.backends = backendSet(size);
  options.maxTensorBytes = int64_t(16) << 20;
  options.threads = 1;
  seam::detail::WeightStore weights;
  if (failed(seam::detail::compileToLLVMDialect(*module, options, &weights)))
    return 0;
  if (failed(mlir::verify(*module)))
    seam::fuzz::fail("a compiled module does not verify");
  // The translations the JIT registers (jit/JitEngine.cpp) before it
  // translates.
  mlir::DialectRegistry translations;
  mlir::registerBuiltinDialectTranslation(translations);
  mlir::registerLLVMDialectTranslation(translations);
  mlir::registerOpenMPDialectTranslation(translations);
  module->getContext()->appendDialectRegistry(translations);
  llvm::LLVMContext llvmContext;
  if (!mlir::translateModuleToLLVMIR(*module, llvmContext))
    seam::fuzz::fail("a module in the LLVM dialect does not translate");
  return 0;
}

SEAM_FUZZ_ONNX_MUTATOR()
