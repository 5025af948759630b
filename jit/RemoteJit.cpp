//===- RemoteJit.cpp - JIT into a separate executor process ---------------===//
//
// The executor: /bin/sh -c CMD in a process group of its own, its stdin and
// stdout two pipes that carry ORC's SimpleRemoteEPC protocol.
//
// The module: LLVM dialect -> LLVM IR for the target with a packed wrapper
// per function, plus (all in the module, so that one link places them in the
// executor):
//   - every weight the module declares as an external global becomes a
//     zero-initialized, 64-byte aligned global written once after linking;
//   - one zero-initialized global per input and output of @main;
//   - entry points with ORC's `int32_t fn(void)` signature, which
//     ExecutorProcessControl::runAsVoidFunction calls: __seam_remote_run
//     (@main on those globals), __seam_remote_init (@seam_init, its status
//     returned) and __seam_remote_deinit. Each first sets the runtime's
//     thread count (seam_set_num_threads), as the in-process Session does.
// -> LLVM -O<n> -> object code (the TargetMachine of createTargetMachine)
// -> an LLJIT on the remote EPC (JITLink, no platform, no process symbols)
// whose main JITDylib has, besides the object, absolute symbols looked up in
// the executor: Seam's runtime under the names the code calls it by
// (__kmpc_fork_call -> seam_kmpc_fork_call), the backends' entry points and
// the allow-listed C library functions.
//
//===----------------------------------------------------------------------===//

#include "seam/Jit/RemoteJit.h"

#include "LLVMModule.h"
#include "LinkErrors.h"
#include "seam/Jit/JitEngine.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/DylibManager.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/MemoryAccess.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/Shared/SimpleRemoteEPCUtils.h"
#include "llvm/ExecutionEngine/Orc/SimpleRemoteEPC.h"
#include "llvm/ExecutionEngine/Orc/TaskDispatch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace seam {

namespace {
constexpr llvm::StringLiteral kRunName = "__seam_remote_run";
constexpr llvm::StringLiteral kInitName = "__seam_remote_init";
constexpr llvm::StringLiteral kDeinitName = "__seam_remote_deinit";
constexpr llvm::StringLiteral kSetThreadsName = "seam_set_num_threads";

std::string ioSymbol(size_t index) {
  return "__seam_remote_io_" + std::to_string(index);
}

//===----------------------------------------------------------------------===//
// The executor process
//===----------------------------------------------------------------------===//

/// The executor's process (its group: the shell and what it started), reaped
/// once.
class ExecutorProcess {
public:
  ExecutorProcess(std::string command) : command(std::move(command)) {}
  ~ExecutorProcess() {
    closeFds();
    if (pid > 0 && !reaped) {
      killGroup();
      wait(std::chrono::seconds(5));
    }
  }

  /// Starts `/bin/sh -c command` with pipes as stdin and stdout.
  llvm::Error start() {
    int toChild[2], fromChild[2];
    if (pipe2(toChild, O_CLOEXEC) != 0)
      return startError(std::strerror(errno));
    if (pipe2(fromChild, O_CLOEXEC) != 0) {
      int err = errno;
      ::close(toChild[0]);
      ::close(toChild[1]);
      return startError(std::strerror(err));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // A group of its own, so that it can be killed with what it started;
    // default signal dispositions (this process ignores SIGPIPE).
    sigset_t defaults, empty;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigemptyset(&empty);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP |
                                              POSIX_SPAWN_SETSIGDEF |
                                              POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &empty);
    std::string shell = "/bin/sh", dashC = "-c", script = command;
    char *argv[] = {shell.data(), dashC.data(), script.data(), nullptr};
    int err =
        posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(toChild[0]);
    ::close(fromChild[1]);
    if (err != 0) {
      pid = -1;
      ::close(toChild[1]);
      ::close(fromChild[0]);
      return startError(std::strerror(err));
    }
    inFd = fromChild[0];
    outFd = toChild[1];
    return llvm::Error::success();
  }

  /// The transport's ends: it reads the executor's stdout, writes its stdin
  /// (and closes both when it disconnects).
  std::pair<int, int> takeFds() {
    std::pair<int, int> fds = {inFd, outFd};
    inFd = outFd = -1;
    return fds;
  }

