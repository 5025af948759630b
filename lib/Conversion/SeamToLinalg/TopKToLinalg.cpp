//===- TopKToLinalg.cpp - seam.top_k to linalg or a selection loop -------===//
//
// seam.top_k along an axis of n elements, one of two ways:
//
// - n <= kRankingMaxLength: two parallel linalg.generics, each with a
//   reduction along the axis (no loop-carried state, so they tile,
//   vectorize and parallelize like the other generics):
//     1. rank[i] = the number of elements along the axis that come before
//        element i in the result order: larger ones (smaller ones without
//        `largest`), and equal ones with a lower index (ONNX's tie rule).
//        The ranks of a row are a permutation of [0, n).
//     2. values[r], indices[r] for r < k: the one element whose rank is r.
//   n * n comparisons plus n * k selections per row.
// - longer rows: a selection loop per row (scf.for) that keeps the best k
//   so far in order in the results: an element that does not beat the
//   k-th costs one comparison, one that does is inserted (O(k)). Equal
//   elements never displace earlier ones, so ties keep the lower index.
//
// A NaN counts as larger than every number (as in torch.topk), so that the
// order is total.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// The longest axis that seam.top_k lowers by ranking (see the file header).
constexpr int64_t kRankingMaxLength = 128;

/// Whether `a` comes before `b` in the order of `largest`, and whether they
/// are equal, with NaN above every number and equal to itself.
std::pair<Value, Value> compareForTopK(OpBuilder &b, Location loc, Value a,
                                       Value bv, bool largest) {
  if (!isa<FloatType>(a.getType())) {
    using P = arith::CmpIPredicate;
    // Unsigned tensors compare unsigned (their scalars are still ui here).
    P before = intPredicate(a.getType(), largest ? P::sgt : P::slt);
    return {arith::CmpIOp::create(b, loc, before, a, bv),
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
  // Each op on its own line: argument evaluation order is unspecified.
  Value ordered =
      arith::CmpFOp::create(b, loc, largest ? P::OGT : P::OLT, a, bv);
  Value otherIsNumber =
      arith::XOrIOp::create(b, loc, largest ? bNan : aNan, yes);
  Value nanFirst =
      arith::AndIOp::create(b, loc, largest ? aNan : bNan, otherIsNumber);
  Value before = arith::OrIOp::create(b, loc, ordered, nanFirst);
  return {before, equal};
}

/// The values and indices of seam.top_k by ranking (see the file header).
std::pair<Value, Value> rankTopK(OpBuilder &b, Location loc, Value input,
                                 int64_t axis, bool largest,
                                 ArrayRef<int64_t> resultShape) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> shape = shapeOf(input);
  unsigned rank = shape.size();
  Type i64 = b.getI64Type();
  // Loop dims: the input's (or the result's), then the other position
  // along the axis (dim `rank`), which both steps reduce over.
  AffineMap identity = AffineMap::get(rank + 1, 0, dimExprs(ctx, 0, rank), ctx);
  SmallVector<AffineExpr> alongExprs = dimExprs(ctx, 0, rank);
  alongExprs[axis] = getAffineDimExpr(rank, ctx);
  AffineMap along = AffineMap::get(rank + 1, 0, alongExprs, ctx);
  SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
  iterators.push_back(utils::IteratorType::reduction);

  // 1. The rank of each element.
  Value rankInit = filledTensor(b, loc, shape, i64, 0);
  Value ranks =
      linalg::GenericOp::create(
          b, loc, rankInit.getType(), ValueRange{input, input},
          ValueRange{rankInit}, {identity, along, identity}, iterators,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            Value self = args[0], other = args[1], count = args[2];
            auto [before, equal] = compareForTopK(nb, l, other, self, largest);
            // Created in order (argument evaluation order is unspecified).
            Value selfIndex = linalg::IndexOp::create(nb, l, axis);
            Value otherIndex = linalg::IndexOp::create(nb, l, rank);
            Value earlier = arith::CmpIOp::create(
                nb, l, arith::CmpIPredicate::ult, otherIndex, selfIndex);
            before = arith::OrIOp::create(
                nb, l, before, arith::AndIOp::create(nb, l, equal, earlier));
            Value one = arith::ExtUIOp::create(nb, l, i64, before);
            linalg::YieldOp::create(
                nb, l, arith::AddIOp::create(nb, l, count, one).getResult());
          })
          .getResult(0);

  // 2. The element of rank r at result position r.
  Type elementType = elementTypeOf(input);
  Value valueInit = filledTensor(b, loc, resultShape, elementType, 0);
  Value indexInit = filledTensor(b, loc, resultShape, i64, 0);
  auto select = linalg::GenericOp::create(
      b, loc, TypeRange{valueInit.getType(), indexInit.getType()},
      ValueRange{input, ranks}, ValueRange{valueInit, indexInit},
      {along, along, identity, identity}, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value x = args[0], r = args[1];
        Value slot = arith::IndexCastOp::create(
            nb, l, i64, linalg::IndexOp::create(nb, l, axis));
        Value hit =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, r, slot);
        Value position = arith::IndexCastOp::create(
            nb, l, i64, linalg::IndexOp::create(nb, l, rank));
        linalg::YieldOp::create(
            nb, l,
            ValueRange{
                arith::SelectOp::create(nb, l, hit, x, args[2]).getResult(),
                arith::SelectOp::create(nb, l, hit, position, args[3])
                    .getResult()});
      });
  return {select.getResult(0), select.getResult(1)};
}

