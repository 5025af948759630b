//===- SessionConcurrencyTest.cpp - Sessions used from several threads ----===//
//
// What the ThreadSanitizer build checks (scripts/sanitize.sh tsan builds and
// runs only this executable, with OMP_NUM_THREADS=1): one session run from
// several threads at once; sessions of different models and backends (none
// and every backend with a runtime) created and run at the same time from
// different threads; sessions destroyed while others keep running. The
// concurrency comes from the tests' std::threads: every session has
// OpenMP's default pool (CompileOptions::threads = 0, i.e. OMP_NUM_THREADS).
//
// Every output is compared bit for bit with a single-threaded run of a
// session of the same model and backends compiled separately beforehand.
// Those references are checked in turn against backends=none's outputs
// (rtol 1e-4, atol 1e-5, as BackendSessionTest.cpp) and, for the demo
// model's input, against NumPy's output (test/e2e/make_references.py).
// Small models, tens of runs: each test takes about a second in a Release
// build.
//
//===----------------------------------------------------------------------===//

#include "SessionTestHelpers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace seam::test;

/// Two fixtures the kernel libraries take: a convolution with bias, a Gemm.
const std::string kConv =
    SEAM_SOURCE_DIR "/test/Import/Inputs/conv_2d_bias.onnx";
const std::string kGemm =
    SEAM_SOURCE_DIR "/test/Import/Inputs/gemm_default.onnx";

/// A model and the backends it is compiled for.
struct Case {
  std::string model;
  std::vector<std::string> backends;
};

std::string describe(const Case &c) {
  std::string name = c.model.substr(c.model.rfind('/') + 1) + " with ";
  for (size_t i = 0; i < c.backends.size(); ++i)
    name += (i ? "," : "") + c.backends[i];
  return name;
}

bool isNone(const Case &c) {
  return c.backends == std::vector<std::string>{"none"};
}

/// "none" and every backend of this build with a runtime.
std::vector<std::string> allBackends() {
  std::vector<std::string> names = {"none"};
  for (const std::string &name : backendsWithRuntime())
    names.push_back(name);
  return names;
}

/// Inputs of a case and the outputs of a single-threaded run on each.
struct Reference {
  std::vector<TensorMap> inputs, outputs;
};

/// The references of `cases`, each from a session compiled for the purpose
/// and run on this thread: the demo model's NumPy input (its outputs
/// compared with NumPy's) and two seeded random inputs (the same for every
/// backend of a model), the outputs of a backend other than none compared
/// with none's. Empty, with a test failure, when a case does not compile.
std::vector<Reference> makeReferences(const std::vector<Case> &cases) {
  std::map<std::string, std::unique_ptr<seam::Session>> none; // by model
  std::vector<Reference> references;
  for (const Case &c : cases) {
    SCOPED_TRACE(describe(c));
    Reference &reference = references.emplace_back();
    auto session = compile(c.model, c.backends);
    if (!session)
      continue;
    if (!isNone(c) && !none.count(c.model))
      none[c.model] = compile(c.model, {"none"});
    if (c.model == kTinyResNet)
      reference.inputs.push_back({{"input", load(kTinyResNetInput)}});
    for (uint64_t seed : {1, 101})
      reference.inputs.push_back(inputsFor(*session, seed));
    for (const TensorMap &inputs : reference.inputs) {
      auto outputs = session->run(inputs);
      if (!outputs) {
        ADD_FAILURE() << outputs.error().message();
        return {};
      }
      if (none.count(c.model) && none[c.model]) {
        auto expected = none[c.model]->run(inputs);
        if (!expected) {
          ADD_FAILURE() << expected.error().message();
          return {};
        }
        expectClose(*outputs, *expected);
      }
      reference.outputs.push_back(std::move(*outputs));
    }
    if (c.model == kTinyResNet)
      expectClose(reference.outputs[0], {{"output", load(kTinyResNetOutput)}});
  }
  return references;
}

