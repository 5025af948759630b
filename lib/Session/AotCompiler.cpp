//===- AotCompiler.cpp - Compile a model ahead of time for a triple -------===//

#include "seam/AotCompiler.h"

#include "Compiler.h"
#include "ModelLoading.h"
#include "TargetBackends.h"
#include "Weights.h"
#include "seam/Backend/Backend.h"
#include "seam/Jit/TargetObject.h"
#include "seam/Runtime/SeamAot.h"
#include "seam/Runtime/SeamRuntime.h"
#include "seam/TensorIO.h"
#include "seam/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <cstring>

using namespace mlir;

namespace seam {

namespace {
using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

bool isCIdentifier(llvm::StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// `path`'s file name without extension, with every character that may not
/// be in a C identifier replaced by '_' (and '_' before a leading digit).
std::string identifierFromPath(llvm::StringRef path) {
  std::string name = llvm::sys::path::stem(path).str();
  for (char &c : name)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name = "_" + name;
  return name;
}

/// A file written under a temporary name, renamed into place by commit()
/// and removed otherwise.
class PendingFile {
public:
  explicit PendingFile(std::string path)
      : path(std::move(path)),
        temp(this->path + ".tmp" +
             std::to_string(llvm::sys::Process::getProcessId())) {}
  PendingFile(PendingFile &&) = default;
  ~PendingFile() {
    if (!committed)
      llvm::sys::fs::remove(temp);
  }
  Error commit() {
    if (std::error_code ec = llvm::sys::fs::rename(temp, path))
      return Error::failure("cannot write '" + path + "': " + ec.message());
    committed = true;
    return Error::success();
  }
  std::string path, temp;

private:
  bool committed = false;
};

Error writeBytes(const PendingFile &file, llvm::ArrayRef<char> bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file.temp, ec);
  if (!ec) {
    os.write(bytes.data(), bytes.size());
    os.close();
    ec = os.error();
  }
  if (ec)
    return Error::failure("cannot write '" + file.path + "': " + ec.message());
  return Error::success();
}

/// Lays the weights out in the weights file (64-byte aligned, in name
/// order, after the header) and fingerprints them.
void layOutWeights(const detail::WeightStore &weights, AotModelInfo &info) {
  uint64_t offset = sizeof(SeamAotWeightsHeader);
  llvm::SmallVector<uint64_t> hashes;
  weights.forEach([&](llvm::StringRef name, const char *data, size_t size) {
    offset = llvm::alignTo(offset, 64);
    info.weights.push_back({name.str(), offset, size});
    hashes.push_back(offset);
    hashes.push_back(size);
    hashes.push_back(llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(data), size)));
    offset += size;
  });
  info.weightsFileSize = offset;
  info.weightsFingerprint = llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(hashes.data()),
                              hashes.size() * sizeof(uint64_t)));
}

Error writeWeights(const PendingFile &file, const detail::WeightStore &weights,
                   const AotModelInfo &info) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file.temp, ec);
  if (ec)
    return Error::failure("cannot write '" + file.path + "': " + ec.message());
  SeamAotWeightsHeader header;
  std::memset(&header, 0, sizeof(header));
  std::memcpy(header.magic, SEAM_AOT_WEIGHTS_MAGIC, sizeof(header.magic));
  header.version = 1;
  header.numWeights = info.weights.size();
  header.fileSize = info.weightsFileSize;
  header.fingerprint = info.weightsFingerprint;
  os.write(reinterpret_cast<const char *>(&header), sizeof(header));
  size_t index = 0;
  weights.forEach([&](llvm::StringRef, const char *data, size_t size) {
    os.write_zeros(info.weights[index++].offset - os.tell());
    os.write(data, size);
  });
  os.close();
  if (os.has_error())
    return Error::failure("cannot write '" + file.path +
                          "': " + os.error().message());
  return Error::success();
}

std::string shapeList(const std::vector<int64_t> &shape) {
  return llvm::join(
      llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }),
      ", ");
}

