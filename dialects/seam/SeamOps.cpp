//===- SeamOps.cpp - Verification and type inference of the seam ops ------===//

#include "seam/SeamOps.h"
#include "seam/SeamShapes.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cmath>

using namespace mlir;
using namespace seam;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The element type of `v` (a tensor), or f32 when it has none (builders
/// may hand in anything; the verifier then names the operand).
static Type elementTypeOf(MLIRContext *ctx, Value v) {
  if (auto shaped = v ? dyn_cast<ShapedType>(v.getType()) : ShapedType())
    return shaped.getElementType();
  return Float32Type::get(ctx);
}

/// Adds the inferred result of `shape` and `elementType` (f32 when null) to
/// `results`, or fails when its element count does not fit int64 (each dim
/// may fit while their product does not: a pad, a broadcast, a matrix
/// product of large dims).
static LogicalResult addResult(MLIRContext *ctx, ArrayRef<int64_t> shape,
                               const OpDiagnostic &diag,
                               SmallVectorImpl<Type> &results,
                               Type elementType = {}) {
  if (failed(checkElementCount(shape, "the result", diag)))
    return failure();
  results.push_back(RankedTensorType::get(
      shape, elementType ? elementType : Float32Type::get(ctx)));
  return success();
}

/// The shape of `v`, which ODS has already checked is a static ranked tensor
/// when the op is verified; builders may hand in anything, hence the check.
static FailureOr<ArrayRef<int64_t>> shapeOf(Value v, StringRef what,
                                            const OpDiagnostic &diag) {
  auto type = v ? dyn_cast<RankedTensorType>(v.getType()) : RankedTensorType();
  if (!type) {
    diag.emit() << what << " must be a ranked tensor";
    return failure();
  }
  return type.getShape();
}

//===----------------------------------------------------------------------===//
// Sliding-window ops
//===----------------------------------------------------------------------===//

/// Infers the N x C_out x spatial... result of a sliding-window op.
static LogicalResult
inferWindowResult(MLIRContext *ctx, ArrayRef<int64_t> input,
                  int64_t outChannels, const WindowAttrs &attrs,
                  const OpDiagnostic &diag, SmallVectorImpl<Type> &results,
                  Type elementType = {}) {
  if (input.size() < 3 || input.size() > 5)
    return diag.emit() << "input must have rank 3 to 5 (N x C x 1 to 3 "
                          "spatial dims), got rank "
                       << input.size();
  FailureOr<SmallVector<int64_t>> spatial =
      inferWindowOutput(input.drop_front(2), attrs, diag);
  if (failed(spatial))
    return failure();
  SmallVector<int64_t> shape = {input[0], outChannels};
  shape.append(spatial->begin(), spatial->end());
  return addResult(ctx, shape, diag, results, elementType);
}

/// The optional `kernel_shape` of a conv or conv_transpose agrees with the
/// weight's spatial dims `kernel`, and the optional `bias` has one value per
/// output channel.
static LogicalResult
checkKernelAndBias(const OpDiagnostic &diag,
                   std::optional<ArrayRef<int64_t>> kernelShape,
                   ArrayRef<int64_t> kernel, Value bias, int64_t outChannels) {
  if (kernelShape && *kernelShape != kernel)
    return diag.emit() << "kernel_shape [" << *kernelShape
                       << "] does not match the weight's spatial dims ["
                       << kernel << "]";
  if (!bias)
    return success();
  FailureOr<ArrayRef<int64_t>> b = shapeOf(bias, "bias", diag);
  if (failed(b))
    return failure();
  if (b->size() != 1 || (*b)[0] != outChannels)
    return diag.emit() << "bias must have shape [" << outChannels
                       << "] (output channels), got [" << *b << "]";
  return success();
}

/// Infers the result of seam.conv or seam.conv_integer, whose result has
/// `elementType` (f32 when null).
template <typename Adaptor>
static LogicalResult
inferConvResult(MLIRContext *ctx, const OpDiagnostic &diag, Adaptor adaptor,
                Value bias, Type elementType, SmallVectorImpl<Type> &results) {
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  FailureOr<ArrayRef<int64_t>> weight =
      shapeOf(adaptor.getWeight(), "weight", diag);
  if (failed(input) || failed(weight))
    return failure();
  if (input->size() != weight->size())
    return diag.emit() << "weight rank " << weight->size()
                       << " does not match input rank " << input->size();
  if (input->size() < 3)
    return diag.emit() << "input must have rank 3 to 5 (N x C x 1 to 3 "
                          "spatial dims), got rank "
                       << input->size();
  int64_t group = adaptor.getGroup();
  int64_t channels = (*input)[1], outChannels = (*weight)[0];
  if (group <= 0 || channels % group != 0 || outChannels % group != 0)
    return diag.emit() << "group " << group
                       << " must divide the input channels (" << channels
                       << ") and the output channels (" << outChannels << ")";
  if ((*weight)[1] != channels / group)
    return diag.emit() << "weight has " << (*weight)[1]
                       << " input channels per group but the input has "
                       << channels << " channels in " << group
                       << " group(s), i.e. " << channels / group;
  ArrayRef<int64_t> kernel = weight->drop_front(2);
  if (failed(checkKernelAndBias(diag, adaptor.getKernelShape(), kernel, bias,
                                outChannels)))
    return failure();
  WindowAttrs attrs{kernel,
                    adaptor.getStrides(),
                    adaptor.getPads(),
                    adaptor.getDilations(),
                    adaptor.getAutoPad(),
                    /*ceilMode=*/false};
  return inferWindowResult(ctx, *input, outChannels, attrs, diag, results,
                           elementType);
}

LogicalResult ConvOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  return inferConvResult(ctx, diag, adaptor, adaptor.getBias(), Type(),
                         results);
}

template <typename PoolOp>
static LogicalResult inferPoolResult(MLIRContext *ctx,
                                     std::optional<Location> loc,
                                     typename PoolOp::Adaptor adaptor,
                                     SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, PoolOp::getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  if (input->size() < 3)
    return diag.emit() << "input must have rank 3 to 5 (N x C x 1 to 3 "
                          "spatial dims), got rank "
                       << input->size();
  WindowAttrs attrs{adaptor.getKernelShape(), adaptor.getStrides(),
                    adaptor.getPads(),        adaptor.getDilations(),
                    adaptor.getAutoPad(),     adaptor.getCeilMode()};
  attrs.padsBelowKernel = true;
  return inferWindowResult(ctx, *input, (*input)[1], attrs, diag, results);
}

LogicalResult MaxPoolOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  return inferPoolResult<MaxPoolOp>(ctx, loc, adaptor, results);
}

