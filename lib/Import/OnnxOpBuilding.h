//===- OnnxOpBuilding.h - Seam ops the decompositions build -----*- C++ -*-===//
//
// Small builders the converters that decompose an ONNX op into several seam
// ops share (the losses, quantization, ...): scalar constants, unary ops of
// their operand's type, reshapes and casts, quantization to uint8/int8,
// each verified for the current node.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_ONNXOPBUILDING_H
#define SEAM_LIB_IMPORT_ONNXOPBUILDING_H

#include "OnnxConverterUtils.h"

namespace seam::detail {

/// A rank-0 constant of `elementType`: `intValue` for integer types (never
/// through a double), `floatValue` for float types.
mlir::Value scalarConstant(GraphImporter &g, Type elementType, int64_t intValue,
                           double floatValue);
inline mlir::Value intConstant(GraphImporter &g, Type elementType,
                               int64_t value) {
  return scalarConstant(g, elementType, value, static_cast<double>(value));
}
inline mlir::Value floatConstant(GraphImporter &g, Type elementType,
                                 double value) {
  return scalarConstant(g, elementType, 0, value);
}

/// An i64 constant of `shape` holding `values` (import-time index tables).
mlir::Value i64Constant(GraphImporter &g, ArrayRef<int64_t> shape,
                        ArrayRef<int64_t> values);

/// `OpTy` of `x` with `x`'s type (unary ops without type inference).
template <typename OpTy>
FailureOr<mlir::Value> createSameType(GraphImporter &g, mlir::Value x) {
  auto op = OpTy::create(g.builder(), g.loc(), x.getType(), x);
  if (failed(verifyCreated(g, op)))
    return failure();
  return op.getResult();
}

/// `values` as a constant of `shape` and of the element type the node's
/// `output_datatype` attribute names (float32 by default; integers
/// truncate), or an error naming an unsupported type (the window ops,
/// MelWeightMatrix).
FailureOr<mlir::Value> outputDatatypeConstant(GraphImporter &g,
                                              ArrayRef<int64_t> shape,
                                              ArrayRef<double> values);

/// `v[start : start + size]` along `axis`.
FailureOr<mlir::Value> sliceAxis(GraphImporter &g, mlir::Value v, int64_t axis,
                                 int64_t start, int64_t size);

/// Entry `index` of `v` along `axis`, without that axis.
FailureOr<mlir::Value> entryAlong(GraphImporter &g, mlir::Value v, int64_t axis,
                                  int64_t index);

/// `v` with its dims permuted by `perm` (itself for the identity).
FailureOr<mlir::Value> transposed(GraphImporter &g, mlir::Value v,
                                  ArrayRef<int64_t> perm);

/// `v` reshaped to `shape` (itself when it has it).
FailureOr<mlir::Value> reshapeValue(GraphImporter &g, mlir::Value v,
                                    ArrayRef<int64_t> shape);

/// `v` cast to `elementType` (itself when it has it).
FailureOr<mlir::Value> castValue(GraphImporter &g, mlir::Value v,
                                 Type elementType);

/// `x` with each sequence reversed along `timeAxis` below its length:
/// result[.., b, t, ..] = x[.., b, len[b] - 1 - t, ..] where t < len[b], else
/// x[.., b, t, ..]. `lengths` is an i64 vector over `batchAxis`; the axes
/// are 0 and 1, in either order (ONNX ReverseSequence).
FailureOr<mlir::Value> reverseSequences(GraphImporter &g, mlir::Value x,
                                        mlir::Value lengths, int64_t batchAxis,
                                        int64_t timeAxis);

/// saturate(round(x / scale) + zeroPoint) in f32 (round half to even), then
/// cast to `target` (ui8 or i8); no division without a scale, no addition
/// without a zero point (QuantizeLinear, QLinearMatMul, QLinearConv).
FailureOr<mlir::Value> quantize(GraphImporter &g, mlir::Value x,
                                mlir::Value scale, mlir::Value zeroPointF32,
                                Type target);

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_ONNXOPBUILDING_H
