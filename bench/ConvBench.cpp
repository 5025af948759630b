//===- ConvBench.cpp - Convolutions and a whole model through Seam --------===//
//
// Side by side in one run:
//  - three ResNet-18 convolutions (3x3, stride 1, pad 1, batch 1) through a
//    Seam Session compiled from a one-op seam module (--backends=none: the
//    im2col + vectorized matmul path), and the same convolution run directly
//    by a oneDNN primitive in its preferred (blocked) layouts, data reordered
//    once outside the timed loop (the library's own limit);
//  - the bundled demo model (bench/models/tiny_resnet.onnx) end to end.
// Reports GFLOP/s (convolutions) and latency. Threads: SEAM_BENCH_THREADS
// (default 1) for both Seam and oneDNN.
//
//===----------------------------------------------------------------------===//

#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "benchmark/benchmark.h"
#include "oneapi/dnnl/dnnl.hpp"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <omp.h>
#include <string>

namespace {

int benchThreads() {
  const char *env = std::getenv("SEAM_BENCH_THREADS");
  return env ? std::max(1, std::atoi(env)) : 1;
}

struct ConvShape {
  int64_t channels, size; // C_in = C_out, H = W
};
const ConvShape kShapes[] = {{64, 56}, {128, 28}, {256, 14}};

std::unique_ptr<seam::Session> compile(const std::string &text,
                                       const std::string &suffix) {
  llvm::SmallString<128> path;
  llvm::sys::fs::createTemporaryFile("seam-bench", suffix, path);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
  }
  seam::CompileOptions options;
  options.backends = {"none"};
  options.threads = benchThreads();
  auto session = seam::Session::create(std::string(path), options);
  llvm::sys::fs::remove(path);
  if (!session) {
    llvm::errs() << session.error().message() << "\n";
    std::abort();
  }
  return std::move(*session);
}

seam::Session &convSession(const ConvShape &s) {
  static std::map<int64_t, std::unique_ptr<seam::Session>> sessions;
  auto &slot = sessions[s.channels];
  if (slot)
    return *slot;
  auto t = [](int64_t a, int64_t b, int64_t c, int64_t d) {
    return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "x" +
           std::to_string(c) + "x" + std::to_string(d) + "xf32>";
  };
  std::string x = t(1, s.channels, s.size, s.size);
  std::string w = t(s.channels, s.channels, 3, 3);
  std::string text =
      "func.func @main(%x: " + x + " {seam.name = \"x\"}, %w: " + w +
      " {seam.name = \"w\"}) -> (" + x +
      " {seam.name = \"y\"}) {\n"
      "  %y = seam.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (" +
      x + ", " + w + ") -> " + x + "\n  return %y : " + x + "\n}\n";
  slot = compile(text, "mlir");
  return *slot;
}

double convFlops(const ConvShape &s) {
  return 2.0 * s.channels * s.channels * 9 * s.size * s.size;
}

void BM_SeamConv3x3(benchmark::State &state) {
  const ConvShape &s = kShapes[state.range(0)];
  seam::Session &session = convSession(s);
  std::map<std::string, seam::Tensor> inputs = {
      {"x", seam::randomTensor({1, s.channels, s.size, s.size}, 1)},
      {"w", seam::randomTensor({s.channels, s.channels, 3, 3}, 2)}};
  std::map<std::string, seam::Tensor> outputs = {
      {"y", seam::Tensor::allocate({1, s.channels, s.size, s.size})}};
  for (auto _ : state)
    if (auto err = session.run(inputs, outputs))
      state.SkipWithError(err.message().c_str());
  state.counters["GFLOPS"] = benchmark::Counter(
      convFlops(s) * state.iterations(), benchmark::Counter::kIsRate,
      benchmark::Counter::kIs1000);
  state.SetLabel("C=" + std::to_string(s.channels) +
                 " HW=" + std::to_string(s.size));
}

void BM_DnnlConv3x3(benchmark::State &state) {
  using namespace dnnl;
  const ConvShape &s = kShapes[state.range(0)];
  omp_set_num_threads(benchThreads());
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  memory::dims src = {1, s.channels, s.size, s.size};
  memory::dims wei = {s.channels, s.channels, 3, 3};
  auto any = [](const memory::dims &d) {
    return memory::desc(d, memory::data_type::f32, memory::format_tag::any);
  };
  convolution_forward::desc desc(prop_kind::forward_inference,
                                 algorithm::convolution_direct, any(src),
                                 any(wei), any(src), {1, 1}, {1, 1}, {1, 1});
  convolution_forward::primitive_desc pd(desc, eng);
  seam::Tensor x = seam::randomTensor(src, 1), w = seam::randomTensor(wei, 2);
  memory userSrc({src, memory::data_type::f32, memory::format_tag::nchw}, eng,
                 x.data());
  memory userWei({wei, memory::data_type::f32, memory::format_tag::oihw}, eng,
                 w.data());
  memory srcMem(pd.src_desc(), eng), weiMem(pd.weights_desc(), eng),
      dstMem(pd.dst_desc(), eng);
  reorder(userSrc, srcMem).execute(strm, userSrc, srcMem);
  reorder(userWei, weiMem).execute(strm, userWei, weiMem);
  convolution_forward conv(pd);
  std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, srcMem},
                                          {DNNL_ARG_WEIGHTS, weiMem},
                                          {DNNL_ARG_DST, dstMem}};
  strm.wait();
  for (auto _ : state) {
    conv.execute(strm, args);
    strm.wait();
  }
  state.counters["GFLOPS"] = benchmark::Counter(
      convFlops(s) * state.iterations(), benchmark::Counter::kIsRate,
      benchmark::Counter::kIs1000);
  state.SetLabel("C=" + std::to_string(s.channels) +
                 " HW=" + std::to_string(s.size));
}

void BM_SeamTinyResNet(benchmark::State &state) {
  static std::unique_ptr<seam::Session> session = [] {
    seam::CompileOptions options;
    options.backends = {"none"};
    options.threads = benchThreads();
    auto s = seam::Session::create(
        SEAM_SOURCE_DIR "/bench/models/tiny_resnet.onnx", options);
    if (!s) {
      llvm::errs() << s.error().message() << "\n";
      std::abort();
    }
    return std::move(*s);
  }();
  std::map<std::string, seam::Tensor> inputs = {
      {"input", seam::randomTensor({1, 3, 32, 32}, 1)}};
  std::map<std::string, seam::Tensor> outputs = {
      {"output", seam::Tensor::allocate({1, 10})}};
  for (auto _ : state)
    if (auto err = session->run(inputs, outputs))
      state.SkipWithError(err.message().c_str());
}

} // namespace

BENCHMARK(BM_SeamConv3x3)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_DnnlConv3x3)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SeamTinyResNet)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
