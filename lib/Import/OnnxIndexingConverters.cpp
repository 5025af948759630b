//===- OnnxIndexingConverters.cpp - Gather, Expand, Tile, Range, ... ------===//
//
// Converters of the ONNX ops that index, repeat or generate tensors: Gather
// and GatherElements, Expand, Tile, Range, Trilu, Size, Split,
// DepthToSpace and SpaceToDepth. Integer tensors known at import are
// evaluated there (shape arithmetic); the rest becomes seam ops. Operands
// that decide a shape (Expand's shape, Tile's repeats, Split's sizes,
// Range's bounds) must be known at import: the error names the input.
//
//===----------------------------------------------------------------------===//

#include "IntTensorOps.h"
#include "OnnxConverterUtils.h"
#include "OnnxModelLoader.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

static LogicalResult convertGather(GraphImporter &g) {
  ASSIGN_OR_FAIL(in, g.input(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", 0));
  ASSIGN_OR_FAIL(idx, g.input(1));
  if (in->ints && idx->ints) {
    ASSIGN_OR_FAIL(r,
                   evalIntGather(*in->ints, *idx->ints, axis, g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  ASSIGN_OR_FAIL(data, g.tensorInput(0));
  ASSIGN_OR_FAIL(indices, g.tensorInput(1));
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  ASSIGN_OR_FAIL(r, createInferred<GatherOp>(g, {data, indices}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertGatherElements(GraphImporter &g) {
  ASSIGN_OR_FAIL(data, g.tensorInput(0));
  ASSIGN_OR_FAIL(indices, g.tensorInput(1));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", 0));
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  ASSIGN_OR_FAIL(
      r, createInferred<GatherElementsOp>(g, {data, indices}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertExpand(GraphImporter &g) {
  ASSIGN_OR_FAIL(inShape, g.inputShape(0));
  ASSIGN_OR_FAIL(target, g.intInput(1));
  if (target.shape.size() != 1)
    return g.error() << "shape must be a 1-D tensor";
  ASSIGN_OR_FAIL(shape,
                 broadcastShapes(inShape, target.values, g.diagnostic()));
  ASSIGN_OR_FAIL(in, g.input(0));
  // Small integer tensors (shape arithmetic) stay import-time values.
  if (in->ints && elementCount(shape).value_or(INT64_MAX) <= (1 << 16)) {
    // Broadcast by evaluating the identity against zeros of the shape.
    IntTensor zeros;
    zeros.shape = shape;
    zeros.values.assign(elementCount(shape).value_or(0), 0);
    ASSIGN_OR_FAIL(r, evalIntElementwise(
                          {&*in->ints, &zeros}, in->ints->dataType,
                          [](ArrayRef<int64_t> a) { return a[0]; },
                          g.diagnostic()));
    g.setOutput(0, r);
    return success();
  }
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType()).clone(shape);
  if (type == x.getType()) {
    g.setOutput(0, x);
    return success();
  }
  if (failed(checkElementCount(shape, "the result", g.diagnostic())))
    return failure();
  auto op = ExpandOp::create(g.builder(), g.loc(), type, x);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertTile(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(repeats, g.intInput(1));
  Attrs attrs{g.builder()};
  attrs.add("repeats", g.builder().getDenseI64ArrayAttr(repeats.values));
  ASSIGN_OR_FAIL(r, createInferred<TileOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// Range(start, limit, delta): its length decides its shape, so the bounds
/// must be constants; integer ranges stay import-time values.
static LogicalResult convertRange(GraphImporter &g) {
  ASSIGN_OR_FAIL(startIn, g.input(0));
  if (startIn->ints) {
    ASSIGN_OR_FAIL(start, g.intInput(0));
    ASSIGN_OR_FAIL(limit, g.intInput(1));
    ASSIGN_OR_FAIL(delta, g.intInput(2));
    for (const IntTensor *t : {&start, &limit, &delta})
      if (t->values.size() != 1)
        return g.error() << "start, limit and delta must be scalars";
    int64_t s = start.values[0], l = limit.values[0], d = delta.values[0];
    if (d == 0)
      return g.error() << "delta must not be 0";
    // ceil((l - s) / d) elements, counted without overflow.
    __int128 span = static_cast<__int128>(l) - s;
    __int128 count = span / d + (span % d != 0 && (span > 0) == (d > 0));
    if (count > kMaxFoldedIntElements)
      return g.error() << "the range from " << s << " to " << l << " by " << d
                       << " has " << static_cast<double>(count)
                       << " elements, more than the " << kMaxFoldedIntElements
                       << " an import-time integer range may hold";
    IntTensor r;
    r.dataType = start.dataType;
    for (int64_t i = 0; i < count; ++i)
      r.values.push_back(s + i * d);
    r.shape.push_back(r.values.size());
    g.setOutput(0, r);
    return success();
  }
  SmallVector<double> bounds;
  for (unsigned i = 0; i < 3; ++i) {
    ASSIGN_OR_FAIL(v, g.floatConstantInput(i));
    if (v.size() != 1)
      return g.error() << "start, limit and delta must be scalars";
    bounds.push_back(v[0]);
  }
  if (bounds[2] == 0)
    return g.error() << "delta must not be 0";
  // ONNX: max(ceil((limit - start) / delta), 0) elements.
  std::optional<int64_t> length =
      toInt64(std::ceil((bounds[1] - bounds[0]) / bounds[2]));
  if (!length)
    return g.error() << "start " << bounds[0] << ", limit " << bounds[1]
                     << " and delta " << bounds[2]
                     << " do not give a finite number of elements";
  int64_t n = std::max<int64_t>(0, *length);
  if (n > kMaxFoldedIntElements)
    return g.error() << "the range from " << bounds[0] << " to " << bounds[1]
                     << " by " << bounds[2] << " has " << n
                     << " elements, more than the " << kMaxFoldedIntElements
                     << " an import-time range may hold";
  if (n == 0)
    return g.error() << "the range is empty; Seam does not support empty "
                        "tensors";
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = RankedTensorType::get(
      {n}, cast<RankedTensorType>(x.getType()).getElementType());
  SmallVector<APFloat> values;
  for (int64_t i = 0; i < n; ++i) {
    APFloat f(bounds[0] + static_cast<double>(i) * bounds[2]);
    bool lost;
    f.convert(cast<FloatType>(type.getElementType()).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    values.push_back(f);
  }
  g.setOutput(0, arith::ConstantOp::create(g.builder(), g.loc(), type,
                                           DenseElementsAttr::get(type, values))
                     .getResult());
  return success();
}

/// Trilu with `k` known only at run time: where(col - row >= k, x, 0)
/// (<= k for the lower triangle), col - row the broadcast difference of a
/// column and a row of indices (constants of the last two dims' sizes).
static LogicalResult triluWithRuntimeK(GraphImporter &g, Value x, Value k,
                                       bool upper) {
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getRank() < 2)
    return g.error() << "input must have rank >= 2";
  auto kType = cast<RankedTensorType>(k.getType());
  if (kType.getRank() != 0 || !kType.getElementType().isInteger(64))
    return g.error() << "k must be an int64 scalar";
  int64_t rows = type.getDimSize(type.getRank() - 2);
  int64_t cols = type.getDimSize(type.getRank() - 1);
  if (rows > kMaxFoldedIntElements || cols > kMaxFoldedIntElements)
    return g.error() << "the last two dims [" << rows << ", " << cols
                     << "] are longer than the " << kMaxFoldedIntElements
                     << " indices Seam builds at import";
  auto iota = [&](ArrayRef<int64_t> shape, int64_t n) {
    auto iotaType = RankedTensorType::get(shape, kType.getElementType());
    SmallVector<APInt> values;
    for (int64_t i = 0; i < n; ++i)
      values.push_back(APInt(64, static_cast<uint64_t>(i)));
    return arith::ConstantOp::create(g.builder(), g.loc(), iotaType,
                                     DenseElementsAttr::get(iotaType, values))
        .getResult();
  };
  Value row = iota({rows, 1}, rows);
  Value col = iota({1, cols}, cols);
  ASSIGN_OR_FAIL(d, createInferred<SubOp>(g, {col, row}));
  FailureOr<Value> keep = upper ? createInferred<GreaterEqualOp>(g, {d, k})
                                : createInferred<LessEqualOp>(g, {d, k});
  if (failed(keep))
    return failure();
  auto zeroType = RankedTensorType::get({}, type.getElementType());
  Attribute zero =
      isa<FloatType>(type.getElementType())
          ? Attribute(g.builder().getFloatAttr(type.getElementType(), 0.0))
          : Attribute(g.builder().getIntegerAttr(type.getElementType(), 0));
  Value z = arith::ConstantOp::create(
      g.builder(), g.loc(), zeroType,
      DenseElementsAttr::get(zeroType, ArrayRef<Attribute>{zero}));
  ASSIGN_OR_FAIL(r, createInferred<WhereOp>(g, {*keep, x, z}));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertTrilu(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(upper, g.intAttr("upper", 1));
  int64_t k = 0;
  if (g.hasInput(1)) {
    ASSIGN_OR_FAIL(kIn, g.input(1));
    if (!kIn->ints) {
      ASSIGN_OR_FAIL(kTensor, g.tensorInput(1));
      return triluWithRuntimeK(g, x, kTensor, upper != 0);
    }
    if (kIn->ints->values.size() != 1)
      return g.error() << "k must be a scalar";
    k = kIn->ints->values[0];
  }
  auto op = TriluOp::create(g.builder(), g.loc(), x.getType(), x,
                            g.builder().getI64IntegerAttr(k),
                            g.builder().getBoolAttr(upper != 0));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertSize(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  IntTensor t;
  t.values.push_back(elementCount(shape).value_or(0));
  g.setOutput(0, t);
  return success();
}

static LogicalResult convertSplit(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  ASSIGN_OR_FAIL(axisAttr, g.intAttr("axis", 0));
  ASSIGN_OR_FAIL(axis,
                 normalizeAxis(axisAttr, shape.size(), "axis", g.diagnostic()));
  int numOutputs = g.node().output_size();
  SmallVector<int64_t> sizes;
  if (g.hasInput(1)) {
    ASSIGN_OR_FAIL(split, g.intInput(1));
    sizes.assign(split.values.begin(), split.values.end());
  } else if (const onnx::AttributeProto *attr = g.findAttr("split")) {
    sizes.assign(attr->ints().begin(), attr->ints().end());
  } else {
    if (shape[axis] % numOutputs)
      return g.error() << "dimension " << axis << " of size " << shape[axis]
                       << " does not split into " << numOutputs
                       << " equal parts";
    sizes.assign(numOutputs, shape[axis] / numOutputs);
  }
  if (static_cast<int>(sizes.size()) != numOutputs)
    return g.error() << "split has " << sizes.size() << " sizes for "
                     << numOutputs << " outputs";
  int64_t total = 0;
  for (int64_t s : sizes) {
    if (s <= 0)
      return g.error() << "split sizes [" << sizes
                       << "] must be positive (Seam has no empty tensors)";
    total += s;
  }
  if (total != shape[axis])
    return g.error() << "split sizes [" << sizes << "] add up to " << total
                     << ", not the size " << shape[axis] << " of dimension "
                     << axis;
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  int64_t start = 0;
  for (auto [i, size] : llvm::enumerate(sizes)) {
    Attrs attrs{g.builder()};
    attrs.add("starts", g.builder().getDenseI64ArrayAttr({start}));
    attrs.add("ends", g.builder().getDenseI64ArrayAttr({start + size}));
    attrs.add("axes", g.builder().getDenseI64ArrayAttr({axis}));
    ASSIGN_OR_FAIL(r, createInferred<SliceOp>(g, {x}, attrs.list));
    g.setOutput(i, r);
    start += size;
  }
  return success();
}

/// DepthToSpace and SpaceToDepth as reshape -> transpose -> reshape.
template <bool toSpace>
static LogicalResult convertDepthSpace(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ArrayRef<int64_t> s = cast<RankedTensorType>(x.getType()).getShape();
  if (s.size() != 4)
    return g.error() << "input must be N x C x H x W, got rank " << s.size();
  ASSIGN_OR_FAIL(bs, g.intAttr("blocksize", 0));
  if (bs < 1)
    return g.error() << "blocksize must be positive, got " << bs;
  ASSIGN_OR_FAIL(mode, g.stringAttr("mode", "DCR"));
  if (mode != "DCR" && mode != "CRD")
    return g.error() << "mode '" << mode << "' is not DCR or CRD";
  int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  SmallVector<int64_t> split, perm, result;
  if (toSpace) {
    if (c % (bs * bs))
      return g.error() << "channels " << c << " are not a multiple of "
                       << "blocksize^2 = " << bs * bs;
    int64_t oc = c / (bs * bs);
    if (mode == "DCR") {
      split = {n, bs, bs, oc, h, w};
      perm = {0, 3, 4, 1, 5, 2};
    } else {
      split = {n, oc, bs, bs, h, w};
      perm = {0, 1, 4, 2, 5, 3};
    }
    result = {n, oc, h * bs, w * bs};
  } else {
    if (h % bs || w % bs)
      return g.error() << "height " << h << " and width " << w
                       << " must be multiples of the blocksize " << bs;
    split = {n, c, h / bs, bs, w / bs, bs};
    perm = {0, 3, 5, 1, 2, 4};
    result = {n, c * bs * bs, h / bs, w / bs};
  }
  Type elementType = cast<RankedTensorType>(x.getType()).getElementType();
  Value v = ReshapeOp::create(g.builder(), g.loc(),
                              RankedTensorType::get(split, elementType), x);
  Attrs attrs{g.builder()};
  attrs.add("perm", g.builder().getDenseI64ArrayAttr(perm));
  ASSIGN_OR_FAIL(t, createInferred<TransposeOp>(g, {v}, attrs.list));
  auto op = ReshapeOp::create(g.builder(), g.loc(),
                              RankedTensorType::get(result, elementType), t);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

OpConverter lookupIndexingOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("Gather", convertGather)
      .Case("GatherElements", convertGatherElements)
      .Case("Expand", convertExpand)
      .Case("Tile", convertTile)
      .Case("Range", convertRange)
      .Case("Trilu", convertTrilu)
      .Case("Size", convertSize)
      .Case("Split", convertSplit)
      .Case("DepthToSpace", convertDepthSpace<true>)
      .Case("SpaceToDepth", convertDepthSpace<false>)
      .Default(nullptr);
}

} // namespace seam::detail
