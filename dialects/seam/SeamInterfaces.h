//===- SeamInterfaces.h - Interfaces of the seam dialect --------*- C++ -*-===//

#ifndef SEAM_DIALECT_SEAM_SEAMINTERFACES_H
#define SEAM_DIALECT_SEAM_SEAMINTERFACES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeRange.h"
#include "seam/Support/LLVM.h"

#include <cstdint>
#include <vector>

#include "seam/SeamAttrInterfaces.h.inc"

#endif // SEAM_DIALECT_SEAM_SEAMINTERFACES_H
