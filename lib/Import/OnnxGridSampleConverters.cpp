//===- OnnxGridSampleConverters.cpp - GridSample from gathers and weights -===//
//
// ONNX GridSample (opset 16: 4-D input, 2-D grid) decomposed into seam ops,
// as PyTorch's grid_sample computes it (ONNX's definition follows it):
//
//   source coordinates  the grid unnormalized (align_corners or not); for
//                       border and reflection padding, reflected and
//                       clipped into the image
//   nearest             the source rounded half to even, one tap
//   bilinear            the 2 x 2 taps around the source, weighted by
//                       distance
//   bicubic             4 x 4 taps with the cubic convolution coefficients
//                       (A = -0.75), padding applied to each tap
//
// A tap is one gather_elements of the input viewed [N, C, H * W] at
// y * W + x; a tap outside the image contributes zero (zeros padding).
//
//===----------------------------------------------------------------------===//

#include "OnnxModelLoader.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

enum class Padding { Zeros, Border, Reflection };

/// Elementwise arithmetic on the grid's coordinates ([N, Ho, Wo]) and the
/// taps, with scalar constants of the input's element type.
struct Sampler {
  GraphImporter &g;
  Type type;
  Padding padding;
  bool alignCorners;
  int64_t n, c, h, w, ho, wo;
  Value flatInput; // [N, C, H * W]

  Value k(double v) { return floatConstant(g, type, v); }
  template <typename OpTy> FailureOr<Value> bin(Value a, Value b) {
    return createInferred<OpTy>(g, {a, b});
  }
  FailureOr<Value> floor(Value v) { return createSameType<FloorOp>(g, v); }

  /// The grid's normalized coordinate `v` in pixels of a `size` axis.
  FailureOr<Value> unnormalize(Value v, int64_t size) {
    ASSIGN_OR_FAIL(plus1, bin<AddOp>(v, k(1)));
    if (alignCorners) // (v + 1) / 2 * (size - 1)
      return bin<MulOp>(plus1, k((size - 1) / 2.0));
    // ((v + 1) * size - 1) / 2
    ASSIGN_OR_FAIL(scaled, bin<MulOp>(plus1, k(size / 2.0)));
    return bin<SubOp>(scaled, k(0.5));
  }

  /// min(size - 1, max(v, 0))
  FailureOr<Value> clip(Value v, int64_t size) {
    ASSIGN_OR_FAIL(low, bin<MaxOp>(v, k(0)));
    return bin<MinOp>(low, k(size - 1));
  }

  /// `v` reflected into [twiceLow / 2, twiceHigh / 2] (PyTorch's
  /// reflect_coordinates).
  FailureOr<Value> reflect(Value v, int64_t twiceLow, int64_t twiceHigh) {
    if (twiceLow == twiceHigh)
      return bin<MulOp>(v, k(0));
    double low = twiceLow / 2.0, span = (twiceHigh - twiceLow) / 2.0;
    ASSIGN_OR_FAIL(shifted, bin<SubOp>(v, k(low)));
    ASSIGN_OR_FAIL(distance, createSameType<AbsOp>(g, shifted));
    ASSIGN_OR_FAIL(ratio, bin<MulOp>(distance, k(1 / span)));
    ASSIGN_OR_FAIL(flips, floor(ratio));
    // extra = distance - flips * span (fmod of a non-negative value)
    ASSIGN_OR_FAIL(whole, bin<MulOp>(flips, k(span)));
    ASSIGN_OR_FAIL(extra, bin<SubOp>(distance, whole));
    // flips even: low + extra; odd: low + span - extra.
    ASSIGN_OR_FAIL(half, bin<MulOp>(flips, k(0.5)));
    ASSIGN_OR_FAIL(halfFloor, floor(half));
    ASSIGN_OR_FAIL(even, bin<EqualOp>(half, halfFloor));
    ASSIGN_OR_FAIL(up, bin<AddOp>(extra, k(low)));
    ASSIGN_OR_FAIL(down, bin<SubOp>(k(span + low), extra));
    return createInferred<WhereOp>(g, {even, up, down});
  }

