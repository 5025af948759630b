//===- DistinctResults.cpp - One buffer per function result ---------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

namespace seam {
#define GEN_PASS_DEF_SEAMDISTINCTRESULTSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamDistinctResultsPass
    : public seam::impl::SeamDistinctResultsPassBase<SeamDistinctResultsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp ret) {
      llvm::SmallDenseSet<Value> seen;
      OpBuilder builder(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        Value value = operand.get();
        auto type = dyn_cast<MemRefType>(value.getType());
        if (!type || !type.hasStaticShape() || seen.insert(value).second)
          continue;
        auto copy = memref::AllocOp::create(
            builder, ret.getLoc(),
            MemRefType::get(type.getShape(), type.getElementType()));
        memref::CopyOp::create(builder, ret.getLoc(), value, copy);
        operand.set(copy);
      }
    });
  }
};

} // namespace