LogicalResult AvgPoolOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  return inferPoolResult<AvgPoolOp>(ctx, loc, adaptor, results);
}

LogicalResult LpPoolOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  return inferPoolResult<LpPoolOp>(ctx, loc, adaptor, results);
}

/// Defines the WindowOpMethods of one sliding-window op.
template <typename OpT>
static SmallVector<int64_t> listOrOnes(OpT op,
                                       std::optional<ArrayRef<int64_t>> v) {
  if (v)
    return SmallVector<int64_t>(*v);
  return SmallVector<int64_t>(op.getNumSpatialDims(), 1);
}

template <typename OpT> static SmallVector<int64_t> resolvedPads(OpT op) {
  auto input = cast<RankedTensorType>(op.getInput().getType());
  // WindowAttrs holds views: the kernel sizes must outlive it.
  SmallVector<int64_t> kernel = op.getKernelSizes();
  WindowAttrs attrs{kernel,          op.getStrides(),
                    op.getPads(),    op.getDilations(),
                    op.getAutoPad(), false};
  if constexpr (!std::is_same_v<OpT, ConvOp> &&
                !std::is_same_v<OpT, ConvIntegerOp>)
    attrs.ceilMode = op.getCeilMode();
  SmallVector<int64_t> pads;
  (void)inferWindowOutput(input.getShape().drop_front(2), attrs,
                          OpDiagnostic(std::nullopt, ""), &pads);
  return pads;
}

#define SEAM_DEFINE_WINDOW_METHODS(OP, KERNEL)                                 \
  SmallVector<int64_t> OP::getStridesOrDefault() {                             \
    return listOrOnes(*this, getStrides());                                    \
  }                                                                            \
  SmallVector<int64_t> OP::getDilationsOrDefault() {                           \
    return listOrOnes(*this, getDilations());                                  \
  }                                                                            \
  SmallVector<int64_t> OP::getKernelSizes() { return KERNEL; }                 \
  SmallVector<int64_t> OP::getResolvedPads() { return resolvedPads(*this); }

SEAM_DEFINE_WINDOW_METHODS(
    ConvOp,
    SmallVector<int64_t>(
        cast<RankedTensorType>(getWeight().getType()).getShape().drop_front(2)))
SEAM_DEFINE_WINDOW_METHODS(
    ConvIntegerOp,
    SmallVector<int64_t>(
        cast<RankedTensorType>(getWeight().getType()).getShape().drop_front(2)))
SEAM_DEFINE_WINDOW_METHODS(MaxPoolOp, SmallVector<int64_t>(getKernelShape()))
SEAM_DEFINE_WINDOW_METHODS(AvgPoolOp, SmallVector<int64_t>(getKernelShape()))
SEAM_DEFINE_WINDOW_METHODS(LpPoolOp, SmallVector<int64_t>(getKernelShape()))
#undef SEAM_DEFINE_WINDOW_METHODS

LogicalResult
GlobalAvgPoolOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  if (input->size() < 3)
    return diag.emit() << "input must have rank >= 3 (N x C x spatial...), "
                          "got rank "
                       << input->size();
  SmallVector<int64_t> shape(input->size(), 1);
  shape[0] = (*input)[0];
  shape[1] = (*input)[1];
  return addResult(ctx, shape, diag, results);
}

//===----------------------------------------------------------------------===//
// Matrix products and normalization
//===----------------------------------------------------------------------===//

LogicalResult GemmOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> a = shapeOf(adaptor.getA(), "A", diag);
  FailureOr<ArrayRef<int64_t>> b = shapeOf(adaptor.getB(), "B", diag);
  if (failed(a) || failed(b))
    return failure();
  if (a->size() != 2 || b->size() != 2)
    return diag.emit() << "A and B must be matrices, got ranks " << a->size()
                       << " and " << b->size();
  bool ta = adaptor.getTransA(), tb = adaptor.getTransB();
  int64_t m = (*a)[ta ? 1 : 0], k = (*a)[ta ? 0 : 1];
  int64_t kb = (*b)[tb ? 1 : 0], n = (*b)[tb ? 0 : 1];
  if (k != kb)
    return diag.emit() << "inner dimensions differ: A" << (ta ? "^T" : "")
                       << " is " << m << "x" << k << " but B"
                       << (tb ? "^T" : "") << " is " << kb << "x" << n;
  if (Value c = adaptor.getC()) {
    FailureOr<ArrayRef<int64_t>> cs = shapeOf(c, "C", diag);
    if (failed(cs))
      return failure();
    SmallVector<int64_t> target = {m, n}, bcast;
    if (cs->size() > 2 ||
        !OpTrait::util::getBroadcastedShape(*cs, target, bcast) ||
        ArrayRef<int64_t>(bcast) != ArrayRef<int64_t>(target))
      return diag.emit() << "C of shape [" << *cs
                         << "] does not broadcast to the result " << m << "x"
                         << n;
  }
  return addResult(ctx, {m, n}, diag, results);
}

/// Infers the result of seam.matmul or seam.matmul_integer (NumPy's matmul
/// of `a` and `b`), whose result has `elementType` (f32 when null).
static LogicalResult inferMatMulResult(MLIRContext *ctx,
                                       const OpDiagnostic &diag, Value aValue,
                                       Value bValue, Type elementType,
                                       SmallVectorImpl<Type> &results) {
  FailureOr<ArrayRef<int64_t>> as = shapeOf(aValue, "A", diag);
  FailureOr<ArrayRef<int64_t>> bs = shapeOf(bValue, "B", diag);
  if (failed(as) || failed(bs))
    return failure();
  if (as->empty() || bs->empty())
    return diag.emit() << "operands must have rank >= 1";
  SmallVector<int64_t> a(*as), b(*bs);
  bool aVector = a.size() == 1, bVector = b.size() == 1;
  if (aVector)
    a.insert(a.begin(), 1);
  if (bVector)
    b.push_back(1);
  int64_t m = a[a.size() - 2], k = a.back(), kb = b[b.size() - 2], n = b.back();
  if (k != kb)
    return diag.emit() << "contracting dimensions differ: A is [" << *as
                       << "] and B is [" << *bs << "]";
  FailureOr<SmallVector<int64_t>> batch =
      broadcastShapes(ArrayRef<int64_t>(a).drop_back(2),
                      ArrayRef<int64_t>(b).drop_back(2), diag);
  if (failed(batch))
    return failure();
  SmallVector<int64_t> shape = *batch;
  if (!aVector)
    shape.push_back(m);
  if (!bVector)
    shape.push_back(n);
  return addResult(ctx, shape, diag, results, elementType);
}

