//===- ShapeFloatOps.h - Import-time float shape arithmetic -----*- C++ -*-===//
//
// Evaluates at import the float arithmetic TF graphs put into shape
// computations (tf.image.resize by a scale, as tf2onnx exports it:
// Shape -> Cast to float -> Mul -> Floor -> Cast to int -> Concat ->
// Resize's sizes), so that such a size stays an integer constant the
// shape-taking converters read.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_SHAPEFLOATOPS_H
#define SEAM_LIB_IMPORT_SHAPEFLOATOPS_H

#include "IntTensorOps.h"

namespace seam::detail {

/// Casts input 0 of the current node to ONNX type `to` at import when it
/// is shape arithmetic: integers known at import to FLOAT or DOUBLE, or
/// float shape values to FLOAT, DOUBLE, INT64, INT32 or BOOL (truncating
/// toward zero, and only values the type holds). Returns whether it did
/// (output 0 is then set).
mlir::FailureOr<bool> foldShapeFloatCast(GraphImporter &g, int32_t to);

/// Add, Sub, Mul or Div of float shape values and float shape values or a
/// float constant, evaluated at import in the precision of their type.
/// Returns whether it did (output 0 is then set).
mlir::FailureOr<bool> foldShapeFloatBinary(GraphImporter &g,
                                           IntBinaryKind kind);

/// `fn` (floor, ceil, round half to even) of float shape values, evaluated
/// at import. Returns whether it did (output 0 is then set).
mlir::FailureOr<bool> foldShapeFloatUnary(GraphImporter &g,
                                          double (*fn)(double));

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_SHAPEFLOATOPS_H
