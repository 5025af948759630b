//===- SeamOpenMP.cpp - LLVM's OpenMP entry points on GNU OpenMP ----------===//
//
// MLIR lowers parallel loops through the OpenMP dialect to calls of LLVM's
// OpenMP runtime ABI (__kmpc_fork_call, __kmpc_for_static_init_8u, ...).
// Debian's oneDNN runs on GNU OpenMP (libgomp), and two OpenMP runtimes in
// one process fight over the cores (TVM issue #4089). These functions
// implement the entry points generated code uses on top of libgomp, so
// compiled loops and oneDNN share one thread pool. The JIT maps the __kmpc_*
// names to them; nothing here is exported under those names.
//
// What Seam's pipeline emits (scf.forall -> scf.parallel -> omp.parallel +
// omp.wsloop, lowered by OpenMPIRBuilder): __kmpc_fork_call with 1 captured
// value (OpenMPIRBuilder outlines a region with its captures in one struct
// and passes its address) or 0; __kmpc_global_thread_num;
// __kmpc_for_static_init_8u with schedule 34 (kmp_sch_static), increment 1,
// chunk 0, lower 0 and upper trip-count - 1 (so 0 - 1 for an empty loop);
// __kmpc_for_static_fini; __kmpc_barrier. Supported here, a superset:
//
//  * seam_kmpc_fork_call(loc, argc, microtask, ...): 0 to kMaxForkArgs = 16
//    captured pointer values, each passed to the microtask as its own
//    parameter (the microtask is called through its exact, non-variadic
//    type). More aborts with a message: a truncated argument list would
//    corrupt memory. The team has libgomp's default size, or the size of the
//    preceding seam_kmpc_push_num_threads on the same thread (num_threads
//    clause; emitted by -convert-scf-to-openmp{num-threads=N}).
//  * seam_kmpc_for_static_init_{4,4u,8,8u}: signed and unsigned 32- and
//    64-bit loops, any non-zero increment (negative too), the schedules
//    kmp_sch_static = 34 and kmp_sch_static_chunked = 33, with libomp's
//    monotonic/nonmonotonic modifier bits (1 << 29, 1 << 30) ignored as libomp
//    does. The results are libomp's:
//      - static: the iterations in contiguous blocks, the first
//        trip % threads threads one iteration more; *stride = trip * incr;
//      - static_chunked: chunks of `chunk` iterations (chunk < 1 counts as 1)
//        dealt round robin: thread t gets chunks t, t + T, t + 2T, ...;
//        *lower / *upper are the first chunk's (*upper may pass the loop's
//        upper bound: the caller clamps), *stride = chunk * incr * T, or
//        chunk * incr * chunks when there are fewer chunks than threads;
//      - a thread without iterations gets *lower = *upper + 1 (- 1 for a
//        negative increment), *upper unchanged: upper - lower + 1 == 0, which
//        is the trip count OpenMPIRBuilder computes;
//      - an empty loop (upper < lower, or lower 0 / upper all ones of an
//        unsigned type: OpenMPIRBuilder's zero-trip loop) runs nowhere;
//      - one thread (or a call outside a parallel region) gets the whole range;
//      - *lastIter is 1 on exactly the thread that runs the last iteration.
//    Any other schedule (dynamic, guided, runtime, auto, ordered, nomerge,
//    distribute: 91/92 need teams, which Seam never emits) aborts with a
//    message that names it; so does a zero increment.
//  * seam_kmpc_for_static_fini, seam_kmpc_barrier, seam_kmpc_global_thread_num
//    (the thread's number in its team: enough, since the shim ignores gtid).
//
// Not implemented (Seam's pipeline emits none of them, and the JIT then fails
// to link with the symbol's name): __kmpc_fork_call_if, dynamic/guided
// dispatch (__kmpc_dispatch_*), reductions (__kmpc_reduce*), teams and
// distribute (__kmpc_fork_teams, __kmpc_distribute_static_init_*,
// __kmpc_dist_for_static_init_*), tasks, critical/master/single.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

#include <omp.h>

#include <array>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>

// libgomp's ABI, called directly rather than through `#pragma omp`: what a
// pragma becomes depends on the compiler (gcc: these calls; clang: libomp's
// __kmpc_* entry points), and this archive is also linked by programs built
// with `gcc -fopenmp` (seam-compile's runners), which have libgomp only.
// LLVM's libomp implements the same two functions.
extern "C" void GOMP_parallel(void (*fn)(void *), void *data,
                              unsigned numThreads, unsigned flags);
