//===- TensorIO.h - Tensor files and comparisons ----------------*- C++ -*-===//
//
// Reading inputs and references for seam-run and the conformance runner:
// NumPy `.npy` (float32, C order) and ONNX `TensorProto` `.pb` files; and
// comparing an output with a reference as numpy.testing.assert_allclose does.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TENSORIO_H
#define SEAM_TENSORIO_H

#include "seam/Session.h"

namespace seam {

/// A tensor file as read: its data, and the name stored in it (`.pb` only).
struct TensorFile {
  Tensor tensor;
  std::string name;
};

/// Reads a `.npy` (float32) or ONNX `.pb` (FLOAT) tensor file.
Expected<TensorFile> readTensorFile(const std::string &path);

/// Writes `tensor` as a float32 `.npy` file.
Error writeNpy(const std::string &path, const Tensor &tensor);

/// A tensor of `shape` filled with reproducible values in [-1, 1).
Tensor randomTensor(const std::vector<int64_t> &shape, uint64_t seed);

/// The result of comparing an output with its reference.
struct Comparison {
  bool pass = true;
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0;
  std::string error; // a shape mismatch or a NaN where none is expected
};

/// Compares as numpy.testing.assert_allclose: |a - e| <= atol + rtol * |e|,
/// NaN equal to NaN.
Comparison compareTensors(const Tensor &actual, const Tensor &expected,
                          double rtol, double atol);

} // namespace seam

#endif // SEAM_TENSORIO_H
