//===- DnnlRegionWriter.cpp - Describe a region for the runtime -----------===//

#include "DnnlRegionWriter.h"

#include "DnnlOpMapping.h"
#include "IR/DnnlDialect.h"

#include "seam/Backend/RegionDescription.h"

#include "seam/Backend/RegionValues.h"
#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace seam;
using namespace seam::dnnl;
using dnnl_region::Algorithm;
using dnnl_region::OpDesc;
using dnnl_region::OpKind;
using dnnl_region::PostOp;

namespace {

/// `axis` in [0, rank).
int64_t normalizeAxis(int64_t axis, Value value) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  return axis < 0 ? axis + rank : axis;
}

/// A reduce_mean over exactly the spatial dims of an N x C x D1.. input (1 to
/// 3 of them).
bool isSpatialMean(Operation *op) {
  auto mean = dyn_cast<ReduceMeanOp>(op);
  if (!mean)
    return false;
  int64_t rank = mean.getInput().getType().getRank();
  SmallVector<int64_t> axes = mean.getNormalizedAxes();
  if (rank < 3 || rank > 5 || static_cast<int64_t>(axes.size()) != rank - 2)
    return false;
  for (auto [i, axis] : llvm::enumerate(axes))
    if (axis != static_cast<int64_t>(i) + 2)
      return false;
  return true;
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

  /// The numbered values and the ops that compute them.
  RegionValues values{"dnnl"};
  std::vector<OpDesc> ops;

private:
  /// The op (without dst) that computes `op`, the first op of a chain.
  FailureOr<OpDesc> describe(Operation *op) {
    FailureOr<SmallVector<int64_t>> operands = values.useOperands(op);
    if (failed(operands))
      return failure();
    OpDesc d;
    d.srcs.assign(operands->begin(), operands->end());
    std::string whyNot = "dnnl region: no oneDNN primitive computes " +
                         op->getName().getStringRef().str();
    bool ok =
        llvm::TypeSwitch<Operation *, bool>(op)
            .Case([&](ConvOp conv) {
              d.kind = OpKind::Conv;
              d.bias = conv.getBias() ? d.srcs[2] : -1;
              d.srcs.resize(2);
              d.strides = desc::toVector(conv.getStridesOrDefault());
              d.pads = desc::toVector(conv.getResolvedPads());
              d.dilations = desc::toVector(conv.getDilationsOrDefault());
              d.group = conv.getGroup();
              return true;
            })
            .Case([&](ConvTransposeOp deconv) {
              d.kind = OpKind::Deconv;
              d.bias = deconv.getBias() ? d.srcs[2] : -1;
              d.srcs.resize(2);
              d.strides = desc::toVector(deconv.getStridesOrDefault());
              // oneDNN's dst size has no output_padding: it is less end
              // padding.
              SmallVector<int64_t> pads = deconv.getPadsOrDefault();
              SmallVector<int64_t> adj = deconv.getOutputPaddingOrDefault();
              for (auto [i, a] : llvm::enumerate(adj))
                pads[adj.size() + i] -= a;
              d.pads = desc::toVector(pads);
              d.dilations = desc::toVector(deconv.getDilationsOrDefault());
              d.group = deconv.getGroup();
              return true;
            })
            .Case([&](GemmOp gemm) {
              d.kind = OpKind::MatMul;
              d.bias = gemm.getC() ? d.srcs[2] : -1;
              d.srcs.resize(2);
              d.transA = gemm.getTransA();
              d.transB = gemm.getTransB();
              d.alpha = gemm.getAlpha().convertToFloat();
              d.beta = gemm.getBeta().convertToFloat();
              return true;
            })
            .Case([&](MatMulOp) {
              d.kind = OpKind::MatMul;
              return true;
            })
            .Case([&](ResizeOp resize) {
              FailureOr<Algorithm> alg = getResampleAlgorithm(resize, whyNot);
              if (failed(alg))
                return false;
              d.kind = OpKind::Resample;
              d.alg = *alg;
              return true;
            })
            .Case([&](LayerNormOp ln) {
              d.kind = OpKind::LayerNorm;
              d.epsilon = ln.getEpsilon().convertToFloat();
              d.bias = ln.getBias() ? d.srcs[2] : -1;
              d.srcs.resize(2);
              return true;
            })
            .Case([&](BatchNormOp bn) {
              d.kind = OpKind::BatchNorm;
              d.epsilon = bn.getEpsilon().convertToFloat();
              return true;
            })
            .Case<MaxPoolOp, AvgPoolOp, GlobalAvgPoolOp>([&](Operation *pool) {
              FailureOr<PoolWindow> window = getPoolWindow(pool, whyNot);
              if (failed(window))
                return false;
              d.kind = OpKind::Pool;
              d.alg = window->alg;
              d.kernel = desc::toVector(window->kernel);
              d.strides = desc::toVector(window->strides);
              d.pads = desc::toVector(window->pads);
              d.dilations = desc::toVector(window->dilations);
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
            .Case<ReduceMeanOp, ReduceSumOp, ReduceMaxOp, ReduceMinOp,
                  ReduceProdOp>([&](Operation *op) {
              d.kind = OpKind::Reduce;
              d.alg = getReduceAlgorithm(op);
              // A mean over all spatial dims is a global average pooling,
              // which oneDNN has fast kernels for in every layout.
              if (isSpatialMean(op)) {
                ArrayRef<int64_t> shape =
                    cast<RankedTensorType>(op->getOperand(0).getType())
                        .getShape();
                size_t n = shape.size() - 2;
                d.kind = OpKind::Pool;
                d.alg = Algorithm::PoolAvgExclude;
                d.kernel = desc::toVector(shape.drop_front(2));
                d.strides.assign(n, 1);
                d.pads.assign(2 * n, 0);
                d.dilations.assign(n, 1);
              }
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
                if (dim.step != 1)
                  return false;
                d.offsets.push_back(dim.start);
              }
              return true;
            })
            .Case([&](ConcatOp concat) {
              d.kind = OpKind::Concat;
              d.axis = normalizeAxis(concat.getAxis(), concat.getResult());
              return true;
            })
            .Default([&](Operation *op) {
              if (Algorithm alg = getBinaryAlgorithm(op);
                  alg != Algorithm::None) {
                d.kind = OpKind::Binary;
                d.alg = alg;
                // oneDNN broadcasts the second operand only (add, mul commute).
                if (op->getOperand(0).getType() != op->getResult(0).getType())
                  std::swap(d.srcs[0], d.srcs[1]);
                return true;
              }
              SmallVector<PostOp> steps = getEltwiseSteps(op);
              if (steps.empty())
                return false;
              d.kind = OpKind::Eltwise;
              d.alg = steps.front().alg;
              d.alpha = steps.front().alpha;
              d.beta = steps.front().beta;
              d.postOps.assign(steps.begin() + 1, steps.end());
              return true;
            });
    if (!ok)
      return op->emitError(whyNot);
    return d;
  }

  /// Fuses `op`, the next op of a composite's chain after `chain`, into `d`.
  LogicalResult fuse(OpDesc &d, Operation *op, Value chain) {
    SmallVector<PostOp> steps = getEltwiseSteps(op);
    if (!steps.empty()) {
      d.postOps.insert(d.postOps.end(), steps.begin(), steps.end());
      return success();
    }
    Algorithm alg = getBinaryAlgorithm(op);
    if (alg != Algorithm::None && op->getNumOperands() == 2) {
      Value other =
          op->getOperand(0) == chain ? op->getOperand(1) : op->getOperand(0);
      if (op->getResult(0).getType() != chain.getType() ||
          (!isa<AddOp, MulOp>(op) && op->getOperand(0) != chain))
        return values.emitError(op, "cannot fuse ")
               << op->getName()
               << ": the value before it must be its first operand, of the "
                  "result's shape";
      FailureOr<int64_t> id = values.use(other, op);
      if (failed(id))
        return failure();
      auto type = cast<RankedTensorType>(other.getType());
      bool columnBias =
          type.getRank() >= 1 &&
          type.getNumElements() == type.getShape().back() &&
          type.getShape().back() ==
              cast<RankedTensorType>(chain.getType()).getShape().back();
      if (isa<AddOp>(op) && d.kind == OpKind::MatMul && d.bias < 0 &&
          d.postOps.empty() && values.isWeight(*id) && columnBias) {
        d.bias = *id;
        return success();
      }
      PostOp post;
      post.value = *id;
      // oneDNN's sum post-op adds what the destination held before the
      // primitive ran: one value per op can be there. A later full-shape
      // add is a binary post-op.
      bool hasSum = llvm::any_of(d.postOps, [](const PostOp &p) {
        return p.kind == PostOp::Kind::Sum;
      });
      if (isa<AddOp>(op) && other.getType() == chain.getType() && !hasSum) {
        post.kind = PostOp::Kind::Sum;
      } else {
        post.kind = PostOp::Kind::Binary;
        post.alg = alg;
      }
      d.postOps.push_back(post);
      return success();
    }
    return op->emitError("dnnl region: cannot fuse ")
           << op->getName() << " into the op before it";
  }

  /// The one value of a constant zero point (0 when absent).
  FailureOr<int64_t> zeroPoint(Value zp, Operation *user) {
    if (!zp)
      return 0;
    std::optional<int64_t> value =
        getUniformIntegerConstant(values.resolve(zp));
    if (!value)
      return values.emitError(user, "a zero point that is not one constant");
    return *value;
  }

  /// The int8 conv or matmul `op` computes, without dst.
  FailureOr<OpDesc> describeIntegerProduct(Operation *op) {
    OpDesc d;
    for (unsigned i = 0; i < 2; ++i) {
      FailureOr<int64_t> id = values.use(op->getOperand(i), op);
      if (failed(id))
        return failure();
      d.srcs.push_back(*id);
    }
    Value srcZp, weightZp;
    if (auto conv = dyn_cast<ConvIntegerOp>(op)) {
      d.kind = OpKind::Conv;
      d.strides = desc::toVector(conv.getStridesOrDefault());
      d.pads = desc::toVector(conv.getResolvedPads());
      d.dilations = desc::toVector(conv.getDilationsOrDefault());
      d.group = conv.getGroup();
      srcZp = conv.getInputZeroPoint();
      weightZp = conv.getWeightZeroPoint();
    } else {
      auto matmul = cast<MatMulIntegerOp>(op);
      d.kind = OpKind::MatMul;
      srcZp = matmul.getAZeroPoint();
      weightZp = matmul.getBZeroPoint();
    }
    FailureOr<int64_t> src = zeroPoint(srcZp, op);
    FailureOr<int64_t> weight = zeroPoint(weightZp, op);
    if (failed(src) || failed(weight))
      return failure();
    d.srcZeroPoint = *src;
    d.weightZeroPoint = *weight;
    return d;
  }

  /// An int8 product and its requantization (DnnlPatterns.cpp: qconv,
  /// qmatmul): the int32 bias, the scales, the dst zero point; the casts,
  /// the rounding and the saturation are what oneDNN does to an int8 dst.
  LogicalResult writeQuantized(CompositeOp composite,
                               ArrayRef<Operation *> chain) {
    FailureOr<OpDesc> d = describeIntegerProduct(chain.front());
    if (failed(d))
      return failure();
    for (Operation *op : chain.drop_front()) {
      if (isa<CastOp, RoundOp, ClipOp>(op))
        continue;
      Value operand = values.resolve(op->getOperand(1));
      if (isa<MulOp>(op)) {
        std::optional<std::vector<float>> scales = getF32ConstantData(operand);
        if (!scales)
          return values.emitError(op, "the scale is not an f32 constant");
        d->scales = std::move(*scales);
        continue;
      }
      bool isInt = cast<RankedTensorType>(op->getResult(0).getType())
                       .getElementType()
                       .isInteger(32);
      if (isa<AddOp>(op) && isInt) {
        FailureOr<int64_t> id = values.use(operand, op);
        if (failed(id))
          return failure();
        d->bias = *id;
        continue;
      }
      if (isa<AddOp>(op)) {
        std::optional<std::vector<float>> zp = getF32ConstantData(operand);
        if (!zp || zp->size() != 1)
          return values.emitError(op, "the zero point is not one f32 constant");
        d->dstZeroPoint = static_cast<int64_t>(std::nearbyint(zp->front()));
        continue;
      }
      return values.emitError(op, "cannot fuse ")
             << op->getName() << " into an int8 product";
    }
    d->dst = values.define(composite.getResult(0));
    ops.push_back(std::move(*d));
    return success();
  }

  LogicalResult writeComposite(CompositeOp composite) {
    FailureOr<SmallVector<Operation *>> chain = values.bindComposite(composite);
    if (failed(chain))
      return failure();
    if (isa<ConvIntegerOp, MatMulIntegerOp>(chain->front()))
      return writeQuantized(composite, *chain);
    FailureOr<OpDesc> d = describe(chain->front());
    if (failed(d))
      return failure();
    for (auto [before, op] : llvm::zip(*chain, llvm::drop_begin(*chain)))
      if (failed(fuse(*d, op, before->getResult(0))))
        return failure();
    d->dst = values.define(composite.getResult(0));
    ops.push_back(std::move(*d));
    return success();
  }

  LogicalResult writeSingle(Operation *op) {
    if (op->getNumResults() != 1)
      return op->emitError("dnnl region: an op must have one result");
    FailureOr<OpDesc> d = describe(op);
    if (failed(d))
      return failure();
    if (std::optional<SmallVector<int64_t>> kept = getDroppedReduction(op)) {
      // oneDNN keeps the reduced dims (as 1): a reshape then drops them.
      d->dst = values.define(*kept);
      OpDesc drop;
      drop.kind = OpKind::Reshape;
      drop.srcs = {d->dst};
      ops.push_back(std::move(*d));
      drop.dst = values.define(op->getResult(0));
      ops.push_back(std::move(drop));
      return success();
    }
    d->dst = values.define(op->getResult(0));
    ops.push_back(std::move(*d));
    return success();
  }
};

} // namespace

FailureOr<KernelRegion> seam::dnnl::describeRegion(func::FuncOp region) {
  RegionWriter writer;
  if (failed(writer.write(region)))
    return failure();
  RegionValues &values = writer.values;
  dnnl_region::RegionDesc desc;
  for (auto [id, type] : llvm::enumerate(values.types)) {
    std::optional<dnnl_region::DataType> dataType =
        type ? getDataType(type) : dnnl_region::DataType::F32;
    if (!dataType)
      return region.emitError("dnnl region: value ")
             << id << " has element type " << type
             << " (oneDNN regions hold f32, i8, ui8 and i32)";
    desc.types.push_back(*dataType);
  }
  values.moveInto(desc);
  desc.ops = std::move(writer.ops);
  MLIRContext *context = region.getContext();
  context->getOrLoadDialect<SeamDnnlDialect>();
  return KernelRegion{getRegionAttr(context, desc),
                      std::move(values.weightValues)};
}
