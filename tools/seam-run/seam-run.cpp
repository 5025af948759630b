//===- seam-run.cpp - Compile a model with the JIT, run, compare, time ----===//
//
//   seam-run MODEL [--backends=dnnl,xnnpack|none] [--input name=file ...]
//            [--expect name=file ...] [--rtol R --atol A] [--bench N]
//            [--bench-shapes name=DxD,name=DxD ...]
//            [--threads T] [--input-shape name=DxD...] [--report]
//            [--profile] [--dump-ir DIR] [--save-outputs DIR]
//            [--progress=auto|always|never] [--no-cache] [--cache-dir DIR]
//            [--triple T [--mcpu CPU] [--mattr FEATURES]] [--executor CMD]
//   seam-run --list-backends | --version | --help
//
// --list-backends prints the backends this build has, one name per line
// (scripts ask it whether dnnl is there), and exits.
// --report prints the partition table (per backend the regions, composites,
// ops and share of FLOPs; every op left to the compiler and why) on stdout,
// and once the session is created the kernels a library runs on a slow
// fallback (oneDNN's reference implementations).
// --profile prints, after the runs, the time per run of each offloaded
// region and of each of its kernels, of each kernel of the compiled code
// (region "compiled"; the model is compiled with a clock read before and
// after each kernel call for it), and of the rest.
// --bench-shapes (repeatable) times --bench runs of seeded random inputs of
// each set of shapes, after the run of the given inputs (skipped when an
// input with open dims has no file): `bench name=[..] ...:
// specialization_compile_ms=.. latency_ms: median=.. min=.. max=.. runs=N`
// (compile 0 for a set whose shapes an earlier run compiled).
// --progress: while the model compiles, `[ 45%] partition` (the stage under
// way) on one line of stderr, rewritten in place and cleared at the end;
// `auto` (the default) shows it only when stderr is a terminal.
// --no-cache compiles the model even when the compiled-object cache has it
// (CompileOptions::useCache = false); --cache-dir sets the cache's folder
// (CompileOptions::cacheDir; by default $SEAM_CACHE_DIR, else
// $XDG_CACHE_HOME/seam, else ~/.cache/seam).
// --triple compiles for another target (e.g. aarch64-linux-gnu; --mcpu and
// --mattr its CPU and features) and runs the code in an executor process:
// ORC's remote executor protocol over the stdin/stdout of the command
// --executor gives (default: <dir of seam-run>/../<triple>/bin/seam-executor,
// through `qemu-<arch> -L /usr/<triple>`; scripts/build-executor.sh builds
// it). --executor alone runs host code in such a process. The output lines
// are the same; --profile has no regions then (CompileOptions::triple).
// --help lists these options; LLVM's own are hidden (still accepted).
// --version prints Seam's version and LLVM's.
//
// Inputs, outputs and references may be of any element type Seam has
// (float32, float64, float16, int64, int32, int8, uint8, uint16, uint32,
// uint64, bool): random
// integers are in [0, 10), bools 0 or 1; floats are compared with --rtol and
// --atol, integers and bools exactly. `output NAME: [d, ...]` ends with the
// dtype when it is not float32 (` int64`); --save-outputs writes each
// output's own dtype.
//
// Errors go to stderr: the compiler's diagnostics as seam-translate prints
// them (`file:line:col: error: ...`, with a note per unsupported ONNX node);
// a .mlir module printed without its weights (seam-translate
// --elide-weights) is named with each weight that has no data.
//
// Exit status: 0 on success, 1 on an error, 2 when a comparison fails.
// Scripts read `compare: PASS|FAIL max_abs=... max_rel=...` (one per output;
// ` dtype=int64` after output=NAME when the output is not float32, and
// ` mismatches=N first_mismatch=I` when it fails: I the row-major index of
// the first element that differs) and `latency_ms: median=... min=...
// max=... runs=N` on stdout, and may read
// `compile: <stage> <ms> ms`, one line per compile stage, on stderr.
//
//===----------------------------------------------------------------------===//

#include "CompileFlags.h"
#include "ThreadsOption.h"
#include "ToolVersion.h"
#include "seam/Backend/Backend.h"
#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

namespace cl = llvm::cl;