extern "C" void GOMP_barrier(void);

namespace {

//===----------------------------------------------------------------------===//
// fork_call
//===----------------------------------------------------------------------===//

/// The most captured values seam_kmpc_fork_call passes on (MLIR emits 0 or 1).
constexpr int32_t kMaxForkArgs = 16;
static_assert(kMaxForkArgs == SEAM_KMPC_MAX_FORK_ARGS,
              "keep SeamRuntime.h's limit in sync");

using Invoker = void (*)(void *task, int32_t *gtid, int32_t *btid,
                         void *const *args);

/// The team's body of seam_kmpc_fork_call: each thread calls the microtask
/// with its own thread number.
struct ForkedRegion {
  Invoker call;
  void *task;
  void **args;
};
void runForkedRegion(void *data) {
  auto *region = static_cast<ForkedRegion *>(data);
  int32_t gtid = omp_get_thread_num(), btid = gtid;
  region->call(region->task, &gtid, &btid, region->args);
}

/// Calls `task` as `void task(int32_t *, int32_t *, void *, ... N times)`,
/// the type of the outlined function, with args[0..N).
template <size_t... I>
void invokeWith(void *task, int32_t *gtid, int32_t *btid, void *const *args,
                std::index_sequence<I...>) {
  using Microtask =
      void (*)(int32_t *, int32_t *, std::enable_if_t<I + 1 != 0, void *>...);
  (void)args;
  reinterpret_cast<Microtask>(task)(gtid, btid, args[I]...);
}

template <size_t N>
void invoke(void *task, int32_t *gtid, int32_t *btid, void *const *args) {
  invokeWith(task, gtid, btid, args, std::make_index_sequence<N>());
}

template <size_t... N>
constexpr std::array<Invoker, sizeof...(N)>
makeInvokers(std::index_sequence<N...>) {
  return {{&invoke<N>...}};
}

/// invokers[n] calls a microtask with n captured values.
constexpr std::array<Invoker, kMaxForkArgs + 1> invokers =
    makeInvokers(std::make_index_sequence<kMaxForkArgs + 1>());

/// Threads requested by __kmpc_push_num_threads for the calling thread's next
/// fork_call; 0: libgomp's default.
thread_local int32_t pushedNumThreads = 0;

//===----------------------------------------------------------------------===//
// for_static_init
//===----------------------------------------------------------------------===//

// libomp's sched_type values (openmp/runtime/src/kmp.h).
constexpr int32_t kSchStaticChunked = 33;
constexpr int32_t kSchStatic = 34;
constexpr int32_t kSchModifiers = (1 << 29) | (1 << 30); // (non)monotonic

const char *scheduleName(int32_t schedule) {
  switch (schedule & ~kSchModifiers) {
  case 33:
    return "kmp_sch_static_chunked";
  case 34:
    return "kmp_sch_static";
  case 35:
    return "kmp_sch_dynamic_chunked";
  case 36:
    return "kmp_sch_guided_chunked";
  case 37:
    return "kmp_sch_runtime";
  case 38:
    return "kmp_sch_auto";
  case 39:
    return "kmp_sch_trapezoidal";
  case 40:
    return "kmp_sch_static_greedy";
  case 41:
    return "kmp_sch_static_balanced";
  case 42:
    return "kmp_sch_guided_iterative_chunked";
  case 43:
    return "kmp_sch_guided_analytical_chunked";
  case 44:
    return "kmp_sch_static_steal";
  case 45:
    return "kmp_sch_static_balanced_chunked";
  case 46:
    return "kmp_sch_guided_simd";
  case 47:
    return "kmp_sch_runtime_simd";
  case 65:
    return "kmp_ord_static_chunked";
  case 66:
    return "kmp_ord_static";
  case 67:
    return "kmp_ord_dynamic_chunked";
  case 68:
    return "kmp_ord_guided_chunked";
  case 69:
    return "kmp_ord_runtime";
  case 70:
    return "kmp_ord_auto";
  case 71:
    return "kmp_ord_trapezoidal";
  case 91:
    return "kmp_distribute_static_chunked";
  case 92:
    return "kmp_distribute_static";
  case 161:
    return "kmp_nm_static_chunked";
  case 162:
    return "kmp_nm_static";
  default:
    return "unknown schedule";
  }
}

/// libomp's __kmp_for_static_init for kmp_sch_static (balanced) and
/// kmp_sch_static_chunked, on the inclusive range [*lower, *upper] step `incr`
/// for the calling thread of the current team.
template <typename T>
void staticInit(const char *entry, int32_t schedule, int32_t *lastIter,
                T *lower, T *upper, std::make_signed_t<T> *stride,
                std::make_signed_t<T> incr, std::make_signed_t<T> chunk) {
  using UT = std::make_unsigned_t<T>;
  using ST = std::make_signed_t<T>;
  int32_t kind = schedule & ~kSchModifiers;
  if (kind != kSchStatic && kind != kSchStaticChunked) {
    std::fprintf(stderr,
                 "seam runtime: %s: schedule %d (%s) is not supported; Seam's "
                 "OpenMP runtime implements kmp_sch_static (34) and "
                 "kmp_sch_static_chunked (33) only\n",
                 entry, static_cast<int>(schedule), scheduleName(schedule));
    std::abort();
  }
  if (incr == 0) {
    std::fprintf(stderr, "seam runtime: %s: loop increment 0\n", entry);
    std::abort();
  }
  auto setLast = [&](bool last) {
    if (lastIter)
      *lastIter = last ? 1 : 0;
  };
  // Unsigned (modular) arithmetic throughout, as the generated code does.
  const bool up = incr > 0;
  const UT step = static_cast<UT>(incr); // modular: -3 is 2^n - 3
  const UT lo = static_cast<UT>(*lower), hi = static_cast<UT>(*upper);

  // An empty loop: bounds left as they are (libomp).
  if (up ? *upper < *lower : *lower < *upper) {
    setLast(false);
    *stride = incr;
    return;
  }
  UT trip =
      up ? (hi - lo) / step + 1 : (lo - hi) / static_cast<UT>(UT(0) - step) + 1;
  // Bounds of a thread without iterations: one past the upper bound.
  const T past = static_cast<T>(hi + (up ? UT(1) : UT(-1)));
  if (trip == 0) {
    // The range spans the whole type: OpenMPIRBuilder's zero-trip loop
    // (lower 0, upper 0 - 1). Nobody runs it: upper - lower + 1 == 0.
    *lower = past;
    setLast(false);
    *stride = incr;
    return;
  }

  const UT threads = static_cast<UT>(omp_get_num_threads());
  const UT tid = static_cast<UT>(omp_get_thread_num());
  if (threads <= 1) {
    // The whole range, in one chunk.
    setLast(true);
    *stride = static_cast<ST>(trip * step);
    return;
  }

  if (kind == kSchStatic) {
    if (trip < threads) {
      if (tid < trip)
        *lower = *upper = static_cast<T>(lo + tid * step);
      else
        *lower = past;
      setLast(tid == trip - 1);
    } else {
      UT small = trip / threads, extras = trip % threads;
      UT first = tid * small + (tid < extras ? tid : extras);
      UT count = small + (tid < extras ? 1 : 0);
      UT begin = lo + first * step;
      *lower = static_cast<T>(begin);
      *upper = static_cast<T>(begin + (count - 1) * step);
      setLast(tid == threads - 1);
    }
    *stride = static_cast<ST>(trip * step);
    return;
  }

  // kmp_sch_static_chunked.
  UT size = chunk < 1 ? UT(1) : static_cast<UT>(chunk);
  if (size > trip)
    size = trip;
  UT chunks = trip / size + (trip % size ? 1 : 0);
  UT span = size * step;
  if (chunks < threads) {
    *stride = static_cast<ST>(span * chunks);
    if (tid < chunks) {
      *lower = static_cast<T>(lo + span * tid);
      *upper = static_cast<T>(lo + span * tid + span - step);
    } else {
      *lower = past;
    }
  } else {
    *stride = static_cast<ST>(span * threads);
    *lower = static_cast<T>(lo + span * tid);
    *upper = static_cast<T>(lo + span * tid + span - step);
  }
  setLast(tid == (chunks - 1) % threads);
}

} // namespace

