/*===- TensorCheck.h - Test inputs and output comparison -------*- C -*-===*\
|*                                                                            *|
|* What seam-run (through seam::randomTensor and seam::compareTensors) and   *|
|* the runners seam-compile links (lib/Runtime/AotRunner.cpp) share, so that *|
|* both make the same random inputs for a seed and judge outputs alike, on   *|
|* any triple. Part of seam_runtime: libc and the C++ runtime only.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SEAM_RUNTIME_TENSORCHECK_H
#define SEAM_RUNTIME_TENSORCHECK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Fills `data` with `count` floats uniform in [-1, 1) from a mt19937_64
/// seeded with `seed`.
void seam_fill_random(float *data, int64_t count, uint64_t seed);

/// How `count` floats compare with their reference.
typedef struct {
  int32_t pass;
  int64_t mismatches;
  double maxAbs, maxRel;
} SeamComparison;

/// Compares as numpy.testing.assert_allclose: an element passes when
/// |a - e| <= atol + rtol * |e|; NaN equals NaN, an infinity only itself
/// (a mismatch of either sets maxAbs to infinity); maxRel ignores e == 0.
SeamComparison seam_compare_floats(const float *actual, const float *expected,
                                   int64_t count, double rtol, double atol);

#ifdef __cplusplus
}
#endif

#endif /* SEAM_RUNTIME_TENSORCHECK_H */
