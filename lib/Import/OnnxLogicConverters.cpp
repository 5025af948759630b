//===- OnnxLogicConverters.cpp - Cast, comparisons, logic and Where -------===//
//
// Converters of the ONNX ops that change or test element types. On integer
// tensors known at import (shape arithmetic: Equal(shape, -1) -> Where ->
// Reshape) they evaluate at import, so that the result stays a constant the
// shape-taking converters can read; on tensors of the IR they create seam
// ops.
//
//===----------------------------------------------------------------------===//

#include "IntTensorOps.h"
#include "OnnxConverterUtils.h"
#include "OnnxModelLoader.h"
#include "ShapeFloatOps.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// `value` as ONNX data type `to` stores it (bool: != 0; narrower integers
/// wrap as in C++).
static int64_t convertInt(int64_t value, int32_t to) {
  switch (to) {
  case onnx::TensorProto::BOOL:
    return value != 0;
  case onnx::TensorProto::INT8:
    return static_cast<int8_t>(value);
  case onnx::TensorProto::INT32:
    return static_cast<int32_t>(value);
  case onnx::TensorProto::UINT8:
    return static_cast<uint8_t>(value);
  case onnx::TensorProto::UINT16:
    return static_cast<uint16_t>(value);
  case onnx::TensorProto::UINT32:
    return static_cast<uint32_t>(value);
  default: // INT64, UINT64 (its bits)
    return value;
  }
}

static bool isIntDataType(int32_t type) {
  return type == onnx::TensorProto::INT64 || type == onnx::TensorProto::INT32 ||
         type == onnx::TensorProto::INT8 || type == onnx::TensorProto::BOOL ||
         type == onnx::TensorProto::UINT8 ||
         type == onnx::TensorProto::UINT16 ||
         type == onnx::TensorProto::UINT32 || type == onnx::TensorProto::UINT64;
}

/// Casts input 0 to ONNX data type `to`.
static LogicalResult castTo(GraphImporter &g, int32_t to) {
  Type toType = getElementType(g.context(), to);
  if (!toType)
    return g.error() << "cast to " << dataTypeName(to)
                     << " is not supported (Seam supports "
                     << kSupportedDataTypes << ")";
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints && isIntDataType(to)) {
    IntTensor t = *in->ints;
    for (int64_t &v : t.values)
      v = convertInt(v, to);
    t.dataType = to;
    g.setOutput(0, t);
    return success();
  }
  ASSIGN_OR_FAIL(folded, foldShapeFloatCast(g, to));
  if (folded)
    return success();
  if (in->ints && !in->tensor && isa<FloatType>(toType) &&
      !llvm::is_contained(in->ints->shape, 0)) {
    // Shape arithmetic turned float16: a constant.
    auto type = RankedTensorType::get(in->ints->shape, toType);
    SmallVector<APFloat> values;
    bool fromU64 = in->ints->dataType == onnx::TensorProto::UINT64;
    for (int64_t v : in->ints->values) {
      APFloat f(fromU64 ? static_cast<double>(static_cast<uint64_t>(v))
                        : static_cast<double>(v));
      bool lost;
      f.convert(cast<FloatType>(toType).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lost);
      values.push_back(f);
    }
    g.setOutput(0,
                arith::ConstantOp::create(g.builder(), g.loc(), type,
                                          DenseElementsAttr::get(type, values))
                    .getResult());
    return success();
  }
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getElementType() == toType) {
    g.setOutput(0, x);
    return success();
  }
  auto op = CastOp::create(g.builder(), g.loc(), type.clone(toType), x);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertCast(GraphImporter &g) {
  if (!g.findAttr("to"))
    return g.error() << "attribute 'to' is required";
  ASSIGN_OR_FAIL(to, g.intAttr("to", 0));
  if (const onnx::AttributeProto *saturate = g.findAttr("saturate"))
    (void)saturate; // Float8 only (opset 19); Seam has no float8.
  return castTo(g, static_cast<int32_t>(to));
}

/// CastLike: to the element type of input 1.
static LogicalResult convertCastLike(GraphImporter &g) {
  ASSIGN_OR_FAIL(target, g.input(1));
  if (target->ints)
    return castTo(g, target->ints->dataType);
  if (target->pending)
    return castTo(g, target->pending->data_type());
  Type elementType =
      cast<RankedTensorType>(target->tensor.getType()).getElementType();
  for (int32_t type : {onnx::TensorProto::FLOAT, onnx::TensorProto::DOUBLE,
                       onnx::TensorProto::FLOAT16, onnx::TensorProto::INT64,
                       onnx::TensorProto::INT32, onnx::TensorProto::INT8,
                       onnx::TensorProto::BOOL})
    if (getElementType(g.context(), type) == elementType)
      return castTo(g, type);
  return g.error() << "input 'target_type' has element type " << elementType
                   << ", which Seam does not support";
}

