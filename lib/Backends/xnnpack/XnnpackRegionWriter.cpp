//===- XnnpackRegionWriter.cpp - Describe a region for the runtime --------===//
//
// Each composite or single op of a region becomes one XNNPACK node
// (runtime/RegionDesc.h); a ReLU or Clip after a node, as part of a
// composite or alone (the ReLU after a residual add), becomes that node's
// output clamp. An inference batch_norm becomes a multiply and an add by
// per-channel constants the writer derives from its parameters, a
// hard_sigmoid a multiply and an add by its alpha and beta with a [0, 1]
// clamp, a silu a sigmoid and a multiply.
//
//===----------------------------------------------------------------------===//

#include "XnnpackRegionWriter.h"

#include "IR/XnnpackDialect.h"
#include "XnnpackOpMapping.h"

#include "seam/Backend/RegionDescription.h"
#include "seam/Backend/RegionValues.h"
#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace seam;
using namespace seam::xnnpack;
using xnnpack_region::OpDesc;
using xnnpack_region::OpKind;

namespace {

int64_t normalizeAxis(int64_t axis, Value value) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  return axis < 0 ? axis + rank : axis;
}

bool isUnclamped(const OpDesc &d) {
  return std::isinf(d.outputMin) && d.outputMin < 0 &&
         std::isinf(d.outputMax) && d.outputMax > 0;
}

/// Narrows the output clamp of `d` by the bounds of a ReLU or Clip.
void narrowClamp(OpDesc &d, std::pair<float, float> bounds) {
  d.outputMin = std::max(d.outputMin, bounds.first);
  d.outputMax = std::min(d.outputMax, bounds.second);
}

class RegionWriter {
public:
  LogicalResult write(func::FuncOp region) {
    return values.write(region, [&](Operation *op) {
      if (auto composite = dyn_cast<CompositeOp>(op))
        return writeComposite(composite);
      return writeSingle(op);
    });
  }

  RegionValues values{"xnnpack"};
  std::vector<OpDesc> ops;

private:
  /// The node (without dst) that computes `op`, the first op of a chain.
  FailureOr<OpDesc> describe(Operation *op) {
    FailureOr<SmallVector<int64_t>> operands = values.useOperands(op);
    if (failed(operands))
      return failure();
    OpDesc d;
    d.srcs.assign(operands->begin(), operands->end());
    std::string whyNot =
        "no XNNPACK node computes " + op->getName().getStringRef().str();
    bool ok =
        llvm::TypeSwitch<Operation *, bool>(op)
            .Case([&](ConvOp conv) {
              d.kind = OpKind::Conv2d;
              d.bias = conv.getBias() ? d.srcs[2] : -1;
              d.srcs.resize(2);
              d.kernel = desc::toVector(
                  conv.getWeight().getType().getShape().drop_front(2));
              d.strides = desc::toVector(conv.getStridesOrDefault());
              d.pads = desc::toVector(conv.getResolvedPads());
              d.dilations = desc::toVector(conv.getDilationsOrDefault());
              d.group = conv.getGroup();
              return d.kernel.size() == 2;
            })
            .Case([&](GemmOp gemm) {
              d.kind = OpKind::FullyConnected;
              d.bias = gemm.getC() ? d.srcs[2] : -1;
              d.srcs.resize(2);
              d.transB = gemm.getTransB();
              return !gemm.getTransA();
            })
            .Case([&](MatMulOp) {
              d.kind = OpKind::FullyConnected;
              return true;
            })
            .Case<MaxPoolOp, AvgPoolOp>([&](Operation *pool) {
              FailureOr<PoolWindow> window = getPoolWindow(pool, whyNot);
              if (failed(window))
                return false;
              d.kind =
                  isa<MaxPoolOp>(pool) ? OpKind::MaxPool2d : OpKind::AvgPool2d;
              d.kernel = desc::toVector(window->kernel);
              d.strides = desc::toVector(window->strides);
              d.pads = desc::toVector(window->pads);
              if (d.kind == OpKind::MaxPool2d)
                d.dilations = desc::toVector(window->dilations);
              d.countIncludePad = window->countIncludePad;
              return true;
            })
            .Case<GlobalAvgPoolOp, ReduceMeanOp>([&](Operation *) {
              d.kind = OpKind::GlobalAvgPool2d;
              return true;
            })
            .Case([&](SoftmaxOp softmax) {
              d.kind = OpKind::Softmax;
              d.axis = normalizeAxis(softmax.getAxis(), softmax.getInput());
              return true;
            })
            .Case<ReshapeOp, FlattenOp>([&](Operation *) {
              d.kind = OpKind::Reshape;
              return true;
            })
            .Case([&](TransposeOp transpose) {
              d.kind = OpKind::Transpose;
              d.perm = desc::toVector(transpose.getPerm());
              return true;
            })
            .Case([&](SliceOp slice) {
              d.kind = OpKind::Slice;
              for (const SliceOp::DimSlice &dim : slice.getDimSlices()) {
                d.starts.push_back(dim.start);
                d.steps.push_back(dim.step);
              }
              return true;
            })
            .Case([&](ConcatOp concat) {
              d.kind = OpKind::Concat;
              d.axis = normalizeAxis(concat.getAxis(), concat.getResult());
              return true;
            })
            .Case([&](PadOp pad) {
              d.kind = OpKind::ConstantPad;
              d.pads = desc::toVector(pad.getPads());
              d.padValue = pad.getValue().convertToFloat();
              return pad.getMode() == PadMode::constant;
            })
            .Case([&](LeakyReluOp relu) {
              d.kind = OpKind::LeakyRelu;
              d.alpha = relu.getAlpha().convertToFloat();
              return true;
            })
            .Default([&](Operation *op) {
              std::optional<OpKind> kind = getElementwiseKind(op);
              if (!kind)
                return false;
              d.kind = *kind;
              if (auto bounds = getClampBounds(op))
                narrowClamp(d, *bounds);
              return true;
            });
    if (!ok)
      return values.emitError(op, whyNot);
    return d;
  }

