//===- AotRunner.cpp - seam-run's data options for an AOT-compiled model --===//
//
//   <exe> [--input name=file|file ...] [--expect name=file|file ...]
//         [--rtol R] [--atol A] [--save-outputs DIR] [--bench N]
//         [--threads N] [--seed N] [--weights FILE] [--help]
//
// seam_aot_runner_main (include/seam/Runtime/SeamAot.h): the main() of an
// executable that seam-compile --emit=exe links. It takes seam-run's data
// options (tools/seam-run/seam-run.cpp) with the same defaults and meaning,
// fills the inputs no file gives with the random values seam-run uses for
// the same --seed, and prints seam-run's lines on stdout:
//
//   output <name>: [d, ...][ dtype]              each output, after run 1
//   compare: PASS|FAIL max_abs=%e max_rel=%e output=<name>[ dtype=T]
//     [ (error)| mismatches=N first_mismatch=I]
//   throughput: %.1f inferences/s                with --bench N
//   latency_ms: median=%.3f min=%.3f max=%.3f runs=N
//
// Errors: `error: <message>` on stderr and exit status 1; a failed
// comparison exits with 2. Options are `--opt value` or `--opt=value`.
//
// libc and the C++ runtime only (no LLVM, protobuf or ONNX): it is
// cross-compiled with the runtime for seam-compile's triples.
//
//===----------------------------------------------------------------------===//

#include "AotTensorFile.h"
#include "seam/Runtime/SeamAot.h"
#include "seam/Runtime/TensorCheck.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using seam::aot::Tensor;

namespace {

const char *const usage =
    "usage: %s [options]\n"
    "Runs the model '%s' compiled ahead of time by seam-compile.\n"
    "\n"
    "  --input name=file | file  an input (.npy float32 or ONNX TensorProto "
    ".pb);\n"
    "                            bare files bind to the inputs in order; "
    "inputs\n"
    "                            without a file get seeded random values\n"
    "  --expect name=file | file a reference output, compared after the first "
    "run\n"
    "  --rtol R                  relative tolerance (default 1e-3)\n"
    "  --atol A                  absolute tolerance (default 1e-5)\n"
    "  --save-outputs DIR        write each output as DIR/<name>.npy\n"
    "  --bench N                 time N runs after min(N, 5) warm-up runs\n"
    "  --threads N               threads (default 0: the runtime's default)\n"
    "  --seed N                  seed of random inputs (default 0)\n"
    "  --weights FILE            the weights file (default: this program's "
    "path\n"
    "                            + \".weights\")\n"
    "  --help                    print this and exit\n"
    "\n"
    "Exit status: 0 on success, 1 on an error, 2 when a comparison fails.\n";

struct Options {
  std::vector<std::string> inputs, expects;
  double rtol = 1e-3, atol = 1e-5;
  std::string saveOutputs;
  unsigned bench = 0;
  int32_t threads = 0;
  unsigned seed = 0;
  std::string weights;
  bool weightsGiven = false;
  bool help = false;
};

int fail(const std::string &message) {
  std::fflush(stdout);
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 1;
}

bool parseUnsigned(const std::string &text, unsigned long long limit,
                   unsigned long long &value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  value = std::strtoull(text.c_str(), nullptr, 10);
  return errno == 0 && value <= limit;
}

bool parseDouble(const std::string &text, double &value) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return false;
  char *end = nullptr;
  errno = 0;
  value = std::strtod(text.c_str(), &end);
  return errno == 0 && end && *end == '\0' && std::isfinite(value);
}

