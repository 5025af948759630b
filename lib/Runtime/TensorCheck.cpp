//===- TensorCheck.cpp - Test inputs and output comparison ----------------===//

#include "seam/Runtime/TensorCheck.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

extern "C" int64_t seam_element_size(int32_t elementType) {
  switch (elementType) {
  case SEAM_AOT_FLOAT64:
  case SEAM_AOT_INT64:
  case SEAM_AOT_UINT64:
    return 8;
  case SEAM_AOT_FLOAT32:
  case SEAM_AOT_INT32:
  case SEAM_AOT_UINT32:
    return 4;
  case SEAM_AOT_FLOAT16:
  case SEAM_AOT_UINT16:
    return 2;
  case SEAM_AOT_INT8:
  case SEAM_AOT_UINT8:
  case SEAM_AOT_BOOL:
    return 1;
  default:
    return 0;
  }
}

extern "C" const char *seam_element_type_name(int32_t elementType) {
  switch (elementType) {
  case SEAM_AOT_FLOAT32:
    return "float32";
  case SEAM_AOT_FLOAT64:
    return "float64";
  case SEAM_AOT_FLOAT16:
    return "float16";
  case SEAM_AOT_INT64:
    return "int64";
  case SEAM_AOT_INT32:
    return "int32";
  case SEAM_AOT_INT8:
    return "int8";
  case SEAM_AOT_UINT8:
    return "uint8";
  case SEAM_AOT_UINT16:
    return "uint16";
  case SEAM_AOT_UINT32:
    return "uint32";
  case SEAM_AOT_UINT64:
    return "uint64";
  case SEAM_AOT_BOOL:
    return "bool";
  default:
    return "unknown";
  }
}

//===----------------------------------------------------------------------===//
// float16
//===----------------------------------------------------------------------===//

extern "C" float seam_f16_to_f32(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  uint32_t out;
  if (exponent == 0x1f) { // infinity, NaN
    out = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) { // normal
    out = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) { // zero
    out = sign;
  } else { // subnormal: mantissa * 2^-24, exact in float
    float value = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -value : value;
  }
  float value;
  std::memcpy(&value, &out, 4);
  return value;
}

extern "C" uint16_t seam_f32_to_f16(float value) {
  uint32_t in;
  std::memcpy(&in, &value, 4);
  uint16_t sign = static_cast<uint16_t>((in >> 16) & 0x8000);
  uint32_t exponent = (in >> 23) & 0xff, mantissa = in & 0x7fffff;
  if (exponent == 0xff) // infinity; NaN stays a (quiet) NaN
    return sign | 0x7c00 | (mantissa ? 0x200 | (mantissa >> 13) : 0);
  int32_t e = static_cast<int32_t>(exponent) - 127 + 15;
  if (e >= 0x1f)
    return sign | 0x7c00;
  uint32_t bits, rest, half;
  if (e <= 0) { // subnormal half (or zero)
    if (e < -10)
      return sign;
    mantissa |= 0x800000;
    unsigned shift = static_cast<unsigned>(14 - e);
    bits = mantissa >> shift;
    rest = mantissa & ((1u << shift) - 1);
    half = 1u << (shift - 1);
  } else {
    bits = (static_cast<uint32_t>(e) << 10) | (mantissa >> 13);
    rest = mantissa & 0x1fff;
    half = 0x1000;
  }
  // Round to nearest even; a carry into the exponent is what it should be.
  if (rest > half || (rest == half && (bits & 1)))
    ++bits;
  return static_cast<uint16_t>(sign | bits);
}

//===----------------------------------------------------------------------===//
// Random inputs
//===----------------------------------------------------------------------===//

extern "C" void seam_fill_random(float *data, int64_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (int64_t i = 0; i < count; ++i)
    data[i] = dist(rng);
}

/// Fills `count` elements of T with `next()` cast to T.
template <typename T, typename Next>
static void fill(void *data, int64_t count, Next next) {
  T *out = static_cast<T *>(data);
  for (int64_t i = 0; i < count; ++i)
    out[i] = static_cast<T>(next());
}

