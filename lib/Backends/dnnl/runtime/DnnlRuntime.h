/*===- DnnlRuntime.h - The C ABI of the oneDNN backend's runtime -*- C -*-===*\
|*                                                                            *|
|* What code generated for an offloaded region calls. The library behind it  *|
|* depends on oneDNN and the C/C++ runtime only (never on MLIR or LLVM), so  *|
|* that it links with objects from seam-compile as well as with the JIT.     *|
|*                                                                            *|
|* create/run/destroy follow the entry-point ABI every backend shares        *|
|* (include/seam/Backend/Backend.h, KernelEntryPoints); the compiler side     *|
|* lists them in lib/Backends/dnnl/DnnlBackend.cpp.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SEAM_BACKENDS_DNNL_RUNTIME_DNNLRUNTIME_H
#define SEAM_BACKENDS_DNNL_RUNTIME_DNNLRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Builds the oneDNN primitives of one region from its description (the
/// `size` bytes of a blob written by RegionDesc.h's serialize) and its weights
/// (`weights[i]` is the row-major data of the i-th `weight` of the description;
/// weights that primitives want in another layout are reordered once, here, and
/// the pointers are not kept). Returns the region's handle, or null after
/// printing why to stderr.
void *seam_dnnl_create_region(const void *description, int64_t size,
                              const void *const *weights);

/// Creates what seam_dnnl_create_region will create for the same
/// description, without weights and without keeping it: the primitives land
/// in oneDNN's primitive cache (its generated kernels), where the creation
/// finds them. Called with the thread count the creation will have (the
/// cache tells primitives for different counts apart). Returns 0, or 1 when
/// the description cannot be read or built (silently: the creation says why).
int32_t seam_dnnl_prepare_region(const void *description, int64_t size);
/// Runs a region: `buffers` holds the row-major data of each region input,
/// then of each output, in the order of the description. Safe to call from
/// several threads at once on the same handle.
void seam_dnnl_run_region(void *region, void *const *buffers);

/// Frees a region (null is ignored).
void seam_dnnl_destroy_region(void *region);

/// Run-time statistics of one region (not called by generated code).
typedef struct {
  /// The region's name (the outlined function, e.g. "dnnl_0").
  const char *name;
  /// Number of primitives it executes per run, reorders included.
  int64_t primitives;
  /// Runs so far and their total wall time.
  int64_t runs;
  int64_t nanoseconds;
} SeamDnnlRegionStats;

/// Reads the statistics of `region`.
void seam_dnnl_get_region_stats(void *region, SeamDnnlRegionStats *stats);

/// What primitive `index` (0 <= index < primitives) of `region` computes,
/// e.g. "conv 1x64x56x56 [brgconv:avx512_core]", and its total time.
void seam_dnnl_get_primitive_stats(void *region, int64_t index,
                                   const char **name, int64_t *nanoseconds);

#ifdef __cplusplus
}
#endif

#endif /* SEAM_BACKENDS_DNNL_RUNTIME_DNNLRUNTIME_H */
