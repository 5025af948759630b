//===- MatmulToLinalg.cpp - seam.matmul and seam.gemm to linalg -----------===//
//
// seam.matmul (numpy.matmul semantics) collapses batch dims and becomes one
// linalg.matmul when B has no batch, a linalg.batch_matmul (broadcasting A
// through its indexing map when A has none) otherwise; batch shapes that
// broadcast both ways are materialized first. 1-D operands are promoted to
// matrices and the added dim reshaped away.
// seam.gemm is a linalg.matmul whose indexing maps do the transposes, that
// accumulates into beta * C (broadcast); alpha != 1 scales afterwards.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "seam/SeamOps.h"
#include "seam/SeamShapes.h"

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

int64_t product(ArrayRef<int64_t> dims) {
  int64_t p = 1;
  for (int64_t d : dims)
    p *= d;
  return p;
}

/// `value` broadcast (NumPy rules) to `shape`, materialized by a generic.
Value broadcastTo(OpBuilder &b, Location loc, Value value,
                  ArrayRef<int64_t> shape) {
  if (shapeOf(value) == shape)
    return value;
  return buildElementwise(
      b, loc, value, shape,
      [](OpBuilder &, Location, ValueRange args) { return args[0]; });
}

/// Sets the indexing maps of a contraction given as lists of loop dims.
template <typename ContractionOpT>
void setMaps(ContractionOpT op, unsigned numLoops,
             ArrayRef<SmallVector<unsigned>> operandDims) {
  MLIRContext *ctx = op.getContext();
  SmallVector<Attribute> maps;
  for (ArrayRef<unsigned> dims : operandDims) {
    SmallVector<AffineExpr> exprs;
    for (unsigned d : dims)
      exprs.push_back(getAffineDimExpr(d, ctx));
    maps.push_back(AffineMapAttr::get(AffineMap::get(numLoops, 0, exprs, ctx)));
  }
  op.setIndexingMapsAttr(ArrayAttr::get(ctx, maps));
}

struct MatMulLowering : OpConversionPattern<MatMulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MatMulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = adaptor.getA(), b = adaptor.getB();
    // numpy.matmul's promotion of 1-D operands.
    if (shapeOf(a).size() == 1)
      a = reshapeTo(rewriter, loc, a, {1, shapeOf(a)[0]});
    if (shapeOf(b).size() == 1)
      b = reshapeTo(rewriter, loc, b, {shapeOf(b)[0], 1});
    ArrayRef<int64_t> aShape = shapeOf(a), bShape = shapeOf(b);
    int64_t m = aShape[aShape.size() - 2], k = aShape.back(), n = bShape.back();
    ArrayRef<int64_t> aBatch = aShape.drop_back(2),
                      bBatch = bShape.drop_back(2);
    int64_t aCount = product(aBatch), bCount = product(bBatch);
    ArrayRef<int64_t> resultShape = op.getType().getShape();

    Value result;
    if (bCount == 1) {
      // B is one matrix: A's batch dims fold into its rows.
      Value a2 = reshapeTo(rewriter, loc, a, {aCount * m, k});
      Value b2 = reshapeTo(rewriter, loc, b, {k, n});
      Value init = filledTensor(rewriter, loc, {aCount * m, n}, 0.0f);
      result =
          linalg::MatmulOp::create(rewriter, loc, TypeRange{init.getType()},
                                   ValueRange{a2, b2}, ValueRange{init})
              .getResult(0);
    } else if (aCount == 1) {
      // A is one matrix, read by every batch of B.
      Value a2 = reshapeTo(rewriter, loc, a, {m, k});
      Value b3 = reshapeTo(rewriter, loc, b, {bCount, k, n});
      Value init = filledTensor(rewriter, loc, {bCount, m, n}, 0.0f);
      auto mm = linalg::BatchMatmulOp::create(
          rewriter, loc, TypeRange{init.getType()}, ValueRange{a2, b3},
          ValueRange{init});
      // Loops (batch, m, n, k).
      setMaps(mm, 4, {{1, 3}, {0, 3, 2}, {0, 1, 2}});
      result = mm.getResult(0);
    } else {
      // Both batched: broadcast each to the common batch shape if needed.
      SmallVector<int64_t> batch =
          *broadcastShapes(aBatch, bBatch, OpDiagnostic(std::nullopt, ""));
      SmallVector<int64_t> aFull(batch), bFull(batch);
      aFull.append({m, k});
      bFull.append({k, n});
      int64_t count = product(batch);
      Value a3 = reshapeTo(rewriter, loc, broadcastTo(rewriter, loc, a, aFull),
                           {count, m, k});
      Value b3 = reshapeTo(rewriter, loc, broadcastTo(rewriter, loc, b, bFull),
                           {count, k, n});
      Value init = filledTensor(rewriter, loc, {count, m, n}, 0.0f);
      result = linalg::BatchMatmulOp::create(
                   rewriter, loc, TypeRange{init.getType()}, ValueRange{a3, b3},
                   ValueRange{init})
                   .getResult(0);
    }
    rewriter.replaceOp(op, reshapeTo(rewriter, loc, result, resultShape));
    return success();
  }
};