/// `runs` runs of `session` on `reference`'s inputs in turn from the
/// `first`-th, alternately (by the parity of first + run) into the caller's
/// memory and into outputs run() allocates, each compared bit for bit with the
/// reference: the first failure, or "" (no gtest assertion: this runs on the
/// tests' threads).
std::string runAndCompare(const seam::Session &session,
                          const Reference &reference, size_t first, int runs) {
  TensorMap mine;
  for (const seam::TensorInfo &info : session.outputs())
    mine[info.name] = seam::Tensor::allocate(info.shape);
  for (int r = 0; r < runs; ++r) {
    size_t i = (first + r) % reference.inputs.size();
    std::string where =
        "run " + std::to_string(r) + " on input " + std::to_string(i) + ": ";
    if ((first + r) % 2 == 0) {
      if (seam::Error err = session.run(reference.inputs[i], mine))
        return where + err.message();
      if (::testing::AssertionResult same =
              sameBits(mine, reference.outputs[i]);
          !same)
        return where + same.message();
    } else {
      auto outputs = session.run(reference.inputs[i]);
      if (!outputs)
        return where + outputs.error().message();
      if (::testing::AssertionResult same =
              sameBits(*outputs, reference.outputs[i]);
          !same)
        return where + same.message();
    }
  }
  return "";
}

/// Compiles `c` (no gtest assertion: this runs on the tests' threads); null
/// with the error in `error`.
std::unique_ptr<seam::Session> create(const Case &c, std::string &error) {
  seam::CompileOptions options;
  options.backends = c.backends;
  auto session = seam::Session::create(c.model, options);
  if (!session) {
    error = "cannot compile: " + session.error().message();
    return nullptr;
  }
  return std::move(*session);
}

/// Lets threads wait until all are started, then go together.
class StartGate {
public:
  void wait() const { go.wait(); }
  void open() { promise.set_value(); }

private:
  std::promise<void> promise;
  std::shared_future<void> go = promise.get_future().share();
};

//===----------------------------------------------------------------------===//
// One session, several callers
//===----------------------------------------------------------------------===//

class SessionConcurrency : public ::testing::TestWithParam<std::string> {};

// Unlike SessionTest.cpp's RunsFromSeveralThreadsAtOnce (one input for all):
// every caller takes the inputs in its own order, so different inputs are in
// flight at once, through both overloads of run(), on every backend.
TEST_P(SessionConcurrency, CallersOfOneSessionGetOneThreadsOutputs) {
  Case c{kTinyResNet, {GetParam()}};
  std::vector<Reference> references = makeReferences({c});
  ASSERT_FALSE(references.empty() || references[0].inputs.empty());
  auto session = compile(c.model, c.backends);
  ASSERT_TRUE(session);
  constexpr int kCallers = 4, kRuns = 24;
  std::vector<std::string> failures(kCallers);
  StartGate gate;
  std::vector<std::thread> callers;
  for (int t = 0; t < kCallers; ++t)
    callers.emplace_back([&, t] {
      gate.wait();
      failures[t] = runAndCompare(*session, references[0], t, kRuns);
    });
  gate.open();
  for (std::thread &caller : callers)
    caller.join();
  for (int t = 0; t < kCallers; ++t)
    EXPECT_EQ(failures[t], "") << "caller " << t;
}

