//===- Passes.td - Seam's graph-level passes ---------------*- tablegen -*-===//
//
// Passes on the seam dialect that prepare a graph for partitioning.
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

#endif // SEAM_TRANSFORMS_PASSES_TD
