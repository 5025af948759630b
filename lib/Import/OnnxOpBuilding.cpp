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

} // namespace seam::detail
