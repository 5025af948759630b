//===- NormalizationToLinalg.cpp - Normalization and resize to linalg -----===//
//
// seam.layer_norm and seam.instance_norm take the mean and the variance of
// the input over the trailing dims with linalg.reduce (two passes: the mean,
// then the mean of the squared differences), then one elementwise generic
// scales and shifts. seam.lp_norm divides by the reduced norm. Float16 is
// computed in f32. seam.resize is a linalg.generic over the result whose
// body maps each resized dim's index to input coordinates (f64, as ONNX's
// reference computes them) and reads the taps with tensor.extract, indices
// clamped to the input (edge padding): never an out-of-bounds read.
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

/// The float scalar `v` extended or truncated to `type`.
Value convertFloat(OpBuilder &b, Location loc, Value v, Type type) {
  unsigned from = v.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (from < to)
    return arith::ExtFOp::create(b, loc, type, v);
  if (from > to)
    return arith::TruncFOp::create(b, loc, type, v);
  return v;
}

/// `value` converted elementwise to element type `type` (itself when it
/// has it).
Value convertTensor(OpBuilder &b, Location loc, Value value, Type type) {
  if (elementTypeOf(value) == type)
    return value;
  return buildElementwise(
      b, loc, value, shapeOf(value),
      [&](OpBuilder &nb, Location l, ValueRange args) {
        return convertFloat(nb, l, args[0], type);
      },
      type);
}

/// `input` in the type it is computed in (f16 extended to f32).
Value widened(OpBuilder &b, Location loc, Value input) {
  Type type = elementTypeOf(input);
  return convertTensor(b, loc, input, type.isF16() ? b.getF32Type() : type);
}

int64_t countOf(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  return count;
}

/// Mean and variance of `x` over the dims from `first` on.
struct Moments {
  /// `x - mean`, of `x`'s shape.
  Value centered;
  /// The mean and `1 / sqrt(var + epsilon)`, of `x`'s shape with the
  /// reduced dims of size 1.
  Value mean, invStdDev;
};

Moments computeMoments(OpBuilder &b, Location loc, Value x, int64_t first,
                       float epsilon) {
  ArrayRef<int64_t> shape = shapeOf(x);
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(first, shape.size()));
  SmallVector<int64_t> kept(shape.take_front(first));
  kept.resize(shape.size(), 1);
  int64_t count = countOf(shape.drop_front(first));
  auto meanOver = [&](Value v) {
    return reshapeTo(b, loc,
                     divideBy(b, loc, reduceSum(b, loc, v, dims), count), kept);
  };
  Moments m;
  m.mean = meanOver(x);
  m.centered = buildElementwise(
      b, loc, {x, m.mean}, shape, [](OpBuilder &nb, Location l, ValueRange a) {
        return arith::SubFOp::create(nb, l, a[0], a[1]).getResult();
      });
  Value squares = buildElementwise(
      b, loc, m.centered, shape, [](OpBuilder &nb, Location l, ValueRange a) {
        return arith::MulFOp::create(nb, l, a[0], a[0]).getResult();
      });
  m.invStdDev = buildElementwise(
      b, loc, meanOver(squares), kept,
      [&](OpBuilder &nb, Location l, ValueRange a) -> Value {
        Value eps = scalarLike(nb, l, a[0], epsilon);
        Value sd = math::SqrtOp::create(
            nb, l, arith::AddFOp::create(nb, l, a[0], eps));
        return arith::DivFOp::create(nb, l, scalarLike(nb, l, a[0], 1.0), sd);
      });
  return m;
}

/// `centered * invStdDev * scale (+ bias)` of element type `resultType`;
/// every operand broadcasts to `centered`.
Value scaleAndShift(OpBuilder &b, Location loc, const Moments &m, Value scale,
                    Value bias, Type resultType) {
  SmallVector<Value> operands = {m.centered, m.invStdDev, scale};
  if (bias)
    operands.push_back(bias);
  Type compute = elementTypeOf(m.centered);
  return buildElementwise(
      b, loc, operands, shapeOf(m.centered),
      [&](OpBuilder &nb, Location l, ValueRange a) {
        Value y = arith::MulFOp::create(nb, l, a[0], a[1]);
        y = arith::MulFOp::create(nb, l, y, convertFloat(nb, l, a[2], compute));
        if (a.size() > 3)
          y = arith::AddFOp::create(nb, l, y,
                                    convertFloat(nb, l, a[3], compute));
        return convertFloat(nb, l, y, resultType);
      },
      resultType);
}

