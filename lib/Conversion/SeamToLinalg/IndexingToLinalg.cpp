//===- IndexingToLinalg.cpp - gather, one_hot, expand, tile, trilu --------===//
//
// seam.gather, seam.gather_elements and seam.gather_nd are a linalg.generic
// over the result that reads the index operand (in place, or with
// tensor.extract) and the data with tensor.extract (indices wrapped when
// negative and clamped into range: never an out-of-bounds read);
// seam.one_hot compares each position with its index. seam.expand is a
// broadcasting copy, seam.tile reads its input at (i mod size), seam.trilu
// selects on linalg.index.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// A linalg.generic producing `type` whose only input is `indices`, read
/// through `indicesMap`; `body` computes an element from the index scalar.
Value buildIndexedGeneric(
    OpBuilder &b, Location loc, RankedTensorType type, Value indices,
    AffineMap indicesMap,
    function_ref<Value(OpBuilder &, Location, Value)> body) {
  MLIRContext *ctx = b.getContext();
  Value init = emptyTensor(b, loc, type.getShape(), type.getElementType());
  SmallVector<AffineMap> maps;
  SmallVector<Value> inputs;
  if (indices) {
    inputs.push_back(indices);
    maps.push_back(indicesMap);
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(type.getRank(), ctx));
  return linalg::GenericOp::create(
             b, loc, type, inputs, ValueRange{init}, maps,
             parallelIterators(type.getRank()),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value index = indices ? args[0] : Value();
               linalg::YieldOp::create(nb, nloc, body(nb, nloc, index));
             })
      .getResult(0);
}

