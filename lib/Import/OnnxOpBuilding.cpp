//===- OnnxOpBuilding.cpp - Seam ops the decompositions build -------------===//

#include "OnnxOpBuilding.h"
#include "OnnxModelLoader.h"

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

Value i64Constant(GraphImporter &g, ArrayRef<int64_t> shape,
                  ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get(shape, g.builder().getI64Type());
  return arith::ConstantOp::create(g.builder(), g.loc(), type,
                                   DenseElementsAttr::get(type, values));
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

FailureOr<Value> outputDatatypeConstant(GraphImporter &g,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<double> values) {
  ASSIGN_OR_FAIL(dtype, g.intAttr("output_datatype", onnx::TensorProto::FLOAT));
  Type elementType = getElementType(g.context(), static_cast<int32_t>(dtype));
  if (!elementType || elementType.isInteger(1))
    return g.error() << "output_datatype " << dtype
                     << " is not a numeric type Seam supports";
  auto type = RankedTensorType::get(shape, elementType);
  SmallVector<Attribute> attrs;
  for (double v : values)
    attrs.push_back(isa<FloatType>(elementType)
                        ? Attribute(g.builder().getFloatAttr(elementType, v))
                        : Attribute(g.builder().getIntegerAttr(
                              elementType, static_cast<int64_t>(v))));
  return arith::ConstantOp::create(g.builder(), g.loc(), type,
                                   DenseElementsAttr::get(type, attrs))
      .getResult();
}

FailureOr<Value> sliceAxis(GraphImporter &g, Value v, int64_t axis,
                           int64_t start, int64_t size) {
  Builder &b = g.builder();
  Attrs attrs{b};
  attrs.add("starts", b.getDenseI64ArrayAttr({start}));
  attrs.add("ends", b.getDenseI64ArrayAttr({start + size}));
  attrs.add("axes", b.getDenseI64ArrayAttr({axis}));
  return createInferred<SliceOp>(g, {v}, attrs.list);
}

FailureOr<Value> entryAlong(GraphImporter &g, Value v, int64_t axis,
                            int64_t index) {
  ASSIGN_OR_FAIL(slice, sliceAxis(g, v, axis, index, 1));
  SmallVector<int64_t> shape(cast<RankedTensorType>(v.getType()).getShape());
  shape.erase(shape.begin() + axis);
  return reshapeValue(g, slice, shape);
}

FailureOr<Value> transposed(GraphImporter &g, Value v, ArrayRef<int64_t> perm) {
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return v;
  Attrs attrs{g.builder()};
  attrs.add("perm", g.builder().getDenseI64ArrayAttr(perm));
  return createInferred<TransposeOp>(g, {v}, attrs.list);
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

FailureOr<Value> reverseSequences(GraphImporter &g, Value x, Value lengths64,
                                  int64_t batchAxis, int64_t timeAxis) {
  ArrayRef<int64_t> shape = cast<RankedTensorType>(x.getType()).getShape();
  int64_t rank = shape.size();
  Type i64 = g.builder().getI64Type();
  SmallVector<int64_t> batchShape(rank, 1), timeShape(rank, 1);
  batchShape[batchAxis] = shape[batchAxis];
  timeShape[timeAxis] = shape[timeAxis];
  ASSIGN_OR_FAIL(lengths, reshapeValue(g, lengths64, batchShape));
  SmallVector<int64_t> steps;
  for (int64_t t = 0; t < shape[timeAxis]; ++t)
    steps.push_back(t);
  Value time = i64Constant(g, timeShape, steps);
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
  return createInferred<GatherElementsOp>(g, {x, expand.getResult()},
                                          attrs.list);
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