LogicalResult MatMulOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  return inferMatMulResult(ctx, diag, adaptor.getA(), adaptor.getB(), Type(),
                           results);
}

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  return addResult(ctx, *input, diag, results);
}

LogicalResult BatchNormOp::verify() {
  ArrayRef<int64_t> input = getInput().getType().getShape();
  if (input.size() < 2)
    return emitOpError("input must have rank >= 2 (N x C x ...), got rank ")
           << input.size();
  int64_t params = getScale().getType().getDimSize(0);
  if (params != input[1])
    return emitOpError("scale, bias, mean and var have ")
           << params << " elements but the input has " << input[1]
           << " channels";
  if (getEpsilon().isNegative())
    return emitOpError("epsilon must be non-negative, got ")
           << getEpsilon().convertToFloat();
  return success();
}

LogicalResult SoftmaxOp::verify() {
  int64_t rank = getInput().getType().getRank();
  return normalizeAxis(getAxis(), rank, "axis",
                       OpDiagnostic(getLoc(), getOperationName()));
}

LogicalResult LogSoftmaxOp::verify() {
  int64_t rank = getInput().getType().getRank();
  return normalizeAxis(getAxis(), rank, "axis",
                       OpDiagnostic(getLoc(), getOperationName()));
}

/// Fails unless `operand` broadcasts (NumPy, aligned to the right) to
/// `target` without changing it.
static LogicalResult checkBroadcastsTo(ArrayRef<int64_t> operand,
                                       ArrayRef<int64_t> target, StringRef what,
                                       const OpDiagnostic &diag) {
  bool fits = operand.size() <= target.size();
  for (size_t i = 0; fits && i < operand.size(); ++i) {
    int64_t t = target[target.size() - operand.size() + i];
    fits = operand[i] == 1 || operand[i] == t;
  }
  if (!fits)
    return diag.emit() << what << " of shape [" << operand
                       << "] does not broadcast to the input shape [" << target
                       << "]";
  return success();
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  FailureOr<int64_t> axis =
      normalizeAxis(adaptor.getAxis(), input->size(), "axis", diag);
  if (failed(axis))
    return failure();
  results.push_back(adaptor.getInput().getType());
  SmallVector<int64_t> stats(input->take_front(*axis));
  stats.resize(input->size(), 1);
  if (failed(addResult(ctx, stats, diag, results)))
    return failure();
  results.push_back(results.back());
  return success();
}

LogicalResult LayerNormOp::verify() {
  OpDiagnostic diag(getLoc(), getOperationName());
  RankedTensorType input = getInput().getType();
  for (auto [value, what] : {std::pair<Value, StringRef>{getScale(), "scale"},
                             {getBias(), "bias"}}) {
    if (!value)
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getElementType() != input.getElementType())
      return emitOpError() << what << " has element type "
                           << type.getElementType() << " but the input has "
                           << input.getElementType();
    if (failed(
            checkBroadcastsTo(type.getShape(), input.getShape(), what, diag)))
      return failure();
  }
  if (getEpsilon().isNegative())
    return emitOpError("epsilon must be non-negative, got ")
           << getEpsilon().convertToFloat();
  return success();
}

LogicalResult InstanceNormOp::verify() {
  ArrayRef<int64_t> input = getInput().getType().getShape();
  if (input.size() < 3)
    return emitOpError("input must have rank >= 3 (N x C x D1 x ...), got "
                       "rank ")
           << input.size();
  RankedTensorType scale = getScale().getType();
  if (scale.getRank() != 1 || scale.getDimSize(0) != input[1])
    return emitOpError("scale and bias must have shape [")
           << input[1] << "] (one value per channel), got [" << scale.getShape()
           << "]";
  if (scale.getElementType() != getInput().getType().getElementType())
    return emitOpError("scale has element type ")
           << scale.getElementType() << " but the input has "
           << getInput().getType().getElementType();
  if (getEpsilon().isNegative())
    return emitOpError("epsilon must be non-negative, got ")
           << getEpsilon().convertToFloat();
  return success();
}

LogicalResult LpNormOp::verify() {
  if (getP() != 1 && getP() != 2)
    return emitOpError("p must be 1 or 2, got ") << getP();
  return normalizeAxis(getAxis(), getInput().getType().getRank(), "axis",
                       OpDiagnostic(getLoc(), getOperationName()));
}

LogicalResult ResizeOp::verify() {
  RankedTensorType input = getInput().getType();
  RankedTensorType output = getOutput().getType();
  int64_t rank = input.getRank();
  if (output.getRank() != rank)
    return emitOpError("result rank ")
           << output.getRank() << " differs from the input rank " << rank;
  ArrayRef<double> scales = getScales();
  if (static_cast<int64_t>(scales.size()) != rank)
    return emitOpError("scales has ")
           << scales.size() << " values for an input of rank " << rank;
  for (double s : scales)
    if (!(s > 0) || std::isinf(s))
      return emitOpError("scales [")
             << scales << "] must be positive and finite";
  bool crop = getCoordinateTransformationMode() ==
              CoordinateTransform::tf_crop_and_resize;
  std::optional<ArrayRef<double>> roi = getRoi();
  if (crop && !roi)
    return emitOpError("tf_crop_and_resize needs roi");
  if (roi && static_cast<int64_t>(roi->size()) != 2 * rank)
    return emitOpError("roi has ")
           << roi->size() << " values, expected " << 2 * rank
           << " (starts and ends of every dim)";
  if (getMode() != ResizeMode::nearest &&
      !isa<FloatType>(input.getElementType()))
    return emitOpError("mode ") << stringifyResizeMode(getMode())
                                << " needs a float tensor, got element type "
                                << input.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

LogicalResult ClipOp::verify() {
  std::optional<APFloat> lo = getMin(), hi = getMax();
  if (lo && lo->isNaN())
    return emitOpError("min must not be NaN");
  if (hi && hi->isNaN())
    return emitOpError("max must not be NaN");
  // min > max is valid ONNX: every element becomes max.
  return success();
}

/// The broadcast result of `lhs` and `rhs`, of `elementType` (null: the
/// operands').
template <typename BinaryOp>
static LogicalResult
inferBinaryResult(MLIRContext *ctx, std::optional<Location> loc,
                  typename BinaryOp::Adaptor adaptor,
                  SmallVectorImpl<Type> &results, Type elementType = {}) {
  OpDiagnostic diag(loc, BinaryOp::getOperationName());
  FailureOr<ArrayRef<int64_t>> lhs = shapeOf(adaptor.getLhs(), "lhs", diag);
  FailureOr<ArrayRef<int64_t>> rhs = shapeOf(adaptor.getRhs(), "rhs", diag);
  if (failed(lhs) || failed(rhs))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = broadcastShapes(*lhs, *rhs, diag);
  if (failed(shape))
    return failure();
  return addResult(ctx, *shape, diag, results,
                   elementType ? elementType
                               : elementTypeOf(ctx, adaptor.getLhs()));
}

#define SEAM_DEFINE_BINARY_INFERENCE(OP)                                       \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferBinaryResult<OP>(ctx, loc, adaptor, results);                  \
  }
