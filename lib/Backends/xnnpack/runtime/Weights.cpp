//===- Weights.cpp - The region's weights in the forms XNNPACK reads ------===//
//
// XNNPACK's header (XNN_EXTRA_BYTES) and the C++ standard library only:
// part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "Weights.h"

#include <xnnpack.h>

#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

// Seam's runtime (seam/Runtime/SeamRuntime.h), weak: a program that links
// this runtime without Seam's has no session to tell.
extern "C" __attribute__((weak)) void seam_weight_consumed(const void *data);

namespace seam::xnnpack_region {

FloatBuffer allocateFloats(int64_t elements) {
  constexpr size_t kAlignment = 64;
  size_t bytes =
      static_cast<size_t>(elements) * sizeof(float) + XNN_EXTRA_BYTES;
  bytes = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  auto *data = static_cast<float *>(std::aligned_alloc(kAlignment, bytes));
  if (!data)
    throw std::bad_alloc();
  // The slack is never part of a result, but keep it defined.
  std::memset(data + elements, 0, bytes - elements * sizeof(float));
  return FloatBuffer(data);
}

WeightStore::WeightStore(const RegionDesc &desc, const void *const *data)
    : desc(desc) {
  for (size_t i = 0; i < desc.weights.size(); ++i)
    sources[desc.weights[i]] = static_cast<const float *>(data[i]);
}

void WeightStore::releaseSources() {
  std::lock_guard<std::mutex> lock(mutex);
  // The session may free what only this creation still read.
  if (seam_weight_consumed)
    for (const auto &[value, data] : sources)
      seam_weight_consumed(data);
  sources.clear();
}

const float *WeightStore::get(int64_t value, WeightForm form) {
  std::lock_guard<std::mutex> lock(mutex);
  FloatBuffer &buffer = forms[{value, form}];
  if (buffer)
    return buffer.get();
  auto source = sources.find(value);
  if (source == sources.end() || !source->second)
    throw std::logic_error("weight value " + std::to_string(value) +
                           " is not available in this form");
  const float *src = source->second;
  const Dims &dims = desc.values[value];
  int64_t elements = getNumElements(dims);
  buffer = allocateFloats(elements);
  switch (form) {
  case WeightForm::RowMajor:
    std::memcpy(buffer.get(), src, elements * sizeof(float));
    break;
  case WeightForm::Nhwc:
    convertNchwToNhwc(src, buffer.get(), padToRank(dims, 4), nullptr);
    break;
  case WeightForm::DepthwiseFilter:
    transposeMatrices(src, buffer.get(), 1, dims[0], dims[2] * dims[3],
                      nullptr);
    break;
  }
  return buffer.get();
}

} // namespace seam::xnnpack_region