  void killGroup() {
    if (pid > 0 && !reaped)
      ::kill(-pid, SIGKILL);
  }

  /// Waits up to `timeout` for the executor to end; true when it has.
  bool wait(std::chrono::milliseconds timeout) {
    if (pid <= 0 || reaped)
      return true;
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      pid_t result = ::waitpid(pid, &status, WNOHANG);
      if (result == pid || (result < 0 && errno != EINTR)) {
        reaped = true;
        // What the executor started dies with it.
        ::kill(-pid, SIGKILL);
        return true;
      }
      if (std::chrono::steady_clock::now() >= deadline)
        return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  /// How it ended: "exited with status 1", "was killed by signal 6
  /// (Aborted)", or "is still running".
  std::string describeEnd() {
    if (!wait(std::chrono::seconds(2)))
      return "did not end";
    if (WIFEXITED(status)) {
      int code = WEXITSTATUS(status);
      std::string text = "exited with status " + std::to_string(code);
      // What a shell says of a command a signal killed.
      if (code > 128 && code < 128 + NSIG)
        text += std::string(" (killed by signal ") +
                std::to_string(code - 128) + ": " + strsignal(code - 128) + ")";
      return text;
    }
    if (WIFSIGNALED(status))
      return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
             strsignal(WTERMSIG(status)) + ")";
    return "ended";
  }

  const std::string command;

private:
  llvm::Error startError(const char *why) {
    return llvm::createStringError("cannot start the executor `" + command +
                                   "`: " + why);
  }
  void closeFds() {
    if (inFd >= 0)
      ::close(inFd);
    if (outFd >= 0)
      ::close(outFd);
    inFd = outFd = -1;
  }

  pid_t pid = -1;
  int status = 0;
  bool reaped = false;
  int inFd = -1, outFd = -1;
};

/// Kills the executor's group unless cancel() comes within `timeout`.
class Watchdog {
public:
  Watchdog(ExecutorProcess &process, std::chrono::milliseconds timeout)
      : thread([this, &process, timeout] {
          std::unique_lock<std::mutex> lock(mutex);
          if (!condition.wait_for(lock, timeout, [&] { return cancelled; })) {
            fired = true;
            process.killGroup();
          }
        }) {}
  ~Watchdog() { cancel(); }
  /// Stops it; true when it had fired.
  bool cancel() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      cancelled = true;
    }
    condition.notify_all();
    if (thread.joinable())
      thread.join();
    return fired;
  }

private:
  std::mutex mutex;
  std::condition_variable condition;
  bool cancelled = false, fired = false;
  std::thread thread;
};

} // namespace

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

/// Turns the external global `weight.symbol` into a zero-initialized
/// definition of its size, written after linking.
static llvm::Error defineWeight(llvm::Module &module,
                                const RemoteWeight &weight) {
  llvm::GlobalVariable *global = module.getNamedGlobal(weight.symbol);
  if (!global)
    return llvm::Error::success(); // not referenced
  if (!global->isDeclaration())
    return llvm::createStringError("weight @" + weight.symbol +
                                   " is defined in the module");
  uint64_t size =
      module.getDataLayout().getTypeAllocSize(global->getValueType());
  if (size != weight.size)
    return llvm::createStringError(
        "weight @" + weight.symbol + " has " + std::to_string(size) +
        " bytes in the module but " + std::to_string(weight.size) + " in data");
  global->setConstant(false);
  global->setInitializer(llvm::Constant::getNullValue(global->getValueType()));
  global->setLinkage(llvm::GlobalValue::ExternalLinkage);
  global->setAlignment(llvm::Align(64));
  return llvm::Error::success();
}