/// The C header of the model.
std::string makeHeader(const AotResult &result, const AotOptions &options,
                       const std::string &modelPath, bool hasWeightsFile) {
  const std::string &n = result.name;
  std::string upper = llvm::StringRef(n).upper();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/* " << n << ".h: generated by seam-compile " << SEAM_VERSION_STRING
     << " from " << llvm::sys::path::filename(modelPath) << "\n * for "
     << result.triple << ".\n"
     << " * Link " << n << ".o with Seam's runtime for " << result.runtimeTriple
     << " (scripts/build-cross.sh " << result.runtimeTriple << "):\n"
     << " *   -lseam_runtime, the runtime of each backend used, -fopenmp.\n"
     << " * Do not edit. */\n"
     << "#ifndef SEAM_MODEL_" << upper << "_H\n"
     << "#define SEAM_MODEL_" << upper << "_H\n\n"
     << "#include \"seam/Runtime/SeamAot.h\"\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "/* The model, as the object defines it. */\n"
     << "extern const SeamAotModel " << n << "_model;\n\n";
  auto tensors = [&](const char *kind, const std::vector<TensorInfo> &list) {
    std::string kindUpper = llvm::StringRef(kind).upper();
    os << "#define " << upper << "_NUM_" << kindUpper << "S " << list.size()
       << "\n";
    for (auto [i, t] : llvm::enumerate(list)) {
      int64_t elements = 1;
      for (int64_t d : t.shape)
        elements *= d;
      std::string prefix = upper + "_" + kindUpper + "_" + std::to_string(i);
      const char *type = getElementTypeName(t.type);
      os << "/* " << kind << " " << i << ": \"" << t.name << "\", " << type
         << " [" << shapeList(t.shape) << "] */\n"
         << "#define " << prefix << "_NAME \"" << llvm::StringRef(t.name)
         << "\"\n"
         << "#define " << prefix << "_TYPE SEAM_AOT_"
         << llvm::StringRef(type).upper() << "\n"
         << "#define " << prefix << "_RANK " << t.shape.size() << "\n"
         << "#define " << prefix << "_ELEMENTS " << elements << "\n";
      if (!t.shape.empty())
        os << "static const int64_t " << n << "_" << kind << "_" << i
           << "_shape[" << t.shape.size() << "] = {" << shapeList(t.shape)
           << "};\n";
    }
    os << "\n";
  };
  tensors("input", result.inputs);
  tensors("output", result.outputs);
  // A model of float32 tensors only runs on float buffers, any other on
  // untyped ones.
  bool allFloat32 = true;
  for (const auto *list : {&result.inputs, &result.outputs})
    for (const TensorInfo &t : *list)
      allFloat32 &= t.type == ElementType::F32;
  const char *bufferType = allFloat32 ? "float" : "void";
  os << "/* Creates the model: "
     << (hasWeightsFile ? "maps its weights from `weights_path` (NULL: \"" + n +
                              ".weights\"\n * in the current directory), "
                        : "its weights are in the object (`weights_path` is "
                          "ignored);\n * ")
     << "builds the kernel libraries' state. NULL on failure:\n"
        " * seam_aot_last_error() says why. A process has one instance of "
        "the model at a time. */\n"
     << "static inline SeamAotInstance *" << n
     << "_create(const char *weights_path) {\n"
     << "  return seam_aot_create(&" << n << "_model, weights_path);\n}\n\n"
     << "/* Runs the model once: inputs[i] and outputs[i] are dense "
     << (allFloat32 ? "float32 " : "") << "buffers in the\n * "
     << (allFloat32 ? "" : "types and ")
     << "shapes above; threads 0: the runtime's default. "
        "0 on success. */\n"
     << "static inline int32_t " << n << "_run(SeamAotInstance *model, "
     << "const " << bufferType << " *const *inputs,\n"
     << "    " << bufferType << " *const *outputs, int32_t threads) {\n"
     << "  return seam_aot_run(model, (const void *const *)inputs,\n"
     << "                      (void *const *)outputs, threads);\n}\n\n"
     << "static inline void " << n << "_destroy(SeamAotInstance *model) {\n"
     << "  seam_aot_destroy(model);\n}\n\n"
     << "#ifdef __cplusplus\n}\n#endif\n\n"
     << "#endif /* SEAM_MODEL_" << upper << "_H */\n";
  (void)options;
  return text;
}

