//===- SeamBufferCache.cpp - Buffers of generated code, kept for reuse ----===//
//
// Generated code allocates its intermediate buffers when it runs and frees
// them before it returns (memref.alloc / memref.dealloc, lowered to MLIR's
// generic allocation functions, which the JIT binds to these). Large blocks
// come from mmap, so a model run again would get fresh pages every time and
// fault on each of them (MobileNetV2 compiled by Seam: 15,000 page faults,
// about a quarter of its run time). Freed blocks of at least kMinCachedBytes
// are kept instead, up to a total of SEAM_BUFFER_CACHE_BYTES (default
// 512 MiB), and handed out again to an allocation of the same size or up to
// a quarter smaller: a model's next run reuses its previous run's pages.
// seam_buffer_cache_trim() returns the kept blocks to the system (the Session
// calls it when one is destroyed).
//
// libc and the C++ runtime only, like the rest of seam_runtime.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <map>
#include <mutex>

namespace {

/// Smaller blocks come from malloc's own free lists without page faults.
constexpr size_t kMinCachedBytes = size_t(64) << 10;

class BufferCache {
public:
  /// A kept block of at least `size` bytes aligned to `alignment`, or null.
  void *take(size_t size, size_t alignment) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = blocks.lower_bound(size);
    for (; it != blocks.end() && it->first <= size + size / 4; ++it) {
      if (reinterpret_cast<uintptr_t>(it->second) % alignment != 0)
        continue;
      void *block = it->second;
      bytes -= it->first;
      blocks.erase(it);
      return block;
    }
    return nullptr;
  }

  /// Keeps `block` (of `size` usable bytes) if the cache has room.
  bool keep(void *block, size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    if (bytes + size > capacity())
      return false;
    blocks.emplace(size, block);
    bytes += size;
    return true;
  }

  void trim() {
    std::multimap<size_t, void *> kept;
    {
      std::lock_guard<std::mutex> lock(mutex);
      kept.swap(blocks);
      bytes = 0;
    }
    for (auto &entry : kept)
      std::free(entry.second);
  }

private:
  static size_t capacity() {
    static const size_t bytes = [] {
      const char *text = std::getenv("SEAM_BUFFER_CACHE_BYTES");
      char *end = nullptr;
      unsigned long long value = text ? std::strtoull(text, &end, 10) : 0;
      return text && end != text && *end == '\0' ? size_t(value)
                                                 : size_t(512) << 20;
    }();
    return bytes;
  }

  std::mutex mutex;
  /// Usable size -> block.
  std::multimap<size_t, void *> blocks;
  size_t bytes = 0;
};

BufferCache &cache() {
  // Never destroyed: generated code may free a block during exit.
  static BufferCache *instance = new BufferCache();
  return *instance;
}

} // namespace

extern "C" void *seam_buffer_alloc(uint64_t size) {
  if (size >= kMinCachedBytes)
    if (void *block = cache().take(size, alignof(std::max_align_t)))
      return block;
  return std::malloc(size);
}

extern "C" void *seam_buffer_aligned_alloc(uint64_t alignment, uint64_t size) {
  // aligned_alloc wants a power of two, at least a pointer's size.
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)
    alignment = alignof(std::max_align_t);
  if (size >= kMinCachedBytes)
    if (void *block = cache().take(size, alignment))
      return block;
  // aligned_alloc wants a size that is a multiple of the alignment.
  return std::aligned_alloc(alignment,
                            (size + alignment - 1) / alignment * alignment);
}

extern "C" void seam_buffer_free(void *block) {
  if (!block)
    return;
  size_t size = malloc_usable_size(block);
  if (size >= kMinCachedBytes && cache().keep(block, size))
    return;
  std::free(block);
}

extern "C" void seam_buffer_cache_trim(void) { cache().trim(); }