/// The values and indices of seam.top_k by a selection loop per row (see
/// the file header).
std::pair<Value, Value> selectTopK(OpBuilder &b, Location loc, Value input,
                                   int64_t axis, bool largest,
                                   ArrayRef<int64_t> resultShape) {
  int64_t n = shapeOf(input)[axis], k = resultShape[axis];
  Type i64 = b.getI64Type();
  Value values = filledTensor(b, loc, resultShape, elementTypeOf(input), 0);
  Value indices = filledTensor(b, loc, resultShape, i64, 0);
  auto c = [&](OpBuilder &nb, int64_t v) { return indexScalar(nb, loc, v); };
  // One loop per result dim but the axis: the rows.
  SmallVector<Value> lbs, ubs, steps;
  for (auto [d, size] : llvm::enumerate(resultShape))
    if (static_cast<int64_t>(d) != axis) {
      lbs.push_back(c(b, 0));
      ubs.push_back(c(b, size));
      steps.push_back(c(b, 1));
    }
  scf::LoopNest rows = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, ValueRange{values, indices},
      [&](OpBuilder &rb, Location l, ValueRange rowIvs,
          ValueRange rowArgs) -> scf::ValueVector {
        // The coordinates of position `i` along the axis of this row.
        auto at = [&](Value i) {
          SmallVector<Value> coords(rowIvs);
          coords.insert(coords.begin() + axis, i);
          return coords;
        };
        auto loop = scf::ForOp::create(
            rb, l, c(rb, 0), c(rb, n), c(rb, 1),
            ValueRange{rowArgs[0], rowArgs[1], c(rb, 0)},
            [&](OpBuilder &ib, Location il, Value i, ValueRange args) {
              Value vals = args[0], idxs = args[1], count = args[2];
              Value x = tensor::ExtractOp::create(ib, il, input, at(i));
              // Kept when fewer than k are kept, or when it beats the k-th.
              Value last =
                  tensor::ExtractOp::create(ib, il, vals, at(c(ib, k - 1)));
              Value notFull = arith::CmpIOp::create(
                  ib, il, arith::CmpIPredicate::ult, count, c(ib, k));
              Value keep = arith::OrIOp::create(
                  ib, il, notFull,
                  compareForTopK(ib, il, x, last, largest).first);
              auto insert = scf::IfOp::create(
                  ib, il, keep,
                  [&](OpBuilder &tb, Location tl) {
                    // Its place: after every kept element it does not beat
                    // (they are a prefix, the kept ones being in order).
                    auto place = scf::ForOp::create(
                        tb, tl, c(tb, 0), count, c(tb, 1), ValueRange{c(tb, 0)},
                        [&](OpBuilder &pb, Location pl, Value r,
                            ValueRange placeArgs) {
                          Value kept =
                              tensor::ExtractOp::create(pb, pl, vals, at(r));
                          Value beats =
                              compareForTopK(pb, pl, x, kept, largest).first;
                          Value after = arith::SelectOp::create(
                              pb, pl, beats, c(pb, 0), c(pb, 1));
                          scf::YieldOp::create(
                              pb, pl,
                              arith::AddIOp::create(pb, pl, placeArgs[0], after)
                                  .getResult());
                        });
                    Value p = place.getResult(0);
                    // Shift slots p .. k-2 one up, from the top down.
                    Value moves =
                        arith::SubIOp::create(tb, tl, c(tb, k - 1), p);
                    auto shift = scf::ForOp::create(
                        tb, tl, c(tb, 0), moves, c(tb, 1),
                        ValueRange{vals, idxs},
                        [&](OpBuilder &sb, Location sl, Value t,
                            ValueRange shiftArgs) {
                          Value to =
                              arith::SubIOp::create(sb, sl, c(sb, k - 1), t);
                          Value from =
                              arith::SubIOp::create(sb, sl, to, c(sb, 1));
                          SmallVector<Value> moved;
                          for (Value tensor : shiftArgs) {
                            Value v = tensor::ExtractOp::create(sb, sl, tensor,
                                                                at(from));
                            moved.push_back(tensor::InsertOp::create(
                                sb, sl, v, tensor, at(to)));
                          }
                          scf::YieldOp::create(sb, sl, moved);
                        });
                    Value position = arith::IndexCastOp::create(tb, tl, i64, i);
                    Value newVals = tensor::InsertOp::create(
                        tb, tl, x, shift.getResult(0), at(p));
                    Value newIdxs = tensor::InsertOp::create(
                        tb, tl, position, shift.getResult(1), at(p));
                    Value newCount = arith::MinUIOp::create(
                        tb, tl, arith::AddIOp::create(tb, tl, count, c(tb, 1)),
                        c(tb, k));
                    scf::YieldOp::create(
                        tb, tl, ValueRange{newVals, newIdxs, newCount});
                  },
                  [&](OpBuilder &eb, Location el) {
                    scf::YieldOp::create(eb, el, ValueRange{vals, idxs, count});
                  });
              scf::YieldOp::create(ib, il, insert.getResults());
            });
        return {loop.getResult(0), loop.getResult(1)};
      });
  return {rows.results[0], rows.results[1]};
}

struct TopKLowering : OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    int64_t rank = shapeOf(input).size();
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += rank;
    ArrayRef<int64_t> resultShape = op.getValues().getType().getShape();
    auto lower =
        shapeOf(input)[axis] <= kRankingMaxLength ? rankTopK : selectTopK;
    auto [values, indices] =
        lower(rewriter, op.getLoc(), input, axis, op.getLargest(), resultShape);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

} // namespace

void lowering::populateTopKPatterns(RewritePatternSet &patterns) {
  patterns.add<TopKLowering>(patterns.getContext());
}
