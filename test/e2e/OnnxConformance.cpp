//===- OnnxConformance.cpp - Run one ONNX backend test through Seam -------===//

#include "OnnxConformance.h"

#include "../common/OnnxTestData.h"

#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace seam::testdata {

std::string importError(const std::string &name) {
  llvm::SmallString<256> path(SEAM_ONNX_TESTDATA_DIR);
  llvm::sys::path::append(path, name, "model.onnx");
  return firstImportError(std::string(path));
}

/// Sorted paths of `dir`/<prefix>*.pb.
static std::vector<std::string> listFiles(const std::string &dir,
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

std::string runConformanceModel(const std::string &name,
                                const std::string &backends) {
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
      seam::Comparison c =
          seam::compareTensors(outputs->at(outName), expected->tensor,
                               kConformanceRtol, kConformanceAtol);
      if (!c.pass)
        failures << llvm::sys::path::filename(set).str() << " output '"
                 << outName << "': max_abs=" << c.maxAbs
                 << " max_rel=" << c.maxRel << " mismatches=" << c.mismatches
                 << " " << c.error << "; ";
    }
  }
  return failures.str();
}

} // namespace seam::testdata
