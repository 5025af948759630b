//===- FuzzSupport.h - What Seam's libFuzzer targets share ------*- C++ -*-===//

#ifndef SEAM_TEST_FUZZ_FUZZSUPPORT_H
#define SEAM_TEST_FUZZ_FUZZSUPPORT_H

#include "OnnxMutator.h"

#include "seam/Import/OnnxImporter.h"
#include "seam/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace seam::fuzz {

/// A context as a Session makes one (every dialect of the compiler, no
/// threads), whose diagnostics are dropped: a refused input is a normal
/// outcome, and printing every error would slow the fuzzer down.
class FuzzContext {
public:
  FuzzContext() {
    mlir::DialectRegistry registry;
    seam::registerDialects(registry);
    ctx = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    seam::loadImportDialects(*ctx);
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        ctx.get(), [](mlir::Diagnostic &) { return mlir::success(); });
  }
  mlir::MLIRContext &context() { return *ctx; }

private:
  std::unique_ptr<mlir::MLIRContext> ctx;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
};

/// Import options of the fuzz targets: If/Loop inlining bounded low, so
/// that a mutated trip count cannot turn a unit into minutes of unrolling
/// and compiling (the bounds themselves are exercised).
inline seam::OnnxImportOptions importOptions() {
  seam::OnnxImportOptions options;
  options.maxInlinedNodes = 256;
  options.maxLoopIterations = 32;
  return options;
}

/// A broken invariant: libFuzzer records the input as a crash.
[[noreturn]] inline void fail(const char *what) {
  std::fprintf(stderr, "seam fuzz: %s\n", what);
  std::abort();
}

} // namespace seam::fuzz

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// Defines libFuzzer's custom mutator: half of the mutations are structural
/// (seam::fuzz::mutateOnnxModel), the rest, and every input that is not a
/// model, are libFuzzer's byte mutations.
#define SEAM_FUZZ_ONNX_MUTATOR()                                               \
  extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,        \
                                            size_t maxSize, unsigned seed) {   \
    if (seed % 2 == 0) {                                                       \
      if (size_t n = seam::fuzz::mutateOnnxModel(data, size, maxSize, seed))   \
        return n;                                                              \
    }                                                                          \
    return LLVMFuzzerMutate(data, size, maxSize);                              \
  }

#endif // SEAM_TEST_FUZZ_FUZZSUPPORT_H
