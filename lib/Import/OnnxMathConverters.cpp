//===- OnnxMathConverters.cpp - Math, activations, Min/Max/Sum/Mean, Mod --===//
//
// Converters of the elementwise ONNX ops of numeric tensors: the unary math
// and activation functions (with their float attributes), the variadic
// Min/Max/Sum/Mean (a chain of binary seam ops, broadcasting as they go),
// Mod and PRelu.
//
//===----------------------------------------------------------------------===//

#include "IntTensorOps.h"
#include "OnnxConverterUtils.h"
#include "ShapeFloatOps.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// A float attribute of the node (its ONNX default when absent) as an F32
/// attribute of the op.
struct FloatAttrSpec {
  const char *name;
  float dflt;
};

/// Creates `OpTy` on input 0 with the node's float attributes `specs`.
template <typename OpTy>
static LogicalResult createUnary(GraphImporter &g,
                                 ArrayRef<FloatAttrSpec> specs) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  Attrs attrs{g.builder()};
  for (const FloatAttrSpec &spec : specs) {
    ASSIGN_OR_FAIL(v, g.floatAttr(spec.name, spec.dflt));
    attrs.add(spec.name, g.builder().getF32FloatAttr(v));
  }
  auto op = OpTy::create(g.builder(), g.loc(), TypeRange{x.getType()},
                         ValueRange{x}, attrs.list);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

template <typename OpTy>
static LogicalResult convertMathUnary(GraphImporter &g) {
  return createUnary<OpTy>(g, {});
}

/// Whether import-time integers of ONNX type `dataType` compute as int64
/// without leaving the type: signed, and no uint64 above INT64_MAX.
static bool foldsAsInt64(const IntTensor &t) {
  switch (t.dataType) {
  case onnx::TensorProto::INT8:
  case onnx::TensorProto::INT16:
  case onnx::TensorProto::INT32:
  case onnx::TensorProto::INT64:
    return true;
  default:
    return false;
  }
}

/// The smallest value of a signed ONNX integer type, whose negation leaves it.
static int64_t signedMinimum(int32_t dataType) {
  switch (dataType) {
  case onnx::TensorProto::INT8:
    return INT8_MIN;
  case onnx::TensorProto::INT16:
    return INT16_MIN;
  case onnx::TensorProto::INT32:
    return INT32_MIN;
  default:
    return INT64_MIN;
  }
}

/// Neg, Abs and Sign: folded when the input is a signed integer known at
/// import (the shape arithmetic of ONNX's own function bodies, such as
/// LayerNormalization's `Neg(axis)`), else `OpTy` on the tensor.
template <typename OpTy, int64_t (*fold)(int64_t)>
static LogicalResult convertIntFoldableUnary(GraphImporter &g) {
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints && foldsAsInt64(*in->ints) &&
      !llvm::is_contained(in->ints->values,
                          signedMinimum(in->ints->dataType))) {
    IntTensor r = *in->ints;
    for (int64_t &v : r.values)
      v = fold(v);
    g.setOutput(0, r);
    return success();
  }
  return createUnary<OpTy>(g, {});
}
static int64_t negate(int64_t v) { return -v; }
static int64_t absolute(int64_t v) { return v < 0 ? -v : v; }
static int64_t signum(int64_t v) { return (v > 0) - (v < 0); }

/// Floor, Ceil and Round: evaluated at import on float shape arithmetic
/// (a resize's scaled sizes), else `OpTy` on the tensor.
template <typename OpTy, double (*fold)(double)>
static LogicalResult convertShapeFoldableUnary(GraphImporter &g) {
  ASSIGN_OR_FAIL(folded, foldShapeFloatUnary(g, fold));
  if (folded)
    return success();
  return createUnary<OpTy>(g, {});
}
static double floorOf(double v) { return std::floor(v); }
static double ceilOf(double v) { return std::ceil(v); }
/// ONNX's Round: halves to even (the default rounding mode's nearbyint).
static double roundHalfToEven(double v) { return std::nearbyint(v); }

