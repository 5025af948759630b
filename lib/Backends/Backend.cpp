//===- Backend.cpp - The interface of a kernel-library backend ------------===//

#include "seam/Backend/Backend.h"

using namespace mlir;
using namespace mlir::seam;

Backend::~Backend() = default;

LogicalResult Backend::lowerRegion(func::FuncOp region) const {
  return region.emitError("backend '")
         << getName() << "' cannot lower its regions yet";
}

ArrayRef<RuntimeSymbol> Backend::getRuntimeSymbols() const { return {}; }
