//===- SeamOpenMPTest.cpp - Seam's OpenMP entry points on libgomp ---------===//
//
// Tests lib/Runtime/SeamOpenMP.cpp, the implementation of LLVM's OpenMP ABI
// that generated code calls (the JIT binds __kmpc_<name> to seam_kmpc_<name>)
// on GNU OpenMP. What it supports, and so what is tested here:
//
//  * seam_kmpc_fork_call with 0 to 16 (SEAM_KMPC_MAX_FORK_ARGS) captured
//    values, each passed on to the microtask as its own parameter (MLIR's
//    OpenMP lowering passes one: the address of a struct of the captures);
//    more aborts with a message. seam_kmpc_push_num_threads sets the team
//    size of the next fork_call only.
//  * seam_kmpc_for_static_init_{4,4u,8,8u} (signed/unsigned, 32/64-bit) with
//    schedule kmp_sch_static (34) or kmp_sch_static_chunked (33, any chunk),
//    libomp's results (chunked: thread t gets chunks t, t + T, ...); the
//    monotonic/nonmonotonic modifier bits are ignored. Any other schedule, or
//    a zero increment, aborts with a message naming it.
//  * __kmpc_global_thread_num, __kmpc_barrier, __kmpc_for_static_fini.
//
// Every loop runs inside a microtask started by seam_kmpc_fork_call, for 1,
// 2, 3, 4 and 7 threads, static and chunked (1, 3, 8) schedules, increments
// 1, 3 (and -2 for signed loops), empty, 1-iteration and longer ranges, each
// of the four entry points, and a number of captured values cycling through
// 0..16. Each thread consumes its share the way generated code does: as
// clang does (chunks from *lower, clamped to the loop's upper bound, then
// *stride further) and, for the unsigned entries on 0..tc-1 (what
// OpenMPIRBuilder emits, including tc = 0: upper = 0 - 1), as OpenMPIRBuilder
// does (trip count upper - lower + 1; chunks until tc). Checked: every
// iteration runs exactly once, and lastIter is 1 on exactly the thread that
// runs the last iteration.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamRuntime.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

constexpr int32_t kSchStaticChunked = 33;
constexpr int32_t kSchStatic = 34;
constexpr int32_t kMonotonic = 1 << 29;
constexpr size_t kMaxArgs = SEAM_KMPC_MAX_FORK_ARGS;
constexpr int kMaxThreads = 16;

template <typename T> struct Entry;
template <> struct Entry<int32_t> {
  static constexpr auto init = &seam_kmpc_for_static_init_4;
  static constexpr const char *name = "_4";
};
template <> struct Entry<uint32_t> {
  static constexpr auto init = &seam_kmpc_for_static_init_4u;
  static constexpr const char *name = "_4u";
};
template <> struct Entry<int64_t> {
  static constexpr auto init = &seam_kmpc_for_static_init_8;
  static constexpr const char *name = "_8";
};
template <> struct Entry<uint64_t> {
  static constexpr auto init = &seam_kmpc_for_static_init_8u;
  static constexpr const char *name = "_8u";
};

/// How the threads walk the bounds static_init returns.
enum class Consumer {
  Clang,     // for (lb; lb <= UB; lb += stride) run [lb, min(ub, UB)]
  IRBuilder, // OpenMPIRBuilder: trip = ub - lb + 1, or chunks until tc
};

/// Distinct addresses passed as captured values 1..16.
int sentinels[kMaxArgs + 1];

