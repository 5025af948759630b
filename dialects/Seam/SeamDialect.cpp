//===- SeamDialect.cpp - The seam graph dialect ---------------------------===//

#include "Seam/SeamDialect.h"
#include "Seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seam;

#include "Seam/SeamDialect.cpp.inc"
#include "Seam/SeamEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Seam/SeamAttrs.cpp.inc"

void SeamDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Seam/SeamOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Seam/SeamAttrs.cpp.inc"
      >();
  attachKernelCallInterfaces(getContext());
}

/// Folded values become `arith.constant`, the dialect's constant form.
Operation *SeamDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
