//===- Passes.h - Seam's graph-level passes ---------------------*- C++ -*-===//

#ifndef SEAM_TRANSFORMS_PASSES_H
#define SEAM_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "seam/Support/LLVM.h"

namespace seam {

#define GEN_PASS_DECL
#include "seam/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "seam/Transforms/Passes.h.inc"

} // namespace seam

#endif // SEAM_TRANSFORMS_PASSES_H
