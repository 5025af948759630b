//===- ChildProcess.h - Run third-party code in a forked child --*- C++ -*-===//
//
// ONNX 1.12's checker, version converter and shape inference trust the
// models they are given: a malformed one (an input of a rank an op's
// inference function does not check, ...) makes them read out of bounds and
// take the process down. The importer runs them in a child process (fork):
// the child sends its progress and result back through a pipe, and a child
// that dies becomes an error naming the stage it was in.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_CHILDPROCESS_H
#define SEAM_LIB_IMPORT_CHILDPROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace seam::detail {

/// What the child sends the parent, one message at a time.
class ChildChannel {
public:
  explicit ChildChannel(int fd) : fd(fd) {}
  /// The stage the child enters (named in the error if it dies there).
  void stage(llvm::StringRef name) { send('S', name); }
  /// The child's result (at most one of result and error).
  void result(llvm::StringRef bytes) { send('R', bytes); }
  void error(llvm::StringRef message) { send('E', message); }

private:
  void send(char tag, llvm::StringRef payload);
  int fd;
};

/// How the child ended.
struct ChildOutcome {
  /// Whether a child ran at all (false: fork or pipe failed; the caller runs
  /// the work in its own process).
  bool ran = false;
  /// What the child sent with ChildChannel::result or ::error.
  std::optional<std::string> result;
  std::optional<std::string> error;
  /// The last stage the child entered ("" if none).
  std::string stage;
  /// How a child that sent neither a result nor an error ended: "signal 11
  /// (Segmentation fault)", "exit code 1", or "no answer within N s".
  std::string ending;
};

/// Runs `work` in a forked child process and waits for it (at most
/// `timeoutSeconds`, after which the child is killed). The child ends with
/// _exit after `work` returns: nothing it changes reaches this process
/// except through the channel.
ChildOutcome runInChildProcess(llvm::function_ref<void(ChildChannel &)> work,
                               unsigned timeoutSeconds);

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_CHILDPROCESS_H
