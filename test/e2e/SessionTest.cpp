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

#include <sys/resource.h>

#include <cstring>

#include <fstream>
#include <thread>

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

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

TEST(Session, RepeatedRunsReuseTheirBuffers) {
  // The compiled code's large intermediates (two im2col buffers of 36 MiB)
  // are kept between runs, so a run after the first faults on no fresh
  // pages; without them every run maps and zeroes them again (about 14,000
  // page faults per run here, SEAM_BUFFER_CACHE_BYTES=0). One thread:
  // every kernel runs on this one; the output is written into the caller's
  // memory.
  seam::CompileOptions options;
  options.backends = {"none"};
  options.threads = 1;
  auto session = seam::Session::create(
      SEAM_SOURCE_DIR "/test/e2e/Inputs/two_convs_256x256.mlir", options);
  ASSERT_TRUE(static_cast<bool>(session)) << session.error().message();
  std::map<std::string, seam::Tensor> inputs = {
      {"x", seam::randomTensor({1, 16, 256, 256}, 1)},
      {"w", seam::randomTensor({16, 16, 3, 3}, 2)}};
  auto first = (*session)->run(inputs);
  ASSERT_TRUE(static_cast<bool>(first)) << first.error().message();
  std::vector<float> y(16 * 256 * 256);
  std::map<std::string, seam::Tensor> outputs = {
      {"y", seam::Tensor::wrap(y.data(), {1, 16, 256, 256})}};
  ASSERT_FALSE(static_cast<bool>((*session)->run(inputs, outputs)));
  rusage before, after;
  getrusage(RUSAGE_THREAD, &before);
  constexpr int kRuns = 4;
  for (int i = 0; i < kRuns; ++i)
    ASSERT_FALSE(static_cast<bool>((*session)->run(inputs, outputs)));
  getrusage(RUSAGE_THREAD, &after);
  long faults = after.ru_minflt - before.ru_minflt;
  // AddressSanitizer's allocator keeps freed blocks in quarantine and hands
  // out fresh memory instead, so the small blocks each run takes from malloc
  // (a few KiB of packed tiles) fault again: 21-25 faults in 4 runs on one
  // machine, above 40 on another. The count says nothing about Seam there.
  if (!kAddressSanitizer)
    EXPECT_LT(faults, 10 * kRuns)
        << faults << " page faults in " << kRuns << " runs";
  // Same inputs, same bits: no run reads what another one left.
  EXPECT_EQ(std::memcmp(y.data(), first->at("y").data(), y.size() * 4), 0);
}