SEAM_DEFINE_BINARY_INFERENCE(AddOp)
SEAM_DEFINE_BINARY_INFERENCE(SubOp)
SEAM_DEFINE_BINARY_INFERENCE(MulOp)
SEAM_DEFINE_BINARY_INFERENCE(DivOp)
SEAM_DEFINE_BINARY_INFERENCE(PowOp)
SEAM_DEFINE_BINARY_INFERENCE(MinOp)
SEAM_DEFINE_BINARY_INFERENCE(MaxOp)
SEAM_DEFINE_BINARY_INFERENCE(ModOp)
SEAM_DEFINE_BINARY_INFERENCE(PReluOp)
SEAM_DEFINE_BINARY_INFERENCE(AndOp)
SEAM_DEFINE_BINARY_INFERENCE(OrOp)
SEAM_DEFINE_BINARY_INFERENCE(XorOp)
SEAM_DEFINE_BINARY_INFERENCE(BitShiftOp)
#undef SEAM_DEFINE_BINARY_INFERENCE

LogicalResult ModOp::verify() {
  if (isa<FloatType>(getType().getElementType()) && !getFmod())
    return emitOpError("of floats needs fmod = true (as ONNX Mod)");
  return success();
}

#define SEAM_DEFINE_COMPARE_INFERENCE(OP)                                      \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferBinaryResult<OP>(ctx, loc, adaptor, results,                   \
                                 IntegerType::get(ctx, 1));                    \
  }
SEAM_DEFINE_COMPARE_INFERENCE(EqualOp)
SEAM_DEFINE_COMPARE_INFERENCE(LessOp)
SEAM_DEFINE_COMPARE_INFERENCE(LessEqualOp)
SEAM_DEFINE_COMPARE_INFERENCE(GreaterOp)
SEAM_DEFINE_COMPARE_INFERENCE(GreaterEqualOp)
#undef SEAM_DEFINE_COMPARE_INFERENCE

LogicalResult WhereOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> cond =
      shapeOf(adaptor.getCondition(), "condition", diag);
  FailureOr<ArrayRef<int64_t>> x = shapeOf(adaptor.getX(), "x", diag);
  FailureOr<ArrayRef<int64_t>> y = shapeOf(adaptor.getY(), "y", diag);
  if (failed(cond) || failed(x) || failed(y))
    return failure();
  FailureOr<SmallVector<int64_t>> xy = broadcastShapes(*x, *y, diag);
  if (failed(xy))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = broadcastShapes(*cond, *xy, diag);
  if (failed(shape))
    return failure();
  return addResult(ctx, *shape, diag, results,
                   elementTypeOf(ctx, adaptor.getX()));
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Normalized, sorted reduction axes (all axes when `axes` is absent).
static FailureOr<SmallVector<int64_t>>
reductionAxes(int64_t rank, std::optional<ArrayRef<int64_t>> axes,
              const OpDiagnostic &diag) {
  SmallVector<int64_t> result;
  if (!axes || axes->empty()) {
    for (int64_t i = 0; i < rank; ++i)
      result.push_back(i);
    return result;
  }
  for (int64_t axis : *axes) {
    FailureOr<int64_t> a = normalizeAxis(axis, rank, "reduction axis", diag);
    if (failed(a))
      return failure();
    if (llvm::is_contained(result, *a)) {
      diag.emit() << "reduction axis " << axis << " is repeated";
      return failure();
    }
    result.push_back(*a);
  }
  llvm::sort(result);
  return result;
}

template <typename ReduceOp>
static LogicalResult inferReduceResult(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       typename ReduceOp::Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, ReduceOp::getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  FailureOr<SmallVector<int64_t>> axes =
      reductionAxes(input->size(), adaptor.getAxes(), diag);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> shape;
  for (auto [i, d] : llvm::enumerate(*input)) {
    if (!llvm::is_contained(*axes, static_cast<int64_t>(i)))
      shape.push_back(d);
    else if (adaptor.getKeepdims())
      shape.push_back(1);
  }
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getInput()));
}

#define SEAM_DEFINE_REDUCE_METHODS(OP)                                         \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferReduceResult<OP>(ctx, loc, adaptor, results);                  \
  }                                                                            \
  SmallVector<int64_t> OP::getNormalizedAxes() {                               \
    return *reductionAxes(getInput().getType().getRank(), getAxes(),           \
                          OpDiagnostic(std::nullopt, ""));                     \
  }
SEAM_DEFINE_REDUCE_METHODS(ReduceMeanOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceSumOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceMaxOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceMinOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceProdOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceL1Op)
SEAM_DEFINE_REDUCE_METHODS(ReduceL2Op)
SEAM_DEFINE_REDUCE_METHODS(ReduceLogSumOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceLogSumExpOp)
SEAM_DEFINE_REDUCE_METHODS(ReduceSumSquareOp)
#undef SEAM_DEFINE_REDUCE_METHODS

/// The int64 result of ArgMax/ArgMin: the input's shape without `axis`, or
/// with it as 1 under keepdims.
template <typename ArgOp>
static LogicalResult inferArgReduceResult(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          typename ArgOp::Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, ArgOp::getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  FailureOr<int64_t> axis =
      normalizeAxis(adaptor.getAxis(), input->size(), "axis", diag);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(*input);
  if (adaptor.getKeepdims())
    shape[*axis] = 1;
  else
    shape.erase(shape.begin() + *axis);
  return addResult(ctx, shape, diag, results, IntegerType::get(ctx, 64));
}

#define SEAM_DEFINE_ARG_REDUCE_METHODS(OP)                                     \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferArgReduceResult<OP>(ctx, loc, adaptor, results);               \
  }
SEAM_DEFINE_ARG_REDUCE_METHODS(ArgMaxOp)
SEAM_DEFINE_ARG_REDUCE_METHODS(ArgMinOp)
#undef SEAM_DEFINE_ARG_REDUCE_METHODS

