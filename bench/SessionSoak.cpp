//===- SessionSoak.cpp - One Session from many threads, many Sessions -----===//
//
//   seam-bench-soak [MODEL] [--backends=B[,B...]] [--threads-per-session=N]
//                   [--callers=N] [--runs=N] [--inputs=N] [--cycles=N]
//                   [--warmup=N] [--max-slope-kib=K] [--keep-sessions]
//                   [--quick]
//
// A soak of the seam::Session API, run by hand (never timed in tests). MODEL
// defaults to the bundled demo model (bench/models/tiny_resnet.onnx).
//
//  1. Concurrent runs. MODEL is compiled once. `--inputs` random inputs
//     (fixed seeds) are run once each on the main thread: the reference
//     outputs. One caller then runs `--runs` times (the single-caller rate),
//     and `--callers` std::threads, released together, each call run()
//     `--runs` times into their own output buffers, caller t taking inputs
//     t, t + 1, ... in turn. Every output is compared bit for bit (memcmp)
//     with the reference of its input. Prints runs/s and the mismatches.
//  2. Create/destroy cycles. `--cycles` times, a Session of MODEL is created,
//     run once on input 0 (compared bit for bit with the reference too) and
//     destroyed; resident memory (/proc/self/statm) is read after each
//     destruction. The first `--warmup` cycles are left out (the allocator's
//     arenas and the caches of LLVM and the kernel libraries grow to their
//     size there); over the others it prints RSS at the first and the last,
//     the least-squares slope of RSS in KiB per cycle and the median create
//     time. --keep-sessions keeps every Session alive instead (a leak of
//     whole Sessions): what the slope shows when the check should fail.
//
// The exit status is 1 on an error, a mismatch, or a slope above
// --max-slope-kib (default 8 KiB/cycle: 8 MiB over 1,000 cycles; a leaked
// Session of the demo model, its JIT code, buffers and weights, is about
// 1 MiB, while without leaks the slope stays below 1.5 KiB/cycle even over
// the 50 cycles --quick measures), and 2 on a bad command line. --quick is
// --runs=100 --cycles=60 --warmup=10 (options after it win).
// CompileOptions::threads is --threads-per-session (default 1: the callers
// are the concurrency; 0 is OpenMP's default, OMP_NUM_THREADS).
//
//===----------------------------------------------------------------------===//

#include "seam/Session.h"
#include "seam/TensorIO.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using TensorMap = std::map<std::string, seam::Tensor>;

struct Options {
  std::string model = SEAM_SOURCE_DIR "/bench/models/tiny_resnet.onnx";
  std::vector<std::string> backends = {"none"};
  int threadsPerSession = 1;
  int callers = 8, runs = 1000, inputs = 8;
  int cycles = 1000, warmup = 20;
  double maxSlopeKiB = 8;
  bool keepSessions = false;
};

constexpr const char *kUsage =
    "usage: seam-bench-soak [MODEL] [--backends=B[,B...]] "
    "[--threads-per-session=N]\n"
    "                       [--callers=N] [--runs=N] [--inputs=N] "
    "[--cycles=N] [--warmup=N]\n"
    "                       [--max-slope-kib=K] [--keep-sessions] "
    "[--quick]\n";

std::vector<std::string> splitList(const std::string &list) {
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string::npos)
      end = list.size();
    if (end > start)
      items.push_back(list.substr(start, end - start));
    start = end + 1;
  }
  return items;
}

/// Parses `text` as a number of at least `min` into `value`.
template <typename T>
bool parseNumber(const std::string &text, T min, T &value) {
  char *end = nullptr;
  double parsed = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || parsed < min)
    return false;
  value = static_cast<T>(parsed);
  return static_cast<double>(value) == parsed;
}

