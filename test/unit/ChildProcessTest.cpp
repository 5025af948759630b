//===- ChildProcessTest.cpp - ONNX's code in a child process --------------===//
//
// lib/Import/ChildProcess.h: what a child sends arrives whole, and a child
// that dies, hangs or exits early becomes an outcome naming how and where.
//
//===----------------------------------------------------------------------===//

#include "ChildProcess.h"

#include <gtest/gtest.h>

#include <csignal>
#include <unistd.h>

using seam::detail::ChildChannel;
using seam::detail::ChildOutcome;
using seam::detail::runInChildProcess;

namespace {

TEST(ChildProcess, ResultArrivesWhole) {
  // Larger than a pipe's buffer, so the parent must read while the child
  // writes.
  std::string big(5 << 20, '\0');
  for (size_t i = 0; i < big.size(); ++i)
    big[i] = static_cast<char>(i * 131 + 7);
  int inChild = 0;
  ChildOutcome outcome = runInChildProcess(
      [&](ChildChannel &channel) {
        inChild = 1; // Changes the child's copy only.
        channel.stage("first");
        channel.stage("second");
        channel.result(big);
      },
      60);
  ASSERT_TRUE(outcome.ran);
  ASSERT_TRUE(outcome.result.has_value());
  EXPECT_EQ(*outcome.result, big);
  EXPECT_FALSE(outcome.error.has_value());
  EXPECT_EQ(outcome.stage, "second");
  EXPECT_EQ(inChild, 0);
}

TEST(ChildProcess, ErrorArrives) {
  ChildOutcome outcome = runInChildProcess(
      [](ChildChannel &channel) {
        channel.stage("checking");
        channel.error("node 'n0' (Gemm): bad");
      },
      60);
  ASSERT_TRUE(outcome.ran);
  EXPECT_FALSE(outcome.result.has_value());
  ASSERT_TRUE(outcome.error.has_value());
  EXPECT_EQ(*outcome.error, "node 'n0' (Gemm): bad");
}

TEST(ChildProcess, KilledChildNamesSignalAndStage) {
  // SIGKILL: no sanitizer or debugger handler can turn it into an exit code.
  ChildOutcome outcome = runInChildProcess(
      [](ChildChannel &channel) {
        channel.stage("ONNX shape inference");
        ::kill(::getpid(), SIGKILL);
      },
      60);
  ASSERT_TRUE(outcome.ran);
  EXPECT_FALSE(outcome.result.has_value());
  EXPECT_FALSE(outcome.error.has_value());
  EXPECT_EQ(outcome.stage, "ONNX shape inference");
  EXPECT_EQ(outcome.ending, "signal 9 (Killed)");
}

TEST(ChildProcess, CrashEndsTheChildQuietly) {
  // The child's crash handlers (LLVM's stack dump, a sanitizer's report) are
  // reset: the fault ends it with its signal, which the parent names.
  ChildOutcome outcome = runInChildProcess(
      [](ChildChannel &channel) {
        channel.stage("ONNX shape inference");
        ::raise(SIGFPE);
      },
      60);
  ASSERT_TRUE(outcome.ran);
  EXPECT_FALSE(outcome.result.has_value());
  EXPECT_EQ(outcome.stage, "ONNX shape inference");
  EXPECT_EQ(outcome.ending, "signal 8 (Floating point exception)");
}

TEST(ChildProcess, ExitWithoutAnswerNamesExitCode) {
  ChildOutcome outcome = runInChildProcess(
      [](ChildChannel &channel) {
        channel.stage("the ONNX checker");
        ::_exit(7);
      },
      60);
  ASSERT_TRUE(outcome.ran);
  EXPECT_FALSE(outcome.result.has_value());
  EXPECT_EQ(outcome.stage, "the ONNX checker");
  EXPECT_EQ(outcome.ending, "exit code 7");
}

TEST(ChildProcess, HangingChildIsKilledAtTheTimeout) {
  ChildOutcome outcome = runInChildProcess(
      [](ChildChannel &channel) {
        channel.stage("version conversion to opset 13");
        while (true)
          ::pause();
      },
      1);
  ASSERT_TRUE(outcome.ran);
  EXPECT_FALSE(outcome.result.has_value());
  EXPECT_EQ(outcome.stage, "version conversion to opset 13");
  EXPECT_EQ(outcome.ending, "no answer within 1 s");
}

} // namespace
