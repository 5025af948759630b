//===- DnnlPatterns.cpp - The dnnl pattern table and single ops -----------===//
//
// What the oneDNN backend takes, in priority order:
//
//   conv        conv (1-3 spatial dims, grouped/depthwise) (+bias)
//               (+residual sum, in place) (+activation)
//   conv_transpose  conv_transpose (1-3 spatial dims, grouped; constant
//               weights or computed ones) (+bias) (+activation): a
//               deconvolution
//   gemm        gemm with constant B (+bias C) (+activation)
//   matmul      matmul, batched (+constant bias) (+residual sum, in place)
//               (+up to two adds, subs, muls or divs by values that
//               broadcast into the result: an attention score's scale and
//               mask) (+activation)
//   batch_norm  a batch_norm not folded into a conv (+activation)
//   max_pool, avg_pool, global_avg_pool
//   softmax
//   layer_norm  over the last axis, the statistics unused
//   qconv, qmatmul  an int8 conv_integer / matmul_integer with constant
//               int8 weights and zero points (+int32 bias) and its
//               requantization (cast, scale, round, + zero point, clip,
//               cast to int8/uint8): oneDNN's int8 kernels
//   conv_integer, matmul_integer  the same without requantization (int32)
//
// and, as single ops, elementwise ops oneDNN has as eltwise or binary
// primitives, concat, reshape/flatten (views of the row-major data, so that
// a classifier's flatten does not split a region), transpose and slice
// (reorders of views: ShuffleNet's channel shuffle and split stay in the
// region), and the reductions oneDNN's reduction primitive computes with
// JIT kernels (mean, sum; max, min, prod over the innermost axes), and
// resize where oneDNN's resampling computes ONNX's coordinates exactly. Each
// check says why it refuses.
//
//===----------------------------------------------------------------------===//

#include "DnnlPatterns.h"

#include "DnnlOpMapping.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace seam;
using namespace seam::dnnl;

