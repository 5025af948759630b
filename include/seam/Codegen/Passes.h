//===- Passes.h - Passes of Seam's lowering pipeline ------------*- C++ -*-===//

#ifndef SEAM_CODEGEN_PASSES_H
#define SEAM_CODEGEN_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace seam {

#define GEN_PASS_DECL
#include "seam/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "seam/Codegen/Passes.h.inc"

} // namespace seam

#endif // SEAM_CODEGEN_PASSES_H
