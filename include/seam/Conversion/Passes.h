//===- Passes.h - Seam's conversion passes ----------------------*- C++ -*-===//

#ifndef SEAM_CONVERSION_PASSES_H
#define SEAM_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "seam/Support/LLVM.h"

namespace seam {

#define GEN_PASS_DECL
#include "seam/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "seam/Conversion/Passes.h.inc"

} // namespace seam

#endif // SEAM_CONVERSION_PASSES_H