/// Adds the I/O globals and the entry points (see the file comment).
static llvm::Error addRemoteEntries(llvm::Module &module, int threads,
                                    size_t numBuffers,
                                    llvm::ArrayRef<uint64_t> bufferBytes) {
  llvm::LLVMContext &context = module.getContext();
  llvm::IRBuilder<> builder(context);
  llvm::Type *i32 = builder.getInt32Ty();
  llvm::Type *ptr = builder.getPtrTy();
  llvm::Function *packedMain =
      module.getFunction(detail::getPackedName("main"));
  if (!packedMain)
    return llvm::createStringError("the module has no @main");
  llvm::SmallVector<llvm::GlobalVariable *> buffers;
  for (size_t i = 0; i < numBuffers; ++i) {
    auto *type = llvm::ArrayType::get(builder.getInt8Ty(),
                                      std::max<uint64_t>(bufferBytes[i], 1));
    auto *global = new llvm::GlobalVariable(
        module, type, /*isConstant=*/false, llvm::GlobalValue::ExternalLinkage,
        llvm::ConstantAggregateZero::get(type), ioSymbol(i));
    global->setAlignment(llvm::Align(64));
    buffers.push_back(global);
  }
  llvm::FunctionCallee setThreads = module.getOrInsertFunction(
      kSetThreadsName, llvm::FunctionType::get(builder.getVoidTy(), {i32},
                                               /*isVarArg=*/false));
  auto *entryType = llvm::FunctionType::get(i32, {}, /*isVarArg=*/false);
  // int32_t name(void) { seam_set_num_threads(threads); body; }
  auto addEntry = [&](llvm::StringRef name,
                      llvm::function_ref<llvm::Value *()> body) {
    auto *fn = llvm::Function::Create(
        entryType, llvm::GlobalValue::ExternalLinkage, name, module);
    builder.SetInsertPoint(llvm::BasicBlock::Create(context, "entry", fn));
    builder.CreateCall(setThreads, {builder.getInt32(threads)});
    builder.CreateRet(body());
  };
  addEntry(kRunName, [&]() -> llvm::Value * {
    // args[i] -> slots[i] -> buffer i, as the packed wrapper expects.
    auto *array = llvm::ArrayType::get(ptr, std::max<size_t>(numBuffers, 1));
    llvm::Value *slots = builder.CreateAlloca(array);
    llvm::Value *args = builder.CreateAlloca(array);
    for (size_t i = 0; i < numBuffers; ++i) {
      llvm::Value *slot =
          builder.CreateConstInBoundsGEP2_32(array, slots, 0, i);
      builder.CreateStore(buffers[i], slot);
      builder.CreateStore(
          slot, builder.CreateConstInBoundsGEP2_32(array, args, 0, i));
    }
    builder.CreateCall(packedMain, {args});
    return builder.getInt32(0);
  });
  if (llvm::Function *init =
          module.getFunction(detail::getPackedName("seam_init"))) {
    addEntry(kInitName, [&]() -> llvm::Value * {
      llvm::Value *status = builder.CreateAlloca(i32);
      builder.CreateStore(builder.getInt32(0), status);
      auto *array = llvm::ArrayType::get(ptr, 1);
      llvm::Value *args = builder.CreateAlloca(array);
      builder.CreateStore(
          status, builder.CreateConstInBoundsGEP2_32(array, args, 0, 0));
      builder.CreateCall(init, {args});
      return builder.CreateLoad(i32, status);
    });
  }
  if (llvm::Function *deinit =
          module.getFunction(detail::getPackedName("seam_deinit"))) {
    addEntry(kDeinitName, [&]() -> llvm::Value * {
      builder.CreateCall(deinit, {llvm::ConstantPointerNull::get(
                                     llvm::PointerType::getUnqual(context))});
      return builder.getInt32(0);
    });
  }
  std::string message;
  llvm::raw_string_ostream os(message);
  if (llvm::verifyModule(module, &os))
    return llvm::createStringError("the remote entry points are invalid: " +
                                   message);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// RemoteJitEngine
//===----------------------------------------------------------------------===//

struct RemoteJitEngine::Impl {
  std::unique_ptr<ExecutorProcess> process;
  std::shared_ptr<detail::LinkErrors> errors;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  llvm::orc::ExecutorProcessControl *epc = nullptr;
  llvm::Triple executorTriple;
  llvm::orc::ExecutorAddr runAddr, initAddr, deinitAddr;
  std::vector<llvm::orc::ExecutorAddrRange> inputs, outputs;
  std::mutex mutex;
  /// The executor has died (every later call fails at once).
  bool dead = false;
  bool initRan = false;

  /// The error of a call that failed because the executor went.
  llvm::Error died(llvm::StringRef doing, llvm::Error cause) {
    dead = true;
    std::string end = process->describeEnd();
    std::string why = llvm::toString(std::move(cause));
    return llvm::createStringError(
        "the executor `" + process->command + "` " +
        (end == "did not end" ? "stopped answering" : end) + " while " +
        doing.str() + (why == "disconnecting" ? "" : " (" + why + ")"));
  }

  llvm::Expected<int32_t> call(llvm::orc::ExecutorAddr fn,
                               llvm::StringRef doing) {
    if (dead)
      return llvm::createStringError("the executor `" + process->command +
                                     "` has died: cannot " + doing.str());
    auto result = epc->runAsVoidFunction(fn);
    if (!result)
      return died(doing, result.takeError());
    return *result;
  }

  ~Impl() {
    if (jit && !dead && initRan && deinitAddr) {
      auto result = epc->runAsVoidFunction(deinitAddr);
      if (!result)
        llvm::consumeError(result.takeError());
    }
    if (!process)
      return;
    // Disconnecting closes the executor's stdin: it ends. If it does not (a
    // call under way), it is killed.
    Watchdog watchdog(*process, std::chrono::seconds(10));
    jit.reset();
    process->wait(std::chrono::seconds(15));
    watchdog.cancel();
  }
};

RemoteJitEngine::RemoteJitEngine(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
RemoteJitEngine::~RemoteJitEngine() = default;

const llvm::Triple &RemoteJitEngine::getExecutorTriple() const {
  return impl->executorTriple;
}

/// The executor's addresses of what compiled code may call, under the names
/// it calls them by; those the executor lacks are left out (a module that
/// references one fails to link, naming it).
static llvm::Expected<llvm::orc::SymbolMap>
lookUpExecutorSymbols(llvm::orc::LLJIT &jit,
                      llvm::ArrayRef<std::string> runtimeSymbols) {
  // calledAs -> symbol in the executor.
  llvm::SmallVector<std::pair<std::string, std::string>> names;
  for (const SeamRuntimeFunction &fn : getSeamRuntimeFunctions())
    names.emplace_back(fn.calledAs.str(), fn.symbol.str());
  names.emplace_back(kSetThreadsName.str(), kSetThreadsName.str());
  for (const std::string &name : runtimeSymbols)
    names.emplace_back(name, name);
  for (llvm::StringRef name : getProcessSymbolAllowList())
    names.emplace_back(name.str(), name.str());

  llvm::orc::ExecutorProcessControl &epc =
      jit.getExecutionSession().getExecutorProcessControl();
  auto handle = epc.getDylibMgr().loadDylib(nullptr);
  if (!handle)
    return handle.takeError();
  llvm::orc::SymbolLookupSet lookup;
  for (const auto &[calledAs, symbol] : names)
    lookup.add(jit.mangleAndIntern(symbol),
               llvm::orc::SymbolLookupFlags::WeaklyReferencedSymbol);
  auto found = epc.getDylibMgr().lookupSymbols({{*handle, lookup}});
  if (!found)
    return found.takeError();
  llvm::orc::SymbolMap map;
  if (found->size() != 1 || (*found)[0].size() != names.size())
    return llvm::createStringError(
        "the executor answered a symbol lookup with the wrong count");
  for (auto [i, entry] : llvm::enumerate(names))
    if (const auto &def = (*found)[0][i]; def && def->getAddress())
      map[jit.mangleAndIntern(entry.first)] = {def->getAddress(),
                                               llvm::JITSymbolFlags::Exported};
  return map;
}

llvm::Expected<std::unique_ptr<RemoteJitEngine>>
RemoteJitEngine::create(mlir::ModuleOp module, const RemoteJitOptions &options,
                        llvm::ArrayRef<RemoteWeight> weights,
                        llvm::ArrayRef<std::string> runtimeSymbols,
                        llvm::ArrayRef<uint64_t> inputBytes,
                        llvm::ArrayRef<uint64_t> outputBytes) {
  unsigned level = std::min(options.optLevel, 3u);
  // The target first: an unknown triple or CPU fails before anything starts.
  auto targetMachine = createTargetMachine(options.target, level);
  if (!targetMachine)
    return targetMachine.takeError();
  llvm::Triple triple = (*targetMachine)->getTargetTriple();

  // The module for the target, with its remote entry points.
  auto context = std::make_unique<llvm::LLVMContext>();
  auto llvmModule =
      detail::translateToLLVMIR(module, *context, **targetMachine);
  if (!llvmModule)
    return llvmModule.takeError();
  detail::addPackedWrappers(**llvmModule);
  for (const RemoteWeight &weight : weights)
    if (llvm::Error err = defineWeight(**llvmModule, weight))
      return err;
  llvm::SmallVector<uint64_t> bufferBytes(inputBytes);
  bufferBytes.append(outputBytes.begin(), outputBytes.end());
  if (llvm::Error err = addRemoteEntries(**llvmModule, options.threads,
                                         bufferBytes.size(), bufferBytes))
    return err;
  detail::optimizeModule(**llvmModule, **targetMachine, level);
  llvm::orc::SimpleCompiler compiler(**targetMachine);
  auto object = compiler(**llvmModule);
  if (!object)
    return object.takeError();
  bool hasInit = (*llvmModule)->getFunction(kInitName) != nullptr;
  bool hasDeinit = (*llvmModule)->getFunction(kDeinitName) != nullptr;
  llvmModule->reset();

  // The executor. A write to it after it died must be an error, not SIGPIPE
  // (whose default ends this process): SIGPIPE is ignored from here on.
  ::signal(SIGPIPE, SIG_IGN);
  auto impl = std::make_unique<Impl>();
  impl->process = std::make_unique<ExecutorProcess>(options.executor);
  ExecutorProcess &process = *impl->process;
  if (llvm::Error err = process.start())
    return err;
  auto [inFd, outFd] = process.takeFds();
  std::unique_ptr<llvm::orc::SimpleRemoteEPC> epc;
  {
    Watchdog watchdog(process,
                      std::chrono::seconds(options.setupTimeoutSeconds));
    auto created = llvm::orc::SimpleRemoteEPC::Create<
        llvm::orc::FDSimpleRemoteEPCTransport>(
        std::make_unique<llvm::orc::DynamicThreadPoolTaskDispatcher>(
            std::nullopt),
        llvm::orc::SimpleRemoteEPC::Setup(), inFd, outFd);
    bool timedOut = watchdog.cancel();
    if (!created) {
      std::string why = llvm::toString(created.takeError());
      std::string end = process.describeEnd();
      return llvm::createStringError(
          "the executor `" + options.executor + "` did not start: " +
          (timedOut ? "it sent no ORC setup message within " +
                          std::to_string(options.setupTimeoutSeconds) +
                          " s (is it a seam-executor?)"
                    : "it " + end + " before ORC's setup message" +
                          (why == "disconnecting" ? "" : " (" + why + ")")));
    }
    epc = std::move(*created);
  }
  impl->executorTriple = epc->getTargetTriple();
  if (impl->executorTriple.getArch() != triple.getArch() ||
      impl->executorTriple.getOS() != triple.getOS()) {
    std::string got = impl->executorTriple.str();
    Watchdog watchdog(process, std::chrono::seconds(10));
    if (llvm::Error err = epc->disconnect())
      llvm::consumeError(std::move(err));
    return llvm::createStringError("the executor `" + options.executor +
                                   "` runs " + got + ", but the code is for " +
                                   triple.str());
  }
  impl->epc = epc.get();

  // The JIT on it.
  llvm::orc::JITTargetMachineBuilder machineBuilder(triple);
  machineBuilder.setCPU((*targetMachine)->getTargetCPU().str());
  llvm::SmallVector<llvm::StringRef> features;
  (*targetMachine)->getTargetFeatureString().split(features, ',', -1, false);
  machineBuilder.addFeatures(
      std::vector<std::string>(features.begin(), features.end()));
  machineBuilder.setCodeGenOptLevel(static_cast<llvm::CodeGenOptLevel>(level));
  llvm::orc::LLJITBuilder builder;
  builder.setExecutorProcessControl(std::move(epc))
      .setJITTargetMachineBuilder(std::move(machineBuilder))
      .setDataLayout((*targetMachine)->createDataLayout())
      .setLinkProcessSymbolsByDefault(false)
      .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
      .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &session) {
        return std::make_unique<llvm::orc::ObjectLinkingLayer>(session);
      });
  auto jit = builder.create();
  if (!jit)
    return jit.takeError();
  impl->jit = std::move(*jit);
  llvm::orc::LLJIT &lljit = *impl->jit;
  impl->errors = detail::LinkErrors::collect(impl->jit->getExecutionSession());

  auto symbols = lookUpExecutorSymbols(lljit, runtimeSymbols);
  if (!symbols)
    return impl->died("looking up symbols", symbols.takeError());
  llvm::orc::JITDylib &main = lljit.getMainJITDylib();
  if (llvm::Error err =
          main.define(llvm::orc::absoluteSymbols(std::move(*symbols))))
    return err;
  if (llvm::Error err = lljit.addObjectFile(std::move(*object)))
    return err;

  // Link now: every entry, buffer and weight.
  llvm::SmallVector<std::string> names = {kRunName.str()};
  if (hasInit)
    names.push_back(kInitName.str());
  if (hasDeinit)
    names.push_back(kDeinitName.str());
  for (size_t i = 0; i < bufferBytes.size(); ++i)
    names.push_back(ioSymbol(i));
  size_t firstWeight = names.size();
  for (const RemoteWeight &weight : weights)
    names.push_back(weight.symbol);
  llvm::orc::SymbolLookupSet lookup;
  for (size_t i = 0; i < names.size(); ++i)
    lookup.add(lljit.mangleAndIntern(names[i]),
               i < firstWeight
                   ? llvm::orc::SymbolLookupFlags::RequiredSymbol
                   : llvm::orc::SymbolLookupFlags::WeaklyReferencedSymbol);
  auto linked = lljit.getExecutionSession().lookup(
      llvm::orc::makeJITDylibSearchOrder(
          &main, llvm::orc::JITDylibLookupFlags::MatchAllSymbols),
      std::move(lookup));
  if (!linked)
    return impl->errors->describe(
        linked.takeError(),
        " in the executor `" + options.executor +
            "`: compiled code may call only Seam's runtime, the backends' "
            "entry points and the allow-listed C library functions "
            "(jit/RuntimeSymbols.cpp), which the executor must export "
            "(seam-executor links Seam's runtime libraries)",
        "JIT-link the module into the executor `" + options.executor + "`");
  auto addressOf = [&](llvm::StringRef name) {
    auto it = linked->find(lljit.mangleAndIntern(name));
    return it == linked->end() ? llvm::orc::ExecutorAddr()
                               : it->second.getAddress();
  };
  impl->runAddr = addressOf(kRunName);
  if (hasInit)
    impl->initAddr = addressOf(kInitName);
  if (hasDeinit)
    impl->deinitAddr = addressOf(kDeinitName);
  for (auto [i, bytes] : llvm::enumerate(bufferBytes)) {
    llvm::orc::ExecutorAddrRange range(addressOf(ioSymbol(i)),
                                       llvm::orc::ExecutorAddrDiff(bytes));
    (i < inputBytes.size() ? impl->inputs : impl->outputs).push_back(range);
  }

  // The weights, once.
  std::vector<llvm::orc::tpctypes::BufferWrite> writes;
  for (const RemoteWeight &weight : weights)
    if (llvm::orc::ExecutorAddr address = addressOf(weight.symbol))
      writes.push_back(
          {address, llvm::ArrayRef<char>(weight.data, weight.size)});
  if (!writes.empty())
    if (llvm::Error err = impl->epc->getMemoryAccess().writeBuffers(writes))
      return impl->died("receiving the weights", std::move(err));
  return std::unique_ptr<RemoteJitEngine>(new RemoteJitEngine(std::move(impl)));
}