/// Reads the command line into `options`; false (with a message) on an error.
bool parseOptions(int argc, char **argv, Options &options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    if (arg == "--quick") {
      options.runs = 100;
      options.cycles = 60;
      options.warmup = 10;
      continue;
    }
    if (arg == "--keep-sessions") {
      options.keepSessions = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      std::exit(0);
    }
    if (arg.rfind("--", 0) != 0) {
      options.model = arg;
      continue;
    }
    size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    static const char *const kValueOptions[] = {
        "--backends",      "--threads-per-session",
        "--callers",       "--runs",
        "--inputs",        "--cycles",
        "--max-slope-kib", "--warmup"};
    if (std::find(std::begin(kValueOptions), std::end(kValueOptions), arg) ==
        std::end(kValueOptions)) {
      std::cerr << "seam-bench-soak: unknown option " << arg << "\n" << kUsage;
      return false;
    }
    if (eq == std::string::npos) {
      if (i + 1 == argc) {
        std::cerr << "seam-bench-soak: " << arg << " needs a value\n" << kUsage;
        return false;
      }
      value = argv[++i];
    }
    bool ok = true;
    if (arg == "--backends")
      options.backends = splitList(value);
    else if (arg == "--threads-per-session")
      ok = parseNumber(value, 0, options.threadsPerSession);
    else if (arg == "--callers")
      ok = parseNumber(value, 1, options.callers);
    else if (arg == "--runs")
      ok = parseNumber(value, 1, options.runs);
    else if (arg == "--inputs")
      ok = parseNumber(value, 1, options.inputs);
    else if (arg == "--cycles")
      ok = parseNumber(value, 0, options.cycles);
    else if (arg == "--warmup")
      ok = parseNumber(value, 0, options.warmup);
    else if (arg == "--max-slope-kib")
      ok = parseNumber(value, 0.0, options.maxSlopeKiB);
    if (!ok) {
      std::cerr << "seam-bench-soak: bad value '" << value << "' for " << arg
                << "\n";
      return false;
    }
  }
  return true;
}

/// Resident memory of this process in KiB (/proc/self/statm), or -1.
double residentKiB() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  if (!(statm >> size >> resident))
    return -1;
  return resident * (sysconf(_SC_PAGESIZE) / 1024.0);
}

double median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

/// The least-squares slope of `ys` over 0, 1, 2, ...
double slope(const std::vector<double> &ys) {
  double n = ys.size();
  if (n < 2)
    return 0;
  double meanX = (n - 1) / 2, meanY = 0;
  for (double y : ys)
    meanY += y / n;
  double sxy = 0, sxx = 0;
  for (size_t i = 0; i < ys.size(); ++i) {
    sxy += (i - meanX) * (ys[i] - meanY);
    sxx += (i - meanX) * (i - meanX);
  }
  return sxy / sxx;
}

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Whether every output of `actual` has the bits of `expected`'s.
bool sameBits(const TensorMap &actual, const TensorMap &expected) {
  for (const auto &[name, tensor] : expected) {
    auto it = actual.find(name);
    if (it == actual.end() || it->second.shape() != tensor.shape() ||
        std::memcmp(it->second.data(), tensor.data(),
                    tensor.numElements() * sizeof(float)) != 0)
      return false;
  }
  return true;
}

/// Output buffers of `session`, owned.
TensorMap allocateOutputs(const seam::Session &session) {
  TensorMap outputs;
  for (const seam::TensorInfo &info : session.outputs())
    outputs[info.name] = seam::Tensor::allocate(info.shape);
  return outputs;
}

seam::Expected<std::unique_ptr<seam::Session>>
createSession(const Options &options) {
  seam::CompileOptions compile;
  compile.backends = options.backends;
  compile.threads = options.threadsPerSession;
  // Every cycle compiles: the soak measures compilation and teardown, not
  // the compiled-object cache.
  compile.useCache = false;
  return seam::Session::create(options.model, compile);
}

struct CallerResult {
  int64_t runs = 0, mismatches = 0;
  std::string error;
};

/// `runs` runs of `session` by caller `caller` (inputs caller, caller + 1, ...
/// in turn), each output compared with the reference of its input.
CallerResult callRuns(const seam::Session &session,
                      const std::vector<TensorMap> &inputs,
                      const std::vector<TensorMap> &references, int caller,
                      int runs) {
  CallerResult result;
  TensorMap outputs = allocateOutputs(session);
  for (int r = 0; r < runs; ++r) {
    size_t which = (caller + r) % inputs.size();
    if (seam::Error err = session.run(inputs[which], outputs)) {
      result.error = err.message();
      return result;
    }
    ++result.runs;
    if (!sameBits(outputs, references[which]))
      ++result.mismatches;
  }
  return result;
}

