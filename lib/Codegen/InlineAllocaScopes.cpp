//===- InlineAllocaScopes.cpp - Inline alloca scopes that allocate nothing ===//

#include "seam/Codegen/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMINLINEALLOCASCOPESPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamInlineAllocaScopesPass
    : public seam::impl::SeamInlineAllocaScopesPassBase<
          SeamInlineAllocaScopesPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation().walk([&](memref::AllocaScopeOp scope) {
      bool allocates = false;
      scope.getBodyRegion().walk([&](memref::AllocaOp) { allocates = true; });
      if (!allocates)
        scopes.push_back(scope);
    });
    IRRewriter rewriter(&getContext());
    for (memref::AllocaScopeOp scope : scopes) {
      Block &body = scope.getBodyRegion().front();
      auto ret = cast<memref::AllocaScopeReturnOp>(body.getTerminator());
      SmallVector<Value> results(ret.getResults());
      rewriter.eraseOp(ret);
      rewriter.inlineBlockBefore(&body, scope);
      rewriter.replaceOp(scope, results);
    }
  }
};

} // namespace