struct GemmLowering : OpConversionPattern<GemmOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GemmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayRef<int64_t> shape = op.getType().getShape();
    float alpha = op.getAlpha().convertToFloat();
    float beta = op.getBeta().convertToFloat();
    // beta == 0 drops C, as ONNX Runtime does (0 * inf would be NaN).
    Value c = beta != 0.0f ? adaptor.getC() : Value();

    // The accumulator: beta * C broadcast to M x N when alpha is 1 (the
    // matmul then adds A' * B' to it), else zeros.
    Value init;
    if (c && alpha == 1.0f && beta == 1.0f && shapeOf(c) == shape)
      init = c;
    else if (c && alpha == 1.0f)
      init = buildElementwise(
          rewriter, loc, c, shape,
          [&](OpBuilder &b, Location nloc, ValueRange args) -> Value {
            if (beta == 1.0f)
              return args[0];
            return arith::MulFOp::create(b, nloc, f32Scalar(b, nloc, beta),
                                         args[0]);
          });
    else
      init = filledTensor(rewriter, loc, shape, 0.0f);

    auto mm = linalg::MatmulOp::create(
        rewriter, loc, TypeRange{init.getType()},
        ValueRange{adaptor.getA(), adaptor.getB()}, ValueRange{init});
    // Loops (m, n, k); the transposes are in the maps.
    SmallVector<unsigned> aDims = op.getTransA() ? SmallVector<unsigned>{2, 0}
                                                 : SmallVector<unsigned>{0, 2};
    SmallVector<unsigned> bDims = op.getTransB() ? SmallVector<unsigned>{1, 2}
                                                 : SmallVector<unsigned>{2, 1};
    if (op.getTransA() || op.getTransB())
      setMaps(mm, 3, {aDims, bDims, {0, 1}});
    Value result = mm.getResult(0);

    if (alpha != 1.0f) {
      SmallVector<Value> ins = {result};
      if (c)
        ins.push_back(c);
      result = buildElementwise(
          rewriter, loc, ins, shape,
          [&](OpBuilder &b, Location nloc, ValueRange args) -> Value {
            Value scaled = arith::MulFOp::create(
                b, nloc, f32Scalar(b, nloc, alpha), args[0]);
            if (args.size() == 1)
              return scaled;
            Value addend = args[1];
            if (beta != 1.0f)
              addend = arith::MulFOp::create(b, nloc, f32Scalar(b, nloc, beta),
                                             addend);
            return arith::AddFOp::create(b, nloc, scaled, addend);
          });
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void lowering::populateMatmulPatterns(RewritePatternSet &patterns) {
  patterns.add<MatMulLowering, GemmLowering>(patterns.getContext());
}
