//===- VectorizeCopies.cpp - Copies on buffers as rows of vector moves ----===//
//
// After bufferization, the copies a convolution makes (im2col, a band into
// its padded matrix or out of it into the output) are linalg ops on strided
// buffers whose innermost dim is a short row: 28 floats. Lowered to loops,
// LLVM left them scalar (source and destination may alias; 28 iterations
// were unrolled, not vectorized). Here each row becomes vector transfers.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "KernelEquivalence.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace seam {
#define GEN_PASS_DEF_SEAMVECTORIZECOPIESPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Whether the innermost dim of `type` is contiguous (stride 1).
bool hasUnitInnerStride(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.getRank() > 0 &&
         succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// The coefficient of dim `d` in `expr`, a sum of terms; none when `d`
/// appears under a division or modulo, or multiplied by a non-constant.
std::optional<int64_t> coefficientOf(AffineExpr expr, unsigned d) {
  if (!expr.isFunctionOfDim(d))
    return 0;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return 1;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    std::optional<int64_t> lhs = coefficientOf(binary.getLHS(), d);
    std::optional<int64_t> rhs = coefficientOf(binary.getRHS(), d);
    if (!lhs || !rhs)
      return std::nullopt;
    return *lhs + *rhs;
  }
  if (binary.getKind() == AffineExprKind::Mul)
    if (auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      if (std::optional<int64_t> lhs = coefficientOf(binary.getLHS(), d))
        return *lhs * constant.getValue();
  return std::nullopt;
}

/// The shape of a copy this pass vectorizes: a static all-parallel op on
/// buffers with one input and one output of the same element type, whose
/// body yields the input element, whose output is indexed by the identity,
/// and whose innermost loop dim walks the input's innermost dim with
/// stride 1 and no other (im2col's `(c, kh, kw, oh, ow) -> (0, c, oh + kh,
/// ow + kw)`). Both innermost dims are contiguous.
bool isRowCopy(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops() || op.getNumLoops() == 0)
    return false;
  OpOperand *input = op.getDpsInputOperand(0);
  OpOperand *output = op.getDpsInitOperand(0);
  auto inType = dyn_cast<MemRefType>(input->get().getType());
  auto outType = dyn_cast<MemRefType>(output->get().getType());
  if (llvm::is_contained(op.getStaticLoopRanges(), 0))
    return false;
  if (!inType || !outType ||
      inType.getElementType() != outType.getElementType() ||
      !VectorType::isValidElementType(inType.getElementType()) ||
      !inType.hasStaticShape() || !outType.hasStaticShape() ||
      !hasUnitInnerStride(inType) || !hasUnitInnerStride(outType))
    return false;
  // The body yields the input element.
  Block *body = op.getBlock();
  auto yield = dyn_cast<linalg::YieldOp>(body->getTerminator());
  if (!yield || body->getOperations().size() != 1 ||
      yield.getNumOperands() != 1 ||
      yield.getOperand(0) != body->getArgument(0))
    return false;
  if (!op.getMatchingIndexingMap(output).isIdentity())
    return false;
  // The innermost loop dim appears in the input's last index alone, as
  // `... + d`, and nowhere else.
  AffineMap inMap = op.getMatchingIndexingMap(input);
  unsigned inner = op.getNumLoops() - 1;
  for (unsigned r = 0; r + 1 < inMap.getNumResults(); ++r)
    if (inMap.getResult(r).isFunctionOfDim(inner))
      return false;
  return coefficientOf(inMap.getResult(inMap.getNumResults() - 1), inner) == 1;
}

/// Whether `value` is an argument of its function marked as a buffer of its
/// own (seam-outline-kernels: an allocation no other argument views).
bool isFreshArgument(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument)
    return false;
  auto function =
      dyn_cast<FunctionOpInterface>(argument.getOwner()->getParentOp());
  return function && argument.getOwner()->isEntryBlock() &&
         function.getArgAttr(argument.getArgNumber(), seam::kFreshBufferAttr);
}

/// Whether `op`'s output lives in a buffer of its own that its input cannot
/// be a view of: an allocation (in this function, or the caller's, passed
/// as an argument marked as such), and the input a view of another one, of
/// a global or of an argument of the function (not of a value that could
/// be the same allocation, such as a loop's argument). Then a row's
/// elements may be written twice (an overlapping last vector) without
/// changing what is read.
bool writesFreshBuffer(linalg::LinalgOp op) {
  auto underlying = [](OpOperand *operand) -> Value {
    return memref::skipViewLikeOps(cast<MemrefValue>(operand->get()));
  };
  Value out = underlying(op.getDpsInitOperand(0));
  Value in = underlying(op.getDpsInputOperand(0));
  if (out == in || !(isFreshArgument(out) ||
                     isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
                         out.getDefiningOp())))
    return false;
  if (auto argument = dyn_cast<BlockArgument>(in))
    return isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
  return isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(
      in.getDefiningOp());
}

