//===- seam-executor.cpp - The process a remote Seam session runs in ------===//
//
//   seam-executor            (started by seam-run --triple/--executor)
//
// Serves ORC's remote executor protocol (SimpleRemoteEPC, as LLVM's
// llvm-jitlink-executor speaks it) on stdin/stdout: the controller (a
// seam::Session in seam-run, jit/RemoteJit.cpp) allocates memory here, links
// code into it, looks up symbols of this process, reads and writes its memory
// and calls functions. This process exports Seam's runtime (seam_kmpc_*,
// seam_memref_copy, seam_set_num_threads) and the runtimes of the backends it
// was linked with (their whole archives, -rdynamic), plus libc and libm.
//
// Its stdout and stdin carry only the protocol: they are moved to other file
// descriptors first, and fd 1 then goes to stderr (what a kernel library
// prints), fd 0 reads /dev/null. Messages go to stderr. It ends when the
// controller disconnects (or its stdin closes).
//
// Calls run one at a time on one thread that lives as long as the process,
// so that the OpenMP pool and the kernel libraries' per-thread state persist
// between runs.
//
// For tests: SEAM_EXECUTOR_ABORT_ON_CALL=N makes it abort() on the Nth
// function call the controller makes (runAsVoidFunction: @seam_init, a run),
// an executor that dies mid-run.
//
// Built for the host with Seam (tools/seam-executor/CMakeLists.txt) and for
// another triple by scripts/build-executor.sh TRIPLE (against Debian's
// libLLVM for that architecture).
//
//===----------------------------------------------------------------------===//

#include "llvm/ExecutionEngine/Orc/Shared/OrcRTBridge.h"
#include "llvm/ExecutionEngine/Orc/Shared/SimpleRemoteEPCUtils.h"
#include "llvm/ExecutionEngine/Orc/Shared/WrapperFunctionUtils.h"
#include "llvm/ExecutionEngine/Orc/TargetProcess/DefaultHostBootstrapValues.h"
#include "llvm/ExecutionEngine/Orc/TargetProcess/SimpleExecutorMemoryManager.h"
#include "llvm/ExecutionEngine/Orc/TargetProcess/SimpleRemoteEPCServer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace llvm::orc;

namespace {

[[noreturn]] void fail(const Twine &message) {
  errs() << "seam-executor: error: " << message << "\n";
  errs().flush();
  std::exit(1);
}

/// Runs the controller's calls one after another on one long-lived thread.
class SerialDispatcher : public SimpleRemoteEPCServer::Dispatcher {
public:
  SerialDispatcher() : worker([this] { loop(); }) {}
  ~SerialDispatcher() override { shutdown(); }

  void dispatch(unique_function<void()> work) override {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!running)
        return;
      queue.push_back(std::move(work));
    }
    condition.notify_one();
  }

  /// Finishes the calls queued, then stops.
  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex);
      running = false;
    }
    condition.notify_one();
    if (worker.joinable() && worker.get_id() != std::this_thread::get_id())
      worker.join();
  }

private:
  void loop() {
    while (true) {
      unique_function<void()> work;
      {
        std::unique_lock<std::mutex> lock(mutex);
        condition.wait(lock, [&] { return !running || !queue.empty(); });
        if (queue.empty())
          return;
        work = std::move(queue.front());
        queue.pop_front();
      }
      work();
    }
  }

  std::mutex mutex;
  std::condition_variable condition;
  std::deque<unique_function<void()>> queue;
  bool running = true;
  std::thread worker;
};

/// ORC's runAsVoidFunction wrapper of this process, and the call on which
/// to abort (SEAM_EXECUTOR_ABORT_ON_CALL; 0: never).
shared::CWrapperFunctionBuffer (*runAsVoidFunction)(const char *, size_t);
long abortOnCall = 0;
std::atomic<long> calls{0};

shared::CWrapperFunctionBuffer countingRunAsVoidFunction(const char *data,
                                                         size_t size) {
  if (abortOnCall > 0 && ++calls == abortOnCall) {
    std::fprintf(stderr,
                 "seam-executor: aborting on call %ld "
                 "(SEAM_EXECUTOR_ABORT_ON_CALL)\n",
                 abortOnCall);
    std::abort();
  }
  return runAsVoidFunction(data, size);
}

/// Moves `fd` to a new descriptor (close-on-exec) and points `fd` at
/// `replacement`; returns the new descriptor.
int moveAside(int fd, int replacement) {
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (moved < 0)
    fail("cannot duplicate file descriptor " + Twine(fd) + ": " +
         std::strerror(errno));
  if (dup2(replacement, fd) < 0)
    fail("cannot redirect file descriptor " + Twine(fd) + ": " +
         std::strerror(errno));
  return moved;
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1) {
    StringRef arg = argv[1];
    bool help = arg == "--help" || arg == "-h";
    (help ? outs() : errs())
        << "usage: seam-executor\n"
           "Serves ORC's remote executor protocol on stdin/stdout for a "
           "remote Seam session\n(seam-run --triple=T --executor=\"CMD\"); "
           "not meant to be run by hand.\n";
    return help ? 0 : 2;
  }
  if (const char *value = std::getenv("SEAM_EXECUTOR_ABORT_ON_CALL"))
    abortOnCall = std::atol(value);

  int devNull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (devNull < 0)
    fail(Twine("cannot open /dev/null: ") + std::strerror(errno));
  std::fflush(stdout);
  int inFd = moveAside(0, devNull);
  int outFd = moveAside(1, 2);
  close(devNull);

  auto server = SimpleRemoteEPCServer::Create<FDSimpleRemoteEPCTransport>(
      [](SimpleRemoteEPCServer::Setup &setup) -> Error {
        setup.setDispatcher(std::make_unique<SerialDispatcher>());
        setup.bootstrapSymbols() =
            SimpleRemoteEPCServer::defaultBootstrapSymbols();
        addDefaultBootstrapValuesForHostProcess(setup.bootstrapMap(),
                                                setup.bootstrapSymbols());
        if (abortOnCall > 0) {
          ExecutorAddr &run =
              setup.bootstrapSymbols()[rt::RunAsVoidFunctionWrapperName];
          if (!run)
            return createStringError("ORC has no runAsVoidFunction wrapper");
          runAsVoidFunction = run.toPtr<decltype(runAsVoidFunction)>();
          run = ExecutorAddr::fromPtr(&countingRunAsVoidFunction);
        }
        setup.services().push_back(
            std::make_unique<rt_bootstrap::SimpleExecutorMemoryManager>());
        return Error::success();
      },
      inFd, outFd);
  if (!server)
    fail(toString(server.takeError()));
  if (Error err = (*server)->waitForDisconnect())
    fail(toString(std::move(err)));
  return 0;
}