extern "C" {

void seam_kmpc_fork_call(void *, int32_t argc, void *task, ...) {
  if (argc < 0 || argc > kMaxForkArgs) {
    std::fprintf(stderr,
                 "seam runtime: __kmpc_fork_call with %d captured values; "
                 "Seam's OpenMP runtime passes on at most %d\n",
                 static_cast<int>(argc), static_cast<int>(kMaxForkArgs));
    std::abort();
  }
  void *args[kMaxForkArgs + 1] = {nullptr};
  va_list ap;
  va_start(ap, task);
  for (int32_t i = 0; i < argc; ++i)
    args[i] = va_arg(ap, void *);
  va_end(ap);
  Invoker call = invokers[argc];
  // A pushed num_threads applies to this region only; else the pool's size.
  int32_t threads =
      pushedNumThreads > 0 ? pushedNumThreads : omp_get_max_threads();
  pushedNumThreads = 0;
  // One thread outside any active region: the region runs here, as the
  // only thread of its team (omp_get_num_threads() is 1 and a barrier is a
  // no-op outside a region), without a serialized OpenMP region's team
  // set-up and teardown on every call.
  if (threads == 1 && !omp_in_parallel()) {
    int32_t gtid = 0, btid = 0;
    call(task, &gtid, &btid, args);
    return;
  }
  ForkedRegion region{call, task, args};
  GOMP_parallel(runForkedRegion, &region, static_cast<unsigned>(threads), 0);
}

void seam_kmpc_push_num_threads(void *, int32_t, int32_t threads) {
  pushedNumThreads = threads > 0 ? threads : 0;
}

int32_t seam_kmpc_global_thread_num(void *) { return omp_get_thread_num(); }

void seam_kmpc_barrier(void *, int32_t) { GOMP_barrier(); }

void seam_kmpc_for_static_init_4(void *, int32_t, int32_t schedule,
                                 int32_t *lastIter, int32_t *lower,
                                 int32_t *upper, int32_t *stride, int32_t incr,
                                 int32_t chunk) {
  staticInit<int32_t>("__kmpc_for_static_init_4", schedule, lastIter, lower,
                      upper, stride, incr, chunk);
}

void seam_kmpc_for_static_init_4u(void *, int32_t, int32_t schedule,
                                  int32_t *lastIter, uint32_t *lower,
                                  uint32_t *upper, int32_t *stride,
                                  int32_t incr, int32_t chunk) {
  staticInit<uint32_t>("__kmpc_for_static_init_4u", schedule, lastIter, lower,
                       upper, stride, incr, chunk);
}

void seam_kmpc_for_static_init_8(void *, int32_t, int32_t schedule,
                                 int32_t *lastIter, int64_t *lower,
                                 int64_t *upper, int64_t *stride, int64_t incr,
                                 int64_t chunk) {
  staticInit<int64_t>("__kmpc_for_static_init_8", schedule, lastIter, lower,
                      upper, stride, incr, chunk);
}

void seam_kmpc_for_static_init_8u(void *, int32_t, int32_t schedule,
                                  int32_t *lastIter, uint64_t *lower,
                                  uint64_t *upper, int64_t *stride,
                                  int64_t incr, int64_t chunk) {
  staticInit<uint64_t>("__kmpc_for_static_init_8u", schedule, lastIter, lower,
                       upper, stride, incr, chunk);
}

void seam_kmpc_for_static_fini(void *, int32_t) {}

} // extern "C"

/// The pool's size by default (OMP_NUM_THREADS, else the processors): what
/// the OpenMP runtime says the first time Seam asks, before Seam set any
/// thread's own. (Not asked at load: starting the OpenMP runtime from a
/// static constructor is not something to do to every program that links
/// Seam.)
static int32_t getDefaultThreads() {
  static const int32_t threads = omp_get_max_threads();
  return threads;
}

extern "C" {

void seam_set_num_threads(int32_t threads) {
  int32_t wanted = threads > 0 ? threads : getDefaultThreads();
  // Only when it changes: most runs keep the thread's setting, and
  // omp_set_num_threads (re)initializes the calling thread's OpenMP root.
  if (omp_get_max_threads() != wanted)
    omp_set_num_threads(wanted);
}

int32_t seam_get_max_threads(void) { return omp_get_max_threads(); }

int32_t seam_get_default_threads(void) { return getDefaultThreads(); }

} // extern "C"
