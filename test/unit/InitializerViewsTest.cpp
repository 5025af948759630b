//===- InitializerViewsTest.cpp - Weights read where the model file is ----===//
//
// importOnnxFile leaves a large, 4-byte-aligned float32 initializer in the
// model file's mapping (lib/Import/OnnxModelLoader.h, InitializerViews): its
// blob views the file's pages instead of a copy. These tests write models
// whose raw data lands at a chosen offset, then check where the imported
// weight's bytes are (/proc/self/maps), its values, and the errors and
// conversions that must still see the data.
//
//===----------------------------------------------------------------------===//

#include "seam/Import/OnnxImporter.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "onnx/onnx_pb.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace {

constexpr int kRows = 64, kCols = 512; // 128 KiB: above the view threshold

float weightValue(int i) { return static_cast<float>(i % 1000) * 0.25f - 7.f; }

struct ModelSpec {
  /// The raw data's offset in the file, modulo 4.
  unsigned misalignment = 0;
  int64_t opset = 13;
  int64_t irVersion = 7;
  /// Bytes dropped from the end of the raw data (a malformed model).
  size_t missingBytes = 0;
  /// W is also listed as a graph input (an overridable initializer).
  bool weightIsInput = false;
};

/// y = MatMul(x[1, kRows], W[kRows, kCols]), W in raw_data, serialized with
/// W's raw data at an offset of spec.misalignment modulo 4 (the graph's
/// name pads the encoding).
std::string makeMatMulModel(const ModelSpec &spec) {
  std::string raw(kRows * kCols * sizeof(float) - spec.missingBytes, '\0');
  for (size_t i = 0; i < raw.size() / sizeof(float); ++i) {
    float v = weightValue(static_cast<int>(i));
    std::memcpy(&raw[i * sizeof(float)], &v, sizeof(float));
  }
  for (int pad = 0; pad < 8; ++pad) {
    onnx::ModelProto model;
    model.set_ir_version(spec.irVersion);
    model.add_opset_import()->set_version(spec.opset);
    onnx::GraphProto *graph = model.mutable_graph();
    graph->set_name("matmul" + std::string(pad, '_'));
    auto addValue = [](onnx::ValueInfoProto *v, const char *name,
                       std::initializer_list<int64_t> dims) {
      v->set_name(name);
      auto *t = v->mutable_type()->mutable_tensor_type();
      t->set_elem_type(onnx::TensorProto::FLOAT);
      for (int64_t d : dims)
        t->mutable_shape()->add_dim()->set_dim_value(d);
    };
    addValue(graph->add_input(), "x", {1, kRows});
    if (spec.weightIsInput || spec.irVersion <= 3)
      addValue(graph->add_input(), "W", {kRows, kCols});
    addValue(graph->add_output(), "y", {1, kCols});
    onnx::TensorProto *w = graph->add_initializer();
    w->set_name("W");
    w->set_data_type(onnx::TensorProto::FLOAT);
    w->add_dims(kRows);
    w->add_dims(kCols);
    w->set_raw_data(raw);
    onnx::NodeProto *matmul = graph->add_node();
    matmul->set_op_type("MatMul");
    matmul->set_name("matmul");
    matmul->add_input("x");
    matmul->add_input("W");
    matmul->add_output("y");
    std::string bytes = model.SerializeAsString();
    size_t offset = bytes.find(raw);
    if (offset != std::string::npos && offset % 4 == spec.misalignment)
      return bytes;
  }
  ADD_FAILURE() << "no padding puts the raw data at offset "
                << spec.misalignment << " mod 4";
  return "";
}

/// A model file in the temporary folder, removed at the end of the test.
struct TempModel {
  explicit TempModel(const std::string &bytes) {
    llvm::SmallString<128> file;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("seam-views", "onnx", file));
    path = std::string(file);
    std::ofstream(path, std::ios::binary) << bytes;
  }
  ~TempModel() { std::remove(path.c_str()); }
  std::string path;
};

