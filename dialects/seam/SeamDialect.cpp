//===- SeamDialect.cpp - The seam graph dialect ---------------------------===//

#include "seam/SeamDialect.h"
#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace seam;

#include "seam/SeamDialect.cpp.inc"
#include "seam/SeamEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "seam/SeamAttrs.cpp.inc"

void SeamDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "seam/SeamOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "seam/SeamAttrs.cpp.inc"
      >();
  attachKernelCallInterfaces(getContext());
}

/// Folded values become `arith.constant`, the dialect's constant form.
Operation *SeamDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
