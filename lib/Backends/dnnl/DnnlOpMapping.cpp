//===- DnnlOpMapping.cpp - Which seam ops oneDNN computes, and how --------===//

#include "DnnlOpMapping.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cfloat>

using namespace mlir;
using namespace seam;
using namespace seam::dnnl;
using dnnl_region::Algorithm;
using dnnl_region::PostOp;

static PostOp eltwise(Algorithm alg, float alpha = 0, float beta = 0) {
  PostOp post;
  post.alg = alg;
  post.alpha = alpha;
  post.beta = beta;
  return post;
}

SmallVector<PostOp> seam::dnnl::getEltwiseSteps(Operation *op) {
  return llvm::TypeSwitch<Operation *, SmallVector<PostOp>>(op)
      .Case(
          [](ReluOp) { return SmallVector<PostOp>{eltwise(Algorithm::Relu)}; })
      .Case([](LeakyReluOp op) {
        return SmallVector<PostOp>{
            eltwise(Algorithm::Relu, op.getAlpha().convertToFloat())};
      })
      .Case([](SigmoidOp) {
        return SmallVector<PostOp>{eltwise(Algorithm::Logistic)};
      })
      .Case(
          [](TanhOp) { return SmallVector<PostOp>{eltwise(Algorithm::Tanh)}; })
      .Case([](ExpOp) { return SmallVector<PostOp>{eltwise(Algorithm::Exp)}; })
      .Case(
          [](SqrtOp) { return SmallVector<PostOp>{eltwise(Algorithm::Sqrt)}; })
      .Case([](SiluOp) {
        // oneDNN's swish is x * sigmoid(alpha * x).
        return SmallVector<PostOp>{eltwise(Algorithm::Swish, 1.0f)};
      })
      .Case([](GeluOp op) {
        return SmallVector<PostOp>{
            eltwise(op.getApproximate() == GeluApproximation::tanh
                        ? Algorithm::GeluTanh
                        : Algorithm::GeluErf)};
      })
      .Case([](HardSwishOp) {
        return SmallVector<PostOp>{eltwise(Algorithm::HardSwish)};
      })
      .Case([](HardSigmoidOp op) {
        // max(0, min(1, alpha * x + beta))
        return SmallVector<PostOp>{eltwise(Algorithm::Linear,
                                           op.getAlpha().convertToFloat(),
                                           op.getBeta().convertToFloat()),
                                   eltwise(Algorithm::Clip, 0.0f, 1.0f)};
      })
      .Case([](ClipOp op) {
        float low = op.getMin() ? op.getMin()->convertToFloat() : -FLT_MAX;
        float high = op.getMax() ? op.getMax()->convertToFloat() : FLT_MAX;
        return SmallVector<PostOp>{eltwise(Algorithm::Clip, low, high)};
      })
      .Default([](Operation *) { return SmallVector<PostOp>(); });
}

Algorithm seam::dnnl::getBinaryAlgorithm(Operation *op) {
  return llvm::TypeSwitch<Operation *, Algorithm>(op)
      .Case([](AddOp) { return Algorithm::Add; })
      .Case([](SubOp) { return Algorithm::Sub; })
      .Case([](MulOp) { return Algorithm::Mul; })
      .Case([](DivOp) { return Algorithm::Div; })
      .Default([](Operation *) { return Algorithm::None; });
}

Algorithm seam::dnnl::getReduceAlgorithm(Operation *op) {
  return llvm::TypeSwitch<Operation *, Algorithm>(op)
      .Case([](ReduceMeanOp) { return Algorithm::ReduceMean; })
      .Case([](ReduceSumOp) { return Algorithm::ReduceSum; })
      .Case([](ReduceMaxOp) { return Algorithm::ReduceMax; })
      .Case([](ReduceMinOp) { return Algorithm::ReduceMin; })
      .Case([](ReduceProdOp) { return Algorithm::ReduceProd; })
      .Default([](Operation *) { return Algorithm::None; });
}

std::optional<SmallVector<int64_t>>
seam::dnnl::getDroppedReduction(Operation *op) {
  auto dropped = [](auto reduction) -> std::optional<SmallVector<int64_t>> {
    if (reduction.getKeepdims())
      return std::nullopt;
    SmallVector<int64_t> shape(reduction.getInput().getType().getShape());
    for (int64_t axis : reduction.getNormalizedAxes())
      shape[axis] = 1;
    return shape;
  };
  return llvm::TypeSwitch<Operation *, std::optional<SmallVector<int64_t>>>(op)
      .Case<ReduceMeanOp, ReduceSumOp, ReduceMaxOp, ReduceMinOp, ReduceProdOp>(
          [&](auto reduction) { return dropped(reduction); })
      .Default([](Operation *) { return std::nullopt; });
}

