//===- SeamBufferCacheTest.cpp - Buffers of generated code, reused --------===//
//
// lib/Runtime/SeamBufferCache.cpp on its own: what generated code's
// memref.alloc / memref.dealloc call.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

namespace {

constexpr uint64_t kMiB = uint64_t(1) << 20;

TEST(SeamBufferCache, ReusesAFreedLargeBlockForTheSameSize) {
  seam_buffer_cache_trim();
  void *first = seam_buffer_alloc(3 * kMiB);
  ASSERT_NE(first, nullptr);
  std::memset(first, 1, 3 * kMiB);
  seam_buffer_free(first);
  void *again = seam_buffer_alloc(3 * kMiB);
  EXPECT_EQ(again, first);
  seam_buffer_free(again);
  // Up to a quarter smaller takes it too; a block twice the size does not.
  void *smaller = seam_buffer_alloc(3 * kMiB - kMiB / 2);
  EXPECT_EQ(smaller, first);
  seam_buffer_free(smaller);
  void *half = seam_buffer_alloc(3 * kMiB / 2);
  EXPECT_NE(half, first);
  void *larger = seam_buffer_alloc(4 * kMiB);
  EXPECT_NE(larger, first);
  seam_buffer_free(half);
  seam_buffer_free(larger);
  seam_buffer_cache_trim();
}

TEST(SeamBufferCache, KeepsAlignment) {
  seam_buffer_cache_trim();
  // A kept block that is not 1 MiB-aligned is not handed out for an aligned
  // allocation that needs it.
  void *plain = seam_buffer_alloc(2 * kMiB);
  ASSERT_NE(plain, nullptr);
  bool plainAligned = reinterpret_cast<uintptr_t>(plain) % kMiB == 0;
  seam_buffer_free(plain);
  void *aligned = seam_buffer_aligned_alloc(kMiB, 2 * kMiB);
  ASSERT_NE(aligned, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(aligned) % kMiB, 0u);
  if (!plainAligned)
    EXPECT_NE(aligned, plain);
  seam_buffer_free(aligned);
  // A size that is not a multiple of the alignment is allocated too.
  void *odd = seam_buffer_aligned_alloc(64, 100);
  ASSERT_NE(odd, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(odd) % 64, 0u);
  seam_buffer_free(odd);
  // An alignment aligned_alloc would refuse (0, not a power of two) gets
  // malloc's.
  for (uint64_t bad : {uint64_t(0), uint64_t(24)}) {
    void *block = seam_buffer_aligned_alloc(bad, 1000);
    ASSERT_NE(block, nullptr) << bad;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % alignof(std::max_align_t),
              0u);
    seam_buffer_free(block);
  }
  seam_buffer_free(nullptr);
  seam_buffer_cache_trim();
}

TEST(SeamBufferCache, OneBlockIsNeverHandedOutTwice) {
  // Threads allocating, writing and freeing blocks of the same sizes at
  // once: each sees its own bytes.
  seam_buffer_cache_trim();
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &failures] {
      for (int i = 0; i < 200; ++i) {
        uint64_t size = (1 + i % 3) * kMiB / 4;
        auto *block = static_cast<unsigned char *>(seam_buffer_alloc(size));
        std::memset(block, t + 1, size);
        std::this_thread::yield();
        for (uint64_t k = 0; k < size; k += 4096)
          failures[t] += block[k] != t + 1;
        seam_buffer_free(block);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < 4; ++t)
    EXPECT_EQ(failures[t], 0) << "thread " << t;
  seam_buffer_cache_trim();
}

} // namespace
