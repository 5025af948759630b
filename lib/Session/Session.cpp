//===- Session.cpp - Compile a model once, run it many times --------------===//

#include "seam/Session.h"

#include "CompileCache.h"
#include "Compiler.h"
#include "KernelPreparation.h"
#include "ModelLoading.h"
#include "TargetBackends.h"
#include "seam/Backend/Backend.h"
#include "seam/Import/OnnxImporter.h"
#include "seam/InitAll.h"
#include "seam/Jit/JitEngine.h"
#include "seam/Jit/RemoteJit.h"
#include "seam/Jit/TargetObject.h"
#include "seam/Runtime/SeamRuntime.h"
#include "seam/Runtime/TensorCheck.h"
#include "seam/SeamDialect.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

#include <atomic>
#include <cassert>
#include <chrono>
#include <cstring>
#include <list>
#include <mutex>
#include <new>

using namespace mlir;

namespace seam {

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

size_t getElementByteSize(ElementType type) {
  switch (type) {
  case ElementType::F64:
  case ElementType::I64:
  case ElementType::U64:
    return 8;
  case ElementType::F32:
  case ElementType::I32:
  case ElementType::U32:
    return 4;
  case ElementType::F16:
  case ElementType::U16:
    return 2;
  case ElementType::I8:
  case ElementType::U8:
  case ElementType::Bool:
    return 1;
  }
  return 0;
}

const char *getElementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return "float32";
  case ElementType::F64:
    return "float64";
  case ElementType::F16:
    return "float16";
  case ElementType::I64:
    return "int64";
  case ElementType::I32:
    return "int32";
  case ElementType::I8:
    return "int8";
  case ElementType::U8:
    return "uint8";
  case ElementType::U16:
    return "uint16";
  case ElementType::U32:
    return "uint32";
  case ElementType::U64:
    return "uint64";
  case ElementType::Bool:
    return "bool";
  }
  return "?";
}

Float16 Float16::fromFloat(float value) { return {seam_f32_to_f16(value)}; }

float Float16::toFloat() const { return seam_f16_to_f32(bits); }

Tensor Tensor::allocate(std::vector<int64_t> shape, ElementType type) {
  Tensor t;
  t.dims = std::move(shape);
  t.type = type;
  // 64-byte aligned, as the compiled code's own buffers; never empty.
  size_t bytes = std::max<int64_t>(t.byteSize(), 1);
  void *data = ::operator new(bytes, std::align_val_t(64));
  std::memset(data, 0, bytes);
  t.owned = std::shared_ptr<void>(
      data, [](void *p) { ::operator delete(p, std::align_val_t(64)); });
  t.ptr = data;
  return t;
}

Tensor Tensor::wrap(void *data, ElementType type, std::vector<int64_t> shape) {
  Tensor t;
  t.dims = std::move(shape);
  t.type = type;
  t.ptr = data;
  return t;
}

int64_t Tensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

int64_t Tensor::byteSize() const {
  return numElements() * static_cast<int64_t>(getElementByteSize(type));
}

void *Tensor::typedData(ElementType requested) {
  assert(requested == type && "Tensor::data<T>() of another element type");
  return requested == type ? ptr : nullptr;
}

