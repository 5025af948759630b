//===- MatmulBench.cpp - f32 matmul: Seam's compiled path vs oneDNN -------===//
//
// Side by side in one run: C = A x B (square, f32) through a Seam Session
// compiled from a one-op seam module (--backends=none, the linalg path), and
// oneDNN's dnnl_sgemm on the same data. Reports GFLOP/s per benchmark.
// One thread unless SEAM_BENCH_THREADS says otherwise.
//
//===----------------------------------------------------------------------===//

#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "benchmark/benchmark.h"
#include "oneapi/dnnl/dnnl.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>

namespace {

/// A Session for an n x n x n matmul, compiled once per size.
seam::Session &matmulSession(int64_t n) {
  static std::map<int64_t, std::unique_ptr<seam::Session>> sessions;
  auto &slot = sessions[n];
  if (slot)
    return *slot;
  std::string t =
      "tensor<" + std::to_string(n) + "x" + std::to_string(n) + "xf32>";
  std::string text = "func.func @main(%a: " + t +
                     " {seam.name = \"a\"}, %b: " + t +
                     " {seam.name = \"b\"}) -> (" + t +
                     " {seam.name = \"c\"}) {\n"
                     "  %c = seam.matmul %a, %b : (" +
                     t + ", " + t + ") -> " + t +
                     "\n"
                     "  return %c : " +
                     t + "\n}\n";
  llvm::SmallString<128> path;
  llvm::sys::fs::createTemporaryFile("seam-matmul", "mlir", path);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
  }
  seam::CompileOptions options;
  options.backends = {"none"};
  auto session = seam::Session::create(std::string(path), options);
  llvm::sys::fs::remove(path);
  if (!session) {
    llvm::errs() << session.error().message() << "\n";
    std::abort();
  }
  slot = std::move(*session);
  return *slot;
}

void setCounters(benchmark::State &state, int64_t n) {
  state.counters["GFLOPS"] = benchmark::Counter(
      2.0 * n * n * n * state.iterations(), benchmark::Counter::kIsRate,
      benchmark::Counter::kIs1000);
}

void BM_SeamMatmul(benchmark::State &state) {
  int64_t n = state.range(0);
  seam::Session &session = matmulSession(n);
  std::map<std::string, seam::Tensor> inputs = {
      {"a", seam::randomTensor({n, n}, 1)},
      {"b", seam::randomTensor({n, n}, 2)}};
  std::map<std::string, seam::Tensor> outputs = {
      {"c", seam::Tensor::allocate({n, n})}};
  for (auto _ : state)
    if (auto err = session.run(inputs, outputs))
      state.SkipWithError(err.message().c_str());
  setCounters(state, n);
}

void BM_DnnlSgemm(benchmark::State &state) {
  int64_t n = state.range(0);
  seam::Tensor a = seam::randomTensor({n, n}, 1),
               b = seam::randomTensor({n, n}, 2);
  seam::Tensor c = seam::Tensor::allocate({n, n});
  for (auto _ : state)
    dnnl_sgemm('N', 'N', n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f,
               c.data(), n);
  setCounters(state, n);
}

} // namespace

BENCHMARK(BM_SeamMatmul)
    ->Arg(256)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_DnnlSgemm)
    ->Arg(256)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_MAIN();
