//===- CollapseElementwise.cpp - Elementwise loops over contiguous dims ---===//
//
// An elementwise op on a [1, 1152, 7, 7] buffer lowers to a loop nest whose
// innermost loop runs 7 times: too short for LLVM to vectorize ("not
// beneficial"), so each element is scalar code (a libm call for a Sigmoid).
// Collapsing the trailing dims that are contiguous in every buffer makes it
// one loop of 56,448 elements.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace seam {
#define GEN_PASS_DEF_SEAMCOLLAPSEELEMENTWISEPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// The iteration dims {0}, {1}, ..., {start - 1}, {start, ..., rank - 1}.
SmallVector<ReassociationIndices> collapseFrom(int64_t start, int64_t rank) {
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < start; ++d)
    groups.push_back({d});
  ReassociationIndices trailing;
  for (int64_t d = start; d < rank; ++d)
    trailing.push_back(d);
  groups.push_back(trailing);
  return groups;
}

/// Whether the dims from `start` on can be collapsed in every operand of
/// `op`: operands indexed by the identity must be contiguous there (or be
/// `contiguous`, to be replaced by a contiguous buffer), the others must not
/// use those dims (a per-channel scale).
bool canCollapseFrom(linalg::GenericOp op, int64_t start,
                     OpOperand *contiguous = nullptr) {
  int64_t rank = op.getNumLoops();
  SmallVector<ReassociationIndices> groups = collapseFrom(start, rank);
  if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), groups))
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      return false;
    if (&operand == contiguous)
      type = MemRefType::get(type.getShape(), type.getElementType());
    if (map.isIdentity()) {
      if (!memref::CollapseShapeOp::isGuaranteedCollapsible(type, groups))
        return false;
      continue;
    }
    for (AffineExpr result : map.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (!dim || static_cast<int64_t>(dim.getPosition()) >= start)
        return false;
    }
  }
  return true;
}

struct SeamCollapseElementwisePass
    : public seam::impl::SeamCollapseElementwisePassBase<
          SeamCollapseElementwisePass> {
  using Base::Base;

  /// When only the output keeps the dims from `start` on from collapsing
  /// (the interior of a padded buffer, whose rows are apart) and its rows
  /// are shorter than `short-rows`, makes `op` write a contiguous buffer
  /// that is then copied into the output: the copy is cheap, the op's body
  /// (a Sigmoid) vectorized instead of scalar. Not when the body reads the
  /// output.
  bool computeInContiguousBuffer(IRRewriter &rewriter, linalg::GenericOp op,
                                 int64_t start) {
    if (op.getNumDpsInits() != 1)
      return false;
    OpOperand &init = op.getDpsInitsMutable()[0];
    auto type = dyn_cast<MemRefType>(init.get().getType());
    if (!type || type.getShape().back() >= shortRows ||
        !op.getMatchingIndexingMap(&init).isIdentity() ||
        op.payloadUsesValueFromOperand(&init) ||
        !canCollapseFrom(op, start, &init))
      return false;
    Location loc = op.getLoc();
    Value output = init.get();
    rewriter.setInsertionPoint(op);
    Value buffer = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
        rewriter.getI64IntegerAttr(64));
    rewriter.modifyOpInPlace(op, [&] { init.set(buffer); });
    rewriter.setInsertionPointAfter(op);
    linalg::CopyOp::create(rewriter, loc, buffer, output);
    memref::DeallocOp::create(rewriter, loc, buffer);
    return true;
  }

  void runOnOperation() override {
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      if (op.hasPureBufferSemantics() && op.getNumLoops() > 1 &&
          op.getNumLoops() == op.getNumParallelLoops() &&
          !op.hasDynamicShape())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : ops) {
      int64_t rank = op.getNumLoops();
      // The longest collapsible run of trailing dims.
      for (int64_t start = 0; start < rank - 1; ++start) {
        if (!canCollapseFrom(op, start) &&
            !(computeInContiguousBuffer(rewriter, op, start)))
          continue;
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::CollapseResult> collapsed =
            linalg::collapseOpIterationDims(op, collapseFrom(start, rank),
                                            rewriter);
        if (succeeded(collapsed))
          rewriter.eraseOp(op);
        break;
      }
    }
  }
};

} // namespace
