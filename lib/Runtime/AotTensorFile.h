//===- AotTensorFile.h - Tensor files for the AOT runner --------*- C++ -*-===//
//
// What seam_aot_runner_main (AotRunner.cpp) reads and writes, without
// protobuf, ONNX or LLVM (it is cross-compiled with the runtime): float32
// NumPy `.npy` files (v1-v3 headers, '<f4', C order) and ONNX `TensorProto`
// `.pb` files (FLOAT, dims, float_data or raw_data, name) through a small
// protobuf wire-format reader; seam-run's random inputs and its comparison
// rule (lib/Session/TensorIO.cpp), and LLVM formatv's {0:e} / {0:F<n>}.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_RUNTIME_AOTTENSORFILE_H
#define SEAM_RUNTIME_AOTTENSORFILE_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace seam {
namespace aot {

/// A dense, row-major float32 tensor with 64-byte aligned data.
class Tensor {
public:
  Tensor() = default;
  /// Allocates (zero-filled) data for `shape`; false when its size
  /// overflows or memory runs out.
  bool allocate(std::vector<int64_t> shape);

  const std::vector<int64_t> &shape() const { return dims; }
  float *data() { return storage.get(); }
  const float *data() const { return storage.get(); }
  int64_t numElements() const { return elements; }

private:
  struct Free {
    void operator()(float *p) const;
  };
  std::vector<int64_t> dims;
  std::unique_ptr<float, Free> storage;
  int64_t elements = 0;
};

/// The bytes of float32 data of `shape`, or -1 for a negative dimension or
/// a size int64 cannot count.
int64_t dataBytes(const std::vector<int64_t> &shape);

/// "[1, 3, 224, 224]".
std::string formatShape(const std::vector<int64_t> &shape);

/// Reads a `.npy` (float32) or `.pb` (ONNX TensorProto, FLOAT) file into
/// `tensor` (and the name a `.pb` holds into `name`). False with `error`
/// ("'<path>': <why>") for a missing, unreadable, truncated, malformed or
/// unsupported file.
bool readTensorFile(const std::string &path, Tensor &tensor, std::string &name,
                    std::string &error);

/// The same from bytes already read (`path` only names them in errors).
bool parseNpy(const std::string &path, const std::string &bytes, Tensor &tensor,
              std::string &error);
bool parsePb(const std::string &path, const std::string &bytes, Tensor &tensor,
             std::string &name, std::string &error);

/// The bytes of a float32 `.npy` v1 file of `shape` holding `data`, as
/// seam::writeNpy writes it.
std::string encodeNpy(const float *data, const std::vector<int64_t> &shape);

/// Writes `tensor` as a `.npy` file: to a temporary file next to `path`,
/// renamed into place when complete. False with `error` otherwise.
bool writeNpy(const std::string &path, const Tensor &tensor,
              std::string &error);

/// Fills `tensor` as seam::randomTensor(shape, seed) does: mt19937_64
/// seeded with `seed`, uniform floats in [-1, 1).
void fillRandom(Tensor &tensor, uint64_t seed);

/// The result of comparing an output with its reference (seam::Comparison).
struct Comparison {
  bool pass = true;
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0;
  std::string error;
};

/// As seam::compareTensors: |a - e| <= atol + rtol * |e|, NaN equal to NaN,
/// infinities equal only to themselves.
Comparison compareTensors(const Tensor &actual, const Tensor &expected,
                          double rtol, double atol);

/// A double as llvm::formatv prints "{0:e}" (%e; "nan", "INF", "-INF").
std::string formatExponent(double value);
/// A double as llvm::formatv prints "{0:F<precision>}".
std::string formatFixed(double value, int precision);

} // namespace aot
} // namespace seam

#endif // SEAM_RUNTIME_AOTTENSORFILE_H
