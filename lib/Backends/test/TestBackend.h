//===- TestBackend.h - Test-only backends -----------------------*- C++ -*-===//
//
// Two backends that exist only to test partitioning independently of any real
// kernel library: `test`, with a small pattern table (conv2d with bias, sum
// and activation, gemm, matmul, max_pool) and single-op support for relu and
// add; and `testblas`, with gemm and matmul + add only, to test priority
// between backends and required steps. Built when SEAM_BUILD_TEST_BACKEND is ON (the default).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_TEST_TESTBACKEND_H
#define SEAM_LIB_BACKENDS_TEST_TESTBACKEND_H

#include "seam/Backend/Backend.h"

#include <memory>

namespace mlir::seam {

/// The `test` backend.
std::unique_ptr<Backend> createTestBackend();

/// The `testblas` backend.
std::unique_ptr<Backend> createTestBlasBackend();

} // namespace mlir::seam

#endif // SEAM_LIB_BACKENDS_TEST_TESTBACKEND_H
