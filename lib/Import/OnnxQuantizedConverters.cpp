//===- OnnxQuantizedConverters.cpp - Integer and quantized products -------===//
//
// MatMulInteger, ConvInteger, QLinearMatMul and QLinearConv (opset 10),
// decomposed at import into seam ops that exist:
//
//   acc = sum (a - a_zero_point) * (b - b_zero_point)        int32
//   y   = saturate(round(acc * (a_scale * b_scale / y_scale)) + y_zero_point)
//
// seam.matmul and seam.conv compute in float32 only. An operand less its
// zero point is an integer in [-255, 255] (uint8 or int8), exact in float32,
// and a float32 sum of integer products is exact in any order of summation
// while the sum of their magnitudes stays within 2^24, that is while
// K * max|a| * max|b| <= 2^24 for K products per result. Past that, operands
// are split into base-16 digits, x = 16 h + l with h = floor(x / 16) in
// [-16, 15] and l in [0, 15]: each product of digits is exact in float32, is
// cast to int32, and the products are combined in int32. Splitting the
// second operand (the weight) covers K <= 4112, splitting both K <= 65536;
// longer reductions are refused.
//
// The requantization of QLinearMatMul and QLinearConv is float32 arithmetic,
// as in ONNX Runtime: the int32 accumulator (plus QLinearConv's int32 bias)
// in float32, times (a_scale * b_scale) / y_scale, rounded half to even,
// plus y_zero_point, saturated to y_zero_point's type (uint8 or int8).
//
//===----------------------------------------------------------------------===//

#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstdint>

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

Type elementTypeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

/// Input `i`, ONNX's `name`, a uint8 or int8 tensor.
FailureOr<Value> int8Input(GraphImporter &g, unsigned i, StringRef name) {
  ASSIGN_OR_FAIL(x, g.tensorInput(i));
  if (!elementTypeOf(x).isInteger(8))
    return g.error() << name << " has type " << x.getType() << "; "
                     << g.node().op_type() << " takes uint8 or int8";
  return x;
}

//===----------------------------------------------------------------------===//
// Scales and zero points
//===----------------------------------------------------------------------===//

/// Where a scale or zero point may have one value per entry of a dim of its
/// tensor: how many entries (0 when it may not), the shape 1-D values take
/// to broadcast along that dim, what an entry is (for errors), and the
/// shape of the N-D form (empty when there is none): the tensor's, 1 on the
/// reduced axis, each dim of which may also be 1.
struct PerEntry {
  int64_t count = 0;
  SmallVector<int64_t> shape;
  StringRef what;
  SmallVector<int64_t> full;
};

/// `v`, ONNX's `name`: one value (a scalar or 1-D of one), as a scalar, or
/// `along.count` values (1-D) reshaped to `along.shape`, or the N-D form.
FailureOr<Value> perTensorOrEntry(GraphImporter &g, Value v, StringRef name,
                                  const PerEntry &along) {
  auto type = cast<RankedTensorType>(v.getType());
  ArrayRef<int64_t> shape = type.getShape();
  if (shape.size() <= 1 && type.getNumElements() == 1)
    return reshapeValue(g, v, {});
  if (along.count > 0 && shape.size() == 1 && shape[0] == along.count)
    return reshapeValue(g, v, along.shape);
  if (!along.full.empty() && shape.size() == along.full.size() &&
      llvm::all_of(llvm::zip(shape, along.full), [](auto dims) {
        auto [d, full] = dims;
        return d == full || d == 1;
      }))
    return v;
  InFlightDiagnostic diag = g.error();
  diag << name << " must be a scalar";
  if (along.count > 0)
    diag << ", 1-D with one value per " << along.what << " (" << along.count
         << ")";
  if (!along.full.empty())
    diag << " or of shape [" << ArrayRef(along.full) << "]";
  diag << ", got shape [" << shape << "]";
  return diag;
}

/// The float32 scale input `i`, ONNX's `name`.
FailureOr<Value> scaleInput(GraphImporter &g, unsigned i, StringRef name,
                            const PerEntry &along) {
  ASSIGN_OR_FAIL(scale, g.f32Input(i));
  return perTensorOrEntry(g, scale, name, along);
}

