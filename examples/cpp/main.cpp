//===- main.cpp - Compile an ONNX model with Seam, run it, check it -------===//
//
//   seam-example MODEL.onnx [--backends=dnnl,xnnpack|none] [--report]
//                [INPUT ...] [--expect EXPECTED ...]
//
// Compiles MODEL with seam::Session, runs it once on the INPUT tensor files
// (`.pb` ONNX TensorProto or `.npy` float32, in the order of the model's
// inputs; random data when none is given) and compares each output with the
// EXPECTED file of the same position: it prints the largest absolute error
// and PASS or FAIL per output, and exits with 1 if one fails (2 on an error).
// ONNX's backend tests compare at rtol 1e-3, atol 1e-7; so does this.
//
// Only Seam's installed headers are used: the Session API (seam/Session.h),
// its tensor files (seam/TensorIO.h) and seam/Version.h.
//
//===----------------------------------------------------------------------===//

#include "seam/Session.h"
#include "seam/TensorIO.h"
#include "seam/Version.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Splits "a,b" into {"a", "b"}.
std::vector<std::string> splitList(const std::string &list) {
  std::vector<std::string> items;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');)
    if (!item.empty())
      items.push_back(item);
  return items;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

int usage() {
  std::cerr << "usage: seam-example MODEL.onnx [--backends=LIST] [--report] "
               "[INPUT ...] [--expect EXPECTED ...]\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  std::string model;
  std::vector<std::string> inputFiles, expectedFiles;
  seam::CompileOptions options;
  options.backends = {"none"};
  bool expecting = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--backends=", 0) == 0)
      options.backends = splitList(arg.substr(11));
    else if (arg == "--report")
      options.onPartitionReport = [](const std::string &report) {
        std::cout << report;
      };
    else if (arg == "--expect")
      expecting = true;
    else if (arg.rfind("--", 0) == 0)
      return usage();
    else if (model.empty())
      model = arg;
    else
      (expecting ? expectedFiles : inputFiles).push_back(arg);
  }
  if (model.empty())
    return usage();
  std::cout << "Seam " << SEAM_VERSION_STRING << "\n";

  // Compile once.
  auto session = seam::Session::create(model, options);
  if (!session) {
    std::cerr << "error: " << session.error().message() << "\n";
    return 2;
  }
  const std::vector<seam::TensorInfo> &inputs = (*session)->inputs();
  const std::vector<seam::TensorInfo> &outputs = (*session)->outputs();
  if (!inputFiles.empty() && inputFiles.size() != inputs.size()) {
    std::cerr << "error: the model has " << inputs.size() << " inputs, "
              << inputFiles.size() << " files given\n";
    return 2;
  }
  if (expectedFiles.size() > outputs.size()) {
    std::cerr << "error: the model has " << outputs.size() << " outputs, "
              << expectedFiles.size() << " references given\n";
    return 2;
  }

  // Inputs by name: the files in order, or random data.
  std::map<std::string, seam::Tensor> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputFiles.empty()) {
      feeds[inputs[i].name] =
          seam::randomTensor(inputs[i].shape, i + 1, inputs[i].type);
      continue;
    }
    auto file = seam::readTensorFile(inputFiles[i]);
    if (!file) {
      std::cerr << "error: " << file.error().message() << "\n";
      return 2;
    }
    feeds[inputs[i].name] = file->tensor;
  }

  // Run, then compare each output with its reference.
  auto results = (*session)->run(feeds);
  if (!results) {
    std::cerr << "error: " << results.error().message() << "\n";
    return 2;
  }
  bool allPass = true;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const seam::Tensor &actual = results->at(outputs[i].name);
    std::cout << "output " << outputs[i].name << ": "
              << shapeString(actual.shape());
    if (i >= expectedFiles.size()) {
      std::cout << "\n";
      continue;
    }
    auto expected = seam::readTensorFile(expectedFiles[i]);
    if (!expected) {
      std::cerr << "\nerror: " << expected.error().message() << "\n";
      return 2;
    }
    seam::Comparison cmp =
        seam::compareTensors(actual, expected->tensor, 1e-3, 1e-7);
    std::cout << " max_abs_error=" << cmp.maxAbs << " "
              << (cmp.pass ? "PASS" : "FAIL");
    if (!cmp.error.empty())
      std::cout << " (" << cmp.error << ")";
    std::cout << "\n";
    allPass = allPass && cmp.pass;
  }
  return allPass ? 0 : 1;
}
