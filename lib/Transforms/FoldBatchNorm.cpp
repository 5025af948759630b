//===- FoldBatchNorm.cpp - Fold batch_norm after conv into the conv -------===//

#include "seam/Transforms/Passes.h"

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/SetVector.h"

#include <cmath>

namespace seam {
#define GEN_PASS_DEF_SEAMFOLDBATCHNORMPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// A name for a folded constant derived from the original weight's.
std::string foldedName(Value weight, StringRef suffix) {
  if (auto c = weight.getDefiningOp<arith::ConstantOp>())
    if (auto res = dyn_cast<DenseResourceElementsAttr>(c.getValue()))
      return (res.getRawHandle().getKey() + suffix).str();
  return ("conv" + suffix).str();
}

/// Erases the constants among `values` that nothing uses any more.
void eraseDeadConstants(ArrayRef<Value> values) {
  // The same constant may stand for several operands: erase it once.
  for (Value v : llvm::SetVector<Value>(values.begin(), values.end()))
    if (auto c = v.getDefiningOp<arith::ConstantOp>(); c && c->use_empty())
      c.erase();
}

/// Folds `bn` into the conv that produces its input, if it can.
LogicalResult foldIntoConv(BatchNormOp bn) {
  auto conv = bn.getInput().getDefiningOp<ConvOp>();
  if (!conv || !conv->hasOneUse())
    return failure();
  std::optional<std::vector<float>> w = getF32ConstantData(conv.getWeight());
  std::optional<std::vector<float>> scale = getF32ConstantData(bn.getScale());
  std::optional<std::vector<float>> shift = getF32ConstantData(bn.getBias());
  std::optional<std::vector<float>> mean = getF32ConstantData(bn.getMean());
  std::optional<std::vector<float>> var = getF32ConstantData(bn.getVar());
  if (!w || !scale || !shift || !mean || !var)
    return failure();
  int64_t channels = scale->size();
  std::vector<float> b(channels, 0.0f);
  if (Value bias = conv.getBias()) {
    std::optional<std::vector<float>> data = getF32ConstantData(bias);
    if (!data)
      return failure();
    b = *data;
  }

  float epsilon = bn.getEpsilon().convertToFloat();
  int64_t perChannel = w->size() / channels;
  for (int64_t c = 0; c < channels; ++c) {
    float s = (*scale)[c] / std::sqrt((*var)[c] + epsilon);
    for (int64_t i = 0; i < perChannel; ++i)
      (*w)[c * perChannel + i] *= s;
    b[c] = (b[c] - (*mean)[c]) * s + (*shift)[c];
  }

  OpBuilder builder(conv);
  auto weightType = cast<RankedTensorType>(conv.getWeight().getType());
  Value newWeight =
      createF32Constant(builder, conv.getLoc(), weightType.getShape(), *w,
                        foldedName(conv.getWeight(), ".bn_folded"));
  Value newBias = createF32Constant(builder, conv.getLoc(), {channels}, b,
                                    foldedName(conv.getWeight(), ".bn_bias"));
  auto folded = ConvOp::create(
      builder, FusedLoc::get(conv.getContext(), {conv.getLoc(), bn.getLoc()}),
      TypeRange{bn.getType()}, ValueRange{conv.getInput(), newWeight, newBias},
      conv->getAttrs());
  SmallVector<Value> replaced(bn->getOperands().drop_front());
  replaced.append(conv->getOperands().begin() + 1, conv->getOperands().end());
  bn.replaceAllUsesWith(folded.getResult());
  bn.erase();
  conv.erase();
  eraseDeadConstants(replaced);
  return success();
}

struct SeamFoldBatchNormPass
    : public seam::impl::SeamFoldBatchNormPassBase<SeamFoldBatchNormPass> {
  void runOnOperation() override {
    SmallVector<BatchNormOp> candidates;
    getOperation().walk([&](BatchNormOp bn) { candidates.push_back(bn); });
    for (BatchNormOp bn : candidates)
      if (succeeded(foldIntoConv(bn)))
        ++numFolded;
  }
};

} // namespace
