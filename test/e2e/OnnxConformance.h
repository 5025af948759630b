//===- OnnxConformance.h - Run one ONNX backend test through Seam -*- C++
//-*-===//
//
// What the conformance test and the conformance report share: importing one
// model of Debian's libonnx-testdata, and running it on all its data sets
// against the reference outputs at ONNX's tolerances (rtol 1e-3, atol 1e-7).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TEST_E2E_ONNXCONFORMANCE_H
#define SEAM_TEST_E2E_ONNXCONFORMANCE_H

#include <string>

namespace seam::testdata {

constexpr double kConformanceRtol = 1e-3, kConformanceAtol = 1e-7;

/// The first error importing "suite/test" gives, or "" if it imports.
std::string importError(const std::string &name);

/// Compiles "suite/test" with `backends` and runs every test_data_set_*;
/// returns "" or why it failed (compile error, run error, mismatches).
std::string runConformanceModel(const std::string &name,
                                const std::string &backends);

} // namespace seam::testdata

#endif // SEAM_TEST_E2E_ONNXCONFORMANCE_H
