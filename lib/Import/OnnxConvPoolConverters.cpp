//===- OnnxConvPoolConverters.cpp - ConvTranspose, global pools, LRN ------===//
//
// Converters of ConvTranspose (opsets 1 and 11; the version converter brings
// opset-1 models here), GlobalMaxPool, GlobalLpPool and LRN.
//
// ConvTranspose's auto_pad and output_shape are resolved here into the
// explicit pads seam.conv_transpose carries, by ONNX's formula
//   total = s * (in - 1) + output_padding + (k - 1) * d + 1 - output_shape
// split as total / 2 at the start and the rest at the end for SAME_UPPER,
// the other way round otherwise. A negative total (output_shape above the
// natural size) adds its positions at the end, as ONNX's test data and ONNX
// Runtime do: they hold the bias.
//
// GlobalMaxPool is seam.reduce_max over the spatial axes with keepdims (the
// same maximum, NaN winning as in MaxPool); GlobalLpPool is seam.lp_pool
// with a window of the whole spatial extent (the same sum and root).
//
// MaxPool's Indices output is built from import-time tables: each window's
// elements gathered in window order, seam.arg_max over them, and the window
// position mapped back to its flat index in the input.
//
//===----------------------------------------------------------------------===//

#include "OnnxConverterUtils.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

namespace {

/// The per-spatial-dim attributes of a ConvTranspose node, checked enough
/// for the pad arithmetic (the op's verifier checks the rest).
struct TransposeGeometry {
  int64_t n = 0;
  SmallVector<int64_t> input, kernel, strides, dilations, outputPadding;
};

} // namespace

/// `name` (n positive values, or ones when absent), into `out`.
static LogicalResult perDim(GraphImporter &g, StringRef name, int64_t n,
                            int64_t dflt, bool positive,
                            SmallVectorImpl<int64_t> &out) {
  ASSIGN_OR_FAIL(v, g.intsAttr(name));
  if (!v) {
    out.assign(n, dflt);
    return success();
  }
  if (static_cast<int64_t>(v->size()) != n)
    return g.error() << name << " has " << v->size()
                     << " values but the input has " << n
                     << " spatial dimensions";
  for (int64_t x : *v)
    if (positive ? x <= 0 : x < 0)
      return g.error() << name << " must be "
                       << (positive ? "positive" : "non-negative") << ", got ["
                       << *v << "]";
  out.assign(v->begin(), v->end());
  return success();
}

/// The explicit pads [begins..., ends...] of a ConvTranspose node whose
/// output size per spatial dim must be `target`.
static FailureOr<SmallVector<int64_t>>
padsForOutput(GraphImporter &g, const TransposeGeometry &geo,
              ArrayRef<int64_t> target, AutoPad mode) {
  SmallVector<int64_t> pads(2 * geo.n);
  for (int64_t i = 0; i < geo.n; ++i) {
    std::optional<int64_t> total =
        llvm::checkedMul<int64_t>(geo.strides[i], geo.input[i] - 1);
    std::optional<int64_t> extent =
        llvm::checkedMulAdd<int64_t>(geo.kernel[i] - 1, geo.dilations[i], 1);
    if (total && extent)
      total = llvm::checkedAdd(*total, *extent);
    if (total)
      total = llvm::checkedAdd(*total, geo.outputPadding[i]);
    if (total)
      total = llvm::checkedSub(*total, target[i]);
    if (!total)
      return g.error() << "the total padding of spatial dimension " << i
                       << " for output size " << target[i]
                       << " overflows int64";
    int64_t half = *total / 2;
    int64_t begin = *total < 0                    ? 0
                    : mode == AutoPad::same_upper ? half
                                                  : *total - half;
    pads[i] = begin;
    pads[i + geo.n] = *total - begin;
  }
  return pads;
}

