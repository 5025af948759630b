//===- DnnlBackendTest.cpp - The dnnl backend's sessions and runtime ------===//
//
// What the per-composite numeric tests (test/Backends/dnnl/numerics) do not
// cover: a dnnl session run from several threads at once, several sessions
// alive together, thread counts, and the runtime's answers to descriptions
// it cannot build (an error message and a null handle, never a crash).
//
//===----------------------------------------------------------------------===//

#include "seam/Backend/Backend.h"
#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "DnnlRuntime.h"
#include "RegionDesc.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace {

const std::string kModel =
    std::string(SEAM_SOURCE_DIR) + "/bench/models/tiny_resnet.onnx";

std::unique_ptr<seam::Session> compile(const std::string &backends,
                                       int threads = 0) {
  seam::CompileOptions options;
  options.backends = {backends};
  options.threads = threads;
  auto session = seam::Session::create(kModel, options);
  if (!session) {
    ADD_FAILURE() << llvm::toString(session.takeError());
    return nullptr;
  }
  return std::move(*session);
}

std::map<std::string, seam::Tensor> inputsFor(const seam::Session &session,
                                              uint64_t seed) {
  std::map<std::string, seam::Tensor> inputs;
  for (const seam::TensorInfo &info : session.inputs())
    inputs[info.name] = seam::randomTensor(info.shape, seed++);
  return inputs;
}

/// Runs `session` on `inputs` and compares every output with `expected`.
void expectOutputs(const seam::Session &session,
                   const std::map<std::string, seam::Tensor> &inputs,
                   const std::map<std::string, seam::Tensor> &expected) {
  auto outputs = session.run(inputs);
  ASSERT_TRUE(static_cast<bool>(outputs)) << llvm::toString(outputs.takeError());
  for (const auto &[name, tensor] : expected) {
    seam::Comparison c = seam::compareTensors(outputs->at(name), tensor, 1e-4, 1e-5);
    EXPECT_TRUE(c.pass) << name << ": max_abs=" << c.maxAbs << " " << c.error;
  }
}

class DnnlBackend : public ::testing::Test {
protected:
  void SetUp() override {
    if (!mlir::seam::lookupBackend("dnnl"))
      GTEST_SKIP() << "the dnnl backend is not built";
  }
};

TEST_F(DnnlBackend, RunsFromSeveralThreadsAtOnce) {
  auto dnnl = compile("dnnl"), none = compile("none");
  ASSERT_TRUE(dnnl && none);
  constexpr int kThreads = 4, kRuns = 25;
  std::vector<std::map<std::string, seam::Tensor>> inputs, expected;
  for (int t = 0; t < kThreads; ++t) {
    inputs.push_back(inputsFor(*none, 100 * t));
    auto outputs = none->run(inputs.back());
    ASSERT_TRUE(static_cast<bool>(outputs));
    expected.push_back(std::move(*outputs));
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRuns; ++r)
        expectOutputs(*dnnl, inputs[t], expected[t]);
    });
  for (std::thread &thread : threads)
    thread.join();
}

TEST_F(DnnlBackend, SessionsLiveSideBySide) {
  auto first = compile("dnnl"), second = compile("dnnl"), none = compile("none");
  ASSERT_TRUE(first && second && none);
  auto inputs = inputsFor(*none, 7);
  auto expected = none->run(inputs);
  ASSERT_TRUE(static_cast<bool>(expected));
  expectOutputs(*first, inputs, *expected);
  first.reset(); // frees its regions; the second session's stay
  expectOutputs(*second, inputs, *expected);
}

TEST_F(DnnlBackend, SameResultsOnOneAndTwoThreads) {
  auto one = compile("dnnl", 1), two = compile("dnnl", 2);
  ASSERT_TRUE(one && two);
  auto inputs = inputsFor(*one, 3);
  auto expected = one->run(inputs);
  ASSERT_TRUE(static_cast<bool>(expected));
  expectOutputs(*two, inputs, *expected);
}

//===----------------------------------------------------------------------===//
// The runtime on its own
//===----------------------------------------------------------------------===//