  /// Fuses `op`, the next op of a composite's chain, into `d`.
  LogicalResult fuse(OpDesc &d, Operation *op, Value chain) {
    if (auto bounds = getClampBounds(op)) {
      narrowClamp(d, *bounds);
      return success();
    }
    if (isa<AddOp>(op) && d.kind == OpKind::FullyConnected && d.bias < 0 &&
        isUnclamped(d)) {
      Value other =
          op->getOperand(0) == chain ? op->getOperand(1) : op->getOperand(0);
      FailureOr<int64_t> id = values.use(other, op);
      if (failed(id))
        return failure();
      if (values.isWeight(*id)) {
        d.bias = *id;
        return success();
      }
    }
    return values.emitError(op, "cannot fuse ")
           << op->getName() << " into the node before it";
  }

  LogicalResult writeComposite(CompositeOp composite) {
    FailureOr<SmallVector<Operation *>> chain = values.bindComposite(composite);
    if (failed(chain))
      return failure();
    auto bn = dyn_cast<BatchNormOp>(chain->front());
    FailureOr<OpDesc> d =
        bn ? describeBatchNorm(bn, composite) : describe(chain->front());
    if (failed(d))
      return failure();
    for (auto [before, op] : llvm::zip(*chain, llvm::drop_begin(*chain)))
      if (failed(fuse(*d, op, before->getResult(0))))
        return failure();
    d->dst = values.define(composite.getResult(0));
    ops.push_back(std::move(*d));
    return success();
  }

  /// A ReLU or Clip whose input is the result of the node written last, used
  /// by it alone: that node's output clamp.
  bool fuseClampIntoLast(Operation *op) {
    std::optional<std::pair<float, float>> bounds = getClampBounds(op);
    Value input = op->getOperand(0);
    if (!bounds || ops.empty() || !input.hasOneUse())
      return false;
    FailureOr<int64_t> id = values.use(input, op);
    if (failed(id) || ops.back().dst != *id)
      return false;
    // Disjoint intervals: the clamps make a constant, which the two nodes
    // compute and one clamp would not.
    if (!(std::max(ops.back().outputMin, bounds->first) <
          std::min(ops.back().outputMax, bounds->second)))
      return false;
    narrowClamp(ops.back(), *bounds);
    values.alias(op->getResult(0), *id);
    return true;
  }

