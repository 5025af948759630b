//===- Passes.td - Passes of Seam's lowering pipeline ------*- tablegen -*-===//

#ifndef SEAM_PIPELINE_PASSES_TD
#define SEAM_PIPELINE_PASSES_TD

include "mlir/Pass/PassBase.td"

def SeamDecomposeAggregatesPass
    : Pass<"seam-decompose-aggregates", "::mlir::func::FuncOp"> {
  let summary = "Decompose aggregated linalg ops (linalg.softmax) into generics";
  let description = [{
    Replaces every op implementing linalg's AggregatedOpInterface (such as
    `linalg.softmax`) on tensors by the simpler linalg ops its
    `decomposeOperation` returns (max-reduce, sub + exp, sum-reduce, div), so
    that the rest of the pipeline, which only knows structured ops, lowers it.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

#endif // SEAM_PIPELINE_PASSES_TD
