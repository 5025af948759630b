//===- TensorIO.h - Tensor files and comparisons ----------------*- C++ -*-===//
//
// Reading inputs and references for seam-run and the conformance runner:
// NumPy `.npy` (C order; float32, float64, float16, int64, int32, int8, uint8,
// uint16, uint32, uint64 and bool) and ONNX `TensorProto` `.pb` files of the
// same types; and comparing an output with a reference as
// numpy.testing.assert_allclose does (floats) or exactly (integers and bools).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TENSORIO_H
#define SEAM_TENSORIO_H

#include "seam/Session.h"

#include <optional>

namespace seam {

/// A tensor file as read: its data, and the name stored in it (`.pb` only).
struct TensorFile {
  Tensor tensor;
  std::string name;
};

/// ONNX's TensorProto data type of `type` (FLOAT = 1, INT64 = 7, BOOL = 9,
/// ...; SeamAot.h's SEAM_AOT_* constants).
int32_t getOnnxDataType(ElementType type);
/// The element type of ONNX's TensorProto data type, or nullopt.
std::optional<ElementType> getElementTypeOfOnnx(int32_t dataType);

/// Reads a `.npy` file (dtype '<f4', '<f8', '<f2', '<i8', '<i4', '|i1',
/// '|u1', '<u2', '<u4', '<u8' or '|b1', C order) or an ONNX `.pb` TensorProto
/// (FLOAT, DOUBLE, FLOAT16, INT64, INT32, INT8, UINT8, UINT16, UINT32, UINT64
/// or BOOL; in raw_data or its typed field). Errors name the file and the
/// reason.
Expected<TensorFile> readTensorFile(const std::string &path);

/// Writes `tensor` as a `.npy` file of its element type.
Error writeNpy(const std::string &path, const Tensor &tensor);

/// Writes `tensor` as an ONNX TensorProto `.pb` file named `name` (its data
/// in raw_data).
Error writePb(const std::string &path, const Tensor &tensor,
              const std::string &name = "");

/// A tensor of `shape` and `type` filled with reproducible values: floats in
/// [-1, 1), integers in [0, 10), bools 0 or 1 (seam_fill_random_typed).
Tensor randomTensor(const std::vector<int64_t> &shape, uint64_t seed,
                    ElementType type = ElementType::F32);

/// The result of comparing an output with its reference.
struct Comparison {
  bool pass = true;
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0;
  /// The index (row-major) of the first mismatching element; -1 if none.
  int64_t firstMismatch = -1;
  std::string error; // a shape or element type mismatch
};

/// Compares as numpy.testing.assert_allclose: |a - e| <= atol + rtol * |e|,
/// NaN equal to NaN, for floating-point types (float16 compared as the
/// floats it holds); integers and bools must be equal. The tensors must have
/// the same shape and element type.
Comparison compareTensors(const Tensor &actual, const Tensor &expected,
                          double rtol, double atol);

} // namespace seam

#endif // SEAM_TENSORIO_H
