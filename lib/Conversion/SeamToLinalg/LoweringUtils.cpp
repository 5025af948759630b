//===- LoweringUtils.cpp - Helpers shared by the seam-to-linalg patterns --===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;
using namespace seam;

ArrayRef<int64_t> lowering::shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

Value lowering::f32Scalar(OpBuilder &b, Location loc, float value) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

Value lowering::indexScalar(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value lowering::normalizeIndex(OpBuilder &b, Location loc, Value index,
                               int64_t size) {
  Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  Value zero = indexScalar(b, loc, 0);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, zero);
  Value wrapped = arith::AddIOp::create(b, loc, i, indexScalar(b, loc, size));
  i = arith::SelectOp::create(b, loc, negative, wrapped, i);
  i = arith::MaxSIOp::create(b, loc, i, zero);
  return arith::MinSIOp::create(b, loc, i, indexScalar(b, loc, size - 1));
}

Value lowering::scalarOfType(OpBuilder &b, Location loc, Type type,
                             double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

Value lowering::scalarLike(OpBuilder &b, Location loc, Value like,
                           double value) {
  return scalarOfType(b, loc, like.getType(), value);
}

Value lowering::computeWidened(
    OpBuilder &b, Location loc, ValueRange args,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  if (args.empty() || !args.front().getType().isF16())
    return body(b, loc, args);
  SmallVector<Value> wide;
  for (Value arg : args)
    wide.push_back(arg.getType().isF16()
                       ? arith::ExtFOp::create(b, loc, b.getF32Type(), arg)
                       : arg);
  Value result = body(b, loc, wide);
  return arith::TruncFOp::create(b, loc, b.getF16Type(), result);
}

Type lowering::elementTypeOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

Value lowering::emptyTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            Type elementType) {
  return tensor::EmptyOp::create(b, loc, shape,
                                 elementType ? elementType : b.getF32Type());
}

Value lowering::filledTensor(OpBuilder &b, Location loc,
                             ArrayRef<int64_t> shape, float value) {
  return filledTensor(b, loc, shape, b.getF32Type(), value);
}

Value lowering::filledTensor(OpBuilder &b, Location loc,
                             ArrayRef<int64_t> shape, Type elementType,
                             double value) {
  Value init = emptyTensor(b, loc, shape, elementType);
  return linalg::FillOp::create(
             b, loc, ValueRange{scalarOfType(b, loc, elementType, value)},
             ValueRange{init})
      .getResult(0);
}

Value lowering::addValues(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::AddFOp::create(b, loc, lhs, rhs);
  return arith::AddIOp::create(b, loc, lhs, rhs);
}

SmallVector<utils::IteratorType> lowering::parallelIterators(unsigned n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

SmallVector<AffineExpr> lowering::dimExprs(MLIRContext *ctx, unsigned first,
                                           unsigned n) {
  SmallVector<AffineExpr> exprs;
  for (unsigned i = 0; i < n; ++i)
    exprs.push_back(getAffineDimExpr(first + i, ctx));
  return exprs;
}

AffineMap lowering::broadcastMap(MLIRContext *ctx, ArrayRef<int64_t> operand,
                                 ArrayRef<int64_t> result) {
  unsigned offset = result.size() - operand.size();
  SmallVector<AffineExpr> exprs;
  for (auto [i, size] : llvm::enumerate(operand)) {
    unsigned dim = offset + i;
    exprs.push_back(size == 1 && result[dim] != 1
                        ? getAffineConstantExpr(0, ctx)
                        : getAffineDimExpr(dim, ctx));
  }
  return AffineMap::get(result.size(), 0, exprs, ctx);
}

Value lowering::buildElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                                 ArrayRef<int64_t> resultShape,
                                 ScalarBodyFn body, Type resultElementType) {
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value input : inputs)
    maps.push_back(broadcastMap(ctx, shapeOf(input), resultShape));
  maps.push_back(AffineMap::getMultiDimIdentityMap(resultShape.size(), ctx));
  Value init = emptyTensor(b, loc, resultShape,
                           resultElementType ? resultElementType
                                             : elementTypeOf(inputs.front()));
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps,
      parallelIterators(resultShape.size()),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result = body(nb, nloc, args.drop_back());
        linalg::YieldOp::create(nb, nloc, result);
      });
  return generic.getResult(0);
}

Value lowering::reduceSum(OpBuilder &b, Location loc, Value input,
                          ArrayRef<int64_t> dims) {
  SmallVector<int64_t> kept;
  for (auto [d, size] : llvm::enumerate(shapeOf(input)))
    if (!llvm::is_contained(dims, static_cast<int64_t>(d)))
      kept.push_back(size);
  return linalg::ReduceOp::create(
             b, loc, ValueRange{input},
             ValueRange{filledTensor(b, loc, kept, elementTypeOf(input), 0)},
             dims,
             [](OpBuilder &nb, Location nloc, ValueRange args) {
               Value sum = addValues(nb, nloc, args[0], args[1]);
               linalg::YieldOp::create(nb, nloc, sum);
             })
      .getResult(0);
}