  /// The padding mode applied to a pixel coordinate of a `size` axis.
  FailureOr<Value> pad(Value v, int64_t size) {
    switch (padding) {
    case Padding::Zeros:
      return v;
    case Padding::Border:
      return clip(v, size);
    case Padding::Reflection: {
      ASSIGN_OR_FAIL(r, alignCorners ? reflect(v, 0, 2 * (size - 1))
                                     : reflect(v, -1, 2 * size - 1));
      return clip(r, size);
    }
    }
    llvm_unreachable("padding");
  }

  /// input[.., y, x] * weight where (x, y) is in the image, else 0; x and y
  /// hold whole numbers ([N, Ho, Wo]), weight is [N, Ho, Wo] or null (1).
  FailureOr<Value> tap(Value x, Value y, Value weight) {
    ASSIGN_OR_FAIL(x0, bin<GreaterEqualOp>(x, k(0)));
    ASSIGN_OR_FAIL(x1, bin<LessEqualOp>(x, k(w - 1)));
    ASSIGN_OR_FAIL(y0, bin<GreaterEqualOp>(y, k(0)));
    ASSIGN_OR_FAIL(y1, bin<LessEqualOp>(y, k(h - 1)));
    ASSIGN_OR_FAIL(inX, bin<AndOp>(x0, x1));
    ASSIGN_OR_FAIL(inY, bin<AndOp>(y0, y1));
    ASSIGN_OR_FAIL(inside, bin<AndOp>(inX, inY));
    ASSIGN_OR_FAIL(cx, clip(x, w));
    ASSIGN_OR_FAIL(cy, clip(y, h));
    ASSIGN_OR_FAIL(row, bin<MulOp>(cy, k(w)));
    ASSIGN_OR_FAIL(flat, bin<AddOp>(row, cx));
    ASSIGN_OR_FAIL(index, castValue(g, flat, g.builder().getI64Type()));
    ASSIGN_OR_FAIL(index3, reshapeValue(g, index, {n, 1, ho * wo}));
    auto indexType =
        RankedTensorType::get({n, c, ho * wo}, g.builder().getI64Type());
    auto expand = ExpandOp::create(g.builder(), g.loc(), indexType, index3);
    if (failed(verifyCreated(g, expand)))
      return failure();
    Attrs attrs{g.builder()};
    attrs.add("axis", g.builder().getI64IntegerAttr(2));
    ASSIGN_OR_FAIL(values, createInferred<GatherElementsOp>(
                               g, {flatInput, expand.getResult()}, attrs.list));
    ASSIGN_OR_FAIL(values4, reshapeValue(g, values, {n, c, ho, wo}));
    ASSIGN_OR_FAIL(inside4, reshapeValue(g, inside, {n, 1, ho, wo}));
    Value weighted = values4;
    if (weight) {
      ASSIGN_OR_FAIL(weight4, reshapeValue(g, weight, {n, 1, ho, wo}));
      ASSIGN_OR_FAIL(product, bin<MulOp>(values4, weight4));
      weighted = product;
    }
    return createInferred<WhereOp>(g, {inside4, weighted, k(0)});
  }

  FailureOr<Value> accumulate(Value sum, Value term) {
    if (!sum)
      return term;
    return bin<AddOp>(sum, term);
  }

  FailureOr<Value> nearest(Value x, Value y) {
    ASSIGN_OR_FAIL(px, pad(x, w));
    ASSIGN_OR_FAIL(py, pad(y, h));
    ASSIGN_OR_FAIL(rx, createSameType<RoundOp>(g, px));
    ASSIGN_OR_FAIL(ry, createSameType<RoundOp>(g, py));
    return tap(rx, ry, Value());
  }

