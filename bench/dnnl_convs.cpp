//===- dnnl_convs.cpp - A model's convolutions, directly in oneDNN --------===//
//
//   seam-bench-dnnl-convs MODEL.onnx [--runs N] [--threads T] [--per-conv]
//                         [--nchw16c] [--auto]
//
// The library's own limit for a model: imports MODEL with Seam's importer,
// folds its batch norms into the convolutions (as Seam's prepare stage
// does), and runs every convolution (with its bias, no post-ops) directly as
// a oneDNN primitive, back to back, each in the layouts oneDNN prefers
// (format_tag::any, i.e. blocked), with data and weights reordered once
// outside the timed loop. No Seam code runs in the timed loop. Prints, like
// seam-run --bench, `latency_ms: median=... min=... max=... runs=N` for one
// pass over all convolutions (and with --per-conv the median of each).
// --nchw16c asks for oneDNN's nChw16c activations (where channels allow)
// instead of letting it choose; --auto lets it choose the algorithm
// (convolution_auto: Winograd where it has one) instead of direct.
//
//===----------------------------------------------------------------------===//

#include "seam/Import/OnnxImporter.h"
#include "seam/InitAll.h"
#include "seam/SeamOps.h"
#include "seam/Transforms/PartitionPipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "oneapi/dnnl/dnnl.hpp"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <omp.h>
#include <string>
#include <unordered_map>
#include <vector>

using dnnl::memory;

namespace {

struct Conv {
  memory::dims src, weights, dst, strides, dilations, padLeft, padRight;
  bool bias = false;
  int64_t group = 1;
  double flops = 0;
};

/// The convolutions of the model at `path` after batch-norm folding.
std::vector<Conv> readConvs(const std::string &path) {
  mlir::DialectRegistry registry;
  seam::registerDialects(registry);
  mlir::MLIRContext context(registry);
  seam::loadImportDialects(context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      seam::importOnnxFile(path, context, {});
  if (!module) {
    llvm::errs() << "cannot import " << path << "\n";
    std::exit(1);
  }
  mlir::PassManager pm(&context);
  seam::buildPreparePipeline(pm);
  if (mlir::failed(pm.run(*module)))
    std::exit(1);

  std::vector<Conv> convs;
  module->walk([&](seam::ConvOp op) {
    auto shape = [](mlir::Value v) {
      auto s = llvm::cast<mlir::RankedTensorType>(v.getType()).getShape();
      return memory::dims(s.begin(), s.end());
    };
    Conv c;
    c.src = shape(op.getInput());
    c.weights = shape(op.getWeight());
    c.dst = shape(op.getResult());
    c.group = op.getGroup();
    c.bias = static_cast<bool>(op.getBias());
    size_t n = c.src.size() - 2;
    auto strides = op.getStridesOrDefault(),
         dilations = op.getDilationsOrDefault();
    auto pads = op.getResolvedPads();
    for (size_t i = 0; i < n; ++i) {
      c.strides.push_back(strides[i]);
      c.dilations.push_back(dilations[i] - 1);
      c.padLeft.push_back(pads[i]);
      c.padRight.push_back(pads[n + i]);
    }
    double window = 1;
    for (size_t i = 1; i < c.weights.size(); ++i)
      window *= c.weights[i];
    double outputs = 1;
    for (int64_t d : c.dst)
      outputs *= d;
    c.flops = 2 * window * outputs;
    if (c.group > 1) {
      c.weights[0] /= c.group;
      c.weights.insert(c.weights.begin(), c.group);
    }
    convs.push_back(c);
  });
  return convs;
}

memory::desc any(const memory::dims &dims) {
  return memory::desc(dims, memory::data_type::f32, memory::format_tag::any);
}

/// An activation layout: nChw16c (nCw16c, nCdhw16c) with `blocked16` when
/// the channels divide, else oneDNN's choice.
memory::desc activation(const memory::dims &dims, bool blocked16) {
  using Tag = memory::format_tag;
  if (!blocked16 || dims[1] % 16 != 0)
    return any(dims);
  Tag tag = dims.size() == 3   ? Tag::nCw16c
            : dims.size() == 4 ? Tag::nChw16c
                               : Tag::nCdhw16c;
  return memory::desc(dims, memory::data_type::f32, tag);
}

/// A memory of layout `md` filled with small values.
memory filled(const memory::desc &md, dnnl::engine &engine) {
  memory m(md, engine);
  auto *data = static_cast<float *>(m.get_data_handle());
  for (size_t i = 0; i < md.get_size() / sizeof(float); ++i)
    data[i] = 0.01f * static_cast<float>(static_cast<int>(i % 17) - 8);
  return m;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: seam-bench-dnnl-convs MODEL.onnx [--runs N] "
                    "[--threads T] [--per-conv]\n";
    return 1;
  }
  std::string path = argv[1];
  int runs = 50, threads = 0;
  bool perConv = false, blocked16 = false, autoAlgorithm = false;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--threads" && i + 1 < argc)
      threads = std::atoi(argv[++i]);
    else if (arg == "--per-conv")
      perConv = true;
    else if (arg == "--nchw16c")
      blocked16 = true;
    else if (arg == "--auto")
      autoAlgorithm = true;
  }
  if (threads > 0)
    omp_set_num_threads(threads);

