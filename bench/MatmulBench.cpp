//===- MatmulBench.cpp - f32 matmul: Seam's compiled path vs oneDNN -------===//
//
// Side by side in one run: C = A x B (f32; square, and the GEMMs of 3x3
// convolutions) and fully connected layers at batch 1 (C = A x B^T) through a
// Seam Session compiled from a one-op seam module (--backends=none, the
// linalg path), and oneDNN's dnnl_sgemm on the same data. Reports GFLOP/s per benchmark.
// One thread unless SEAM_BENCH_THREADS says otherwise.
//
//===----------------------------------------------------------------------===//

#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "benchmark/benchmark.h"
#include "oneapi/dnnl/dnnl.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <omp.h>
#include <string>
#include <tuple>

namespace {

int benchThreads() {
  const char *env = std::getenv("SEAM_BENCH_THREADS");
  return env ? std::max(1, std::atoi(env)) : 1;
}

/// A Session compiled once per (m, k, n, fully connected) from a one-op seam
/// module through Seam's compiled path: C[m, n] = A[m, k] * B[k, n]
/// (seam.matmul), or a fully connected layer, C = A * B^T with B[n, k]
/// (seam.gemm {trans_b}).
seam::Session &matmulSession(int64_t m, int64_t k, int64_t n,
                             bool fullyConnected) {
  static std::map<std::tuple<int64_t, int64_t, int64_t, bool>,
                  std::unique_ptr<seam::Session>>
      sessions;
  auto &slot = sessions[{m, k, n, fullyConnected}];
  if (slot)
    return *slot;
  auto t = [](int64_t rows, int64_t columns) {
    return "tensor<" + std::to_string(rows) + "x" + std::to_string(columns) +
           "xf32>";
  };
  std::string b = fullyConnected ? t(n, k) : t(k, n);
  std::string op = fullyConnected ? "seam.gemm %a, %b {trans_b = true}"
                                  : "seam.matmul %a, %b";
  std::string text = "func.func @main(%a: " + t(m, k) +
                     " {seam.name = \"a\"}, %b: " + b +
                     " {seam.name = \"b\"}) -> (" + t(m, n) +
                     " {seam.name = \"c\"}) {\n"
                     "  %c = " + op + " : (" + t(m, k) + ", " + b + ") -> " +
                     t(m, n) +
                     "\n"
                     "  return %c : " +
                     t(m, n) + "\n}\n";
  llvm::SmallString<128> path;
  llvm::sys::fs::createTemporaryFile("seam-matmul", "mlir", path);
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
  slot = std::move(*session);
  return *slot;
}

/// The shape of a benchmark: a square n (one argument) or m, k, n.
std::tuple<int64_t, int64_t, int64_t> shapeOf(const benchmark::State &state) {
  if (state.range(1) == 0)
    return {state.range(0), state.range(0), state.range(0)};
  return {state.range(0), state.range(1), state.range(2)};
}

void setCounters(benchmark::State &state, int64_t m, int64_t k, int64_t n) {
  state.counters["GFLOPS"] = benchmark::Counter(
      2.0 * m * k * n * state.iterations(), benchmark::Counter::kIsRate,
      benchmark::Counter::kIs1000);
}

void runSeam(benchmark::State &state, bool fullyConnected) {
  auto [m, k, n] = shapeOf(state);
  seam::Session &session = matmulSession(m, k, n, fullyConnected);
  std::map<std::string, seam::Tensor> inputs = {
      {"a", seam::randomTensor({m, k}, 1)},
      {"b", fullyConnected ? seam::randomTensor({n, k}, 2)
                           : seam::randomTensor({k, n}, 2)}};
  std::map<std::string, seam::Tensor> outputs = {
      {"c", seam::Tensor::allocate({m, n})}};
  for (auto _ : state)
    if (auto err = session.run(inputs, outputs))
      state.SkipWithError(err.message().c_str());
  setCounters(state, m, k, n);
}

void runDnnl(benchmark::State &state, bool fullyConnected) {
  auto [m, k, n] = shapeOf(state);
  seam::Tensor a = seam::randomTensor({m, k}, 1),
               b = fullyConnected ? seam::randomTensor({n, k}, 2)
                                  : seam::randomTensor({k, n}, 2);
  seam::Tensor c = seam::Tensor::allocate({m, n});
  omp_set_num_threads(benchThreads());
  for (auto _ : state)
    dnnl_sgemm('N', fullyConnected ? 'T' : 'N', m, n, k, 1.0f, a.data(), k,
               b.data(), fullyConnected ? k : n, 0.0f, c.data(), n);
  setCounters(state, m, k, n);
}

void BM_SeamMatmul(benchmark::State &state) { runSeam(state, false); }
void BM_DnnlSgemm(benchmark::State &state) { runDnnl(state, false); }
void BM_SeamFullyConnected(benchmark::State &state) { runSeam(state, true); }
void BM_DnnlSgemmTransB(benchmark::State &state) { runDnnl(state, true); }

/// Square matrices, then the GEMMs of 3x3 convolutions on the compiled path
/// (M output channels, K = 9 input channels, N = one band of output
/// positions): ResNet-18's stages at 56, 28 and 14.
void shapes(benchmark::internal::Benchmark *b) {
  for (int64_t n : {256, 1024, 2048})
    b->Args({n, 0, 0});
  b->Args({64, 576, 224});
  b->Args({128, 1152, 196});
  b->Args({256, 2304, 196});
}

/// The zoo's fully connected layers at batch 1 (M = 1, K inputs, N
/// outputs): AlexNet's three, VGG-11's first, the classifiers of ResNet-18,
/// ResNet-50, DenseNet-121 and MobileNetV2 / EfficientNet-B0.
void fullyConnectedShapes(benchmark::internal::Benchmark *b) {
  for (auto [k, n] : {std::pair<int64_t, int64_t>{9216, 4096},
                      {4096, 4096},
                      {4096, 1000},
                      {25088, 4096},
                      {512, 1000},
                      {2048, 1000},
                      {1024, 1000},
                      {1280, 1000}})
    b->Args({1, k, n});
}

} // namespace

BENCHMARK(BM_SeamFullyConnected)
    ->Apply(fullyConnectedShapes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_DnnlSgemmTransB)
    ->Apply(fullyConnectedShapes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SeamMatmul)
    ->Apply(shapes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_DnnlSgemm)
    ->Apply(shapes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_MAIN();
