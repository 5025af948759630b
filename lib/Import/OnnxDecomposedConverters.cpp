//===- OnnxDecomposedConverters.cpp - ONNX ops built from seam ops --------===//
//
// ONNX ops whose semantics are a few existing seam ops, decomposed at import
// the way ONNX's definitions (and function bodies) state them:
//
//   IsNaN, IsInf          comparisons (x != x; x == +-inf)
//   Shrink                two wheres around the band [-lambd, lambd]
//   MeanVarianceNormalization   ONNX's function body, reductions over axes
//   EyeLike               an import-time constant
//   HannWindow, HammingWindow, BlackmanWindow   import-time constants
//   ReverseSequence       gather_elements along the time axis, the indices
//                         reversed below each batch entry's length
//   QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear
//                         float32 arithmetic, round half to even, saturate
//                         to uint8/int8 (per tensor or per axis)
//
//===----------------------------------------------------------------------===//

#include "OnnxModelLoader.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

Type elementTypeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

FailureOr<Value> floatInput(GraphImporter &g, unsigned i) {
  ASSIGN_OR_FAIL(x, g.tensorInput(i));
  if (!isa<FloatType>(elementTypeOf(x)))
    return g.error() << "input '" << g.node().input(i) << "' has type "
                     << x.getType() << "; " << g.node().op_type()
                     << " takes float tensors";
  return x;
}

//===----------------------------------------------------------------------===//
// IsNaN, IsInf, Shrink
//===----------------------------------------------------------------------===//

LogicalResult convertIsNaN(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, floatInput(g, 0));
  ASSIGN_OR_FAIL(same, createInferred<EqualOp>(g, {x, x}));
  ASSIGN_OR_FAIL(nan, createSameType<NotOp>(g, same));
  g.setOutput(0, nan);
  return success();
}

LogicalResult convertIsInf(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, floatInput(g, 0));
  ASSIGN_OR_FAIL(positive, g.intAttr("detect_positive", 1));
  ASSIGN_OR_FAIL(negative, g.intAttr("detect_negative", 1));
  Type type = elementTypeOf(x);
  double inf = std::numeric_limits<double>::infinity();
  Value result;
  const std::pair<bool, double> directions[] = {{positive != 0, inf},
                                                {negative != 0, -inf}};
  for (auto [detect, value] : directions) {
    if (!detect)
      continue;
    ASSIGN_OR_FAIL(
        hit, createInferred<EqualOp>(g, {x, floatConstant(g, type, value)}));
    if (result) {
      ASSIGN_OR_FAIL(either, createInferred<OrOp>(g, {result, hit}));
      result = either;
    } else {
      result = hit;
    }
  }
  if (!result) {
    // Neither direction: no element is an infinity that counts.
    auto boolType =
        cast<RankedTensorType>(x.getType()).clone(g.builder().getI1Type());
    result = arith::ConstantOp::create(g.builder(), g.loc(), boolType,
                                       DenseElementsAttr::get(boolType, false));
  }
  g.setOutput(0, result);
  return success();
}

/// Shrink: x + bias below -lambd, x - bias above lambd, 0 between.
LogicalResult convertShrink(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, floatInput(g, 0));
  ASSIGN_OR_FAIL(lambd, g.floatAttr("lambd", 0.5f));
  ASSIGN_OR_FAIL(bias, g.floatAttr("bias", 0.0f));
  Type type = elementTypeOf(x);
  ASSIGN_OR_FAIL(
      below, createInferred<LessOp>(g, {x, floatConstant(g, type, -lambd)}));
  ASSIGN_OR_FAIL(
      above, createInferred<GreaterOp>(g, {x, floatConstant(g, type, lambd)}));
  ASSIGN_OR_FAIL(up,
                 createInferred<AddOp>(g, {x, floatConstant(g, type, bias)}));
  ASSIGN_OR_FAIL(down,
                 createInferred<SubOp>(g, {x, floatConstant(g, type, bias)}));
  ASSIGN_OR_FAIL(inner, createInferred<WhereOp>(
                            g, {above, down, floatConstant(g, type, 0)}));
  ASSIGN_OR_FAIL(y, createInferred<WhereOp>(g, {below, up, inner}));
  g.setOutput(0, y);
  return success();
}

