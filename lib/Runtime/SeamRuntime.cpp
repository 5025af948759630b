//===- SeamRuntime.cpp - Support functions generated code calls -----------===//
//
// libc only: this file is part of the runtime library that objects from
// seam-compile link with.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

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

extern "C" void seam_memref_copy(int64_t elementSize, SeamUnrankedMemRef *source,
                                 SeamUnrankedMemRef *target) {
  int64_t rank = source->rank;
  Descriptor src = view(source), dst = view(target);
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= src.sizes[i];
  if (count == 0)
    return;
  // Walk the elements in row-major order with an odometer over the indices.
  int64_t index[8] = {0};
  int64_t *indices = rank <= 8 ? index : new int64_t[rank]();
  char *s = src.aligned + src.offset * elementSize;
  char *d = dst.aligned + dst.offset * elementSize;
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(d, s, elementSize);
    for (int64_t axis = rank - 1; axis >= 0; --axis) {
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
