//===- OnnxTestDataImportTest.cpp - Import ONNX's own backend test models -===//
//
// Imports every model of Debian's libonnx-testdata (node, pytorch-converted,
// pytorch-operator, simple). A model must import and verify unless it is
// listed in test/Import/onnx-testdata-rejected.txt with the exact error it
// is rejected with; a listed model that imports, or fails differently, fails
// the test, so that every change of category is noticed.
//
//===----------------------------------------------------------------------===//

#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

namespace {

const char *const kSuites[] = {"node", "pytorch-converted", "pytorch-operator",
                               "simple"};

/// "suite/test" of every model in the test data, sorted.
std::vector<std::string> listModels() {
  std::vector<std::string> models;
  for (const char *suite : kSuites) {
    llvm::SmallString<256> dir(SEAM_ONNX_TESTDATA_DIR);
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

/// The expected rejections: "suite/test | first error message".
const llvm::StringMap<std::string> &expectedRejections() {
  static llvm::StringMap<std::string> rejections = [] {
    llvm::StringMap<std::string> map;
    auto buffer = llvm::MemoryBuffer::getFile(SEAM_ONNX_REJECTED_LIST);
    if (!buffer)
      return map;
    llvm::SmallVector<llvm::StringRef> lines;
    (*buffer)->getBuffer().split(lines, '\n', -1, false);
    for (llvm::StringRef line : lines) {
      auto [name, reason] = line.split(" | ");
      map[name.trim()] = reason.trim().str();
    }
    return map;
  }();
  return rejections;
}

class OnnxTestDataImport : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxTestDataImport, ImportsOrIsListedAsRejected) {
  llvm::SmallString<256> path(SEAM_ONNX_TESTDATA_DIR);
  llvm::sys::path::append(path, GetParam(), "model.onnx");
  mlir::MLIRContext context;
  std::string firstError;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && firstError.empty())
      firstError = d.str();
    return mlir::success();
  });
  bool imported = static_cast<bool>(seam::importOnnxFile(path, context));
  if (imported)
    EXPECT_TRUE(firstError.empty()) << firstError;

  auto it = expectedRejections().find(GetParam());
  if (it == expectedRejections().end()) {
    EXPECT_TRUE(imported) << GetParam() << " is not listed as rejected but "
                          << "fails to import: " << firstError;
    return;
  }
  EXPECT_FALSE(imported) << GetParam()
                         << " is listed as rejected but now imports; remove "
                            "it from onnx-testdata-rejected.txt";
  EXPECT_EQ(firstError, it->second)
      << GetParam() << " is rejected for another reason than listed";
}

TEST(OnnxTestDataImport, EveryListedModelExists) {
  std::vector<std::string> models = listModels();
  ASSERT_FALSE(models.empty()) << "no test data in " << SEAM_ONNX_TESTDATA_DIR;
  for (const auto &entry : expectedRejections())
    EXPECT_TRUE(std::binary_search(models.begin(), models.end(),
                                   entry.getKey().str()))
        << entry.getKey().str() << " is listed but not in the test data";
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name = info.param;
  for (char &c : name)
    if (!isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(LibOnnxTestData, OnnxTestDataImport,
                         ::testing::ValuesIn(listModels()), testName);

} // namespace
