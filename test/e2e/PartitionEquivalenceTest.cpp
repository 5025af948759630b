//===- PartitionEquivalenceTest.cpp - Partitioning never changes results --===//
//
// Each whole-model partition test of test/Transforms (ResNet basic block,
// MobileNetV2 block, SqueezeNet fire module, DenseNet block) and the bundled
// tiny ResNet (ONNX) is compiled twice through the JIT: partitioned with the
// test-only backends, whose regions are outlined into @test_<n> functions and
// then lowered like the rest of the model (their seam.composite bodies are
// inlined by seam-lower-to-linalg), and unpartitioned (backends=none). Both
// must give the same outputs on the same inputs.
//
// The lit models hold splat weights (every channel alike), which would hide a
// region that swaps channels or operands; each splat constant is replaced by
// seeded random values of the same sign before compiling.
//
//===----------------------------------------------------------------------===//

#include "seam/InitAll.h"
#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

namespace {

struct Model {
  const char *name;
  /// Relative to the source tree.
  const char *path;
  std::vector<std::string> backends;
};

std::ostream &operator<<(std::ostream &os, const Model &model) {
  return os << model.name;
}

std::string sourcePath(const char *relative) {
  return std::string(SEAM_SOURCE_DIR) + "/" + relative;
}

/// Replaces each splat f32 constant of more than one element: weights (rank
/// 2 and up) by values in (-|v|, |v|), others (bias, BN scale, mean,
/// variance) by values of v's sign within [v/2, 3v/2), zeros by values in
/// [-0.1, 0.1). Writes the module to a temporary file and returns its path.
std::string writeWithRandomWeights(const std::string &path) {
  mlir::DialectRegistry registry;
  seam::registerDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(path, sourceMgr,
                                            mlir::ParserConfig(&context));
  if (!module)
    return "";
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  module->walk([&](mlir::arith::ConstantOp constant) {
    auto splat = llvm::dyn_cast<mlir::SplatElementsAttr>(constant.getValue());
    if (!splat || !splat.getElementType().isF32() || splat.getNumElements() < 2)
      return;
    float v = splat.getSplatValue<float>();
    std::vector<float> values(splat.getNumElements());
    for (float &x : values) {
      float u = unit(rng);
      if (splat.getType().getRank() >= 2)
        x = v * (2 * u - 1);
      else
        x = v != 0 ? v * (0.5f + u) : 0.2f * (u - 0.5f);
    }
    constant.setValueAttr(mlir::DenseElementsAttr::get(
        splat.getType(), llvm::ArrayRef<float>(values)));
  });
  llvm::SmallString<128> out;
  if (llvm::sys::fs::createTemporaryFile("partition-equivalence", "mlir", out))
    return "";
  std::error_code ec;
  llvm::raw_fd_ostream os(out, ec);
  if (ec)
    return "";
  module->print(os);
  return std::string(out);
}

/// The regions of `backend` in a partition report, or -1 without its row.
int regionsOf(const std::string &report, const std::string &backend) {
  std::istringstream lines(report);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name;
    int regions;
    if (words >> name && name == backend && words >> regions)
      return regions;
  }
  return -1;
}

struct Compiled {
  std::unique_ptr<seam::Session> session;
  std::string report;
};

Compiled compile(const std::string &path, std::vector<std::string> backends) {
  Compiled compiled;
  seam::CompileOptions options;
  options.backends = std::move(backends);
  options.onPartitionReport = [&](const std::string &report) {
    compiled.report = report;
  };
  auto session = seam::Session::create(path, options);
  if (!session) {
    ADD_FAILURE() << "cannot compile " << path << ": "
                  << session.error().message();
    return compiled;
  }
  compiled.session = std::move(*session);
  return compiled;
}

class PartitionEquivalence : public testing::TestWithParam<Model> {};

TEST_P(PartitionEquivalence, PartitionedMatchesUnpartitioned) {
  const Model &model = GetParam();
  std::string path = sourcePath(model.path);
  std::string compiled = path;
  if (llvm::StringRef(path).ends_with(".mlir")) {
    compiled = writeWithRandomWeights(path);
    ASSERT_FALSE(compiled.empty()) << "cannot rewrite the weights of " << path;
  }

  Compiled partitioned = compile(compiled, model.backends);
  Compiled whole = compile(compiled, {"none"});
  if (compiled != path)
    llvm::sys::fs::remove(compiled);
  ASSERT_TRUE(partitioned.session && whole.session);

  // The partitioned build did offload: each backend has a region.
  for (const std::string &backend : model.backends)
    EXPECT_GE(regionsOf(partitioned.report, backend), 1)
        << backend << " took no region:\n"
        << partitioned.report;
  EXPECT_EQ(regionsOf(whole.report, model.backends.front()), -1)
      << whole.report;
  EXPECT_NE(whole.report.find("no backend selected"), std::string::npos)
      << whole.report;

  std::map<std::string, seam::Tensor> inputs;
  for (auto [i, info] : llvm::enumerate(whole.session->inputs()))
    inputs[info.name] = seam::randomTensor(info.shape, 100 + i);
  auto expected = whole.session->run(inputs);
  ASSERT_TRUE(bool(expected)) << expected.error().message();
  auto actual = partitioned.session->run(inputs);
  ASSERT_TRUE(bool(actual)) << actual.error().message();

  ASSERT_EQ(actual->size(), expected->size());
  for (const auto &[name, reference] : *expected) {
    ASSERT_TRUE(actual->count(name)) << "no output " << name;
    seam::Comparison c =
        seam::compareTensors(actual->at(name), reference, 1e-5, 1e-6);
    EXPECT_TRUE(c.pass) << "output " << name << ": max_abs=" << c.maxAbs
                        << " max_rel=" << c.maxRel
                        << " mismatches=" << c.mismatches << " " << c.error;
  }
}

INSTANTIATE_TEST_SUITE_P(
    WholeModels, PartitionEquivalence,
    testing::Values(
        Model{"ResNetBlock",
              "test/Transforms/partition-resnet-block.mlir",
              {"test"}},
        Model{"ResNetBlockTwoBackends",
              "test/Transforms/partition-resnet-block.mlir",
              {"testblas", "test"}},
        Model{"MobileNetV2Block",
              "test/Transforms/partition-mobilenetv2-block.mlir",
              {"test"}},
        Model{"SqueezeNetFire",
              "test/Transforms/partition-squeezenet-fire.mlir",
              {"test"}},
        Model{"DenseNetBlock",
              "test/Transforms/partition-densenet-block.mlir",
              {"test"}},
        Model{"TinyResNetOnnx", "bench/models/tiny_resnet.onnx", {"test"}},
        Model{"TinyResNetOnnxTwoBackends",
              "bench/models/tiny_resnet.onnx",
              {"testblas", "test"}}),
    [](const testing::TestParamInfo<Model> &info) { return info.param.name; });

} // namespace
