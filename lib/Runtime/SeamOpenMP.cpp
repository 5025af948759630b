//===- SeamOpenMP.cpp - LLVM's OpenMP entry points on GNU OpenMP ----------===//
//
// MLIR lowers parallel loops through the OpenMP dialect to calls of LLVM's
// OpenMP runtime ABI (__kmpc_fork_call, __kmpc_for_static_init_8u, ...).
// Debian's oneDNN runs on GNU OpenMP (libgomp), and two OpenMP runtimes in
// one process fight over the cores (TVM issue #4089). These functions
// implement the few entry points generated code uses on top of libgomp, so
// compiled loops and oneDNN share one thread pool. The JIT maps the __kmpc_*
// names to them; nothing here is exported under those names.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

#include <omp.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace {

using Microtask = void (*)(int32_t *, int32_t *, ...);

/// Calls `task` with the outlined region's pointer arguments.
void callMicrotask(Microtask task, int32_t *gtid, int32_t *btid, int32_t argc,
                   void **args) {
  switch (argc) {
  case 0: task(gtid, btid); break;
  case 1: task(gtid, btid, args[0]); break;
  case 2: task(gtid, btid, args[0], args[1]); break;
  case 3: task(gtid, btid, args[0], args[1], args[2]); break;
  case 4: task(gtid, btid, args[0], args[1], args[2], args[3]); break;
  case 5: task(gtid, btid, args[0], args[1], args[2], args[3], args[4]); break;
  case 6: task(gtid, btid, args[0], args[1], args[2], args[3], args[4], args[5]); break;
  case 7: task(gtid, btid, args[0], args[1], args[2], args[3], args[4], args[5], args[6]); break;
  case 8: task(gtid, btid, args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7]); break;
  }
}

/// Static schedule of the inclusive range [*lower, *upper] step `incr` for
/// the calling thread: contiguous blocks, the first `extra` threads one
/// iteration more.
template <typename T>
void staticInit(int32_t *lastIter, T *lower, T *upper, T *stride, T incr) {
  int64_t threads = omp_get_num_threads(), tid = omp_get_thread_num();
  T trip = (*upper - *lower) / incr + 1;
  if (*upper < *lower)
    trip = 0;
  T small = trip / threads, extra = trip % threads;
  T begin = tid * small + (static_cast<T>(tid) < extra ? tid : extra);
  T count = small + (static_cast<T>(tid) < extra ? 1 : 0);
  *stride = trip * incr;
  if (lastIter)
    *lastIter = count > 0 && begin + count == trip;
  if (count == 0) {
    // An empty range for this thread: upper below lower.
    *upper = *lower;
    *lower = *lower + incr;
    return;
  }
  *lower = *lower + begin * incr;
  *upper = *lower + (count - 1) * incr;
}

} // namespace

extern "C" {

void seam_kmpc_fork_call(void *, int32_t argc, void *task, ...) {
  // MLIR's OpenMP lowering passes the outlined region's captures as one
  // struct pointer; more than 8 pointers would be a change of that ABI, and
  // calling the task with a truncated list would corrupt memory.
  if (argc < 0 || argc > 8) {
    std::fprintf(stderr,
                 "seam runtime: __kmpc_fork_call with %d arguments (at most 8 "
                 "supported)\n",
                 static_cast<int>(argc));
    std::abort();
  }
  void *args[8] = {nullptr};
  va_list ap;
  va_start(ap, task);
  for (int32_t i = 0; i < argc; ++i)
    args[i] = va_arg(ap, void *);
  va_end(ap);
#pragma omp parallel
  {
    int32_t gtid = omp_get_thread_num(), btid = gtid;
    callMicrotask(reinterpret_cast<Microtask>(task), &gtid, &btid, argc, args);
  }
}

int32_t seam_kmpc_global_thread_num(void *) { return omp_get_thread_num(); }

void seam_kmpc_barrier(void *, int32_t) {
#pragma omp barrier
}

void seam_kmpc_for_static_init_8u(void *, int32_t, int32_t, int32_t *lastIter,
                                  uint64_t *lower, uint64_t *upper,
                                  int64_t *stride, int64_t incr, int64_t) {
  uint64_t s;
  staticInit<uint64_t>(lastIter, lower, upper, &s, static_cast<uint64_t>(incr));
  *stride = static_cast<int64_t>(s);
}

void seam_kmpc_for_static_init_8(void *, int32_t, int32_t, int32_t *lastIter,
                                 int64_t *lower, int64_t *upper, int64_t *stride,
                                 int64_t incr, int64_t) {
  staticInit<int64_t>(lastIter, lower, upper, stride, incr);
}

void seam_kmpc_for_static_fini(void *, int32_t) {}

void seam_set_num_threads(int32_t threads) {
  if (threads > 0)
    omp_set_num_threads(threads);
}

int32_t seam_get_max_threads(void) { return omp_get_max_threads(); }

} // extern "C"