struct GatherLowering : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData();
    ArrayRef<int64_t> dataShape = shapeOf(data);
    int64_t rank = dataShape.size();
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += rank;
    int64_t indexRank = shapeOf(adaptor.getIndices()).size();
    RankedTensorType type = op.getType();
    // The indices are read at the result dims [axis, axis + indexRank).
    AffineMap indicesMap =
        AffineMap::get(type.getRank(), 0,
                       dimExprs(getContext(), axis, indexRank), getContext());
    Value result = buildIndexedGeneric(
        rewriter, loc, type, adaptor.getIndices(), indicesMap,
        [&](OpBuilder &b, Location l, Value index) -> Value {
          SmallVector<Value> at;
          for (int64_t d = 0; d < axis; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          at.push_back(normalizeIndex(b, l, index, dataShape[axis]));
          for (int64_t d = axis + 1; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d - 1 + indexRank));
          return tensor::ExtractOp::create(b, l, data, at);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct GatherElementsLowering : OpConversionPattern<GatherElementsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GatherElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value data = adaptor.getData();
    ArrayRef<int64_t> dataShape = shapeOf(data);
    int64_t rank = dataShape.size();
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += rank;
    RankedTensorType type = op.getType();
    Value result = buildIndexedGeneric(
        rewriter, op.getLoc(), type, adaptor.getIndices(),
        AffineMap::getMultiDimIdentityMap(rank, getContext()),
        [&](OpBuilder &b, Location l, Value index) -> Value {
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(d == axis
                             ? normalizeIndex(b, l, index, dataShape[axis])
                             : linalg::IndexOp::create(b, l, d).getResult());
          return tensor::ExtractOp::create(b, l, data, at);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ExpandLowering : OpConversionPattern<ExpandOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ExpandOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op,
        buildElementwise(
            rewriter, op.getLoc(), adaptor.getInput(), op.getType().getShape(),
            [](OpBuilder &, Location, ValueRange args) { return args[0]; }));
    return success();
  }
};

struct TileLowering : OpConversionPattern<TileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    ArrayRef<int64_t> inShape = shapeOf(input);
    Value result = buildIndexedGeneric(
        rewriter, op.getLoc(), op.getType(), Value(), AffineMap(),
        [&](OpBuilder &b, Location l, Value) -> Value {
          SmallVector<Value> at;
          for (auto [d, size] : llvm::enumerate(inShape)) {
            Value i = linalg::IndexOp::create(b, l, d);
            at.push_back(size == 1 ? indexScalar(b, l, 0)
                                   : arith::RemUIOp::create(
                                         b, l, i, indexScalar(b, l, size))
                                         .getResult());
          }
          return tensor::ExtractOp::create(b, l, input, at);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct TriluLowering : OpConversionPattern<TriluOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TriluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t rank = op.getType().getRank();
    int64_t k = op.getK();
    bool upper = op.getUpper();
    Value result = buildElementwise(
        rewriter, op.getLoc(), adaptor.getInput(), op.getType().getShape(),
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          Value i = linalg::IndexOp::create(b, l, rank - 2);
          Value j = linalg::IndexOp::create(b, l, rank - 1);
          Value diff = arith::SubIOp::create(b, l, j, i);
          Value keep = arith::CmpIOp::create(b, l,
                                             upper ? arith::CmpIPredicate::sge
                                                   : arith::CmpIPredicate::sle,
                                             diff, indexScalar(b, l, k));
          return arith::SelectOp::create(b, l, keep, args[0],
                                         scalarLike(b, l, args[0], 0));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct GatherNDLowering : OpConversionPattern<GatherNDOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GatherNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value data = adaptor.getData();
    Value indices = adaptor.getIndices();
    ArrayRef<int64_t> dataShape = shapeOf(data);
    int64_t rank = dataShape.size();
    int64_t indexRank = shapeOf(indices).size();
    int64_t batch = op.getBatchDims(); // I64Attr reads as uint64_t.
    int64_t tuple = shapeOf(indices).back();
    // Result dims: indices.shape[:-1] (the first `batch` of them shared with
    // data), then data.shape[batch + tuple:].
    Value result = buildIndexedGeneric(
        rewriter, op.getLoc(), op.getType(), Value(), AffineMap(),
        [&](OpBuilder &b, Location l, Value) -> Value {
          SmallVector<Value> prefix;
          for (int64_t d = 0; d + 1 < indexRank; ++d)
            prefix.push_back(linalg::IndexOp::create(b, l, d));
          SmallVector<Value> at(prefix.begin(), prefix.begin() + batch);
          for (int64_t j = 0; j < tuple; ++j) {
            SmallVector<Value> where(prefix);
            where.push_back(indexScalar(b, l, j));
            Value index = tensor::ExtractOp::create(b, l, indices, where);
            at.push_back(normalizeIndex(b, l, index, dataShape[batch + j]));
          }
          for (int64_t d = batch + tuple; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(
                b, l, indexRank - 1 + (d - batch - tuple)));
          return tensor::ExtractOp::create(b, l, data, at);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// seam.one_hot: each result element compares its position along `axis`
/// with the index (read with the axis dropped) and selects on or off.
struct OneHotLowering : OpConversionPattern<OneHotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += rank;
    int64_t depth = op.getDepth();
    Value values = adaptor.getValues();
    Value off = tensor::ExtractOp::create(rewriter, loc, values,
                                          indexScalar(rewriter, loc, 0));
    Value on = tensor::ExtractOp::create(rewriter, loc, values,
                                         indexScalar(rewriter, loc, 1));
    SmallVector<AffineExpr> exprs = dimExprs(ctx, 0, rank);
    exprs.erase(exprs.begin() + axis);
    Value result = buildIndexedGeneric(
        rewriter, loc, type, adaptor.getIndices(),
        AffineMap::get(rank, 0, exprs, ctx),
        [&](OpBuilder &b, Location l, Value index) -> Value {
          Value position = linalg::IndexOp::create(b, l, axis);
          // An index as int64 (floats truncate toward zero), and whether it
          // can hit at all: a NaN or a float beyond int64 cannot (converting
          // those would be poison).
          Value valid = arith::ConstantIntOp::create(b, l, b.getI1Type(), 1);
          Value i = index;
          if (isa<FloatType>(i.getType())) {
            Value magnitude = math::AbsFOp::create(b, l, i);
            valid = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                                          magnitude,
                                          scalarLike(b, l, magnitude, 0x1p62));
            i = arith::SelectOp::create(b, l, valid, i, scalarLike(b, l, i, 0));
            i = arith::FPToSIOp::create(b, l, b.getI64Type(), i);
          } else if (isUnsigned(i.getType())) {
            // Never negative: zero-extended (a ui64 above INT64_MAX reads
            // as negative and wraps, still out of range of any depth).
            if (i.getType().getIntOrFloatBitWidth() < 64)
              i = arith::ExtUIOp::create(b, l, b.getI64Type(), i);
          } else if (i.getType() != b.getI64Type()) {
            i = arith::ExtSIOp::create(b, l, b.getI64Type(), i);
          }
          Value negative = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::slt, i, scalarLike(b, l, i, 0));
          i = arith::SelectOp::create(
              b, l, negative,
              arith::AddIOp::create(
                  b, l, i,
                  arith::ConstantIntOp::create(b, l, b.getI64Type(), depth)),
              i);
          Value p = arith::IndexCastOp::create(b, l, b.getI64Type(), position);
          Value hit = arith::AndIOp::create(
              b, l, valid,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, i, p));
          return arith::SelectOp::create(b, l, hit, on, off);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void lowering::populateIndexingPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherLowering, GatherElementsLowering, GatherNDLowering,
               OneHotLowering, ExpandLowering, TileLowering, TriluLowering>(
      patterns.getContext());
}