/// `x` (uint8 or int8, ONNX's `xName`) less its zero point, input `zpIndex`
/// (ONNX's `zpName`) when present, in float32: integers in [-255, 255].
FailureOr<Value> centered(GraphImporter &g, Value x, StringRef xName,
                          unsigned zpIndex, StringRef zpName,
                          const PerEntry &along) {
  Type f32 = g.builder().getF32Type();
  ASSIGN_OR_FAIL(xf, castValue(g, x, f32));
  if (!g.hasInput(zpIndex))
    return xf;
  ASSIGN_OR_FAIL(zpIn, g.tensorInput(zpIndex));
  if (elementTypeOf(zpIn) != elementTypeOf(x))
    return g.error() << zpName << " has type " << zpIn.getType() << ", not "
                     << xName << "'s element type " << elementTypeOf(x);
  ASSIGN_OR_FAIL(zp, perTensorOrEntry(g, zpIn, zpName, along));
  ASSIGN_OR_FAIL(zpf, castValue(g, zp, f32));
  return createInferred<SubOp>(g, {xf, zpf});
}

//===----------------------------------------------------------------------===//
// Exact integer products in float32
//===----------------------------------------------------------------------===//

/// A part of an operand: integers in float32, and the weight it counts with.
struct Digit {
  Value value;
  int64_t weight;
};

/// `x` (integers in [-255, 255]) whole, or as its base-16 digits
/// floor(x / 16) (weight 16, in [-16, 15]) and x - 16 floor(x / 16) (in
/// [0, 15]).
FailureOr<SmallVector<Digit, 2>> digitsOf(GraphImporter &g, Value x,
                                          bool split) {
  if (!split)
    return SmallVector<Digit, 2>{{x, 1}};
  Type f32 = g.builder().getF32Type();
  ASSIGN_OR_FAIL(sixteenths, createInferred<MulOp>(
                                 g, {x, floatConstant(g, f32, 1.0 / 16)}));
  ASSIGN_OR_FAIL(high, createSameType<FloorOp>(g, sixteenths));
  ASSIGN_OR_FAIL(highPart,
                 createInferred<MulOp>(g, {high, floatConstant(g, f32, 16)}));
  ASSIGN_OR_FAIL(low, createInferred<SubOp>(g, {x, highPart}));
  return SmallVector<Digit, 2>{{high, 16}, {low, 1}};
}

/// Builds the float32 seam.matmul or seam.conv of two operands.
using BuildProduct = llvm::function_ref<FailureOr<Value>(Value, Value)>;