// A model whose @main takes and returns int64, bool and float64 tensors
// (builtin ops only: y = a + 1, m = not b, d = 2 * c); the expected values
// are computed here.
TEST(Session, NonFloat32InputsAndOutputs) {
  seam::CompileOptions options;
  options.backends = {"none"};
  auto session = seam::Session::create(
      SEAM_SOURCE_DIR "/test/e2e/Inputs/typed_io.mlir", options);
  ASSERT_TRUE(static_cast<bool>(session)) << session.error().message();
  const auto &inputs = (*session)->inputs();
  const auto &outputs = (*session)->outputs();
  ASSERT_EQ(inputs.size(), 3u);
  ASSERT_EQ(outputs.size(), 3u);
  EXPECT_EQ(inputs[0].type, seam::ElementType::I64);
  EXPECT_EQ(inputs[1].type, seam::ElementType::Bool);
  EXPECT_EQ(inputs[2].type, seam::ElementType::F64);
  EXPECT_EQ(outputs[0].name, "y");
  EXPECT_EQ(outputs[0].type, seam::ElementType::I64);
  EXPECT_EQ(outputs[1].type, seam::ElementType::Bool);
  EXPECT_EQ(outputs[2].type, seam::ElementType::F64);

  std::vector<int64_t> a = {0, -1, int64_t(1) << 40, 7, -(int64_t(1) << 62),
                            41};
  bool b[] = {true, false, false, true, true, false};
  std::vector<double> c = {0.5, -1.25, 1e300, 1.0 / 3.0};
  auto result = (*session)->run({{"a", seam::Tensor::wrap(a.data(), {2, 3})},
                                 {"b", seam::Tensor::wrap(b, {2, 3})},
                                 {"c", seam::Tensor::wrap(c.data(), {4})}});
  ASSERT_TRUE(static_cast<bool>(result)) << result.error().message();
  const seam::Tensor &y = result->at("y"), &m = result->at("m"),
                     &d = result->at("d");
  ASSERT_EQ(y.elementType(), seam::ElementType::I64);
  ASSERT_EQ(m.elementType(), seam::ElementType::Bool);
  ASSERT_EQ(d.elementType(), seam::ElementType::F64);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(y.data<int64_t>()[i], a[i] + 1) << i;
    // One byte each, 0 or 1.
    EXPECT_EQ(static_cast<const uint8_t *>(m.rawData())[i], b[i] ? 0 : 1) << i;
  }
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(d.data<double>()[i], 2 * c[i]) << i; // 2e300: not a float

  // Inputs and outputs of another element type are refused, named.
  std::vector<int32_t> narrow = {0, 1, 2, 3, 4, 5};
  auto wrong =
      (*session)->run({{"a", seam::Tensor::wrap(narrow.data(), {2, 3})},
                       {"b", seam::Tensor::wrap(b, {2, 3})},
                       {"c", seam::Tensor::wrap(c.data(), {4})}});
  ASSERT_FALSE(static_cast<bool>(wrong));
  EXPECT_EQ(wrong.error().message(),
            "input 'a' has element type int32 but the model expects int64");
  std::map<std::string, seam::Tensor> outs = {
      {"y", seam::Tensor::allocate({2, 3})},
      {"m", seam::Tensor::allocate({2, 3}, seam::ElementType::Bool)},
      {"d", seam::Tensor::allocate({4}, seam::ElementType::F64)}};
  seam::Error error =
      (*session)->run({{"a", seam::Tensor::wrap(a.data(), {2, 3})},
                       {"b", seam::Tensor::wrap(b, {2, 3})},
                       {"c", seam::Tensor::wrap(c.data(), {4})}},
                      outs);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_EQ(error.message(),
            "output 'y' has element type float32 but the model expects int64");
}

// Weights of other element types than f32 are kept out of the generated
// code like f32 ones (at least 4096 bytes each): an i64 constant, and an i1
// one, which the attribute holds as bits and memory as one byte each. The
// model: y = x + w, m = (x < 5) xor mask; expected values computed here.
TEST(Session, NonFloat32Weights) {
  constexpr int n = 4096;
  std::vector<int64_t> w(n), x(n);
  std::vector<bool> mask(n);
  std::string wText, maskText;
  for (int i = 0; i < n; ++i) {
    w[i] = int64_t(i) * 1000003 - (int64_t(1) << 40);
    mask[i] = (i * 7) % 3 == 0;
    x[i] = i % 11;
    wText += (i ? ", " : "") + std::to_string(w[i]);
    maskText += (i ? ", " : "") + std::string(mask[i] ? "true" : "false");
  }
  std::string path = ::testing::TempDir() + "/seam-session-typed-weights.mlir";
  std::ofstream(path)
      << "#map = affine_map<(d0) -> (d0)>\n"
         "func.func @main(%x: tensor<4096xi64> {seam.name = \"x\"}) -> "
         "(tensor<4096xi64> {seam.name = \"y\"}, tensor<4096xi1> "
         "{seam.name = \"m\"}) {\n"
         "  %w = arith.constant dense<["
      << wText
      << "]> : tensor<4096xi64>\n"
         "  %mask = arith.constant dense<["
      << maskText
      << "]> : tensor<4096xi1>\n"
         "  %e0 = tensor.empty() : tensor<4096xi64>\n"
         "  %e1 = tensor.empty() : tensor<4096xi1>\n"
         "  %y, %m = linalg.generic {indexing_maps = [#map, #map, #map, #map, "
         "#map], iterator_types = [\"parallel\"]} ins(%x, %w, %mask : "
         "tensor<4096xi64>, tensor<4096xi64>, tensor<4096xi1>) outs(%e0, %e1 "
         ": tensor<4096xi64>, tensor<4096xi1>) {\n"
         "  ^bb0(%a: i64, %b: i64, %c: i1, %o: i64, %p: i1):\n"
         "    %s = arith.addi %a, %b : i64\n"
         "    %five = arith.constant 5 : i64\n"
         "    %lt = arith.cmpi slt, %a, %five : i64\n"
         "    %r = arith.xori %lt, %c : i1\n"
         "    linalg.yield %s, %r : i64, i1\n"
         "  } -> (tensor<4096xi64>, tensor<4096xi1>)\n"
         "  return %y, %m : tensor<4096xi64>, tensor<4096xi1>\n}\n";
  seam::CompileOptions options;
  options.backends = {"none"};
  options.useCache = false;
  auto session = seam::Session::create(path, options);
  ASSERT_TRUE(static_cast<bool>(session)) << session.error().message();
  auto result = (*session)->run({{"x", seam::Tensor::wrap(x.data(), {n})}});
  ASSERT_TRUE(static_cast<bool>(result)) << result.error().message();
  const int64_t *y = result->at("y").data<int64_t>();
  const auto *m = static_cast<const uint8_t *>(result->at("m").rawData());
  int wrongY = 0, wrongM = 0;
  for (int i = 0; i < n; ++i) {
    wrongY += y[i] != x[i] + w[i];
    wrongM += m[i] != ((x[i] < 5) != mask[i] ? 1 : 0);
  }
  EXPECT_EQ(wrongY, 0);
  EXPECT_EQ(wrongM, 0);
}