/// One loop run by a team: its parameters, and what the threads did.
template <typename T> struct LoopRun {
  using ST = std::make_signed_t<T>;
  using UT = std::make_unsigned_t<T>;

  int32_t schedule = kSchStatic;
  ST chunk = 0;
  ST incr = 1;
  T lower = 0, upper = 0;
  uint64_t trip = 0; // iterations of [lower, upper] step incr
  Consumer consumer = Consumer::Clang;
  size_t numArgs = 0;
  void *expected[kMaxArgs + 1] = {};

  std::unique_ptr<std::atomic<int>[]> hits;
  std::atomic<int> errors{0}, badArgs{0}, teamSize{0};
  std::atomic<int> lastFlag[kMaxThreads];
  std::atomic<int> ranLast[kMaxThreads];

  LoopRun() {
    for (int t = 0; t < kMaxThreads; ++t) {
      lastFlag[t] = -1;
      ranLast[t] = 0;
    }
  }

  void prepare() {
    hits.reset(new std::atomic<int>[trip + 1]);
    for (uint64_t k = 0; k <= trip; ++k)
      hits[k] = 0;
    expected[0] = this;
    for (size_t k = 1; k <= kMaxArgs; ++k)
      expected[k] = &sentinels[k];
  }

  /// Iterations from a to b inclusive stepping incr; 0 if none.
  uint64_t count(T a, T b) const {
    if (incr > 0)
      return a <= b ? uint64_t(UT(b) - UT(a)) / uint64_t(incr) + 1 : 0;
    return a >= b ? uint64_t(UT(a) - UT(b)) / uint64_t(-int64_t(incr)) + 1 : 0;
  }

  void mark(T i, int tid) {
    UT distance = incr > 0 ? UT(UT(i) - UT(lower)) : UT(UT(lower) - UT(i));
    UT step = incr > 0 ? UT(incr) : UT(UT(0) - UT(incr));
    if ((incr > 0 ? i < lower : i > lower) || distance % step != 0 ||
        uint64_t(distance / step) >= trip) {
      ++errors;
      return;
    }
    uint64_t k = distance / step;
    ++hits[k];
    if (k == trip - 1)
      ranLast[tid] = 1;
  }

  void body(int tid) {
    T lb = lower, ub = upper;
    ST stride = 0x5a5a;
    int32_t last = -1;
    Entry<T>::init(nullptr, tid, schedule, &last, &lb, &ub, &stride, incr,
                   chunk);
    lastFlag[tid] = last;
    if (consumer == Consumer::Clang) {
      // Chunks from lb, each clamped to the loop's upper bound.
      uint64_t guard = 0;
      while (count(lb, upper) > 0) {
        T top = incr > 0 ? std::min(ub, upper) : std::max(ub, upper);
        uint64_t n = count(lb, top);
        for (uint64_t k = 0; k < n; ++k)
          mark(T(UT(lb) + UT(k) * UT(incr)), tid);
        if (++guard > trip + 2 || stride == 0) {
          ++errors; // the chunks do not advance
          break;
        }
        lb = T(UT(lb) + UT(stride));
        ub = T(UT(ub) + UT(stride));
      }
    } else {
      // OpenMPIRBuilder (lower 0, upper tc - 1, incr 1, unsigned).
      UT tc = UT(UT(upper) + 1);
      if (schedule == kSchStatic) {
        UT n = UT(UT(ub) - UT(lb) + 1);
        if (n > tc) {
          ++errors; // would run far past the loop
          return;
        }
        for (UT k = 0; k < n; ++k)
          mark(T(UT(lb) + k), tid);
      } else {
        UT range = UT(UT(ub) + 1 - UT(lb));
        uint64_t guard = 0;
        for (UT c = UT(lb); c < tc; c = UT(c + UT(stride))) {
          UT n = UT(c + range) >= tc ? UT(tc - c) : range;
          for (UT k = 0; k < n; ++k)
            mark(T(c + k), tid);
          if (++guard > trip + 2 || stride <= 0) {
            ++errors;
            break;
          }
        }
      }
    }
    teamSize = omp_get_num_threads();
    seam_kmpc_barrier(nullptr, tid);
    seam_kmpc_for_static_fini(nullptr, tid);
  }
};

/// The run of a microtask called without captured values.
void *currentRun = nullptr;

template <size_t> using Ptr = void *;