/// The options --help lists (with LLVM's --help and --version). The name
/// sorts before LLVM's "Generic Options", so that they come first.
static cl::OptionCategory toolCategory("Compiling, running and timing a model");

static cl::opt<std::string> modelPath(cl::Positional,
                                      cl::desc("<model.onnx|model.mlir>"),
                                      cl::cat(toolCategory));
static cl::opt<bool>
    listBackends("list-backends",
                 cl::desc("Print the backends of this build, one per line, "
                          "and exit"),
                 cl::cat(toolCategory));
static cl::list<std::string>
    backends("backends", cl::CommaSeparated,
             cl::desc("Kernel libraries in priority order, or none"),
             cl::value_desc("a,b"), cl::cat(toolCategory));
static cl::list<std::string>
    inputFiles("input",
               cl::desc("Input: name=file or file (in order); .npy or .pb"),
               cl::value_desc("name=file"), cl::cat(toolCategory));
static cl::list<std::string>
    expectFiles("expect",
                cl::desc("Reference output: name=file or file (in order)"),
                cl::value_desc("name=file"), cl::cat(toolCategory));
static cl::opt<double> relTol("rtol", cl::desc("Relative tolerance"),
                              cl::init(1e-3), cl::cat(toolCategory));
static cl::opt<double> absTol("atol", cl::desc("Absolute tolerance"),
                              cl::init(1e-5), cl::cat(toolCategory));
static cl::opt<unsigned> benchRuns("bench",
                                   cl::desc("Time N runs after warm-up"),
                                   cl::init(0), cl::cat(toolCategory));
static cl::list<std::string> benchShapes(
    "bench-shapes",
    cl::desc("Time --bench runs (default 10) of seeded random inputs of these "
             "shapes, after the run of the given inputs (if any); repeat for "
             "each set: one specialization per set for a model with run-time "
             "shapes"),
    cl::value_desc("name=DxD,name=DxD..."), cl::cat(toolCategory));
static cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("Static shape of an input: name=1x3x224x224"),
                cl::value_desc("name=DxD..."), cl::cat(toolCategory));
static cl::opt<bool>
    report("report",
           cl::desc("Print the partition table: regions, ops and FLOPs "
                    "per backend, ops left to the compiler and why"),
           cl::cat(toolCategory));
static cl::opt<std::string>
    dumpIr("dump-ir", cl::desc("Write the module after each stage here"),
           cl::value_desc("DIR"), cl::cat(toolCategory));
static cl::opt<std::string>
    saveOutputs("save-outputs", cl::desc("Write each output as DIR/<name>.npy"),
                cl::value_desc("DIR"), cl::cat(toolCategory));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of random inputs"),
                              cl::init(0), cl::cat(toolCategory));
static cl::opt<int64_t> maxTensorBytes(
    "max-tensor-bytes",
    cl::desc("Largest tensor a model may declare, in bytes (default 4 GiB)"),
    cl::init(int64_t(4) << 30), cl::cat(toolCategory));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level"),
                                  cl::init(3), cl::cat(toolCategory));
static cl::opt<bool>
    profile("profile",
            cl::desc("Print where the time of the runs went: each offloaded "
                     "region and its kernels, each kernel of the compiled "
                     "code (timed: compiled with clock reads), and the rest"),
            cl::cat(toolCategory));

/// When the compile progress line is shown.
enum class ProgressMode { Auto, Always, Never };
static cl::opt<ProgressMode> progressMode(
    "progress",
    cl::desc("Show the compile stage under way and a percentage on stderr"),
    cl::values(clEnumValN(ProgressMode::Auto, "auto",
                          "when stderr is a terminal (default)"),
               clEnumValN(ProgressMode::Always, "always", "always"),
               clEnumValN(ProgressMode::Never, "never", "never")),
    cl::init(ProgressMode::Auto), cl::cat(toolCategory));
static cl::opt<bool>
    noCache("no-cache",
            cl::desc("Compile the model even when the compiled-object cache "
                     "has it (SEAM_CACHE=off does the same)"),
            cl::cat(toolCategory));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Folder of the compiled-object cache (default: $SEAM_CACHE_DIR, "
             "else $XDG_CACHE_HOME/seam, else ~/.cache/seam)"),
    cl::value_desc("DIR"), cl::cat(toolCategory));

