//===- SeamToLinalg.h - Patterns lowering seam ops to linalg ----*- C++ -*-===//
//
// The conversion patterns behind `seam-lower-to-linalg`, for pipelines that
// want to combine them with their own (e.g. lower only what a backend did not
// take).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_CONVERSION_SEAMTOLINALG_H
#define SEAM_CONVERSION_SEAMTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"
#include "seam/Support/LLVM.h"

namespace seam {

/// Adds the patterns that lower every seam op (including seam.composite,
/// whose body is inlined) to linalg, tensor, arith and math on tensors.
void populateSeamToLinalgConversionPatterns(RewritePatternSet &patterns);

/// Marks the dialects the lowering produces legal and the seam dialect illegal.
void configureSeamToLinalgConversionTarget(ConversionTarget &target);

} // namespace seam

#endif // SEAM_CONVERSION_SEAMTOLINALG_H