  FailureOr<Value> bilinear(Value x, Value y) {
    ASSIGN_OR_FAIL(px, pad(x, w));
    ASSIGN_OR_FAIL(py, pad(y, h));
    ASSIGN_OR_FAIL(x0, floor(px));
    ASSIGN_OR_FAIL(y0, floor(py));
    ASSIGN_OR_FAIL(x1, bin<AddOp>(x0, k(1)));
    ASSIGN_OR_FAIL(y1, bin<AddOp>(y0, k(1)));
    // Weights: the distances to the opposite corner.
    ASSIGN_OR_FAIL(wx1, bin<SubOp>(px, x0)); // towards x1
    ASSIGN_OR_FAIL(wx0, bin<SubOp>(x1, px));
    ASSIGN_OR_FAIL(wy1, bin<SubOp>(py, y0));
    ASSIGN_OR_FAIL(wy0, bin<SubOp>(y1, py));
    Value sum;
    const std::pair<Value, Value> xs[] = {{x0, wx0}, {x1, wx1}};
    const std::pair<Value, Value> ys[] = {{y0, wy0}, {y1, wy1}};
    for (auto [ty, wy] : ys)
      for (auto [tx, wx] : xs) {
        ASSIGN_OR_FAIL(weight, bin<MulOp>(wx, wy));
        ASSIGN_OR_FAIL(term, tap(tx, ty, weight));
        ASSIGN_OR_FAIL(next, accumulate(sum, term));
        sum = next;
      }
    return sum;
  }

  /// The four cubic convolution coefficients of fraction `t` (A = -0.75).
  FailureOr<SmallVector<Value, 4>> cubicCoefficients(Value t) {
    constexpr double a = -0.75;
    // |d| <= 1: ((a + 2) d - (a + 3)) d^2 + 1
    auto near = [&](Value d) -> FailureOr<Value> {
      ASSIGN_OR_FAIL(ad, bin<MulOp>(d, k(a + 2)));
      ASSIGN_OR_FAIL(inner, bin<SubOp>(ad, k(a + 3)));
      ASSIGN_OR_FAIL(d2, bin<MulOp>(d, d));
      ASSIGN_OR_FAIL(cubic, bin<MulOp>(inner, d2));
      return bin<AddOp>(cubic, k(1));
    };
    // 1 < |d| < 2: ((a d - 5a) d + 8a) d - 4a
    auto far = [&](Value d) -> FailureOr<Value> {
      ASSIGN_OR_FAIL(ad, bin<MulOp>(d, k(a)));
      ASSIGN_OR_FAIL(s1, bin<SubOp>(ad, k(5 * a)));
      ASSIGN_OR_FAIL(m1, bin<MulOp>(s1, d));
      ASSIGN_OR_FAIL(s2, bin<AddOp>(m1, k(8 * a)));
      ASSIGN_OR_FAIL(m2, bin<MulOp>(s2, d));
      return bin<SubOp>(m2, k(4 * a));
    };
    ASSIGN_OR_FAIL(tPlus1, bin<AddOp>(t, k(1)));
    ASSIGN_OR_FAIL(oneMinusT, bin<SubOp>(k(1), t));
    ASSIGN_OR_FAIL(twoMinusT, bin<SubOp>(k(2), t));
    ASSIGN_OR_FAIL(c0, far(tPlus1));
    ASSIGN_OR_FAIL(c1, near(t));
    ASSIGN_OR_FAIL(c2, near(oneMinusT));
    ASSIGN_OR_FAIL(c3, far(twoMinusT));
    return SmallVector<Value, 4>{c0, c1, c2, c3};
  }

  /// Bicubic: the taps around the unpadded source, each tap's coordinate
  /// padded on its own.
  FailureOr<Value> bicubic(Value x, Value y) {
    ASSIGN_OR_FAIL(x0, floor(x));
    ASSIGN_OR_FAIL(y0, floor(y));
    ASSIGN_OR_FAIL(tx, bin<SubOp>(x, x0));
    ASSIGN_OR_FAIL(ty, bin<SubOp>(y, y0));
    ASSIGN_OR_FAIL(cx, cubicCoefficients(tx));
    ASSIGN_OR_FAIL(cy, cubicCoefficients(ty));
    SmallVector<Value, 4> xs, ys;
    for (int64_t i = 0; i < 4; ++i) {
      ASSIGN_OR_FAIL(xi, bin<AddOp>(x0, k(i - 1)));
      ASSIGN_OR_FAIL(yi, bin<AddOp>(y0, k(i - 1)));
      ASSIGN_OR_FAIL(pxi, pad(xi, w));
      ASSIGN_OR_FAIL(pyi, pad(yi, h));
      // A reflected tap is a whole number again only up to rounding.
      ASSIGN_OR_FAIL(rx, floor(pxi));
      ASSIGN_OR_FAIL(ry, floor(pyi));
      xs.push_back(rx);
      ys.push_back(ry);
    }
    Value sum;
    for (int64_t j = 0; j < 4; ++j)
      for (int64_t i = 0; i < 4; ++i) {
        ASSIGN_OR_FAIL(weight, bin<MulOp>(cx[i], cy[j]));
        ASSIGN_OR_FAIL(term, tap(xs[i], ys[j], weight));
        ASSIGN_OR_FAIL(next, accumulate(sum, term));
        sum = next;
      }
    return sum;
  }
};

