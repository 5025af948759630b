//===- ThreadPool.h - The pthreadpools regions run on -----------*- C++ -*-===//
//
// XNNPACK parallelizes on a pthreadpool, not on the OpenMP (libgomp) pool
// the rest of Seam uses. A region takes its thread count when it is created
// (see XnnpackRuntime.h) and runs on a pool of that many threads; regions of
// the same count share one pool (pthreadpool serializes the calls of
// several threads on one pool), so a model with many regions does not keep
// many idle pools. One thread means no pool (null): XNNPACK then runs on the
// calling thread.
//
// C++ standard library and pthreadpool only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_THREADPOOL_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_THREADPOOL_H

#include <pthreadpool.h>

#include <memory>

namespace seam::xnnpack_region {

/// A reference to a shared pthreadpool (null for one thread).
using ThreadPoolRef = std::shared_ptr<pthreadpool>;

/// The shared pool of `threads` threads (null when threads <= 1, or when
/// pthreadpool cannot start threads: the region then runs on the caller).
ThreadPoolRef getSharedThreadPool(int threads);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_THREADPOOL_H
