//===- XnnpackOpMapping.cpp - Which seam ops XNNPACK computes, and how ----===//

#include "XnnpackOpMapping.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace seam;
using namespace seam::xnnpack;
using xnnpack_region::OpKind;

static ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

std::optional<std::pair<float, float>>
seam::xnnpack::getClampBounds(Operation *op) {
  constexpr float inf = std::numeric_limits<float>::infinity();
  if (isa<ReluOp>(op))
    return std::make_pair(0.0f, inf);
  if (auto clip = dyn_cast<ClipOp>(op)) {
    float low = clip.getMin() ? clip.getMin()->convertToFloat() : -inf;
    float high = clip.getMax() ? clip.getMax()->convertToFloat() : inf;
    return std::make_pair(low, high);
  }
  return std::nullopt;
}

std::optional<OpKind> seam::xnnpack::getElementwiseKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<OpKind>>(op)
      .Case([](AddOp) { return OpKind::Add; })
      .Case([](MulOp) { return OpKind::Multiply; })
      .Case([](SubOp) { return OpKind::Subtract; })
      .Case([](DivOp) { return OpKind::Divide; })
      .Case<ReluOp, ClipOp>([](Operation *) { return OpKind::Clamp; })
      .Case([](HardSwishOp) { return OpKind::HardSwish; })
      .Case([](SigmoidOp) { return OpKind::Sigmoid; })
      .Case([](LeakyReluOp) { return OpKind::LeakyRelu; })
      .Default([](Operation *) { return std::nullopt; });
}

bool seam::xnnpack::isLayoutFree(ArrayRef<int64_t> shape) {
  return shape.size() != 4 || shape[1] == 1 || shape[2] * shape[3] == 1;
}

FailureOr<PoolWindow> seam::xnnpack::getPoolWindow(Operation *op,
                                                   std::string &whyNot) {
  ArrayRef<int64_t> in = shapeOf(op->getOperand(0)),
                    out = shapeOf(op->getResult(0));
  if (in.size() != 4) {
    whyNot = op->getName().getStringRef().str() + " of rank " +
             std::to_string(in.size()) + " (XNNPACK pools 2-D images only)";
    return failure();
  }
  PoolWindow window;
  auto fill = [&](auto pool) {
    window.kernel = pool.getKernelSizes();
    window.strides = pool.getStridesOrDefault();
    window.pads = pool.getResolvedPads();
    window.dilations = pool.getDilationsOrDefault();
  };
  if (auto max = dyn_cast<MaxPoolOp>(op)) {
    fill(max);
  } else {
    auto avg = cast<AvgPoolOp>(op);
    fill(avg);
    window.countIncludePad = avg.getCountIncludePad();
    if (llvm::any_of(window.dilations, [](int64_t d) { return d != 1; })) {
      whyNot = "dilated avg_pool (XNNPACK has none)";
      return failure();
    }
  }
  if (window.kernel[0] * window.kernel[1] == 1) {
    whyNot = "a 1x1 pooling window (XNNPACK refuses it)";
    return failure();
  }
  for (size_t i = 0; i < 2; ++i) {
    int64_t extent = (window.kernel[i] - 1) * window.dilations[i] + 1;
    int64_t stride = window.strides[i];
    int64_t size = in[2 + i];
    // XNNPACK's output size is floor((in + pb + pe - extent) / s) + 1: any
    // end pad in [needed, needed + s - 1] gives the op's output size.
    int64_t needed = (out[2 + i] - 1) * stride + extent - size - window.pads[i];
    int64_t &end = window.pads[2 + i];
    if (window.countIncludePad && needed > end) {
      whyNot = "avg_pool with count_include_pad whose last window (ceil_mode) "
               "reaches past the padding";
      return failure();
    }
    int64_t low = std::max<int64_t>(needed, 0), high = needed + stride - 1;
    if (low > high) {
      whyNot = "a pooling window whose output size XNNPACK cannot express";
      return failure();
    }
    end = std::clamp(end, low, high);
  }
  return window;
}

Verdict seam::xnnpack::checkBinary(Operation *op) {
  ArrayRef<int64_t> result = shapeOf(op->getResult(0));
  StringRef name = op->getName().getStringRef();
  if (result.empty() || static_cast<int64_t>(result.size()) > kMaxRank)
    return Verdict::refuse(name + " of rank " + Twine(result.size()) +
                           " (XNNPACK takes 1 to 6)");
  for (Value operand : op->getOperands()) {
    ArrayRef<int64_t> shape = shapeOf(operand);
    if (shape.empty())
      return Verdict::refuse(name + " of a 0-d operand");
    // The runtime holds 4-D values in NHWC: an operand it cannot map
    // (a computed value that is not 4-D against a 4-D result, or 4-D
    // against a higher-rank result) must have the same data in both layouts.
    if (isF32Constant(operand))
      continue;
    bool mixed = (result.size() == 4 && shape.size() != 4) ||
                 (result.size() > 4 && shape.size() == 4);
    if (!mixed)
      continue;
    SmallVector<int64_t> aligned(4, 1);
    size_t rank = std::min<size_t>(shape.size(), 4);
    std::copy(shape.end() - rank, shape.end(), aligned.end() - rank);
    if (!isLayoutFree(aligned))
      return Verdict::refuse(name + " broadcasting a computed " +
                             Twine(shape.size()) + "-D operand into a " +
                             Twine(result.size()) +
                             "-D result in a way the NHWC layout of 4-D "
                             "values does not preserve");
  }
  return Verdict::accept();
}
