/*===- TensorCheck.h - Test inputs and output comparison -------*- C -*-===*\
|*                                                                            *|
|* What seam-run (through seam::randomTensor and seam::compareTensors) and   *|
|* the runners seam-compile links (lib/Runtime/AotRunner.cpp) share, so that *|
|* both make the same random inputs for a seed and judge outputs alike, on   *|
|* any triple. Part of seam_runtime: libc and the C++ runtime only.          *|
|*                                                                            *|
|* Element types are SeamAot.h's SEAM_AOT_* constants (ONNX's TensorProto    *|
|* numbering): float32, float64, float16, int64, int32, int8, uint8, uint16, *|
|* uint32, uint64, bool.                                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SEAM_RUNTIME_TENSORCHECK_H
#define SEAM_RUNTIME_TENSORCHECK_H

#include "seam/Runtime/SeamAot.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The bytes of one element of `elementType` (a bool is 1 byte, 0 or 1);
/// 0 for a type Seam does not know.
int64_t seam_element_size(int32_t elementType);

/// The type as ONNX and NumPy spell it ("float32", "int64", "bool", ...);
/// "unknown" for a type Seam does not know.
const char *seam_element_type_name(int32_t elementType);

/// IEEE 754 half precision: the exact float of `bits`, and the nearest half
/// of `value` (round to nearest even; beyond the range: infinity).
float seam_f16_to_f32(uint16_t bits);
uint16_t seam_f32_to_f16(float value);

/// Fills `data` with `count` floats uniform in [-1, 1) from a mt19937_64
/// seeded with `seed`.
void seam_fill_random(float *data, int64_t count, uint64_t seed);

/// Fills `data` with `count` elements of `elementType` from a mt19937_64
/// seeded with `seed`: floating-point types the floats of seam_fill_random
/// (rounded to float16, widened to float64), integers uniform in [0, 10)
/// (usable as indices of small tensors), bools 0 or 1. Returns 0, or -1 for
/// a type Seam does not know (nothing written).
int32_t seam_fill_random_typed(void *data, int32_t elementType, int64_t count,
                               uint64_t seed);

/// How `count` elements compare with their reference.
typedef struct {
  int32_t pass;
  int64_t mismatches;
  double maxAbs, maxRel;
  /// The index of the first mismatching element; -1 when all match.
  int64_t firstMismatch;
} SeamComparison;

/// Compares as numpy.testing.assert_allclose: an element passes when
/// |a - e| <= atol + rtol * |e|; NaN equals NaN, an infinity only itself
/// (a mismatch of either sets maxAbs to infinity); maxRel ignores e == 0.
SeamComparison seam_compare_floats(const float *actual, const float *expected,
                                   int64_t count, double rtol, double atol);

/// Compares `count` elements of `elementType`: floating-point types as
/// seam_compare_floats (float16 as the floats it holds, float64 in double),
/// integers and bools exactly (rtol and atol ignored; maxAbs and maxRel of
/// the differences all the same). An unknown type fails with `mismatches`
/// -1.
SeamComparison seam_compare_typed(const void *actual, const void *expected,
                                  int32_t elementType, int64_t count,
                                  double rtol, double atol);

#ifdef __cplusplus
}
#endif

#endif /* SEAM_RUNTIME_TENSORCHECK_H */