namespace {

//===----------------------------------------------------------------------===//
// Predicates and checks
//===----------------------------------------------------------------------===//

ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// The input (operand 0) has rank in [low, high].
OpPredicate inputRank(int64_t low, int64_t high) {
  return [low, high](Operation *op) -> Verdict {
    int64_t rank = shapeOf(op->getOperand(0)).size();
    if (rank >= low && rank <= high)
      return Verdict::accept();
    return Verdict::refuse(op->getName().getStringRef() + " of rank " +
                           Twine(rank) + " (oneDNN takes " + Twine(low) +
                           " to " + Twine(high) + ")");
  };
}

/// A bias that oneDNN's matmul adds fast: one value per output column.
bool isColumnBias(ArrayRef<int64_t> bias, ArrayRef<int64_t> result) {
  if (bias.size() > result.size() || bias.empty())
    return false;
  for (size_t i = 0; i + 1 < bias.size(); ++i)
    if (bias[i] != 1)
      return false;
  return bias.back() == result.back();
}

/// The constant operand of an add after a matmul is a per-column bias, and
/// the add does not broadcast the matmul's result.
Verdict isMatmulBias(Operation *add) {
  if (add->getResult(0).getType() != add->getOperand(0).getType() ||
      !isColumnBias(shapeOf(add->getOperand(1)), shapeOf(add->getResult(0))))
    return Verdict::refuse("the add after the matmul is not a per-column bias");
  return Verdict::accept();
}

Verdict checkGemm(const Match &m) {
  GemmOp gemm = m.find<GemmOp>();
  if (Value c = gemm.getC())
    if (!isColumnBias(shapeOf(c), shapeOf(gemm.getResult())))
      return Verdict::refuse("gemm whose C is not a per-column bias (oneDNN "
                             "has no fast kernel for it)");
  return Verdict::accept();
}

Verdict checkMatmul(const Match &m) {
  MatMulOp matmul = m.find<MatMulOp>();
  int64_t a = shapeOf(matmul.getA()).size(), b = shapeOf(matmul.getB()).size();
  if (a < 2 || b < 2)
    return Verdict::refuse("matmul of a 1-D operand is not supported");
  if (std::max(a, b) > kMaxRank)
    return Verdict::refuse("matmul of rank above 12");
  return Verdict::accept();
}

/// A binary op after a product whose other operand broadcasts into the
/// product's result: a oneDNN binary post-op (an attention score's scale
/// and additive mask). oneDNN computes `result op operand`: a sub or div
/// takes the chain's value first.
PatternStep binaryPostOp() {
  auto step = [](StringRef name, StringRef tag) {
    return std::move(
        op(name, tag).secondInput("operand").where([](Operation *op) {
          Value lhs = op->getOperand(0), rhs = op->getOperand(1);
          if (lhs == rhs)
            return Verdict::refuse(op->getName().getStringRef() +
                                   " of a value with itself");
          return checkBinaryBroadcast(op);
        }));
  };
  return anyOf({step("seam.add", "add"), step("seam.sub", "sub"),
                step("seam.mul", "mul"), step("seam.div", "div")});
}

/// The chain after a product: each op keeps the type of the value before it
/// (a post-op does not broadcast the result), and a sub or div takes that
/// value as its first operand.
Verdict checkPostOpChain(const Match &m) {
  for (auto [before, op] : llvm::zip(m.ops, llvm::drop_begin(m.ops))) {
    Value chain = before->getResult(0);
    if (op->getResult(0).getType() != chain.getType())
      return Verdict::refuse(op->getName().getStringRef() +
                             " broadcasts the product's result (a post-op "
                             "keeps its shape)");
    if (isa<SubOp, DivOp>(op) && op->getOperand(0) != chain)
      return Verdict::refuse(op->getName().getStringRef() +
                             " of the product's result as its second operand "
                             "(oneDNN's post-op takes it first)");
  }
  return Verdict::accept();
}

Verdict checkMatmulChain(const Match &m) {
  if (Verdict verdict = checkMatmul(m); !verdict.accepted())
    return verdict;
  return checkPostOpChain(m);
}

Verdict checkPool(const Match &m) {
  std::string whyNot;
  if (failed(getPoolWindow(m.getRoot(), whyNot)))
    return Verdict::refuse(whyNot);
  return Verdict::accept();
}

/// oneDNN's layer_normalization: over the last axis, with a scale and shift
/// of that axis's size, and the statistics (results 1 and 2) unused.
Verdict checkLayerNorm(const Match &m) {
  auto ln = m.find<LayerNormOp>();
  ArrayRef<int64_t> shape = shapeOf(ln.getInput());
  int64_t rank = shape.size();
  int64_t axis = ln.getAxis();
  if (axis < 0)
    axis += rank;
  if (axis != rank - 1)
    return Verdict::refuse("layer_norm over more than the last axis (oneDNN "
                           "normalizes over the last one)");
  for (Value param : {ln.getScale(), ln.getBias()})
    if (param && shapeOf(param) != shape.take_back())
      return Verdict::refuse("layer_norm whose scale or bias is not of the "
                             "last axis's size");
  if (!ln.getMean().use_empty() || !ln.getInvStdDev().use_empty())
    return Verdict::refuse("layer_norm whose mean or inv_std_dev is used "
                           "(oneDNN keeps them to itself at inference)");
  return Verdict::accept();
}

Verdict checkSoftmax(const Match &m) {
  if (shapeOf(m.getRoot()->getOperand(0)).size() > kMaxRank)
    return Verdict::refuse("softmax of rank above 12");
  return Verdict::accept();
}

/// The reductions oneDNN 2.6 computes with a JIT kernel: max/min/prod over
/// axes that are not the innermost have only the reference implementation,
/// and the compiled path does better. (reduce_mean and reduce_sum keep every
/// axis: a spatial mean is a global pooling, and the runtime reports a
/// reference kernel where one remains.)
Verdict checkReduction(Operation *op) {
  using dnnl_region::Algorithm;
  StringRef name = op->getName().getStringRef();
  ArrayRef<int64_t> shape = shapeOf(op->getOperand(0));
  SmallVector<int64_t> axes =
      llvm::TypeSwitch<Operation *, SmallVector<int64_t>>(op)
          .Case<ReduceMeanOp, ReduceSumOp, ReduceMaxOp, ReduceMinOp,
                ReduceProdOp>([](auto r) { return r.getNormalizedAxes(); })
          .Default([](Operation *) { return SmallVector<int64_t>(); });
  // oneDNN creates no reduction whose source and destination have the same
  // dims.
  if (llvm::all_of(axes, [&](int64_t d) { return shape[d] == 1; }))
    return Verdict::refuse(name + " reduces only dims of size 1 (a copy): "
                                  "oneDNN has no reduction for it (compiled "
                                  "instead)");
  Algorithm alg = getReduceAlgorithm(op);
  if (alg == Algorithm::ReduceMean || alg == Algorithm::ReduceSum)
    return Verdict::accept();
  // The reduced axes, ignoring dims of size 1, must be the innermost ones.
  llvm::SmallDenseSet<int64_t> reduced(axes.begin(), axes.end());
  bool inner = true;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] == 1)
      continue;
    if (!reduced.contains(d))
      inner = false;
    else if (!inner)
      return Verdict::refuse(name + " over axes that are not the innermost: "
                                    "oneDNN 2.6 has only a reference kernel "
                                    "for it (compiled instead)");
  }
  return Verdict::accept();
}