/// The outlined region: `void(int32_t *, int32_t *, void *...)`, as
/// OpenMPIRBuilder emits it, with sizeof...(I) captured values.
template <typename T, size_t... I>
void microtask(int32_t *gtid, int32_t *btid, Ptr<I>... args) {
  void *received[] = {args..., nullptr};
  auto *run =
      static_cast<LoopRun<T> *>(sizeof...(I) ? received[0] : currentRun);
  for (size_t k = 0; k < sizeof...(I); ++k)
    if (received[k] != run->expected[k])
      ++run->badArgs;
  if (!gtid || !btid || *gtid != omp_get_thread_num() ||
      *gtid != seam_kmpc_global_thread_num(nullptr))
    ++run->errors;
  run->body(*gtid);
}

template <typename T, size_t... I>
void launchWith(LoopRun<T> *run, std::index_sequence<I...>) {
  currentRun = run;
  seam_kmpc_fork_call(nullptr, int32_t(sizeof...(I)),
                      reinterpret_cast<void *>(&microtask<T, I...>),
                      run->expected[I]...);
}

template <typename T, size_t N> void launch(LoopRun<T> *run) {
  launchWith(run, std::make_index_sequence<N>());
}

template <typename T, size_t... N>
constexpr std::array<void (*)(LoopRun<T> *), sizeof...(N)>
makeLaunchers(std::index_sequence<N...>) {
  return {{&launch<T, N>...}};
}

template <typename T>
constexpr auto
    launchers = makeLaunchers<T>(std::make_index_sequence<kMaxArgs + 1>());

template <typename T> std::string describe(const LoopRun<T> &run, int threads) {
  std::ostringstream os;
  os << "static_init" << Entry<T>::name << " threads=" << threads
     << " schedule=" << run.schedule << " chunk=" << int64_t(run.chunk)
     << " lower=" << +run.lower << " upper=" << +run.upper
     << " incr=" << int64_t(run.incr) << " trip=" << run.trip
     << " args=" << run.numArgs
     << (run.consumer == Consumer::Clang ? " (clang)" : " (OpenMPIRBuilder)");
  return os.str();
}

/// Runs `run` on a team of `threads` (set by omp_set_num_threads, or pushed
/// with __kmpc_push_num_threads) and checks it; returns false on a failure.
template <typename T>
bool runAndCheck(LoopRun<T> &run, int threads, bool push = false) {
  run.prepare();
  if (push)
    seam_kmpc_push_num_threads(nullptr, 0, threads);
  else
    seam_set_num_threads(threads);
  launchers<T>[run.numArgs](&run);
  bool ok = true;
  auto fail = [&](const std::string &what) {
    if (ok)
      ADD_FAILURE() << describe(run, threads) << ": " << what;
    ok = false;
  };
  if (run.teamSize != threads)
    fail("team of " + std::to_string(run.teamSize.load()));
  if (run.badArgs)
    fail("captured values passed wrongly");
  if (run.errors)
    fail(std::to_string(run.errors.load()) +
         " iterations out of the range, or chunks that do not advance");
  for (uint64_t k = 0; k < run.trip; ++k)
    if (run.hits[k] != 1) {
      fail("iteration " + std::to_string(k) + " ran " +
           std::to_string(run.hits[k].load()) + " times");
      break;
    }
  int lastCount = 0;
  for (int t = 0; t < threads; ++t) {
    if (run.lastFlag[t] != 0 && run.lastFlag[t] != 1)
      fail("lastIter not set on thread " + std::to_string(t));
    lastCount += run.lastFlag[t] == 1;
    if ((run.lastFlag[t] == 1) != (run.ranLast[t] == 1))
      fail("lastIter " + std::to_string(run.lastFlag[t].load()) +
           " on thread " + std::to_string(t) +
           (run.ranLast[t] ? ", which ran" : ", which did not run") +
           " the last iteration");
  }
  if (lastCount != (run.trip > 0 ? 1 : 0))
    fail("lastIter set on " + std::to_string(lastCount) + " threads");
  return ok;
}

const int kThreadCounts[] = {1, 2, 3, 4, 7};
/// {schedule, chunk}
const std::pair<int32_t, int64_t> kSchedules[] = {{kSchStatic, 0},
                                                  {kSchStaticChunked, 1},
                                                  {kSchStaticChunked, 3},
                                                  {kSchStaticChunked, 8}};