// @main's types outside those Seam has are refused, naming the argument.
TEST(Session, UnsupportedElementTypeIsNamed) {
  std::string path = ::testing::TempDir() + "/seam-session-i16.mlir";
  std::ofstream(path) << "func.func @main(%x: tensor<2xi16> {seam.name = "
                         "\"x\"}) -> tensor<2xi16> {\n"
                         "  return %x : tensor<2xi16>\n}\n";
  seam::CompileOptions options;
  options.backends = {"none"};
  options.useCache = false;
  auto session = seam::Session::create(path, options);
  ASSERT_FALSE(static_cast<bool>(session));
  EXPECT_EQ(session.error().message(),
            "@main argument #0 ('x') has type tensor<2xi16>; it must be a "
            "static tensor of f32, f64, f16, i64, i32, i8, ui8, ui16, ui32, "
            "ui64 or i1");
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
       {"note: node 'random0': op RandomUniformLike (domain 'ai.onnx', opset "
        "13) is not supported",
        "note: node 'scale0': op Scale (domain 'com.example', opset 1) is not "
        "supported",
        "note: node 'random1': op RandomUniformLike (domain 'ai.onnx', opset "
        "13) is not supported"})
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

// Run-time shapes: x [b, t, 4] (f32) and mask [b, t] (int64), y = 2 *
// relu(x) * mask and z = x @ w with w[i][j] = i - j, computed here.
constexpr const char *kRunTimeModel =
    SEAM_SOURCE_DIR "/test/Import/Inputs/run_time_shapes.onnx";

struct RunTimeCase {
  std::vector<float> x;
  std::vector<int64_t> mask;
  std::map<std::string, seam::Tensor> inputs;
};

RunTimeCase makeRunTimeCase(int64_t b, int64_t t) {
  RunTimeCase c;
  for (int64_t i = 0; i < b * t * 4; ++i)
    c.x.push_back(static_cast<float>((i * 7) % 11) - 5.0f);
  for (int64_t i = 0; i < b * t; ++i)
    c.mask.push_back(i % 3 != 1);
  c.inputs = {{"x", seam::Tensor::wrap(c.x.data(), {b, t, 4})},
              {"mask", seam::Tensor::wrap(c.mask.data(), {b, t})}};
  return c;
}

