//===- HugePages.h - Ask for transparent huge pages before first touch ----===//
//
// Large buffers filled once while a session is created (a model's weights as
// parsed, their copies) are written page by page: on 4 KiB pages that is a
// page fault per 4 KiB, on a virtual machine a large part of the time. Asked
// for before the buffer is first touched, transparent huge pages take one
// fault per 2 MiB. Advice only: ignored where the kernel has none to give.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_SUPPORT_HUGEPAGES_H
#define SEAM_SUPPORT_HUGEPAGES_H

#include <cstddef>
#include <cstdint>
#include <sys/mman.h>

namespace seam {

/// The transparent huge page size this advice is for.
constexpr size_t kHugePageBytes = size_t(2) << 20;

/// Advises huge pages for the whole huge pages inside [data, data + bytes),
/// which must not have been written yet.
inline void adviseHugePages(void *data, size_t bytes) {
  uintptr_t from = (reinterpret_cast<uintptr_t>(data) + kHugePageBytes - 1) &
                   ~uintptr_t(kHugePageBytes - 1);
  uintptr_t to = (reinterpret_cast<uintptr_t>(data) + bytes) &
                 ~uintptr_t(kHugePageBytes - 1);
  if (to > from)
    ::madvise(reinterpret_cast<void *>(from), to - from, MADV_HUGEPAGE);
}

} // namespace seam

#endif // SEAM_SUPPORT_HUGEPAGES_H