const uint64_t kTrips[] = {0, 1, 2, 3, 5, 7, 8, 23, 64};

template <typename T> void sweepClang() {
  using ST = std::make_signed_t<T>;
  std::vector<int64_t> lowers = {0, 5};
  std::vector<int64_t> incrs = {1, 3};
  if (std::is_signed<T>::value) {
    lowers.push_back(-7);
    incrs.push_back(-2);
  }
  size_t caseIndex = 0;
  int failures = 0;
  for (int threads : kThreadCounts)
    for (auto [schedule, chunk] : kSchedules)
      for (int64_t incr : incrs)
        for (int64_t lower : lowers)
          for (uint64_t trip : kTrips) {
            // Unsigned 0..0-1 is OpenMPIRBuilder's empty loop, not
            // upper < lower: tested with its own consumer below.
            if (!std::is_signed<T>::value && lower == 0 && trip == 0)
              continue;
            LoopRun<T> run;
            run.schedule = schedule;
            run.chunk = ST(chunk);
            run.incr = ST(incr);
            run.lower = T(lower);
            run.upper = T(lower + (int64_t(trip) - 1) * incr);
            run.trip = trip;
            run.numArgs = caseIndex++ % (kMaxArgs + 1);
            if (!runAndCheck(run, threads) && ++failures > 20)
              return;
          }
}

template <typename T> void sweepIRBuilder() {
  using ST = std::make_signed_t<T>;
  int failures = 0;
  for (int threads : kThreadCounts)
    for (auto [schedule, chunk] : kSchedules)
      for (uint64_t trip : kTrips) {
        LoopRun<T> run;
        run.consumer = Consumer::IRBuilder;
        run.schedule = schedule;
        run.chunk = ST(chunk);
        run.incr = 1;
        run.lower = 0;
        run.upper = T(T(trip) - 1); // 0 - 1 for an empty loop
        run.trip = trip;
        run.numArgs = 1; // what MLIR passes: the struct of the captures
        if (!runAndCheck(run, threads) && ++failures > 20)
          return;
      }
}

TEST(SeamOpenMP, StaticInit4) { sweepClang<int32_t>(); }
TEST(SeamOpenMP, StaticInit4u) { sweepClang<uint32_t>(); }
TEST(SeamOpenMP, StaticInit8) { sweepClang<int64_t>(); }
TEST(SeamOpenMP, StaticInit8u) { sweepClang<uint64_t>(); }
TEST(SeamOpenMP, OpenMPIRBuilderForm4u) { sweepIRBuilder<uint32_t>(); }
TEST(SeamOpenMP, OpenMPIRBuilderForm8u) { sweepIRBuilder<uint64_t>(); }

// Every number of captured values reaches the microtask, on every team size.
TEST(SeamOpenMP, ForkCallPassesEveryArgCount) {
  for (int threads : kThreadCounts)
    for (size_t n = 0; n <= kMaxArgs; ++n) {
      LoopRun<int64_t> run;
      run.schedule = kSchStaticChunked;
      run.chunk = 3;
      run.lower = 0;
      run.upper = 40;
      run.trip = 41;
      run.numArgs = n;
      EXPECT_TRUE(runAndCheck(run, threads)) << n << " captured values";
    }
}

// __kmpc_push_num_threads sets the size of the next team only.
TEST(SeamOpenMP, PushNumThreads) {
  seam_set_num_threads(2);
  for (int threads : kThreadCounts) {
    LoopRun<uint64_t> run;
    run.lower = 0;
    run.upper = 99;
    run.trip = 100;
    run.numArgs = 1;
    EXPECT_TRUE(runAndCheck(run, threads, /*push=*/true));
    // The next fork_call has the default size again.
    LoopRun<uint64_t> next;
    next.lower = 0;
    next.upper = 9;
    next.trip = 10;
    next.numArgs = 1;
    seam_set_num_threads(2);
    next.prepare();
    launchers<uint64_t>[1](&next);
    EXPECT_EQ(next.teamSize, 2);
  }
}

