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
#include "seam/TensorIO.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <sstream>

namespace {

constexpr double kRtol = 1e-3, kAtol = 1e-7;

using seam::testdata::readList;

const llvm::StringMap<std::string> &expectedFailures() {
  static llvm::StringMap<std::string> list =
      readList(SEAM_CONFORMANCE_XFAIL_LIST);
  return list;
}

/// Every importable model, sorted.
std::vector<std::string> listModels() {
  llvm::StringMap<std::string> rejected = readList(SEAM_ONNX_REJECTED_LIST);
  std::vector<std::string> models;
  for (std::string &name : seam::testdata::listModels(SEAM_ONNX_TESTDATA_DIR))
    if (!rejected.count(name))
      models.push_back(std::move(name));
  return models;
}

/// Sorted paths of `dir`/<prefix>*.pb.
std::vector<std::string> listFiles(const std::string &dir,
                                   llvm::StringRef prefix) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef file = llvm::sys::path::filename(it->path());
    if (file.starts_with(prefix) && file.ends_with(".pb"))
      files.push_back(it->path());
  }
  // input_2.pb before input_10.pb.
  std::sort(files.begin(), files.end(),
            [](const std::string &a, const std::string &b) {
              return a.size() != b.size() ? a.size() < b.size() : a < b;
            });
  return files;
}

/// Runs one model on all its data sets with `backends`; returns "" or why it
/// failed.
std::string runModel(const std::string &name, const std::string &backends) {
  llvm::SmallString<256> dir(SEAM_ONNX_TESTDATA_DIR);
  llvm::sys::path::append(dir, name);
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, "model.onnx");
  seam::CompileOptions options;
  options.backends = {backends};
  auto session = seam::Session::create(std::string(model), options);
  if (!session)
    return "compile: " + session.error().message();

  std::error_code ec;
  std::vector<std::string> dataSets;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with("test_data_set_"))
      dataSets.push_back(it->path());
  std::sort(dataSets.begin(), dataSets.end());
  if (dataSets.empty())
    return "no test_data_set_* folders";

  std::ostringstream failures;
  for (const std::string &set : dataSets) {
    std::map<std::string, seam::Tensor> inputs;
    std::vector<std::string> inputFiles = listFiles(set, "input_");
    const auto &infos = (*session)->inputs();
    if (inputFiles.size() != infos.size())
      return llvm::sys::path::filename(set).str() + ": " +
             std::to_string(inputFiles.size()) + " input files for " +
             std::to_string(infos.size()) + " inputs";
    for (size_t i = 0; i < inputFiles.size(); ++i) {
      auto file = seam::readTensorFile(inputFiles[i]);
      if (!file)
        return file.error().message();
      // Bind by the name stored in the file when the model has it.
      bool named = llvm::any_of(infos, [&](const seam::TensorInfo &info) {
        return info.name == file->name;
      });
      inputs[named ? file->name : infos[i].name] = file->tensor;
    }
    auto outputs = (*session)->run(inputs);
    if (!outputs)
      return "run: " + outputs.error().message();
    std::vector<std::string> outputFiles = listFiles(set, "output_");
    for (size_t i = 0;
         i < outputFiles.size() && i < (*session)->outputs().size(); ++i) {
      auto expected = seam::readTensorFile(outputFiles[i]);
      if (!expected)
        return expected.error().message();
      const std::string &outName = (*session)->outputs()[i].name;
      seam::Comparison c = seam::compareTensors(outputs->at(outName),
                                                expected->tensor, kRtol, kAtol);
      if (!c.pass)
        failures << llvm::sys::path::filename(set).str() << " output '"
                 << outName << "': max_abs=" << c.maxAbs
                 << " max_rel=" << c.maxRel << " mismatches=" << c.mismatches
                 << " " << c.error << "; ";
    }
  }
  return failures.str();
}

/// Runs `model` with `backends` and checks the outcome against the list: a
/// line "suite/test" is expected to fail with every backend, a line
/// "<backend>:suite/test" only with --backends=<backend>.
void checkModel(const std::string &model, const std::string &backends) {
  std::string failure = runModel(model, backends);
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
/// others compile their regions like --backends=none).
std::vector<std::string> runtimeBackends() {
  std::vector<std::string> names;
  for (const seam::Backend *backend : seam::getRegisteredBackends())
    if (backend->getEntryPoints())
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
