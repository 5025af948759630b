//===- OpenMPThreadPool.cpp - pthreadpool's API on Seam's OpenMP pool -----===//
//
// XNNPACK parallelizes through the pthreadpool API. With the real
// pthreadpool, a process running XNNPACK regions between compiled code and
// oneDNN primitives has two thread pools on the same cores: libgomp's
// workers spin after each OpenMP region while pthreadpool's need the cores,
// and the reverse. Measured on ShuffleNet-V2 (XNNPACK regions between
// compiled channel shuffles, 2 threads on 2 cores): median 42 ms per run,
// against 4-6 ms with libgomp's workers made passive.
//
// So the runtime defines the pthreadpool functions XNNPACK calls on top of
// OpenMP: every parallel loop of the process, XNNPACK's included, runs on
// the one libgomp pool, and no worker spins against another pool's. These
// definitions, linked into the program, take precedence over those of
// libpthreadpool.so (which libXNNPACK.so still loads). Where they would not
// (openMPThreadPoolIsActive), the runtime gives XNNPACK no pool and it runs
// on the calling thread.
//
// C++ standard library, OpenMP and the pthreadpool header only: part of the
// xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "ThreadPool.h"

#include <dlfcn.h>
#include <omp.h>
#include <pthreadpool.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

extern "C" void GOMP_parallel(void (*fn)(void *), void *data,
                              unsigned numThreads, unsigned flags);

struct pthreadpool {
  size_t threads;
};

namespace {

/// Calls `body(index, size)` for every tile of an N-D range (each dim tiled
/// by `tiles[d]`, 1 for an untiled dim), in parallel on `pool`'s threads.
template <size_t N, typename Body>
void parallelizeTiles(pthreadpool_t pool, std::array<size_t, N> ranges,
                      std::array<size_t, N> tiles, Body body) {
  std::array<size_t, N> counts;
  size_t total = 1;
  for (size_t d = 0; d < N; ++d) {
    if (ranges[d] == 0)
      return;
    tiles[d] = std::max<size_t>(tiles[d], 1);
    counts[d] = (ranges[d] + tiles[d] - 1) / tiles[d];
    total *= counts[d];
  }
  auto run = [&](size_t linear) {
    std::array<size_t, N> index, size;
    for (size_t d = N; d-- > 0;) {
      size_t tile = linear % counts[d];
      linear /= counts[d];
      index[d] = tile * tiles[d];
      size[d] = std::min(tiles[d], ranges[d] - index[d]);
    }
    body(index, size);
  };
  int threads = pool ? static_cast<int>(pool->threads) : 1;
  if (threads <= 1 || total == 1) {
    for (size_t t = 0; t < total; ++t)
      run(t);
    return;
  }
  // Tiles dealt out one at a time to the team's threads. libgomp's ABI is
  // called directly, not through `#pragma omp` (which clang turns into
  // libomp's entry points): see lib/Runtime/SeamOpenMP.cpp.
  struct Team {
    std::atomic<size_t> next{0};
    size_t total;
    decltype(run) *run;
  } team;
  team.total = total;
  team.run = &run;
  GOMP_parallel(
      [](void *data) {
        auto *team = static_cast<Team *>(data);
        for (size_t t; (t = team->next.fetch_add(1)) < team->total;)
          (*team->run)(t);
      },
      &team, static_cast<unsigned>(threads), 0);
}

} // namespace

