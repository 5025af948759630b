//===- SeamDialect.h - The seam graph dialect -------------------*- C++ -*-===//
//
// Declares the seam dialect and its enum attributes (auto_pad, pad_mode).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_DIALECT_SEAM_SEAMDIALECT_H
#define SEAM_DIALECT_SEAM_SEAMDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"
#include "seam/Support/LLVM.h"

#include "seam/SeamDialect.h.inc"
#include "seam/SeamEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "seam/SeamAttrs.h.inc"

namespace seam {
/// The ONNX name of a model input or output, on @main's arguments and
/// results.
inline constexpr llvm::StringLiteral kTensorNameAttr = "seam.name";
} // namespace seam

#endif // SEAM_DIALECT_SEAM_SEAMDIALECT_H