/// The folder of the triple's runtime: lib/ (archives, kernel libraries)
/// and, when there, include/.
std::string findRuntimeDir(const AotOptions &options,
                           const std::string &runtimeTriple) {
  if (!options.runtimeDir.empty())
    return options.runtimeDir;
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("SEAM_RUNTIME_DIR"))
    if (!env->empty())
      return *env;
  llvm::SmallString<256> dir;
  if (!options.programPath.empty()) {
    dir = llvm::sys::path::parent_path(options.programPath);
    llvm::sys::path::append(dir, "..", runtimeTriple);
  } else {
    dir = SEAM_BUILD_DIR;
    llvm::sys::path::append(dir, runtimeTriple);
  }
  llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  return std::string(dir);
}

/// Runs `program` with `args`; on failure an error with what it printed.
Error runTool(llvm::StringRef program, llvm::ArrayRef<std::string> args,
              const std::string &what) {
  llvm::SmallString<128> log;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("seam-compile", "log", log))
    return Error::failure("cannot create a temporary file: " + ec.message());
  std::vector<llvm::StringRef> argv = {program};
  for (const std::string &a : args)
    argv.push_back(a);
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(),
                                                log.str()};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects,
                                         0, 0, &message);
  std::string output;
  if (auto buffer = llvm::MemoryBuffer::getFile(log))
    output = (*buffer)->getBuffer().rtrim().str();
  llvm::sys::fs::remove(log);
  if (status == 0)
    return Error::success();
  return Error::failure(what + " failed (" + program.str() + " " +
                        llvm::join(args, " ") + ")" +
                        (message.empty() ? "" : ": " + message) +
                        (output.empty() ? "" : ":\n" + output));
}

/// Links the runner `exe` for the triple from the object and the runtime.
Error linkRunner(const AotOptions &options, const AotResult &result,
                 const std::string &objectPath, const PendingFile &exe) {
  const std::string &rt = result.runtimeTriple;
  std::string cxx =
      options.cxxCompiler.empty() ? rt + "-g++" : options.cxxCompiler;
  auto program = llvm::sys::findProgramByName(cxx);
  if (!program)
    return Error::failure(
        "no C++ compiler for " + rt + ": '" + cxx + "' is not on PATH" +
        (options.cxxCompiler.empty()
             ? " (Debian package g++-" + rt + "); or name one with --cc"
             : ""));
  std::string runtimeDir = findRuntimeDir(options, rt);
  llvm::SmallString<256> libDir(runtimeDir);
  llvm::sys::path::append(libDir, "lib");
  std::vector<std::string> libraries = {"seam_aot_runner"};
  for (const std::string &name : options.compile.backends)
    if (const Backend *backend = lookupBackend(name))
      if (backend->getEntryPoints())
        for (std::string &lib : backend->getRuntimeLinkLibraries())
          libraries.push_back(std::move(lib));
  libraries.push_back("seam_runtime");
  for (const std::string &lib : libraries) {
    if (llvm::StringRef(lib).starts_with(":") || lib == "dl")
      continue;
    llvm::SmallString<256> archive(libDir);
    llvm::sys::path::append(archive, "lib" + lib + ".a");
    if (!llvm::sys::fs::exists(archive))
      return Error::failure("Seam's runtime for " + rt + " has no lib" + lib +
                            ".a in '" + std::string(libDir) +
                            "': build it with scripts/build-cross.sh " + rt +
                            " (or give its folder with --runtime-dir)");
  }
  llvm::SmallString<256> include(runtimeDir);
  llvm::sys::path::append(include, "include");
  if (!llvm::sys::fs::is_directory(include))
    include = SEAM_SOURCE_INCLUDE_DIR;

  // The runner's main(), beside the header it includes.
  llvm::SmallString<128> mainSource;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "seam-runner", "cpp", fd, mainSource))
    return Error::failure("cannot create a temporary file: " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << "#include \"" << result.headerPath << "\"\n"
       << "int main(int argc, char **argv) {\n"
       << "  return seam_aot_runner_main(&" << result.name
       << "_model, argc, argv);\n}\n";
  }
  std::vector<std::string> args = {"-O2",
                                   "-o",
                                   exe.temp,
                                   std::string(mainSource),
                                   objectPath,
                                   "-I" + std::string(include),
                                   "-L" + std::string(libDir)};
  for (const std::string &lib : libraries)
    args.push_back("-l" + lib);
  args.push_back("-fopenmp");
  args.push_back("-lm");
  args.push_back("-lpthread");
  // The runtime's shared kernel libraries (libdnnl.so.2 for aarch64) are
  // beside its archives. For another triple, the cross toolchain's C library
  // comes before the target's multiarch one (libc6:arm64, which Debian's
  // arm64 libraries pull in): under `qemu-<arch> -L /usr/<triple>` the
  // loader is the toolchain's, and a C library of another build hangs in
  // pthread_create. DT_RPATH, unlike RUNPATH, also covers their own
  // dependencies.
  if (isHostTriple(llvm::Triple(result.triple)))
    args.push_back("-Wl,-rpath," + std::string(libDir));
  else
    args.push_back("-Wl,--disable-new-dtags,-rpath," + std::string(libDir) +
                   ":/usr/" + rt + "/lib");
  Error error = runTool(*program, args, "linking the runner for " + rt);
  llvm::sys::fs::remove(mainSource);
  return error;
}

} // namespace