//===----------------------------------------------------------------------===//
// Int8 products
//===----------------------------------------------------------------------===//

Type elementTypeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

/// Whether this machine's int8 products add up in 32 bits. x86 CPUs without
/// VNNI (AVX2, AVX-512 before Cascade Lake) run oneDNN's u8 x s8 kernels with
/// vpmaddubsw, which adds pairs of products into 16 bits with saturation
/// (255 * -128 * 2 does not fit); ARM's dot products accumulate in 32 bits.
/// SEAM_DNNL_INT8_VNNI=1 or 0 says it instead of this CPU (to partition
/// for another machine, and in the partitioning's tests).
static bool addsInt8ProductsIn32Bits() {
  if (const char *env = std::getenv("SEAM_DNNL_INT8_VNNI"))
    if (StringRef(env) == "0" || StringRef(env) == "1")
      return StringRef(env) == "1";
  if (!llvm::Triple(llvm::sys::getProcessTriple()).isX86())
    return true;
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512vnni") || features.lookup("avxvnni");
}

/// oneDNN's int8 conv and matmul: an i8 or ui8 source, i8 weights, each
/// zero point one constant value (the weights' 0 for a convolution); without
/// VNNI, constant weights in [-64, 64] (two products of them fit 16 bits).
Verdict checkIntegerProduct(Operation *op) {
  Value src = op->getOperand(0), weight = op->getOperand(1);
  Value srcZp, weightZp;
  bool conv = false;
  if (auto c = dyn_cast<ConvIntegerOp>(op)) {
    srcZp = c.getInputZeroPoint();
    weightZp = c.getWeightZeroPoint();
    conv = true;
    if (shapeOf(src).size() < 3 || shapeOf(src).size() > 5)
      return Verdict::refuse("conv_integer of rank other than 3 to 5");
  } else {
    auto m = cast<MatMulIntegerOp>(op);
    srcZp = m.getAZeroPoint();
    weightZp = m.getBZeroPoint();
    if (shapeOf(src).size() < 2 || shapeOf(weight).size() < 2)
      return Verdict::refuse("matmul_integer of a 1-D operand");
  }
  if (!elementTypeOf(weight).isSignlessInteger(8))
    return Verdict::refuse(op->getName().getStringRef() +
                           " of uint8 weights (oneDNN's int8 kernels take "
                           "int8 weights)");
  static const bool exactProducts = addsInt8ProductsIn32Bits();
  if (!exactProducts) {
    std::optional<std::vector<int64_t>> w = getIntegerConstantData(weight);
    if (!w || llvm::any_of(*w, [](int64_t v) { return v < -64 || v > 64; }))
      return Verdict::refuse(
          op->getName().getStringRef() +
          (w ? " of weights outside [-64, 64]" : " of run-time weights") +
          " on a CPU without VNNI (oneDNN adds pairs of u8 x s8 products in "
          "16 bits there, with saturation)");
  }
  if (srcZp && !getUniformIntegerConstant(srcZp))
    return Verdict::refuse("the source's zero point is not one constant "
                           "(oneDNN takes one per tensor)");
  if (weightZp) {
    std::optional<int64_t> zp = getUniformIntegerConstant(weightZp);
    if (!zp)
      return Verdict::refuse("the weights' zero point is not one constant "
                             "(oneDNN takes one per tensor)");
    if (conv && *zp != 0)
      return Verdict::refuse("conv_integer with a nonzero weight zero point "
                             "(oneDNN's int8 convolution has none)");
  }
  return Verdict::accept();
}