//===----------------------------------------------------------------------===//
// MeanVarianceNormalization, EyeLike
//===----------------------------------------------------------------------===//

/// ONNX's function body: (X - E[X]) / (sqrt(E[X^2] - E[X]^2) + 1e-9), the
/// means over `axes` (default [0, 2, 3]).
LogicalResult convertMeanVarianceNormalization(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, floatInput(g, 0));
  ASSIGN_OR_FAIL(axesAttr, g.intsAttr("axes"));
  SmallVector<int64_t> axes =
      axesAttr ? *axesAttr : SmallVector<int64_t>{0, 2, 3};
  Attrs reduce{g.builder()};
  reduce.add("axes", g.builder().getDenseI64ArrayAttr(axes));
  reduce.add("keepdims", g.builder().getBoolAttr(true));
  ASSIGN_OR_FAIL(mean, createInferred<ReduceMeanOp>(g, {x}, reduce.list));
  ASSIGN_OR_FAIL(squares, createInferred<MulOp>(g, {x, x}));
  ASSIGN_OR_FAIL(meanOfSquares,
                 createInferred<ReduceMeanOp>(g, {squares}, reduce.list));
  ASSIGN_OR_FAIL(squaredMean, createInferred<MulOp>(g, {mean, mean}));
  ASSIGN_OR_FAIL(variance,
                 createInferred<SubOp>(g, {meanOfSquares, squaredMean}));
  ASSIGN_OR_FAIL(deviation, createSameType<SqrtOp>(g, variance));
  Type type = elementTypeOf(x);
  ASSIGN_OR_FAIL(
      denominator,
      createInferred<AddOp>(g, {deviation, floatConstant(g, type, 1e-9)}));
  ASSIGN_OR_FAIL(centered, createInferred<SubOp>(g, {x, mean}));
  ASSIGN_OR_FAIL(y, createInferred<DivOp>(g, {centered, denominator}));
  g.setOutput(0, y);
  return success();
}

/// EyeLike: ones on the k-th diagonal of a 2-D shape, a constant.
LogicalResult convertEyeLike(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  if (shape.size() != 2)
    return g.error() << "input must be 2-D, got shape [" << ArrayRef(shape)
                     << "]";
  ASSIGN_OR_FAIL(in, g.input(0));
  int32_t dataType = in->ints      ? in->ints->dataType
                     : in->pending ? in->pending->data_type()
                                   : 0;
  Type elementType = in->tensor ? elementTypeOf(in->tensor)
                                : getElementType(g.context(), dataType);
  if (g.findAttr("dtype")) {
    ASSIGN_OR_FAIL(to, g.intAttr("dtype", 0));
    elementType = getElementType(g.context(), static_cast<int32_t>(to));
    if (!elementType)
      return g.error() << "dtype " << to << " is not a type Seam supports";
  }
  if (!elementType)
    return g.error() << "input has a type Seam does not support";
  int64_t rows = shape[0], cols = shape[1];
  if (rows * cols > kMaxFoldedIntElements) // Dims are checked to fit.
    return g.error() << "a " << rows << "x" << cols
                     << " constant is larger than Seam builds at import ("
                     << kMaxFoldedIntElements << " elements)";
  ASSIGN_OR_FAIL(k, g.intAttr("k", 0));
  auto type = RankedTensorType::get(shape, elementType);
  SmallVector<Attribute> values;
  Attribute zero = g.builder().getZeroAttr(elementType);
  Attribute one = isa<FloatType>(elementType)
                      ? Attribute(g.builder().getFloatAttr(elementType, 1.0))
                      : Attribute(g.builder().getIntegerAttr(elementType, 1));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      values.push_back(k > -cols && k < cols && j - i == k ? one : zero);
  g.setOutput(0, arith::ConstantOp::create(g.builder(), g.loc(), type,
                                           DenseElementsAttr::get(type, values))
                     .getResult());
  return success();
}