FailureOr<Algorithm> seam::dnnl::getResampleAlgorithm(Operation *op,
                                                      std::string &whyNot) {
  auto resize = cast<ResizeOp>(op);
  ArrayRef<int64_t> in = resize.getInput().getType().getShape();
  ArrayRef<int64_t> out = resize.getOutput().getType().getShape();
  ArrayRef<double> scales = resize.getScales();
  auto refuse = [&](const Twine &why) -> FailureOr<Algorithm> {
    whyNot = ("resize " + why).str();
    return failure();
  };
  if (in.size() < 3 || in.size() > 5)
    return refuse("of rank " + Twine(in.size()) +
                  " (oneDNN resamples N x C x 1-3 spatial dims)");
  if (in[0] != out[0] || in[1] != out[1] || scales[0] != 1 || scales[1] != 1)
    return refuse("of the batch or channel dims");
  CoordinateTransform ctm = resize.getCoordinateTransformationMode();
  if (resize.getRoi() || ctm == CoordinateTransform::tf_crop_and_resize)
    return refuse("with a region of interest");
  bool integerUpscale = true, outputsAboveOne = true;
  for (size_t d = 2; d < in.size(); ++d) {
    // oneDNN's factor is out / in: ONNX's scale must be exactly that.
    if (static_cast<double>(in[d]) * scales[d] != static_cast<double>(out[d]))
      return refuse("whose scale on dim " + Twine(d) + " is not " +
                    Twine(out[d]) + "/" + Twine(in[d]) +
                    " (oneDNN's factor is the ratio of the sizes)");
    integerUpscale &= out[d] % in[d] == 0;
    outputsAboveOne &= out[d] > 1;
  }
  switch (resize.getMode()) {
  case ResizeMode::linear:
    if (ctm == CoordinateTransform::half_pixel ||
        (ctm == CoordinateTransform::pytorch_half_pixel && outputsAboveOne))
      return Algorithm::ResampleLinear;
    return refuse("in linear mode with coordinates other than half_pixel "
                  "(oneDNN's only mapping)");
  case ResizeMode::nearest: {
    NearestMode rounding = resize.getNearestMode();
    bool halfPixel = (ctm == CoordinateTransform::half_pixel ||
                      ctm == CoordinateTransform::pytorch_half_pixel) &&
                     (rounding == NearestMode::round_prefer_floor ||
                      rounding == NearestMode::round_prefer_ceil);
    bool asymmetricFloor = ctm == CoordinateTransform::asymmetric &&
                           rounding == NearestMode::floor;
    if (integerUpscale && (halfPixel || asymmetricFloor))
      return Algorithm::ResampleNearest;
    return refuse("in nearest mode other than an integer upscale with "
                  "half_pixel rounding or asymmetric floor (where oneDNN's "
                  "rounding differs from ONNX's)");
  }
  case ResizeMode::cubic:
    break;
  }
  return refuse("in cubic mode (oneDNN has nearest and linear)");
}

bool seam::dnnl::broadcastsInto(ArrayRef<int64_t> shape,
                                ArrayRef<int64_t> target) {
  if (shape.size() > target.size())
    return false;
  for (auto [dim, full] :
       llvm::zip(llvm::reverse(shape), llvm::reverse(target)))
    if (dim != 1 && dim != full)
      return false;
  return true;
}

static ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

Verdict seam::dnnl::checkBinaryBroadcast(Operation *op) {
  ArrayRef<int64_t> result = shapeOf(op->getResult(0));
  ArrayRef<int64_t> lhs = shapeOf(op->getOperand(0)),
                    rhs = shapeOf(op->getOperand(1));
  StringRef name = op->getName().getStringRef();
  if (result.empty() || static_cast<int64_t>(result.size()) > kMaxRank)
    return Verdict::refuse(name + " of rank " + Twine(result.size()) +
                           " is not supported");
  bool commutative = isa<AddOp, MulOp>(op);
  if ((lhs == result && broadcastsInto(rhs, result)) ||
      (commutative && rhs == result && broadcastsInto(lhs, result)))
    return Verdict::accept();
  return Verdict::refuse(name + " broadcasts both operands, or its first "
                                "operand (oneDNN broadcasts the second only)");
}

FailureOr<PoolWindow> seam::dnnl::getPoolWindow(Operation *op,
                                                std::string &whyNot) {
  ArrayRef<int64_t> in = shapeOf(op->getOperand(0)).drop_front(2),
                    out = shapeOf(op->getResult(0)).drop_front(2);
  size_t n = in.size();
  PoolWindow window;
  bool includePad = false;
  if (isa<GlobalAvgPoolOp>(op)) {
    window.alg = Algorithm::PoolAvgExclude;
    window.kernel.assign(in.begin(), in.end());
    window.strides.assign(n, 1);
    window.pads.assign(2 * n, 0);
    window.dilations.assign(n, 1);
    return window;
  }
  auto fill = [&](auto pool) {
    window.kernel = pool.getKernelSizes();
    window.strides = pool.getStridesOrDefault();
    window.pads = pool.getResolvedPads();
    window.dilations = pool.getDilationsOrDefault();
  };
  if (auto max = dyn_cast<MaxPoolOp>(op)) {
    fill(max);
    window.alg = Algorithm::PoolMax;
  } else {
    auto avg = cast<AvgPoolOp>(op);
    fill(avg);
    includePad = avg.getCountIncludePad();
    window.alg =
        includePad ? Algorithm::PoolAvgInclude : Algorithm::PoolAvgExclude;
  }
  if (n < 1 || n > 3) {
    whyNot = "pooling over " + std::to_string(n) + " spatial dims";
    return failure();
  }
  for (size_t i = 0; i < n; ++i) {
    int64_t extent = (window.kernel[i] - 1) * window.dilations[i] + 1;
    int64_t stride = window.strides[i];
    // oneDNN's output size is floor((in + pl + pr - extent) / s) + 1: any pr
    // in [needed, needed + s - 1] gives the op's output size.
    int64_t needed = (out[i] - 1) * stride + extent - in[i] - window.pads[i];
    int64_t &end = window.pads[n + i];
    if (includePad && needed > end) {
      whyNot = "avg_pool with count_include_pad whose last window (ceil_mode) "
               "reaches past the padding";
      return failure();
    }
    int64_t low = std::max<int64_t>(needed, 0), high = needed + stride - 1;
    if (low > high || window.pads[i] >= extent || low >= extent) {
      whyNot = "pooling padding as large as the window";
      return failure();
    }
    end = std::clamp(end, low, std::min(high, extent - 1));
  }
  return window;
}
