//===- BackendSessionTest.cpp - Sessions of every kernel-library backend --===//
//
// For every registered backend with a runtime (dnnl, xnnpack, ...) and for
// the priority orders of every pair of them: a session run from several
// threads at once, several sessions alive together, and 1 and 2 threads,
// each against --backends=none on the same inputs. The per-composite numeric
// tests are in test/Backends/<name>/numerics.
//
//===----------------------------------------------------------------------===//

#include "SessionTestHelpers.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace seam::test;

/// Every backend with a runtime, alone, and every ordered pair of them.
std::vector<std::vector<std::string>> backendLists() {
  std::vector<std::string> names = backendsWithRuntime();
  std::vector<std::vector<std::string>> lists;
  for (const std::string &name : names)
    lists.push_back({name});
  for (const std::string &first : names)
    for (const std::string &second : names)
      if (first != second)
        lists.push_back({first, second});
  return lists;
}

std::string
listName(const ::testing::TestParamInfo<std::vector<std::string>> &info) {
  std::string name;
  for (const std::string &backend : info.param)
    name += (name.empty() ? "" : "_then_") + backend;
  return name;
}

class BackendSession
    : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(BackendSession, RunsFromSeveralThreadsAtOnce) {
  auto session = compile(kTinyResNet, GetParam()),
       none = compile(kTinyResNet, {"none"});
  ASSERT_TRUE(session && none);
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
        expectOutputs(*session, inputs[t], expected[t]);
    });
  for (std::thread &thread : threads)
    thread.join();
}

TEST_P(BackendSession, SessionsLiveSideBySide) {
  auto first = compile(kTinyResNet, GetParam()),
       second = compile(kTinyResNet, GetParam()),
       none = compile(kTinyResNet, {"none"});
  ASSERT_TRUE(first && second && none);
  auto inputs = inputsFor(*none, 7);
  auto expected = none->run(inputs);
  ASSERT_TRUE(static_cast<bool>(expected));
  expectOutputs(*first, inputs, *expected);
  first.reset(); // frees its regions; the second session's stay
  expectOutputs(*second, inputs, *expected);
}

TEST_P(BackendSession, SameResultsOnOneAndTwoThreads) {
  auto one = compile(kTinyResNet, GetParam(), 1),
       two = compile(kTinyResNet, GetParam(), 2);
  ASSERT_TRUE(one && two);
  auto inputs = inputsFor(*one, 3);
  auto expected = one->run(inputs);
  ASSERT_TRUE(static_cast<bool>(expected));
  expectOutputs(*two, inputs, *expected);
}

TEST_P(BackendSession, FreesTheWeightsOnlyTheKernelLibraryReads) {
  // Without a kernel library the generated code reads every weight; with
  // one, the weights of the regions it takes are freed once it made its own
  // copies, and the session still computes what --backends=none computes.
  auto session = compile(kTinyResNet, GetParam()),
       none = compile(kTinyResNet, {"none"});
  ASSERT_TRUE(session && none);
  EXPECT_GT(none->heldWeightBytes(), 0u);
  EXPECT_LT(session->heldWeightBytes(), none->heldWeightBytes());
  auto inputs = inputsFor(*none, 11);
  auto expected = none->run(inputs);
  ASSERT_TRUE(static_cast<bool>(expected));
  expectOutputs(*session, inputs, *expected);
}

INSTANTIATE_TEST_SUITE_P(Backends, BackendSession,
                         ::testing::ValuesIn(backendLists()), listName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BackendSession);

} // namespace
