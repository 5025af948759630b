//===- OnnxTestData.h - Debian's ONNX backend test data, for tests --*- C++
//-*-===//
//
// What the import sweep and the conformance runner share: the list of models
// in libonnx-testdata, the repo's list files ("suite/test | reason"), and
// gtest parameter names.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TEST_COMMON_ONNXTESTDATA_H
#define SEAM_TEST_COMMON_ONNXTESTDATA_H

#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

namespace seam::testdata {

/// The suites of libonnx-testdata that Seam runs.
inline const char *const kSuites[] = {"node", "pytorch-converted",
                                      "pytorch-operator", "simple"};

/// "suite/test" of every model under `root`, sorted.
inline std::vector<std::string> listModels(const char *root) {
  std::vector<std::string> models;
  for (const char *suite : kSuites) {
    llvm::SmallString<256> dir(root);
    llvm::sys::path::append(dir, suite);
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec)) {
      llvm::SmallString<256> model(it->path());
      llvm::sys::path::append(model, "model.onnx");
      if (llvm::sys::fs::exists(model))
        models.push_back(std::string(suite) + "/" +
                         llvm::sys::path::filename(it->path()).str());
    }
  }
  std::sort(models.begin(), models.end());
  return models;
}

/// A list file: "suite/test | reason" per line; blank and '#' lines skipped.
inline llvm::StringMap<std::string> readList(const char *path) {
  llvm::StringMap<std::string> map;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return map;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, false);
  for (llvm::StringRef line : lines) {
    if (line.trim().empty() || line.trim().starts_with("#"))
      continue;
    auto [name, reason] = line.split(" | ");
    map[name.trim()] = reason.trim().str();
  }
  return map;
}

/// The first error importing the ONNX model at `path` gives, or "" if it
/// imports.
inline std::string firstImportError(const std::string &path) {
  mlir::MLIRContext context;
  std::string firstError;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error &&
        firstError.empty())
      firstError = d.str();
    return mlir::success();
  });
  bool imported = static_cast<bool>(seam::importOnnxFile(path, context));
  if (imported)
    return firstError;
  return firstError.empty() ? "import failed without an error" : firstError;
}

/// A gtest parameter name for "suite/test".
inline std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name = info.param;
  for (char &c : name)
    if (!isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

} // namespace seam::testdata

#endif // SEAM_TEST_COMMON_ONNXTESTDATA_H
