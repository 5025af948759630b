//===- OnnxQuantizedConverters.cpp - Integer and quantized products -------===//
//
// MatMulInteger, ConvInteger, QLinearMatMul and QLinearConv (opset 10):
//
//   acc = sum (a - a_zero_point) * (b - b_zero_point)        int32
//   y   = saturate(round(acc * (a_scale * b_scale / y_scale)) + y_zero_point)
//
// The int32 product is one op, seam.matmul_integer or seam.conv_integer,
// whose zero points are its operands. The requantization of QLinearMatMul
// and QLinearConv is float32 arithmetic, as in ONNX Runtime: the int32
// accumulator (plus QLinearConv's int32 bias) in float32, times
// (a_scale * b_scale) / y_scale, rounded half to even, plus y_zero_point,
// saturated to y_zero_point's type (uint8 or int8). A kernel library with
// int8 products (oneDNN) takes the product and its requantization as one
// primitive; the compiled path computes the product exactly in float32
// digits (lib/Conversion/SeamToLinalg/IntegerProductToLinalg.cpp), which
// bounds the reduction: longer ones are refused here.
//
//===----------------------------------------------------------------------===//

#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"
#include "seam/SeamShapes.h"

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

/// The zero point input `zpIndex` (ONNX's `zpName`) of `x` (ONNX's
/// `xName`), in the shape `along` allows, or null when absent.
FailureOr<Value> zeroPointInput(GraphImporter &g, Value x, StringRef xName,
                                unsigned zpIndex, StringRef zpName,
                                const PerEntry &along) {
  if (!g.hasInput(zpIndex))
    return Value();
  ASSIGN_OR_FAIL(zpIn, g.tensorInput(zpIndex));
  if (elementTypeOf(zpIn) != elementTypeOf(x))
    return g.error() << zpName << " has type " << zpIn.getType() << ", not "
                     << xName << "'s element type " << elementTypeOf(x);
  return perTensorOrEntry(g, zpIn, zpName, along);
}

/// Refuses a reduction of `reduction` products per result longer than the
/// compiled path computes exactly.
LogicalResult checkReduction(GraphImporter &g, int64_t reduction) {
  if (reduction <= kMaxExactIntegerReduction)
    return success();
  return g.error() << "a sum of " << reduction
                   << " products per result is longer than Seam computes "
                      "exactly in float32 ("
                   << kMaxExactIntegerReduction << ")";
}

/// `OpTy` (seam.matmul_integer or seam.conv_integer) of `a` and `b` with
/// their optional zero points.
template <typename OpTy>
FailureOr<Value> integerProduct(GraphImporter &g, Value a, Value b, Value aZp,
                                Value bZp, Attrs &attrs) {
  attrs.add("operandSegmentSizes",
            g.builder().getDenseI32ArrayAttr({1, 1, aZp ? 1 : 0, bZp ? 1 : 0}));
  SmallVector<Value, 4> operands = {a, b};
  for (Value zp : {aZp, bZp})
    if (zp)
      operands.push_back(zp);
  return createInferred<OpTy>(g, operands, attrs.list);
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
  ASSIGN_OR_FAIL(az, zeroPointInput(g, a, aName, aZp, "a_zero_point", e.row));
  ASSIGN_OR_FAIL(bz,
                 zeroPointInput(g, b, bName, bZp, "b_zero_point", e.column));
  if (failed(checkReduction(g, shapeOf(a).back())))
    return failure();
  Attrs attrs{g.builder()};
  return integerProduct<MatMulIntegerOp>(g, a, b, az, bz, attrs);
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
  ASSIGN_OR_FAIL(xz,
                 zeroPointInput(g, x, "x", xZp, "x_zero_point", PerEntry{}));
  ASSIGN_OR_FAIL(
      wz, zeroPointInput(g, w, "w", wZp, "w_zero_point",
                         {outputChannels, perChannel, "output channel", {}}));
  // An overflow is a reduction too long anyway.
  int64_t reduction = 1;
  for (int64_t d : wShape.drop_front())
    reduction = llvm::checkedMul(reduction, d).value_or(INT64_MAX);
  if (failed(checkReduction(g, reduction)))
    return failure();
  Attrs attrs{g.builder()};
  if (failed(addConvAttrs(g, attrs)))
    return failure();
  return integerProduct<ConvIntegerOp>(g, x, w, xz, wz, attrs);
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
