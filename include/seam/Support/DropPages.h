//===- DropPages.h - Give back the pages of data read for the last time --===//
//
// A read-only view of a file mapping (a model being parsed, a cache entry)
// whose data will not be read again: its whole pages are dropped from the
// process (they come back from the file if read after all).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_SUPPORT_DROPPAGES_H
#define SEAM_SUPPORT_DROPPAGES_H

#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

namespace seam {

/// Drops the whole pages inside [begin, end) of a file mapping; returns the
/// end of the last page dropped (`begin` rounded up when none is).
inline const char *dropWholePages(const char *begin, const char *end) {
  static const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  uintptr_t from =
      (reinterpret_cast<uintptr_t>(begin) + page - 1) & ~(page - 1);
  uintptr_t to = reinterpret_cast<uintptr_t>(end) & ~(page - 1);
  if (to <= from)
    return reinterpret_cast<const char *>(from);
  ::madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
  return reinterpret_cast<const char *>(to);
}

} // namespace seam

#endif // SEAM_SUPPORT_DROPPAGES_H
