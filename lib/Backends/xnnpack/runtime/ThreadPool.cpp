//===- ThreadPool.cpp - The pthreadpools regions run on -------------------===//
//
// A registry of pools by thread count, each alive while a region uses it.
//
// C++ standard library and pthreadpool only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "ThreadPool.h"

#include <cstdio>
#include <map>
#include <mutex>

namespace seam::xnnpack_region {

ThreadPoolRef getSharedThreadPool(int threads) {
  if (threads <= 1)
    return nullptr;
  if (!openMPThreadPoolIsActive()) {
    static std::once_flag noted;
    std::call_once(noted, [] {
      std::fprintf(stderr, "seam-xnnpack: the OpenMP thread pool does not "
                           "take pthreadpool's place in this process: "
                           "XNNPACK regions run on one thread\n");
    });
    return nullptr;
  }
  static std::mutex mutex;
  static std::map<int, std::weak_ptr<pthreadpool>> pools;
  std::lock_guard<std::mutex> lock(mutex);
  if (ThreadPoolRef pool = pools[threads].lock())
    return pool;
  pthreadpool_t pool = pthreadpool_create(static_cast<size_t>(threads));
  if (!pool)
    return nullptr;
  ThreadPoolRef shared(pool, pthreadpool_destroy);
  pools[threads] = shared;
  return shared;
}

} // namespace seam::xnnpack_region
