//===- WeightAlignment.h - The alignment of the compiled code's weights ---===//
//
// Weights the generated code reads are 64-byte aligned (a cache line, one
// AVX-512 vector): read from 16-byte-aligned copies, AlexNet's fully
// connected layers ran 2-5 % slower (vector loads across cache lines). The
// importer keeps this much spare capacity behind a large tensor's bytes so
// that they can be moved onto such an address where they are, instead of
// being copied into fresh pages.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_SUPPORT_WEIGHTALIGNMENT_H
#define SEAM_SUPPORT_WEIGHTALIGNMENT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace seam {

constexpr size_t kWeightAlignment = 64;

/// Tensors of at least this many bytes are parsed with the spare capacity.
constexpr size_t kAlignInPlaceBytes = size_t(64) << 10;

/// Moves the bytes of `bytes` forward inside its capacity onto the next
/// kWeightAlignment-aligned address and returns it, or nullptr when the
/// capacity has no room. The string's first bytes are then padding: it holds
/// padding + data, and only the returned pointer should be read.
inline const char *alignInPlace(std::string &bytes) {
  size_t misalignment =
      reinterpret_cast<uintptr_t>(bytes.data()) % kWeightAlignment;
  size_t pad = misalignment ? kWeightAlignment - misalignment : 0;
  if (bytes.capacity() - bytes.size() < pad)
    return nullptr;
  bytes.insert(0, pad, '\0'); // a memmove within the capacity: no new pages
  return bytes.data() + pad;
}

} // namespace seam

#endif // SEAM_SUPPORT_WEIGHTALIGNMENT_H