void expectRunTimeOutputs(const RunTimeCase &c,
                          const std::map<std::string, seam::Tensor> &outputs) {
  int64_t b = c.inputs.at("mask").shape()[0],
          t = c.inputs.at("mask").shape()[1];
  const seam::Tensor &y = outputs.at("y"), &z = outputs.at("z");
  ASSERT_EQ(y.shape(), (std::vector<int64_t>{b, t, 4}));
  ASSERT_EQ(z.shape(), (std::vector<int64_t>{b, t, 3}));
  for (int64_t row = 0; row < b * t; ++row) {
    for (int64_t i = 0; i < 4; ++i)
      EXPECT_EQ(y.data()[row * 4 + i],
                2 * std::max(c.x[row * 4 + i], 0.0f) * c.mask[row])
          << "y at row " << row;
    for (int64_t j = 0; j < 3; ++j) {
      float expected = 0;
      for (int64_t i = 0; i < 4; ++i)
        expected += c.x[row * 4 + i] * static_cast<float>(i - j);
      EXPECT_EQ(z.data()[row * 3 + j], expected) << "z at row " << row;
    }
  }
}

std::unique_ptr<seam::Session> compileRunTimeModel(unsigned keep) {
  seam::CompileOptions options;
  options.backends = {"none"};
  options.useCache = false;
  options.maxShapeSpecializations = keep;
  auto session = seam::Session::create(kRunTimeModel, options);
  EXPECT_TRUE(static_cast<bool>(session)) << session.error().message();
  return session ? std::move(*session) : nullptr;
}

