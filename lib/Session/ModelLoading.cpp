//===- ModelLoading.cpp - Reading a model for a compilation ---------------===//

#include "ModelLoading.h"

#include "seam/Import/OnnxImporter.h"
#include "seam/InitAll.h"
#include "seam/SeamDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>

#include <pthread.h>

using namespace mlir;

namespace seam::detail {

DiagnosticCollector::DiagnosticCollector(MLIRContext &ctx)
    : stream(message), printer(sourceMgr, &ctx, stream),
      // Registered after the printer, so called before it: a remark stops
      // here, anything else goes on to the printer.
      filter(&ctx, [](Diagnostic &d) {
        return success(d.getSeverity() == DiagnosticSeverity::Remark);
      }) {}

llvm::Error DiagnosticCollector::error(const std::string &what) const {
  llvm::StringRef text = llvm::StringRef(message).rtrim('\n');
  return llvm::createStringError(what +
                                 (text.empty() ? "" : ":\n" + text.str()));
}

/// The threads MLIR runs a stage's function passes on (the `llvm` stage's
/// kernels): one pool for every context of the process rather than one per
/// session, never destroyed (a session may outlive static destructors). A
/// child process made by fork() has none of the pool's threads: there the
/// pointer is reset, and the next context gets a pool of its own.
static std::atomic<llvm::ThreadPoolInterface *> compilerThreadPool{nullptr};

static void forgetCompilerThreadPool() { compilerThreadPool = nullptr; }

llvm::ThreadPoolInterface &getCompilerThreadPool() {
  [[maybe_unused]] static const int registered =
      pthread_atfork(nullptr, nullptr, forgetCompilerThreadPool);
  llvm::ThreadPoolInterface *pool = compilerThreadPool.load();
  if (pool)
    return *pool;
  // Threads start with the first task: a pool that loses the race costs
  // nothing to delete.
  auto *fresh = new llvm::DefaultThreadPool(llvm::hardware_concurrency());
  if (compilerThreadPool.compare_exchange_strong(pool, fresh))
    return *fresh;
  delete fresh;
  return *pool;
}

void useLiveThreadPool(MLIRContext &ctx) {
  if (ctx.isMultithreadingEnabled() &&
      &ctx.getThreadPool() != &getCompilerThreadPool())
    ctx.disableMultithreading();
}

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registerDialects(registry);
  auto ctx =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  ctx->setThreadPool(getCompilerThreadPool());
  loadImportDialects(*ctx);
  return ctx;
}

static OnnxImportOptions importOptions(const CompileOptions &options) {
  OnnxImportOptions importOptions;
  for (const auto &[name, shape] : options.inputShapes)
    importOptions.inputShapes[name] =
        llvm::SmallVector<int64_t>(shape.begin(), shape.end());
  return importOptions;
}

/// An llvm::Error of the compiler as the API's seam::Error.
Error toError(llvm::Error error) {
  if (!error)
    return Error::success();
  return Error::failure(llvm::toString(std::move(error)));
}

/// The options' own values, checked before anything is read or compiled.
Error checkOptions(const CompileOptions &options) {
  if (options.maxTensorBytes <= 0)
    return Error::failure("CompileOptions::maxTensorBytes must be positive, "
                          "got " +
                          std::to_string(options.maxTensorBytes));
  if (options.optLevel > 3)
    return Error::failure("CompileOptions::optLevel must be 0 to 3, got " +
                          std::to_string(options.optLevel));
  if (options.maxShapeSpecializations == 0)
    return Error::failure("CompileOptions::maxShapeSpecializations must be at "
                          "least 1");
  if (options.threads < 0)
    return Error::failure("CompileOptions::threads must be 0 (the library "
                          "default) or more, got " +
                          std::to_string(options.threads));
  return Error::success();
}

/// Fails, naming each of them, when weights of `module` (dense_resource
/// constants) have no data: a module printed without them (seam-translate
/// --elide-weights) would otherwise fail in whichever stage first reads one.
static LogicalResult checkWeightsHaveData(ModuleOp module) {
  llvm::SmallVector<std::pair<Operation *, DenseResourceElementsAttr>> elided;
  llvm::StringSet<> seen;
  module->walk([&](Operation *op) {
    op->getAttrDictionary().walk([&](DenseResourceElementsAttr attr) {
      DenseResourceElementsHandle handle = attr.getRawHandle();
      if (!handle.getBlob() && seen.insert(handle.getKey()).second)
        elided.emplace_back(op, attr);
    });
  });
  if (elided.empty())
    return success();
  InFlightDiagnostic error =
      emitError(module.getLoc())
      << elided.size() << (elided.size() == 1 ? " weight has" : " weights have")
      << " no data: the module was printed without its weights "
         "(seam-translate --elide-weights); print it in full";
  for (auto [op, attr] : elided)
    error.attachNote(op->getLoc())
        << "dense_resource<" << attr.getRawHandle().getKey()
        << "> : " << attr.getType() << " has no data";
  return error;
}