LogicalResult convertGridSample(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(grid, g.tensorInput(1));
  auto xType = cast<RankedTensorType>(x.getType());
  auto gridType = cast<RankedTensorType>(grid.getType());
  Type type = xType.getElementType();
  if (!isa<FloatType>(type) || gridType.getElementType() != type)
    return g.error() << "input '" << g.node().input(0) << "' is " << xType
                     << " and the grid '" << g.node().input(1) << "' is "
                     << gridType
                     << "; GridSample takes float tensors of one type";
  ArrayRef<int64_t> shape = xType.getShape(), gridShape = gridType.getShape();
  if (shape.size() != 4 || gridShape.size() != 4 || gridShape[0] != shape[0] ||
      gridShape[3] != 2)
    return g.error() << "input '" << g.node().input(0) << "' has shape ["
                     << shape << "] and the grid [" << gridShape
                     << "]; GridSample takes [N, C, H, W] and [N, Ho, Wo, 2]";
  ASSIGN_OR_FAIL(mode, g.stringAttr("mode", "bilinear"));
  ASSIGN_OR_FAIL(paddingName, g.stringAttr("padding_mode", "zeros"));
  ASSIGN_OR_FAIL(align, g.intAttr("align_corners", 0));
  std::optional<Padding> padding =
      llvm::StringSwitch<std::optional<Padding>>(paddingName)
          .Case("zeros", Padding::Zeros)
          .Case("border", Padding::Border)
          .Case("reflection", Padding::Reflection)
          .Default(std::nullopt);
  if (!padding)
    return g.error() << "padding_mode '" << paddingName
                     << "' is not zeros, border or reflection";
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    return g.error() << "mode '" << mode
                     << "' is not bilinear, nearest or bicubic";
  Sampler s{g,        type,     *padding,     align != 0,   shape[0], shape[1],
            shape[2], shape[3], gridShape[1], gridShape[2], Value()};
  if (s.h * s.w == 0 || s.ho * s.wo == 0)
    return g.error() << "GridSample of an empty image or grid is not "
                     << "supported";
  ASSIGN_OR_FAIL(flat, reshapeValue(g, x, {s.n, s.c, s.h * s.w}));
  s.flatInput = flat;
  auto coordinate = [&](int64_t index, int64_t size) -> FailureOr<Value> {
    Attrs attrs{g.builder()};
    attrs.add("starts", g.builder().getDenseI64ArrayAttr({index}));
    attrs.add("ends", g.builder().getDenseI64ArrayAttr({index + 1}));
    attrs.add("axes", g.builder().getDenseI64ArrayAttr({3}));
    ASSIGN_OR_FAIL(slice, createInferred<SliceOp>(g, {grid}, attrs.list));
    ASSIGN_OR_FAIL(plane, reshapeValue(g, slice, {s.n, s.ho, s.wo}));
    return s.unnormalize(plane, size);
  };
  ASSIGN_OR_FAIL(sx, coordinate(0, s.w));
  ASSIGN_OR_FAIL(sy, coordinate(1, s.h));
  FailureOr<Value> y = mode == "nearest"   ? s.nearest(sx, sy)
                       : mode == "bicubic" ? s.bicubic(sx, sy)
                                           : s.bilinear(sx, sy);
  if (failed(y))
    return failure();
  g.setOutput(0, *y);
  return success();
}

} // namespace

OpConverter lookupGridSampleOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("GridSample", convertGridSample)
      .Default(nullptr);
}

} // namespace seam::detail