/// The generalized cosine windows of opset 17: a0 - a1 cos(2 pi n / N) +
/// a2 cos(4 pi n / N), N the size (periodic) or the size - 1 (symmetric).
template <int Kind> LogicalResult convertWindow(GraphImporter &g) {
  // Hann, Hamming, Blackman.
  constexpr double kA0[] = {0.5, 25.0 / 46.0, 0.42};
  constexpr double kA2[] = {0.0, 0.0, 0.08};
  double a0 = kA0[Kind], a1 = Kind == 2 ? 0.5 : 1.0 - a0, a2 = kA2[Kind];
  ASSIGN_OR_FAIL(sizeIn, g.intInput(0));
  if (sizeIn.values.size() != 1)
    return g.error() << "input 'size' must hold one value, got "
                     << sizeIn.values.size();
  int64_t size = sizeIn.values.front();
  if (size < 1 || size > kMaxFoldedIntElements)
    return g.error() << "size " << size << " is not in [1, "
                     << kMaxFoldedIntElements << "]";
  ASSIGN_OR_FAIL(periodic, g.intAttr("periodic", 1));
  ASSIGN_OR_FAIL(dtype, g.intAttr("output_datatype", onnx::TensorProto::FLOAT));
  Type elementType = getElementType(g.context(), static_cast<int32_t>(dtype));
  if (!elementType || elementType.isInteger(1))
    return g.error() << "output_datatype " << dtype
                     << " is not a numeric type Seam supports";
  double denominator = periodic ? size : size - 1;
  auto type = RankedTensorType::get({size}, elementType);
  SmallVector<Attribute> values;
  for (int64_t n = 0; n < size; ++n) {
    double x = denominator > 0 ? 2 * M_PI * n / denominator : 0;
    double w = a0 - a1 * std::cos(x) + a2 * std::cos(2 * x);
    values.push_back(isa<FloatType>(elementType)
                         ? Attribute(g.builder().getFloatAttr(elementType, w))
                         : Attribute(g.builder().getIntegerAttr(
                               elementType, static_cast<int64_t>(w))));
  }
  g.setOutput(0, arith::ConstantOp::create(g.builder(), g.loc(), type,
                                           DenseElementsAttr::get(type, values))
                     .getResult());
  return success();
}