/// Parses argv into `options`; false with `error` on a bad option.
bool parseOptions(int argc, char **argv, Options &options, std::string &error) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i] ? argv[i] : "";
    if (arg.size() < 2 || arg[0] != '-') {
      error = "unexpected argument '" + arg +
              "' (options only: a model compiled ahead of time has no model "
              "argument; see --help)";
      return false;
    }
    std::string name = arg.substr(arg[1] == '-' ? 2 : 1), value;
    bool hasValue = false;
    size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
      hasValue = true;
    }
    if (name == "help" || name == "h") {
      if (hasValue) {
        error = "--help takes no value";
        return false;
      }
      options.help = true;
      continue;
    }
    static const char *const valued[] = {"input",   "expect",       "rtol",
                                         "atol",    "save-outputs", "bench",
                                         "threads", "seed",         "weights"};
    if (std::find_if(std::begin(valued), std::end(valued), [&](const char *n) {
          return name == n;
        }) == std::end(valued)) {
      error = "unknown option '" + arg + "' (see --help)";
      return false;
    }
    if (!hasValue) {
      if (i + 1 >= argc || !argv[i + 1]) {
        error = "--" + name + " needs a value";
        return false;
      }
      value = argv[++i];
    }
    unsigned long long number;
    if (name == "input") {
      options.inputs.push_back(value);
    } else if (name == "expect") {
      options.expects.push_back(value);
    } else if (name == "rtol" || name == "atol") {
      double &target = name == "rtol" ? options.rtol : options.atol;
      if (!parseDouble(value, target)) {
        error = "--" + name + " needs a number, got '" + value + "'";
        return false;
      }
    } else if (name == "save-outputs") {
      options.saveOutputs = value;
    } else if (name == "bench" || name == "seed") {
      if (!parseUnsigned(value, UINT_MAX, number)) {
        error =
            "--" + name + " needs a non-negative integer, got '" + value + "'";
        return false;
      }
      (name == "bench" ? options.bench : options.seed) =
          static_cast<unsigned>(number);
    } else if (name == "threads") {
      if (!parseUnsigned(value, INT32_MAX, number)) {
        error = "--threads needs a non-negative integer, got '" + value + "'";
        return false;
      }
      options.threads = static_cast<int32_t>(number);
    } else { // weights
      options.weights = value;
      options.weightsGiven = true;
    }
  }
  return true;
}

/// The default weights file: the executable's path + ".weights" (argv[0],
/// or /proc/self/exe when argv[0] was found on PATH and has no '/').
std::string defaultWeightsPath(int argc, char **argv) {
  std::string self = argc > 0 && argv[0] ? argv[0] : "";
  if (self.find('/') == std::string::npos) {
    char buffer[4096];
    ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof(buffer) - 1);
    if (n > 0)
      self.assign(buffer, static_cast<size_t>(n));
  }
  return self + ".weights";
}

std::vector<int64_t> shapeOf(const SeamAotTensorInfo &info) {
  return std::vector<int64_t>(info.shape, info.shape + info.rank);
}

const char *nameOf(const SeamAotTensorInfo &info) {
  return info.name ? info.name : "";
}

/// Splits "name=file" (name empty for a bare file, as seam-run does).
std::pair<std::string, std::string> splitBinding(const std::string &spec) {
  size_t eq = spec.find('=');
  if (eq == std::string::npos || eq + 1 == spec.size())
    return {"", spec};
  return {spec.substr(0, eq), spec.substr(eq + 1)};
}

/// Reads tensor files and binds them to names of `infos`: "name=file" by
/// name, bare files in order. Each tensor must have its info's shape when
/// `checkShapes` (inputs; a reference of another shape fails its
/// comparison instead, as in seam-run).
bool bindFiles(const std::vector<std::string> &specs,
               const SeamAotTensorInfo *infos, uint32_t count, const char *kind,
               bool checkShapes, std::map<std::string, Tensor> &result,
               std::string &error) {
  size_t next = 0;
  for (const std::string &spec : specs) {
    auto binding = splitBinding(spec);
    std::string name = binding.first, file = binding.second;
    const SeamAotTensorInfo *info = nullptr;
    if (name.empty()) {
      if (next >= count) {
        error = "more " + std::string(kind) + " files than the model has " +
                kind + "s";
        return false;
      }
      info = &infos[next++];
      name = nameOf(*info);
    } else {
      for (uint32_t i = 0; i < count && !info; ++i)
        if (name == nameOf(infos[i]))
          info = &infos[i];
      if (!info) {
        error =
            "the model has no " + std::string(kind) + " named '" + name + "'";
        return false;
      }
    }
    Tensor tensor;
    std::string fileName;
    if (!seam::aot::readTensorFile(file, tensor, fileName, error))
      return false;
    std::vector<int64_t> expected = shapeOf(*info);
    if (checkShapes && tensor.shape() != expected) {
      error = std::string(kind) + " '" + name + "' from '" + file +
              "' has shape " + seam::aot::formatShape(tensor.shape()) +
              ", the model expects " + seam::aot::formatShape(expected);
      return false;
    }
    if (checkShapes && tensor.elementType() != info->elementType) {
      error =
          std::string(kind) + " '" + name + "' from '" + file +
          "' has element type " + seam_element_type_name(tensor.elementType()) +
          " but the model expects " + seam_element_type_name(info->elementType);
      return false;
    }
    result[name] = std::move(tensor);
  }
  return true;
}

