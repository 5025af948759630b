//===- BlockedPooling.cpp - 2-D pooling on channel blocks -----------------===//

#include "BlockedPooling.h"

#include <omp.h>

#include <algorithm>
#include <limits>

// libgomp's ABI, called directly rather than through `#pragma omp` (as
// lib/Runtime/SeamOpenMP.cpp does): with clang a pragma becomes libomp's
// __kmpc_* calls, and this archive is also linked by seam-compile's runners,
// built with `gcc -fopenmp`, which have libgomp only. LLVM's libomp
// implements the same function.
extern "C" void GOMP_parallel(void (*fn)(void *), void *data,
                              unsigned numThreads, unsigned flags);

namespace seam::dnnl_region {

namespace {

using Kind = BlockedPooling::Kind;

/// The element strides (n, channel block, h, w) of a 4-D f32 descriptor in
/// one block of 8 or 16 channels, and its block; 0 when it is not one.
int64_t blockedStrides(const dnnl::memory::desc &md,
                       std::array<int64_t, 4> &strides, bool channelsLast) {
  const dnnl_memory_desc_t &d = md.data;
  if (d.ndims != 4 || d.data_type != dnnl_f32 ||
      d.format_kind != dnnl_blocked || d.extra.flags != 0)
    return 0;
  const dnnl_blocking_desc_t &b = d.format_desc.blocking;
  // Channels-last (acdb, any outer strides) with channels a multiple of 8:
  // blocks of 16 (or 8) channels side by side in each pixel.
  if (channelsLast && b.inner_nblks == 0 && b.strides[1] == 1 &&
      d.padded_dims[1] == d.dims[1] && d.padded_dims[2] == d.dims[2] &&
      d.padded_dims[3] == d.dims[3]) {
    for (int64_t block : {16, 8}) {
      if (d.dims[1] % block != 0 || b.strides[0] % block != 0 ||
          b.strides[2] % block != 0 || b.strides[3] % block != 0 ||
          b.strides[2] < d.dims[1] || b.strides[3] < d.dims[1])
        continue;
      strides = {b.strides[0], block, b.strides[2], b.strides[3]};
      return block;
    }
    return 0;
  }
  if (b.inner_nblks != 1 || b.inner_idxs[0] != 1 ||
      (b.inner_blks[0] != 8 && b.inner_blks[0] != 16))
    return 0;
  int64_t block = b.inner_blks[0];
  // The lanes of a block are contiguous: every outer stride a multiple of
  // the block, the spatial dims unpadded.
  for (int i = 0; i < 4; ++i) {
    if (b.strides[i] % block != 0 || b.strides[i] <= 0)
      return 0;
    strides[i] = b.strides[i];
  }
  if (d.padded_dims[1] % block != 0 || d.padded_dims[2] != d.dims[2] ||
      d.padded_dims[3] != d.dims[3] || d.padded_offsets[1] != 0)
    return 0;
  return block;
}

/// The window positions [lo, hi) of `size` whose element `origin + k * step`
/// lies in [0, extent).
inline void validRange(int64_t origin, int64_t step, int64_t size,
                       int64_t extent, int64_t &lo, int64_t &hi) {
  lo = origin >= 0 ? 0 : (-origin + step - 1) / step;
  int64_t end = extent - origin; // k * step < end
  hi = end <= 0 ? 0 : std::min(size, (end + step - 1) / step);
  hi = std::max(hi, lo);
}

/// One row of outputs (batch `n`, channel block `cb`, output row `oh`): the
/// valid part of each window found first, then read without checks.
template <int B, Kind K>
[[gnu::always_inline]] inline void poolRow(const BlockedPooling &p,
                                           const float *src, float *dst,
                                           int64_t n, int64_t cb, int64_t oh) {
  const float *in = src + p.srcOffset + n * p.srcStrides[0] +
                    cb * p.srcStrides[1];
  float *out = dst + p.dstOffset + n * p.dstStrides[0] + cb * p.dstStrides[1] +
               oh * p.dstStrides[2];
  int64_t ih0 = oh * p.strideH - p.padTop;
  int64_t khLo, khHi;
  validRange(ih0, p.stepH, p.kernelH, p.inH, khLo, khHi);
  const int64_t rowStep = p.stepH * p.srcStrides[2];
  const int64_t colStep = p.stepW * p.srcStrides[3];
  const float *firstRow = in + (ih0 + khLo * p.stepH) * p.srcStrides[2];
  for (int64_t ow = 0; ow < p.outW; ++ow) {
    int64_t iw0 = ow * p.strideW - p.padLeft;
    int64_t kwLo, kwHi;
    validRange(iw0, p.stepW, p.kernelW, p.inW, kwLo, kwHi);
    float acc[B];
    for (int l = 0; l < B; ++l)
      acc[l] = K == Kind::Max ? std::numeric_limits<float>::lowest() : 0.0f;
    const float *first =
        firstRow + (iw0 + kwLo * p.stepW) * p.srcStrides[3];
    for (int64_t kh = khLo; kh < khHi; ++kh, first += rowStep) {
      const float *v = first;
      for (int64_t kw = kwLo; kw < kwHi; ++kw, v += colStep)
        for (int l = 0; l < B; ++l) {
          if constexpr (K == Kind::Max)
            acc[l] = v[l] > acc[l] ? v[l] : acc[l];
          else
            acc[l] += v[l];
        }
    }
    float *o = out + ow * p.dstStrides[3];
    if constexpr (K == Kind::Max) {
      for (int l = 0; l < B; ++l)
        o[l] = acc[l];
    } else {
      // oneDNN's divisors: the whole window, or its elements in the source.
      int64_t divisor = K == Kind::AvgIncludePadding
                            ? p.kernelH * p.kernelW
                            : (khHi - khLo) * (kwHi - kwLo);
      float scale = divisor > 0 ? 1.0f / static_cast<float>(divisor) : 0.0f;
      for (int l = 0; l < B; ++l)
        o[l] = acc[l] * scale;
    }
  }
}

using RowFn = void (*)(const BlockedPooling &, const float *, float *, int64_t,
                       int64_t, int64_t);

template <int B, Kind K>
void rowPortable(const BlockedPooling &p, const float *src, float *dst,
                 int64_t n, int64_t cb, int64_t oh) {
  poolRow<B, K>(p, src, dst, n, cb, oh);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// The same loops in AVX2 registers (one block of 8 per register).
template <int B, Kind K>
__attribute__((target("avx2"))) void rowAvx2(const BlockedPooling &p,
                                             const float *src, float *dst,
                                             int64_t n, int64_t cb,
                                             int64_t oh) {
  poolRow<B, K>(p, src, dst, n, cb, oh);
}
#endif

template <int B, Kind K> RowFn selectRow() {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  if (__builtin_cpu_supports("avx2"))
    return rowAvx2<B, K>;
#endif
  return rowPortable<B, K>;
}

template <int B> RowFn selectRow(Kind kind) {
  switch (kind) {
  case Kind::Max:
    return selectRow<B, Kind::Max>();
  case Kind::AvgIncludePadding:
    return selectRow<B, Kind::AvgIncludePadding>();
  case Kind::AvgExcludePadding:
    return selectRow<B, Kind::AvgExcludePadding>();
  }
  return nullptr;
}

} // namespace

std::optional<BlockedPooling> BlockedPooling::match(
    Kind kind, const dnnl::memory::desc &src, const dnnl::memory::desc &dst,
    const dnnl::memory::dims &strides, const dnnl::memory::dims &kernel,
    const dnnl::memory::dims &dilations, const dnnl::memory::dims &padLeft,
    bool channelsLast) {
  BlockedPooling p;
  int64_t srcBlock = blockedStrides(src, p.srcStrides, channelsLast);
  int64_t dstBlock = blockedStrides(dst, p.dstStrides, channelsLast);
  if (srcBlock == 0 || srcBlock != dstBlock || strides.size() != 2 ||
      kernel.size() != 2 || dilations.size() != 2 || padLeft.size() != 2)
    return std::nullopt;
  const dnnl_memory_desc_t &s = src.data, &d = dst.data;
  if (s.dims[0] != d.dims[0] || s.dims[1] != d.dims[1] ||
      s.padded_dims[1] != d.padded_dims[1])
    return std::nullopt;
  p.kind = kind;
  p.block = srcBlock;
  p.blocks = s.padded_dims[1] / srcBlock;
  p.batch = s.dims[0];
  p.inH = s.dims[2];
  p.inW = s.dims[3];
  p.outH = d.dims[2];
  p.outW = d.dims[3];
  p.kernelH = kernel[0];
  p.kernelW = kernel[1];
  p.strideH = strides[0];
  p.strideW = strides[1];
  p.stepH = dilations[0] + 1;
  p.stepW = dilations[1] + 1;
  p.padTop = padLeft[0];
  p.padLeft = padLeft[1];
  p.srcOffset = s.offset0;
  p.dstOffset = d.offset0;
  if (p.kernelH <= 0 || p.kernelW <= 0 || p.strideH <= 0 || p.strideW <= 0)
    return std::nullopt;
  p.row = p.block == 16 ? selectRow<16>(kind) : selectRow<8>(kind);
  return p;
}

namespace {

/// What each thread of the team runs: its share of the rows.
struct PoolingTeamWork {
  const BlockedPooling *pooling;
  const float *src;
  float *dst;
  int64_t total;
};

void runRows(const PoolingTeamWork &work, int64_t begin, int64_t end) {
  const BlockedPooling &p = *work.pooling;
  for (int64_t i = begin; i < end; ++i) {
    int64_t plane = i / p.outH, oh = i % p.outH;
    p.row(p, work.src, work.dst, plane / p.blocks, plane % p.blocks, oh);
  }
}

void runShare(void *data) {
  const auto &work = *static_cast<const PoolingTeamWork *>(data);
  int64_t threads = omp_get_num_threads(), t = omp_get_thread_num();
  int64_t chunk = work.total / threads, extra = work.total % threads;
  int64_t begin = t * chunk + std::min(t, extra);
  runRows(work, begin, begin + chunk + (t < extra ? 1 : 0));
}

} // namespace

void BlockedPooling::run(const float *src, float *dst) const {
  PoolingTeamWork work{this, src, dst, batch * blocks * outH};
  // The rows on oneDNN's OpenMP pool; here alone when it has one thread.
  int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (threads <= 1 || work.total < 2) {
    runRows(work, 0, work.total);
    return;
  }
  GOMP_parallel(runShare, &work, static_cast<unsigned>(threads), 0);
}

} // namespace seam::dnnl_region
