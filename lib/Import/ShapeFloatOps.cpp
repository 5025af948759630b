//===- ShapeFloatOps.cpp - Import-time float shape arithmetic -------------===//

#include "ShapeFloatOps.h"

#include "OnnxConverterUtils.h"

#include <cmath>

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// Shape arithmetic is a handful of values; a larger float tensor (a
/// broadcast against a weight) is left to the IR.
static constexpr size_t kMaxShapeFloats = 1024;

static bool isShapeFloatType(int32_t type) {
  return type == onnx::TensorProto::FLOAT || type == onnx::TensorProto::DOUBLE;
}

/// `v` in the precision of ONNX type `type`: FLOAT rounds to nearest (to
/// an infinity beyond float's range, which a C++ cast would leave
/// undefined).
static double roundTo(double v, int32_t type) {
  if (type != onnx::TensorProto::FLOAT)
    return v;
  APFloat f(v);
  bool lost;
  f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
  return static_cast<double>(f.convertToFloat());
}

/// Input `i` as float values known at import: float shape arithmetic, or a
/// small FLOAT/DOUBLE initializer or Constant.
static std::optional<ShapeFloats> shapeFloatsInput(GraphImporter &g,
                                                   unsigned i) {
  FailureOr<const ImportedValue *> in = g.input(i);
  if (failed(in))
    return std::nullopt;
  if ((*in)->floats)
    return (*in)->floats;
  const onnx::TensorProto *t = (*in)->pending;
  if (!t || !isShapeFloatType(t->data_type()))
    return std::nullopt;
  std::optional<int64_t> count =
      elementCount(SmallVector<int64_t>(t->dims().begin(), t->dims().end()));
  if (!count || *count > static_cast<int64_t>(kMaxShapeFloats))
    return std::nullopt;
  ShapeFloats f;
  f.shape.assign(t->dims().begin(), t->dims().end());
  f.values = floatValues(*t);
  f.dataType = t->data_type();
  return f;
}

/// Records `f` as output 0 (GraphImporter::setOutput also makes it a
/// constant of the IR).
static void setShapeFloatsOutput(GraphImporter &g, ShapeFloats f) {
  ImportedValue out;
  out.floats = std::move(f);
  g.setOutput(0, std::move(out));
}

/// `v` truncated toward zero as ONNX integer type `to`, if `to` holds it.
static std::optional<int64_t> truncateTo(double v, int32_t to) {
  if (to == onnx::TensorProto::BOOL)
    return v != 0;
  double t = std::trunc(v);
  // 2^63 and 2^31 are exact doubles; the ranges are half-open above.
  if (to == onnx::TensorProto::INT64 && t >= -9223372036854775808.0 &&
      t < 9223372036854775808.0)
    return static_cast<int64_t>(t);
  if (to == onnx::TensorProto::INT32 && t >= -2147483648.0 && t < 2147483648.0)
    return static_cast<int64_t>(t);
  return std::nullopt; // NaN, infinities, out of range, other types.
}

FailureOr<bool> foldShapeFloatCast(GraphImporter &g, int32_t to) {
  ASSIGN_OR_FAIL(in, g.input(0));
  // Integers known at import stay known when a tensor consumer has also
  // materialized them.
  if (in->ints && isShapeFloatType(to) &&
      in->ints->dataType != onnx::TensorProto::UINT64 &&
      !llvm::is_contained(in->ints->shape, 0)) {
    ShapeFloats f;
    f.shape.assign(in->ints->shape.begin(), in->ints->shape.end());
    f.dataType = to;
    for (int64_t v : in->ints->values)
      f.values.push_back(roundTo(static_cast<double>(v), to));
    setShapeFloatsOutput(g, std::move(f));
    return true;
  }
  if (!in->floats)
    return false;
  if (isShapeFloatType(to)) {
    ShapeFloats f = *in->floats;
    f.dataType = to;
    for (double &v : f.values)
      v = roundTo(v, to);
    setShapeFloatsOutput(g, std::move(f));
    return true;
  }
  IntTensor t;
  t.shape.assign(in->floats->shape.begin(), in->floats->shape.end());
  t.dataType = to;
  for (double v : in->floats->values) {
    std::optional<int64_t> i = truncateTo(v, to);
    if (!i)
      return false; // Left to the cast op of the IR.
    t.values.push_back(*i);
  }
  g.setOutput(0, std::move(t));
  return true;
}

FailureOr<bool> foldShapeFloatBinary(GraphImporter &g, IntBinaryKind kind) {
  ASSIGN_OR_FAIL(lhsIn, g.input(0));
  ASSIGN_OR_FAIL(rhsIn, g.input(1));
  if (!lhsIn->floats && !rhsIn->floats)
    return false;
  std::optional<ShapeFloats> lhs = shapeFloatsInput(g, 0);
  std::optional<ShapeFloats> rhs = shapeFloatsInput(g, 1);
  if (!lhs || !rhs || lhs->dataType != rhs->dataType)
    return false;
  // A division by zero is left to the IR (its infinities are no shape).
  if (kind == IntBinaryKind::Div && llvm::is_contained(rhs->values, 0.0))
    return false;
  ASSIGN_OR_FAIL(shape,
                 broadcastShapes(lhs->shape, rhs->shape, g.diagnostic()));
  std::optional<int64_t> count = elementCount(shape);
  if (!count || *count == 0 || *count > static_cast<int64_t>(kMaxShapeFloats))
    return false;
  ShapeFloats r;
  r.shape.assign(shape.begin(), shape.end());
  r.dataType = lhs->dataType;
  forEachBroadcastElement(
      shape, lhs->shape, rhs->shape, [&](int64_t, int64_t l, int64_t rr) {
        double a = lhs->values[l], b = rhs->values[rr], v = 0;
        switch (kind) {
        case IntBinaryKind::Add:
          v = a + b;
          break;
        case IntBinaryKind::Sub:
          v = a - b;
          break;
        case IntBinaryKind::Mul:
          v = a * b;
          break;
        case IntBinaryKind::Div:
          v = a / b;
          break;
        }
        r.values.push_back(roundTo(v, r.dataType));
      });
  setShapeFloatsOutput(g, std::move(r));
  return true;
}

FailureOr<bool> foldShapeFloatUnary(GraphImporter &g, double (*fn)(double)) {
  ASSIGN_OR_FAIL(in, g.input(0));
  if (!in->floats)
    return false;
  ShapeFloats f = *in->floats;
  for (double &v : f.values)
    v = fn(v);
  setShapeFloatsOutput(g, std::move(f));
  return true;
}

} // namespace seam::detail