/// ReverseSequence: output[.., b, t, ..] reads input[.., b, len[b] - 1 - t,
/// ..] where t < len[b], else input[.., b, t, ..].
LogicalResult convertReverseSequence(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(lengthsIn, g.tensorInput(1));
  ArrayRef<int64_t> shape = cast<RankedTensorType>(x.getType()).getShape();
  int64_t rank = shape.size();
  ASSIGN_OR_FAIL(batchAxis, g.intAttr("batch_axis", 1));
  ASSIGN_OR_FAIL(timeAxis, g.intAttr("time_axis", 0));
  if (rank < 2 || batchAxis < 0 || batchAxis > 1 || timeAxis < 0 ||
      timeAxis > 1 || batchAxis == timeAxis)
    return g.error() << "batch_axis " << batchAxis << " and time_axis "
                     << timeAxis << " must be 0 and 1 (in either order) of "
                     << "an input of rank 2 or more, got rank " << rank;
  auto lengthsType = cast<RankedTensorType>(lengthsIn.getType());
  Type i64 = g.builder().getI64Type();
  if (lengthsType.getShape() != ArrayRef<int64_t>{shape[batchAxis]})
    return g.error() << "sequence_lens has shape [" << lengthsType.getShape()
                     << "], expected [" << shape[batchAxis] << "]";
  if (shape[timeAxis] > kMaxFoldedIntElements)
    return g.error() << "the time axis has " << shape[timeAxis]
                     << " steps, more than the " << kMaxFoldedIntElements
                     << " indices Seam builds at import";
  ASSIGN_OR_FAIL(lengths64, castValue(g, lengthsIn, i64));
  SmallVector<int64_t> batchShape(rank, 1), timeShape(rank, 1);
  batchShape[batchAxis] = shape[batchAxis];
  timeShape[timeAxis] = shape[timeAxis];
  ASSIGN_OR_FAIL(lengths, reshapeValue(g, lengths64, batchShape));
  auto timeType = RankedTensorType::get(timeShape, i64);
  SmallVector<APInt> steps;
  for (int64_t t = 0; t < shape[timeAxis]; ++t)
    steps.push_back(APInt(64, t));
  Value time = arith::ConstantOp::create(
      g.builder(), g.loc(), timeType, DenseElementsAttr::get(timeType, steps));
  // len - 1 - t where t < len, t elsewhere.
  ASSIGN_OR_FAIL(inside, createInferred<LessOp>(g, {time, lengths}));
  ASSIGN_OR_FAIL(last,
                 createInferred<SubOp>(g, {lengths, intConstant(g, i64, 1)}));
  ASSIGN_OR_FAIL(reversed, createInferred<SubOp>(g, {last, time}));
  ASSIGN_OR_FAIL(index, createInferred<WhereOp>(g, {inside, reversed, time}));
  auto fullType = RankedTensorType::get(shape, i64);
  auto expand = ExpandOp::create(g.builder(), g.loc(), fullType, index);
  if (failed(verifyCreated(g, expand)))
    return failure();
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(timeAxis));
  ASSIGN_OR_FAIL(y, createInferred<GatherElementsOp>(g, {x, expand.getResult()},
                                                     attrs.list));
  g.setOutput(0, y);
  return success();
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

/// A scale or zero point (a scalar, or 1-D along `axis` of an input of rank
/// `rank`) shaped to broadcast along that axis.
FailureOr<Value> alongAxis(GraphImporter &g, Value v, int64_t rank,
                           StringRef what) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getNumElements() == 1 && type.getRank() <= 1)
    return reshapeValue(g, v, {});
  if (type.getRank() != 1)
    return g.error() << what << " must be a scalar or 1-D, got shape ["
                     << type.getShape() << "]";
  ASSIGN_OR_FAIL(axisAttr, g.intAttr("axis", 1));
  int64_t axis = axisAttr < 0 ? axisAttr + rank : axisAttr;
  if (axis < 0 || axis >= rank)
    return g.error() << "axis " << axisAttr << " is out of range for rank "
                     << rank;
  SmallVector<int64_t> shape(rank, 1);
  shape[axis] = type.getDimSize(0);
  return reshapeValue(g, v, shape);
}

