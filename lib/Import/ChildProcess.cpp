//===- ChildProcess.cpp - Run third-party code in a forked child ----------===//

#include "ChildProcess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace seam::detail {

/// Writes all of `data`; false if the pipe closed.
static bool writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

void ChildChannel::send(char tag, llvm::StringRef payload) {
  // A message: its tag, its length (8 bytes, this machine's byte order: the
  // reader is the same program) and the bytes.
  char header[9];
  header[0] = tag;
  uint64_t size = payload.size();
  std::memcpy(header + 1, &size, sizeof(size));
  if (!writeAll(fd, header, sizeof(header)) ||
      !writeAll(fd, payload.data(), payload.size()))
    ::_exit(3); // The parent is gone: nobody reads the result.
}

/// Describes a wait status that is not a clean exit 0.
static std::string describeEnding(int status) {
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    const char *name = ::strsignal(sig);
    return "signal " + std::to_string(sig) + " (" + (name ? name : "?") + ")";
  }
  if (WIFEXITED(status))
    return "exit code " + std::to_string(WEXITSTATUS(status));
  return "wait status " + std::to_string(status);
}

ChildOutcome runInChildProcess(llvm::function_ref<void(ChildChannel &)> work,
                               unsigned timeoutSeconds) {
  ChildOutcome outcome;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return outcome;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return outcome;
  }
  if (pid == 0) {
    // The child: only this thread exists here. It writes to the pipe and
    // ends without running atexit handlers or flushing the parent's stdio
    // buffers (they would be written twice).
    ::close(fds[0]);
    // A crash ends the child quietly (no stack dump of LLVM's handlers, no
    // sanitizer report); the parent names the signal.
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP})
      ::signal(sig, SIG_DFL);
    ChildChannel channel(fds[1]);
    work(channel);
    ::_exit(0);
  }
  outcome.ran = true;
  ::close(fds[1]);

  // Read until the child closes its end (it ended) or the time is up.
  std::string bytes;
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(timeoutSeconds);
  bool timedOut = false;
  char buffer[1 << 16];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    struct pollfd p = {fds[0], POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(
                                  left.count(), 1 << 30)));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      timedOut = ready == 0;
      break;
    }
    ssize_t n = ::read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    bytes.append(buffer, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  if (timedOut)
    ::kill(pid, SIGKILL);
  int status = 0;
  pid_t waited;
  do
    waited = ::waitpid(pid, &status, 0);
  while (waited < 0 && errno == EINTR);

  // The messages; a truncated last one (the child died writing it) is
  // dropped.
  size_t at = 0;
  while (bytes.size() - at >= 9) {
    char tag = bytes[at];
    uint64_t size;
    std::memcpy(&size, bytes.data() + at + 1, sizeof(size));
    if (size > bytes.size() - at - 9)
      break;
    std::string payload = bytes.substr(at + 9, size);
    at += 9 + size;
    if (tag == 'S')
      outcome.stage = std::move(payload);
    else if (tag == 'R')
      outcome.result = std::move(payload);
    else if (tag == 'E')
      outcome.error = std::move(payload);
  }
  if (outcome.result || outcome.error)
    return outcome;
  if (timedOut)
    outcome.ending = "no answer within " + std::to_string(timeoutSeconds) + " s";
  else if (waited == pid)
    outcome.ending = describeEnding(status);
  else
    // SIGCHLD ignored by the application: the child was reaped already.
    outcome.ending = "an ending this process could not observe";
  return outcome;
}

} // namespace seam::detail
