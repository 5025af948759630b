/*===- XnnpackRuntime.h - The C ABI of the xnnpack runtime --------*- C -*-===*\
|*                                                                            *|
|* What code generated for an offloaded region calls. The library behind it  *|
|* depends on XNNPACK, pthreadpool, Seam's runtime (for the thread count)    *|
|* and the C/C++ runtime only (never on MLIR or LLVM), so that it links with *|
|* objects from seam-compile as well as with the JIT.                        *|
|*                                                                            *|
|* create/run/destroy follow the entry-point ABI every backend shares        *|
|* (include/seam/Backend/Backend.h, KernelEntryPoints). The description is   *|
|* the blob of RegionDesc.h (magic "SEAMXNNP", version 1), which also says   *|
|* which ops and shapes a region may hold.                                   *|
|*                                                                            *|
|* Threads: XNNPACK runs on a pthreadpool, not on libgomp. A region takes    *|
|* its thread count when it is created: seam_get_max_threads() on the        *|
|* creating thread, i.e. what the Session set with seam_set_num_threads      *|
|* before @seam_init (the libgomp default, OMP_NUM_THREADS or the number of  *|
|* cores, when the session leaves it at 0). One thread: no pool, XNNPACK     *|
|* runs on the calling thread. More: a pthreadpool of that many threads,     *|
|* shared by every region of the same count in the process (pthreadpool      *|
|* serializes concurrent users), its workers yielding after each run.        *|
|* Changing the count after creation does not change a region's pool.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_XNNPACKRUNTIME_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_XNNPACKRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Builds the XNNPACK runtime of one region from its description (the `size`
/// bytes of a blob written by RegionDesc.h's serialize) and its weights
/// (`weights[i]` is the row-major data of the i-th `weight` of the
/// description; they are copied and repacked here, and the pointers are not
/// kept). Returns the region's handle, or null after printing why to stderr,
/// e.g. "seam-xnnpack: region xnnpack_0: op 3 (conv2d): the filter is ...".
void *seam_xnnpack_create_region(const void *description, int64_t size,
                                 const void *const *weights);

/// Runs a region: `buffers` holds the row-major (ONNX layout) data of each
/// region input, then of each output, in the order of the description.
/// Safe to call from several threads at once on the same handle: each
/// concurrent run gets its own XNNPACK runtimes and buffers (made on first
/// need; see Region.h). An XNNPACK failure ends the process with the reason.
void seam_xnnpack_run_region(void *region, void *const *buffers);

/// Frees a region (null is ignored).
void seam_xnnpack_destroy_region(void *region);

/// Run-time statistics of one region (not called by generated code).
typedef struct {
  /// The region's name (the outlined function, e.g. "xnnpack_0").
  const char *name;
  /// Number of ops of its description.
  int64_t ops;
  /// Runs so far and their total wall time.
  int64_t runs;
  int64_t nanoseconds;
  /// Of that time, what went into converting inputs and outputs between
  /// ONNX's layout and XNNPACK's (NCHW <-> NHWC transposes and copies).
  int64_t layout_nanoseconds;
  /// The threads it runs on (1: the calling thread only).
  int32_t threads;
} SeamXnnpackRegionStats;

/// Reads the statistics of `region`.
void seam_xnnpack_get_region_stats(void *region, SeamXnnpackRegionStats *stats);

/// What op `index` (0 <= index < ops) of `region` computes, e.g.
/// "conv2d 1x64x56x56" (its keyword and its result's ONNX dims), and its
/// time: for an op the runtime computes itself (a host step: concat, a
/// reshape that changes the layout) `*nanoseconds` is its total time over
/// the runs so far; for an XNNPACK node it is -1 (this XNNPACK snapshot has
/// no per-operator profiling: only the region's total time is measured).
void seam_xnnpack_get_op_stats(void *region, int64_t index, const char **name,
                               int64_t *nanoseconds);

#ifdef __cplusplus
}
#endif

#endif /* SEAM_BACKENDS_XNNPACK_RUNTIME_XNNPACKRUNTIME_H */
