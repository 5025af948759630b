//===- OnnxOpBuilding.cpp - Seam ops the decompositions build -------------===//

#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

Value scalarConstant(GraphImporter &g, Type elementType, int64_t intValue,
                     double floatValue) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute attr;
  if (auto f = dyn_cast<FloatType>(elementType))
    attr = DenseElementsAttr::get(
        type, g.builder().getFloatAttr(f, floatValue).getValue());
  else
    attr = DenseElementsAttr::get(
        type, APInt(elementType.getIntOrFloatBitWidth(),
                    static_cast<uint64_t>(intValue), /*isSigned=*/true,
                    /*implicitTrunc=*/true));
  return arith::ConstantOp::create(g.builder(), g.loc(), type,
                                   cast<TypedAttr>(attr));
}

FailureOr<Value> reshapeValue(GraphImporter &g, Value v,
                              ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(v.getType()).clone(shape);
  if (type == v.getType())
    return v;
  auto op = ReshapeOp::create(g.builder(), g.loc(), type, v);
  if (failed(verifyCreated(g, op)))
    return failure();
  return op.getResult();
}

FailureOr<Value> castValue(GraphImporter &g, Value v, Type elementType) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elementType)
    return v;
  auto op = CastOp::create(g.builder(), g.loc(), type.clone(elementType), v);
  if (failed(verifyCreated(g, op)))
    return failure();
  return op.getResult();
}

FailureOr<Value> quantize(GraphImporter &g, Value x, Value scale,
                          Value zeroPointF32, Type target) {
  Value scaled = x;
  if (scale) {
    ASSIGN_OR_FAIL(q, createInferred<DivOp>(g, {x, scale}));
    scaled = q;
  }
  ASSIGN_OR_FAIL(rounded, createSameType<RoundOp>(g, scaled));
  Value shifted = rounded;
  if (zeroPointF32) {
    ASSIGN_OR_FAIL(s, createInferred<AddOp>(g, {rounded, zeroPointF32}));
    shifted = s;
  }
  bool isSigned = !target.isUnsignedInteger();
  auto clip =
      ClipOp::create(g.builder(), g.loc(), shifted.getType(), shifted,
                     g.builder().getF32FloatAttr(isSigned ? -128.0f : 0.0f),
                     g.builder().getF32FloatAttr(isSigned ? 127.0f : 255.0f));
  if (failed(verifyCreated(g, clip)))
    return failure();
  return castValue(g, clip.getResult(), target);
}

} // namespace seam::detail