TEST(DnnlRuntime, DescriptionRoundTrips) {
  const char *text =
      "seam-dnnl-region 1 dnnl_7\n"
      "value 0 1x4x8x8\nvalue 1 4x4x3x3\nvalue 2 1x4x8x8\nvalue 3 1x4x4x4\n"
      "input 0\nweight 1\n"
      "conv dst=2 src=0 weights=1 strides=1,1 pads=1,1,1,1 dilations=1,1 "
      "group=1 post=sum:0 post=eltwise:clip:0:6\n"
      "pool dst=3 src=2 alg=avg_exclude kernel=2,2 strides=2,2 pads=0,0,0,0 "
      "dilations=1,1\n"
      "output 3\n";
  seam::dnnl_region::RegionDesc region;
  std::string error;
  ASSERT_TRUE(seam::dnnl_region::parse(text, region, error)) << error;
  EXPECT_EQ(region.name, "dnnl_7");
  ASSERT_EQ(region.ops.size(), 2u);
  EXPECT_EQ(region.ops[0].postOps.size(), 2u);
  EXPECT_EQ(seam::dnnl_region::print(region), text);
}

TEST(DnnlRuntime, BadDescriptionsAreErrors) {
  struct Case {
    const char *text, *error;
  } cases[] = {
      {"", "empty region description"},
      {"seam-dnnl-region 2 r\n", "line 1: expected 'seam-dnnl-region 1 <name>'"},
      {"seam-dnnl-region 1 r\nvalue 1 2x2\n", "line 2: expected 'value <next id> <dims>'"},
      {"seam-dnnl-region 1 r\ninput 0\n", "line 2: expected 'input <value>'"},
      {"seam-dnnl-region 1 r\nvalue 0 4\nrelu dst=0\n", "line 3: unknown item 'relu'"},
      {"seam-dnnl-region 1 r\nvalue 0 4\neltwise src=0 alg=relu\n",
       "line 3: eltwise without dst"},
      {"seam-dnnl-region 1 r\nvalue 0 4\nvalue 1 4\neltwise dst=1 src=0 post=max:0\n",
       "line 4: unknown post-op 'max:0'"},
      {"seam-dnnl-region 1 r\nvalue 0 4\nvalue 1 4\nconv dst=1 src=0\n",
       "line 4: conv misses an operand"},
  };
  for (const Case &c : cases) {
    seam::dnnl_region::RegionDesc region;
    std::string error;
    EXPECT_FALSE(seam::dnnl_region::parse(c.text, region, error)) << c.text;
    EXPECT_EQ(error, c.error) << c.text;
  }
}

TEST(DnnlRuntime, RegionsItCannotBuildGiveNull) {
  // A pooling window that does not give the declared output size.
  const char *text =
      "seam-dnnl-region 1 bad\nvalue 0 1x4x8x8\nvalue 1 1x4x5x5\ninput 0\n"
      "pool dst=1 src=0 alg=max kernel=2,2 strides=2,2 pads=0,0,0,0 "
      "dilations=1,1\noutput 1\n";
  testing::internal::CaptureStderr();
  void *region = seam_dnnl_create_region(text, nullptr);
  std::string message = testing::internal::GetCapturedStderr();
  EXPECT_EQ(region, nullptr);
  EXPECT_NE(message.find("seam-dnnl: cannot build region bad: op 0 (pool): "
                         "oneDNN: could not create a descriptor"),
            std::string::npos)
      << message;

  testing::internal::CaptureStderr();
  EXPECT_EQ(seam_dnnl_create_region("garbage", nullptr), nullptr);
  EXPECT_NE(testing::internal::GetCapturedStderr().find(
                "seam-dnnl: bad region description: line 1"),
            std::string::npos);
  seam_dnnl_destroy_region(nullptr);
}

TEST(DnnlRuntime, CountsRunsAndTime) {
  const char *text =
      "seam-dnnl-region 1 relu\nvalue 0 2x3\nvalue 1 2x3\ninput 0\n"
      "eltwise dst=1 src=0 alg=relu alpha=0 beta=0\noutput 1\n";
  void *region = seam_dnnl_create_region(text, nullptr);
  ASSERT_NE(region, nullptr);
  float in[6] = {-1, 2, -3, 4, -5, 6}, out[6] = {};
  void *buffers[] = {in, out};
  seam_dnnl_run_region(region, buffers);
  seam_dnnl_run_region(region, buffers);
  EXPECT_EQ(std::vector<float>(out, out + 6),
            std::vector<float>({0, 2, 0, 4, 0, 6}));
  SeamDnnlRegionStats stats;
  seam_dnnl_get_region_stats(region, &stats);
  EXPECT_STREQ(stats.name, "relu");
  EXPECT_EQ(stats.runs, 2);
  EXPECT_EQ(stats.primitives, 1);
  EXPECT_GT(stats.nanoseconds, 0);
  seam_dnnl_destroy_region(region);
}

} // namespace