static std::optional<ElementType> toElementType(Type type);

/// Imports with `import`, storing the signature in `runTime` when the model
/// has input dims left open.
static OwningOpRef<ModuleOp> importWithRunTimeShapes(
    const CompileOptions &options, std::optional<RunTimeSignature> *runTime,
    llvm::function_ref<OwningOpRef<ModuleOp>(const OnnxImportOptions &)>
        import) {
  OnnxImportOptions onnxOptions = importOptions(options);
  OnnxSignature signature;
  if (runTime)
    onnxOptions.dynamicSignature = &signature;
  OwningOpRef<ModuleOp> module = import(onnxOptions);
  if (module || !runTime || signature.inputs.empty())
    return module;
  auto infos = [](const std::vector<OnnxValueSignature> &values) {
    std::vector<TensorInfo> result;
    for (const OnnxValueSignature &v : values) {
      TensorInfo info{v.name, {}, ElementType::F32};
      for (int64_t d : v.dims)
        info.shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
      if (v.elementType)
        info.type = toElementType(v.elementType).value_or(ElementType::F32);
      result.push_back(std::move(info));
    }
    return result;
  };
  *runTime =
      RunTimeSignature{infos(signature.inputs), infos(signature.outputs)};
  return nullptr;
}

OwningOpRef<ModuleOp> loadModelFile(const std::string &path, MLIRContext &ctx,
                                    const CompileOptions &options,
                                    std::optional<RunTimeSignature> *runTime) {
  if (!llvm::StringRef(path).ends_with(".mlir"))
    return importWithRunTimeShapes(
        options, runTime, [&](const OnnxImportOptions &onnxOptions) {
          return importOnnxFile(path, ctx, onnxOptions);
        });
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(path, sourceMgr, ParserConfig(&ctx));
  if (module && failed(checkWeightsHaveData(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> loadOnnxBytes(const std::string &bytes, MLIRContext &ctx,
                                    const CompileOptions &options,
                                    std::optional<RunTimeSignature> *runTime) {
  return importWithRunTimeShapes(
      options, runTime, [&](const OnnxImportOptions &onnxOptions) {
        return importOnnxBytes(bytes, /*baseDir=*/"", ctx, onnxOptions);
      });
}

static std::string nameOf(func::FuncOp main, bool result, unsigned i) {
  auto attr =
      result ? main.getResultAttrOfType<StringAttr>(i, seam::kTensorNameAttr)
             : main.getArgAttrOfType<StringAttr>(i, seam::kTensorNameAttr);
  if (attr)
    return attr.str();
  return (result ? "output" : "input") + std::to_string(i);
}

/// The ElementType of `type` at @main's boundary, or nullopt: f32, f64,
/// f16, signless i64/i32/i8, ui8/ui16/ui32/ui64 and i1.
static std::optional<ElementType> toElementType(Type type) {
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  if (type.isF16())
    return ElementType::F16;
  if (type.isSignlessInteger(64))
    return ElementType::I64;
  if (type.isSignlessInteger(32))
    return ElementType::I32;
  if (type.isSignlessInteger(8))
    return ElementType::I8;
  if (type.isUnsignedInteger(8))
    return ElementType::U8;
  if (type.isUnsignedInteger(16))
    return ElementType::U16;
  if (type.isUnsignedInteger(32))
    return ElementType::U32;
  if (type.isUnsignedInteger(64))
    return ElementType::U64;
  if (type.isSignlessInteger(1))
    return ElementType::Bool;
  return std::nullopt;
}

llvm::Error readSignature(ModuleOp module, std::vector<TensorInfo> &inputs,
                          std::vector<TensorInfo> &outputs) {
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main)
    return llvm::createStringError("the module has no func.func @main");
  for (auto [list, types, isResult] :
       {std::make_tuple(&inputs, main.getArgumentTypes(), false),
        std::make_tuple(&outputs, main.getResultTypes(), true)}) {
    for (auto [i, type] : llvm::enumerate(types)) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      std::optional<ElementType> element =
          tensor ? toElementType(tensor.getElementType()) : std::nullopt;
      if (!tensor || !tensor.hasStaticShape() || !element) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "@main " << (isResult ? "result" : "argument") << " #" << i
           << " ('" << nameOf(main, isResult, i) << "') has type " << type
           << "; it must be a static tensor of f32, f64, f16, i64, i32, i8, "
              "ui8, ui16, ui32, ui64 or i1";
        return llvm::createStringError(text);
      }
      list->push_back({nameOf(main, isResult, i),
                       std::vector<int64_t>(tensor.getShape().begin(),
                                            tensor.getShape().end()),
                       *element});
    }
  }
  return llvm::Error::success();
}

} // namespace seam::detail
