//===- ThreadPool.h - The pthreadpools regions run on -----------*- C++ -*-===//
//
// XNNPACK parallelizes through the pthreadpool API, which this runtime
// implements on Seam's OpenMP (libgomp) pool (OpenMPThreadPool.cpp), so that
// XNNPACK, oneDNN and compiled code share one set of threads. A region takes
// its thread count when it is created (see XnnpackRuntime.h); regions of the
// same count share one pool object. One thread means no pool (null):
// XNNPACK then runs on the calling thread, as it does when the OpenMP pool
// could not take pthreadpool's place in the process (a note on stderr).
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
/// the OpenMP pool is not active: the region then runs on the caller).
ThreadPoolRef getSharedThreadPool(int threads);

/// Whether XNNPACK's calls of the pthreadpool API reach this runtime's
/// OpenMP implementation (and not libpthreadpool.so's).
bool openMPThreadPoolIsActive();

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_THREADPOOL_H
