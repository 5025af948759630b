//===- IndexingToLinalg.cpp - gather, expand, tile, trilu to linalg -------===//
//
// seam.gather and seam.gather_elements are a linalg.generic over the result
// that reads the index operand in place and the data with tensor.extract
// (indices wrapped when negative and clamped into range: never an
// out-of-bounds read). seam.expand is a broadcasting copy, seam.tile reads
// its input at (i mod size), seam.trilu selects on linalg.index.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// `index` (an i32/i64 scalar) as an index into a dimension of `size`:
/// negative values count from the end, the result is clamped to
/// [0, size - 1].
Value normalizeIndex(OpBuilder &b, Location loc, Value index, int64_t size) {
  Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  Value zero = indexScalar(b, loc, 0);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, zero);
  Value wrapped = arith::AddIOp::create(b, loc, i, indexScalar(b, loc, size));
  i = arith::SelectOp::create(b, loc, negative, wrapped, i);
  i = arith::MaxSIOp::create(b, loc, i, zero);
  return arith::MinSIOp::create(b, loc, i, indexScalar(b, loc, size - 1));
}

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

} // namespace

void lowering::populateIndexingPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherLowering, GatherElementsLowering, ExpandLowering,
               TileLowering, TriluLowering>(patterns.getContext());
}