  /// An inference batch_norm (XNNPACK has no node for it) as a multiply by
  /// scale / sqrt(var + eps) and an add of bias - mean * that, per channel:
  /// two constants of shape [C, 1, ...] created before `anchor` (the op or
  /// the composite holding it), which become weights. Writes the multiply;
  /// returns the add (without dst).
  FailureOr<OpDesc> describeBatchNorm(BatchNormOp bn, Operation *anchor) {
    auto constantData = [&](Value value) {
      return getF32ConstantData(values.resolve(value));
    };
    std::optional<std::vector<float>> scale = constantData(bn.getScale()),
                                      bias = constantData(bn.getBias()),
                                      mean = constantData(bn.getMean()),
                                      var = constantData(bn.getVar());
    if (!scale || !bias || !mean || !var)
      return values.emitError(bn, "batch_norm whose parameters are not f32 "
                                  "constants");
    float epsilon = bn.getEpsilon().convertToFloat();
    std::vector<float> multiplier(scale->size()), shift(scale->size());
    for (size_t c = 0; c < scale->size(); ++c) {
      multiplier[c] = (*scale)[c] / std::sqrt((*var)[c] + epsilon);
      shift[c] = (*bias)[c] - (*mean)[c] * multiplier[c];
    }
    SmallVector<int64_t> shape(bn.getInput().getType().getRank() - 1, 1);
    shape[0] = static_cast<int64_t>(scale->size());
    OpBuilder builder(anchor);
    Value multiplierValue = createF32Constant(builder, bn.getLoc(), shape,
                                              multiplier, "bn_multiplier");
    Value shiftValue =
        createF32Constant(builder, bn.getLoc(), shape, shift, "bn_shift");
    FailureOr<int64_t> input = values.use(bn.getInput(), bn),
                       multiplierId = values.use(multiplierValue, bn),
                       shiftId = values.use(shiftValue, bn);
    if (failed(input) || failed(multiplierId) || failed(shiftId))
      return failure();
    OpDesc multiply;
    multiply.kind = OpKind::Multiply;
    multiply.srcs = {*input, *multiplierId};
    multiply.dst = values.define(bn.getInput().getType().getShape());
    OpDesc add;
    add.kind = OpKind::Add;
    add.srcs = {multiply.dst, *shiftId};
    ops.push_back(std::move(multiply));
    return add;
  }

  /// hard_sigmoid(x) = clamp(alpha * x + beta, 0, 1) (XNNPACK has no node
  /// for it): a multiply and an add by one-element constants created before
  /// it, which become weights; the clamp is the add's. Writes the multiply;
  /// returns the add (without dst).
  FailureOr<OpDesc> describeHardSigmoid(HardSigmoidOp op) {
    OpBuilder builder(op);
    Value alpha = createF32Constant(builder, op.getLoc(), {1},
                                    {op.getAlpha().convertToFloat()}, "alpha");
    Value beta = createF32Constant(builder, op.getLoc(), {1},
                                   {op.getBeta().convertToFloat()}, "beta");
    FailureOr<int64_t> input = values.use(op.getInput(), op),
                       alphaId = values.use(alpha, op),
                       betaId = values.use(beta, op);
    if (failed(input) || failed(alphaId) || failed(betaId))
      return failure();
    OpDesc multiply;
    multiply.kind = OpKind::Multiply;
    multiply.srcs = {*input, *alphaId};
    multiply.dst = values.define(op.getInput().getType().getShape());
    OpDesc add;
    add.kind = OpKind::Add;
    add.srcs = {multiply.dst, *betaId};
    add.outputMin = 0.0f;
    add.outputMax = 1.0f;
    ops.push_back(std::move(multiply));
    return add;
  }

  /// silu(x) = x * sigmoid(x) (XNNPACK has no node for it): a sigmoid into
  /// a value of the region, then the multiply, which it returns (without
  /// dst).
  FailureOr<OpDesc> describeSilu(SiluOp op) {
    FailureOr<int64_t> input = values.use(op.getInput(), op);
    if (failed(input))
      return failure();
    OpDesc sigmoid;
    sigmoid.kind = OpKind::Sigmoid;
    sigmoid.srcs = {*input};
    sigmoid.dst = values.define(op.getInput().getType().getShape());
    OpDesc multiply;
    multiply.kind = OpKind::Multiply;
    multiply.srcs = {*input, sigmoid.dst};
    ops.push_back(std::move(sigmoid));
    return multiply;
  }

  LogicalResult writeSingle(Operation *op) {
    if (op->getNumResults() != 1)
      return values.emitError(op, "an op must have one result");
    if (fuseClampIntoLast(op))
      return success();
    FailureOr<OpDesc> d = failure();
    if (auto bn = dyn_cast<BatchNormOp>(op))
      d = describeBatchNorm(bn, op);
    else if (auto hardSigmoid = dyn_cast<HardSigmoidOp>(op))
      d = describeHardSigmoid(hardSigmoid);
    else if (auto silu = dyn_cast<SiluOp>(op))
      d = describeSilu(silu);
    else
      d = describe(op);
    if (failed(d))
      return failure();
    d->dst = values.define(op->getResult(0));
    ops.push_back(std::move(*d));
    return success();
  }
};

} // namespace

FailureOr<KernelRegion> seam::xnnpack::describeRegion(func::FuncOp region) {
  RegionWriter writer;
  if (failed(writer.write(region)))
    return failure();
  RegionValues &values = writer.values;
  xnnpack_region::RegionDesc desc;
  values.moveInto(desc);
  desc.ops = std::move(writer.ops);
  MLIRContext *context = region.getContext();
  context->getOrLoadDialect<SeamXnnpackDialect>();
  return KernelRegion{getRegionAttr(context, desc),
                      std::move(values.weightValues)};
}
