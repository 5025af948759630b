//===- TensorCheck.cpp - Test inputs and output comparison ----------------===//

#include "seam/Runtime/TensorCheck.h"

#include <algorithm>
#include <cmath>
#include <random>

extern "C" void seam_fill_random(float *data, int64_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (int64_t i = 0; i < count; ++i)
    data[i] = dist(rng);
}

extern "C" SeamComparison seam_compare_floats(const float *actual,
                                              const float *expected,
                                              int64_t count, double rtol,
                                              double atol) {
  SeamComparison c = {1, 0, 0.0, 0.0};
  auto mismatch = [&] {
    c.pass = 0;
    ++c.mismatches;
  };
  for (int64_t i = 0; i < count; ++i) {
    double a = actual[i], x = expected[i];
    if (std::isnan(a) || std::isnan(x)) {
      if (std::isnan(a) != std::isnan(x)) {
        mismatch();
        c.maxAbs = INFINITY;
      }
      continue;
    }
    if (std::isinf(a) || std::isinf(x)) {
      if (a != x) {
        mismatch();
        c.maxAbs = INFINITY;
      }
      continue;
    }
    double diff = std::fabs(a - x);
    c.maxAbs = std::max(c.maxAbs, diff);
    if (x != 0)
      c.maxRel = std::max(c.maxRel, diff / std::fabs(x));
    if (diff > atol + rtol * std::fabs(x))
      mismatch();
  }
  return c;
}
