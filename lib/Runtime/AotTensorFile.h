//===- AotTensorFile.h - Tensor files for the AOT runner --------*- C++ -*-===//
//
// What seam_aot_runner_main (AotRunner.cpp) reads and writes, without
// protobuf, ONNX or LLVM (it is cross-compiled with the runtime): NumPy
// `.npy` files (v1-v3 headers, C order; '<f4', '<f8', '<f2', '<i8', '<i4',
// '|i1', '|u1', '<u2', '<u4', '<u8', '|b1') and ONNX `TensorProto` `.pb` files
// (FLOAT, DOUBLE, FLOAT16, INT64, INT32, INT8, UINT8, UINT16, UINT32, UINT64,
// BOOL; dims, the typed data field or raw_data, name) through a small protobuf
// wire-format reader; seam-run's random inputs and its comparison rule
// (lib/Session/TensorIO.cpp), and LLVM formatv's {0:e} / {0:F<n>}.
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

/// A dense, row-major tensor of one element type (SeamAot.h's SEAM_AOT_*)
/// with 64-byte aligned data.
class Tensor {
public:
  Tensor() = default;
  /// Allocates (zero-filled) data for `shape` and `elementType`; false when
  /// its size overflows, the type is unknown or memory runs out.
  bool allocate(std::vector<int64_t> shape, int32_t elementType = 1);

  const std::vector<int64_t> &shape() const { return dims; }
  int32_t elementType() const { return type; }
  void *rawData() { return storage.get(); }
  const void *rawData() const { return storage.get(); }
  /// The data of a float32 tensor; null for another type.
  float *data() {
    return type == 1 ? static_cast<float *>(rawData()) : nullptr;
  }
  const float *data() const {
    return type == 1 ? static_cast<const float *>(rawData()) : nullptr;
  }
  int64_t numElements() const { return elements; }

private:
  struct Free {
    void operator()(void *p) const;
  };
  std::vector<int64_t> dims;
  std::unique_ptr<void, Free> storage;
  int64_t elements = 0;
  int32_t type = 1;
};

/// The bytes of data of `shape` and `elementType`, or -1 for a negative
/// dimension, an unknown type or a size int64 cannot count.
int64_t dataBytes(const std::vector<int64_t> &shape, int32_t elementType = 1);

/// "[1, 3, 224, 224]".
std::string formatShape(const std::vector<int64_t> &shape);

/// Reads a `.npy` or `.pb` (ONNX TensorProto) file of any type above into
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

/// The bytes of a `.npy` v1 file of `shape` and `elementType` holding
/// `data`, as seam::writeNpy writes it.
std::string encodeNpy(const void *data, const std::vector<int64_t> &shape,
                      int32_t elementType = 1);

/// Writes `tensor` as a `.npy` file: to a temporary file next to `path`,
/// renamed into place when complete. False with `error` otherwise.
bool writeNpy(const std::string &path, const Tensor &tensor,
              std::string &error);

/// Fills `tensor` as seam::randomTensor(shape, seed, type) does
/// (seam_fill_random_typed): floats uniform in [-1, 1), integers in [0, 10),
/// bools 0 or 1.
void fillRandom(Tensor &tensor, uint64_t seed);

/// The result of comparing an output with its reference (seam::Comparison).
struct Comparison {
  bool pass = true;
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0;
  int64_t firstMismatch = -1;
  std::string error;
};

/// As seam::compareTensors: for floats |a - e| <= atol + rtol * |e|, NaN
/// equal to NaN, infinities equal only to themselves; integers and bools
/// exactly.
Comparison compareTensors(const Tensor &actual, const Tensor &expected,
                          double rtol, double atol);

/// A double as llvm::formatv prints "{0:e}" (%e; "nan", "INF", "-INF").
std::string formatExponent(double value);
/// A double as llvm::formatv prints "{0:F<precision>}".
std::string formatFixed(double value, int precision);

} // namespace aot
} // namespace seam

#endif // SEAM_RUNTIME_AOTTENSORFILE_H