TEST(Session, RunTimeShapesCompileOnePerShape) {
  auto session = compileRunTimeModel(8);
  ASSERT_TRUE(session);
  EXPECT_TRUE(session->hasRunTimeShapes());
  EXPECT_EQ(session->inputs()[0].shape, (std::vector<int64_t>{-1, -1, 4}));
  EXPECT_EQ(session->inputs()[1].shape, (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(session->inputs()[1].type, seam::ElementType::I64);
  EXPECT_EQ(session->outputs()[1].shape, (std::vector<int64_t>{-1, -1, 3}));
  EXPECT_TRUE(session->specializations().empty());
  for (auto [b, t] : {std::pair{1, 3}, {2, 5}, {1, 3}}) {
    RunTimeCase c = makeRunTimeCase(b, t);
    auto outputs = session->run(c.inputs);
    ASSERT_TRUE(static_cast<bool>(outputs)) << outputs.error().message();
    expectRunTimeOutputs(c, *outputs);
  }
  std::vector<seam::ShapeSpecialization> specs = session->specializations();
  ASSERT_EQ(specs.size(), 2u);
  // Most recently used first: [1, 3] ran last, twice in all.
  EXPECT_EQ(specs[0].inputShapes,
            (std::vector<std::vector<int64_t>>{{1, 3, 4}, {1, 3}}));
  EXPECT_EQ(specs[0].runs, 2);
  EXPECT_EQ(specs[1].inputShapes,
            (std::vector<std::vector<int64_t>>{{2, 5, 4}, {2, 5}}));
  EXPECT_EQ(specs[1].runs, 1);
  EXPECT_GT(specs[1].compileMilliseconds, 0);

  // Into caller memory, with outputs of the shapes these inputs give.
  RunTimeCase c = makeRunTimeCase(3, 2);
  std::vector<float> y(3 * 2 * 4), z(3 * 2 * 3);
  std::map<std::string, seam::Tensor> outputs = {
      {"y", seam::Tensor::wrap(y.data(), {3, 2, 4})},
      {"z", seam::Tensor::wrap(z.data(), {3, 2, 3})}};
  seam::Error err = session->run(c.inputs, outputs);
  ASSERT_FALSE(static_cast<bool>(err)) << err.message();
  expectRunTimeOutputs(c, outputs);
}

TEST(Session, RunTimeShapesKeepTheMostRecentlyUsed) {
  auto session = compileRunTimeModel(2);
  ASSERT_TRUE(session);
  for (int64_t t : {1, 2, 3, 2}) {
    RunTimeCase c = makeRunTimeCase(1, t);
    auto outputs = session->run(c.inputs);
    ASSERT_TRUE(static_cast<bool>(outputs)) << outputs.error().message();
    expectRunTimeOutputs(c, *outputs);
  }
  std::vector<seam::ShapeSpecialization> specs = session->specializations();
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].inputShapes[1], (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(specs[1].inputShapes[1], (std::vector<int64_t>{1, 3}));
}

TEST(Session, RunTimeShapesThatDoNotFitSayWhy) {
  auto session = compileRunTimeModel(8);
  ASSERT_TRUE(session);
  auto message = [&](std::map<std::string, seam::Tensor> inputs) {
    auto outputs = session->run(inputs);
    return outputs ? std::string("no error") : outputs.error().message();
  };
  std::vector<float> x(2 * 3 * 5);
  std::vector<int64_t> mask(6);
  std::vector<int32_t> mask32(6);
  auto mask23 = seam::Tensor::wrap(mask.data(), {2, 3});
  EXPECT_EQ(message({{"x", seam::Tensor::wrap(x.data(), {2, 3, 5})},
                     {"mask", mask23}}),
            "input 'x' has shape [2, 3, 5] but the model expects [?, ?, 4]");
  EXPECT_EQ(
      message({{"x", seam::Tensor::wrap(x.data(), {6, 4})}, {"mask", mask23}}),
      "input 'x' has shape [6, 4] but the model expects [?, ?, 4]");
  EXPECT_EQ(message({{"x", seam::Tensor::wrap(x.data(), {0, 3, 4})},
                     {"mask", mask23}}),
            "input 'x' has shape [0, 3, 4]: dimension 0 must be positive "
            "(Seam does not support empty tensors)");
  EXPECT_EQ(message({{"x", seam::Tensor::wrap(x.data(), {2, 3, 4})},
                     {"mask", seam::Tensor::wrap(mask32.data(), {2, 3})}}),
            "input 'mask' has element type int32 but the model expects int64");
  EXPECT_EQ(message({{"x", seam::Tensor::wrap(x.data(), {2, 3, 4})}}),
            "input 'mask' is missing");
  // Dims the model ties together (b and t of x and of mask) are checked by
  // the import of the specialization, which names them.
  std::string mismatch =
      message({{"x", seam::Tensor::wrap(x.data(), {2, 3, 4})},
               {"mask", seam::Tensor::wrap(mask.data(), {3, 2})}});
  EXPECT_NE(mismatch.find("compiling the model for input shapes x=[2, 3, 4], "
                          "mask=[3, 2]: "),
            std::string::npos)
      << mismatch;
  EXPECT_TRUE(session->specializations().empty());
  seam::CompileOptions options;
  options.maxShapeSpecializations = 0;
  auto refused = seam::Session::create(kRunTimeModel, options);
  ASSERT_FALSE(static_cast<bool>(refused));
  EXPECT_EQ(refused.error().message(),
            "CompileOptions::maxShapeSpecializations must be at least 1");
}

TEST(Session, RunTimeShapesFromSeveralThreadsCompileEachShapeOnce) {
  auto session = compileRunTimeModel(8);
  ASSERT_TRUE(session);
  std::vector<RunTimeCase> cases;
  for (int64_t t = 1; t <= 8; ++t)
    cases.push_back(makeRunTimeCase(1, 1 + t % 2));
  std::vector<std::map<std::string, seam::Tensor>> results(cases.size());
  std::vector<std::string> errors(cases.size());
  std::vector<std::thread> callers;
  for (size_t i = 0; i < cases.size(); ++i)
    callers.emplace_back([&, i] {
      auto outputs = session->run(cases[i].inputs);
      if (outputs)
        results[i] = std::move(*outputs);
      else
        errors[i] = outputs.error().message();
    });
  for (std::thread &t : callers)
    t.join();
  for (size_t i = 0; i < cases.size(); ++i) {
    ASSERT_EQ(errors[i], "") << "caller " << i;
    expectRunTimeOutputs(cases[i], results[i]);
  }
  std::vector<seam::ShapeSpecialization> specs = session->specializations();
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].runs + specs[1].runs, 8);
}

} // namespace
