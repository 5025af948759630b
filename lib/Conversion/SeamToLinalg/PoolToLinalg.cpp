//===- PoolToLinalg.cpp - seam pooling ops to linalg ----------------------===//
//
// seam.max_pool / seam.avg_pool pad their input (-inf / 0; with ceil_mode also
// the end padding the last window needs) and slide a window with
// linalg.pooling_nc{w,hw}_{max,sum}; 3-D pooling, which has no NCDHW named
// op, is the same contraction as a linalg.generic. Average pooling then
// divides by the number of elements each window counts, computed at compile
// time: the window size, or per output position where windows overlap the
// border. seam.lp_pool is the sum pooling of |x|^p, then its p-th root.
// seam.global_avg_pool is a linalg.reduce and a division.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "seam/SeamOps.h"

#include <limits>

using namespace mlir;
using namespace seam;
using namespace seam::lowering;

namespace {

/// The geometry of one pooling op with everything resolved.
struct PoolGeometry {
  SmallVector<int64_t> kernel, strides, dilations;
  /// Explicit pads after auto_pad, per spatial dim.
  SmallVector<int64_t> padBegin, padEnd;
  /// Extra end padding so that ceil_mode's last window fits, per spatial dim.
  SmallVector<int64_t> ceilExtra;
  SmallVector<int64_t> inSpatial, outSpatial;
};

template <typename PoolOpT> PoolGeometry getGeometry(PoolOpT op) {
  PoolGeometry geo;
  int64_t n = op.getNumSpatialDims();
  geo.kernel = op.getKernelSizes();
  geo.strides = op.getStridesOrDefault();
  geo.dilations = op.getDilationsOrDefault();
  SmallVector<int64_t> pads = op.getResolvedPads();
  geo.padBegin.assign(pads.begin(), pads.begin() + n);
  geo.padEnd.assign(pads.begin() + n, pads.end());
  ArrayRef<int64_t> in = op.getInput().getType().getShape();
  ArrayRef<int64_t> out = op.getType().getShape();
  geo.inSpatial.assign(in.begin() + 2, in.end());
  geo.outSpatial.assign(out.begin() + 2, out.end());
  for (int64_t i = 0; i < n; ++i) {
    int64_t needed = (geo.outSpatial[i] - 1) * geo.strides[i] +
                     (geo.kernel[i] - 1) * geo.dilations[i] + 1;
    int64_t have = geo.inSpatial[i] + geo.padBegin[i] + geo.padEnd[i];
    geo.ceilExtra.push_back(std::max<int64_t>(0, needed - have));
  }
  return geo;
}

/// The input padded with `value` as `geo` says.
Value padForPooling(OpBuilder &b, Location loc, Value input,
                    const PoolGeometry &geo, float value) {
  SmallVector<int64_t> low = {0, 0}, high = {0, 0};
  for (auto [begin, end, extra] :
       llvm::zip_equal(geo.padBegin, geo.padEnd, geo.ceilExtra)) {
    low.push_back(begin);
    high.push_back(end + extra);
  }
  return padWithConstant(b, loc, input, low, high, value);
}

/// out[n, c, o...] = combine(out, in[n, c, o * s + k * d...]) over k as a
/// linalg.generic (the named pooling ops' contraction, for 3-D).
Value poolingGeneric(OpBuilder &b, Location loc, Value input, Value window,
                     Value init, const PoolGeometry &geo, bool isMax) {
  MLIRContext *ctx = b.getContext();
  unsigned n = geo.kernel.size(), numLoops = 2 + 2 * n;
  SmallVector<AffineExpr> in = dimExprs(ctx, 0, 2), out = dimExprs(ctx, 0, 2);
  SmallVector<AffineExpr> k = dimExprs(ctx, 2 + n, n);
  for (unsigned i = 0; i < n; ++i) {
    AffineExpr o = getAffineDimExpr(2 + i, ctx);
    in.push_back(o * geo.strides[i] + k[i] * geo.dilations[i]);
    out.push_back(o);
  }
  SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, in, ctx),
                                 AffineMap::get(numLoops, 0, k, ctx),
                                 AffineMap::get(numLoops, 0, out, ctx)};
  SmallVector<utils::IteratorType> iterators = parallelIterators(2 + n);
  iterators.append(n, utils::IteratorType::reduction);
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{input, window},
             ValueRange{init}, maps, iterators,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value r =
                   isMax ? arith::MaximumFOp::create(nb, nloc, args[2], args[0])
                               .getResult()
                         : arith::AddFOp::create(nb, nloc, args[2], args[0])
                               .getResult();
               linalg::YieldOp::create(nb, nloc, r);
             })
      .getResult(0);
}