extern "C" {

pthreadpool_t pthreadpool_create(size_t threads_count) {
  if (threads_count == 0)
    threads_count = static_cast<size_t>(omp_get_max_threads());
  return new pthreadpool{threads_count};
}

size_t pthreadpool_get_threads_count(pthreadpool_t threadpool) {
  return threadpool ? threadpool->threads : 1;
}

void pthreadpool_destroy(pthreadpool_t threadpool) { delete threadpool; }

void pthreadpool_parallelize_1d(pthreadpool_t pool, pthreadpool_task_1d_t fn,
                                void *context, size_t range, uint32_t) {
  parallelizeTiles<1>(pool, {range}, {1},
                      [&](auto i, auto) { fn(context, i[0]); });
}

void pthreadpool_parallelize_1d_tile_1d(pthreadpool_t pool,
                                        pthreadpool_task_1d_tile_1d_t fn,
                                        void *context, size_t range,
                                        size_t tile, uint32_t) {
  parallelizeTiles<1>(pool, {range}, {tile},
                      [&](auto i, auto s) { fn(context, i[0], s[0]); });
}

void pthreadpool_parallelize_2d(pthreadpool_t pool, pthreadpool_task_2d_t fn,
                                void *context, size_t range_i, size_t range_j,
                                uint32_t) {
  parallelizeTiles<2>(pool, {range_i, range_j}, {1, 1},
                      [&](auto i, auto) { fn(context, i[0], i[1]); });
}

void pthreadpool_parallelize_2d_tile_1d(pthreadpool_t pool,
                                        pthreadpool_task_2d_tile_1d_t fn,
                                        void *context, size_t range_i,
                                        size_t range_j, size_t tile_j,
                                        uint32_t) {
  parallelizeTiles<2>(pool, {range_i, range_j}, {1, tile_j},
                      [&](auto i, auto s) { fn(context, i[0], i[1], s[1]); });
}

void pthreadpool_parallelize_2d_tile_2d(pthreadpool_t pool,
                                        pthreadpool_task_2d_tile_2d_t fn,
                                        void *context, size_t range_i,
                                        size_t range_j, size_t tile_i,
                                        size_t tile_j, uint32_t) {
  parallelizeTiles<2>(pool, {range_i, range_j}, {tile_i, tile_j},
                      [&](auto i, auto s) {
                        fn(context, i[0], i[1], s[0], s[1]);
                      });
}

void pthreadpool_parallelize_3d(pthreadpool_t pool, pthreadpool_task_3d_t fn,
                                void *context, size_t range_i, size_t range_j,
                                size_t range_k, uint32_t) {
  parallelizeTiles<3>(pool, {range_i, range_j, range_k}, {1, 1, 1},
                      [&](auto i, auto) { fn(context, i[0], i[1], i[2]); });
}

void pthreadpool_parallelize_3d_tile_2d(pthreadpool_t pool,
                                        pthreadpool_task_3d_tile_2d_t fn,
                                        void *context, size_t range_i,
                                        size_t range_j, size_t range_k,
                                        size_t tile_j, size_t tile_k,
                                        uint32_t) {
  parallelizeTiles<3>(pool, {range_i, range_j, range_k}, {1, tile_j, tile_k},
                      [&](auto i, auto s) {
                        fn(context, i[0], i[1], i[2], s[1], s[2]);
                      });
}

void pthreadpool_parallelize_4d(pthreadpool_t pool, pthreadpool_task_4d_t fn,
                                void *context, size_t range_i, size_t range_j,
                                size_t range_k, size_t range_l, uint32_t) {
  parallelizeTiles<4>(pool, {range_i, range_j, range_k, range_l},
                      {1, 1, 1, 1}, [&](auto i, auto) {
                        fn(context, i[0], i[1], i[2], i[3]);
                      });
}

void pthreadpool_parallelize_4d_tile_2d(pthreadpool_t pool,
                                        pthreadpool_task_4d_tile_2d_t fn,
                                        void *context, size_t range_i,
                                        size_t range_j, size_t range_k,
                                        size_t range_l, size_t tile_k,
                                        size_t tile_l, uint32_t) {
  parallelizeTiles<4>(pool, {range_i, range_j, range_k, range_l},
                      {1, 1, tile_k, tile_l}, [&](auto i, auto s) {
                        fn(context, i[0], i[1], i[2], i[3], s[2], s[3]);
                      });
}

void pthreadpool_parallelize_5d(pthreadpool_t pool, pthreadpool_task_5d_t fn,
                                void *context, size_t range_i, size_t range_j,
                                size_t range_k, size_t range_l, size_t range_m,
                                uint32_t) {
  parallelizeTiles<5>(pool, {range_i, range_j, range_k, range_l, range_m},
                      {1, 1, 1, 1, 1}, [&](auto i, auto) {
                        fn(context, i[0], i[1], i[2], i[3], i[4]);
                      });
}

void pthreadpool_parallelize_5d_tile_2d(pthreadpool_t pool,
                                        pthreadpool_task_5d_tile_2d_t fn,
                                        void *context, size_t range_i,
                                        size_t range_j, size_t range_k,
                                        size_t range_l, size_t range_m,
                                        size_t tile_l, size_t tile_m,
                                        uint32_t) {
  parallelizeTiles<5>(pool, {range_i, range_j, range_k, range_l, range_m},
                      {1, 1, 1, tile_l, tile_m}, [&](auto i, auto s) {
                        fn(context, i[0], i[1], i[2], i[3], i[4], s[3], s[4]);
                      });
}

void pthreadpool_parallelize_6d_tile_2d(
    pthreadpool_t pool, pthreadpool_task_6d_tile_2d_t fn, void *context,
    size_t range_i, size_t range_j, size_t range_k, size_t range_l,
    size_t range_m, size_t range_n, size_t tile_m, size_t tile_n, uint32_t) {
  parallelizeTiles<6>(
      pool, {range_i, range_j, range_k, range_l, range_m, range_n},
      {1, 1, 1, 1, tile_m, tile_n}, [&](auto i, auto s) {
        fn(context, i[0], i[1], i[2], i[3], i[4], i[5], s[4], s[5]);
      });
}

} // extern "C"

bool seam::xnnpack_region::openMPThreadPoolIsActive() {
  // The definition the dynamic linker gives programs (and libXNNPACK.so) for
  // XNNPACK's most used entry must be this file's.
  using Fn1d = void (*)(pthreadpool_t, pthreadpool_task_1d_t, void *, size_t,
                        uint32_t);
  using Fn2dTile2d = void (*)(pthreadpool_t, pthreadpool_task_2d_tile_2d_t,
                              void *, size_t, size_t, size_t, size_t, uint32_t);
  static const bool active =
      dlsym(RTLD_DEFAULT, "pthreadpool_parallelize_1d") ==
          reinterpret_cast<void *>(
              static_cast<Fn1d>(&pthreadpool_parallelize_1d)) &&
      dlsym(RTLD_DEFAULT, "pthreadpool_parallelize_2d_tile_2d") ==
          reinterpret_cast<void *>(
              static_cast<Fn2dTile2d>(&pthreadpool_parallelize_2d_tile_2d));
  return active;
}