static cl::opt<std::string> targetTriple(
    "triple",
    cl::desc("Compile for this target triple and run in an executor process "
             "(e.g. aarch64-linux-gnu; default: in this process)"),
    cl::value_desc("triple"), cl::cat(toolCategory));
static cl::opt<std::string>
    targetCpu("mcpu", cl::desc("The target's CPU (with --triple)"),
              cl::value_desc("cpu"), cl::cat(toolCategory));
static cl::opt<std::string>
    targetFeatures("mattr",
                   cl::desc("The target's features, e.g. +sve (with --triple)"),
                   cl::value_desc("+a,-b"), cl::cat(toolCategory));
static cl::opt<std::string> executorCommand(
    "executor",
    cl::desc("Shell command that starts the executor (default: "
             "<triple>/bin/seam-executor beside seam-run's folder, under "
             "qemu-user for another architecture)"),
    cl::value_desc("command"), cl::cat(toolCategory));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "seam-run: " << message << "\n";
  return 1;
}

/// Splits "name=file" (name may be empty for a bare file).
static std::pair<std::string, std::string> splitBinding(llvm::StringRef spec) {
  auto [name, file] = spec.split('=');
  if (file.empty())
    return {"", spec.str()};
  return {name.str(), file.str()};
}

/// Binds tensor files to names: "name=file" by name, bare files in order.
/// With `checkTypes`, a file of another element type than its tensor's is
/// an error naming both (a reference's type is judged by the comparison).
static seam::Expected<std::map<std::string, seam::Tensor>>
bindFiles(const std::vector<std::string> &specs,
          const std::vector<seam::TensorInfo> &infos, const char *kind,
          bool checkTypes) {
  std::map<std::string, seam::Tensor> result;
  size_t next = 0;
  for (const std::string &spec : specs) {
    auto [name, file] = splitBinding(spec);
    if (name.empty()) {
      if (next >= infos.size())
        return seam::Error::failure("more " + std::string(kind) +
                                    " files than the model has " + kind + "s");
      name = infos[next++].name;
    }
    auto tensor = seam::readTensorFile(file);
    if (!tensor)
      return tensor.error();
    auto info = llvm::find_if(
        infos, [&](const seam::TensorInfo &i) { return i.name == name; });
    if (checkTypes && info != infos.end() &&
        tensor->tensor.elementType() != info->type)
      return seam::Error::failure(
          std::string(kind) + " '" + name + "' from '" + file +
          "' has element type " +
          seam::getElementTypeName(tensor->tensor.elementType()) +
          " but the model expects " + seam::getElementTypeName(info->type));
    result[name] = tensor->tensor;
  }
  return result;
}

/// The kernels the session's kernel libraries run on a slow fallback (a
/// oneDNN reference implementation): known once the session is created.
static void printSlowKernels(const seam::Session &session) {
  std::vector<std::string> slow;
  for (const seam::RegionProfile &region : session.profile())
    for (const auto &[name, ms] : region.kernels)
      if (llvm::StringRef(name).contains(" slow: "))
        slow.push_back(region.region + ": " + name);
  llvm::outs() << "Slow kernels: " << slow.size() << "\n";
  for (const std::string &line : slow)
    llvm::outs() << "  " << line << "\n";
}

/// The weights the generated code reads: what the session holds, and how
/// much of it was copied rather than read where the model was parsed.
static void printHeldWeights(const seam::Session &session) {
  // Two readings: a specialization compiled between them (run-time shapes)
  // must not make the difference wrap.
  size_t copied = session.copiedWeightBytes();
  size_t held = std::max(session.heldWeightBytes(), copied);
  llvm::outs() << "Weights held: " << held << " bytes (" << held - copied
               << " read in place, " << copied << " copied)\n";
}

/// Where the time of `runs` runs (`totalMs` in all) went: each offloaded
/// region with its kernels (timed by its runtime), then the rest.
/// `shape` as [1, ?, 16], '?' for a dim fixed at run time (-1).
static std::string shapeText(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? ", " : "") + (d < 0 ? std::string("?") : std::to_string(d));
  return text + "]";
}