llvm::Expected<int32_t> RemoteJitEngine::init() {
  std::lock_guard<std::mutex> lock(impl->mutex);
  if (!impl->initAddr)
    return 0;
  auto status = impl->call(impl->initAddr, "creating the kernel-library state "
                                           "(@seam_init)");
  // Deinit also frees what a failed init made.
  impl->initRan = true;
  return status;
}

llvm::Error RemoteJitEngine::run(llvm::ArrayRef<const void *> inputs,
                                 llvm::ArrayRef<void *> outputs) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  if (inputs.size() != impl->inputs.size() ||
      outputs.size() != impl->outputs.size())
    return llvm::createStringError("wrong number of inputs or outputs");
  if (impl->dead)
    return llvm::createStringError("the executor `" + impl->process->command +
                                   "` has died: cannot run the model");
  std::vector<llvm::orc::tpctypes::BufferWrite> writes;
  for (auto [range, data] : llvm::zip(impl->inputs, inputs))
    writes.push_back(
        {range.Start,
         llvm::ArrayRef<char>(static_cast<const char *>(data), range.size())});
  llvm::orc::MemoryAccess &memory = impl->epc->getMemoryAccess();
  if (!writes.empty())
    if (llvm::Error err = memory.writeBuffers(writes))
      return impl->died("receiving the inputs", std::move(err));
  auto status = impl->call(impl->runAddr, "running the model");
  if (!status)
    return status.takeError();
  auto read = memory.readBuffers(impl->outputs);
  if (!read)
    return impl->died("sending the outputs", read.takeError());
  for (auto [bytes, data, range] : llvm::zip(*read, outputs, impl->outputs)) {
    if (bytes.size() != range.size())
      return llvm::createStringError(
          "the executor sent " + std::to_string(bytes.size()) +
          " bytes of an output of " + std::to_string(range.size()));
    std::memcpy(data, bytes.data(), bytes.size());
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// The default executor
//===----------------------------------------------------------------------===//

/// `text` quoted for /bin/sh when it needs to be.
static std::string shellQuote(llvm::StringRef text) {
  if (!text.empty() && llvm::all_of(text, [](char c) {
        return llvm::isAlnum(c) || llvm::StringRef("/._-+=:,").contains(c);
      }))
    return text.str();
  std::string quoted = "'";
  for (char c : text)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string getExecutorCommand(const llvm::Triple &triple,
                               llvm::StringRef executorPath) {
  if (isHostTriple(triple))
    return shellQuote(executorPath);
  std::string multiarch = getMultiarchTriple(triple);
  return "qemu-" + llvm::Triple::getArchTypeName(triple.getArch()).str() +
         " -L " + shellQuote("/usr/" + multiarch) + " " +
         shellQuote(executorPath);
}

llvm::Expected<std::string> findDefaultExecutor(const llvm::Triple &triple,
                                                llvm::StringRef binDir) {
  std::string multiarch = getMultiarchTriple(triple);
  bool host = isHostTriple(triple);
  llvm::SmallString<256> path(binDir);
  if (!host)
    llvm::sys::path::append(path, "..", multiarch, "bin");
  llvm::sys::path::append(path, "seam-executor");
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::can_execute(path) &&
      triple.getArch() == llvm::Triple::riscv64)
    return llvm::createStringError(
        "no seam-executor for " + multiarch + " at '" + std::string(path) +
        "': there is none to build (Debian 12 has no riscv64 LLVM for ORC's "
        "executor side); compile the model with seam-compile --triple=" +
        multiarch +
        " and run it under qemu-riscv64, or give an executor "
        "command with --executor");
  if (!llvm::sys::fs::can_execute(path))
    return llvm::createStringError(
        "no seam-executor for " + multiarch + " at '" + std::string(path) +
        "': " +
        (host ? std::string("it is built with Seam (scripts/build.sh "
                            "seam-executor)")
              : "build it with scripts/build-executor.sh " + multiarch +
                    " (after scripts/build-cross.sh " + multiarch + ")") +
        ", or give the command that starts one with --executor");
  if (!host) {
    std::string qemu =
        "qemu-" + llvm::Triple::getArchTypeName(triple.getArch()).str();
    if (!llvm::sys::findProgramByName(qemu))
      return llvm::createStringError(
          "running code for " + multiarch + " needs " + qemu +
          ", which is not on PATH (Debian package qemu-user), or an executor "
          "command given with --executor");
  }
  return getExecutorCommand(triple, path);
}

} // namespace seam