struct LayerNormLowering : OpConversionPattern<LayerNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LayerNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getOutput().getType().getElementType();
    Value x = widened(rewriter, loc, adaptor.getInput());
    int64_t rank = shapeOf(x).size();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += rank;
    Moments m = computeMoments(rewriter, loc, x, axis,
                               op.getEpsilon().convertToFloat());
    Value y = scaleAndShift(rewriter, loc, m, adaptor.getScale(),
                            adaptor.getBias(), type);
    Type f32 = rewriter.getF32Type();
    rewriter.replaceOp(op, {y, convertTensor(rewriter, loc, m.mean, f32),
                            convertTensor(rewriter, loc, m.invStdDev, f32)});
    return success();
  }
};

struct InstanceNormLowering : OpConversionPattern<InstanceNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InstanceNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType().getElementType();
    Value x = widened(rewriter, loc, adaptor.getInput());
    int64_t rank = shapeOf(x).size();
    Moments m =
        computeMoments(rewriter, loc, x, 2, op.getEpsilon().convertToFloat());
    // C -> C x 1 x ... x 1, which broadcasts to dim 1.
    SmallVector<int64_t> perChannel(rank - 1, 1);
    perChannel[0] = shapeOf(x)[1];
    Value scale = reshapeTo(rewriter, loc, adaptor.getScale(), perChannel);
    Value bias = reshapeTo(rewriter, loc, adaptor.getBias(), perChannel);
    rewriter.replaceOp(op, scaleAndShift(rewriter, loc, m, scale, bias, type));
    return success();
  }
};

struct LpNormLowering : OpConversionPattern<LpNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LpNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType().getElementType();
    Value x = widened(rewriter, loc, adaptor.getInput());
    SmallVector<int64_t> shape(shapeOf(x));
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += shape.size();
    bool l2 = op.getP() == 2;
    Value terms = buildElementwise(
        rewriter, loc, x, shape, [&](OpBuilder &b, Location l, ValueRange a) {
          return l2 ? arith::MulFOp::create(b, l, a[0], a[0]).getResult()
                    : math::AbsFOp::create(b, l, a[0]).getResult();
        });
    SmallVector<int64_t> kept = shape;
    kept[axis] = 1;
    Value norm =
        reshapeTo(rewriter, loc, reduceSum(rewriter, loc, terms, {axis}), kept);
    Value y = buildElementwise(
        rewriter, loc, {x, norm}, shape,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value n = l2 ? math::SqrtOp::create(b, l, a[1]).getResult() : a[1];
          return convertFloat(b, l, arith::DivFOp::create(b, l, a[0], n), type);
        },
        type);
    rewriter.replaceOp(op, y);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// One input index read for a result element, and its weight (null: 1).
struct Tap {
  Value index, weight;
};

/// Builds the body of a resize: f64 arithmetic on the result's indices.
class ResizeBuilder {
public:
  ResizeBuilder(ResizeOp op, OpBuilder &b, Location loc, Value input)
      : op(op), b(b), loc(loc), input(input), f64(b.getF64Type()) {}

