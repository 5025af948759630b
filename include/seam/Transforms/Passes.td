//===- Passes.td - Seam's graph-level passes ---------------*- tablegen -*-===//
//
// Passes on the seam dialect that prepare a graph for partitioning, and the
// passes that partition it between backends and the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TRANSFORMS_PASSES_TD
#define SEAM_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SeamFoldBatchNormPass : Pass<"seam-fold-batch-norm", "::mlir::func::FuncOp"> {
  let summary = "Fold an inference batch_norm that follows a conv into the conv";
  let description = [{
    Rewrites `seam.batch_norm(seam.conv(x, W, b?), scale, bias, mean, var)`,
    when the conv has no other user and W, b and the four batch-norm
    parameters are constants, into one `seam.conv(x, W', b')` with

      s  = scale / sqrt(var + epsilon)
      W' = W * s            (per output channel)
      b' = (b - mean) * s + bias

    so that kernel-library patterns see a conv (+ bias) and nothing between
    it and its activation. A batch_norm that does not follow such a conv stays.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numFolded", "folded", "Number of batch_norm ops folded into a conv">
  ];
}

def SeamFoldConstantsPass : Pass<"seam-fold-constants", "::mlir::func::FuncOp"> {
  let summary = "Evaluate seam ops whose operands are all constants";
  let description = [{
    Replaces a seam op whose operands are all f32 constants (dense or
    dense_resource) by the constant it computes: elementwise unary and
    binary ops (with broadcasting), reshape, flatten and transpose. This is
    how weights that an exporter computes in the graph (a transposed MatMul
    weight, a scaled kernel) become plain constants that patterns can match.
    Results with more than `max-elements` elements are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1 << 26",
           "Largest result (in elements) to evaluate">
  ];
  let statistics = [
    Statistic<"numFolded", "folded", "Number of ops evaluated to constants">
  ];
}

def SeamRaiseDecomposedOpsPass
    : Pass<"seam-raise-decomposed-ops", "::mlir::func::FuncOp"> {
  let summary = "Rewrite the arithmetic of LayerNorm and GELU into the ops";
  let description = [{
    Exporters write LayerNormalization before opset 17 and GELU before
    opset 20 as their arithmetic. This pass rewrites

      d = x - reduce_mean(x); d / sqrt(reduce_mean(d * d) + eps) [* s] [+ b]

    (the means over the same trailing axes from `axis`, kept; `d * d` or
    `pow(d, 2)`; `s` and `b` varying only along those axes, each the only
    user of the op before it) into `seam.layer_norm(x, s, b)` (a scale of
    ones when there is none), and

      0.5 * x * (1 + erf(x / sqrt(2)))
      0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))

    (products in any order and grouping, `/ c` as `* (1 / c)`, `x^3` as
    `pow(x, 3)` or products of x) into `seam.gelu(x)` with `approximate`
    none or tanh. Constants match up to their rounding to f32. Kernel
    libraries then see one layer-normalization primitive and a GELU they
    fuse into the matmul before it; the compiler, one loop each.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SeamCheckTensorSizesPass : Pass<"seam-check-tensor-sizes", "::mlir::ModuleOp"> {
  let summary = "Refuse a model whose tensors are larger than a limit";
  let description = [{
    Checks, before anything is folded, compiled or allocated, the size in
    bytes of every tensor a model declares: the function's arguments and
    results, every constant and every op result. One over `max-bytes`, or
    one whose size int64 cannot count, is an error at the op (or argument)
    that declares it, with its type and size. A model file can thus not make
    Seam allocate what it asks for (an input of 2^36 floats aborted in the
    JIT with "LLVM ERROR: out of memory").
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"int64_t(4) << 30",
           "Largest tensor allowed, in bytes">
  ];
}

//===----------------------------------------------------------------------===//
// Partitioning (Seam's BYOC): composite -> annotate -> merge -> prune -> outline
//===----------------------------------------------------------------------===//

defvar BackendsOptionDesc =
    "Backends in priority order (a,b), or none; names a registered backend";

def SeamMergeCompositePass : Pass<"seam-merge-composite", "::mlir::ModuleOp"> {
  let summary = "Wrap each match of a backend's pattern table in seam.composite";
  let description = [{
    For each backend of `backends`, in priority order, and each entry of its
    pattern table, in order, matches the entry's pattern at every op of every
    function (program order) and wraps the match in
    `seam.composite "<backend>.<entry>[_<tag>...]"`, e.g.
    `"test.conv2d_bias_relu"`, when the entry's check function accepts it.
    The composite takes every value the matched ops use from outside the
    match (input, weights, bias, residual), in the order the ops use them,
    and sits where the last matched op was; the weights stay constants
    outside it until seam-outline-regions moves them with the region.

    When a pattern that can start at an op refuses it (a weight that is not
    a constant, a check that fails), the reason is added to the op's
    `seam.reason`, "<backend>.<entry>: <why>", so that the report can say
    why the op was not offloaded.

    An unknown backend name is an error that names it and the known ones.
  }];
  let options = [
    ListOption<"backends", "backends", "std::string", BackendsOptionDesc>
  ];
  let statistics = [
    Statistic<"numComposites", "composites", "Number of composites created">
  ];
}

def SeamAnnotateTargetPass : Pass<"seam-annotate-target", "::mlir::ModuleOp"> {
  let summary = "Assign composites and supported single ops to a backend";
  let description = [{
    Marks each `seam.composite` with `seam.backend` = its backend, and each
    other seam op with the first backend of `backends` whose single-op
    predicate accepts it. Every seam op no backend takes is left to the
    compiler with `seam.reason` saying why: the refusals of the patterns that
    could start at it (recorded by seam-merge-composite) and of each backend's
    single-op predicate, e.g. "test: seam.softmax is not supported".
    Functions already outlined for a backend are left alone.
  }];
  let options = [
    ListOption<"backends", "backends", "std::string", BackendsOptionDesc>
  ];
}

def SeamMergeRegionsPass : Pass<"seam-merge-regions", "::mlir::func::FuncOp"> {
  let summary = "Merge neighbouring ops of the same backend into regions";
  let description = [{
    Starts with one region per op that has a `seam.backend`, and merges the
    regions of a producer and a consumer that have the same backend, unless
    the merge would create a cycle: a region may never depend on itself
    through an op outside it (the diamond `a -> compiler op -> b` with the
    edge `a -> b`). Regions that are not connected by a value stay apart. A
    region can have several outputs. Records the region of each op as
    `seam.region`, numbered in program order of the regions' first ops.
  }];
  let statistics = [
    Statistic<"numRegions", "regions", "Number of regions formed">
  ];
}

def SeamPruneRegionsPass : Pass<"seam-prune-regions", "::mlir::func::FuncOp"> {
  let summary = "Give regions without heavy compute back to the compiler";
  let description = [{
    A region without a conv, matmul or gemm (as an op or inside a composite)
    costs more at the offload boundary than it saves: its ops lose
    `seam.backend` and `seam.region`, its composites are unwrapped, and each
    op's `seam.reason` says it was pruned. Every op with `seam.backend` must
    have a `seam.region` (run seam-merge-regions first).
  }];
  let statistics = [
    Statistic<"numPruned", "pruned", "Number of regions given back to the compiler">
  ];
}

def SeamOutlineRegionsPass : Pass<"seam-outline-regions", "::mlir::ModuleOp"> {
  let summary = "Outline each region into a function of its backend";
  let description = [{
    Moves each region into `func.func private @<backend>_<n>` (n counts the
    regions of a backend over the module) with `seam.backend` and
    `seam.composites` (the names of its composites, in order), and replaces
    it by a `func.call`. The function takes the values the region uses from
    outside, except constants: the constants it uses (its weights) are
    cloned into it, and erased where nothing else uses them. It returns every
    value of the region used outside it.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let statistics = [
    Statistic<"numOutlined", "outlined", "Number of regions outlined">
  ];
}

def SeamPartitionReportPass : Pass<"seam-partition-report", "::mlir::ModuleOp"> {
  let summary = "Print the partition table of the module";
  let description = [{
    Prints, to stdout, per backend the number of regions, composites and
    seam ops offloaded and their share of the model's FLOPs, then every op
    left to the compiler with its `seam.reason`. Changes nothing. Meant after
    seam-outline-regions; before it, ops with `seam.backend` count as
    offloaded.
  }];
}

#endif // SEAM_TRANSFORMS_PASSES_TD