/// A comparison or logical op: evaluated at import on integer constants,
/// else `OpTy` on tensors.
template <typename OpTy>
static LogicalResult convertTyped(GraphImporter &g,
                                  int64_t (*eval)(ArrayRef<int64_t>),
                                  bool toBool) {
  SmallVector<const IntTensor *> ints;
  int numInputs = g.node().input_size();
  for (int i = 0; i < numInputs; ++i) {
    ASSIGN_OR_FAIL(in, g.input(i));
    if (in->ints)
      ints.push_back(&*in->ints);
  }
  // uint64 values above INT64_MAX do not compare as int64: seam ops do it.
  bool unsigned64 = llvm::any_of(ints, [](const IntTensor *t) {
    return t->dataType == onnx::TensorProto::UINT64;
  });
  if (static_cast<int>(ints.size()) == numInputs && !unsigned64) {
    int32_t type = toBool ? onnx::TensorProto::BOOL : ints.back()->dataType;
    ASSIGN_OR_FAIL(r, evalIntElementwise(ints, type, eval, g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  SmallVector<Value> operands;
  for (int i = 0; i < numInputs; ++i) {
    ASSIGN_OR_FAIL(v, g.tensorInput(i));
    operands.push_back(v);
  }
  ASSIGN_OR_FAIL(r, createInferred<OpTy>(g, operands));
  g.setOutput(0, r);
  return success();
}

template <typename OpTy, int64_t (*eval)(ArrayRef<int64_t>)>
static LogicalResult convertCompare(GraphImporter &g) {
  return convertTyped<OpTy>(g, eval, /*toBool=*/true);
}

template <typename OpTy, int64_t (*eval)(ArrayRef<int64_t>)>
static LogicalResult convertSameType(GraphImporter &g) {
  return convertTyped<OpTy>(g, eval, /*toBool=*/false);
}

static int64_t evalEqual(ArrayRef<int64_t> a) { return a[0] == a[1]; }
static int64_t evalLess(ArrayRef<int64_t> a) { return a[0] < a[1]; }
static int64_t evalLessEqual(ArrayRef<int64_t> a) { return a[0] <= a[1]; }
static int64_t evalGreater(ArrayRef<int64_t> a) { return a[0] > a[1]; }
static int64_t evalGreaterEqual(ArrayRef<int64_t> a) { return a[0] >= a[1]; }
static int64_t evalAnd(ArrayRef<int64_t> a) { return a[0] && a[1]; }
static int64_t evalOr(ArrayRef<int64_t> a) { return a[0] || a[1]; }
static int64_t evalXor(ArrayRef<int64_t> a) {
  return (a[0] != 0) != (a[1] != 0);
}
static int64_t evalNot(ArrayRef<int64_t> a) { return !a[0]; }
static int64_t evalWhere(ArrayRef<int64_t> a) { return a[0] ? a[1] : a[2]; }

static LogicalResult convertNot(GraphImporter &g) {
  ASSIGN_OR_FAIL(in, g.input(0));
  if (in->ints) {
    ASSIGN_OR_FAIL(r, evalIntElementwise({&*in->ints}, onnx::TensorProto::BOOL,
                                         evalNot, g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto op = NotOp::create(g.builder(), g.loc(), x.getType(), x);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

OpConverter lookupLogicOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("Cast", convertCast)
      .Case("CastLike", convertCastLike)
      .Case("Equal", convertCompare<EqualOp, evalEqual>)
      .Case("Less", convertCompare<LessOp, evalLess>)
      .Case("LessOrEqual", convertCompare<LessEqualOp, evalLessEqual>)
      .Case("Greater", convertCompare<GreaterOp, evalGreater>)
      .Case("GreaterOrEqual", convertCompare<GreaterEqualOp, evalGreaterEqual>)
      .Case("And", convertCompare<AndOp, evalAnd>)
      .Case("Or", convertCompare<OrOp, evalOr>)
      .Case("Xor", convertCompare<XorOp, evalXor>)
      .Case("Not", convertNot)
      .Case("Where", convertSameType<WhereOp, evalWhere>)
      .Default(nullptr);
}

} // namespace seam::detail