/// The requantization after an int8 product: the scale one value or one
/// per output channel (conv) or column (matmul), the zero point one
/// integer, the clip the range of the result's type.
Verdict checkRequantization(const Match &m) {
  Operation *root = m.getRoot();
  ArrayRef<int64_t> acc = shapeOf(root->getResult(0));
  int64_t channelDim =
      isa<ConvIntegerOp>(root) ? 1 : static_cast<int64_t>(acc.size()) - 1;
  auto isPerChannel = [&](ArrayRef<int64_t> shape) {
    int64_t offset = static_cast<int64_t>(acc.size() - shape.size());
    if (offset < 0)
      return false;
    for (auto [i, d] : llvm::enumerate(shape))
      if (d != 1 && static_cast<int64_t>(i) + offset != channelDim)
        return false;
    return true;
  };
  SmallVector<Operation *> ops(m.ops.begin(), m.ops.end());
  for (Operation *op : llvm::drop_begin(ops)) {
    Value result = op->getResult(0);
    if (auto add = dyn_cast<AddOp>(op)) {
      if (add.getType() != add.getLhs().getType() ||
          !isPerChannel(shapeOf(add.getRhs())))
        return Verdict::refuse("the add after the int8 product is not one "
                               "value per output channel");
      if (elementTypeOf(result).isF32()) {
        std::optional<std::vector<float>> zp = getF32ConstantData(add.getRhs());
        if (!zp || zp->size() != 1 || (*zp)[0] != std::nearbyint((*zp)[0]))
          return Verdict::refuse("the output zero point is not one integer");
      }
    } else if (auto mul = dyn_cast<MulOp>(op)) {
      if (mul.getType() != mul.getLhs().getType() ||
          !isPerChannel(shapeOf(mul.getRhs())))
        return Verdict::refuse("the requantization scale is not one value "
                               "or one per output channel");
    } else if (auto clip = dyn_cast<ClipOp>(op)) {
      Type target = elementTypeOf(m.getLast()->getResult(0));
      bool isSigned = target.isSignlessInteger(8);
      if (!isSigned && !target.isUnsignedInteger(8))
        return Verdict::refuse("the requantized result is not int8 or uint8");
      float low = isSigned ? -128.0f : 0.0f, high = isSigned ? 127.0f : 255.0f;
      if (clip.getMinAttr().getValueAsDouble() != low ||
          clip.getMaxAttr().getValueAsDouble() != high)
        return Verdict::refuse("the clip before the cast is not the range of "
                               "the result's type");
    }
  }
  return Verdict::accept();
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// The activations oneDNN fuses as eltwise post-ops.
PatternStep activation() {
  return anyOf({op("seam.relu", "relu"), op("seam.clip", "clip"),
                op("seam.sigmoid", "sigmoid"), op("seam.tanh", "tanh"),
                op("seam.leaky_relu", "leaky_relu"),
                op("seam.hard_swish", "hard_swish"), op("seam.silu", "silu"),
                op("seam.gelu", "gelu"),
                op("seam.hard_sigmoid", "hard_sigmoid")});
}

std::vector<PatternEntry> buildTable() {
  std::vector<PatternEntry> table;
  table.push_back(
      {"conv",
       convSumActivation(
           std::move(convWithWeight().where(inputRank(3, 5)).where(allF32())),
           activation()),
       nullptr});
  table.push_back({"conv_transpose",
                   ChainPattern(op("seam.conv_transpose")
                                    .where(inputRank(3, 5))
                                    .where(allF32())
                                    .optionalConstant(2, "bias", "bias"))
                       .maybe(activation()),
                   nullptr});
  table.push_back({"gemm",
                   ChainPattern(op("seam.gemm")
                                    .where(allF32())
                                    .constant(1, "weight")
                                    .optionalConstant(2, "bias", "bias"))
                       .maybe(activation()),
                   checkGemm});
  table.push_back(
      {"matmul",
       ChainPattern(op("seam.matmul").where(allF32()))
           .maybe(
               op("seam.add", "bias").constant(1, "bias").where(isMatmulBias))
           .maybe(residualSum())
           .maybe(binaryPostOp())
           .maybe(binaryPostOp())
           .maybe(activation()),
       checkMatmulChain});
  table.push_back({"batch_norm",
                   ChainPattern(op("seam.batch_norm")
                                    .where(inputRank(2, 5))
                                    .where(allF32())
                                    .constant(1, "scale")
                                    .constant(2, "bias")
                                    .constant(3, "mean")
                                    .constant(4, "variance"))
                       .maybe(activation()),
                   nullptr});
  for (StringRef pool : {"max_pool", "avg_pool", "global_avg_pool"})
    table.push_back(
        {pool.str(),
         ChainPattern(
             op(("seam." + pool).str()).where(inputRank(3, 5)).where(allF32())),
         checkPool});
  table.push_back({"softmax", ChainPattern(op("seam.softmax").where(allF32())),
                   checkSoftmax});
  // Each requantizing step a typed op whose checks are the verdicts above.
  auto typed = [](StringRef name, StringRef tag = "") {
    return std::move(op(name, tag).anyElementTypes());
  };
  for (StringRef root : {"conv_integer", "matmul_integer"}) {
    StringRef name = root == "conv_integer" ? "qconv" : "qmatmul";
    auto product = [&]() {
      return std::move(typed(("seam." + root).str())
                           .where(checkIntegerProduct)
                           .constant(1, "weight"));
    };
    table.push_back(
        {name.str(),
         ChainPattern(product())
             .maybe(std::move(typed("seam.add", "bias").constant(1, "bias")))
             .then(typed("seam.cast"))
             .then(std::move(typed("seam.mul").constant(1, "scale")))
             .then(typed("seam.round"))
             .maybe(std::move(
                 typed("seam.add", "zero_point").constant(1, "zero point")))
             .then(typed("seam.clip"))
             .then(typed("seam.cast")),
         checkRequantization});
    table.push_back({root.str(), ChainPattern(product()), nullptr});
  }
  table.push_back({"layer_norm",
                   ChainPattern(op("seam.layer_norm")
                                    .where(inputRank(2, 5))
                                    .where(allF32())
                                    .constant(1, "scale")
                                    .optionalConstant(2, "bias", "bias")),
                   checkLayerNorm});
  return table;
}

} // namespace