/// `shape` as [1, 3, 224], a dim fixed only at run time (-1) as '?'.
static std::string shapeString(const std::vector<int64_t> &shape) {
  return "[" +
         llvm::join(llvm::map_range(shape,
                                    [](int64_t d) {
                                      return d < 0 ? std::string("?")
                                                   : std::to_string(d);
                                    }),
                    ", ") +
         "]";
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

/// A session compiled for one set of input shapes of a model with run-time
/// shapes.
struct Specialization {
  std::vector<std::vector<int64_t>> shapes;
  std::shared_ptr<Session::Impl> impl;
  double compileMs = 0;
  std::atomic<int64_t> runs{0};
};

/// The specializations of a model with run-time input shapes, compiled on
/// first use and kept least recently used first out. Lookups take
/// `tableMutex`; compiles take `compileMutex` (one at a time, so that two
/// threads running a new shape compile it once), not `tableMutex`: runs of
/// compiled shapes go on meanwhile.
struct RunTimeShapes {
  std::vector<TensorInfo> inputs, outputs;
  CompileOptions options;
  /// Compiles the model with `options` (whose inputShapes fix every dim).
  std::function<llvm::Expected<std::unique_ptr<Session::Impl>>(
      const CompileOptions &)>
      compile;
  mutable std::mutex tableMutex, compileMutex;
  mutable std::list<std::shared_ptr<Specialization>> recent;

  Expected<std::shared_ptr<Specialization>>
  get(const std::map<std::string, Tensor> &tensors) const;

private:
  std::shared_ptr<Specialization>
  find(const std::vector<std::vector<int64_t>> &shapes) const;
};

struct Session::Impl {
  std::vector<TensorInfo> inputs, outputs;
  int threads = 0;
  /// The weights generated code reads (bound to its external globals).
  detail::WeightStore weights;
  std::unique_ptr<JitEngine> engine;
  JitEngine::PackedFunction main = nullptr;
  /// @seam_deinit, when the module has one (kernel-library state to free).
  JitEngine::PackedFunction deinit = nullptr;
  /// The offloaded regions (function name, backend), for profiles.
  std::vector<std::pair<std::string, std::string>> regions;
  /// Whether the compiled code came from the object cache.
  bool fromCache = false;
  /// A session in an executor process (CompileOptions::triple/executor):
  /// the engine that runs it there, instead of `engine` and `main`.
  std::unique_ptr<RemoteJitEngine> remote;
  /// A model with run-time input shapes: its specializations, instead of
  /// all of the above.
  std::unique_ptr<RunTimeShapes> runTime;
  /// The compiled-object cache's entry of this session, being written.
  std::shared_ptr<detail::PendingStore> pendingStore;

  ~Impl() {
    if (pendingStore)
      pendingStore->wait();
    if (deinit)
      deinit(nullptr);
    // The buffers its runs left for the next ones (the other sessions'
    // next runs allocate theirs again).
    if (engine)
      seam_buffer_cache_trim();
  }
};

Session::Session(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Session::~Session() = default;
const std::vector<TensorInfo> &Session::inputs() const { return impl->inputs; }
const std::vector<TensorInfo> &Session::outputs() const {
  return impl->outputs;
}
bool Session::loadedFromCache() const { return impl->fromCache; }
bool Session::hasRunTimeShapes() const { return impl->runTime != nullptr; }

/// `bytes` of the session's weight store, or summed over the specializations
/// kept (run-time shapes).
static size_t
sumWeightBytes(const Session::Impl &impl,
               size_t (detail::WeightStore::*bytes)() const) {
  if (!impl.runTime)
    return (impl.weights.*bytes)();
  std::lock_guard<std::mutex> lock(impl.runTime->tableMutex);
  size_t sum = 0;
  for (const auto &spec : impl.runTime->recent)
    sum += (spec->impl->weights.*bytes)();
  return sum;
}

size_t Session::heldWeightBytes() const {
  return sumWeightBytes(*impl, &detail::WeightStore::getHeldBytes);
}

size_t Session::copiedWeightBytes() const {
  return sumWeightBytes(*impl, &detail::WeightStore::getCopiedBytes);
}

std::vector<ShapeSpecialization> Session::specializations() const {
  std::vector<ShapeSpecialization> result;
  if (!impl->runTime)
    return result;
  std::lock_guard<std::mutex> lock(impl->runTime->tableMutex);
  for (const auto &spec : impl->runTime->recent)
    result.push_back({spec->shapes, spec->compileMs, spec->runs.load(),
                      spec->impl->fromCache});
  return result;
}

std::vector<std::string> Session::getStageNames(const CompileOptions &options) {
  std::vector<std::string> names = {"import"};
  for (std::string &name : detail::getCompilerStageNames(options))
    names.push_back(std::move(name));
  names.push_back("jit");
  if (llvm::any_of(options.backends, [](const std::string &name) {
        const seam::Backend *backend = seam::lookupBackend(name);
        return backend && !backend->getRuntimeSymbols().empty();
      }))
    names.push_back("init");
  return names;
}

/// The symbols the session's compiled code may reference, for its JIT:
/// Seam's runtime, the runtime functions of the backends it may offload to
/// and its weights.
static JitSymbolTable getSessionSymbols(const CompileOptions &options,
                                        const detail::WeightStore &weights) {
  JitSymbolTable table = getSeamRuntimeSymbols();
  for (const std::string &name : options.backends)
    if (const seam::Backend *backend = seam::lookupBackend(name))
      for (const seam::RuntimeSymbol &symbol : backend->getRuntimeSymbols())
        table[symbol.name] = symbol.address;
  for (const auto &entry : weights.symbols())
    table[entry.getKey()] = entry.getValue();
  return table;
}

static double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

/// Looks up @main in the session's engine and, when the module has
/// offloaded regions (`hasInit`), creates their kernel-library state.
static llvm::Error
startSession(Session::Impl &impl, bool hasInit, const CompileOptions &options,
             detail::KernelPreparation *preparation = nullptr) {
  impl.threads = options.threads;
  auto fn = impl.engine->lookup("main");
  if (!fn)
    return fn.takeError();
  impl.main = *fn;
  // Kernel-library state (oneDNN primitives, packed weights) is made once,
  // here; a module without offloaded regions has no @seam_init.
  if (!hasInit)
    return llvm::Error::success();
  auto start = std::chrono::steady_clock::now();
  // What the kernel libraries could make ahead is made (or being made).
  if (preparation)
    preparation->wait();
  auto init = impl.engine->lookup(seam::kInitFunctionName);
  if (!init)
    return init.takeError();
  auto deinit = impl.engine->lookup(seam::kDeinitFunctionName);
  if (!deinit)
    return deinit.takeError();
  impl.deinit = *deinit; // also frees what a failed init made
  int32_t status = 0;
  void *initArgs[] = {&status};
  seam_set_num_threads(impl.threads);
  {
    // A weight is freed as soon as the kernel creations that read it made
    // their copies (the model's weights are not all in memory twice).
    std::shared_ptr<void> handling = impl.weights.handleConsumedWeights();
    (*init)(initArgs);
  }
  if (status != 0)
    return llvm::createStringError(
        "creating the kernel-library state of the model (@seam_init) "
        "failed; the runtime said why above");
  if (options.onStage)
    options.onStage("init", millisecondsSince(start));
  return llvm::Error::success();
}

/// Reads names and shapes of @main, compiles, JITs; stores the result in
/// `cache` when there is one.
static llvm::Expected<std::unique_ptr<Session::Impl>>
compile(OwningOpRef<ModuleOp> module, const CompileOptions &options,
        detail::DiagnosticCollector &diags, const detail::CompileCache *cache) {
  auto impl = std::make_unique<Session::Impl>();
  if (llvm::Error err =
          detail::readSignature(*module, impl->inputs, impl->outputs))
    return err;

  // With a cache, the partition table is kept for the entry: a session
  // loaded from it reports the same table.
  std::optional<std::string> report;
  CompileOptions compileOptions = options;
  if (cache)
    compileOptions.onPartitionReport =
        [&report, forward = options.onPartitionReport](const std::string &t) {
          report = t;
          if (forward)
            forward(t);
        };
  // Once the regions are described, their kernel libraries make what needs
  // no weights on another thread while the rest compiles.
  detail::KernelPreparation preparation;
  auto afterStage = [&](StringRef stage, ModuleOp lowered) {
    if (stage == "offload")
      preparation.start(lowered, options.threads);
  };
  if (failed(detail::compileToLLVMDialect(*module, compileOptions,
                                          &impl->weights, afterStage)))
    return diags.error("cannot compile the model");
  module->walk([&](Operation *op) {
    auto backend = op->getAttrOfType<StringAttr>(seam::kBackendAttr);
    auto symbol =
        op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (backend && symbol)
      impl->regions.emplace_back(symbol.str(), backend.str());
  });
  bool hasInit = module->lookupSymbol(seam::kInitFunctionName) != nullptr;

  auto start = std::chrono::steady_clock::now();
  detail::CapturingObjectCache capture;
  JitOptions jitOptions;
  jitOptions.optLevel = options.optLevel;
  jitOptions.objectCache = cache ? &capture : nullptr;
  auto engine = JitEngine::create(*module, jitOptions,
                                  getSessionSymbols(options, impl->weights));
  if (!engine)
    return engine.takeError();
  impl->engine = std::move(*engine);
  if (options.onStage)
    options.onStage("jit", millisecondsSince(start));
  // The module is compiled: its memory goes back before the kernel
  // libraries make their copies of the weights.
  module = nullptr;

  // Written on another thread while @seam_init runs and the session runs;
  // an entry whose session fails to start is removed.
  if (cache)
    if (auto objects = capture.take(); !objects.empty()) {
      impl->pendingStore = cache->storeInBackground(
          {impl->inputs, impl->outputs, impl->regions, hasInit,
           std::move(report)},
          std::move(objects), impl->weights.share());
      // A weight the kernel libraries consumed is written (if the writer
      // has not come to it) before it is freed: never two copies for long.
      impl->weights.setReleaseHook(
          [pending = impl->pendingStore](const void *data) {
            pending->writeBeforeRelease(data);
          });
    }
  if (llvm::Error err = startSession(*impl, hasInit, options, &preparation)) {
    if (impl->pendingStore && impl->pendingStore->wait())
      cache->remove();
    return err;
  }
  // The kernel libraries copied what @seam_init gave them.
  impl->weights.releaseInitOnly();
  return impl;
}

/// The session of `cache`'s entry, or null when there is none that can be
/// used (a miss; an entry without the partition table the options ask for;
/// one that fails to link, which is removed). Errors are those of starting
/// the loaded session. Its stage, cache-load, began at `start`.
static llvm::Expected<std::unique_ptr<Session::Impl>>
loadFromCache(const detail::CompileCache &cache, const CompileOptions &options,
              std::chrono::steady_clock::time_point start) {
  std::optional<detail::CachedSession> entry = cache.load();
  if (!entry || (options.onPartitionReport && !entry->info.report))
    return nullptr;
  auto impl = std::make_unique<Session::Impl>();
  impl->inputs = std::move(entry->info.inputs);
  impl->outputs = std::move(entry->info.outputs);
  impl->regions = std::move(entry->info.regions);
  impl->weights = std::move(entry->weights);
  impl->fromCache = true;
  auto engine = JitEngine::createFromObjects(
      std::move(entry->objects), getSessionSymbols(options, impl->weights));
  if (!engine) {
    llvm::consumeError(engine.takeError());
    cache.remove();
    return nullptr;
  }
  impl->engine = std::move(*engine);
  if (options.onStage)
    options.onStage("cache-load", millisecondsSince(start));
  if (options.onPartitionReport)
    options.onPartitionReport(*entry->info.report);
  if (llvm::Error err = startSession(*impl, entry->info.hasInit, options))
    return err;
  impl->weights.releaseInitOnly();
  return impl;
}

/// Times the import stage and dumps it like the others.
static void reportImport(ModuleOp module, const CompileOptions &options,
                         std::chrono::steady_clock::time_point start) {
  if (!options.dumpIrDir.empty())
    detail::dumpStage(module, options.dumpIrDir, 0, "import");
  if (options.onStage)
    options.onStage("import", std::chrono::duration<double, std::milli>(
                                  std::chrono::steady_clock::now() - start)
                                  .count());
}

//===----------------------------------------------------------------------===//
// A session in an executor process
//===----------------------------------------------------------------------===//

/// Whether `options` ask for a session in an executor process: another
/// triple, or an executor command.
static bool isRemote(const CompileOptions &options) {
  return !options.executor.empty() ||
         (!options.triple.empty() &&
          !isHostTriple(getTargetTriple({options.triple, "", ""})));
}

/// Compiles the module `load` makes for the options' triple and runs it in
/// the executor (see CompileOptions::triple). The compiled-object cache is
/// not used.
static llvm::Expected<std::unique_ptr<Session::Impl>>
createRemote(const CompileOptions &options,
             llvm::function_ref<OwningOpRef<ModuleOp>(MLIRContext &)> load,
             const std::string &what) {
  auto start = std::chrono::steady_clock::now();
  // The target, its backends and the executor first: they fail before
  // anything is compiled.
  RemoteJitOptions remoteOptions;
  remoteOptions.target = {options.triple, options.cpu, options.features};
  auto machine = createTargetMachine(remoteOptions.target, options.optLevel);
  if (!machine)
    return machine.takeError();
  llvm::Triple triple = (*machine)->getTargetTriple();
  machine->reset();
  std::string multiarch = getMultiarchTriple(triple);
  if (Error error =
          detail::checkBackendsForTriple(options.backends, triple, multiarch))
    return llvm::createStringError(error.message());
  remoteOptions.executor = options.executor;
  if (remoteOptions.executor.empty()) {
    // Beside the program (seam-run: <build>/bin/../<triple>/bin), else in
    // the build tree; the error names the first.
    std::string program = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
    llvm::SmallVector<std::string, 2> binDirs;
    if (!program.empty())
      binDirs.push_back(llvm::sys::path::parent_path(program).str());
    binDirs.push_back(SEAM_BUILD_DIR "/bin");
    std::optional<llvm::Expected<std::string>> first;
    for (const std::string &dir : binDirs) {
      auto command = findDefaultExecutor(triple, dir);
      if (command) {
        remoteOptions.executor = std::move(*command);
        break;
      }
      if (!first)
        first.emplace(command.takeError());
      else
        llvm::consumeError(command.takeError());
    }
    if (remoteOptions.executor.empty())
      return first->takeError();
    if (first)
      llvm::consumeError(first->takeError());
  }
  // The host's thread count says nothing of the target's.
  CompileOptions compileOptions = options;
  if (compileOptions.threads == 0 && !isHostTriple(triple))
    compileOptions.threads = 1;
  remoteOptions.threads = compileOptions.threads;
  remoteOptions.optLevel = options.optLevel;

  auto ctx = detail::makeContext();
  detail::DiagnosticCollector diags(*ctx);
  OwningOpRef<ModuleOp> module = load(*ctx);
  if (!module)
    return diags.error(what);
  reportImport(*module, options, start);
  auto impl = std::make_unique<Session::Impl>();
  if (llvm::Error err =
          detail::readSignature(*module, impl->inputs, impl->outputs))
    return err;
  impl->threads = compileOptions.threads;
  if (failed(detail::compileToLLVMDialect(*module, compileOptions,
                                          &impl->weights)))
    return diags.error("cannot compile the model");

  start = std::chrono::steady_clock::now();
  std::vector<RemoteWeight> weights;
  impl->weights.forEach(
      [&](llvm::StringRef name, const char *data, size_t size) {
        weights.push_back({name.str(), data, size});
      });
  std::vector<std::string> runtimeSymbols;
  for (const std::string &name : options.backends)
    if (const seam::Backend *backend = seam::lookupBackend(name))
      for (const seam::RuntimeSymbol &symbol : backend->getRuntimeSymbols())
        runtimeSymbols.push_back(symbol.name.str());
  auto bytes = [](const std::vector<TensorInfo> &infos) {
    std::vector<uint64_t> sizes;
    for (const TensorInfo &info : infos) {
      uint64_t elements = 1;
      for (int64_t d : info.shape)
        elements *= d;
      sizes.push_back(elements * getElementByteSize(info.type));
    }
    return sizes;
  };
  auto engine =
      RemoteJitEngine::create(*module, remoteOptions, weights, runtimeSymbols,
                              bytes(impl->inputs), bytes(impl->outputs));
  if (!engine)
    return engine.takeError();
  impl->remote = std::move(*engine);
  if (options.onStage)
    options.onStage("jit", millisecondsSince(start));
  if (module->lookupSymbol(seam::kInitFunctionName)) {
    start = std::chrono::steady_clock::now();
    auto status = impl->remote->init();
    if (!status)
      return status.takeError();
    if (*status != 0)
      return llvm::createStringError(
          "creating the kernel-library state of the model (@seam_init) "
          "failed in the executor; the runtime said why above");
    if (options.onStage)
      options.onStage("init", millisecondsSince(start));
  }
  return impl;
}

/// The session from the cache `openCache` gives when it has it; else the
/// module `load` makes (null, with diagnostics, when it cannot: an error
/// saying `what` failed), compiled and stored in the cache. The time of the
/// cache's key (it reads the model) counts for the stage that follows it:
/// cache-load or import.
static llvm::Expected<std::unique_ptr<Session::Impl>>
createImpl(llvm::function_ref<std::optional<detail::CompileCache>()> openCache,
           const CompileOptions &options,
           llvm::function_ref<OwningOpRef<ModuleOp>(MLIRContext &)> load,
           const std::string &what) {
  if (isRemote(options))
    return createRemote(options, load, what);
  if (!options.cpu.empty() || !options.features.empty())
    return llvm::createStringError(
        "CompileOptions::cpu and ::features are for code compiled for another "
        "triple or run in an executor process (CompileOptions::triple, "
        "::executor); the in-process JIT compiles for this CPU");
  auto start = std::chrono::steady_clock::now();
  std::optional<detail::CompileCache> cache = openCache();
  if (cache && options.dumpIrDir.empty()) {
    auto impl = loadFromCache(*cache, options, start);
    if (!impl || *impl)
      return impl;
  }
  auto ctx = detail::makeContext();
  detail::DiagnosticCollector diags(*ctx);
  OwningOpRef<ModuleOp> module = load(*ctx);
  if (!module)
    return diags.error(what);
  reportImport(*module, options, start);
  return compile(std::move(module), options, diags, cache ? &*cache : nullptr);
}

/// The session of a model with run-time input shapes: nothing compiled yet.
static std::unique_ptr<Session::Impl> createRunTimeImpl(
    detail::RunTimeSignature signature, const CompileOptions &options,
    std::function<
        llvm::Expected<std::unique_ptr<Session::Impl>>(const CompileOptions &)>
        compile) {
  auto impl = std::make_unique<Session::Impl>();
  impl->inputs = signature.inputs;
  impl->outputs = signature.outputs;
  impl->threads = options.threads;
  impl->runTime = std::make_unique<RunTimeShapes>();
  impl->runTime->inputs = std::move(signature.inputs);
  impl->runTime->outputs = std::move(signature.outputs);
  impl->runTime->options = options;
  impl->runTime->compile = std::move(compile);
  return impl;
}

/// Compiles a model with `options` (`compileWith`); a model with run-time
/// input shapes gives a session that compiles with `compileWith` on run.
static llvm::Expected<std::unique_ptr<Session::Impl>> compileOrDefer(
    const CompileOptions &options,
    std::function<llvm::Expected<std::unique_ptr<Session::Impl>>(
        const CompileOptions &, std::optional<detail::RunTimeSignature> *)>
        compileWith) {
  std::optional<detail::RunTimeSignature> runTime;
  auto impl = compileWith(options, &runTime);
  if (impl || !runTime)
    return impl;
  llvm::consumeError(impl.takeError());
  return createRunTimeImpl(std::move(*runTime), options,
                           [compileWith](const CompileOptions &o) {
                             return compileWith(o, nullptr);
                           });
}

Expected<std::unique_ptr<Session>>
Session::create(const std::string &path, const CompileOptions &options) {
  if (Error error = detail::checkOptions(options))
    return error;
  // Compiles with `o`; `runTime` receives the signature of a model whose
  // input dims `o` leaves open.
  auto compileWith = [path](const CompileOptions &o,
                            std::optional<detail::RunTimeSignature> *runTime) {
    auto load = [&](MLIRContext &ctx) {
      return detail::loadModelFile(path, ctx, o, runTime);
    };
    return createImpl([&] { return detail::CompileCache::forFile(path, o); }, o,
                      load, "cannot load '" + path + "'");
  };
  auto impl = compileOrDefer(options, compileWith);
  if (!impl)
    return detail::toError(impl.takeError());
  return std::unique_ptr<Session>(new Session(std::move(*impl)));
}

Expected<std::unique_ptr<Session>>
Session::createFromOnnxBytes(const std::string &bytes,
                             const CompileOptions &options) {
  if (Error error = detail::checkOptions(options))
    return error;
  // The bytes are shared with the specializations a model with run-time
  // shapes compiles later.
  auto model = std::make_shared<const std::string>(bytes);
  auto compileWith = [model](const CompileOptions &o,
                             std::optional<detail::RunTimeSignature> *runTime) {
    auto load = [&](MLIRContext &ctx) {
      return detail::loadOnnxBytes(*model, ctx, o, runTime);
    };
    return createImpl(
        [&] { return detail::CompileCache::forOnnxBytes(*model, o); }, o, load,
        "cannot import the ONNX model");
  };
  auto impl = compileOrDefer(options, compileWith);
  if (!impl)
    return detail::toError(impl.takeError());
  return std::unique_ptr<Session>(new Session(std::move(*impl)));
}

std::shared_ptr<Specialization>
RunTimeShapes::find(const std::vector<std::vector<int64_t>> &shapes) const {
  std::lock_guard<std::mutex> lock(tableMutex);
  for (auto it = recent.begin(); it != recent.end(); ++it)
    if ((*it)->shapes == shapes) {
      recent.splice(recent.begin(), recent, it);
      return recent.front();
    }
  return nullptr;
}

Expected<std::shared_ptr<Specialization>>
RunTimeShapes::get(const std::map<std::string, Tensor> &tensors) const {
  // The inputs' shapes must fit the model's signature: its rank, its fixed
  // dims, its element type (checked before anything is compiled).
  std::vector<std::vector<int64_t>> shapes;
  for (const TensorInfo &info : inputs) {
    auto it = tensors.find(info.name);
    if (it == tensors.end())
      return Error::failure("input '" + info.name + "' is missing");
    const std::vector<int64_t> &shape = it->second.shape();
    bool fits = shape.size() == info.shape.size();
    for (size_t d = 0; fits && d < shape.size(); ++d)
      fits = info.shape[d] < 0 || info.shape[d] == shape[d];
    if (!fits)
      return Error::failure("input '" + info.name + "' has shape " +
                            shapeString(shape) + " but the model expects " +
                            shapeString(info.shape));
    for (auto [d, size] : llvm::enumerate(shape))
      if (size <= 0)
        return Error::failure("input '" + info.name + "' has shape " +
                              shapeString(shape) + ": dimension " +
                              std::to_string(d) +
                              " must be positive (Seam does not support "
                              "empty tensors)");
    if (it->second.elementType() != info.type)
      return Error::failure("input '" + info.name + "' has element type " +
                            getElementTypeName(it->second.elementType()) +
                            " but the model expects " +
                            getElementTypeName(info.type));
    shapes.push_back(shape);
  }
  if (auto spec = find(shapes))
    return spec;
  std::lock_guard<std::mutex> compiling(compileMutex);
  // Another thread may have compiled it while this one waited.
  if (auto spec = find(shapes))
    return spec;
  CompileOptions specialized = options;
  std::string described;
  for (auto [info, shape] : llvm::zip(inputs, shapes)) {
    if (llvm::is_contained(info.shape, -1))
      specialized.inputShapes[info.name] = shape;
    described +=
        (described.empty() ? "" : ", ") + info.name + "=" + shapeString(shape);
  }
  auto start = std::chrono::steady_clock::now();
  auto impl = compile(specialized);
  if (!impl)
    return Error::failure("compiling the model for input shapes " + described +
                          ": " + llvm::toString(impl.takeError()));
  auto spec = std::make_shared<Specialization>();
  spec->shapes = std::move(shapes);
  spec->impl = std::move(*impl);
  spec->compileMs = millisecondsSince(start);
  std::lock_guard<std::mutex> lock(tableMutex);
  recent.push_front(spec);
  while (recent.size() > std::max(1u, options.maxShapeSpecializations))
    recent.pop_back();
  return spec;
}

/// Checks that `tensors` has exactly the names of `infos`, with their shapes
/// and element types.
static Error checkTensors(const std::map<std::string, Tensor> &tensors,
                          const std::vector<TensorInfo> &infos,
                          const char *kind) {
  for (const TensorInfo &info : infos) {
    auto it = tensors.find(info.name);
    if (it == tensors.end())
      return Error::failure(std::string(kind) + " '" + info.name +
                            "' is missing");
    if (it->second.shape() != info.shape)
      return Error::failure(std::string(kind) + " '" + info.name +
                            "' has shape " + shapeString(it->second.shape()) +
                            " but the model expects " +
                            shapeString(info.shape));
    if (it->second.elementType() != info.type)
      return Error::failure(
          std::string(kind) + " '" + info.name + "' has element type " +
          getElementTypeName(it->second.elementType()) +
          " but the model expects " + getElementTypeName(info.type));
    if (!it->second.rawData())
      return Error::failure(std::string(kind) + " '" + info.name +
                            "' has no data");
  }
  for (const auto &entry : tensors)
    if (llvm::none_of(infos, [&](const TensorInfo &i) {
          return i.name == entry.first;
        })) {
      std::string names;
      for (const TensorInfo &i : infos)
        names += (names.empty() ? "'" : ", '") + i.name + "'";
      return Error::failure("the model has no " + std::string(kind) +
                            " named '" + entry.first + "' (" + kind +
                            "s: " + names + ")");
    }
  return Error::success();
}

/// Runs the compiled session `impl` (not one with run-time shapes).
static Error runCompiled(const Session::Impl &impl,
                         const std::map<std::string, Tensor> &inputs,
                         std::map<std::string, Tensor> &outputs) {
  if (auto err = checkTensors(inputs, impl.inputs, "input"))
    return err;
  if (auto err = checkTensors(outputs, impl.outputs, "output"))
    return err;
  if (impl.remote) {
    std::vector<const void *> in;
    std::vector<void *> out;
    for (const TensorInfo &info : impl.inputs)
      in.push_back(inputs.at(info.name).rawData());
    for (const TensorInfo &info : impl.outputs)
      out.push_back(outputs.at(info.name).rawData());
    if (llvm::Error err = impl.remote->run(in, out))
      return detail::toError(std::move(err));
    return Error::success();
  }
  // Bare-pointer convention: one data pointer per input, then per output.
  std::vector<void *> pointers;
  for (const TensorInfo &info : impl.inputs)
    pointers.push_back(const_cast<void *>(inputs.at(info.name).rawData()));
  for (const TensorInfo &info : impl.outputs)
    pointers.push_back(outputs.at(info.name).rawData());
  std::vector<void *> args;
  for (void *&p : pointers)
    args.push_back(&p);
  // The pool (libgomp, shared with oneDNN) for this thread's regions.
  seam_set_num_threads(impl.threads);
  impl.main(args.data());
  return Error::success();
}

Error Session::run(const std::map<std::string, Tensor> &inputs,
                   std::map<std::string, Tensor> &outputs) const {
  if (!impl->runTime)
    return runCompiled(*impl, inputs, outputs);
  auto spec = impl->runTime->get(inputs);
  if (!spec)
    return spec.takeError();
  ++(*spec)->runs;
  return runCompiled(*(*spec)->impl, inputs, outputs);
}

/// The profiles of the regions of the compiled session `impl`.
static void addProfiles(const Session::Impl &impl,
                        std::vector<RegionProfile> &profiles) {
  // The executor's statistics are not read back.
  if (impl.remote)
    return;
  auto lookup = [&](llvm::StringRef name) -> void * {
    auto address = impl.engine->lookupSymbol(name);
    if (address)
      return *address;
    llvm::consumeError(address.takeError());
    return nullptr;
  };
  for (const auto &[region, backendName] : impl.regions) {
    const seam::Backend *backend = seam::lookupBackend(backendName);
    std::optional<seam::RegionStats> stats =
        backend ? backend->getRegionStats(region, lookup) : std::nullopt;
    if (stats)
      profiles.push_back({region, backendName, stats->runs, stats->milliseconds,
                          std::move(stats->kernels)});
  }
  // The compiled code's kernels, when instrumented (profileKernels): their
  // counters in nanoseconds, then the runs (seam-instrument-kernels).
  auto *count = static_cast<const int64_t *>(lookup("__seam_kernel_count"));
  auto *names = static_cast<const char *>(lookup("__seam_kernel_names"));
  auto *counters = static_cast<const int64_t *>(lookup("__seam_kernel_ns"));
  if (!count || !names || !counters)
    return;
  RegionProfile compiled{"compiled", "none", 0, 0, {}, {}};
  for (int64_t i = 0; i < *count; ++i) {
    double ms = __atomic_load_n(&counters[i], __ATOMIC_RELAXED) / 1e6;
    compiled.kernels.emplace_back(names, ms);
    compiled.milliseconds += ms;
    names += std::strlen(names) + 1;
  }
  compiled.runs = __atomic_load_n(&counters[*count], __ATOMIC_RELAXED);
  profiles.push_back(std::move(compiled));
}

std::vector<RegionProfile> Session::profile() const {
  std::vector<RegionProfile> profiles;
  if (!impl->runTime) {
    addProfiles(*impl, profiles);
    return profiles;
  }
  std::vector<std::shared_ptr<Specialization>> specs;
  {
    std::lock_guard<std::mutex> lock(impl->runTime->tableMutex);
    specs.assign(impl->runTime->recent.begin(), impl->runTime->recent.end());
  }
  for (const auto &spec : specs) {
    size_t first = profiles.size();
    addProfiles(*spec->impl, profiles);
    for (size_t i = first; i < profiles.size(); ++i)
      profiles[i].inputShapes = spec->shapes;
  }
  return profiles;
}

Expected<std::map<std::string, Tensor>>
Session::run(const std::map<std::string, Tensor> &inputs) const {
  const Impl *compiled = impl.get();
  std::shared_ptr<Specialization> spec;
  if (impl->runTime) {
    auto found = impl->runTime->get(inputs);
    if (!found)
      return found.takeError();
    spec = std::move(*found);
    ++spec->runs;
    compiled = spec->impl.get();
  }
  std::map<std::string, Tensor> outputs;
  for (const TensorInfo &info : compiled->outputs)
    outputs[info.name] = Tensor::allocate(info.shape, info.type);
  if (Error err = runCompiled(*compiled, inputs, outputs))
    return err;
  return outputs;
}

} // namespace seam
