//===- DecomposeAggregates.cpp - linalg.softmax & co. into generics -------===//

#include "seam/Codegen/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMDECOMPOSEAGGREGATESPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamDecomposeAggregatesPass
    : public seam::impl::SeamDecomposeAggregatesPassBase<
          SeamDecomposeAggregatesPass> {
  void runOnOperation() override {
    SmallVector<linalg::AggregatedOpInterface> ops;
    getOperation().walk(
        [&](linalg::AggregatedOpInterface op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::AggregatedOpInterface op : ops) {
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
      if (failed(values)) {
        op->emitError("cannot be decomposed into simpler linalg ops");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *values);
    }
  }
};

} // namespace
