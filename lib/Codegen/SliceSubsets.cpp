//===- SliceSubsets.cpp - Slice equivalence without a constraint solver ---===//

#include "seam/Codegen/SliceSubsets.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace {

/// Whether `a` and `b` are equal when that needs no solving: true for one
/// SSA value or two equal constants, false for two different constants,
/// std::nullopt otherwise.
std::optional<bool> areTriviallyEqual(OpFoldResult a, OpFoldResult b) {
  std::optional<int64_t> x = getConstantIntValue(a);
  std::optional<int64_t> y = getConstantIntValue(b);
  if (x && y)
    return *x == *y;
  if (a == b)
    return true;
  return std::nullopt;
}

/// Whether two slices of equal rank are the same subset, when every pair of
/// their offsets, sizes and strides compares trivially (or one pair is
/// known to differ).
std::optional<bool> areTriviallyEquivalent(const HyperrectangularSlice &a,
                                           const HyperrectangularSlice &b) {
  bool allKnown = true;
  auto compare = [&](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    for (auto [p, q] : llvm::zip_equal(x, y)) {
      std::optional<bool> equal = areTriviallyEqual(p, q);
      if (equal && !*equal)
        return false;
      allKnown &= equal.has_value();
    }
    return true;
  };
  if (!compare(a.getMixedOffsets(), b.getMixedOffsets()) ||
      !compare(a.getMixedSizes(), b.getMixedSizes()) ||
      !compare(a.getMixedStrides(), b.getMixedStrides()))
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
    FailureOr<HyperrectangularSlice> other =
        candidate.getAccessedHyperrectangularSlice();
    if (failed(other))
      return false;
    HyperrectangularSlice slice(cast<OffsetSizeAndStrideOpInterface>(op));
    if (slice.getMixedOffsets().size() == other->getMixedOffsets().size())
      if (std::optional<bool> equivalent =
              areTriviallyEquivalent(slice, *other))
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