LogicalResult HardmaxOp::verify() {
  return normalizeAxis(getAxis(), getInput().getType().getRank(), "axis",
                       OpDiagnostic(getLoc(), getOperationName()));
}

LogicalResult CumSumOp::verify() {
  return normalizeAxis(getAxis(), getInput().getType().getRank(), "axis",
                       OpDiagnostic(getLoc(), getOperationName()));
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> data = shapeOf(adaptor.getData(), "data", diag);
  FailureOr<ArrayRef<int64_t>> indices =
      shapeOf(adaptor.getIndices(), "indices", diag);
  if (failed(data) || failed(indices))
    return failure();
  if (data->empty())
    return diag.emit() << "data must have rank >= 1";
  FailureOr<int64_t> axis =
      normalizeAxis(adaptor.getAxis(), data->size(), "axis", diag);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(data->begin(), data->begin() + *axis);
  shape.append(indices->begin(), indices->end());
  shape.append(data->begin() + *axis + 1, data->end());
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getData()));
}

LogicalResult
GatherElementsOp::inferReturnTypes(MLIRContext *ctx,
                                   std::optional<Location> loc, Adaptor adaptor,
                                   SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> data = shapeOf(adaptor.getData(), "data", diag);
  FailureOr<ArrayRef<int64_t>> indices =
      shapeOf(adaptor.getIndices(), "indices", diag);
  if (failed(data) || failed(indices))
    return failure();
  if (data->size() != indices->size() || data->empty())
    return diag.emit() << "indices [" << *indices
                       << "] must have the rank of data [" << *data
                       << "] (at least 1)";
  if (failed(normalizeAxis(adaptor.getAxis(), data->size(), "axis", diag)))
    return failure();
  return addResult(ctx, *indices, diag, results,
                   elementTypeOf(ctx, adaptor.getData()));
}

LogicalResult ExpandOp::verify() {
  OpDiagnostic diag(getLoc(), getOperationName());
  ArrayRef<int64_t> in = getInput().getType().getShape();
  ArrayRef<int64_t> out = getOutput().getType().getShape();
  if (getInput().getType().getElementType() !=
      getOutput().getType().getElementType())
    return emitOpError("cannot change the element type");
  FailureOr<SmallVector<int64_t>> shape = broadcastShapes(in, out, diag);
  if (failed(shape))
    return failure();
  if (ArrayRef<int64_t>(*shape) != out)
    return emitOpError("result [")
           << out << "] is not a broadcast of the input [" << in << "]";
  return success();
}

OpFoldResult ExpandOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult TileOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  ArrayRef<int64_t> repeats = adaptor.getRepeats();
  if (repeats.size() != input->size())
    return diag.emit() << "repeats has " << repeats.size()
                       << " values for an input of rank " << input->size();
  SmallVector<int64_t> shape;
  for (auto [d, r] : llvm::zip_equal(*input, repeats)) {
    if (r < 1)
      return diag.emit() << "repeats [" << repeats << "] must be positive";
    std::optional<int64_t> size = llvm::checkedMul(d, r);
    if (!size)
      return diag.emit() << "tiled size overflows int64";
    shape.push_back(*size);
  }
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getInput()));
}

LogicalResult TriluOp::verify() {
  if (getInput().getType().getRank() < 2)
    return emitOpError("input must have rank >= 2, got ")
           << getInput().getType().getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  if (adaptor.getInputs().empty())
    return diag.emit() << "needs at least one input";
  FailureOr<ArrayRef<int64_t>> first =
      shapeOf(adaptor.getInputs().front(), "input 0", diag);
  if (failed(first))
    return failure();
  int64_t rank = first->size();
  FailureOr<int64_t> axis =
      normalizeAxis(adaptor.getAxis(), rank, "axis", diag);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(*first);
  Type elementType = elementTypeOf(ctx, adaptor.getInputs().front());
  for (auto [i, v] : llvm::enumerate(adaptor.getInputs().drop_front())) {
    FailureOr<ArrayRef<int64_t>> s = shapeOf(v, "input", diag);
    if (failed(s))
      return failure();
    if (elementTypeOf(ctx, v) != elementType)
      return diag.emit() << "input " << i + 1 << " has element type "
                         << elementTypeOf(ctx, v) << " but input 0 has "
                         << elementType;
    if (static_cast<int64_t>(s->size()) != rank)
      return diag.emit() << "input " << i + 1 << " has rank " << s->size()
                         << " but input 0 has rank " << rank;
    for (int64_t d = 0; d < rank; ++d)
      if (d != *axis && (*s)[d] != shape[d])
        return diag.emit() << "input " << i + 1 << " has shape [" << *s
                           << "], which differs from input 0 [" << *first
                           << "] outside the concatenation axis " << *axis;
    std::optional<int64_t> sum = llvm::checkedAdd(shape[*axis], (*s)[*axis]);
    if (!sum)
      return diag.emit() << "size of the concatenation axis " << *axis
                         << " overflows int64 at input " << i + 1;
    shape[*axis] = *sum;
  }
  return addResult(ctx, shape, diag, results, elementType);
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType in = getInput().getType(), out = getOutput().getType();
  // Counted with overflow checks (getNumElements would wrap).
  OpDiagnostic diag(getLoc(), getOperationName());
  if (failed(checkElementCount(in.getShape(), "the input", diag)) ||
      failed(checkElementCount(out.getShape(), "the result", diag)))
    return failure();
  int64_t inCount = *elementCount(in.getShape());
  int64_t outCount = *elementCount(out.getShape());
  if (in.getElementType() != out.getElementType())
    return emitOpError("cannot change the element type (")
           << in.getElementType() << " to " << out.getElementType() << ")";
  if (inCount != outCount)
    return emitOpError("cannot reshape ")
           << in << " (" << inCount << " elements) to " << out << " ("
           << outCount << " elements)";
  return success();
}

