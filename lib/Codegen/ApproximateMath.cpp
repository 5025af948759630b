//===- ApproximateMath.cpp - f32 math functions as inline polynomials -----===//
//
// A Sigmoid's exp was a libm call per element, which kept its loop scalar.
// The selected math ops become MLIR's polynomial approximations, arithmetic
// that LLVM vectorizes.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSet.h"

namespace seam {
#define GEN_PASS_DEF_SEAMAPPROXIMATEMATHPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Whether `type` is a float or a fixed-size vector of floats.
bool hasIntrinsicType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return !vector.isScalable() && isa<FloatType>(vector.getElementType());
  return isa<Float32Type, Float64Type>(type);
}

/// `op` (a math.fma or math.floor) on `operands` of a float or 1-D vector
/// type, as its LLVM intrinsic.
Value createIntrinsic(OpBuilder &b, Location loc, Operation *op,
                      ValueRange operands) {
  if (isa<math::FmaOp>(op))
    return LLVM::FMAOp::create(b, loc, operands[0], operands[1], operands[2]);
  return LLVM::FFloorOp::create(b, loc, operands[0]);
}

/// The fmas and floors (the approximations' own, and the model's) become
/// LLVM intrinsics here: convert-math-to-libm, which runs next, would make
/// them calls of fmaf and floorf (a vector op one call per lane). An n-D
/// vector op becomes one intrinsic per row, as LLVM takes 1-D vectors only.
void lowerToIntrinsics(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<math::FmaOp, math::FloorOp>(op) &&
        hasIntrinsicType(op->getResult(0).getType()))
      ops.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    auto vector = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!vector || vector.getRank() == 1) {
      rewriter.replaceOp(op, createIntrinsic(rewriter, loc, op,
                                             op->getOperands()));
      continue;
    }
    ArrayRef<int64_t> rows = vector.getShape().drop_back();
    Value result = arith::ConstantOp::create(
        rewriter, loc, vector, rewriter.getZeroAttr(vector));
    SmallVector<int64_t> index(rows.size(), 0);
    for (int64_t n = 0, e = ShapedType::getNumElements(rows); n < e; ++n) {
      for (int64_t rest = n, d = rows.size() - 1; d >= 0; --d) {
        index[d] = rest % rows[d];
        rest /= rows[d];
      }
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(
            vector::ExtractOp::create(rewriter, loc, operand, index));
      Value row = createIntrinsic(rewriter, loc, op, operands);
      result = vector::InsertOp::create(rewriter, loc, row, result, index);
    }
    rewriter.replaceOp(op, result);
  }
}

/// exp(NaN) is NaN through the approximation only by luck: its exponent is
/// `fptosi` of NaN, poison in LLVM, which may fold to anything. A NaN
/// operand selects itself instead (an unselected poison stays unselected).
void keepNaNs(math::ExpOp exp) {
  if (!getElementTypeOrSelf(exp.getType()).isF32())
    return;
  OpBuilder b(exp.getContext());
  b.setInsertionPointAfter(exp);
  Location loc = exp.getLoc();
  Value x = exp.getOperand();
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  auto select = arith::SelectOp::create(b, loc, isNaN, x, exp.getResult());
  exp.getResult().replaceAllUsesExcept(select.getResult(), select);
}

struct SeamApproximateMathPass
    : public seam::impl::SeamApproximateMathPassBase<SeamApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    // Full op names ("math.exp"), as the pattern predicate receives them.
    llvm::StringSet<> selected;
    if (functions.empty())
      selected.insert(math::ExpOp::getOperationName());
    for (const std::string &name : functions)
      selected.insert(("math." + name));
    auto isSelected = [&](StringRef name) { return selected.contains(name); };

    // Only the selected ops and what their rewrites create: no folding or
    // simplification of the rest of the function.
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) &&
          isSelected(op->getName().getStringRef()))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (auto exp = dyn_cast<math::ExpOp>(op))
        keepNaNs(exp);
    if (!ops.empty()) {
      RewritePatternSet patterns(&getContext());
      populateMathPolynomialApproximationPatterns(patterns, isSelected);
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
      config.enableFolding(false);
      if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
        return signalPassFailure();
    }
    lowerToIntrinsics(getOperation());
  }
};

} // namespace