static void printProfile(const seam::Session &session, int64_t runs,
                         double totalMs) {
  double perRun = totalMs / runs, offloaded = 0; // offloaded: ms in all
  llvm::outs() << llvm::formatv("profile: {0} runs, {1:F3} ms/run\n", runs,
                                perRun);
  // A region runs in the runs of its specialization only: its time per run
  // is per its own runs, its share is of the time of all runs.
  auto printRegion = [&](const seam::RegionProfile &region) {
    double ms = region.runs ? region.milliseconds / region.runs : 0;
    offloaded += region.milliseconds;
    llvm::outs() << llvm::formatv(
        "  {0,9:F3} ms/run {1,5:F1}%  region {2} ({3}, {4} kernels)\n", ms,
        100 * region.milliseconds / totalMs, region.region, region.backend,
        region.kernels.size());
    for (const auto &[name, kernelMs] : region.kernels) {
      if (kernelMs < 0) {
        llvm::outs() << llvm::formatv("  {0,9} ms/run {1,5}%    {2}\n",
                                      "untimed", "-", name);
        continue;
      }
      llvm::outs() << llvm::formatv("  {0,9:F3} ms/run {1,5:F1}%    {2}\n",
                                    kernelMs / region.runs,
                                    100 * kernelMs / totalMs, name);
    }
  };
  std::vector<seam::RegionProfile> regions = session.profile();
  if (!session.hasRunTimeShapes())
    llvm::for_each(regions, printRegion);
  for (const seam::ShapeSpecialization &spec : session.specializations()) {
    llvm::outs() << "  specialization";
    for (auto [info, shape] : llvm::zip(session.inputs(), spec.inputShapes))
      llvm::outs() << " " << info.name << "=" << shapeText(shape);
    llvm::outs() << llvm::formatv(
        ": compiled in {0:F1} ms{1}, {2} runs\n", spec.compileMilliseconds,
        spec.loadedFromCache ? " (cache)" : "", spec.runs);
    for (const seam::RegionProfile &region : regions)
      if (region.inputShapes == spec.inputShapes)
        printRegion(region);
  }
  double rest = totalMs - offloaded;
  llvm::outs() << llvm::formatv(
      "  {0,9:F3} ms/run {1,5:F1}%  the rest: glue code, copies, region "
      "calls\n",
      rest / runs, 100 * rest / totalMs);
}

/// Whether `name` can be used as is as a file name inside a folder.
static bool isPlainFileName(llvm::StringRef name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find_first_of(llvm::StringRef("/\\\0", 3)) ==
             llvm::StringRef::npos;
}

//===----------------------------------------------------------------------===//
// Compile progress
//===----------------------------------------------------------------------===//

/// The line `[ 45%] partition` on stderr while the session compiles: the
/// stage under way and the share of the stages done, rewritten in place.
/// The Session reports a stage when it ends (CompileOptions::onStage); the
/// stages are those Session::create runs for these options, in order (an
/// approximation: a stage it does not run is skipped when the next ends).
class CompileProgress {
public:
  CompileProgress(bool enabled, const seam::CompileOptions &options)
      : enabled(enabled), stages(seam::Session::getStageNames(options)) {}
  ~CompileProgress() { clear(); }

  /// Shows the first stage.
  void start() { draw(); }

  /// Records the end of `stage` and shows the next one.
  void stageDone(llvm::StringRef stage) {
    // A session loaded from the compiled-object cache skips to after "jit".
    if (stage == "cache-load")
      stage = "jit";
    auto it = std::find(stages.begin() + done, stages.end(), stage);
    done = it != stages.end() ? it - stages.begin() + 1
                              : std::min(done + 1, stages.size());
    draw();
  }

  /// Removes the line (before anything else is written to stderr).
  void clear() {
    if (!width)
      return;
    llvm::errs() << '\r' << std::string(width, ' ') << '\r';
    width = 0;
  }

private:
  void draw() {
    clear();
    if (!enabled || done >= stages.size())
      return;
    std::string line =
        llvm::formatv("[{0,3}%] {1}", 100 * done / stages.size(), stages[done])
            .str();
    llvm::errs() << '\r' << line;
    width = line.size();
  }

