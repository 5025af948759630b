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

#include "../common/OnnxTestData.h"

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

std::vector<std::string> listModels() {
  return seam::testdata::listModels(SEAM_ONNX_TESTDATA_DIR);
}

/// The expected rejections: "suite/test | first error message".
const llvm::StringMap<std::string> &expectedRejections() {
  static llvm::StringMap<std::string> rejections =
      seam::testdata::readList(SEAM_ONNX_REJECTED_LIST);
  return rejections;
}

class OnnxTestDataImport : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxTestDataImport, ImportsOrIsListedAsRejected) {
  llvm::SmallString<256> path(SEAM_ONNX_TESTDATA_DIR);
  llvm::sys::path::append(path, GetParam(), "model.onnx");
  std::string firstError = seam::testdata::firstImportError(std::string(path));
  bool imported = firstError.empty();

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
    EXPECT_TRUE(
        std::binary_search(models.begin(), models.end(), entry.getKey().str()))
        << entry.getKey().str() << " is listed but not in the test data";
}

INSTANTIATE_TEST_SUITE_P(LibOnnxTestData, OnnxTestDataImport,
                         ::testing::ValuesIn(listModels()),
                         seam::testdata::testName);

} // namespace
