//===- SeamOps.h - Ops of the seam dialect ----------------------*- C++ -*-===//

#ifndef SEAM_DIALECT_SEAM_SEAMOPS_H
#define SEAM_DIALECT_SEAM_SEAMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "seam/SeamDialect.h"
#include "seam/SeamInterfaces.h"
#include "seam/Support/LLVM.h"

#define GET_OP_CLASSES
#include "seam/SeamOps.h.inc"

namespace seam {
/// Attaches the bufferization model of seam.kernel_call (called when the
/// dialect is loaded).
void attachKernelCallInterfaces(MLIRContext *context);
} // namespace seam

#endif // SEAM_DIALECT_SEAM_SEAMOPS_H
