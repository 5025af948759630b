//===- TopKToLinalg.cpp - seam.top_k to two linalg.generics ---------------===//
//
// seam.top_k in two parallel steps, each a linalg.generic with a reduction
// along the axis (no sort, no loop-carried state):
//
//   1. rank[i] = the number of elements along the axis that come before
//      element i in the result order: larger ones (smaller ones without
//      `largest`), and equal ones with a lower index (ONNX's tie rule).
//      The ranks of a row are a permutation of [0, n).
//   2. values[r], indices[r] for r < k: the one element whose rank is r.
//
// The work per row is n * n comparisons plus n * k selections: fine for the
// axis lengths of classification heads and detection scores; a selection
// loop would beat it on very long rows. A NaN counts as larger than every
// number (as in torch.topk) so that the ranks stay a permutation.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// Whether `a` comes before `b` in the order of `largest`, and whether they
/// are equal, with NaN above every number and equal to itself.
std::pair<Value, Value> compareForTopK(OpBuilder &b, Location loc, Value a,
                                       Value bv, bool largest) {
  if (!isa<FloatType>(a.getType())) {
    using P = arith::CmpIPredicate;
    return {arith::CmpIOp::create(b, loc, largest ? P::sgt : P::slt, a, bv),
            arith::CmpIOp::create(b, loc, P::eq, a, bv)};
  }
  using P = arith::CmpFPredicate;
  Value aNan = arith::CmpFOp::create(b, loc, P::UNO, a, a);
  Value bNan = arith::CmpFOp::create(b, loc, P::UNO, bv, bv);
  Value bothNan = arith::AndIOp::create(b, loc, aNan, bNan);
  Value equal = arith::OrIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OEQ, a, bv), bothNan);
  Value yes = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  // largest: a > b, or a is NaN and b is not; smallest: a < b, or b is NaN
  // and a is not.
  Value before;
  if (largest)
    before = arith::OrIOp::create(
        b, loc, arith::CmpFOp::create(b, loc, P::OGT, a, bv),
        arith::AndIOp::create(b, loc, aNan,
                              arith::XOrIOp::create(b, loc, bNan, yes)));
  else
    before = arith::OrIOp::create(
        b, loc, arith::CmpFOp::create(b, loc, P::OLT, a, bv),
        arith::AndIOp::create(b, loc, bNan,
                              arith::XOrIOp::create(b, loc, aNan, yes)));
  return {before, equal};
}

struct TopKLowering : OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> shape = shapeOf(input);
    unsigned rank = shape.size();
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += rank;
    bool largest = op.getLargest();
    Type i64 = rewriter.getI64Type();

    // Loop dims: the input's (or the result's), then the other position
    // along the axis (dim `rank`), which both steps reduce over.
    AffineMap identity =
        AffineMap::get(rank + 1, 0, dimExprs(ctx, 0, rank), ctx);
    SmallVector<AffineExpr> alongExprs = dimExprs(ctx, 0, rank);
    alongExprs[axis] = getAffineDimExpr(rank, ctx);
    AffineMap along = AffineMap::get(rank + 1, 0, alongExprs, ctx);
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);

    // 1. The rank of each element.
    Value rankInit = filledTensor(rewriter, loc, shape, i64, 0);
    Value ranks =
        linalg::GenericOp::create(
            rewriter, loc, rankInit.getType(), ValueRange{input, input},
            ValueRange{rankInit}, {identity, along, identity}, iterators,
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value self = args[0], other = args[1], count = args[2];
              auto [before, equal] = compareForTopK(b, l, other, self, largest);
              Value earlier =
                  arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                        linalg::IndexOp::create(b, l, rank),
                                        linalg::IndexOp::create(b, l, axis));
              before = arith::OrIOp::create(
                  b, l, before, arith::AndIOp::create(b, l, equal, earlier));
              Value one = arith::ExtUIOp::create(b, l, i64, before);
              linalg::YieldOp::create(
                  b, l, arith::AddIOp::create(b, l, count, one).getResult());
            })
            .getResult(0);

    // 2. The element of rank r at result position r.
    ArrayRef<int64_t> resultShape = op.getValues().getType().getShape();
    Type elementType = elementTypeOf(input);
    Value valueInit = filledTensor(rewriter, loc, resultShape, elementType, 0);
    Value indexInit = filledTensor(rewriter, loc, resultShape, i64, 0);
    auto select = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valueInit.getType(), indexInit.getType()},
        ValueRange{input, ranks}, ValueRange{valueInit, indexInit},
        {along, along, identity, identity}, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], r = args[1];
          Value slot = arith::IndexCastOp::create(
              b, l, i64, linalg::IndexOp::create(b, l, axis));
          Value hit =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, r, slot);
          Value position = arith::IndexCastOp::create(
              b, l, i64, linalg::IndexOp::create(b, l, rank));
          linalg::YieldOp::create(
              b, l,
              ValueRange{
                  arith::SelectOp::create(b, l, hit, x, args[2]).getResult(),
                  arith::SelectOp::create(b, l, hit, position, args[3])
                      .getResult()});
        });
    rewriter.replaceOp(op, select.getResults());
    return success();
  }
};

} // namespace

void lowering::populateTopKPatterns(RewritePatternSet &patterns) {
  patterns.add<TopKLowering>(patterns.getContext());
}