INSTANTIATE_TEST_SUITE_P(Backends, SessionConcurrency,
                         ::testing::ValuesIn(allBackends()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

//===----------------------------------------------------------------------===//
// Several sessions
//===----------------------------------------------------------------------===//

// One thread per (model, backends): all compile at once, then each runs its
// session while the others are still compiling, and ten runs more once every
// session exists. The sessions are destroyed as their threads end.
TEST(ConcurrentSessions, DifferentModelsAndBackendsCreatedAndRunAtOnce) {
  std::vector<Case> cases;
  for (const std::string &backend : allBackends())
    for (const std::string &model : {kTinyResNet, kConv, kGemm})
      cases.push_back({model, {backend}});
  if (backendsWithRuntime().size() > 1)
    cases.push_back({kTinyResNet, backendsWithRuntime()});
  std::vector<Reference> references = makeReferences(cases);
  ASSERT_EQ(references.size(), cases.size());
  if (::testing::Test::HasFailure())
    return;

  constexpr int kRunsWhileOthersCompile = 200, kRuns = 10;
  const int count = cases.size();
  std::atomic<int> created{0};
  std::vector<std::string> failures(count);
  StartGate gate;
  std::vector<std::thread> threads;
  for (int t = 0; t < count; ++t)
    threads.emplace_back([&, t] {
      gate.wait();
      auto session = create(cases[t], failures[t]);
      ++created;
      if (!session)
        return;
      for (int r = 0; r < kRunsWhileOthersCompile && created < count &&
                      failures[t].empty();
           ++r)
        failures[t] = runAndCompare(*session, references[t], r, 1);
      if (failures[t].empty())
        failures[t] = runAndCompare(*session, references[t], t, kRuns);
    });
  gate.open();
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < count; ++t)
    EXPECT_EQ(failures[t], "") << describe(cases[t]);
}

// A session of a small model per backend keeps running on its own thread
// while, on others, sessions of the same and other models on the same
// backends are created, run from two threads at once and destroyed one after
// another; the survivors run ten times more after the last is gone.
TEST(ConcurrentSessions, DestroyedWhileOthersRun) {
  std::vector<Case> survivors, victims;
  for (const std::string &backend : allBackends()) {
    survivors.push_back({kConv, {backend}});
    victims.push_back({kConv, {backend}});
    victims.push_back({kGemm, {backend}});
  }
  std::vector<Case> cases = survivors;
  cases.insert(cases.end(), victims.begin(), victims.end());
  std::vector<Reference> references = makeReferences(cases);
  ASSERT_EQ(references.size(), cases.size());
  if (::testing::Test::HasFailure())
    return;

  std::vector<std::unique_ptr<seam::Session>> sessions;
  for (const Case &c : survivors) {
    sessions.push_back(compile(c.model, c.backends));
    ASSERT_TRUE(sessions.back()) << describe(c);
  }
  constexpr int kRunsAfter = 10, kVictimRuns = 10;
  const int count = survivors.size();
  std::atomic<int> started{0};
  std::atomic<bool> victimsGone{false};
  std::vector<std::string> failures(count);
  std::vector<int> runs(count);
  std::vector<std::thread> threads;
  for (int t = 0; t < count; ++t)
    threads.emplace_back([&, t] {
      for (int after = 0; after < kRunsAfter && failures[t].empty();
           ++runs[t]) {
        failures[t] = runAndCompare(*sessions[t], references[t], runs[t], 1);
        if (runs[t] == 0)
          ++started;
        if (victimsGone)
          ++after;
      }
    });
  while (started < count)
    std::this_thread::yield();

  for (size_t v = 0; v < victims.size(); ++v) {
    SCOPED_TRACE(describe(victims[v]));
    const Reference &reference = references[count + v];
    std::string error;
    auto victim = create(victims[v], error);
    EXPECT_EQ(error, "");
    if (!victim)
      continue;
    std::string failure[2];
    std::thread first([&] {
      failure[0] = runAndCompare(*victim, reference, 0, kVictimRuns);
    });
    failure[1] = runAndCompare(*victim, reference, 1, kVictimRuns);
    first.join();
    EXPECT_EQ(failure[0], "");
    EXPECT_EQ(failure[1], "");
    victim.reset(); // while the survivors run
  }
  victimsGone = true;
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < count; ++t) {
    EXPECT_EQ(failures[t], "") << describe(survivors[t]);
    EXPECT_GE(runs[t], kRunsAfter) << describe(survivors[t]);
  }
}

} // namespace
