//===- OnnxConformanceTest.cpp - Run ONNX's backend tests through Seam ----===//
//
// For every model of Debian's libonnx-testdata that Seam imports (those not
// in test/Import/onnx-testdata-rejected.txt), compiles it with the JIT,
// runs each test_data_set_*/input_*.pb and compares with output_*.pb at
// ONNX's tolerances (rtol 1e-3, atol 1e-7), once with --backends=none and
// once with each backend of the build that has a runtime (e.g. dnnl). A
// model listed in test/e2e/conformance-expected-failures.txt must fail (with
// its reason written there; "<backend>:suite/test" for that backend's run
// only); an unlisted one must pass.
//
//===----------------------------------------------------------------------===//

#include "seam/Backend/Backend.h"
#include "seam/Session.h"

#include "../common/OnnxTestData.h"
#include "OnnxConformance.h"
#include "seam/TensorIO.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace {

using seam::testdata::readList;

const llvm::StringMap<std::string> &expectedFailures() {
  static llvm::StringMap<std::string> list =
      readList(SEAM_CONFORMANCE_XFAIL_LIST);
  return list;
}

/// Every importable model, sorted; with SEAM_CONFORMANCE_EVERY=N only every
/// N-th of them (scripts/sanitize.sh: a sample under AddressSanitizer, where
/// each model takes about 1 s; neighbours in the sorted list are mostly
/// variants of one op, so the sample still reaches most ops).
std::vector<std::string> listModels() {
  llvm::StringMap<std::string> rejected = readList(SEAM_ONNX_REJECTED_LIST);
  unsigned every = 1;
  if (const char *text = std::getenv("SEAM_CONFORMANCE_EVERY"))
    if (llvm::StringRef(text).getAsInteger(10, every) || every == 0)
      every = 1;
  std::vector<std::string> models;
  unsigned index = 0;
  for (std::string &name : seam::testdata::listModels(SEAM_ONNX_TESTDATA_DIR))
    if (!rejected.count(name) && index++ % every == 0)
      models.push_back(std::move(name));
  return models;
}

/// Runs `model` with `backends` and checks the outcome against the list: a
/// line "suite/test" is expected to fail with every backend, a line
/// "<backend>:suite/test" only with --backends=<backend>.
void checkModel(const std::string &model, const std::string &backends) {
  std::string failure = seam::testdata::runConformanceModel(model, backends);
  auto it = expectedFailures().find(model);
  if (it == expectedFailures().end() && backends != "none")
    it = expectedFailures().find(backends + ":" + model);
  if (it == expectedFailures().end()) {
    EXPECT_EQ(failure, "") << model << " fails with --backends=" << backends;
  } else {
    EXPECT_NE(failure, "") << model << " (--backends=" << backends
                           << ") is listed as an expected failure ("
                           << it->second
                           << ") but passes; remove it from "
                              "conformance-expected-failures.txt";
  }
}

class OnnxConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxConformance, MatchesReferenceOutputs) {
  checkModel(GetParam(), "none");
}

/// The backends of this build whose regions run in a kernel library (the
/// others compile their regions like --backends=none); with
/// SEAM_CONFORMANCE_BACKENDS=a,b only those of them (scripts/sanitize.sh
/// runs --backends=none alone).
std::vector<std::string> runtimeBackends() {
  const char *only = std::getenv("SEAM_CONFORMANCE_BACKENDS");
  llvm::SmallVector<llvm::StringRef> wanted;
  if (only)
    llvm::StringRef(only).split(wanted, ',', -1, false);
  std::vector<std::string> names;
  for (const seam::Backend *backend : seam::getRegisteredBackends())
    if (backend->getEntryPoints() &&
        (!only || llvm::is_contained(wanted, backend->getName())))
      names.push_back(backend->getName().str());
  return names;
}

/// The same with each of those backends (regions it takes run in its
/// kernel library, the rest compiled).
using BackendAndModel = std::tuple<std::string, std::string>;
class OnnxConformanceBackend
    : public ::testing::TestWithParam<BackendAndModel> {};

TEST_P(OnnxConformanceBackend, MatchesReferenceOutputs) {
  checkModel(std::get<1>(GetParam()), std::get<0>(GetParam()));
}

std::string
backendTestName(const ::testing::TestParamInfo<BackendAndModel> &info) {
  return std::get<0>(info.param) + "_" +
         seam::testdata::testName(::testing::TestParamInfo<std::string>(
             std::get<1>(info.param), info.index));
}

INSTANTIATE_TEST_SUITE_P(LibOnnxTestData, OnnxConformance,
                         ::testing::ValuesIn(listModels()),
                         seam::testdata::testName);
INSTANTIATE_TEST_SUITE_P(
    LibOnnxTestData, OnnxConformanceBackend,
    ::testing::Combine(::testing::ValuesIn(runtimeBackends()),
                       ::testing::ValuesIn(listModels())),
    backendTestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OnnxConformanceBackend);

} // namespace
