//===- SeamRuntime.cpp - Support functions generated code calls -----------===//
//
// libc only: this file is part of the runtime library that objects from
// seam-compile link with.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

#include <chrono>

#include <cstring>

namespace {

/// A view of a ranked descriptor laid out as MLIR's memref lowering does.
struct Descriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

Descriptor view(const SeamUnrankedMemRef *memref) {
  auto *fields = static_cast<char **>(memref->descriptor);
  Descriptor d;
  d.allocated = fields[0];
  d.aligned = fields[1];
  auto *ints = reinterpret_cast<const int64_t *>(fields + 2);
  d.offset = ints[0];
  d.sizes = ints + 1;
  d.strides = ints + 1 + memref->rank;
  return d;
}

} // namespace

// The JIT binds MLIR's `memrefCopy` to this function. It is Seam's own on
// purpose, not MLIR's runner utilities (libmlir_c_runner_utils): Debian's
// /usr/lib/llvm-22/lib/libmlir_c_runner_utils.so links libMLIR.so and
// libLLVM.so (see ldd), and this runtime depends on libc only, so that it
// can be cross-compiled and linked with seam-compile objects without LLVM.
extern "C" void seam_memref_copy(int64_t elementSize,
                                 SeamUnrankedMemRef *source,
                                 SeamUnrankedMemRef *target) {
  int64_t rank = source->rank;
  Descriptor src = view(source), dst = view(target);
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= src.sizes[i];
  if (count == 0)
    return;
  // The innermost dimension is copied as one block when it is contiguous on
  // both sides; an odometer walks the outer indices in row-major order.
  int64_t inner = 1, outerRank = rank;
  if (rank > 0 && src.strides[rank - 1] == 1 && dst.strides[rank - 1] == 1) {
    inner = src.sizes[rank - 1];
    outerRank = rank - 1;
  }
  int64_t index[8] = {0};
  int64_t *indices = outerRank <= 8 ? index : new int64_t[outerRank]();
  char *s = src.aligned + src.offset * elementSize;
  char *d = dst.aligned + dst.offset * elementSize;
  for (int64_t n = 0, blocks = count / inner; n < blocks; ++n) {
    std::memcpy(d, s, inner * elementSize);
    for (int64_t axis = outerRank - 1; axis >= 0; --axis) {
      s += src.strides[axis] * elementSize;
      d += dst.strides[axis] * elementSize;
      if (++indices[axis] < src.sizes[axis])
        break;
      s -= src.strides[axis] * src.sizes[axis] * elementSize;
      d -= dst.strides[axis] * src.sizes[axis] * elementSize;
      indices[axis] = 0;
    }
  }
  if (indices != index)
    delete[] indices;
}

namespace {
/// The handler of the session creating its kernel-library state on this
/// thread (sessions may be created on several threads at once).
thread_local SeamWeightConsumedFn weightConsumedHandler = nullptr;
thread_local void *weightConsumedContext = nullptr;
} // namespace

extern "C" void seam_set_weight_consumed_handler(SeamWeightConsumedFn handler,
                                                 void *context) {
  weightConsumedHandler = handler;
  weightConsumedContext = context;
}

extern "C" void seam_weight_consumed(const void *data) {
  if (weightConsumedHandler)
    weightConsumedHandler(weightConsumedContext, data);
}

extern "C" int64_t seam_profile_clock(void) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

extern "C" void seam_profile_add(int64_t *counter, int64_t start) {
  __atomic_fetch_add(counter, seam_profile_clock() - start, __ATOMIC_RELAXED);
}

extern "C" void seam_profile_count(int64_t *counter) {
  __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}