/// The int32 result of `build(a, b)` for integer operands in [-255, 255]
/// and `reduction` products per result element, exact (see the header).
FailureOr<Value> exactProduct(GraphImporter &g, Value a, Value b,
                              int64_t reduction, BuildProduct build) {
  constexpr int64_t kExact = int64_t(1) << 24, kWhole = 255, kDigit = 16;
  auto fits = [&](int64_t maxA, int64_t maxB) {
    return reduction <= kExact / (maxA * maxB);
  };
  bool splitB = !fits(kWhole, kWhole);
  bool splitA = splitB && !fits(kWhole, kDigit);
  if (splitA && !fits(kDigit, kDigit))
    return g.error() << "a sum of " << reduction
                     << " products per result is longer than Seam computes "
                        "exactly in float32 ("
                     << kExact / (kDigit * kDigit) << ")";
  ASSIGN_OR_FAIL(aDigits, digitsOf(g, a, splitA));
  ASSIGN_OR_FAIL(bDigits, digitsOf(g, b, splitB));
  Type i32 = g.builder().getI32Type();
  Value acc;
  for (const Digit &da : aDigits) {
    for (const Digit &db : bDigits) {
      ASSIGN_OR_FAIL(product, build(da.value, db.value));
      ASSIGN_OR_FAIL(term, castValue(g, product, i32));
      Value weighted = term;
      if (int64_t weight = da.weight * db.weight; weight != 1) {
        ASSIGN_OR_FAIL(
            w, createInferred<MulOp>(g, {term, intConstant(g, i32, weight)}));
        weighted = w;
      }
      if (!acc) {
        acc = weighted;
        continue;
      }
      ASSIGN_OR_FAIL(sum, createInferred<AddOp>(g, {acc, weighted}));
      acc = sum;
    }
  }
  return acc;
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

/// The per-row (of A) and per-column (of B) shapes of a matrix product's
/// scales and zero points.
struct MatMulEntries {
  PerEntry row, column;
};

FailureOr<MatMulEntries> matMulEntries(GraphImporter &g, Value a, Value b) {
  ArrayRef<int64_t> aShape = shapeOf(a), bShape = shapeOf(b);
  if (aShape.empty() || bShape.empty())
    return g.error() << "the operands must have rank 1 or more, got ranks "
                     << aShape.size() << " and " << bShape.size();
  MatMulEntries e;
  if (aShape.size() >= 2) {
    int64_t rows = aShape[aShape.size() - 2];
    SmallVector<int64_t> full(aShape);
    full.back() = 1;
    e.row = {rows, {rows, 1}, "row of the first operand", full};
  }
  if (bShape.size() >= 2) {
    int64_t cols = bShape.back();
    SmallVector<int64_t> full(bShape);
    full[full.size() - 2] = 1;
    e.column = {cols, {cols}, "column of the second operand", full};
  }
  return e;
}

/// The int32 product of `a` and `b` less their zero points, inputs `aZp`
/// and `bZp` (per tensor, per row of a or per column of b); `aName` and
/// `bName` are ONNX's names of the operands.
FailureOr<Value> integerMatMul(GraphImporter &g, const MatMulEntries &e,
                               Value a, Value b, unsigned aZp, unsigned bZp,
                               StringRef aName, StringRef bName) {
  ASSIGN_OR_FAIL(ac, centered(g, a, aName, aZp, "a_zero_point", e.row));
  ASSIGN_OR_FAIL(bc, centered(g, b, bName, bZp, "b_zero_point", e.column));
  return exactProduct(g, ac, bc, shapeOf(a).back(), [&](Value x, Value y) {
    return createInferred<MatMulOp>(g, {x, y});
  });
}

LogicalResult convertMatMulInteger(GraphImporter &g) {
  ASSIGN_OR_FAIL(a, int8Input(g, 0, "A"));
  ASSIGN_OR_FAIL(b, int8Input(g, 1, "B"));
  ASSIGN_OR_FAIL(e, matMulEntries(g, a, b));
  ASSIGN_OR_FAIL(y, integerMatMul(g, e, a, b, 2, 3, "A", "B"));
  g.setOutput(0, y);
  return success();
}

/// y_zero_point (input 7) in float32 with its type, uint8 when absent.
struct OutputZeroPoint {
  Value f32;
  Type type;
};

FailureOr<OutputZeroPoint> outputZeroPoint(GraphImporter &g,
                                           const PerEntry &along) {
  if (!g.hasInput(7))
    return OutputZeroPoint{
        Value(), IntegerType::get(g.context(), 8, IntegerType::Unsigned)};
  ASSIGN_OR_FAIL(zpIn, int8Input(g, 7, "y_zero_point"));
  ASSIGN_OR_FAIL(zp, perTensorOrEntry(g, zpIn, "y_zero_point", along));
  ASSIGN_OR_FAIL(zpf, castValue(g, zp, g.builder().getF32Type()));
  return OutputZeroPoint{zpf, elementTypeOf(zpIn)};
}

/// saturate(round(acc * (scaleA * scaleB / scaleY)) + y_zero_point).
FailureOr<Value> requantize(GraphImporter &g, Value acc, Value scaleA,
                            Value scaleB, Value scaleY,
                            const OutputZeroPoint &zp) {
  ASSIGN_OR_FAIL(inputScale, createInferred<MulOp>(g, {scaleA, scaleB}));
  ASSIGN_OR_FAIL(multiplier, createInferred<DivOp>(g, {inputScale, scaleY}));
  ASSIGN_OR_FAIL(accf, castValue(g, acc, g.builder().getF32Type()));
  ASSIGN_OR_FAIL(scaled, createInferred<MulOp>(g, {accf, multiplier}));
  return quantize(g, scaled, Value(), zp.f32, zp.type);
}

LogicalResult convertQLinearMatMul(GraphImporter &g) {
  ASSIGN_OR_FAIL(a, int8Input(g, 0, "a"));
  ASSIGN_OR_FAIL(b, int8Input(g, 3, "b"));
  ASSIGN_OR_FAIL(e, matMulEntries(g, a, b));
  ASSIGN_OR_FAIL(acc, integerMatMul(g, e, a, b, 2, 5, "a", "b"));
  ASSIGN_OR_FAIL(aScale, scaleInput(g, 1, "a_scale", e.row));
  ASSIGN_OR_FAIL(bScale, scaleInput(g, 4, "b_scale", e.column));
  ASSIGN_OR_FAIL(yScale, scaleInput(g, 6, "y_scale", e.row));
  ASSIGN_OR_FAIL(zp, outputZeroPoint(g, e.row));
  ASSIGN_OR_FAIL(y, requantize(g, acc, aScale, bScale, yScale, zp));
  g.setOutput(0, y);
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// The int32 convolution of inputs 0 (x) and `wIndex` (w) less their zero
/// points (inputs `xZp`, per tensor, and `wZp`, per tensor or per output
/// channel), with Conv's attributes. Sets `outputChannels`.
FailureOr<Value> integerConv(GraphImporter &g, unsigned wIndex, unsigned xZp,
                             unsigned wZp, int64_t &outputChannels) {
  ASSIGN_OR_FAIL(x, int8Input(g, 0, "x"));
  ASSIGN_OR_FAIL(w, int8Input(g, wIndex, "w"));
  ArrayRef<int64_t> wShape = shapeOf(w);
  if (wShape.size() < 3)
    return g.error() << "w must have rank 3 or more (M x C/group x kernel), "
                        "got rank "
                     << wShape.size();
  outputChannels = wShape[0];
  SmallVector<int64_t> perChannel(wShape.size(), 1);
  perChannel[0] = outputChannels;
  ASSIGN_OR_FAIL(xc, centered(g, x, "x", xZp, "x_zero_point", PerEntry{}));
  ASSIGN_OR_FAIL(wc,
                 centered(g, w, "w", wZp, "w_zero_point",
                          {outputChannels, perChannel, "output channel", {}}));
  Attrs attrs{g.builder()};
  if (failed(addConvAttrs(g, attrs)))
    return failure();
  // An overflow is a reduction too long anyway.
  int64_t reduction = 1;
  for (int64_t d : wShape.drop_front())
    reduction = llvm::checkedMul(reduction, d).value_or(INT64_MAX);
  return exactProduct(g, xc, wc, reduction, [&](Value lhs, Value rhs) {
    return createInferred<ConvOp>(g, {lhs, rhs}, attrs.list);
  });
}

LogicalResult convertConvInteger(GraphImporter &g) {
  int64_t channels = 0;
  ASSIGN_OR_FAIL(y, integerConv(g, 1, 2, 3, channels));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertQLinearConv(GraphImporter &g) {
  int64_t channels = 0;
  ASSIGN_OR_FAIL(acc, integerConv(g, 3, 2, 5, channels));
  SmallVector<int64_t> perChannel(shapeOf(acc).size(), 1);
  perChannel[1] = channels;
  PerEntry outputChannel{channels, perChannel, "output channel", {}};
  Value withBias = acc;
  if (g.hasInput(8)) {
    ASSIGN_OR_FAIL(bias, g.tensorInput(8));
    auto type = cast<RankedTensorType>(bias.getType());
    if (!type.getElementType().isSignlessInteger(32) || type.getRank() != 1 ||
        type.getDimSize(0) != channels)
      return g.error() << "B must be int32 with one value per output channel ("
                       << channels << "), got " << bias.getType();
    ASSIGN_OR_FAIL(shaped, reshapeValue(g, bias, perChannel));
    ASSIGN_OR_FAIL(sum, createInferred<AddOp>(g, {acc, shaped}));
    withBias = sum;
  }
  ASSIGN_OR_FAIL(xScale, scaleInput(g, 1, "x_scale", PerEntry{}));
  ASSIGN_OR_FAIL(wScale, scaleInput(g, 4, "w_scale", outputChannel));
  ASSIGN_OR_FAIL(yScale, scaleInput(g, 6, "y_scale", PerEntry{}));
  ASSIGN_OR_FAIL(zp, outputZeroPoint(g, PerEntry{}));
  ASSIGN_OR_FAIL(y, requantize(g, withBias, xScale, wScale, yScale, zp));
  g.setOutput(0, y);
  return success();
}

} // namespace

OpConverter lookupQuantizedOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("MatMulInteger", convertMatMulInteger)
      .Case("ConvInteger", convertConvInteger)
      .Case("QLinearMatMul", convertQLinearMatMul)
      .Case("QLinearConv", convertQLinearConv)
      .Default(nullptr);
}

} // namespace seam::detail
