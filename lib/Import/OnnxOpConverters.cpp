//===- OnnxOpConverters.cpp - One converter per supported ONNX op ---------===//
//
// Each converter reads the current node's inputs and attributes through the
// GraphImporter and creates seam ops (or evaluates integer shape arithmetic at
// import). The converters are written for opsets 13 to 17; older models are
// converted to opset 13 before they get here.
//
//===----------------------------------------------------------------------===//

#include "IntTensorOps.h"
#include "OnnxConverterUtils.h"
#include "OnnxGraphImporter.h"
#include "OnnxModelLoader.h"
#include "OnnxOpBuilding.h"
#include "ShapeFloatOps.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// The value of an optional float attribute, as an F32 attribute or null.
static FailureOr<FloatAttr> optionalFloat(GraphImporter &g, StringRef name) {
  if (!g.findAttr(name))
    return FloatAttr();
  ASSIGN_OR_FAIL(v, g.floatAttr(name, 0.0f));
  return g.builder().getF32FloatAttr(v);
}

/// Input `i`; an integer constant becomes a constant of the float type
/// `elementType` (as ONNX's Pow takes an integer exponent).
static FailureOr<Value> tensorInputOfType(GraphImporter &g, unsigned i,
                                          Type elementType) {
  ASSIGN_OR_FAIL(in, g.input(i));
  if (!in->ints || in->tensor || !isa<FloatType>(elementType))
    return g.tensorInput(i);
  if (llvm::is_contained(in->ints->shape, 0))
    return g.error() << "input '" << g.node().input(i)
                     << "' is an empty tensor of shape [" << in->ints->shape
                     << "]; Seam does not support empty tensors";
  auto type = RankedTensorType::get(in->ints->shape, elementType);
  SmallVector<APFloat> values;
  for (int64_t x : in->ints->values) {
    APFloat f(static_cast<double>(x));
    bool lost;
    f.convert(cast<FloatType>(elementType).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    values.push_back(f);
  }
  return arith::ConstantOp::create(g.builder(), g.loc(), type,
                                   DenseElementsAttr::get(type, values))
      .getResult();
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult convertUnary(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto op = OpTy::create(g.builder(), g.loc(), x.getType(), x);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertLeakyRelu(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(alpha, g.floatAttr("alpha", 0.01f));
  g.setOutput(0, LeakyReluOp::create(g.builder(), g.loc(), x.getType(), x,
                                     g.builder().getF32FloatAttr(alpha))
                     .getResult());
  return success();
}

static LogicalResult convertHardSigmoid(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(alpha, g.floatAttr("alpha", 0.2f));
  ASSIGN_OR_FAIL(beta, g.floatAttr("beta", 0.5f));
  Builder &b = g.builder();
  g.setOutput(0, HardSigmoidOp::create(g.builder(), g.loc(), x.getType(), x,
                                       b.getF32FloatAttr(alpha),
                                       b.getF32FloatAttr(beta))
                     .getResult());
  return success();
}

/// Clip: bounds from attributes (opset < 11) or optional constant inputs.
static LogicalResult convertClip(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(minAttr, optionalFloat(g, "min"));
  ASSIGN_OR_FAIL(maxAttr, optionalFloat(g, "max"));
  FloatAttr bounds[2] = {minAttr, maxAttr};
  // Bounds known at import on an f32 tensor: one seam.clip. Otherwise
  // (bounds computed at run time, integer or f64 tensors): max, then min,
  // with the bounds as tensors.
  bool constantBounds =
      cast<RankedTensorType>(x.getType()).getElementType().isF32();
  for (unsigned i = 1; i <= 2 && constantBounds; ++i) {
    if (!g.hasInput(i))
      continue;
    ASSIGN_OR_FAIL(in, g.input(i));
    constantBounds =
        in->ints || in->pending || (in->tensor && isF32Constant(in->tensor));
  }
  if (!constantBounds) {
    Value y = x;
    for (unsigned i = 1; i <= 2; ++i) {
      if (!g.hasInput(i))
        continue;
      ASSIGN_OR_FAIL(bound, g.tensorInput(i));
      if (cast<RankedTensorType>(bound.getType()).getRank() != 0)
        return g.error() << (i == 1 ? "min" : "max")
                         << " must be a scalar (rank 0)";
      FailureOr<Value> r = i == 1 ? createInferred<MaxOp>(g, {y, bound})
                                  : createInferred<MinOp>(g, {y, bound});
      if (failed(r))
        return failure();
      y = *r;
    }
    g.setOutput(0, y);
    return success();
  }
  for (unsigned i = 1; i <= 2; ++i) {
    if (!g.hasInput(i))
      continue;
    ASSIGN_OR_FAIL(v, g.floatConstantInput(i));
    if (v.size() != 1)
      return g.error() << (i == 1 ? "min" : "max") << " must be a scalar, got "
                       << v.size() << " values";
    bounds[i - 1] = g.builder().getF32FloatAttr(v[0]);
  }
  g.setOutput(0, ClipOp::create(g.builder(), g.loc(), x.getType(), x, bounds[0],
                                bounds[1])
                     .getResult());
  return success();
}

template <typename OpTy, IntBinaryKind kind>
static LogicalResult convertBinary(GraphImporter &g) {
  ASSIGN_OR_FAIL(lhs, g.input(0));
  ASSIGN_OR_FAIL(rhs, g.input(1));
  // int64 arithmetic folds all but uint64 (values above INT64_MAX).
  if (lhs->ints && rhs->ints &&
      lhs->ints->dataType != onnx::TensorProto::UINT64) {
    ASSIGN_OR_FAIL(r,
                   evalIntBinary(kind, *lhs->ints, *rhs->ints, g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  ASSIGN_OR_FAIL(folded, foldShapeFloatBinary(g, kind));
  if (folded)
    return success();
  ASSIGN_OR_FAIL(a, g.tensorInput(0));
  ASSIGN_OR_FAIL(b, g.tensorInput(1));
  ASSIGN_OR_FAIL(r, createInferred<OpTy>(g, {a, b}));
  g.setOutput(0, r);
  return success();
}

/// Pow of an integer base: computed in f64 (libm's pow is exact where the
/// result is representable, so integer powers below 2^53 are exact), then
/// truncated to the base's type as ONNX's reference (NumPy) does.
static LogicalResult convertIntegerPow(GraphImporter &g, Value base) {
  Type f64 = g.builder().getF64Type();
  auto baseType = cast<RankedTensorType>(base.getType());
  ASSIGN_OR_FAIL(exponent, g.tensorInput(1));
  ASSIGN_OR_FAIL(a, castValue(g, base, f64));
  ASSIGN_OR_FAIL(b, castValue(g, exponent, f64));
  ASSIGN_OR_FAIL(p, createInferred<PowOp>(g, {a, b}));
  ASSIGN_OR_FAIL(r, castValue(g, p, baseType.getElementType()));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertPow(GraphImporter &g) {
  ASSIGN_OR_FAIL(a, g.tensorInput(0));
  Type elementType = cast<RankedTensorType>(a.getType()).getElementType();
  // ONNX's type constraints exclude bool.
  if (isa<IntegerType>(elementType))
    return convertIntegerPow(g, a);
  ASSIGN_OR_FAIL(e, tensorInputOfType(g, 1, elementType));
  // ONNX lets the exponent have another type than the base.
  Value b = e;
  auto exponentType = cast<RankedTensorType>(b.getType());
  if (exponentType.getElementType() != elementType)
    b = CastOp::create(g.builder(), g.loc(), exponentType.clone(elementType), b)
            .getResult();
  ASSIGN_OR_FAIL(r, createInferred<PowOp>(g, {a, b}));
  g.setOutput(0, r);
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution, pooling, matrix products, normalization
//===----------------------------------------------------------------------===//

FailureOr<AutoPadAttr> autoPadAttr(GraphImporter &g) {
  ASSIGN_OR_FAIL(s, g.stringAttr("auto_pad", "NOTSET"));
  std::optional<AutoPad> pad = llvm::StringSwitch<std::optional<AutoPad>>(s)
                                   .Case("NOTSET", AutoPad::notset)
                                   .Case("SAME_UPPER", AutoPad::same_upper)
                                   .Case("SAME_LOWER", AutoPad::same_lower)
                                   .Case("VALID", AutoPad::valid)
                                   .Default(std::nullopt);
  if (!pad)
    return g.error() << "auto_pad '" << s
                     << "' is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID";
  if (*pad == AutoPad::notset)
    return AutoPadAttr();
  return AutoPadAttr::get(g.context(), *pad);
}

/// Adds the sliding-window attributes shared by Conv, MaxPool, AveragePool.
static LogicalResult addWindowAttrs(GraphImporter &g, Attrs &attrs) {
  for (StringRef name : {"kernel_shape", "strides", "pads", "dilations"}) {
    ASSIGN_OR_FAIL(v, g.intsAttr(name));
    attrs.addInts(name, v);
  }
  ASSIGN_OR_FAIL(autoPad, autoPadAttr(g));
  attrs.add("auto_pad", autoPad);
  return success();
}

LogicalResult addConvAttrs(GraphImporter &g, Attrs &attrs) {
  if (failed(addWindowAttrs(g, attrs)))
    return failure();
  ASSIGN_OR_FAIL(group, g.intAttr("group", 1));
  attrs.add("group", g.builder().getI64IntegerAttr(group));
  return success();
}

static LogicalResult convertConv(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(w, g.f32Input(1));
  SmallVector<Value> operands = {x, w};
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(bias, g.f32Input(2));
    operands.push_back(bias);
  }
  Attrs attrs{g.builder()};
  if (failed(addConvAttrs(g, attrs)))
    return failure();
  ASSIGN_OR_FAIL(r, createInferred<ConvOp>(g, operands, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// Input 0 of MaxPool: an f32 tensor, or an integer one of at most 16 bits
/// (int8, uint8, uint16) cast to f32, which holds every such value exactly
/// (max of exact values is exact). Sets `intType` to the integer type.
static FailureOr<Value> maxPoolInput(GraphImporter &g, Type &intType) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  auto integer = dyn_cast<IntegerType>(type.getElementType());
  if (!integer || integer.getWidth() == 1 || integer.getWidth() > 16)
    return g.f32Input(0);
  intType = integer;
  auto cast = CastOp::create(g.builder(), g.loc(),
                             type.clone(g.builder().getF32Type()), x);
  return cast.getResult();
}

template <typename OpTy> static LogicalResult convertPool(GraphImporter &g) {
  Type intType;
  FailureOr<Value> input = std::is_same_v<OpTy, MaxPoolOp>
                               ? maxPoolInput(g, intType)
                               : g.f32Input(0);
  ASSIGN_OR_FAIL(x, input);
  if (!g.findAttr("kernel_shape"))
    return g.error() << "attribute 'kernel_shape' is required";
  Attrs attrs{g.builder()};
  if (failed(addWindowAttrs(g, attrs)))
    return failure();
  ASSIGN_OR_FAIL(ceilMode, g.intAttr("ceil_mode", 0));
  if (ceilMode)
    attrs.add("ceil_mode", g.builder().getBoolAttr(true));
  if constexpr (std::is_same_v<OpTy, AvgPoolOp>) {
    ASSIGN_OR_FAIL(countPad, g.intAttr("count_include_pad", 0));
    if (countPad)
      attrs.add("count_include_pad", g.builder().getBoolAttr(true));
  } else if constexpr (std::is_same_v<OpTy, LpPoolOp>) {
    ASSIGN_OR_FAIL(p, lpPoolP(g));
    attrs.add("p", p);
  }
  ASSIGN_OR_FAIL(op, createInferredOp<OpTy>(g, {x}, attrs.list));
  Value r = op.getResult();
  if constexpr (std::is_same_v<OpTy, MaxPoolOp>) {
    if (g.isOutputUsed(1)) {
      ASSIGN_OR_FAIL(storageOrder, g.intAttr("storage_order", 0));
      ASSIGN_OR_FAIL(indices, maxPoolIndices(g, x, op, storageOrder));
      g.setOutput(1, indices);
    }
  }
  if (!intType) {
    g.setOutput(0, r);
    return success();
  }
  auto back =
      CastOp::create(g.builder(), g.loc(),
                     cast<RankedTensorType>(r.getType()).clone(intType), r);
  g.setOutput(0, back.getResult());
  return success();
}

static LogicalResult convertGlobalAveragePool(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(r, createInferred<GlobalAvgPoolOp>(g, {x}));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertGemm(GraphImporter &g) {
  ASSIGN_OR_FAIL(a, g.f32Input(0));
  ASSIGN_OR_FAIL(b, g.f32Input(1));
  SmallVector<Value> operands = {a, b};
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(c, g.f32Input(2));
    operands.push_back(c);
  }
  Attrs attrs{g.builder()};
  ASSIGN_OR_FAIL(alpha, g.floatAttr("alpha", 1.0f));
  ASSIGN_OR_FAIL(beta, g.floatAttr("beta", 1.0f));
  ASSIGN_OR_FAIL(transA, g.intAttr("transA", 0));
  ASSIGN_OR_FAIL(transB, g.intAttr("transB", 0));
  attrs.add("alpha", g.builder().getF32FloatAttr(alpha));
  attrs.add("beta", g.builder().getF32FloatAttr(beta));
  attrs.add("trans_a", g.builder().getBoolAttr(transA != 0));
  attrs.add("trans_b", g.builder().getBoolAttr(transB != 0));
  ASSIGN_OR_FAIL(r, createInferred<GemmOp>(g, operands, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertMatMul(GraphImporter &g) {
  ASSIGN_OR_FAIL(a, g.f32Input(0));
  ASSIGN_OR_FAIL(b, g.f32Input(1));
  ASSIGN_OR_FAIL(r, createInferred<MatMulOp>(g, {a, b}));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertBatchNormalization(GraphImporter &g) {
  ASSIGN_OR_FAIL(training, g.intAttr("training_mode", 0));
  if (training)
    return g.error() << "training_mode = 1 is not supported (inference only)";
  SmallVector<Value> operands;
  for (unsigned i = 0; i < 5; ++i) {
    ASSIGN_OR_FAIL(v, g.f32Input(i));
    operands.push_back(v);
  }
  for (unsigned i = 1; i < 5; ++i)
    if (failed(g.requireUnusedOutput(i, "a training statistic")))
      return failure();
  // One value per channel in each parameter (the op's verifier would only
  // say that they differ, naming no input).
  ArrayRef<int64_t> xShape =
      cast<RankedTensorType>(operands[0].getType()).getShape();
  if (xShape.size() >= 2) {
    static const char *const kParams[] = {"scale", "B", "input_mean",
                                          "input_var"};
    for (unsigned i = 1; i < 5; ++i) {
      ArrayRef<int64_t> p =
          cast<RankedTensorType>(operands[i].getType()).getShape();
      if (p.size() != 1 || p[0] != xShape[1])
        return g.error() << kParams[i - 1] << " must have shape [" << xShape[1]
                         << "] (one value per channel of X), got [" << p << "]";
    }
  }
  ASSIGN_OR_FAIL(epsilon, g.floatAttr("epsilon", 1e-5f));
  Attrs attrs{g.builder()};
  attrs.add("epsilon", g.builder().getF32FloatAttr(epsilon));
  ASSIGN_OR_FAIL(r, createInferred<BatchNormOp>(g, operands, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertSoftmax(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  auto op = SoftmaxOp::create(g.builder(), g.loc(), x.getType(), x,
                              g.builder().getI64IntegerAttr(axis));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

static LogicalResult convertConcat(GraphImporter &g) {
  if (!g.findAttr("axis"))
    return g.error() << "attribute 'axis' is required";
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", 0));
  SmallVector<const ImportedValue *> inputs;
  bool allInts = true;
  for (int i = 0; i < g.node().input_size(); ++i) {
    ASSIGN_OR_FAIL(v, g.input(i));
    inputs.push_back(v);
    allInts &= v->ints.has_value();
  }
  if (allInts) {
    SmallVector<IntTensor> ints;
    for (const ImportedValue *v : inputs)
      ints.push_back(*v->ints);
    OpDiagnostic diag(g.loc(), "Concat");
    ASSIGN_OR_FAIL(
        a, normalizeAxis(axis, ints.front().shape.size(), "axis", diag));
    for (const IntTensor &t : ints)
      if (t.shape.size() != ints.front().shape.size())
        return g.error() << "inputs have different ranks";
    g.setOutput(0, evalIntConcat(ints, a));
    return success();
  }
  SmallVector<Value> operands;
  for (int i = 0; i < g.node().input_size(); ++i) {
    ASSIGN_OR_FAIL(v, g.tensorInput(i));
    operands.push_back(v);
  }
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  ASSIGN_OR_FAIL(r, createInferred<ConcatOp>(g, operands, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// Reshapes input 0 (a tensor or an integer constant) to `shape`.
static LogicalResult reshapeTo(GraphImporter &g, ArrayRef<int64_t> shape) {
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints) {
    IntTensor t = *in->ints;
    t.shape.assign(shape.begin(), shape.end());
    g.setOutput(0, t);
    return success();
  }
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = RankedTensorType::get(
      shape, cast<RankedTensorType>(x.getType()).getElementType());
  if (type == x.getType()) {
    g.setOutput(0, x);
    return success();
  }
  auto op = ReshapeOp::create(g.builder(), g.loc(), type, x);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertReshape(GraphImporter &g) {
  ASSIGN_OR_FAIL(inShape, g.inputShape(0));
  ASSIGN_OR_FAIL(target, g.intInput(1));
  ASSIGN_OR_FAIL(allowZero, g.intAttr("allowzero", 0));
  if (target.shape.size() != 1)
    return g.error() << "shape must be a 1-D tensor";
  std::optional<int64_t> inCount = elementCount(inShape);
  if (!inCount)
    return g.error() << "element count of the input [" << inShape
                     << "] overflows int64";
  int64_t count = *inCount, known = 1;
  SmallVector<int64_t> shape;
  int64_t inferIndex = -1;
  for (auto [i, d] : llvm::enumerate(target.values)) {
    if (d == 0 && !allowZero) {
      if (i >= inShape.size())
        return g.error() << "shape [" << ArrayRef<int64_t>(target.values)
                         << "] copies dimension " << i
                         << " (0) that the input [" << inShape
                         << "] does not have";
      d = inShape[i];
    } else if (d == -1) {
      if (inferIndex >= 0)
        return g.error() << "shape [" << ArrayRef<int64_t>(target.values)
                         << "] has more than one -1";
      inferIndex = i;
      shape.push_back(1);
      continue;
    } else if (d < 0) {
      return g.error() << "shape [" << ArrayRef<int64_t>(target.values)
                       << "] has a negative dimension";
    }
    shape.push_back(d);
    std::optional<int64_t> product = llvm::checkedMul(known, d);
    if (!product)
      return g.error() << "element count of shape ["
                       << ArrayRef<int64_t>(target.values)
                       << "] overflows int64";
    known = *product;
  }
  if (inferIndex >= 0) {
    if (known == 0 || count % known)
      return g.error() << "cannot reshape [" << inShape << "] to ["
                       << ArrayRef<int64_t>(target.values) << "]";
    shape[inferIndex] = count / known;
    known = count;
  }
  if (known != count)
    return g.error() << "cannot reshape [" << inShape << "] (" << count
                     << " elements) to [" << shape << "] (" << known
                     << " elements)";
  return reshapeTo(g, shape);
}

static LogicalResult convertFlatten(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", 1));
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  ASSIGN_OR_FAIL(r, createInferred<FlattenOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertTranspose(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(perm, g.intsAttr("perm"));
  if (!perm) {
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    perm.emplace();
    for (int64_t i = rank - 1; i >= 0; --i)
      perm->push_back(i);
  }
  Attrs attrs{g.builder()};
  attrs.addInts("perm", perm);
  ASSIGN_OR_FAIL(r, createInferred<TransposeOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertPad(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(mode, g.stringAttr("mode", "constant"));
  std::optional<PadMode> padMode =
      llvm::StringSwitch<std::optional<PadMode>>(mode)
          .Case("constant", PadMode::constant)
          .Case("reflect", PadMode::reflect)
          .Case("edge", PadMode::edge)
          .Default(std::nullopt);
  if (!padMode)
    return g.error() << "pad mode '" << mode
                     << "' is not supported (constant, reflect, edge)";
  ASSIGN_OR_FAIL(pads, g.intInput(1));
  float value = 0.0f;
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(v, g.floatConstantInput(2));
    if (v.size() != 1)
      return g.error() << "constant_value must be a scalar";
    value = v[0];
  }
  if (g.hasInput(3))
    return g.error() << "the axes input of Pad is not supported";
  Attrs attrs{g.builder()};
  attrs.add("pads", g.builder().getDenseI64ArrayAttr(pads.values));
  if (*padMode != PadMode::constant)
    attrs.add("mode", PadModeAttr::get(g.context(), *padMode));
  if (value != 0.0f)
    attrs.add("value", g.builder().getF32FloatAttr(value));
  ASSIGN_OR_FAIL(r, createInferred<PadOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertSlice(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  SmallVector<std::optional<SmallVector<int64_t>>, 4> args(4);
  for (unsigned i = 1; i <= 4; ++i) {
    if (!g.hasInput(i))
      continue;
    ASSIGN_OR_FAIL(t, g.intInput(i));
    args[i - 1] = SmallVector<int64_t>(t.values.begin(), t.values.end());
  }
  if (!args[0] || !args[1])
    return g.error() << "starts and ends are required";
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints) {
    std::optional<ArrayRef<int64_t>> axes, steps;
    if (args[2])
      axes = *args[2];
    if (args[3])
      steps = *args[3];
    ASSIGN_OR_FAIL(dims, inferSlice(shape, *args[0], *args[1], axes, steps,
                                    g.diagnostic()));
    g.setOutput(0, evalIntSlice(*in->ints, dims));
    return success();
  }
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  Attrs attrs{g.builder()};
  attrs.addInts("starts", args[0]);
  attrs.addInts("ends", args[1]);
  attrs.addInts("axes", args[2]);
  attrs.addInts("steps", args[3]);
  ASSIGN_OR_FAIL(r, createInferred<SliceOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// Unsqueeze and Squeeze: axes from the input (opset 13+) or attribute.
static FailureOr<std::optional<SmallVector<int64_t>>>
squeezeAxes(GraphImporter &g) {
  if (g.hasInput(1)) {
    ASSIGN_OR_FAIL(t, g.intInput(1));
    return std::optional<SmallVector<int64_t>>(
        SmallVector<int64_t>(t.values.begin(), t.values.end()));
  }
  return g.intsAttr("axes");
}

static LogicalResult convertUnsqueeze(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  ASSIGN_OR_FAIL(axes, squeezeAxes(g));
  if (!axes)
    return g.error() << "axes are required";
  int64_t rank = shape.size() + axes->size();
  SmallVector<bool> inserted(rank, false);
  for (int64_t a : *axes) {
    ASSIGN_OR_FAIL(n, normalizeAxis(a, rank, "axis", g.diagnostic()));
    if (inserted[n])
      return g.error() << "axis " << a << " is repeated";
    inserted[n] = true;
  }
  SmallVector<int64_t> result;
  auto it = shape.begin();
  for (int64_t i = 0; i < rank; ++i)
    result.push_back(inserted[i] ? 1 : *it++);
  return reshapeTo(g, result);
}

static LogicalResult convertSqueeze(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  ASSIGN_OR_FAIL(axes, squeezeAxes(g));
  int64_t rank = shape.size();
  SmallVector<bool> removed(rank, false);
  if (axes) {
    for (int64_t a : *axes) {
      ASSIGN_OR_FAIL(n, normalizeAxis(a, rank, "axis", g.diagnostic()));
      if (shape[n] != 1)
        return g.error() << "cannot squeeze axis " << a << " of size "
                         << shape[n];
      removed[n] = true;
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      removed[i] = shape[i] == 1;
  }
  SmallVector<int64_t> result;
  for (int64_t i = 0; i < rank; ++i)
    if (!removed[i])
      result.push_back(shape[i]);
  return reshapeTo(g, result);
}

static LogicalResult convertIdentity(GraphImporter &g) {
  ASSIGN_OR_FAIL(in, g.input(0));
  g.setOutput(0, *in);
  return success();
}

/// Dropout at inference is the identity, and its mask all true.
static LogicalResult convertDropout(GraphImporter &g) {
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(training, g.intInput(2));
    if (!training.values.empty() && training.values[0])
      return g.error()
             << "training_mode = true is not supported (inference only)";
  }
  if (g.isOutputUsed(1)) {
    ASSIGN_OR_FAIL(x, g.tensorInput(0));
    auto maskType =
        cast<RankedTensorType>(x.getType()).clone(g.builder().getI1Type());
    Value yes = intConstant(g, g.builder().getI1Type(), 1);
    auto mask = ExpandOp::create(g.builder(), g.loc(), maskType, yes);
    if (failed(verifyCreated(g, mask)))
      return failure();
    g.setOutput(1, mask.getResult());
  }
  return convertIdentity(g);
}

//===----------------------------------------------------------------------===//
// Constants and shape computation
//===----------------------------------------------------------------------===//

static LogicalResult convertConstant(GraphImporter &g) {
  if (g.node().attribute_size() != 1)
    return g.error() << "must have exactly one value attribute";
  const onnx::AttributeProto &attr = g.node().attribute(0);
  StringRef name = attr.name();
  if (name == "value") {
    ASSIGN_OR_FAIL(v, g.readTensor(attr.t(), "Constant"));
    g.setOutput(0, v);
    return success();
  }
  if (name == "value_float" || name == "value_floats") {
    std::vector<float> data;
    SmallVector<int64_t> shape;
    if (name == "value_float") {
      data.push_back(attr.f());
    } else {
      data.assign(attr.floats().begin(), attr.floats().end());
      shape.push_back(data.size());
    }
    g.setOutput(0, g.createConstant(shape, data, g.node().output(0)));
    return success();
  }
  if (name == "value_int" || name == "value_ints") {
    IntTensor t;
    if (name == "value_int") {
      t.values.push_back(attr.i());
    } else {
      t.values.assign(attr.ints().begin(), attr.ints().end());
      t.shape.push_back(t.values.size());
    }
    g.setOutput(0, t);
    return success();
  }
  return g.error() << "attribute '" << name << "' is not supported";
}

static LogicalResult convertShape(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  int64_t rank = shape.size();
  ASSIGN_OR_FAIL(start, g.intAttr("start", 0));
  ASSIGN_OR_FAIL(end, g.intAttr("end", rank));
  auto clampIndex = [&](int64_t i) {
    if (i < 0)
      i += rank;
    return std::clamp<int64_t>(i, 0, rank);
  };
  IntTensor t;
  for (int64_t i = clampIndex(start); i < clampIndex(end); ++i)
    t.values.push_back(shape[i]);
  t.shape.push_back(t.values.size());
  g.setOutput(0, t);
  return success();
}

static LogicalResult convertConstantOfShape(GraphImporter &g) {
  ASSIGN_OR_FAIL(shapeT, g.intInput(0));
  SmallVector<int64_t> shape(shapeT.values.begin(), shapeT.values.end());
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0)
      return g.error() << "shape [" << shape << "] has a negative dim";
    if (__builtin_mul_overflow(count, d, &count))
      return g.error() << "shape [" << shape
                       << "] has more elements than int64 can count";
  }
  ImportedValue fill;
  if (const onnx::AttributeProto *attr = g.findAttr("value")) {
    ASSIGN_OR_FAIL(v, g.readTensor(attr->t(), "ConstantOfShape value"));
    fill = v;
    bool one = llvm::all_of(attr->t().dims(), [](int64_t d) { return d == 1; });
    if (fill.ints && fill.ints->values.size() != 1)
      one = false;
    if (fill.pending)
      one = one && floatValues(*fill.pending).size() == 1;
    if (!one)
      return g.error() << "'value' must hold exactly one element";
  }
  if (fill.ints && count > kMaxFoldedIntElements) {
    // Too large to be shape arithmetic: a splat tensor of the IR.
    Type elementType = getElementType(g.context(), fill.ints->dataType);
    auto type = RankedTensorType::get(shape, elementType);
    APInt splat(elementType.getIntOrFloatBitWidth(),
                static_cast<uint64_t>(fill.ints->values.front()),
                /*isSigned=*/true, /*implicitTrunc=*/true);
    g.setOutput(0,
                arith::ConstantOp::create(g.builder(), g.loc(), type,
                                          DenseElementsAttr::get(type, splat))
                    .getResult());
    return success();
  }
  if (fill.ints) {
    IntTensor t;
    t.dataType = fill.ints->dataType;
    t.shape = shape;
    t.values.assign(count, fill.ints->values.front());
    g.setOutput(0, t);
    return success();
  }
  if (fill.unsupportedType)
    return g.error() << "value of data type "
                     << dataTypeName(fill.unsupportedType)
                     << " is not supported";
  // The default is a float32 zero.
  double value = 0.0;
  Type elementType = g.builder().getF32Type();
  if (fill.pending) {
    value = floatValues(*fill.pending).front();
    elementType = getElementType(g.context(), fill.pending->data_type());
  }
  auto type = RankedTensorType::get(shape, elementType);
  APFloat fillValue(value);
  bool lost;
  fillValue.convert(cast<FloatType>(elementType).getFloatSemantics(),
                    APFloat::rmNearestTiesToEven, &lost);
  g.setOutput(0,
              arith::ConstantOp::create(g.builder(), g.loc(), type,
                                        DenseElementsAttr::get(type, fillValue))
                  .getResult());
  return success();
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

OpConverter lookupDomainOpConverter(StringRef domain, StringRef opType) {
  if (domain.empty() || domain == "ai.onnx")
    return lookupOpConverter(opType);
  if (domain == "ai.onnx.ml")
    return lookupOnnxMlOpConverter(opType);
  return nullptr;
}

OpConverter lookupOpConverter(StringRef opType) {
  if (OpConverter converter = lookupReductionOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupLogicOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupMathOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupIndexingOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupLossOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupSelectionOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupNormalizationOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupControlFlowOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupDecomposedOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupConvPoolOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupEinsumOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupBitShiftOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupRecurrentOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupSpectralOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupLinearAlgebraOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupGridSampleOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupRoiAlignOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupQuantizedOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupDataDependentOpConverter(opType))
    return converter;
  if (OpConverter converter = lookupTfIdfOpConverter(opType))
    return converter;
  using K = IntBinaryKind;
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("Conv", convertConv)
      .Case("Gemm", convertGemm)
      .Case("MatMul", convertMatMul)
      .Case("BatchNormalization", convertBatchNormalization)
      .Case("Relu", convertUnary<ReluOp>)
      .Case("Sigmoid", convertUnary<SigmoidOp>)
      .Case("Tanh", convertUnary<TanhOp>)
      .Case("Exp", convertUnary<ExpOp>)
      .Case("Sqrt", convertUnary<SqrtOp>)
      .Case("Erf", convertUnary<ErfOp>)
      .Case("HardSwish", convertUnary<HardSwishOp>)
      .Case("LeakyRelu", convertLeakyRelu)
      .Case("HardSigmoid", convertHardSigmoid)
      .Case("Clip", convertClip)
      .Case("Add", convertBinary<AddOp, K::Add>)
      .Case("Sub", convertBinary<SubOp, K::Sub>)
      .Case("Mul", convertBinary<MulOp, K::Mul>)
      .Case("Div", convertBinary<DivOp, K::Div>)
      .Case("Pow", convertPow)
      .Case("MaxPool", convertPool<MaxPoolOp>)
      .Case("AveragePool", convertPool<AvgPoolOp>)
      .Case("LpPool", convertPool<LpPoolOp>)
      .Case("GlobalAveragePool", convertGlobalAveragePool)
      .Case("Softmax", convertSoftmax)
      .Case("Concat", convertConcat)
      .Case("Reshape", convertReshape)
      .Case("Flatten", convertFlatten)
      .Case("Transpose", convertTranspose)
      .Case("Pad", convertPad)
      .Case("Slice", convertSlice)
      .Case("Identity", convertIdentity)
      .Case("Dropout", convertDropout)
      .Case("Constant", convertConstant)
      .Case("Shape", convertShape)
      .Case("Unsqueeze", convertUnsqueeze)
      .Case("Squeeze", convertSqueeze)
      .Case("ConstantOfShape", convertConstantOfShape)
      .Default(nullptr);
}

} // namespace seam::detail