LogicalResult convertQuantizeLinear(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(scaleIn, g.f32Input(1));
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  ASSIGN_OR_FAIL(scale, alongAxis(g, scaleIn, rank, "y_scale"));
  Type target = IntegerType::get(g.context(), 8, IntegerType::Unsigned);
  Value zeroPoint;
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(zpIn, g.tensorInput(2));
    target = elementTypeOf(zpIn);
    if (!target.isInteger(8))
      return g.error() << "y_zero_point has type " << zpIn.getType()
                       << "; Seam quantizes to uint8 and int8";
    ASSIGN_OR_FAIL(zp, alongAxis(g, zpIn, rank, "y_zero_point"));
    ASSIGN_OR_FAIL(zpF32, castValue(g, zp, g.builder().getF32Type()));
    zeroPoint = zpF32;
  }
  ASSIGN_OR_FAIL(y, quantize(g, x, scale, zeroPoint, target));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertDequantizeLinear(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  Type in = elementTypeOf(x);
  if (!in.isInteger(8) && !in.isSignlessInteger(32))
    return g.error() << "input 'x' has type " << x.getType()
                     << "; DequantizeLinear takes uint8, int8 or int32";
  ASSIGN_OR_FAIL(scaleIn, g.f32Input(1));
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  ASSIGN_OR_FAIL(scale, alongAxis(g, scaleIn, rank, "x_scale"));
  Type f32 = g.builder().getF32Type();
  ASSIGN_OR_FAIL(xf, castValue(g, x, f32));
  Value centered = xf;
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(zpIn, g.tensorInput(2));
    if (elementTypeOf(zpIn) != in)
      return g.error() << "x_zero_point has type " << zpIn.getType()
                       << ", not x's element type " << in;
    ASSIGN_OR_FAIL(zp, alongAxis(g, zpIn, rank, "x_zero_point"));
    ASSIGN_OR_FAIL(zpF32, castValue(g, zp, f32));
    ASSIGN_OR_FAIL(c, createInferred<SubOp>(g, {xf, zpF32}));
    centered = c;
  }
  ASSIGN_OR_FAIL(y, createInferred<MulOp>(g, {centered, scale}));
  g.setOutput(0, y);
  return success();
}

/// DynamicQuantizeLinear: the uint8 scale and zero point of [min(0, min x),
/// max(0, max x)], then QuantizeLinear with them.
LogicalResult convertDynamicQuantizeLinear(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  Type f32 = g.builder().getF32Type();
  Attrs all{g.builder()};
  all.add("keepdims", g.builder().getBoolAttr(false));
  ASSIGN_OR_FAIL(lo, createInferred<ReduceMinOp>(g, {x}, all.list));
  ASSIGN_OR_FAIL(hi, createInferred<ReduceMaxOp>(g, {x}, all.list));
  ASSIGN_OR_FAIL(lo0, createInferred<MinOp>(g, {lo, floatConstant(g, f32, 0)}));
  ASSIGN_OR_FAIL(hi0, createInferred<MaxOp>(g, {hi, floatConstant(g, f32, 0)}));
  ASSIGN_OR_FAIL(range, createInferred<SubOp>(g, {hi0, lo0}));
  ASSIGN_OR_FAIL(scale,
                 createInferred<DivOp>(g, {range, floatConstant(g, f32, 255)}));
  // zero point = saturate(round(0 - min / scale)).
  ASSIGN_OR_FAIL(ratio, createInferred<DivOp>(g, {lo0, scale}));
  ASSIGN_OR_FAIL(negated, createSameType<NegOp>(g, ratio));
  Type u8 = IntegerType::get(g.context(), 8, IntegerType::Unsigned);
  ASSIGN_OR_FAIL(zeroPoint, quantize(g, negated, Value(), Value(), u8));
  ASSIGN_OR_FAIL(zeroPointF32, castValue(g, zeroPoint, f32));
  ASSIGN_OR_FAIL(y, quantize(g, x, scale, zeroPointF32, u8));
  g.setOutput(0, y);
  g.setOutput(1, scale);
  g.setOutput(2, zeroPoint);
  return success();
}

} // namespace

OpConverter lookupDecomposedOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("IsNaN", convertIsNaN)
      .Case("IsInf", convertIsInf)
      .Case("Shrink", convertShrink)
      .Case("MeanVarianceNormalization", convertMeanVarianceNormalization)
      .Case("EyeLike", convertEyeLike)
      .Case("HannWindow", convertWindow<0>)
      .Case("HammingWindow", convertWindow<1>)
      .Case("BlackmanWindow", convertWindow<2>)
      .Case("ReverseSequence", convertReverseSequence)
      .Case("QuantizeLinear", convertQuantizeLinear)
      .Case("DequantizeLinear", convertDequantizeLinear)
      .Case("DynamicQuantizeLinear", convertDynamicQuantizeLinear)
      .Default(nullptr);
}

} // namespace seam::detail
