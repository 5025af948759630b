//===- IntTensorOps.h - Import-time integer tensor arithmetic ---*- C++ -*-===//
//
// Evaluates the shape arithmetic exporters emit (Gather, Concat, Slice,
// Add/Sub/Mul/Div, Unsqueeze/Squeeze/Reshape on shape vectors) on integer
// tensors known at import, so that it folds to constants.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_INTTENSOROPS_H
#define SEAM_LIB_IMPORT_INTTENSOROPS_H

#include "OnnxGraphImporter.h"

#include "seam/SeamShapes.h"

namespace seam::detail {

enum class IntBinaryKind { Add, Sub, Mul, Div };

/// `lhs <kind> rhs` with NumPy broadcasting; Div truncates like ONNX.
mlir::FailureOr<IntTensor> evalIntBinary(IntBinaryKind kind,
                                         const IntTensor &lhs,
                                         const IntTensor &rhs,
                                         const seam::OpDiagnostic &diag);

/// ONNX Gather along `axis` (negative indices count from the end).
mlir::FailureOr<IntTensor> evalIntGather(const IntTensor &data,
                                         const IntTensor &indices, int64_t axis,
                                         const seam::OpDiagnostic &diag);

/// `fn` of the corresponding elements of `inputs` under NumPy broadcasting,
/// as a tensor of ONNX data type `dataType`.
mlir::FailureOr<IntTensor>
evalIntElementwise(llvm::ArrayRef<const IntTensor *> inputs, int32_t dataType,
                   llvm::function_ref<int64_t(llvm::ArrayRef<int64_t>)> fn,
                   const seam::OpDiagnostic &diag);

/// ONNX Concat along `axis` (normalized).
IntTensor evalIntConcat(llvm::ArrayRef<IntTensor> inputs, int64_t axis);

/// Strided slice of `data` per dimension.
IntTensor evalIntSlice(const IntTensor &data,
                       llvm::ArrayRef<seam::SliceDim> dims);

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_INTTENSOROPS_H
