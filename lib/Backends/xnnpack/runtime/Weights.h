//===- Weights.h - The weights in the forms XNNPACK reads -------*- C++ -*-===//
//
// XNNPACK reads static values (weights) through pointers that must stay valid
// while any runtime made from the subgraph lives, and wants conv filters in
// its own layouts. The store makes each form of a weight once, from the
// pointers given to `create`, and owns it for the region's life; every
// XNNPACK runtime of the region (one per concurrent run) shares it. Buffers
// have XNN_EXTRA_BYTES of slack: XNNPACK may read (never write) past the end.
//
// The C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_WEIGHTS_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_WEIGHTS_H

#include "Layout.h"
#include "RegionDesc.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace seam::xnnpack_region {

/// A float buffer with room for XNNPACK's over-reads.
struct FreeDeleter {
  void operator()(float *data) const { std::free(data); }
};
using FloatBuffer = std::unique_ptr<float[], FreeDeleter>;

/// An uninitialized buffer of `elements` floats (plus slack), 64-byte
/// aligned; throws std::bad_alloc.
FloatBuffer allocateFloats(int64_t elements);

/// How a weight's data is laid out for its use.
enum class WeightForm : uint8_t {
  /// As given: row-major with its ONNX dims (biases, fully-connected weights,
  /// operands of rank other than 4).
  RowMajor,
  /// Its dims aligned to rank 4 with leading ones, then NCHW -> NHWC: a 4-D
  /// activation-like operand, or a conv filter OIHW -> OHWI.
  Nhwc,
  /// A depthwise filter [C * m, 1, kh, kw] -> [1, kh, kw, C * m].
  DepthwiseFilter,
};

class WeightStore {
public:
  /// `data[i]` is the row-major data of `desc.weights[i]`; it is read only
  /// until `releaseSources`.
  WeightStore(const RegionDesc &desc, const void *const *data);

  /// The data of weight value `value` in `form` (made on first use).
  const float *get(int64_t value, WeightForm form);

  /// Forgets the caller's pointers: every form used by the region exists
  /// once its first subgraph is built. Asking for a new form later throws.
  void releaseSources();

private:
  const RegionDesc &desc;
  std::map<int64_t, const float *> sources;
  std::map<std::pair<int64_t, WeightForm>, FloatBuffer> forms;
  std::mutex mutex;
};

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_WEIGHTS_H
