//===- SeamScalarFns.h - What the elementwise seam ops compute --*- C++ -*-===//
//
// The scalar function of each elementwise seam op, with its attributes bound.
// Folds and constant evaluation use these, so each op's arithmetic is written
// once.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_DIALECT_SEAM_SEAMSCALARFNS_H
#define SEAM_DIALECT_SEAM_SEAMSCALARFNS_H

#include "mlir/IR/Operation.h"
#include "seam/Support/LLVM.h"
#include <functional>

namespace seam {

/// f(x) of an elementwise unary seam op (relu, clip, ...), or null.
std::function<float(float)> getUnaryScalarFn(Operation *op);

/// f(a, b) of a broadcasting binary seam op (add, sub, mul, div, pow), or null.
std::function<float(float, float)> getBinaryScalarFn(Operation *op);

} // namespace seam

#endif // SEAM_DIALECT_SEAM_SEAMSCALARFNS_H
