//===- FoldConstants.cpp - Evaluate seam ops on constant operands ---------===//

#include "seam/Transforms/Passes.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"
#include "seam/SeamScalarFns.h"
#include "seam/SeamShapes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMFOLDCONSTANTSPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// Row-major strides of `shape`.
SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// The elements `op` computes from the constant `inputs`, or nullopt if it
/// is not an op this pass evaluates.
std::optional<std::vector<float>>
evaluate(Operation *op, ArrayRef<std::vector<float>> inputs) {
  if (auto fn = getUnaryScalarFn(op)) {
    std::vector<float> out(inputs[0].size());
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = fn(inputs[0][i]);
    return out;
  }
  if (auto fn = getBinaryScalarFn(op)) {
    std::vector<float> out;
    forEachBroadcastElement(
        shapeOf(op->getResult(0)), shapeOf(op->getOperand(0)),
        shapeOf(op->getOperand(1)), [&](int64_t, int64_t l, int64_t r) {
          out.push_back(fn(inputs[0][l], inputs[1][r]));
        });
    return out;
  }
  if (isa<ReshapeOp, FlattenOp>(op))
    return inputs[0];
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    ArrayRef<int64_t> in = shapeOf(transpose.getInput());
    ArrayRef<int64_t> outShape = shapeOf(transpose.getResult());
    ArrayRef<int64_t> perm = transpose.getPerm();
    SmallVector<int64_t> inStrides = stridesOf(in),
                         outStrides = stridesOf(outShape);
    std::vector<float> out(inputs[0].size());
    for (int64_t flat = 0, e = out.size(); flat < e; ++flat) {
      int64_t src = 0;
      for (size_t d = 0; d < outShape.size(); ++d)
        src += ((flat / outStrides[d]) % outShape[d]) * inStrides[perm[d]];
      out[flat] = inputs[0][src];
    }
    return out;
  }
  return std::nullopt;
}

struct SeamFoldConstantsPass
    : public seam::impl::SeamFoldConstantsPassBase<SeamFoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<SeamDialect>(op->getDialect()) && op->getNumResults() == 1 &&
          op->getNumOperands() > 0)
        ops.push_back(op);
    });
    // Program order: a chain of constant ops folds front to back.
    for (Operation *op : ops) {
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (!type || !type.getElementType().isF32() ||
          type.getNumElements() > maxElements ||
          !llvm::all_of(op->getOperands(), isF32Constant))
        continue;
      SmallVector<std::vector<float>> inputs;
      for (Value v : op->getOperands())
        inputs.push_back(*getF32ConstantData(v));
      std::optional<std::vector<float>> result = evaluate(op, inputs);
      if (!result)
        continue;
      OpBuilder builder(op);
      Value constant =
          createF32Constant(builder, op->getLoc(), type.getShape(), *result,
                            (op->getName().stripDialect() + "_folded").str());
      // The same constant may stand for several operands: erase it once.
      llvm::SetVector<Value> operands(op->getOperands().begin(),
                                      op->getOperands().end());
      op->getResult(0).replaceAllUsesWith(constant);
      op->erase();
      for (Value v : operands)
        if (auto c = v.getDefiningOp<arith::ConstantOp>(); c && c->use_empty())
          c.erase();
      ++numFolded;
    }
  }
};

} // namespace