struct SeamVectorizeCopiesPass
    : public seam::impl::SeamVectorizeCopiesPassBase<SeamVectorizeCopiesPass> {
  using Base::Base;

  void vectorize(IRRewriter &rewriter, linalg::LinalgOp op) {
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t rowLength = ranges.back();
    // A row of at most maxVector elements is one vector. A longer one into
    // a fresh buffer is a loop of vectors of maxVector up to the last one,
    // which ends at the row's end (overlapping the one before: the elements
    // written twice are the same); into another buffer, a loop of vectors
    // of maxVector, a loop of vectors of loopVector over what is left and
    // one shorter vector. Every part that can be a loop is one, even of one
    // iteration, so that rows of other lengths get the same code but for
    // constants: seam-share-similar-kernels then makes one kernel of
    // convolutions that differ only in their channel counts (their K tiles
    // of 120 and 104 floats were 64 + 56 and 64 + 40: two kernels).
    int64_t wide = std::max<int64_t>(maxVector, 1);
    int64_t narrow = std::clamp<int64_t>(loopVector, 1, wide);
    bool overlapLast = writesFreshBuffer(op);
    Value input = op.getDpsInputOperand(0)->get();
    Value output = op.getDpsInitOperand(0)->get();
    AffineMap inMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
    Type element = cast<MemRefType>(input.getType()).getElementType();
    Value padding = arith::ConstantOp::create(rewriter, loc, element,
                                              rewriter.getZeroAttr(element));

    // One row at `ivs` (the outer loop dims, then the offset in the row):
    // `size` elements moved as one vector.
    auto moveRow = [&](OpBuilder &b, ValueRange ivs, int64_t size) {
      SmallVector<Value> from;
      for (AffineExpr expr : inMap.getResults())
        from.push_back(affine::AffineApplyOp::create(
            b, loc, AffineMap::get(inMap.getNumDims(), 0, expr), ivs));
      auto type = VectorType::get({size}, element);
      SmallVector<bool> inBounds = {true};
      Value row = vector::TransferReadOp::create(b, loc, type, input, from,
                                                 padding, inBounds);
      vector::TransferWriteOp::create(b, loc, row, output, ivs, inBounds);
    };
    // The loops over the outer dims, then the row: vectors of `wide`, of
    // `narrow`, and one shorter vector for the remainder.
    std::function<void(OpBuilder &, SmallVector<Value>)> build =
        [&](OpBuilder &b, SmallVector<Value> ivs) {
          if (ivs.size() + 1 < ranges.size()) {
            Value zero = arith::ConstantIndexOp::create(b, loc, 0);
            Value upper =
                arith::ConstantIndexOp::create(b, loc, ranges[ivs.size()]);
            Value one = arith::ConstantIndexOp::create(b, loc, 1);
            scf::ForOp::create(
                b, loc, zero, upper, one, ValueRange{},
                [&](OpBuilder &nested, Location, Value iv, ValueRange) {
                  SmallVector<Value> inner = ivs;
                  inner.push_back(iv);
                  build(nested, inner);
                  scf::YieldOp::create(nested, loc);
                });
            return;
          }
          auto at = [&](OpBuilder &b, Value offset, int64_t size) {
            SmallVector<Value> all = ivs;
            all.push_back(offset);
            moveRow(b, all, size);
          };
          if (rowLength <= wide) {
            at(b, arith::ConstantIndexOp::create(b, loc, 0), rowLength);
            return;
          }
          // Vectors of `size` from `first` to `last` (exclusive).
          auto loop = [&](int64_t first, int64_t last, int64_t size) {
            Value lower = arith::ConstantIndexOp::create(b, loc, first);
            Value upper = arith::ConstantIndexOp::create(b, loc, last);
            Value step = arith::ConstantIndexOp::create(b, loc, size);
            scf::ForOp::create(
                b, loc, lower, upper, step, ValueRange{},
                [&](OpBuilder &nested, Location, Value offset, ValueRange) {
                  at(nested, offset, size);
                  scf::YieldOp::create(nested, loc);
                });
          };
          if (overlapLast) {
            // Vectors of `wide` up to the last one, which ends at the row's
            // end: the same code for every length (a multiple of `wide`
            // included, whose last vector then overlaps nothing).
            loop(0, (rowLength - 1) / wide * wide, wide);
            at(b, arith::ConstantIndexOp::create(b, loc, rowLength - wide),
               wide);
            return;
          }
          int64_t bulk = rowLength / wide * wide;
          loop(0, bulk, wide);
          if (bulk == rowLength)
            return;
          int64_t whole = bulk + (rowLength - bulk) / narrow * narrow;
          if (whole > bulk)
            loop(bulk, whole, narrow);
          if (rowLength > whole)
            at(b, arith::ConstantIndexOp::create(b, loc, whole),
               rowLength - whole);
        };
    build(rewriter, {});
    rewriter.eraseOp(op);
  }

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> copies;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isRowCopy(op))
        copies.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : copies)
      vectorize(rewriter, op);
    // The marks are this pass's: kernels are shared later on their bodies
    // alone, which now hold what the marks allowed.
    FunctionOpInterface function = getOperation();
    for (unsigned i = 0; i < function.getNumArguments(); ++i)
      function.removeArgAttr(i, seam::kFreshBufferAttr);
  }
};

} // namespace
