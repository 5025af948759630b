//===- ScatterToLinalg.cpp - scatter_elements, scatter_nd to scf loops ----===//
//
// A scatter writes where its indices say, which no linalg op expresses: it
// becomes an scf.for nest over the updates that carries the data tensor and
// writes each update with tensor.insert (combined with the element there
// under `reduction`), in row-major order of the updates as ONNX's reference
// does. Bufferization makes the inserts in-place stores into one copy of
// the data. Indices are wrapped and clamped as seam.gather's: no write
// lands out of bounds.
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

/// `old` combined with `update` under `reduction`.
Value combine(OpBuilder &b, Location loc, ScatterReduction reduction, Value old,
              Value update) {
  bool isFloat = isa<FloatType>(update.getType());
  switch (reduction) {
  case ScatterReduction::none:
    return update;
  case ScatterReduction::add:
    return addValues(b, loc, old, update);
  case ScatterReduction::mul:
    return isFloat ? arith::MulFOp::create(b, loc, old, update).getResult()
                   : arith::MulIOp::create(b, loc, old, update).getResult();
  case ScatterReduction::max:
    return isFloat ? arith::MaximumFOp::create(b, loc, old, update).getResult()
                   : maxInts(b, loc, old, update);
  case ScatterReduction::min:
    return isFloat ? arith::MinimumFOp::create(b, loc, old, update).getResult()
                   : minInts(b, loc, old, update);
  }
  llvm_unreachable("unknown scatter reduction");
}

/// Where the update at loop position `ivs` lands in the data.
using TargetFn =
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange ivs)>;

/// `data` with every element of `updates` written at `target` of its
/// position.
Value buildScatter(OpBuilder &b, Location loc, Value data, Value updates,
                   ScatterReduction reduction, TargetFn target) {
  ArrayRef<int64_t> shape = shapeOf(updates);
  if (llvm::is_contained(shape, 0))
    return data;
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t size : shape) {
    lbs.push_back(indexScalar(b, loc, 0));
    ubs.push_back(indexScalar(b, loc, size));
    steps.push_back(indexScalar(b, loc, 1));
  }
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, ValueRange{data},
      [&](OpBuilder &nb, Location l, ValueRange ivs,
          ValueRange carried) -> scf::ValueVector {
        Value update = tensor::ExtractOp::create(nb, l, updates, ivs);
        SmallVector<Value> at = target(nb, l, ivs);
        if (reduction != ScatterReduction::none) {
          Value old = tensor::ExtractOp::create(nb, l, carried[0], at);
          update = computeWidened(
              nb, l, ValueRange{old, update},
              [&](OpBuilder &cb, Location cl, ValueRange args) {
                return combine(cb, cl, reduction, args[0], args[1]);
              });
        }
        return {tensor::InsertOp::create(nb, l, update, carried[0], at)
                    .getResult()};
      });
  return nest.results.front();
}

struct ScatterElementsLowering : OpConversionPattern<ScatterElementsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value data = adaptor.getData();
    Value indices = adaptor.getIndices();
    ArrayRef<int64_t> dataShape = shapeOf(data);
    int64_t axis = op.getAxis(); // I64Attr reads as uint64_t.
    if (axis < 0)
      axis += dataShape.size();
    Value result = buildScatter(
        rewriter, op.getLoc(), data, adaptor.getUpdates(), op.getReduction(),
        [&](OpBuilder &b, Location l, ValueRange ivs) {
          SmallVector<Value> at(ivs);
          Value index = tensor::ExtractOp::create(b, l, indices, ivs);
          at[axis] = normalizeIndex(b, l, index, dataShape[axis]);
          return at;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ScatterNDLowering : OpConversionPattern<ScatterNDOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value data = adaptor.getData();
    Value indices = adaptor.getIndices();
    ArrayRef<int64_t> dataShape = shapeOf(data);
    int64_t prefixRank = shapeOf(indices).size() - 1;
    int64_t tuple = shapeOf(indices).back();
    // Update dims: indices.shape[:-1], then data.shape[tuple:].
    Value result = buildScatter(
        rewriter, op.getLoc(), data, adaptor.getUpdates(), op.getReduction(),
        [&](OpBuilder &b, Location l, ValueRange ivs) {
          SmallVector<Value> at;
          SmallVector<Value> where(ivs.take_front(prefixRank));
          where.push_back(Value());
          for (int64_t j = 0; j < tuple; ++j) {
            where.back() = indexScalar(b, l, j);
            Value index = tensor::ExtractOp::create(b, l, indices, where);
            at.push_back(normalizeIndex(b, l, index, dataShape[j]));
          }
          llvm::append_range(at, ivs.drop_front(prefixRank));
          return at;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void lowering::populateScatterPatterns(RewritePatternSet &patterns) {
  patterns.add<ScatterElementsLowering, ScatterNDLowering>(
      patterns.getContext());
}
