//===- SeamConstants.cpp - Reading and making f32 constants ---------------===//

#include "seam/SeamConstants.h"
#include "seam/Support/WeightAlignment.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstring>
#include <new>

using namespace mlir;
using namespace seam;

static Attribute constantAttr(Value value) {
  auto constant = value ? value.getDefiningOp<arith::ConstantOp>() : nullptr;
  if (!constant)
    return {};
  auto type = dyn_cast<RankedTensorType>(constant.getType());
  if (!type || !type.getElementType().isF32())
    return {};
  return constant.getValue();
}

bool seam::isF32Constant(Value value) {
  Attribute attr = constantAttr(value);
  if (isa_and_nonnull<DenseElementsAttr>(attr))
    return true;
  if (auto res = dyn_cast_or_null<DenseF32ResourceElementsAttr>(attr))
    return res.tryGetAsArrayRef().has_value();
  return false;
}

std::optional<std::vector<float>> seam::getF32ConstantData(Value value) {
  Attribute attr = constantAttr(value);
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(attr)) {
    std::vector<float> data;
    data.reserve(dense.getNumElements());
    for (const APFloat &f : dense.getValues<APFloat>())
      data.push_back(f.convertToFloat());
    return data;
  }
  if (auto res = dyn_cast_or_null<DenseF32ResourceElementsAttr>(attr))
    if (std::optional<ArrayRef<float>> data = res.tryGetAsArrayRef())
      return std::vector<float>(data->begin(), data->end());
  return std::nullopt;
}

/// The dense attribute of an integer tensor constant.
static DenseIntElementsAttr integerAttr(Value value) {
  auto constant = value ? value.getDefiningOp<arith::ConstantOp>() : nullptr;
  if (!constant)
    return {};
  return dyn_cast<DenseIntElementsAttr>(constant.getValue());
}

bool seam::isIntegerConstant(Value value) {
  return static_cast<bool>(integerAttr(value));
}

std::optional<std::vector<int64_t>> seam::getIntegerConstantData(Value value) {
  DenseIntElementsAttr attr = integerAttr(value);
  if (!attr)
    return std::nullopt;
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  std::vector<int64_t> data;
  data.reserve(attr.getNumElements());
  for (const APInt &x : attr.getValues<APInt>())
    data.push_back(isUnsigned ? static_cast<int64_t>(x.getZExtValue())
                              : x.getSExtValue());
  return data;
}

std::optional<int64_t> seam::getUniformIntegerConstant(Value value) {
  std::optional<std::vector<int64_t>> data = getIntegerConstantData(value);
  if (!data || data->empty() ||
      llvm::any_of(*data, [&](int64_t x) { return x != data->front(); }))
    return std::nullopt;
  return data->front();
}

/// A blob holding `data` on a 64-byte boundary, so that the compiled code
/// reads it where it is (WeightStore::externalize), declaring the alignment
/// of a float: a printed blob shows it, and the same module prints the same.
static AsmResourceBlob allocateWeightBlob(ArrayRef<float> data) {
  size_t bytes = data.size() * sizeof(float);
  auto *memory = static_cast<char *>(
      ::operator new(bytes, std::align_val_t(kWeightAlignment)));
  std::memcpy(memory, data.data(), bytes);
  return AsmResourceBlob(
      ArrayRef<char>(memory, bytes), alignof(float),
      [](void *p, size_t, size_t) {
        ::operator delete(p, std::align_val_t(kWeightAlignment));
      },
      /*dataIsMutable=*/true);
}

Value seam::createF32Constant(OpBuilder &builder, Location loc,
                              ArrayRef<int64_t> shape, ArrayRef<float> data,
                              StringRef name, int64_t inlineLimit) {
  auto type = RankedTensorType::get(shape, builder.getF32Type());
  if (static_cast<int64_t>(data.size()) <= inlineLimit)
    return arith::ConstantOp::create(builder, loc, type,
                                     DenseElementsAttr::get(type, data));
  AsmResourceBlob blob = allocateWeightBlob(data);
  auto attr = DenseResourceElementsAttr::get(
      type, name.empty() ? "weight" : name, std::move(blob));
  return arith::ConstantOp::create(builder, loc, type, attr);
}
