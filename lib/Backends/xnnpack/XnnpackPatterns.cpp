//===- XnnpackPatterns.cpp - The xnnpack pattern table and single ops -----===//
//
// What the XNNPACK backend takes, in priority order, in XNNPACK's terms
// (its subgraph API of the Debian snapshot, runtime/RegionDesc.h):
//
//   conv2d            2-D conv (grouped, depthwise, strided, dilated, padded)
//                     with constant weights (+bias) (+ReLU/Clip: the node's
//                     output clamp)
//   fully_connected   gemm with constant B, no transA, alpha = beta = 1
//                     (+per-column bias) (+ReLU/Clip)
//   matmul            matmul by a constant 2-D B (+per-column bias add)
//                     (+ReLU/Clip)
//   max_pool, avg_pool, global_avg_pool   2-D
//   batch_norm        inference batch_norm with constant parameters
//                     (+ReLU/Clip), as a per-channel multiply and add
//   softmax           over the innermost dim of XNNPACK's layout
//
// and, as single ops, add/mul/sub/div with broadcasting, an inference
// batch_norm (as a multiply and an add per channel), hard-sigmoid (a
// multiply and an add, clamped to [0, 1]), SiLU (a sigmoid and a multiply),
// ReLU and Clip
// (clamp), hard-swish, sigmoid, leaky ReLU, constant pad, concat,
// a reduce_mean over H and W (global average pooling),
// transpose, slice and reshape/flatten (the runtime copies: concat,
// transpose and slice always, reshapes where the NHWC layout of images
// changes their meaning).
// Each check says why it refuses.
//
//===----------------------------------------------------------------------===//

#include "XnnpackPatterns.h"

#include "XnnpackOpMapping.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

using namespace mlir;
using namespace seam;
using namespace seam::xnnpack;

namespace {

ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

int64_t rankOf(Value value) { return shapeOf(value).size(); }

/// A clip whose interval is not empty.
Verdict isProperClip(ClipOp clip) {
  auto bounds = getClampBounds(clip);
  if (!(bounds->first < bounds->second))
    return Verdict::refuse("clip with min not below max");
  return Verdict::accept();
}

/// ReLU and Clip: the output clamp of the node before them.
PatternStep outputClamp() {
  return anyOf({op("seam.relu", "relu"),
                op("seam.clip", "clip").where(on<ClipOp>(isProperClip))});
}

/// A per-column bias of a [..., N] product: [N].
bool isColumnBias(ArrayRef<int64_t> bias, ArrayRef<int64_t> result) {
  return bias.size() == 1 && !result.empty() && bias[0] == result.back();
}

/// The add after a matmul adds a per-column bias (else the matmul is taken
/// alone).
Verdict isBiasAdd(Operation *add) {
  if (add->getResult(0).getType() != add->getOperand(0).getType() ||
      !isColumnBias(shapeOf(add->getOperand(1)), shapeOf(add->getResult(0))))
    return Verdict::refuse("the add after the matmul is not a per-column bias");
  return Verdict::accept();
}

Verdict checkConv(const Match &m) {
  ConvOp conv = m.find<ConvOp>();
  if (rankOf(conv.getInput()) != 4)
    return Verdict::refuse("conv of rank " + Twine(rankOf(conv.getInput())) +
                           " (XNNPACK convolves 2-D images only)");
  return Verdict::accept();
}

Verdict checkGemm(const Match &m) {
  GemmOp gemm = m.find<GemmOp>();
  if (gemm.getTransA())
    return Verdict::refuse("gemm with transA (XNNPACK's fully connected "
                           "takes A as it is)");
  if (!gemm.getAlpha().isExactlyValue(1.0) ||
      (gemm.getC() && !gemm.getBeta().isExactlyValue(1.0)))
    return Verdict::refuse("gemm with alpha or beta other than 1");
  if (Value c = gemm.getC())
    if (!isColumnBias(shapeOf(c), shapeOf(gemm.getResult())))
      return Verdict::refuse("gemm whose C is not a per-column bias");
  return Verdict::accept();
}

Verdict checkMatmul(const Match &m) {
  MatMulOp matmul = m.find<MatMulOp>();
  int64_t a = rankOf(matmul.getA());
  if (rankOf(matmul.getB()) != 2)
    return Verdict::refuse("matmul by a B that is not 2-D");
  if (a < 1 || a == 4 || a > kMaxRank)
    return Verdict::refuse("matmul of a " + Twine(a) +
                           "-D A (XNNPACK's fully connected takes ranks 1 to "
                           "6 but the image rank 4)");
  return Verdict::accept();
}

Verdict checkPool(const Match &m) {
  std::string whyNot;
  if (failed(getPoolWindow(m.getRoot(), whyNot)))
    return Verdict::refuse(whyNot);
  return Verdict::accept();
}

Verdict checkGlobalPool(const Match &m) {
  if (rankOf(m.getRoot()->getOperand(0)) != 4)
    return Verdict::refuse("global_avg_pool of rank " +
                           Twine(rankOf(m.getRoot()->getOperand(0))) +
                           " (XNNPACK pools 2-D images only)");
  return Verdict::accept();
}

Verdict checkBatchNorm(const Match &m) {
  Operation *bn = m.getRoot();
  if (rankOf(bn->getOperand(0)) < 2)
    return Verdict::refuse("batch_norm of rank 1");
  return checkBinary(bn);
}

Verdict checkSoftmax(const Match &m) {
  auto softmax = cast<SoftmaxOp>(m.getRoot());
  int64_t rank = rankOf(softmax.getInput());
  int64_t axis = static_cast<int64_t>(softmax.getAxis());
  if (axis < 0)
    axis += rank;
  if (rank < 1 || rank > kMaxRank)
    return Verdict::refuse("softmax of rank " + Twine(rank));
  // Inside a region a 4-D value is NHWC: its innermost dim is C (axis 1).
  int64_t innermost = rank == 4 ? 1 : rank - 1;
  if (axis != innermost)
    return Verdict::refuse("softmax over axis " + Twine(axis) + " of a " +
                           Twine(rank) + "-D value (XNNPACK normalizes the " +
                           "innermost dim of its layout only: axis " +
                           Twine(innermost) + ")");
  return Verdict::accept();
}

std::vector<PatternEntry> buildTable() {
  std::vector<PatternEntry> table;
  table.push_back({"conv2d",
                   ChainPattern(convWithWeight()).maybe(outputClamp()),
                   checkConv});
  table.push_back({"fully_connected",
                   ChainPattern(op("seam.gemm")

                                    .constant(1, "weight")
                                    .optionalConstant(2, "bias", "bias"))
                       .maybe(outputClamp()),
                   checkGemm});
  table.push_back(
      {"matmul",
       ChainPattern(op("seam.matmul").constant(1, "weight"))
           .maybe(op("seam.add", "bias").constant(1, "bias").where(isBiasAdd))
           .maybe(outputClamp()),
       checkMatmul});
  table.push_back({"max_pool", ChainPattern(op("seam.max_pool")), checkPool});
  table.push_back({"avg_pool", ChainPattern(op("seam.avg_pool")), checkPool});
  table.push_back({"global_avg_pool", ChainPattern(op("seam.global_avg_pool")),
                   checkGlobalPool});
  // Before other libraries' batch_norm patterns when xnnpack comes first:
  // runs as a per-channel multiply and add, the clamp fused into the add.
  table.push_back({"batch_norm",
                   ChainPattern(op("seam.batch_norm")

                                    .constant(1, "scale")
                                    .constant(2, "bias")
                                    .constant(3, "mean")
                                    .constant(4, "variance"))
                       .maybe(outputClamp()),
                   checkBatchNorm});
  table.push_back({"softmax", ChainPattern(op("seam.softmax")), checkSoftmax});
  return table;
}

Verdict checkConcat(ConcatOp concat) {
  if (concat.getInputs().size() < 2)
    return Verdict::refuse("concat of one input");
  return Verdict::accept();
}

/// A mean over the image (H and W) of a 4-D value: global average pooling.
Verdict checkReduceMean(ReduceMeanOp mean) {
  SmallVector<int64_t> axes = mean.getNormalizedAxes();
  if (rankOf(mean.getInput()) != 4 || axes.size() != 2 || axes[0] != 2 ||
      axes[1] != 3)
    return Verdict::refuse("reduce_mean over other axes than H and W of a "
                           "4-D value (XNNPACK has global average pooling "
                           "only)");
  return Verdict::accept();
}

Verdict checkPad(PadOp pad) {
  if (pad.getMode() != PadMode::constant)
    return Verdict::refuse("pad in a mode other than constant");
  if (llvm::any_of(pad.getPads(), [](int64_t p) { return p < 0; }))
    return Verdict::refuse("pad with negative pads (cropping)");
  if (!pad.getValue().isFinite())
    return Verdict::refuse("pad with a value that is not finite");
  return Verdict::accept();
}

} // namespace