LogicalResult FlattenOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  FailureOr<int64_t> axis = normalizeAxis(adaptor.getAxis(), input->size(),
                                          "axis", diag, /*allowRank=*/true);
  if (failed(axis))
    return failure();
  // outer * inner is the input's element count: it must fit int64.
  if (failed(checkElementCount(*input, "the input", diag)))
    return failure();
  int64_t outer = *elementCount(input->take_front(*axis));
  int64_t inner = *elementCount(input->drop_front(*axis));
  return addResult(ctx, {outer, inner}, diag, results,
                   elementTypeOf(ctx, adaptor.getInput()));
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  ArrayRef<int64_t> perm = adaptor.getPerm();
  int64_t rank = input->size();
  SmallVector<bool> seen(rank, false);
  bool valid = static_cast<int64_t>(perm.size()) == rank;
  for (int64_t p : perm) {
    if (!valid || p < 0 || p >= rank || seen[p]) {
      valid = false;
      break;
    }
    seen[p] = true;
  }
  if (!valid)
    return diag.emit() << "perm [" << perm << "] is not a permutation of the "
                       << rank << " input dimensions";
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back((*input)[p]);
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getInput()));
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  ArrayRef<int64_t> pads = adaptor.getPads();
  size_t rank = input->size();
  if (pads.size() != 2 * rank)
    return diag.emit() << "pads has " << pads.size() << " values but needs "
                       << 2 * rank << " (begin and end of " << rank
                       << " dimensions)";
  PadMode mode = adaptor.getMode();
  SmallVector<int64_t> shape;
  for (size_t i = 0; i < rank; ++i) {
    int64_t dim = (*input)[i], begin = pads[i], end = pads[i + rank];
    std::optional<int64_t> sum = llvm::checkedAdd(dim, begin);
    if (sum)
      sum = llvm::checkedAdd(*sum, end);
    if (!sum)
      return diag.emit() << "padded size of dimension " << i
                         << " overflows int64 (size " << dim << ", pads "
                         << begin << " and " << end << ")";
    int64_t size = *sum;
    if (size < 0)
      return diag.emit() << "pads [" << pads << "] crop dimension " << i
                         << " of size " << dim << " below zero";
    if (mode == PadMode::reflect &&
        ((begin > 0 && begin >= dim) || (end > 0 && end >= dim)))
      return diag.emit() << "reflect padding of dimension " << i
                         << " must be smaller than its size " << dim << ", got "
                         << begin << " and " << end;
    if (mode == PadMode::edge && dim == 0 && (begin > 0 || end > 0))
      return diag.emit() << "edge padding of empty dimension " << i;
    shape.push_back(size);
  }
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getInput()));
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  FailureOr<SmallVector<SliceDim>> dims =
      inferSlice(*input, adaptor.getStarts(), adaptor.getEnds(),
                 adaptor.getAxes(), adaptor.getSteps(), diag);
  if (failed(dims))
    return failure();
  SmallVector<int64_t> shape;
  for (const SliceDim &d : *dims)
    shape.push_back(d.size);
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getInput()));
}

SmallVector<SliceOp::DimSlice> SliceOp::getDimSlices() {
  FailureOr<SmallVector<SliceDim>> dims =
      inferSlice(getInput().getType().getShape(), getStarts(), getEnds(),
                 getAxes(), getSteps(), OpDiagnostic(std::nullopt, ""));
  SmallVector<DimSlice> result;
  if (failed(dims))
    return result;
  for (const SliceDim &d : *dims)
    result.push_back({d.start, d.step, d.size});
  return result;
}

//===----------------------------------------------------------------------===//
// CompositeOp
//===----------------------------------------------------------------------===//

void CompositeOp::build(OpBuilder &builder, OperationState &state,
                        StringRef name, TypeRange resultTypes,
                        ValueRange inputs) {
  state.addAttribute(getNameAttrName(state.name), builder.getStringAttr(name));
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value v : inputs)
    block->addArgument(v.getType(), v.getLoc());
}

YieldOp CompositeOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

LogicalResult CompositeOp::verify() {
  auto [backend, pattern] = getName().split('.');
  if (backend.empty() || pattern.empty())
    return emitOpError("name '")
           << getName() << "' must have the form '<backend>.<pattern>'";
  return success();
}

LogicalResult CompositeOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("body has ")
           << block.getNumArguments() << " arguments but the composite has "
           << getInputs().size() << " inputs";
  for (auto [i, arg, input] :
       llvm::enumerate(block.getArguments(), getInputs()))
    if (arg.getType() != input.getType())
      return emitOpError("body argument #")
             << i << " has type " << arg.getType() << " but input #" << i
             << " has type " << input.getType();
  auto yield =
      dyn_cast_or_null<YieldOp>(block.empty() ? nullptr : &block.back());
  if (!yield)
    return emitOpError("body must end in seam.yield");
  if (yield.getOperands().getTypes() != getResultTypes())
    return emitOpError("yields (")
           << yield.getOperands().getTypes() << ") but the composite returns ("
           << getResultTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// indexing: TopK, OneHot, GatherND, ScatterElements, ScatterND
//===----------------------------------------------------------------------===//

LogicalResult TopKOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  if (failed(input))
    return failure();
  if (input->empty())
    return diag.emit() << "input must have rank >= 1";
  FailureOr<int64_t> axis =
      normalizeAxis(adaptor.getAxis(), input->size(), "axis", diag);
  if (failed(axis))
    return failure();
  int64_t k = adaptor.getK(), size = (*input)[*axis];
  if (k < 1 || k > size)
    return diag.emit() << "k (" << k << ") must be in [1, " << size
                       << "], the size of axis " << *axis;
  SmallVector<int64_t> shape(*input);
  shape[*axis] = k;
  if (failed(addResult(ctx, shape, diag, results,
                       elementTypeOf(ctx, adaptor.getInput()))))
    return failure();
  return addResult(ctx, shape, diag, results, IntegerType::get(ctx, 64));
}

LogicalResult OneHotOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> indices =
      shapeOf(adaptor.getIndices(), "indices", diag);
  FailureOr<ArrayRef<int64_t>> values =
      shapeOf(adaptor.getValues(), "values", diag);
  if (failed(indices) || failed(values))
    return failure();
  if (*values != ArrayRef<int64_t>{2})
    return diag.emit() << "values must have shape [2] (off, on), got ["
                       << *values << "]";
  int64_t depth = adaptor.getDepth();
  if (depth < 1)
    return diag.emit() << "depth must be >= 1, got " << depth;
  // The new dim may go anywhere in the result, of rank r + 1.
  FailureOr<int64_t> axis =
      normalizeAxis(adaptor.getAxis(), indices->size() + 1, "axis", diag);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(*indices);
  shape.insert(shape.begin() + *axis, depth);
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getValues()));
}

/// Fails when one of the dims `addressed` by indices is 0 while there are
/// indices (`indices`, a shape with at least one element): no index, even
/// wrapped and clamped, would address an element.
static LogicalResult checkAddressable(ArrayRef<int64_t> addressed,
                                      ArrayRef<int64_t> indices,
                                      const OpDiagnostic &diag) {
  if (llvm::is_contained(addressed, 0) && !llvm::is_contained(indices, 0))
    return diag.emit() << "indices address the dims [" << addressed
                       << "] of data, and one is 0";
  return success();
}