/// A max or sum pooling of the padded `input` into `init`; the window is a
/// tensor.empty that only gives the named ops the kernel's shape.
Value pool(OpBuilder &b, Location loc, Value input, Value init,
           const PoolGeometry &geo, bool isMax) {
  Value window = emptyTensor(b, loc, geo.kernel);
  size_t rank = geo.kernel.size();
  if (rank == 3)
    return poolingGeneric(b, loc, input, window, init, geo, isMax);
  // [rank - 1][isMax]
  static constexpr WindowOpBuilder named[2][2] = {
      {createWindowOp<linalg::PoolingNcwSumOp>,
       createWindowOp<linalg::PoolingNcwMaxOp>},
      {createWindowOp<linalg::PoolingNchwSumOp>,
       createWindowOp<linalg::PoolingNchwMaxOp>}};
  return named[rank - 1][isMax](b, loc, ValueRange{input, window}, init,
                                geo.strides, geo.dilations);
}

struct MaxPoolLowering : OpConversionPattern<MaxPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MaxPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PoolGeometry geo = getGeometry(op);
    // Padded positions never win: pad and start from -inf.
    float lowest = -std::numeric_limits<float>::infinity();
    Value input = padForPooling(rewriter, loc, adaptor.getInput(), geo, lowest);
    Value init = filledTensor(rewriter, loc, op.getType().getShape(), lowest);
    rewriter.replaceOp(op, pool(rewriter, loc, input, init, geo, true));
    return success();
  }
};

/// For one spatial dim: how many of the window's elements each output
/// position counts, i.e. fall in [lo, hi) of the unpadded input's coordinates.
SmallVector<float> windowCounts(const PoolGeometry &geo, unsigned dim,
                                int64_t lo, int64_t hi) {
  SmallVector<float> counts;
  for (int64_t o = 0; o < geo.outSpatial[dim]; ++o) {
    int64_t count = 0;
    for (int64_t k = 0; k < geo.kernel[dim]; ++k) {
      int64_t x =
          o * geo.strides[dim] + k * geo.dilations[dim] - geo.padBegin[dim];
      count += x >= lo && x < hi;
    }
    counts.push_back(static_cast<float>(count));
  }
  return counts;
}

