//===- InitAll.h - Register every dialect and pass Seam uses ----*- C++ -*-===//
//
// One place that lists what Seam's tools load: the upstream dialects and
// passes (as mlir-opt has them), and the seam dialect with Seam's passes.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_INITALL_H
#define SEAM_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace seam {

/// Adds the upstream dialects, their extensions, and the seam dialect.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the upstream passes and Seam's passes and pipelines.
void registerAllPasses();

} // namespace seam

#endif // SEAM_INITALL_H
