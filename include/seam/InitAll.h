//===- InitAll.h - Register the dialects and passes Seam uses ---*- C++ -*-===//
//
// One place that lists what Seam loads. The compiler (seam::Session) needs
// only the dialects its pipeline goes through and their interface models
// (registerDialects), and builds its pipelines in C++, so it registers no
// pass. The mlir-opt-like tools (seam-opt) take any upstream IR and pass
// pipeline: every upstream dialect, extension and pass besides Seam's
// (registerAllDialectsForTools, registerAllPasses).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_INITALL_H
#define SEAM_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace seam {

/// Adds the dialects that Seam's compilation (import, prepare, partition,
/// offload, linalg, optimize, bufferize, llvm) goes through, the seam dialect
/// among them, with the interface models its passes rely on (bufferization,
/// tiling, value bounds, ...).
void registerDialects(mlir::DialectRegistry &registry);

/// Adds every upstream dialect and extension (as mlir-opt has them), and
/// what registerDialects adds: for seam-opt and tests that parse any IR.
void registerAllDialectsForTools(mlir::DialectRegistry &registry);

/// Registers the upstream passes and Seam's passes and pipelines, for
/// textual pass pipelines (seam-opt). The Session does not need them.
void registerAllPasses();

} // namespace seam

#endif // SEAM_INITALL_H