  bool enabled;
  std::vector<std::string> stages;
  size_t done = 0;
  /// The width of the line shown, 0 when none is.
  size_t width = 0;
};

/// The time of every run, for --profile: the offloaded regions count them
/// all too.
struct RunClock {
  double ms = 0;
  int64_t runs = 0;
};

/// `warmup` runs, then `count` timed runs of `inputs` into `outputs` (the
/// first allocates them when empty); the times of the timed ones, sorted,
/// or the first error.
static seam::Expected<std::vector<double>>
timeRuns(seam::Session &session,
         const std::map<std::string, seam::Tensor> &inputs,
         std::map<std::string, seam::Tensor> &outputs, unsigned warmup,
         unsigned count, RunClock &clock) {
  std::vector<double> times;
  for (unsigned i = 0; i < warmup + count; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (outputs.empty()) {
      // The first run allocates the outputs, of the shapes the inputs give.
      auto result = session.run(inputs);
      if (!result)
        return result.error();
      outputs = std::move(*result);
    } else if (seam::Error err = session.run(inputs, outputs)) {
      return err;
    }
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    clock.ms += ms;
    ++clock.runs;
    if (i >= warmup)
      times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  return times;
}

static double median(const std::vector<double> &sorted) {
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/// --bench-shapes: for each set, seeded random inputs of its shapes (the
/// others of their fixed ones), one first run (which compiles the
/// specialization of a model with run-time shapes), then the timed runs.
static int benchEachShapeSet(seam::Session &session, RunClock &clock) {
  unsigned runs = benchRuns > 0 ? benchRuns.getValue() : 10u;
  for (const std::string &set : benchShapes) {
    seam::OnnxImportOptions parsed;
    llvm::SmallVector<llvm::StringRef> specs;
    llvm::StringRef(set).split(specs, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef spec : specs)
      if (std::string error = seam::parseInputShape(spec.str(), parsed);
          !error.empty())
        return fail("--bench-shapes '" + set + "': " + error);
    std::map<std::string, seam::Tensor> inputs;
    std::string label;
    for (auto [i, info] : llvm::enumerate(session.inputs())) {
      std::vector<int64_t> shape = info.shape;
      if (auto it = parsed.inputShapes.find(info.name);
          it != parsed.inputShapes.end())
        shape.assign(it->getValue().begin(), it->getValue().end());
      else if (llvm::is_contained(shape, -1))
        return fail("--bench-shapes '" + set + "' gives no shape for input '" +
                    info.name + "' (" + shapeText(info.shape) + ")");
      label += (label.empty() ? "" : " ") + info.name + "=" + shapeText(shape);
      inputs[info.name] = seam::randomTensor(shape, seed + i, info.type);
    }
    for (const auto &entry : parsed.inputShapes)
      if (llvm::none_of(session.inputs(), [&](const seam::TensorInfo &info) {
            return info.name == entry.getKey();
          }))
        return fail("--bench-shapes names '" + entry.getKey() +
                    "', which is not an input of the model");
    std::map<std::string, seam::Tensor> outputs;
    RunClock first;
    auto firstRun = timeRuns(session, inputs, outputs, 0, 1, first);
    if (!firstRun)
      return fail("--bench-shapes '" + set +
                  "': " + firstRun.error().message());
    // The first run compiled the set's specialization unless an earlier run
    // (the given inputs, or the same set) had: then it has run before.
    double compileMs = 0;
    if (session.hasRunTimeShapes())
      if (seam::ShapeSpecialization used = session.specializations().front();
          used.runs == 1)
        compileMs = used.compileMilliseconds;
    clock.ms += first.ms - compileMs;
    clock.runs += 1;
    auto times =
        timeRuns(session, inputs, outputs, std::min(runs, 5u), runs, clock);
    if (!times)
      return fail("--bench-shapes '" + set + "': " + times.error().message());
    llvm::outs() << llvm::formatv(
        "bench {0}: specialization_compile_ms={1:F1} latency_ms: "
        "median={2:F3} min={3:F3} max={4:F3} runs={5}\n",
        label, compileMs, median(*times), times->front(), times->back(),
        times->size());
  }
  return 0;
}

static int runOnce(seam::Session &session,
                   const std::map<std::string, seam::Tensor> &inputs,
                   RunClock &clock);

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  auto threads = seam::tools::takeThreadsOption(argc, argv);
  if (!threads)
    return fail(llvm::toString(threads.takeError()));
  cl::HideUnrelatedOptions(toolCategory);
  seam::tools::setVersionPrinter();
  cl::ParseCommandLineOptions(
      argc, argv,
      "Seam: compile, run, compare and time a model\n"
      "  --threads=<N>  threads for heavy loops and kernel "
      "libraries (0: library default)\n");
  if (listBackends) {
    for (const seam::Backend *backend : seam::getRegisteredBackends())
      llvm::outs() << backend->getName() << "\n";
    return 0;
  }
  if (modelPath.empty())
    return fail("no model given (seam-run MODEL [options], or --list-backends; "
                "see --help)");

  seam::CompileOptions options;
  options.backends.assign(backends.begin(), backends.end());
  options.optLevel = optLevel;
  // The compiled code's kernels are timed too (two clock reads per call).
  options.profileKernels = profile;
  options.threads = *threads;
  options.dumpIrDir = dumpIr;
  options.useCache = !noCache;
  options.cacheDir = cacheDir;
  if ((!targetCpu.empty() || !targetFeatures.empty()) && targetTriple.empty() &&
      executorCommand.empty())
    return fail("--mcpu and --mattr need --triple (or --executor): the "
                "in-process JIT compiles for this CPU");
  options.triple = targetTriple;
  options.cpu = targetCpu;
  options.features = targetFeatures;
  options.executor = executorCommand;
  if (std::string error =
          seam::tools::applyCompileFlags(maxTensorBytes, inputShapes, options);
      !error.empty())
    return fail(error);
  CompileProgress progress(progressMode == ProgressMode::Always ||
                               (progressMode == ProgressMode::Auto &&
                                llvm::sys::Process::StandardErrIsDisplayed()),
                           options);
  double compileMs = 0;
  options.onStage = [&](const std::string &stage, double ms) {
    compileMs += ms;
    progress.clear();
    llvm::errs() << llvm::formatv("compile: {0,-10} {1,8:F1} ms\n", stage, ms);
    progress.stageDone(stage);
  };
  if (report)
    options.onPartitionReport = [&](const std::string &table) {
      progress.clear();
      llvm::outs() << table;
    };

  progress.start();
  auto session = seam::Session::create(modelPath, options);
  progress.clear();
  if (!session)
    return fail(session.error().message());
  llvm::outs() << llvm::formatv("compile_ms: {0:F1}\n", compileMs);
  if ((*session)->hasRunTimeShapes()) {
    llvm::outs() << "run-time shapes:";
    for (const seam::TensorInfo &info : (*session)->inputs())
      llvm::outs() << " " << info.name << "=" << shapeText(info.shape);
    llvm::outs() << " (compiled on the first run with each set of shapes)\n";
  }
  if (report) {
    printSlowKernels(**session);
    printHeldWeights(**session);
  }

  // Inputs: from files, the rest seeded random. With --bench-shapes and no
  // file for an input with open dims, only the shape sets run.
  auto inputs =
      bindFiles(inputFiles, (*session)->inputs(), "input", /*checkTypes=*/true);
  if (!inputs)
    return fail(inputs.error().message());
  bool runGivenInputs = true;
  for (auto [i, info] : llvm::enumerate((*session)->inputs())) {
    if (inputs->count(info.name))
      continue;
    if (llvm::is_contained(info.shape, -1)) {
      if (!benchShapes.empty() && inputFiles.empty() && expectFiles.empty() &&
          saveOutputs.empty()) {
        runGivenInputs = false;
        break;
      }
      return fail("input '" + info.name + "' has dims fixed at run time (" +
                  shapeText(info.shape) +
                  "): give it with --input, or fix them with --input-shape " +
                  info.name + "=DxDx...");
    }
    (*inputs)[info.name] = seam::randomTensor(info.shape, seed + i, info.type);
  }
  RunClock clock;
  int status = runGivenInputs ? runOnce(**session, *inputs, clock) : 0;
  if (status == 1)
    return status;
  if (int benchStatus = benchEachShapeSet(**session, clock))
    return benchStatus;
  if (profile)
    printProfile(**session, clock.runs, clock.ms);
  return status;
}

/// The run of the given inputs: outputs printed, saved and compared, then
/// --bench timed runs. 0, 1 on an error, or 2 when a comparison fails.
static int runOnce(seam::Session &session,
                   const std::map<std::string, seam::Tensor> &inputs,
                   RunClock &clock) {
  std::map<std::string, seam::Tensor> outputsStore;
  if (auto first = timeRuns(session, inputs, outputsStore, 0, 1, clock); !first)
    return fail(first.error().message());
  auto *outputs = &outputsStore;
  if (session.hasRunTimeShapes()) {
    // The first run compiled the specialization for these shapes.
    seam::ShapeSpecialization used = session.specializations().front();
    clock.ms -= used.compileMilliseconds;
    llvm::outs() << llvm::formatv("specialization_compile_ms: {0:F1}\n",
                                  used.compileMilliseconds);
  }
  for (const seam::TensorInfo &info : session.outputs()) {
    const seam::Tensor &tensor = outputs->at(info.name);
    llvm::outs() << "output " << info.name << ": [";
    llvm::interleaveComma(tensor.shape(), llvm::outs());
    llvm::outs() << "]";
    if (tensor.elementType() != seam::ElementType::F32)
      llvm::outs() << " " << seam::getElementTypeName(tensor.elementType());
    llvm::outs() << "\n";
  }

  if (!saveOutputs.empty()) {
    // Every name is checked before anything is written, and a failed write
    // removes what was written: all the outputs or none.
    std::vector<std::pair<std::string, const seam::Tensor *>> files;
    for (const auto &[name, tensor] : *outputs) {
      if (!isPlainFileName(name))
        return fail("output '" + name +
                    "' cannot be saved: its name is not a plain file name "
                    "(it is empty, '.' or '..', or holds '/' or '\\')");
      llvm::SmallString<256> path(saveOutputs.getValue());
      llvm::sys::path::append(path, name + ".npy");
      files.emplace_back(std::string(path), &tensor);
    }
    for (size_t i = 0; i < files.size(); ++i)
      if (seam::Error err = seam::writeNpy(files[i].first, *files[i].second)) {
        for (size_t j = 0; j < i; ++j)
          llvm::sys::fs::remove(files[j].first);
        return fail(err.message());
      }
  }

  bool allPass = true;
  if (!expectFiles.empty()) {
    auto expected = bindFiles(expectFiles, session.outputs(), "output",
                              /*checkTypes=*/false);
    if (!expected)
      return fail(expected.error().message());
    for (const auto &[name, reference] : *expected) {
      auto it = outputs->find(name);
      if (it == outputs->end())
        return fail("the model has no output named '" + name + "'");
      seam::Comparison c =
          seam::compareTensors(it->second, reference, relTol, absTol);
      allPass &= c.pass;
      llvm::outs() << llvm::formatv(
          "compare: {0} max_abs={1:e} max_rel={2:e} output={3}",
          c.pass ? "PASS" : "FAIL", c.maxAbs, c.maxRel, name);
      if (it->second.elementType() != seam::ElementType::F32)
        llvm::outs() << " dtype="
                     << seam::getElementTypeName(it->second.elementType());
      if (!c.error.empty())
        llvm::outs() << " (" << c.error << ")";
      else if (c.mismatches)
        llvm::outs() << " mismatches=" << c.mismatches
                     << " first_mismatch=" << c.firstMismatch;
      llvm::outs() << "\n";
    }
  }

  if (benchRuns > 0) {
    std::map<std::string, seam::Tensor> out = *outputs;
    auto times = timeRuns(session, inputs, out,
                          std::min(benchRuns.getValue(), 5u), benchRuns, clock);
    if (!times)
      return fail(times.error().message());
    llvm::outs() << llvm::formatv("throughput: {0:F1} inferences/s\n",
                                  1000.0 / median(*times));
    llvm::outs() << llvm::formatv(
        "latency_ms: median={0:F3} min={1:F3} max={2:F3} runs={3}\n",
        median(*times), times->front(), times->back(), times->size());
  }
  return allPass ? 0 : 2;
}