/// Whether `address` lies in a mapping of the file `path` (/proc/self/maps).
bool isInMappingOf(const void *address, const std::string &path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real))
    return false;
  std::ifstream maps("/proc/self/maps");
  std::string line;
  auto at = reinterpret_cast<uintptr_t>(address);
  while (std::getline(maps, line)) {
    std::istringstream fields(line);
    std::string range, perms, offset, device, inode, name;
    fields >> range >> perms >> offset >> device >> inode >> name;
    uintptr_t begin = std::stoull(range.substr(0, range.find('-')), nullptr, 16);
    uintptr_t end = std::stoull(range.substr(range.find('-') + 1), nullptr, 16);
    if (at >= begin && at < end)
      return name == real.str();
  }
  return false;
}

struct Imported {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string error;
  /// The weight's blob data, and its values.
  const char *data = nullptr;
  std::vector<float> values;
};

Imported importFile(mlir::MLIRContext &ctx, const std::string &path) {
  Imported result;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    if (result.error.empty())
      result.error = d.str();
    return mlir::success();
  });
  result.module = seam::importOnnxFile(path, ctx);
  if (!result.module)
    return result;
  result.module->walk([&](mlir::arith::ConstantOp c) {
    auto res = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(c.getValue());
    if (!res || !res.getRawHandle().getBlob())
      return;
    result.data = res.getRawHandle().getBlob()->getData().data();
    if (auto values = seam::getF32ConstantData(c.getResult()))
      result.values = std::move(*values);
  });
  return result;
}

void expectWeightValues(const Imported &imported) {
  ASSERT_EQ(imported.values.size(), size_t(kRows * kCols));
  for (int i = 0; i < kRows * kCols; ++i)
    ASSERT_EQ(imported.values[i], weightValue(i)) << "element " << i;
}

TEST(InitializerViews, AlignedWeightViewsTheFile) {
  TempModel file(makeMatMulModel({}));
  mlir::MLIRContext ctx;
  Imported imported = importFile(ctx, file.path);
  ASSERT_TRUE(imported.module) << imported.error;
  ASSERT_TRUE(imported.data);
  EXPECT_TRUE(isInMappingOf(imported.data, file.path));
  expectWeightValues(imported);
}

TEST(InitializerViews, MisalignedWeightIsCopied) {
  TempModel file(makeMatMulModel({/*misalignment=*/1}));
  mlir::MLIRContext ctx;
  Imported imported = importFile(ctx, file.path);
  ASSERT_TRUE(imported.module) << imported.error;
  ASSERT_TRUE(imported.data);
  EXPECT_FALSE(isInMappingOf(imported.data, file.path));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(imported.data) % alignof(float), 0u);
  expectWeightValues(imported);
}

TEST(InitializerViews, ViewedWeightOfTheWrongSizeIsAnError) {
  TempModel file(makeMatMulModel({0, 13, 7, /*missingBytes=*/4}));
  mlir::MLIRContext ctx;
  Imported imported = importFile(ctx, file.path);
  EXPECT_FALSE(imported.module);
  EXPECT_EQ(imported.error, "initializer 'W': has 131068 bytes of data but "
                            "FLOAT [64, 512] needs 131072");
}

TEST(InitializerViews, VersionConversionReadsTheData) {
  // Opset 11: ONNX's version converter rewrites the initializers, so they
  // are copied in first; the weight ends up in a copy, with its values.
  TempModel file(makeMatMulModel({0, /*opset=*/11}));
  mlir::MLIRContext ctx;
  Imported imported = importFile(ctx, file.path);
  ASSERT_TRUE(imported.module) << imported.error;
  EXPECT_FALSE(isInMappingOf(imported.data, file.path));
  expectWeightValues(imported);
}

TEST(InitializerViews, InitializerListedAsInput) {
  // IR 3 lists every initializer as a graph input; IR 7 may (an overridable
  // initializer): the checker must see one input W either way.
  for (int64_t ir : {3, 7}) {
    TempModel file(makeMatMulModel({0, 13, ir, 0, /*weightIsInput=*/true}));
    mlir::MLIRContext ctx;
    Imported imported = importFile(ctx, file.path);
    ASSERT_TRUE(imported.module) << "IR " << ir << ": " << imported.error;
    auto main = imported.module->lookupSymbol<mlir::func::FuncOp>("main");
    ASSERT_TRUE(main);
    EXPECT_EQ(main.getNumArguments(), 1u) << "IR " << ir;
    EXPECT_EQ(isInMappingOf(imported.data, file.path), ir == 7) << "IR " << ir;
    expectWeightValues(imported);
  }
}

} // namespace
