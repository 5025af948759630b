//===- BlockedPooling.h - 2-D pooling on channel blocks ---------*- C++ -*-===//
//
// oneDNN 2.6's `jit:avx2` pooling runs 4-8x slower than ONNX Runtime's on
// the pools of common CNNs (GoogLeNet's 3x3 max pools: 0.43-1.07 ms against
// 0.06-0.26; docs/performance.md, 2026-12-04). This kernel computes a 2-D
// max or average pooling whose source and destination are f32 in channel
// blocks of 8 or 16 (oneDNN's aBcd8b / aBcd16b, any outer strides: a view
// of a concatenation's buffer included; channels-last with a multiple of 8
// channels where oneDNN would run its reference kernel: dilated windows on
// AVX-512, where convolutions write channels-last) with the semantics of oneDNN's
// pooling primitive for the same parameters, one block of channels per
// vector, on the OpenMP threads oneDNN uses.
//
//===----------------------------------------------------------------------===//
#ifndef SEAM_BACKENDS_DNNL_RUNTIME_BLOCKEDPOOLING_H
#define SEAM_BACKENDS_DNNL_RUNTIME_BLOCKEDPOOLING_H

#include "oneapi/dnnl/dnnl.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace seam::dnnl_region {

struct BlockedPooling {
  enum class Kind { Max, AvgIncludePadding, AvgExcludePadding };
  Kind kind;
  /// Channels per block (8 or 16) and blocks (the padded channels / block).
  int64_t block, blocks, batch;
  int64_t inH, inW, outH, outW;
  int64_t kernelH, kernelW, strideH, strideW;
  /// Steps between window elements (oneDNN's dilation + 1).
  int64_t stepH, stepW;
  int64_t padTop, padLeft;
  /// Element strides of n, channel block, h, w, and the first element.
  std::array<int64_t, 4> srcStrides, dstStrides;
  int64_t srcOffset, dstOffset;
  /// The loops of one output row for this block, kind and CPU (chosen once,
  /// when the session is created).
  void (*row)(const BlockedPooling &, const float *, float *, int64_t, int64_t,
              int64_t) = nullptr;

  /// The kernel for a pooling of `src` into `dst` (the descriptors of the
  /// memories it runs on), or none when they are not 4-D f32 in one block
  /// of 8 or 16 channels (or, with `channelsLast`, channels-last with a
  /// multiple of 8 channels: blocks of them side by side in each pixel).
  static std::optional<BlockedPooling>
  match(Kind kind, const dnnl::memory::desc &src, const dnnl::memory::desc &dst,
        const dnnl::memory::dims &strides, const dnnl::memory::dims &kernel,
        const dnnl::memory::dims &dilations, const dnnl::memory::dims &padLeft,
        bool channelsLast = false);

  /// Pools `src` into `dst` (data of the descriptors `match` was given).
  void run(const float *src, float *dst) const;

  /// The implementation name a profile shows ("seam:blocked8").
  const char *name() const {
    return block == 16 ? "seam:blocked16" : "seam:blocked8";
  }
};

} // namespace seam::dnnl_region

#endif // SEAM_BACKENDS_DNNL_RUNTIME_BLOCKEDPOOLING_H