/// Phase 1; false on an error or a mismatch.
bool soakRuns(const Options &options, const seam::Session &session,
              const std::vector<TensorMap> &inputs,
              const std::vector<TensorMap> &references) {
  auto start = Clock::now();
  CallerResult single = callRuns(session, inputs, references, 0, options.runs);
  double singleSeconds = secondsSince(start);
  if (!single.error.empty()) {
    std::cerr << "run failed: " << single.error << "\n";
    return false;
  }
  std::printf("runs, 1 caller:   %lld runs in %.3f s: %.1f runs/s, "
              "%lld mismatches\n",
              static_cast<long long>(single.runs), singleSeconds,
              single.runs / singleSeconds,
              static_cast<long long>(single.mismatches));

  std::vector<CallerResult> results(options.callers);
  std::promise<void> gate;
  std::shared_future<void> go = gate.get_future().share();
  std::vector<std::thread> callers;
  for (int t = 0; t < options.callers; ++t)
    callers.emplace_back([&, t] {
      go.wait();
      results[t] = callRuns(session, inputs, references, t, options.runs);
    });
  start = Clock::now();
  gate.set_value();
  for (std::thread &caller : callers)
    caller.join();
  double seconds = secondsSince(start);
  int64_t runs = 0, mismatches = 0;
  bool ok = single.mismatches == 0;
  for (const CallerResult &result : results) {
    runs += result.runs;
    mismatches += result.mismatches;
    if (!result.error.empty()) {
      std::cerr << "run failed: " << result.error << "\n";
      ok = false;
    }
  }
  std::printf("runs, %d callers: %lld runs in %.3f s: %.1f runs/s, "
              "%lld mismatches\n",
              options.callers, static_cast<long long>(runs), seconds,
              runs / seconds, static_cast<long long>(mismatches));
  return ok && mismatches == 0;
}

/// Phase 2; false on an error, a mismatch or a slope above the limit.
bool soakCycles(const Options &options, const TensorMap &input,
                const TensorMap &reference) {
  std::vector<double> rss, createMs;
  std::vector<std::unique_ptr<seam::Session>> kept;
  double before = residentKiB();
  int mismatches = 0;
  for (int c = 0; c < options.cycles; ++c) {
    auto start = Clock::now();
    auto session = createSession(options);
    double ms = secondsSince(start) * 1000;
    if (!session) {
      std::cerr << "cycle " << c << ": " << session.error().message() << "\n";
      return false;
    }
    TensorMap outputs = allocateOutputs(**session);
    if (seam::Error err = (*session)->run(input, outputs)) {
      std::cerr << "cycle " << c << ": run failed: " << err.message() << "\n";
      return false;
    }
    if (!sameBits(outputs, reference))
      ++mismatches;
    if (options.keepSessions)
      kept.push_back(std::move(*session));
    session->reset();
    double after = residentKiB();
    if (c < options.warmup)
      continue;
    rss.push_back(after);
    createMs.push_back(ms);
  }
  if (rss.empty()) {
    std::printf("cycles: %d, none measured (%d warm-up), %d mismatches\n",
                options.cycles, options.warmup, mismatches);
    return mismatches == 0;
  }
  double kibPerCycle = slope(rss);
  std::printf("cycles: %d (%d warm-up), %d mismatches\n", options.cycles,
              options.warmup, mismatches);
  std::printf("rss: %.0f KiB before the first cycle, %.0f KiB after warm-up, "
              "%.0f KiB at the end (%+.0f KiB)\n",
              before, rss.front(), rss.back(), rss.back() - rss.front());
  std::printf("rss slope: %.3f KiB/cycle over %zu cycles (limit %.1f)\n",
              kibPerCycle, rss.size(), options.maxSlopeKiB);
  std::printf("create: median %.1f ms%s\n", median(createMs),
              options.keepSessions ? " (sessions kept alive)" : "");
  bool ok = mismatches == 0;
  if (kibPerCycle > options.maxSlopeKiB) {
    std::printf("FAIL: resident memory grows by %.3f KiB per cycle\n",
                kibPerCycle);
    ok = false;
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  if (!parseOptions(argc, argv, options))
    return 2;
  std::string backends;
  for (const std::string &backend : options.backends)
    backends += (backends.empty() ? "" : ",") + backend;
  std::printf("model: %s\nbackends: %s, threads per session: %d\n",
              options.model.c_str(), backends.c_str(),
              options.threadsPerSession);

  auto start = Clock::now();
  auto session = createSession(options);
  if (!session) {
    std::cerr << session.error().message() << "\n";
    return 1;
  }
  std::printf("compile: %.1f ms\n", secondsSince(start) * 1000);

  // Reference outputs: one run per input on this thread.
  std::vector<TensorMap> inputs, references;
  for (int i = 0; i < options.inputs; ++i) {
    TensorMap input;
    uint64_t seed = 1000 * i;
    for (const seam::TensorInfo &info : (*session)->inputs())
      input[info.name] = seam::randomTensor(info.shape, seed++);
    auto outputs = (*session)->run(input);
    if (!outputs) {
      std::cerr << outputs.error().message() << "\n";
      return 1;
    }
    inputs.push_back(std::move(input));
    references.push_back(std::move(*outputs));
  }

  bool ok = soakRuns(options, **session, inputs, references);
  std::fflush(stdout);
  session->reset();
  ok = soakCycles(options, inputs[0], references[0]) && ok;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