LogicalResult GatherNDOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> data = shapeOf(adaptor.getData(), "data", diag);
  FailureOr<ArrayRef<int64_t>> indices =
      shapeOf(adaptor.getIndices(), "indices", diag);
  if (failed(data) || failed(indices))
    return failure();
  int64_t r = data->size(), q = indices->size();
  int64_t batch = adaptor.getBatchDims();
  if (batch < 0 || batch >= std::min(r, q))
    return diag.emit() << "batch_dims (" << batch
                       << ") must be in [0, min(rank(data), rank(indices))) = "
                       << "[0, " << std::min(r, q) << ")";
  if (data->take_front(batch) != indices->take_front(batch))
    return diag.emit() << "the first " << batch << " dims of indices ["
                       << *indices << "] and data [" << *data << "] must agree";
  int64_t m = indices->back();
  if (m < 1 || m > r - batch)
    return diag.emit() << "the last dim of indices (" << m
                       << ") must be in [1, " << r - batch
                       << "] (rank of data minus batch_dims)";
  if (failed(
          checkAddressable(data->slice(batch, m), indices->drop_back(), diag)))
    return failure();
  SmallVector<int64_t> shape(indices->drop_back());
  shape.append(data->begin() + batch + m, data->end());
  return addResult(ctx, shape, diag, results,
                   elementTypeOf(ctx, adaptor.getData()));
}

/// The shapes of a scatter's data, indices and updates, as `check`
/// checks them.
using ScatterShapeCheck = function_ref<LogicalResult(
    ArrayRef<int64_t> data, ArrayRef<int64_t> indices,
    ArrayRef<int64_t> updates, const OpDiagnostic &diag)>;

/// The result of a scatter (the data's type), after `check` and the rule of
/// `reduction`: no combining of elements of a type without arithmetic.
template <typename ScatterOp>
static LogicalResult
inferScatterResult(MLIRContext *ctx, std::optional<Location> loc,
                   typename ScatterOp::Adaptor adaptor,
                   SmallVectorImpl<Type> &results, ScatterShapeCheck check) {
  OpDiagnostic diag(loc, ScatterOp::getOperationName());
  FailureOr<ArrayRef<int64_t>> data = shapeOf(adaptor.getData(), "data", diag);
  FailureOr<ArrayRef<int64_t>> indices =
      shapeOf(adaptor.getIndices(), "indices", diag);
  FailureOr<ArrayRef<int64_t>> updates =
      shapeOf(adaptor.getUpdates(), "updates", diag);
  if (failed(data) || failed(indices) || failed(updates) ||
      failed(check(*data, *indices, *updates, diag)))
    return failure();
  Type elementType = elementTypeOf(ctx, adaptor.getData());
  ScatterReduction reduction = adaptor.getReduction();
  if (reduction != ScatterReduction::none && elementType.isInteger(1))
    return diag.emit() << "reduction '" << stringifyScatterReduction(reduction)
                       << "' needs a numeric element type, got " << elementType;
  return addResult(ctx, *data, diag, results, elementType);
}

LogicalResult ScatterElementsOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  auto check = [&](ArrayRef<int64_t> data, ArrayRef<int64_t> indices,
                   ArrayRef<int64_t> updates,
                   const OpDiagnostic &diag) -> LogicalResult {
    if (indices != updates)
      return diag.emit() << "indices [" << indices << "] and updates ["
                         << updates << "] must have one shape";
    if (data.empty() || indices.size() != data.size())
      return diag.emit() << "indices [" << indices
                         << "] must have the rank of data [" << data
                         << "] (at least 1)";
    FailureOr<int64_t> axis =
        normalizeAxis(adaptor.getAxis(), data.size(), "axis", diag);
    if (failed(axis))
      return failure();
    for (auto [d, sizes] : llvm::enumerate(llvm::zip_equal(indices, data)))
      if (static_cast<int64_t>(d) != *axis &&
          std::get<0>(sizes) > std::get<1>(sizes))
        return diag.emit() << "indices [" << indices
                           << "] must not be larger than data [" << data
                           << "] outside axis " << *axis;
    return checkAddressable(data.slice(*axis, 1), indices, diag);
  };
  return inferScatterResult<ScatterElementsOp>(ctx, loc, adaptor, results,
                                               check);
}

LogicalResult ScatterNDOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  auto check = [](ArrayRef<int64_t> data, ArrayRef<int64_t> indices,
                  ArrayRef<int64_t> updates,
                  const OpDiagnostic &diag) -> LogicalResult {
    int64_t r = data.size();
    if (r < 1 || indices.empty())
      return diag.emit() << "data [" << data << "] and indices [" << indices
                         << "] must have rank >= 1";
    int64_t m = indices.back();
    if (m < 1 || m > r)
      return diag.emit() << "the last dim of indices (" << m
                         << ") must be in [1, " << r << "] (the rank of data)";
    SmallVector<int64_t> expected(indices.drop_back());
    expected.append(data.begin() + m, data.end());
    if (ArrayRef<int64_t>(expected) != updates)
      return diag.emit() << "updates [" << updates << "] must have shape ["
                         << ArrayRef<int64_t>(expected)
                         << "] (indices.shape[:-1] + data.shape[" << m << ":])";
    return checkAddressable(data.take_front(m), indices.drop_back(), diag);
  };
  return inferScatterResult<ScatterNDOp>(ctx, loc, adaptor, results, check);
}

#define GET_OP_CLASSES
#include "seam/SeamOps.cpp.inc"

//===----------------------------------------------------------------------===//
// convpool: transposed convolution, local response normalization
//===----------------------------------------------------------------------===//