static LogicalResult convertElu(GraphImporter &g) {
  return createUnary<EluOp>(g, {{"alpha", 1.0f}});
}
static LogicalResult convertCelu(GraphImporter &g) {
  return createUnary<CeluOp>(g, {{"alpha", 1.0f}});
}
static LogicalResult convertSelu(GraphImporter &g) {
  return createUnary<SeluOp>(g, {{"alpha", 1.67326319217681884765625f},
                                 {"gamma", 1.05070102214813232421875f}});
}
static LogicalResult convertThresholdedRelu(GraphImporter &g) {
  return createUnary<ThresholdedReluOp>(g, {{"alpha", 1.0f}});
}

/// Folds the inputs left to right with the binary `OpTy`.
template <typename OpTy> static FailureOr<Value> chainInputs(GraphImporter &g) {
  if (g.node().input_size() == 0)
    return g.error() << "needs at least one input";
  ASSIGN_OR_FAIL(first, g.tensorInput(0));
  Value acc = first;
  for (int i = 1; i < g.node().input_size(); ++i) {
    ASSIGN_OR_FAIL(next, g.tensorInput(i));
    ASSIGN_OR_FAIL(r, createInferred<OpTy>(g, {acc, next}));
    acc = r;
  }
  return acc;
}

template <typename OpTy>
static LogicalResult convertVariadic(GraphImporter &g) {
  ASSIGN_OR_FAIL(r, chainInputs<OpTy>(g));
  g.setOutput(0, r);
  return success();
}