extern "C" int32_t seam_fill_random_typed(void *data, int32_t elementType,
                                          int64_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> real(-1.0f, 1.0f);
  std::uniform_int_distribution<int> index(0, 9), bit(0, 1);
  auto nextReal = [&] { return real(rng); };
  auto nextIndex = [&] { return index(rng); };
  switch (elementType) {
  case SEAM_AOT_FLOAT32:
    seam_fill_random(static_cast<float *>(data), count, seed);
    return 0;
  case SEAM_AOT_FLOAT64:
    fill<double>(data, count, nextReal);
    return 0;
  case SEAM_AOT_FLOAT16:
    fill<uint16_t>(data, count, [&] { return seam_f32_to_f16(real(rng)); });
    return 0;
  case SEAM_AOT_INT64:
    fill<int64_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_INT32:
    fill<int32_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_INT8:
    fill<int8_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_UINT8:
    fill<uint8_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_UINT16:
    fill<uint16_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_UINT32:
    fill<uint32_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_UINT64:
    fill<uint64_t>(data, count, nextIndex);
    return 0;
  case SEAM_AOT_BOOL:
    fill<uint8_t>(data, count, [&] { return bit(rng); });
    return 0;
  default:
    return -1;
  }
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

/// Compares floating-point elements read as doubles by `at`.
template <typename At>
static SeamComparison compareReal(int64_t count, double rtol, double atol,
                                  At at) {
  SeamComparison c = {1, 0, 0.0, 0.0, -1};
  auto mismatch = [&](int64_t i) {
    c.pass = 0;
    if (c.mismatches++ == 0)
      c.firstMismatch = i;
  };
  for (int64_t i = 0; i < count; ++i) {
    auto [a, x] = at(i);
    if (std::isnan(a) || std::isnan(x)) {
      if (std::isnan(a) != std::isnan(x)) {
        mismatch(i);
        c.maxAbs = INFINITY;
      }
      continue;
    }
    if (std::isinf(a) || std::isinf(x)) {
      if (a != x) {
        mismatch(i);
        c.maxAbs = INFINITY;
      }
      continue;
    }
    double diff = std::fabs(a - x);
    c.maxAbs = std::max(c.maxAbs, diff);
    if (x != 0)
      c.maxRel = std::max(c.maxRel, diff / std::fabs(x));
    if (diff > atol + rtol * std::fabs(x))
      mismatch(i);
  }
  return c;
}

/// Compares integer elements of T exactly.
template <typename T>
static SeamComparison compareExact(const void *actual, const void *expected,
                                   int64_t count) {
  const T *a = static_cast<const T *>(actual);
  const T *x = static_cast<const T *>(expected);
  SeamComparison c = {1, 0, 0.0, 0.0, -1};
  for (int64_t i = 0; i < count; ++i) {
    if (a[i] == x[i])
      continue;
    c.pass = 0;
    if (c.mismatches++ == 0)
      c.firstMismatch = i;
    double diff =
        std::fabs(static_cast<double>(a[i]) - static_cast<double>(x[i]));
    c.maxAbs = std::max(c.maxAbs, diff);
    if (x[i] != 0)
      c.maxRel =
          std::max(c.maxRel, diff / std::fabs(static_cast<double>(x[i])));
  }
  return c;
}

extern "C" SeamComparison seam_compare_floats(const float *actual,
                                              const float *expected,
                                              int64_t count, double rtol,
                                              double atol) {
  return compareReal(count, rtol, atol, [&](int64_t i) {
    return std::make_pair(double(actual[i]), double(expected[i]));
  });
}

extern "C" SeamComparison seam_compare_typed(const void *actual,
                                             const void *expected,
                                             int32_t elementType, int64_t count,
                                             double rtol, double atol) {
  switch (elementType) {
  case SEAM_AOT_FLOAT32:
    return seam_compare_floats(static_cast<const float *>(actual),
                               static_cast<const float *>(expected), count,
                               rtol, atol);
  case SEAM_AOT_FLOAT64: {
    auto *a = static_cast<const double *>(actual);
    auto *x = static_cast<const double *>(expected);
    return compareReal(count, rtol, atol,
                       [&](int64_t i) { return std::make_pair(a[i], x[i]); });
  }
  case SEAM_AOT_FLOAT16: {
    auto *a = static_cast<const uint16_t *>(actual);
    auto *x = static_cast<const uint16_t *>(expected);
    return compareReal(count, rtol, atol, [&](int64_t i) {
      return std::make_pair(double(seam_f16_to_f32(a[i])),
                            double(seam_f16_to_f32(x[i])));
    });
  }
  case SEAM_AOT_INT64:
    return compareExact<int64_t>(actual, expected, count);
  case SEAM_AOT_INT32:
    return compareExact<int32_t>(actual, expected, count);
  case SEAM_AOT_INT8:
    return compareExact<int8_t>(actual, expected, count);
  case SEAM_AOT_UINT8:
  case SEAM_AOT_BOOL:
    return compareExact<uint8_t>(actual, expected, count);
  case SEAM_AOT_UINT16:
    return compareExact<uint16_t>(actual, expected, count);
  case SEAM_AOT_UINT32:
    return compareExact<uint32_t>(actual, expected, count);
  case SEAM_AOT_UINT64:
    return compareExact<uint64_t>(actual, expected, count);
  default: {
    SeamComparison c = {0, -1, 0.0, 0.0, -1};
    return c;
  }
  }
}