// The monotonic/nonmonotonic modifier bits do not change a static schedule.
TEST(SeamOpenMP, ScheduleModifiersIgnored) {
  for (int threads : kThreadCounts)
    for (int32_t modifier : {kMonotonic, 1 << 30}) {
      LoopRun<int32_t> run;
      run.schedule = kSchStaticChunked | modifier;
      run.chunk = 2;
      run.lower = 3;
      run.upper = 3 + 12 * 3;
      run.incr = 3;
      run.trip = 13;
      run.numArgs = 1;
      EXPECT_TRUE(runAndCheck(run, threads));
    }
}

// Outside a parallel region (a team of one) the caller gets the whole range.
TEST(SeamOpenMP, OrphanedStaticInit) {
  int64_t lower = 4, upper = 30, stride = 0;
  int32_t last = -1;
  seam_kmpc_for_static_init_8(nullptr, 0, kSchStaticChunked, &last, &lower,
                              &upper, &stride, 2, 3);
  EXPECT_EQ(lower, 4);
  EXPECT_EQ(upper, 30);
  EXPECT_EQ(last, 1);
  EXPECT_GT(lower + stride, 30);
}

// libomp's chunked bounds: thread t's first chunk, stride chunk * incr * T.
TEST(SeamOpenMP, ChunkedBoundsAreLibomps) {
  seam_set_num_threads(3);
  std::atomic<int> wrong{0};
  static std::atomic<int> *wrongPtr;
  wrongPtr = &wrong;
  auto task = [](int32_t *gtid, int32_t *, void *) {
    int64_t tid = *gtid;
    uint64_t lower = 10, upper = 10 + 99 * 2; // 100 iterations, step 2
    int64_t stride = 0;
    int32_t last = -1;
    seam_kmpc_for_static_init_8u(nullptr, *gtid, kSchStaticChunked, &last,
                                 &lower, &upper, &stride, 2, 8);
    // 13 chunks of 8 (the last one 4 iterations): thread 0 runs chunk 12.
    if (lower != uint64_t(10 + 16 * tid) || upper != lower + 14 ||
        stride != 8 * 2 * 3 || last != (tid == 0 ? 1 : 0))
      ++*wrongPtr;
  };
  void (*fn)(int32_t *, int32_t *, void *) = task;
  seam_kmpc_fork_call(nullptr, 1, reinterpret_cast<void *>(fn), nullptr);
  EXPECT_EQ(wrong, 0);
}

TEST(SeamOpenMPDeathTest, TooManyCapturedValues) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  void (*task)(int32_t *, int32_t *) = [](int32_t *, int32_t *) {};
  void *p = nullptr;
  EXPECT_DEATH(seam_kmpc_fork_call(nullptr, 17, reinterpret_cast<void *>(task),
                                   p, p, p, p, p, p, p, p, p, p, p, p, p, p, p,
                                   p, p),
               "__kmpc_fork_call with 17 captured values; Seam's OpenMP "
               "runtime passes on at most 16");
}

TEST(SeamOpenMPDeathTest, UnsupportedSchedules) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto init = [](int32_t schedule) {
    uint64_t lower = 0, upper = 9;
    int64_t stride = 0;
    int32_t last = 0;
    seam_kmpc_for_static_init_8u(nullptr, 0, schedule, &last, &lower, &upper,
                                 &stride, 1, 1);
  };
  EXPECT_DEATH(init(35), "__kmpc_for_static_init_8u: schedule 35 "
                         "\\(kmp_sch_dynamic_chunked\\) is not supported");
  EXPECT_DEATH(init(92), "schedule 92 \\(kmp_distribute_static\\)");
  EXPECT_DEATH(init(66), "schedule 66 \\(kmp_ord_static\\)");
  EXPECT_DEATH(init(45), "schedule 45 \\(kmp_sch_static_balanced_chunked\\)");
  int32_t lower = 0, upper = 9, stride = 0, last = 0;
  EXPECT_DEATH(seam_kmpc_for_static_init_4(nullptr, 0, kSchStatic, &last,
                                           &lower, &upper, &stride, 0, 0),
               "__kmpc_for_static_init_4: loop increment 0");
}

} // namespace
