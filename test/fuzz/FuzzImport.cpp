//===- FuzzImport.cpp - libFuzzer: ONNX bytes -> import -> verify ---------===//
//
// Any bytes must import into a module that verifies, or fail with
// diagnostics: never a crash, an abort, a hang or a sanitizer report.
// Mutations are structure-aware (OnnxMutator.h) half of the time.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/Verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  seam::fuzz::FuzzContext fuzz;
  mlir::OwningOpRef<mlir::ModuleOp> module = seam::importOnnxBytes(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      /*baseDir=*/"", fuzz.context(), seam::fuzz::importOptions());
  if (module && failed(mlir::verify(*module)))
    seam::fuzz::fail("an imported module does not verify");
  return 0;
}

SEAM_FUZZ_ONNX_MUTATOR()