Value lowering::divideBy(OpBuilder &b, Location loc, Value value,
                         float divisor) {
  return buildElementwise(
      b, loc, value, shapeOf(value),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value d = scalarOfType(nb, nloc, args[0].getType(), divisor);
        if (isa<FloatType>(args[0].getType()))
          return arith::DivFOp::create(nb, nloc, args[0], d);
        return divInts(nb, nloc, args[0], d);
      });
}

//===----------------------------------------------------------------------===//
// Unsigned integers
//===----------------------------------------------------------------------===//

bool lowering::isUnsigned(Type type) { return type.isUnsignedInteger(); }

arith::CmpIPredicate lowering::intPredicate(Type type,
                                            arith::CmpIPredicate predicate) {
  if (!isUnsigned(type))
    return predicate;
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::slt:
    return P::ult;
  case P::sle:
    return P::ule;
  case P::sgt:
    return P::ugt;
  case P::sge:
    return P::uge;
  default:
    return predicate;
  }
}

Value lowering::minInts(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isUnsigned(lhs.getType()))
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  return arith::MinSIOp::create(b, loc, lhs, rhs);
}

Value lowering::maxInts(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isUnsigned(lhs.getType()))
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  return arith::MaxSIOp::create(b, loc, lhs, rhs);
}

Value lowering::divInts(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isUnsigned(lhs.getType()))
    return arith::DivUIOp::create(b, loc, lhs, rhs);
  return arith::DivSIOp::create(b, loc, lhs, rhs);
}

void lowering::eraseSignedness(Operation *root) {
  auto signless = [](Type type) -> std::optional<Type> {
    auto integer = dyn_cast<IntegerType>(type);
    if (!integer || !integer.isUnsigned())
      return std::nullopt;
    return IntegerType::get(type.getContext(), integer.getWidth());
  };
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](IntegerType type) -> std::optional<Type> { return signless(type); });
  // Dense constants keep their bits (the replacer does not look into them).
  replacer.addReplacement(
      [&](DenseIntOrFPElementsAttr attr) -> std::optional<Attribute> {
        std::optional<Type> element = signless(attr.getElementType());
        if (!element)
          return std::nullopt;
        return attr.bitcast(*element);
      });
  replacer.addReplacement(
      [&](DenseResourceElementsAttr attr) -> std::optional<Attribute> {
        std::optional<Type> element = signless(attr.getElementType());
        if (!element)
          return std::nullopt;
        return DenseResourceElementsAttr::get(attr.getType().clone(*element),
                                              attr.getRawHandle());
      });
  replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

Value lowering::padWithConstant(OpBuilder &b, Location loc, Value input,
                                ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                                float value) {
  if (llvm::all_of(low, [](int64_t p) { return p == 0; }) &&
      llvm::all_of(high, [](int64_t p) { return p == 0; }))
    return input;
  ArrayRef<int64_t> shape = shapeOf(input);
  SmallVector<int64_t> padded;
  SmallVector<OpFoldResult> lowOfr, highOfr;
  for (auto [size, l, h] : llvm::zip_equal(shape, low, high)) {
    padded.push_back(size + l + h);
    lowOfr.push_back(b.getIndexAttr(l));
    highOfr.push_back(b.getIndexAttr(h));
  }
  Type elementType = elementTypeOf(input);
  auto type = RankedTensorType::get(padded, elementType);
  return tensor::PadOp::create(b, loc, type, input, lowOfr, highOfr,
                               scalarOfType(b, loc, elementType, value));
}

/// The reassociation that collapses `from` into the lower-rank `to`, if one
/// exists.
static std::optional<SmallVector<ReassociationIndices>>
collapseReassociation(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  if (to.size() == 1) // One group, whatever the sizes (even with zeros).
    return SmallVector<ReassociationIndices>{
        llvm::to_vector(llvm::seq<int64_t>(0, from.size()))};
  if (!to.empty())
    return getReassociationIndicesForCollapse(from, to);
  // Only an all-ones shape collapses to a scalar, with no groups.
  if (llvm::all_of(from, [](int64_t d) { return d == 1; }))
    return SmallVector<ReassociationIndices>{};
  return std::nullopt;
}

Value lowering::reshapeTo(OpBuilder &b, Location loc, Value input,
                          ArrayRef<int64_t> shape) {
  ArrayRef<int64_t> from = shapeOf(input);
  if (from == shape)
    return input;
  auto type = RankedTensorType::get(shape, elementTypeOf(input));
  if (from.size() > shape.size())
    if (auto re = collapseReassociation(from, shape))
      return tensor::CollapseShapeOp::create(b, loc, type, input, *re);
  if (from.size() < shape.size())
    if (auto re = collapseReassociation(shape, from))
      return tensor::ExpandShapeOp::create(b, loc, type, input, *re);
  // No single reassociation (e.g. 2x3 -> 3x2): go through 1-D.
  int64_t count = 1;
  for (int64_t d : from)
    count *= d;
  Value flat = reshapeTo(b, loc, input, {count});
  return reshapeTo(b, loc, flat, shape);
}