static Expected<AotResult>
writeOutputs(const std::string &path, const AotOptions &options,
             const CompileOptions &compile, AotResult result,
             const detail::WeightStore &weights, const AotModelInfo &info,
             llvm::ArrayRef<char> object);

Expected<AotResult> compileAheadOfTime(const std::string &path,
                                       const AotOptions &options) {
  if (Error error = detail::checkOptions(options.compile))
    return error;
  if (options.outputDir.empty())
    return Error::failure(
        "no output folder: AotOptions::outputDir (seam-compile "
        "-o DIR) says where the files go");
  AotResult result;
  result.name = options.name.empty() ? identifierFromPath(path) : options.name;
  if (!isCIdentifier(result.name))
    return Error::failure("'" + result.name +
                          "' cannot name the model: the header's functions "
                          "are <name>_create etc., so it must be a C "
                          "identifier (letters, digits, '_')");

  // The target first: a wrong triple, CPU or backend fails before anything
  // is compiled.
  TargetSpec spec{options.triple, options.cpu, options.features};
  unsigned optLevel = options.compile.optLevel;
  auto machine = createTargetMachine(spec, optLevel);
  if (!machine)
    return detail::toError(machine.takeError());
  llvm::Triple triple = (*machine)->getTargetTriple();
  result.triple = triple.str();
  result.runtimeTriple = getMultiarchTriple(triple);
  if (Error error = detail::checkBackendsForTriple(
          options.compile.backends, triple, result.runtimeTriple))
    return error;
  CompileOptions compile = options.compile;
  compile.useCache = false;
  // The target's registers size the compiled code's matmul tiles.
  compile.triple = triple.str();
  compile.cpu = options.cpu;
  compile.features = options.features;
  if (compile.threads <= 0)
    compile.threads = isHostTriple(triple) ? seam_get_default_threads() : 1;

  auto start = Clock::now();
  auto ctx = detail::makeContext();
  detail::DiagnosticCollector diags(*ctx);
  OwningOpRef<ModuleOp> module = detail::loadModelFile(path, *ctx, compile);
  if (!module)
    return detail::toError(diags.error("cannot load '" + path + "'"));
  if (!compile.dumpIrDir.empty())
    detail::dumpStage(*module, compile.dumpIrDir, 0, "import");
  if (compile.onStage)
    compile.onStage("import", millisecondsSince(start));
  if (llvm::Error err =
          detail::readSignature(*module, result.inputs, result.outputs))
    return detail::toError(std::move(err));

  detail::WeightStore weights;
  bool weightsFile = !options.embedWeights;
  if (failed(detail::compileToLLVMDialect(*module, compile,
                                          weightsFile ? &weights : nullptr)))
    return detail::toError(diags.error("cannot compile the model"));

  AotModelInfo info;
  info.name = result.name;
  for (const TensorInfo &t : result.inputs)
    info.inputs.push_back({t.name, t.shape, getOnnxDataType(t.type)});
  for (const TensorInfo &t : result.outputs)
    info.outputs.push_back({t.name, t.shape, getOnnxDataType(t.type)});
  info.compiledThreads = compile.threads;
  if (weightsFile)
    layOutWeights(weights, info);
  weightsFile = !info.weights.empty();
  start = Clock::now();
  auto object = emitAotObject(*module, info, **machine, optLevel);
  if (!object)
    return detail::toError(object.takeError());
  if (compile.onStage)
    compile.onStage("codegen", millisecondsSince(start));

  // Every file under a temporary name first: all of them or none, and no
  // output folder either when this run made it.
  bool madeDir = !llvm::sys::fs::exists(options.outputDir);
  if (std::error_code ec = llvm::sys::fs::create_directories(options.outputDir))
    return Error::failure("cannot create the output folder '" +
                          options.outputDir + "': " + ec.message());
  Expected<AotResult> written = writeOutputs(
      path, options, compile, std::move(result), weights, info, *object);
  if (!written && madeDir)
    llvm::sys::fs::remove(options.outputDir);
  return written;
}