ArrayRef<PatternEntry> seam::dnnl::getDnnlPatterns() {
  static const std::vector<PatternEntry> table = buildTable();
  return table;
}

Verdict seam::dnnl::supportsDnnlOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  bool eltwise = !getEltwiseSteps(op).empty();
  bool binary = getBinaryAlgorithm(op) != dnnl_region::Algorithm::None;
  bool reduce = getReduceAlgorithm(op) != dnnl_region::Algorithm::None;
  if (isa<ResizeOp>(op)) {
    if (Verdict f32 = allF32()(op); !f32.accepted())
      return f32;
    std::string whyNot;
    if (failed(getResampleAlgorithm(op, whyNot)))
      return Verdict::refuse(whyNot);
    return Verdict::accept();
  }
  if (isa<ReduceL1Op, ReduceL2Op, ReduceSumSquareOp>(op))
    return Verdict::refuse(name + ": oneDNN 2.6 has only a reference kernel "
                                  "for lp-norm reductions (compiled instead)");
  if (isa<ReduceLogSumOp, ReduceLogSumExpOp>(op))
    return Verdict::refuse(name + ": oneDNN's reduction has no logarithm "
                                  "(compiled instead)");
  if (!eltwise && !binary && !reduce &&
      !isa<ConcatOp, ReshapeOp, FlattenOp, TransposeOp, SliceOp>(op))
    return Verdict::refuse(name + " is not supported outside a pattern");
  if (Verdict f32 = allF32()(op); !f32.accepted())
    return f32;
  int64_t rank = shapeOf(op->getResult(0)).size();
  if (rank < 1 || rank > kMaxRank)
    return Verdict::refuse(name + " of rank " + Twine(rank) +
                           " is not supported");
  if (binary)
    return checkBinaryBroadcast(op);
  if (reduce)
    return checkReduction(op);
  if (auto slice = dyn_cast<SliceOp>(op))
    for (const SliceOp::DimSlice &dim : slice.getDimSlices())
      if (dim.step != 1 || dim.size == 0)
        return Verdict::refuse("seam.slice with a step other than 1, or empty");
  return Verdict::accept();
}