LogicalResult
ConvTransposeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  FailureOr<ArrayRef<int64_t>> input =
      shapeOf(adaptor.getInput(), "input", diag);
  FailureOr<ArrayRef<int64_t>> weight =
      shapeOf(adaptor.getWeight(), "weight", diag);
  if (failed(input) || failed(weight))
    return failure();
  if (input->size() < 3 || input->size() > 5)
    return diag.emit() << "input must have rank 3 to 5 (N x C x 1 to 3 "
                          "spatial dims), got rank "
                       << input->size();
  if (input->size() != weight->size())
    return diag.emit() << "weight rank " << weight->size()
                       << " does not match input rank " << input->size();
  int64_t group = adaptor.getGroup();
  int64_t channels = (*input)[1];
  if (group <= 0 || channels % group != 0)
    return diag.emit() << "group " << group
                       << " must divide the input channels (" << channels
                       << ")";
  if ((*weight)[0] != channels)
    return diag.emit() << "weight has " << (*weight)[0]
                       << " input channels (dim 0) but the input has "
                       << channels;
  std::optional<int64_t> outChannels =
      llvm::checkedMul<int64_t>((*weight)[1], group);
  if (!outChannels)
    return diag.emit() << "output channels overflow int64 (" << (*weight)[1]
                       << " per group, " << group << " groups)";
  ArrayRef<int64_t> kernel = weight->drop_front(2);
  if (failed(checkKernelAndBias(diag, adaptor.getKernelShape(), kernel,
                                adaptor.getBias(), *outChannels)))
    return failure();
  TransposedWindowAttrs attrs{kernel, adaptor.getStrides(), adaptor.getPads(),
                              adaptor.getDilations(),
                              adaptor.getOutputPadding()};
  FailureOr<SmallVector<int64_t>> spatial =
      inferTransposedWindowOutput(input->drop_front(2), attrs, diag);
  if (failed(spatial))
    return failure();
  // The lowering convolves a stride-dilated, padded copy of the input of
  // N x C x (output + extent - 1)...: it must fit as well.
  SmallVector<int64_t> dilatedInput = {(*input)[0], channels};
  for (auto [i, out] : llvm::enumerate(*spatial)) {
    int64_t dilation =
        adaptor.getDilations() ? (*adaptor.getDilations())[i] : 1;
    dilatedInput.push_back(out + (kernel[i] - 1) * dilation);
  }
  if (failed(checkElementCount(dilatedInput, "the stride-dilated input", diag)))
    return failure();
  SmallVector<int64_t> shape = {(*input)[0], *outChannels};
  shape.append(spatial->begin(), spatial->end());
  return addResult(ctx, shape, diag, results);
}

SmallVector<int64_t> ConvTransposeOp::getKernelSizes() {
  return SmallVector<int64_t>(getWeight().getType().getShape().drop_front(2));
}
SmallVector<int64_t> ConvTransposeOp::getStridesOrDefault() {
  return listOrOnes(*this, getStrides());
}
SmallVector<int64_t> ConvTransposeOp::getDilationsOrDefault() {
  return listOrOnes(*this, getDilations());
}
SmallVector<int64_t> ConvTransposeOp::getPadsOrDefault() {
  if (std::optional<ArrayRef<int64_t>> pads = getPads())
    return SmallVector<int64_t>(*pads);
  return SmallVector<int64_t>(2 * getNumSpatialDims(), 0);
}
SmallVector<int64_t> ConvTransposeOp::getOutputPaddingOrDefault() {
  if (std::optional<ArrayRef<int64_t>> adj = getOutputPadding())
    return SmallVector<int64_t>(*adj);
  return SmallVector<int64_t>(getNumSpatialDims(), 0);
}

LogicalResult LrnOp::verify() {
  if (getInput().getType().getRank() < 2)
    return emitOpError("input must have rank >= 2 (N x C x ...), got rank ")
           << getInput().getType().getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// Integer products
//===----------------------------------------------------------------------===//

LogicalResult ConvIntegerOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  return inferConvResult(ctx, diag, adaptor, Value(), IntegerType::get(ctx, 32),
                         results);
}

LogicalResult
MatMulIntegerOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  OpDiagnostic diag(loc, getOperationName());
  return inferMatMulResult(ctx, diag, adaptor.getA(), adaptor.getB(),
                           IntegerType::get(ctx, 32), results);
}

/// The zero point `zp` (named `name`) of `operand`, when present, has its
/// element type and a shape that broadcasts to the operand's without
/// changing it, with size 1 on `contracted` (an axis of the operand, or -1
/// for none).
static LogicalResult verifyZeroPoint(Operation *op, Value zp, StringRef name,
                                     Value operand, StringRef operandName,
                                     int64_t contracted) {
  if (!zp)
    return success();
  auto zpType = cast<RankedTensorType>(zp.getType());
  auto type = cast<RankedTensorType>(operand.getType());
  if (zpType.getElementType() != type.getElementType())
    return op->emitOpError()
           << name << " has element type " << zpType.getElementType()
           << ", not " << operandName << "'s " << type.getElementType();
  ArrayRef<int64_t> shape = type.getShape(), zpShape = zpType.getShape();
  int64_t offset = static_cast<int64_t>(shape.size()) - zpShape.size();
  bool fits = offset >= 0;
  for (int64_t i = 0; fits && i < static_cast<int64_t>(zpShape.size()); ++i) {
    int64_t axis = offset + i;
    fits = zpShape[i] == 1 || (zpShape[i] == shape[axis] && axis != contracted);
  }
  if (!fits)
    return op->emitOpError()
           << name << " of shape [" << zpShape << "] does not broadcast to "
           << operandName << " [" << shape << "]"
           << (contracted >= 0 ? " with size 1 on the contracted axis" : "");
  return success();
}

LogicalResult ConvIntegerOp::verify() {
  if (Value zp = getInputZeroPoint();
      zp && cast<RankedTensorType>(zp.getType()).getNumElements() != 1)
    return emitOpError() << "input_zero_point must hold one value, got shape ["
                         << cast<RankedTensorType>(zp.getType()).getShape()
                         << "]";
  // Per output channel: M x 1 x ... x 1, the weight's rank.
  if (Value zp = getWeightZeroPoint()) {
    ArrayRef<int64_t> shape = cast<RankedTensorType>(zp.getType()).getShape();
    int64_t rank = cast<RankedTensorType>(getWeight().getType()).getRank();
    if (!shape.empty() &&
        (static_cast<int64_t>(shape.size()) != rank ||
         !llvm::all_of(shape.drop_front(), [](int64_t d) { return d == 1; })))
      return emitOpError() << "weight_zero_point must be a scalar or of shape "
                              "[M, 1, ...] (one value per output channel), "
                              "got ["
                           << shape << "]";
  }
  if (failed(verifyZeroPoint(*this, getInputZeroPoint(), "input_zero_point",
                             getInput(), "input", -1)))
    return failure();
  return verifyZeroPoint(*this, getWeightZeroPoint(), "weight_zero_point",
                         getWeight(), "weight", -1);
}

LogicalResult MatMulIntegerOp::verify() {
  int64_t aRank = cast<RankedTensorType>(getA().getType()).getRank();
  int64_t bRank = cast<RankedTensorType>(getB().getType()).getRank();
  if (failed(verifyZeroPoint(*this, getAZeroPoint(), "a_zero_point", getA(),
                             "a", aRank - 1)))
    return failure();
  return verifyZeroPoint(*this, getBZeroPoint(), "b_zero_point", getB(), "b",
                         bRank >= 2 ? bRank - 2 : 0);
}