  /// The element of the result at the generic's current indices.
  Value build() {
    ArrayRef<int64_t> inShape = shapeOf(input);
    ArrayRef<int64_t> outShape = op.getType().getShape();
    SmallVector<SmallVector<Tap>> taps;
    Value outside;
    for (auto [d, in, out] : llvm::enumerate(inShape, outShape)) {
      Value i = linalg::IndexOp::create(b, loc, d);
      if (isIdentity(d, in, out)) {
        taps.push_back({{i, Value()}});
        continue;
      }
      Value x = coordinate(d, i, in);
      if (op.getCoordinateTransformationMode() ==
          CoordinateTransform::tf_crop_and_resize) {
        Value o = arith::OrIOp::create(
            b, loc, cmp(arith::CmpFPredicate::OLT, x, cst(0)),
            cmp(arith::CmpFPredicate::OGT, x, cst(in - 1)));
        outside = outside ? arith::OrIOp::create(b, loc, outside, o) : o;
      }
      taps.push_back(dimTaps(x, in));
    }
    Value result = interpolate(taps);
    if (outside) {
      Value fill = convertFloat(
          b, loc, cst(op.getExtrapolationValue().convertToDouble()),
          result.getType());
      result = arith::SelectOp::create(b, loc, outside, fill, result);
    }
    return result;
  }

private:
  Value cst(double v) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(f64, v));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }

  /// True if dim `d` is read as is.
  bool isIdentity(int64_t d, int64_t in, int64_t out) {
    CoordinateTransform mode = op.getCoordinateTransformationMode();
    return in == out && op.getScales()[d] == 1.0 &&
           mode != CoordinateTransform::tf_crop_and_resize &&
           mode != CoordinateTransform::tf_half_pixel_for_nn;
  }

  /// The input coordinate of result index `i` along dim `d`. The output
  /// length in the formulas is `in * scale`, as in ONNX's reference (with
  /// sizes, the size; with scales, not rounded down).
  Value coordinate(int64_t d, Value i, int64_t in) {
    Value x = arith::SIToFPOp::create(
        b, loc, f64, arith::IndexCastOp::create(b, loc, b.getI64Type(), i));
    double scale = op.getScales()[d];
    double length = scale * in;
    switch (op.getCoordinateTransformationMode()) {
    case CoordinateTransform::half_pixel:
      return sub(div(add(x, cst(0.5)), cst(scale)), cst(0.5));
    case CoordinateTransform::pytorch_half_pixel:
      if (length == 1)
        return cst(0);
      return sub(div(add(x, cst(0.5)), cst(scale)), cst(0.5));
    case CoordinateTransform::align_corners:
      if (length == 1)
        return cst(0);
      return div(mul(x, cst(in - 1)), cst(length - 1));
    case CoordinateTransform::asymmetric:
      return div(x, cst(scale));
    case CoordinateTransform::tf_half_pixel_for_nn:
      return div(add(x, cst(0.5)), cst(scale));
    case CoordinateTransform::tf_crop_and_resize: {
      int64_t rank = op.getScales().size();
      double start = (*op.getRoi())[d], end = (*op.getRoi())[rank + d];
      Value offset = cst(start * (in - 1));
      if (length == 1)
        return add(cst((end - start) * (in - 1) / 2), offset);
      return add(
          div(mul(mul(x, cst(end - start)), cst(in - 1)), cst(length - 1)),
          offset);
    }
    }
    llvm_unreachable("unknown coordinate transformation mode");
  }

  /// `index` (f64, integral) as an index clamped to [0, in - 1].
  Value clampedIndex(Value index, int64_t in) {
    index = arith::MaximumFOp::create(b, loc, index, cst(0));
    index = arith::MinimumFOp::create(b, loc, index, cst(in - 1));
    return arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        arith::FPToSIOp::create(b, loc, b.getI64Type(), index));
  }

  /// The taps of one resized dim at input coordinate `x`.
  SmallVector<Tap> dimTaps(Value x, int64_t in) {
    Value floor = math::FloorOp::create(b, loc, x);
    Value t = sub(x, floor);
    switch (op.getMode()) {
    case ResizeMode::nearest: {
      // Rounds up when the fraction is above (round_prefer_floor), at or
      // above (round_prefer_ceil) one half, or above 0 (ceil).
      NearestMode rounding = op.getNearestMode();
      Value index = floor;
      if (rounding != NearestMode::floor) {
        auto predicate = rounding == NearestMode::round_prefer_ceil
                             ? arith::CmpFPredicate::OGE
                             : arith::CmpFPredicate::OGT;
        Value half = cst(rounding == NearestMode::ceil ? 0 : 0.5);
        index = arith::SelectOp::create(b, loc, cmp(predicate, t, half),
                                        add(floor, cst(1)), floor);
      }
      return {{clampedIndex(index, in), Value()}};
    }
    case ResizeMode::linear:
      return weighted(floor, 0, {sub(cst(1), t), t}, in);
    case ResizeMode::cubic: {
      double a = op.getCubicCoeffA().convertToDouble();
      // The cubic convolution kernel at distance s: s <= 1 and 1 < s < 2.
      auto near = [&](Value s) {
        return add(mul(mul(sub(mul(cst(a + 2), s), cst(a + 3)), s), s), cst(1));
      };
      auto far = [&](Value s) {
        Value r = sub(mul(cst(a), s), cst(5 * a));
        r = add(mul(r, s), cst(8 * a));
        return sub(mul(r, s), cst(4 * a));
      };
      Value u = sub(cst(1), t);
      return weighted(
          floor, -1,
          {far(add(t, cst(1))), near(t), near(u), far(add(u, cst(1)))}, in);
    }
    }
    llvm_unreachable("unknown resize mode");
  }

  /// Taps at `floor + first + k` of weights `weights[k]`; with
  /// exclude_outside, those outside the input weigh 0 and the rest are
  /// renormalized.
  SmallVector<Tap> weighted(Value floor, int64_t first,
                            SmallVector<Value> weights, int64_t in) {
    SmallVector<Value> positions;
    for (int64_t k = first, e = first + weights.size(); k < e; ++k)
      positions.push_back(k == 0 ? floor : add(floor, cst(k)));
    if (op.getExcludeOutside()) {
      Value total = cst(0);
      for (auto [p, w] : llvm::zip_equal(positions, weights)) {
        Value inside = arith::AndIOp::create(
            b, loc, cmp(arith::CmpFPredicate::OGE, p, cst(0)),
            cmp(arith::CmpFPredicate::OLE, p, cst(in - 1)));
        w = arith::SelectOp::create(b, loc, inside, w, cst(0));
        total = add(total, w);
      }
      for (Value &w : weights)
        w = div(w, total);
    }
    SmallVector<Tap> taps;
    for (auto [p, w] : llvm::zip_equal(positions, weights))
      taps.push_back({clampedIndex(p, in), w});
    return taps;
  }

  /// The weighted sum over every combination of one tap per dim (f64 for
  /// floats), in the input's element type.
  Value interpolate(ArrayRef<SmallVector<Tap>> taps) {
    Type type = elementTypeOf(input);
    if (!isa<FloatType>(type)) { // Nearest: one tap per dim.
      SmallVector<Value> at;
      for (const SmallVector<Tap> &dim : taps)
        at.push_back(dim.front().index);
      return tensor::ExtractOp::create(b, loc, input, at);
    }
    Value sum;
    SmallVector<Value> at(taps.size());
    std::function<void(size_t, Value)> visit = [&](size_t d, Value weight) {
      if (d == taps.size()) {
        Value v = convertFloat(
            b, loc, tensor::ExtractOp::create(b, loc, input, at), f64);
        if (weight)
          v = mul(v, weight);
        sum = sum ? add(sum, v) : v;
        return;
      }
      for (const Tap &tap : taps[d]) {
        at[d] = tap.index;
        Value w = !tap.weight ? weight
                  : weight    ? mul(weight, tap.weight)
                              : tap.weight;
        visit(d + 1, w);
      }
    };
    visit(0, Value());
    return convertFloat(b, loc, sum, type);
  }

  ResizeOp op;
  OpBuilder &b;
  Location loc;
  Value input;
  Type f64;
};

struct ResizeLowering : OpConversionPattern<ResizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ResizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    Value init =
        emptyTensor(rewriter, loc, type.getShape(), type.getElementType());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{}, ValueRange{init},
        SmallVector<AffineMap>{
            AffineMap::getMultiDimIdentityMap(type.getRank(), getContext())},
        parallelIterators(type.getRank()),
        [&](OpBuilder &b, Location l, ValueRange) {
          ResizeBuilder builder(op, b, l, adaptor.getInput());
          linalg::YieldOp::create(b, l, builder.build());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateNormalizationPatterns(RewritePatternSet &patterns) {
  patterns.add<LayerNormLowering, InstanceNormLowering, LpNormLowering,
               ResizeLowering>(patterns.getContext());
}
