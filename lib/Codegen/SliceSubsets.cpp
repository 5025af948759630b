//===- SliceSubsets.cpp - Slice equivalence without a constraint solver ---===//

#include "seam/Codegen/SliceSubsets.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace {

/// The constant that a static entry `value` or a dynamic one's `operand`
/// is, if any.
std::optional<int64_t> getConstant(int64_t value, Value operand) {
  if (!ShapedType::isDynamic(value))
    return value;
  return getConstantIntValue(operand);
}

/// Whether entries of two offset, size or stride lists are pairwise equal
/// when that needs no solving: one SSA value or two equal constants are,
/// two different constants are not. False if a pair is known to differ;
/// `allKnown` cleared if some pair is not known. Static entries are
/// compared as integers: building the attributes of getMixedOffsets for
/// every comparison was a tenth of DenseNet-121's one-shot analysis.
bool compareEntries(ArrayRef<int64_t> x, OperandRange xDynamic,
                    ArrayRef<int64_t> y, OperandRange yDynamic,
                    bool &allKnown) {
  auto xOperand = xDynamic.begin(), yOperand = yDynamic.begin();
  for (auto [p, q] : llvm::zip_equal(x, y)) {
    Value pValue = ShapedType::isDynamic(p) ? *xOperand++ : Value();
    Value qValue = ShapedType::isDynamic(q) ? *yOperand++ : Value();
    if (pValue && pValue == qValue)
      continue;
    std::optional<int64_t> pConstant = getConstant(p, pValue);
    std::optional<int64_t> qConstant = getConstant(q, qValue);
    if (pConstant && qConstant) {
      if (*pConstant != *qConstant)
        return false;
      continue;
    }
    allKnown = false;
  }
  return true;
}

/// Whether two slices of equal rank are the same subset, when every pair of
/// their offsets, sizes and strides compares trivially (or one pair is
/// known to differ).
std::optional<bool> areTriviallyEquivalent(OffsetSizeAndStrideOpInterface a,
                                           OffsetSizeAndStrideOpInterface b) {
  bool allKnown = true;
  if (!compareEntries(a.getStaticOffsets(), a.getOffsets(),
                      b.getStaticOffsets(), b.getOffsets(), allKnown) ||
      !compareEntries(a.getStaticSizes(), a.getSizes(), b.getStaticSizes(),
                      b.getSizes(), allKnown) ||
      !compareEntries(a.getStaticStrides(), a.getStrides(),
                      b.getStaticStrides(), b.getStrides(), allKnown))
    return false;
  if (allKnown)
    return true;
  return std::nullopt;
}

template <typename OpTy>
struct SliceSubsetModel
    : public SubsetOpInterface::ExternalModel<SliceSubsetModel<OpTy>, OpTy> {
  FailureOr<HyperrectangularSlice>
  getAccessedHyperrectangularSlice(Operation *op) const {
    return HyperrectangularSlice(cast<OffsetSizeAndStrideOpInterface>(op));
  }

  bool operatesOnEquivalentSubset(
      Operation *op, SubsetOpInterface candidate,
      function_ref<bool(Value, Value)> equivalenceFn) const {
    auto slice = cast<OffsetSizeAndStrideOpInterface>(op);
    auto other = dyn_cast<OffsetSizeAndStrideOpInterface>(*candidate);
    if (other &&
        slice.getStaticOffsets().size() == other.getStaticOffsets().size())
      if (std::optional<bool> equivalent = areTriviallyEquivalent(slice, other))
        return *equivalent &&
               equivalenceFn(detail::getTensorContainer(op),
                             detail::getTensorContainer(candidate));
    return detail::defaultOperatesOnEquivalentSubset(op, candidate,
                                                     equivalenceFn);
  }
};

} // namespace

void seam::registerSliceSubsetModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, tensor::TensorDialect *) {
    tensor::ExtractSliceOp::attachInterface<
        SliceSubsetModel<tensor::ExtractSliceOp>>(*context);
    tensor::InsertSliceOp::attachInterface<
        SliceSubsetModel<tensor::InsertSliceOp>>(*context);
    tensor::ParallelInsertSliceOp::attachInterface<
        SliceSubsetModel<tensor::ParallelInsertSliceOp>>(*context);
  });
}