/// Writes the files of compileAheadOfTime into options.outputDir.
static Expected<AotResult>
writeOutputs(const std::string &path, const AotOptions &options,
             const CompileOptions &compile, AotResult result,
             const detail::WeightStore &weights, const AotModelInfo &info,
             llvm::ArrayRef<char> object) {
  bool weightsFile = !info.weights.empty();
  auto pathOf = [&](llvm::StringRef suffix) {
    llvm::SmallString<256> p(options.outputDir);
    llvm::sys::path::append(p, result.name + suffix);
    return std::string(p);
  };
  std::vector<PendingFile> files;
  files.emplace_back(pathOf(".o"));
  files.emplace_back(pathOf(".h"));
  if (Error error = writeBytes(files[0], object))
    return error;
  result.objectPath = files[0].path;
  result.headerPath = files[1].path;
  if (Error error = writeBytes(
          files[1],
          llvm::ArrayRef<char>(makeHeader(result, options, path, weightsFile))))
    return error;
  if (weightsFile) {
    files.emplace_back(pathOf(".weights"));
    if (Error error = writeWeights(files.back(), weights, info))
      return error;
    result.weightsPath = files.back().path;
  }
  if (options.emitExecutable) {
    // The runner's header include needs the header under its final name:
    // it is linked from the temporary files in a folder of their own.
    auto start = Clock::now();
    llvm::SmallString<128> temp;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("seam-compile", temp))
      return Error::failure("cannot create a temporary folder: " +
                            ec.message());
    llvm::SmallString<256> header(temp);
    llvm::sys::path::append(header, result.name + ".h");
    AotResult linking = result;
    linking.headerPath = std::string(header);
    files.emplace_back(pathOf(""));
    Error error = Error::success();
    if (std::error_code ec = llvm::sys::fs::copy_file(files[1].temp, header))
      error = Error::failure("cannot copy the header: " + ec.message());
    else
      error = linkRunner(options, linking, files[0].temp, files.back());
    llvm::sys::fs::remove_directories(temp);
    if (error)
      return error;
    result.executablePath = files.back().path;
    if (compile.onStage)
      compile.onStage("link", millisecondsSince(start));
  }
  for (PendingFile &file : files)
    if (Error error = file.commit())
      return error;
  if (!weightsFile)
    llvm::sys::fs::remove(pathOf(".weights"));
  return result;
}

} // namespace seam