ArrayRef<PatternEntry> seam::xnnpack::getXnnpackPatterns() {
  static const std::vector<PatternEntry> table = buildTable();
  return table;
}

Verdict seam::xnnpack::supportsXnnpackOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  std::optional<xnnpack_region::OpKind> elementwise = getElementwiseKind(op);
  if (!elementwise &&
      !isa<ConcatOp, ReshapeOp, FlattenOp, TransposeOp, SliceOp, PadOp,
           BatchNormOp, HardSigmoidOp, SiluOp, ReduceMeanOp>(op))
    return Verdict::refuse(name + " is not supported outside a pattern");
  if (Verdict f32 = allF32()(op); !f32.accepted())
    return f32;
  int64_t rank = rankOf(op->getResult(0));
  if (rank < 1 || rank > kMaxRank)
    return Verdict::refuse(name + " of rank " + Twine(rank) +
                           " (XNNPACK takes 1 to 6)");
  if (llvm::is_contained(shapeOf(op->getResult(0)), 0))
    return Verdict::refuse(name + " with an empty result");
  if (isa<AddOp, MulOp, SubOp, DivOp>(op))
    return checkBinary(op);
  if (auto clip = dyn_cast<ClipOp>(op))
    return isProperClip(clip);
  if (auto bn = dyn_cast<BatchNormOp>(op)) {
    if (rank < 2)
      return Verdict::refuse("batch_norm of rank 1");
    for (Value parameter : op->getOperands().drop_front())
      if (!isF32Constant(parameter))
        return Verdict::refuse("batch_norm whose parameters are not "
                               "constants");
    return checkBinary(op);
  }
  if (auto concat = dyn_cast<ConcatOp>(op))
    return checkConcat(concat);
  if (auto mean = dyn_cast<ReduceMeanOp>(op))
    return checkReduceMean(mean);
  if (auto pad = dyn_cast<PadOp>(op))
    return checkPad(pad);
  return Verdict::accept();
}
