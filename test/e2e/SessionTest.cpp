//===- SessionTest.cpp - The seam::Session C++ API ------------------------===//
//
// The compiled path (--backends=none) through the public API: outputs into
// caller memory, errors that say what was expected, and one session run from
// several threads at once giving the same results as one run. References
// are NumPy's (test/e2e/make_references.py), never Seam's own.
//
//===----------------------------------------------------------------------===//

#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "gtest/gtest.h"

#include <thread>

namespace {

constexpr const char *kModel = SEAM_SOURCE_DIR "/bench/models/tiny_resnet.onnx";
constexpr const char *kInput =
    SEAM_SOURCE_DIR "/test/e2e/Inputs/tiny_resnet_input.npy";
constexpr const char *kOutput =
    SEAM_SOURCE_DIR "/test/e2e/Inputs/tiny_resnet_output.npy";

std::unique_ptr<seam::Session> compileTinyResNet(int threads) {
  seam::CompileOptions options;
  options.backends = {"none"};
  options.threads = threads;
  auto session = seam::Session::create(kModel, options);
  EXPECT_TRUE(static_cast<bool>(session)) << session.error().message();
  return session ? std::move(*session) : nullptr;
}

seam::Tensor load(const char *path) {
  auto file = seam::readTensorFile(path);
  EXPECT_TRUE(static_cast<bool>(file)) << file.error().message();
  return file ? file->tensor : seam::Tensor();
}

TEST(Session, NamesShapesAndStages) {
  seam::CompileOptions options;
  options.backends = {"none"};
  std::vector<std::string> stages;
  options.onStage = [&](const std::string &stage, double) {
    stages.push_back(stage);
  };
  auto session = seam::Session::create(kModel, options);
  ASSERT_TRUE(static_cast<bool>(session)) << session.error().message();
  ASSERT_EQ((*session)->inputs().size(), 1u);
  EXPECT_EQ((*session)->inputs()[0].name, "input");
  EXPECT_EQ((*session)->inputs()[0].shape,
            (std::vector<int64_t>{1, 3, 32, 32}));
  EXPECT_EQ((*session)->outputs()[0].name, "output");
  EXPECT_EQ((*session)->outputs()[0].shape, (std::vector<int64_t>{1, 10}));
  EXPECT_EQ(stages,
            (std::vector<std::string>{"import", "prepare", "linalg", "optimize",
                                      "bufferize", "llvm", "jit"}));
}

TEST(Session, WritesOutputsIntoCallerMemory) {
  auto session = compileTinyResNet(1);
  ASSERT_TRUE(session);
  seam::Tensor input = load(kInput), reference = load(kOutput);
  std::vector<float> mine(10, -1.0f);
  std::map<std::string, seam::Tensor> outputs = {
      {"output", seam::Tensor::wrap(mine.data(), {1, 10})}};
  ASSERT_FALSE(static_cast<bool>(session->run({{"input", input}}, outputs)));
  seam::Tensor written = seam::Tensor::wrap(mine.data(), {1, 10});
  seam::Comparison c = seam::compareTensors(written, reference, 1e-4, 1e-6);
  EXPECT_TRUE(c.pass) << "max_abs=" << c.maxAbs;
}

TEST(Session, WrongInputsSayWhatWasExpected) {
  auto session = compileTinyResNet(1);
  ASSERT_TRUE(session);
  auto message = [&](std::map<std::string, seam::Tensor> inputs) {
    auto result = session->run(inputs);
    return result ? std::string() : result.error().message();
  };
  EXPECT_EQ(message({{"input", seam::Tensor::allocate({1, 3, 32, 31})}}),
            "input 'input' has shape [1, 3, 32, 31] but the model expects [1, "
            "3, 32, 32]");
  EXPECT_EQ(message({}), "input 'input' is missing");
  EXPECT_EQ(message({{"input", seam::Tensor::allocate({1, 3, 32, 32})},
                     {"image", seam::Tensor::allocate({1})}}),
            "the model has no input named 'image' (inputs: 'input')");
}

TEST(Session, InputShapeOverrideMustBePositive) {
  // The API takes inputShapes unchecked by seam-run's parser: a dim of 0 or
  // below for a dynamic input is refused by the importer.
  seam::CompileOptions options;
  options.backends = {"none"};
  options.inputShapes["x"] = {-1, 3, 8, 8};
  auto session = seam::Session::create(
      SEAM_SOURCE_DIR "/test/Import/Inputs/dynamic_batch.onnx", options);
  ASSERT_FALSE(static_cast<bool>(session));
  std::string message = session.error().message();
  EXPECT_NE(message.find("--input-shape x sets dimension 0 to -1 (input dims "
                         "must be positive)"),
            std::string::npos)
      << message;
}

TEST(Session, OptionsAreCheckedFirst) {
  // Out-of-range options are refused by name, before the model is read
  // (the path does not even exist).
  struct Case {
    void (*set)(seam::CompileOptions &);
    const char *message;
  } cases[] = {
      {[](seam::CompileOptions &o) { o.maxTensorBytes = -1; },
       "CompileOptions::maxTensorBytes must be positive, got -1"},
      {[](seam::CompileOptions &o) { o.maxTensorBytes = 0; },
       "CompileOptions::maxTensorBytes must be positive, got 0"},
      {[](seam::CompileOptions &o) { o.optLevel = 4; },
       "CompileOptions::optLevel must be 0 to 3, got 4"},
      {[](seam::CompileOptions &o) { o.threads = -2; },
       "CompileOptions::threads must be 0 (the library default) or more, "
       "got -2"},
  };
  for (const Case &c : cases) {
    seam::CompileOptions options;
    c.set(options);
    auto session = seam::Session::create("/nonexistent/model.onnx", options);
    ASSERT_FALSE(static_cast<bool>(session));
    EXPECT_EQ(session.error().message(), c.message);
    auto fromBytes = seam::Session::createFromOnnxBytes("", options);
    ASSERT_FALSE(static_cast<bool>(fromBytes));
    EXPECT_EQ(fromBytes.error().message(), c.message);
  }
}

TEST(Session, UnsupportedOpErrorNamesTheNodes) {
  // The importer lists each unsupported node in notes attached to its
  // error; the Session's message carries them.
  auto session = seam::Session::create(
      SEAM_SOURCE_DIR "/test/Import/Inputs/err_unsupported_ops.onnx");
  ASSERT_FALSE(static_cast<bool>(session));
  std::string message = session.error().message();
  for (const char *note :
       {"note: node 'abs0': op Abs (domain 'ai.onnx', opset 13) is not "
        "supported",
        "note: node 'scale0': op Scale (domain 'com.example', opset 1) is not "
        "supported",
        "note: node 'abs1': op Abs (domain 'ai.onnx', opset 13) is not "
        "supported"})
    EXPECT_NE(message.find(note), std::string::npos) << message;
}

TEST(Session, MissingModelIsAnError) {
  auto session = seam::Session::create("/nonexistent/model.onnx");
  ASSERT_FALSE(static_cast<bool>(session));
  std::string message = session.error().message();
  EXPECT_NE(message.find("cannot load '/nonexistent/model.onnx'"),
            std::string::npos)
      << message;
}

TEST(Session, RunsFromSeveralThreadsAtOnce) {
  for (int poolThreads : {1, 2}) {
    auto session = compileTinyResNet(poolThreads);
    ASSERT_TRUE(session);
    seam::Tensor input = load(kInput), reference = load(kOutput);
    std::vector<std::vector<float>> results(4, std::vector<float>(10));
    std::vector<std::thread> callers;
    for (int t = 0; t < 4; ++t)
      callers.emplace_back([&, t] {
        std::map<std::string, seam::Tensor> out = {
            {"output", seam::Tensor::wrap(results[t].data(), {1, 10})}};
        for (int i = 0; i < 20; ++i)
          if (session->run({{"input", input}}, out))
            return;
      });
    for (std::thread &t : callers)
      t.join();
    for (int t = 0; t < 4; ++t) {
      seam::Tensor result = seam::Tensor::wrap(results[t].data(), {1, 10});
      EXPECT_TRUE(seam::compareTensors(result, reference, 1e-4, 1e-6).pass)
          << "caller " << t << " with a pool of " << poolThreads;
      EXPECT_EQ(results[t], results[0])
          << "caller " << t << " differs from caller 0";
    }
  }
}

} // namespace