struct AvgPoolLowering : OpConversionPattern<AvgPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AvgPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PoolGeometry geo = getGeometry(op);
    ArrayRef<int64_t> outShape = op.getType().getShape();
    Value input = padForPooling(rewriter, loc, adaptor.getInput(), geo, 0.0f);
    Value sum = pool(rewriter, loc, input,
                     filledTensor(rewriter, loc, outShape, 0.0f), geo, false);

    // The divisor is separable: the product over spatial dims of how many
    // window elements fall inside the input (count_include_pad = 0) or
    // inside the explicitly padded input (count_include_pad = 1; the end
    // padding ceil_mode adds never counts, as in ONNX Runtime and PyTorch).
    // Dims where every window counts the same fold into one scalar; the
    // others read a small per-dim constant vector. Products of such small
    // integers are exact in f32.
    bool includePad = op.getCountIncludePad();
    float uniform = 1.0f;
    SmallVector<Value> countVectors;
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(outShape.size(), getContext())};
    for (unsigned i = 0; i < geo.kernel.size(); ++i) {
      int64_t lo = includePad ? -geo.padBegin[i] : 0;
      int64_t hi = geo.inSpatial[i] + (includePad ? geo.padEnd[i] : 0);
      SmallVector<float> counts = windowCounts(geo, i, lo, hi);
      if (llvm::all_equal(counts)) {
        uniform *= counts.empty() ? 1.0f : counts.front();
        continue;
      }
      auto type =
          RankedTensorType::get({geo.outSpatial[i]}, rewriter.getF32Type());
      countVectors.push_back(arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(type, ArrayRef(counts))));
      maps.push_back(AffineMap::get(outShape.size(), 0,
                                    getAffineDimExpr(2 + i, getContext())));
    }
    SmallVector<Value> inputs = {sum};
    inputs.append(countVectors);
    maps.push_back(maps.front());
    Value init = emptyTensor(rewriter, loc, outShape);
    auto divide = linalg::GenericOp::create(
        rewriter, loc, init.getType(), inputs, ValueRange{init}, maps,
        parallelIterators(outShape.size()),
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          ValueRange counts = args.drop_front().drop_back();
          Value divisor = uniform != 1.0f || counts.empty()
                              ? f32Scalar(b, nloc, uniform)
                              : Value();
          for (Value count : counts)
            divisor =
                divisor ? Value(arith::MulFOp::create(b, nloc, divisor, count))
                        : count;
          Value avg = arith::DivFOp::create(b, nloc, args[0], divisor);
          linalg::YieldOp::create(b, nloc, avg);
        });
    rewriter.replaceOp(op, divide.getResult(0));
    return success();
  }
};

/// |x|^p, or its p-th root (`root`), with multiplications for p = 1 and 2.
Value lpPower(OpBuilder &b, Location loc, Value x, int64_t p, bool root) {
  if (p == 1)
    return root ? x : Value(math::AbsFOp::create(b, loc, x));
  if (p == 2)
    return root ? Value(math::SqrtOp::create(b, loc, x))
                : Value(arith::MulFOp::create(b, loc, x, x));
  float e = root ? 1.0f / static_cast<float>(p) : static_cast<float>(p);
  Value base = root ? x : Value(math::AbsFOp::create(b, loc, x));
  return math::PowFOp::create(b, loc, base, f32Scalar(b, loc, e));
}

struct LpPoolLowering : OpConversionPattern<LpPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LpPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PoolGeometry geo = getGeometry(op);
    int64_t p = op.getP();
    ArrayRef<int64_t> outShape = op.getType().getShape();
    auto elementwise = [&](Value v, bool root) {
      return buildElementwise(rewriter, loc, v, shapeOf(v),
                              [&](OpBuilder &b, Location l, ValueRange args) {
                                return lpPower(b, l, args[0], p, root);
                              });
    };
    // Padding adds |0|^p = 0 to a window's sum.
    Value powered = elementwise(adaptor.getInput(), false);
    Value input = padForPooling(rewriter, loc, powered, geo, 0.0f);
    Value sum = pool(rewriter, loc, input,
                     filledTensor(rewriter, loc, outShape, 0.0f), geo, false);
    rewriter.replaceOp(op, elementwise(sum, true));
    return success();
  }
};

struct GlobalAvgPoolLowering : OpConversionPattern<GlobalAvgPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GlobalAvgPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayRef<int64_t> inShape = shapeOf(adaptor.getInput());
    SmallVector<int64_t> spatialDims;
    int64_t count = 1;
    for (int64_t d = 2; d < static_cast<int64_t>(inShape.size()); ++d) {
      spatialDims.push_back(d);
      count *= inShape[d];
    }
    Value sum = reduceSum(rewriter, loc, adaptor.getInput(), spatialDims);
    Value mean = divideBy(rewriter, loc, sum, count);
    rewriter.replaceOp(op,
                       reshapeTo(rewriter, loc, mean, op.getType().getShape()));
    return success();
  }
};

} // namespace

void lowering::populatePoolPatterns(RewritePatternSet &patterns) {
  patterns.add<MaxPoolLowering, AvgPoolLowering, LpPoolLowering,
               GlobalAvgPoolLowering>(patterns.getContext());
}