/// Whether `name` can be used as is as a file name inside a folder.
bool isPlainFileName(const std::string &name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find_first_of(std::string("/\\\0", 3)) == std::string::npos;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

struct InstanceDeleter {
  void operator()(SeamAotInstance *instance) const {
    seam_aot_destroy(instance);
  }
};

int runnerMain(const SeamAotModel *model, int argc, char **argv) {
  Options options;
  std::string error;
  if (!parseOptions(argc, argv, options, error))
    return fail(error);
  const char *program = argc > 0 && argv[0] ? argv[0] : "model";
  if (options.help) {
    std::printf(usage, program, model && model->name ? model->name : "?");
    return 0;
  }
  if (!model)
    return fail("no model given (null descriptor)");
  std::string weights =
      options.weightsGiven ? options.weights : defaultWeightsPath(argc, argv);
  std::unique_ptr<SeamAotInstance, InstanceDeleter> instance(
      seam_aot_create(model, weights.c_str()));
  if (!instance)
    return fail(seam_aot_last_error());
  // The descriptor is sound (seam_aot_create checked it); its tensors must
  // be of types this runner knows.
  for (uint32_t i = 0; i < model->numInputs + model->numOutputs; ++i) {
    bool isInput = i < model->numInputs;
    const SeamAotTensorInfo &info =
        isInput ? model->inputs[i] : model->outputs[i - model->numInputs];
    if (seam_element_size(info.elementType) == 0)
      return fail(std::string(isInput ? "input" : "output") + " '" +
                  nameOf(info) + "' has element type " +
                  std::to_string(info.elementType) +
                  ", which this runner does not know");
    if (info.rank < 0 || (info.rank > 0 && !info.shape))
      return fail(std::string(isInput ? "input" : "output") + " '" +
                  nameOf(info) + "' has a malformed shape in the descriptor");
  }

  // Inputs: from files, the rest seeded random (seam-run's values).
  std::map<std::string, Tensor> inputs;
  if (!bindFiles(options.inputs, model->inputs, model->numInputs, "input",
                 /*checkShapes=*/true, inputs, error))
    return fail(error);
  std::vector<const void *> inputPointers;
  for (uint32_t i = 0; i < model->numInputs; ++i) {
    const SeamAotTensorInfo &info = model->inputs[i];
    auto it = inputs.find(nameOf(info));
    if (it == inputs.end()) {
      Tensor tensor;
      if (!tensor.allocate(shapeOf(info), info.elementType))
        return fail("out of memory for input '" + std::string(nameOf(info)) +
                    "' of shape " + seam::aot::formatShape(shapeOf(info)));
      seam::aot::fillRandom(tensor, static_cast<uint64_t>(options.seed) + i);
      it = inputs.emplace(nameOf(info), std::move(tensor)).first;
    }
    inputPointers.push_back(it->second.rawData());
  }
  std::vector<Tensor> outputs(model->numOutputs);
  std::vector<void *> outputPointers;
  for (uint32_t i = 0; i < model->numOutputs; ++i) {
    const SeamAotTensorInfo &info = model->outputs[i];
    if (!outputs[i].allocate(shapeOf(info), info.elementType))
      return fail("out of memory for output '" + std::string(nameOf(info)) +
                  "' of shape " + seam::aot::formatShape(shapeOf(info)));
    outputPointers.push_back(outputs[i].rawData());
  }
  auto run = [&]() {
    return seam_aot_run(instance.get(), inputPointers.data(),
                        outputPointers.data(), options.threads) == 0;
  };

  if (!run())
    return fail(seam_aot_last_error());
  for (uint32_t i = 0; i < model->numOutputs; ++i) {
    const SeamAotTensorInfo &info = model->outputs[i];
    std::printf("output %s: %s", nameOf(info),
                seam::aot::formatShape(shapeOf(info)).c_str());
    if (info.elementType != SEAM_AOT_FLOAT32)
      std::printf(" %s", seam_element_type_name(info.elementType));
    std::printf("\n");
  }

  if (!options.saveOutputs.empty()) {
    // Every name is checked before anything is written, and a failed write
    // removes what was written: all the outputs or none.
    std::string dir = options.saveOutputs;
    if (dir.back() != '/')
      dir += '/';
    std::vector<std::pair<std::string, const Tensor *>> files;
    for (uint32_t i = 0; i < model->numOutputs; ++i) {
      std::string name = nameOf(model->outputs[i]);
      if (!isPlainFileName(name))
        return fail("output '" + name +
                    "' cannot be saved: its name is not a plain file name "
                    "(it is empty, '.' or '..', or holds '/' or '\\')");
      files.emplace_back(dir + name + ".npy", &outputs[i]);
    }
    for (size_t i = 0; i < files.size(); ++i)
      if (!seam::aot::writeNpy(files[i].first, *files[i].second, error)) {
        for (size_t j = 0; j < i; ++j)
          ::unlink(files[j].first.c_str());
        return fail(error);
      }
  }

  bool allPass = true;
  if (!options.expects.empty()) {
    std::map<std::string, Tensor> expected;
    if (!bindFiles(options.expects, model->outputs, model->numOutputs, "output",
                   /*checkShapes=*/false, expected, error))
      return fail(error);
    for (const auto &entry : expected) {
      const Tensor *actual = nullptr;
      for (uint32_t i = 0; i < model->numOutputs && !actual; ++i)
        if (entry.first == nameOf(model->outputs[i]))
          actual = &outputs[i];
      if (!actual)
        return fail("the model has no output named '" + entry.first + "'");
      seam::aot::Comparison c = seam::aot::compareTensors(
          *actual, entry.second, options.rtol, options.atol);
      allPass &= c.pass;
      std::printf(
          "compare: %s max_abs=%s max_rel=%s output=%s",
          c.pass ? "PASS" : "FAIL", seam::aot::formatExponent(c.maxAbs).c_str(),
          seam::aot::formatExponent(c.maxRel).c_str(), entry.first.c_str());
      if (actual->elementType() != SEAM_AOT_FLOAT32)
        std::printf(" dtype=%s", seam_element_type_name(actual->elementType()));
      if (!c.error.empty())
        std::printf(" (%s)", c.error.c_str());
      else if (c.mismatches)
        std::printf(" mismatches=%lld first_mismatch=%lld",
                    static_cast<long long>(c.mismatches),
                    static_cast<long long>(c.firstMismatch));
      std::printf("\n");
    }
  }

  if (options.bench > 0) {
    unsigned warmup = std::min(options.bench, 5u);
    for (unsigned i = 0; i < warmup; ++i)
      if (!run())
        return fail(seam_aot_last_error());
    std::vector<double> times;
    times.reserve(options.bench);
    for (unsigned i = 0; i < options.bench; ++i) {
      auto start = std::chrono::steady_clock::now();
      if (!run())
        return fail(seam_aot_last_error());
      times.push_back(millisecondsSince(start));
    }
    std::sort(times.begin(), times.end());
    double median =
        times.size() % 2
            ? times[times.size() / 2]
            : (times[times.size() / 2 - 1] + times[times.size() / 2]) / 2;
    std::printf("throughput: %s inferences/s\n",
                seam::aot::formatFixed(1000.0 / median, 1).c_str());
    std::printf("latency_ms: median=%s min=%s max=%s runs=%zu\n",
                seam::aot::formatFixed(median, 3).c_str(),
                seam::aot::formatFixed(times.front(), 3).c_str(),
                seam::aot::formatFixed(times.back(), 3).c_str(), times.size());
  }
  return allPass ? 0 : 2;
}

} // namespace

extern "C" int seam_aot_runner_main(const SeamAotModel *model, int argc,
                                    char **argv) {
  int status = runnerMain(model, argc, argv);
  std::fflush(stdout);
  return status;
}
