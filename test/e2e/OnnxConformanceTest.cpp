//===- OnnxConformanceTest.cpp - Run ONNX's backend tests through Seam ----===//
//
// For every model of Debian's libonnx-testdata that Seam imports (those not
// in test/Import/onnx-testdata-rejected.txt), compiles it with the JIT,
// runs each test_data_set_*/input_*.pb and compares with output_*.pb at
// ONNX's tolerances (rtol 1e-3, atol 1e-7), once with --backends=none and
// once with --backends=dnnl. A model listed in
// test/e2e/conformance-expected-failures.txt must fail (with its reason
// written there; "dnnl:suite/test" for the dnnl run only); an unlisted one
// must pass.
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
  static llvm::StringMap<std::string> list = readList(SEAM_CONFORMANCE_XFAIL_LIST);
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
std::vector<std::string> listFiles(const std::string &dir, llvm::StringRef prefix) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef file = llvm::sys::path::filename(it->path());
    if (file.starts_with(prefix) && file.ends_with(".pb"))
      files.push_back(it->path());
  }
  // input_2.pb before input_10.pb.
  std::sort(files.begin(), files.end(), [](const std::string &a, const std::string &b) {
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
    return "compile: " + llvm::toString(session.takeError());

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
        return llvm::toString(file.takeError());
      // Bind by the name stored in the file when the model has it.
      bool named = llvm::any_of(infos, [&](const seam::TensorInfo &info) {
        return info.name == file->name;
      });
      inputs[named ? file->name : infos[i].name] = file->tensor;
    }
    auto outputs = (*session)->run(inputs);
    if (!outputs)
      return "run: " + llvm::toString(outputs.takeError());
    std::vector<std::string> outputFiles = listFiles(set, "output_");
    for (size_t i = 0; i < outputFiles.size() && i < (*session)->outputs().size(); ++i) {
      auto expected = seam::readTensorFile(outputFiles[i]);
      if (!expected)
        return llvm::toString(expected.takeError());
      const std::string &outName = (*session)->outputs()[i].name;
      seam::Comparison c = seam::compareTensors(outputs->at(outName),
                                                expected->tensor, kRtol, kAtol);
      if (!c.pass)
        failures << llvm::sys::path::filename(set).str() << " output '" << outName
                 << "': max_abs=" << c.maxAbs << " max_rel=" << c.maxRel
                 << " mismatches=" << c.mismatches << " " << c.error << "; ";
    }
  }
  return failures.str();
}

/// Runs `model` with `backends` and checks the outcome against the list: a
/// line "suite/test" is expected to fail with every backend, a line
/// "dnnl:suite/test" only with --backends=dnnl.
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

TEST_P(OnnxConformance, MatchesReferenceOutputs) { checkModel(GetParam(), "none"); }

/// The same with the oneDNN backend (regions it takes run in oneDNN, the rest
/// compiled), when it is built.
class OnnxConformanceDnnl : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxConformanceDnnl, MatchesReferenceOutputs) {
  if (!mlir::seam::lookupBackend("dnnl"))
    GTEST_SKIP() << "the dnnl backend is not built";
  checkModel(GetParam(), "dnnl");
}

INSTANTIATE_TEST_SUITE_P(LibOnnxTestData, OnnxConformance,
                         ::testing::ValuesIn(listModels()),
                         seam::testdata::testName);
INSTANTIATE_TEST_SUITE_P(LibOnnxTestData, OnnxConformanceDnnl,
                         ::testing::ValuesIn(listModels()),
                         seam::testdata::testName);

} // namespace