static LogicalResult convertConvTranspose(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(w, g.f32Input(1));
  SmallVector<Value> operands = {x, w};
  if (g.hasInput(2)) {
    ASSIGN_OR_FAIL(bias, g.f32Input(2));
    operands.push_back(bias);
  }
  ArrayRef<int64_t> xShape = cast<RankedTensorType>(x.getType()).getShape();
  ArrayRef<int64_t> wShape = cast<RankedTensorType>(w.getType()).getShape();
  if (xShape.size() < 3 || xShape.size() > 5)
    return g.error() << "input must have rank 3 to 5 (N x C x 1 to 3 spatial "
                        "dims), got rank "
                     << xShape.size();
  if (wShape.size() != xShape.size())
    return g.error() << "weight rank " << wShape.size()
                     << " does not match input rank " << xShape.size();
  TransposeGeometry geo;
  geo.n = static_cast<int64_t>(xShape.size()) - 2;
  geo.input.assign(xShape.begin() + 2, xShape.end());
  geo.kernel.assign(wShape.begin() + 2, wShape.end());
  if (failed(perDim(g, "strides", geo.n, 1, true, geo.strides)) ||
      failed(perDim(g, "dilations", geo.n, 1, true, geo.dilations)) ||
      failed(perDim(g, "output_padding", geo.n, 0, false, geo.outputPadding)))
    return failure();
  ASSIGN_OR_FAIL(kernelShape, g.intsAttr("kernel_shape"));
  ASSIGN_OR_FAIL(explicitPads, g.intsAttr("pads"));
  ASSIGN_OR_FAIL(outputShape, g.intsAttr("output_shape"));
  ASSIGN_OR_FAIL(autoPad, autoPadAttr(g));
  AutoPad mode = autoPad ? autoPad.getValue() : AutoPad::notset;
  ASSIGN_OR_FAIL(group, g.intAttr("group", 1));

  std::optional<SmallVector<int64_t>> pads;
  if (outputShape) {
    // output_shape overrides pads. It may also name N and C first.
    ArrayRef<int64_t> target = *outputShape;
    if (static_cast<int64_t>(target.size()) == geo.n + 2)
      target = target.drop_front(2);
    if (static_cast<int64_t>(target.size()) != geo.n)
      return g.error() << "output_shape [" << *outputShape << "] has "
                       << outputShape->size() << " values but the input has "
                       << geo.n << " spatial dimensions";
    if (llvm::any_of(target, [](int64_t v) { return v <= 0; }))
      return g.error() << "output_shape must be positive, got [" << *outputShape
                       << "]";
    ASSIGN_OR_FAIL(resolved, padsForOutput(g, geo, target, mode));
    pads = resolved;
  } else if (mode == AutoPad::same_upper || mode == AutoPad::same_lower) {
    // SAME: output = input * stride.
    SmallVector<int64_t> target;
    for (int64_t i = 0; i < geo.n; ++i) {
      std::optional<int64_t> t = llvm::checkedMul(geo.input[i], geo.strides[i]);
      if (!t)
        return g.error() << "output size input * stride of spatial "
                            "dimension "
                         << i << " overflows int64";
      target.push_back(*t);
    }
    if (explicitPads)
      return g.error() << "pads must not be given together with auto_pad = "
                       << stringifyAutoPad(mode);
    ASSIGN_OR_FAIL(resolved, padsForOutput(g, geo, target, mode));
    pads = resolved;
  } else if (explicitPads) {
    if (mode == AutoPad::valid)
      return g.error() << "pads must not be given together with auto_pad = "
                       << stringifyAutoPad(mode);
    if (llvm::any_of(*explicitPads, [](int64_t v) { return v < 0; }))
      return g.error() << "pads must be non-negative, got [" << *explicitPads
                       << "]";
    pads = explicitPads;
  }

  Attrs attrs{g.builder()};
  attrs.addInts("kernel_shape", kernelShape);
  attrs.addInts("strides", g.findAttr("strides") ? std::optional(geo.strides)
                                                 : std::nullopt);
  attrs.addInts("dilations", g.findAttr("dilations")
                                 ? std::optional(geo.dilations)
                                 : std::nullopt);
  attrs.addInts("output_padding", g.findAttr("output_padding")
                                      ? std::optional(geo.outputPadding)
                                      : std::nullopt);
  attrs.addInts("pads", pads);
  attrs.add("group", g.builder().getI64IntegerAttr(group));
  ASSIGN_OR_FAIL(r, createInferred<ConvTransposeOp>(g, operands, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// The rank of an N x C x spatial... input, or an error.
static FailureOr<int64_t> spatialInputRank(GraphImporter &g, Value x) {
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  if (rank < 3)
    return g.error() << "input must have rank >= 3 (N x C x spatial...), got "
                        "rank "
                     << rank;
  return rank;
}

static LogicalResult convertGlobalMaxPool(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(rank, spatialInputRank(g, x));
  SmallVector<int64_t> axes;
  for (int64_t d = 2; d < rank; ++d)
    axes.push_back(d);
  Attrs attrs{g.builder()};
  attrs.add("axes", g.builder().getDenseI64ArrayAttr(axes));
  attrs.add("keepdims", g.builder().getBoolAttr(true));
  ASSIGN_OR_FAIL(r, createInferred<ReduceMaxOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

/// LpPool's and GlobalLpPool's `p` (default 2), which must be positive.
FailureOr<IntegerAttr> lpPoolP(GraphImporter &g) {
  ASSIGN_OR_FAIL(p, g.intAttr("p", 2));
  if (p < 1)
    return g.error() << "p must be positive, got " << p;
  return g.builder().getI64IntegerAttr(p);
}

static LogicalResult convertGlobalLpPool(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  ASSIGN_OR_FAIL(rank, spatialInputRank(g, x));
  (void)rank;
  ArrayRef<int64_t> shape = cast<RankedTensorType>(x.getType()).getShape();
  ASSIGN_OR_FAIL(p, lpPoolP(g));
  Attrs attrs{g.builder()};
  attrs.add("kernel_shape",
            g.builder().getDenseI64ArrayAttr(shape.drop_front(2)));
  attrs.add("p", p);
  ASSIGN_OR_FAIL(r, createInferred<LpPoolOp>(g, {x}, attrs.list));
  g.setOutput(0, r);
  return success();
}

static LogicalResult convertLrn(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.f32Input(0));
  if (!g.findAttr("size"))
    return g.error() << "attribute 'size' is required";
  ASSIGN_OR_FAIL(size, g.intAttr("size", 1));
  if (size < 1)
    return g.error() << "size must be positive, got " << size;
  ASSIGN_OR_FAIL(alpha, g.floatAttr("alpha", 1e-4f));
  ASSIGN_OR_FAIL(beta, g.floatAttr("beta", 0.75f));
  ASSIGN_OR_FAIL(bias, g.floatAttr("bias", 1.0f));
  OpBuilder &b = g.builder();
  auto op = LrnOp::create(b, g.loc(), x.getType(), x, b.getI64IntegerAttr(size),
                          b.getF32FloatAttr(alpha), b.getF32FloatAttr(beta),
                          b.getF32FloatAttr(bias));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

FailureOr<Value> maxPoolIndices(GraphImporter &g, Value x, MaxPoolOp pool,
                                int64_t storageOrder) {
  if (storageOrder != 0 && storageOrder != 1)
    return g.error() << "storage_order " << storageOrder
                     << " is not 0 (row major) or 1 (column major)";
  ArrayRef<int64_t> inShape = cast<RankedTensorType>(x.getType()).getShape();
  ArrayRef<int64_t> outShape = pool.getType().getShape();
  int64_t n = inShape[0], c = inShape[1];
  ArrayRef<int64_t> spatial = inShape.drop_front(2),
                    out = outShape.drop_front(2);
  SmallVector<int64_t> kernel = pool.getKernelSizes();
  SmallVector<int64_t> strides = pool.getStridesOrDefault();
  SmallVector<int64_t> dilations = pool.getDilationsOrDefault();
  SmallVector<int64_t> pads = pool.getResolvedPads();
  size_t rank = spatial.size();
  int64_t planeSize = 1, windows = 1, taps = 1;
  for (size_t d = 0; d < rank; ++d) {
    planeSize *= spatial[d];
    windows *= out[d];
    taps *= kernel[d];
  }
  std::optional<int64_t> tableSize = llvm::checkedMul(windows, taps);
  if (!tableSize || *tableSize > kMaxFoldedIntElements)
    return g.error() << "output 'Indices' needs a table of " << windows
                     << " windows x " << taps
                     << " elements, more than Seam builds at import ("
                     << kMaxFoldedIntElements << ")";

  // Per window and position in it (both row major): the element's flat index
  // in the plane, to gather it, and as Indices reports it. A position in the
  // padding repeats the window's first element, which never changes its
  // maximum or which element is first to reach it.
  SmallVector<int64_t> gatherIndex(*tableSize), reportIndex(*tableSize);
  SmallVector<int64_t> window(rank), tap(rank);
  for (int64_t w = 0; w < windows; ++w) {
    for (int64_t rest = w, d = rank - 1; d >= 0; --d) {
      window[d] = rest % out[d];
      rest /= out[d];
    }
    std::optional<std::pair<int64_t, int64_t>> first;
    SmallVector<bool> inside(taps);
    for (int64_t t = 0; t < taps; ++t) {
      for (int64_t rest = t, d = rank - 1; d >= 0; --d) {
        tap[d] = rest % kernel[d];
        rest /= kernel[d];
      }
      int64_t rowMajor = 0, columnMajor = 0, columnStride = 1;
      bool valid = true;
      for (size_t d = 0; d < rank; ++d) {
        int64_t at = window[d] * strides[d] - pads[d] + tap[d] * dilations[d];
        valid &= at >= 0 && at < spatial[d];
        rowMajor = rowMajor * spatial[d] + at;
        columnMajor += at * columnStride;
        columnStride *= spatial[d];
      }
      inside[t] = valid;
      gatherIndex[w * taps + t] = rowMajor;
      reportIndex[w * taps + t] = storageOrder ? columnMajor : rowMajor;
      if (valid && !first)
        first = {rowMajor, reportIndex[w * taps + t]};
    }
    if (!first)
      return g.error() << "window " << w
                       << " holds only padding: its Indices are undefined";
    for (int64_t t = 0; t < taps; ++t)
      if (!inside[t]) {
        gatherIndex[w * taps + t] = first->first;
        reportIndex[w * taps + t] = first->second;
      }
  }

  Builder &b = g.builder();
  // [N, C, plane] gathered to [N, C, windows, taps], the first maximum of
  // each window's taps, as an offset into the report table.
  ASSIGN_OR_FAIL(plane, reshapeValue(g, x, {n, c, planeSize}));
  Attrs axis2{b};
  axis2.add("axis", b.getI64IntegerAttr(2));
  ASSIGN_OR_FAIL(values,
                 createInferred<GatherOp>(
                     g, {plane, i64Constant(g, {windows, taps}, gatherIndex)},
                     axis2.list));
  Attrs lastAxis{b};
  lastAxis.add("axis", b.getI64IntegerAttr(3));
  lastAxis.add("keepdims", b.getBoolAttr(false));
  ASSIGN_OR_FAIL(position,
                 createInferred<ArgMaxOp>(g, {values}, lastAxis.list));
  SmallVector<int64_t> windowStart(windows);
  for (int64_t w = 0; w < windows; ++w)
    windowStart[w] = w * taps;
  ASSIGN_OR_FAIL(entry,
                 createInferred<AddOp>(
                     g, {position, i64Constant(g, {windows}, windowStart)}));
  Attrs axis0{b};
  axis0.add("axis", b.getI64IntegerAttr(0));
  ASSIGN_OR_FAIL(
      inPlane,
      createInferred<GatherOp>(
          g, {i64Constant(g, {*tableSize}, reportIndex), entry}, axis0.list));
  // Plus the plane's offset in the N x C x plane input.
  SmallVector<int64_t> planeStart(n * c);
  for (int64_t i = 0; i < n * c; ++i)
    planeStart[i] = i * planeSize;
  ASSIGN_OR_FAIL(flat,
                 createInferred<AddOp>(
                     g, {inPlane, i64Constant(g, {n, c, 1}, planeStart)}));
  return reshapeValue(g, flat, outShape);
}

OpConverter lookupConvPoolOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("ConvTranspose", convertConvTranspose)
      .Case("GlobalMaxPool", convertGlobalMaxPool)
      .Case("GlobalLpPool", convertGlobalLpPool)
      .Case("LRN", convertLrn)
      .Default(nullptr);
}

} // namespace seam::detail