  std::vector<Conv> convs = readConvs(path);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  std::vector<dnnl::convolution_forward> primitives;
  std::vector<std::unordered_map<int, memory>> args;
  double flops = 0;
  for (const Conv &c : convs) {
    using Desc = dnnl::convolution_forward::desc;
    auto kind = dnnl::prop_kind::forward_inference;
    auto alg = autoAlgorithm ? dnnl::algorithm::convolution_auto
                             : dnnl::algorithm::convolution_direct;
    memory::desc src = activation(c.src, blocked16),
                 dst = activation(c.dst, blocked16);
    memory::desc biasMd({c.dst[1]}, memory::data_type::f32,
                        memory::format_tag::a);
    Desc d = c.bias ? Desc(kind, alg, src, any(c.weights), biasMd, dst,
                           c.strides, c.dilations, c.padLeft, c.padRight)
                    : Desc(kind, alg, src, any(c.weights), dst, c.strides,
                           c.dilations, c.padLeft, c.padRight);
    dnnl::convolution_forward::primitive_desc pd(d, engine);
    std::unordered_map<int, memory> a = {
        {DNNL_ARG_SRC, filled(pd.src_desc(), engine)},
        {DNNL_ARG_WEIGHTS, filled(pd.weights_desc(), engine)},
        {DNNL_ARG_DST, memory(pd.dst_desc(), engine)}};
    if (c.bias)
      a[DNNL_ARG_BIAS] = filled(pd.bias_desc(), engine);
    primitives.emplace_back(pd);
    args.push_back(std::move(a));
    flops += c.flops;
  }

  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  std::vector<double> passes;
  std::vector<std::vector<double>> each(convs.size());
  for (int r = -3; r < runs; ++r) { // three warm-up passes
    Clock::time_point start = Clock::now(), last = start;
    for (size_t i = 0; i < primitives.size(); ++i) {
      primitives[i].execute(stream, args[i]);
      stream.wait();
      if (perConv) {
        Clock::time_point now = Clock::now();
        if (r >= 0)
          each[i].push_back(ms(last, now));
        last = now;
      }
    }
    if (r >= 0)
      passes.push_back(ms(start, Clock::now()));
  }
  if (perConv)
    for (size_t i = 0; i < convs.size(); ++i)
      llvm::outs() << llvm::formatv(
          "conv {0,2}: {1,8:F3} ms  {2,6:F1} GFLOP/s\n", i, median(each[i]),
          convs[i].flops / median(each[i]) / 1e6);
  std::sort(passes.begin(), passes.end());
  llvm::outs() << llvm::formatv("convolutions: {0}  GFLOP: {1:F3}\n",
                                convs.size(), flops / 1e9);
  llvm::outs() << llvm::formatv(
      "latency_ms: median={0:F3} min={1:F3} max={2:F3} runs={3}\n",
      median(passes), passes.front(), passes.back(), runs);
  return 0;
}
