//===- seam-compile.cpp - Compile a model ahead of time for a triple ------===//
//
//   seam-compile MODEL -o DIR [--triple=T] [--mcpu=C] [--mattr=F]
//                [--backends=dnnl|none] [--threads N] [-O N] [--name NAME]
//                [--input-shape name=DxD...] [--embed-weights]
//                [--emit=obj|exe] [--cc CXX] [--runtime-dir DIR] [--report]
//   seam-compile --version | --help
//
// Writes DIR/<name>.o, DIR/<name>.h and DIR/<name>.weights (include/seam/
// AotCompiler.h says what each holds); --emit=exe also links DIR/<name>, a
// runner for the triple that takes seam-run's data options (--input,
// --expect, --rtol, --atol, --save-outputs, --bench, --threads) and prints
// its `compare:` and `latency_ms:` lines. The partitioning, the --report
// table and the errors are seam-run's. On an error nothing is written.
//
// Exit status: 0 on success, 1 on an error.
//
//===----------------------------------------------------------------------===//

#include "CompileFlags.h"
#include "ThreadsOption.h"
#include "ToolVersion.h"
#include "seam/AotCompiler.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

static cl::OptionCategory toolCategory("Compiling a model ahead of time");

static cl::opt<std::string> modelPath(cl::Positional,
                                      cl::desc("<model.onnx|model.mlir>"),
                                      cl::cat(toolCategory));
static cl::opt<std::string> outputDir("o", cl::desc("Output folder"),
                                      cl::value_desc("DIR"),
                                      cl::cat(toolCategory));
static cl::opt<std::string>
    triple("triple",
           cl::desc("Target triple, e.g. aarch64-linux-gnu (default: the "
                    "host's)"),
           cl::cat(toolCategory));
static cl::opt<std::string>
    cpu("mcpu",
        cl::desc("Target CPU (default: the host's for the host's triple, "
                 "else generic)"),
        cl::cat(toolCategory));
static cl::opt<std::string>
    features("mattr", cl::desc("Target features, e.g. +sve,-neon"),
             cl::cat(toolCategory));
static cl::list<std::string>
    backends("backends", cl::CommaSeparated,
             cl::desc("Kernel libraries in priority order, or none"),
             cl::value_desc("a,b"), cl::cat(toolCategory));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level"),
                                  cl::init(3), cl::cat(toolCategory));
static cl::opt<std::string>
    name("name",
         cl::desc("Base name of the files and C prefix (default: the model "
                  "file's name)"),
         cl::cat(toolCategory));
static cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("Static shape of an input: name=1x3x224x224"),
                cl::value_desc("name=DxD..."), cl::cat(toolCategory));
static cl::opt<bool>
    embedWeights("embed-weights",
                 cl::desc("Put the weights in the object, not in a file"),
                 cl::cat(toolCategory));
enum class Emit { Object, Executable };
static cl::opt<Emit>
    emit("emit", cl::desc("What to write"),
         cl::values(clEnumValN(Emit::Object, "obj",
                               "object, header and weights (default)"),
                    clEnumValN(Emit::Executable, "exe",
                               "also a runner for the triple")),
         cl::init(Emit::Object), cl::cat(toolCategory));
static cl::opt<std::string>
    cxx("cc",
        cl::desc("C++ compiler that links the runner (default: <triple>-g++)"),
        cl::cat(toolCategory));
static cl::opt<std::string> runtimeDir(
    "runtime-dir",
    cl::desc("Folder of the triple's runtime (default: $SEAM_RUNTIME_DIR, "
             "else <triple>/ beside this program's folder)"),
    cl::value_desc("DIR"), cl::cat(toolCategory));
static cl::opt<bool> report("report", cl::desc("Print the partition table"),
                            cl::cat(toolCategory));
static cl::opt<int64_t> maxTensorBytes(
    "max-tensor-bytes",
    cl::desc("Largest tensor a model may declare, in bytes (default 4 GiB)"),
    cl::init(int64_t(4) << 30), cl::cat(toolCategory));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "seam-compile: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  auto threads = seam::tools::takeThreadsOption(argc, argv);
  if (!threads)
    return fail(llvm::toString(threads.takeError()));
  cl::HideUnrelatedOptions(toolCategory);
  seam::tools::setVersionPrinter();
  cl::ParseCommandLineOptions(
      argc, argv,
      "Seam: compile a model ahead of time for a target triple\n"
      "  --threads=<N>  threads parallel loops are split for (default: the "
      "host's for the host, else 1)\n");
  if (modelPath.empty())
    return fail("no model given (seam-compile MODEL -o DIR; see --help)");
  if (outputDir.empty())
    return fail("no output folder given (-o DIR)");

  seam::AotOptions options;
  options.compile.backends.assign(backends.begin(), backends.end());
  options.compile.optLevel = optLevel;
  options.compile.threads = *threads;
  if (std::string error = seam::tools::applyCompileFlags(
          maxTensorBytes, inputShapes, options.compile);
      !error.empty())
    return fail(error);
  options.compile.onStage = [](const std::string &stage, double ms) {
    llvm::errs() << llvm::formatv("compile: {0,-10} {1,8:F1} ms\n", stage, ms);
  };
  if (report)
    options.compile.onPartitionReport = [](const std::string &table) {
      llvm::outs() << table;
    };
  options.triple = triple;
  options.cpu = cpu;
  options.features = features;
  options.outputDir = outputDir;
  options.name = name;
  options.embedWeights = embedWeights;
  options.emitExecutable = emit == Emit::Executable;
  options.cxxCompiler = cxx;
  options.runtimeDir = runtimeDir;
  static int anchor;
  options.programPath = llvm::sys::fs::getMainExecutable(argv[0], &anchor);

  auto result = seam::compileAheadOfTime(modelPath, options);
  if (!result)
    return fail(result.error().message());
  llvm::outs() << "target: " << result->triple << "\n";
  for (const std::string *path :
       {&result->objectPath, &result->headerPath, &result->weightsPath,
        &result->executablePath})
    if (!path->empty())
      llvm::outs() << "wrote " << *path << "\n";
  return 0;
}