/// Min and Max: folded when every input is a signed integer known at import
/// (shape arithmetic), else a chain of `OpTy`.
template <typename OpTy, bool isMax>
static LogicalResult convertMinMax(GraphImporter &g) {
  SmallVector<const IntTensor *> ints;
  for (int i = 0; i < g.node().input_size(); ++i) {
    ASSIGN_OR_FAIL(in, g.input(i));
    if (in->ints && foldsAsInt64(*in->ints) &&
        in->ints->dataType ==
            (ints.empty() ? in->ints->dataType : ints.front()->dataType))
      ints.push_back(&*in->ints);
  }
  if (!ints.empty() && static_cast<int>(ints.size()) == g.node().input_size()) {
    auto eval = [](ArrayRef<int64_t> v) {
      return isMax ? *llvm::max_element(v) : *llvm::min_element(v);
    };
    ASSIGN_OR_FAIL(r, evalIntElementwise(ints, ints.front()->dataType, eval,
                                         g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  ASSIGN_OR_FAIL(r, chainInputs<OpTy>(g));
  g.setOutput(0, r);
  return success();
}

/// Mean: the sum divided by the number of inputs.
static LogicalResult convertMean(GraphImporter &g) {
  ASSIGN_OR_FAIL(sum, chainInputs<AddOp>(g));
  int n = g.node().input_size();
  if (n == 1) {
    g.setOutput(0, sum);
    return success();
  }
  auto type = cast<RankedTensorType>(sum.getType());
  auto scalarType = RankedTensorType::get({}, type.getElementType());
  Attribute count;
  if (auto floatType = dyn_cast<FloatType>(type.getElementType()))
    count = DenseElementsAttr::get(
        scalarType, g.builder().getFloatAttr(floatType, n).getValue());
  else
    count = DenseElementsAttr::get(
        scalarType,
        g.builder().getIntegerAttr(type.getElementType(), n).getValue());
  Value divisor = arith::ConstantOp::create(g.builder(), g.loc(), scalarType,
                                            cast<TypedAttr>(count));
  ASSIGN_OR_FAIL(r, createInferred<DivOp>(g, {sum, divisor}));
  g.setOutput(0, r);
  return success();
}

/// Integer Mod of import-time values (shape and loop-index arithmetic):
/// the remainder takes the divisor's sign, or the dividend's with fmod.
static FailureOr<IntTensor> evalIntMod(GraphImporter &g, const IntTensor &a,
                                       const IntTensor &b, bool fmod) {
  if (llvm::is_contained(b.values, 0))
    return g.error() << "input 'B' holds a zero divisor";
  auto eval = [fmod](ArrayRef<int64_t> v) -> int64_t {
    if (v[1] == -1)
      return 0; // Also INT64_MIN % -1, which C++ leaves undefined.
    int64_t r = v[0] % v[1];
    if (!fmod && r != 0 && ((r < 0) != (v[1] < 0)))
      r += v[1];
    return r;
  };
  return evalIntElementwise({&a, &b}, a.dataType, eval, g.diagnostic());
}

static LogicalResult convertMod(GraphImporter &g) {
  ASSIGN_OR_FAIL(fmod, g.intAttr("fmod", 0));
  ASSIGN_OR_FAIL(aIn, g.input(0));
  ASSIGN_OR_FAIL(bIn, g.input(1));
  if (aIn->ints && bIn->ints) {
    ASSIGN_OR_FAIL(r, evalIntMod(g, *aIn->ints, *bIn->ints, fmod != 0));
    g.setOutput(0, r);
    return success();
  }
  ASSIGN_OR_FAIL(a, g.tensorInput(0));
  ASSIGN_OR_FAIL(b, g.tensorInput(1));
  Attrs attrs{g.builder()};
  if (fmod)
    attrs.add("fmod", g.builder().getBoolAttr(true));
  ASSIGN_OR_FAIL(r, createInferred<ModOp>(g, {a, b}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertPRelu(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(slope, g.tensorInput(1));
  ASSIGN_OR_FAIL(r, createInferred<PReluOp>(g, {x, slope}));
  // The slope broadcasts to the input, never the other way.
  if (r.getType() != x.getType())
    return g.error() << "slope of shape ["
                     << cast<RankedTensorType>(slope.getType()).getShape()
                     << "] does not broadcast to the input's ["
                     << cast<RankedTensorType>(x.getType()).getShape() << "]";
  g.setOutput(0, r);
  return success();
}

OpConverter lookupMathOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("Neg", convertIntFoldableUnary<NegOp, negate>)
      .Case("Abs", convertIntFoldableUnary<AbsOp, absolute>)
      .Case("Sign", convertIntFoldableUnary<SignOp, signum>)
      .Case("Reciprocal", convertMathUnary<ReciprocalOp>)
      .Case("Floor", convertShapeFoldableUnary<FloorOp, floorOf>)
      .Case("Ceil", convertShapeFoldableUnary<CeilOp, ceilOf>)
      .Case("Round", convertShapeFoldableUnary<RoundOp, roundHalfToEven>)
      .Case("Log", convertMathUnary<LogOp>)
      .Case("Sin", convertMathUnary<SinOp>)
      .Case("Cos", convertMathUnary<CosOp>)
      .Case("Tan", convertMathUnary<TanOp>)
      .Case("Asin", convertMathUnary<AsinOp>)
      .Case("Acos", convertMathUnary<AcosOp>)
      .Case("Atan", convertMathUnary<AtanOp>)
      .Case("Sinh", convertMathUnary<SinhOp>)
      .Case("Cosh", convertMathUnary<CoshOp>)
      .Case("Asinh", convertMathUnary<AsinhOp>)
      .Case("Acosh", convertMathUnary<AcoshOp>)
      .Case("Atanh", convertMathUnary<AtanhOp>)
      .Case("Softplus", convertMathUnary<SoftplusOp>)
      .Case("Softsign", convertMathUnary<SoftsignOp>)
      .Case("Mish", convertMathUnary<MishOp>)
      .Case("Elu", convertElu)
      .Case("Celu", convertCelu)
      .Case("Selu", convertSelu)
      .Case("ThresholdedRelu", convertThresholdedRelu)
      .Case("Min", convertMinMax<MinOp, false>)
      .Case("Max", convertMinMax<MaxOp, true>)
      .Case("Sum", convertVariadic<AddOp>)
      .Case("Mean", convertMean)
      .Case("Mod", convertMod)
      .Case("PRelu", convertPRelu)
      .Default(nullptr);
}

} // namespace seam::detail
