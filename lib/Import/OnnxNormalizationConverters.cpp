//===- OnnxNormalizationConverters.cpp - Normalization and Resize ---------===//
//
// Converters of LayerNormalization (opset 17), InstanceNormalization,
// LpNormalization and Resize (opsets 11 to 17; Upsample and opset-10
// Resize arrive as Resize through ONNX's version converter, see
// OnnxModelLoader.cpp). Resize's scales or sizes must be known at import:
// they give the result its static shape.
//
//===----------------------------------------------------------------------===//

#include "OnnxConverterUtils.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace seam;

namespace seam::detail {

static LogicalResult convertLayerNormalization(GraphImporter &g) {
  ASSIGN_OR_FAIL(stashType, g.intAttr("stash_type", 1));
  if (stashType != onnx::TensorProto::FLOAT)
    return g.error() << "stash_type " << stashType
                     << " is not supported (Seam computes the statistics in "
                        "float32, stash_type 1)";
  SmallVector<Value> operands;
  for (unsigned i = 0; i < 3; ++i) {
    if (i == 2 && !g.hasInput(i))
      break;
    ASSIGN_OR_FAIL(v, g.tensorInput(i));
    operands.push_back(v);
  }
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  ASSIGN_OR_FAIL(epsilon, g.floatAttr("epsilon", 1e-5f));
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(axis));
  attrs.add("epsilon", g.builder().getF32FloatAttr(epsilon));
  ASSIGN_OR_FAIL(op, createInferredOp<LayerNormOp>(g, operands, attrs.list));
  // Y, and the Mean and InvStdDev that training graphs use.
  for (unsigned i = 0; i < 3; ++i)
    g.setOutput(i, op->getResult(i));
  return success();
}

static LogicalResult convertInstanceNormalization(GraphImporter &g) {
  SmallVector<Value> operands;
  for (unsigned i = 0; i < 3; ++i) {
    ASSIGN_OR_FAIL(v, g.tensorInput(i));
    operands.push_back(v);
  }
  ASSIGN_OR_FAIL(epsilon, g.floatAttr("epsilon", 1e-5f));
  auto op = InstanceNormOp::create(g.builder(), g.loc(), operands[0].getType(),
                                   operands[0], operands[1], operands[2],
                                   g.builder().getF32FloatAttr(epsilon));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

static LogicalResult convertLpNormalization(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(axis, g.intAttr("axis", -1));
  ASSIGN_OR_FAIL(p, g.intAttr("p", 2));
  auto op = LpNormOp::create(g.builder(), g.loc(), x.getType(), x,
                             g.builder().getI64IntegerAttr(axis),
                             g.builder().getI64IntegerAttr(p));
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// String attribute `name` as enum `E` (parsed by `symbolize`), or an error
/// listing `allowed`.
template <typename E>
static FailureOr<E> enumAttr(GraphImporter &g, StringRef name, StringRef dflt,
                             std::optional<E> (*symbolize)(StringRef),
                             StringRef allowed) {
  ASSIGN_OR_FAIL(value, g.stringAttr(name, dflt));
  if (std::optional<E> e = symbolize(value))
    return *e;
  return g.error() << name << " '" << value << "' is not supported (" << allowed
                   << ")";
}

static LogicalResult convertResize(GraphImporter &g) {
  // Resize-18's antialias, axes and keep_aspect_ratio_policy: the ONNX
  // checker refuses them at the opsets Seam imports.
  ASSIGN_OR_FAIL(mode,
                 enumAttr<ResizeMode>(g, "mode", "nearest", symbolizeResizeMode,
                                      "nearest, linear or cubic"));
  ASSIGN_OR_FAIL(transform,
                 enumAttr<CoordinateTransform>(
                     g, "coordinate_transformation_mode", "half_pixel",
                     symbolizeCoordinateTransform,
                     "half_pixel, pytorch_half_pixel, align_corners, "
                     "asymmetric, tf_half_pixel_for_nn or tf_crop_and_resize"));
  ASSIGN_OR_FAIL(nearest, enumAttr<NearestMode>(
                              g, "nearest_mode", "round_prefer_floor",
                              symbolizeNearestMode,
                              "round_prefer_floor, round_prefer_ceil, floor "
                              "or ceil"));
  ASSIGN_OR_FAIL(cubicA, g.floatAttr("cubic_coeff_a", -0.75f));
  ASSIGN_OR_FAIL(excludeOutside, g.intAttr("exclude_outside", 0));
  ASSIGN_OR_FAIL(extrapolation, g.floatAttr("extrapolation_value", 0.0f));

  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ArrayRef<int64_t> inShape = cast<RankedTensorType>(x.getType()).getShape();
  size_t rank = inShape.size();
  // Opset 11 writes an absent roi or scales as an empty tensor.
  auto given = [&](unsigned i) -> FailureOr<bool> {
    if (!g.hasInput(i))
      return false;
    ASSIGN_OR_FAIL(shape, g.inputShape(i));
    return !llvm::is_contained(shape, 0);
  };
  // roi: [starts..., ends...] of each dim, only read by tf_crop_and_resize.
  std::vector<double> roi;
  bool crop = transform == CoordinateTransform::tf_crop_and_resize;
  if (crop) {
    ASSIGN_OR_FAIL(hasRoi, given(1));
    if (!hasRoi)
      return g.error() << "tf_crop_and_resize needs input 'roi'";
    ASSIGN_OR_FAIL(values, g.floatConstantInput(1));
    if (values.size() != 2 * rank)
      return g.error() << "input 'roi' has " << values.size()
                       << " values, expected " << 2 * rank;
    roi.assign(values.begin(), values.end());
  }
  ASSIGN_OR_FAIL(hasScales, given(2));
  ASSIGN_OR_FAIL(hasSizes, given(3));
  std::vector<float> scales;
  if (hasScales) {
    ASSIGN_OR_FAIL(values, g.floatConstantInput(2));
    scales = std::move(values);
  }
  if (hasScales == hasSizes)
    return g.error() << "exactly one of inputs 'scales' and 'sizes' must be "
                        "given";
  SmallVector<int64_t> outShape;
  SmallVector<double> scaleAttr;
  if (hasSizes) {
    ASSIGN_OR_FAIL(sizes, g.intInput(3));
    if (sizes.values.size() != rank)
      return g.error() << "input 'sizes' has " << sizes.values.size()
                       << " values for an input of rank " << rank;
    for (auto [in, out] : llvm::zip_equal(inShape, sizes.values)) {
      if (out < 1)
        return g.error() << "input 'sizes' [" << ArrayRef(sizes.values)
                         << "] must be positive";
      outShape.push_back(out);
      scaleAttr.push_back(static_cast<double>(out) / in);
    }
  } else {
    if (scales.size() != rank)
      return g.error() << "input 'scales' has " << scales.size()
                       << " values for an input of rank " << rank;
    for (auto [d, in, scale] : llvm::enumerate(inShape, scales)) {
      if (!(scale > 0) || std::isinf(scale))
        return g.error() << "input 'scales' must be positive and finite, got "
                         << scale;
      double extent = crop ? roi[rank + d] - roi[d] : 1.0;
      std::optional<int64_t> outSize = toInt64(std::floor(in * extent * scale));
      if (!outSize || *outSize > std::numeric_limits<int32_t>::max())
        return g.error() << "dim " << d << " of size " << in << " resizes to "
                         << in * extent * scale << " elements, not a valid dim";
      int64_t out = *outSize;
      if (out < 1)
        return g.error() << "dim " << d << " of size " << in << " resizes to "
                         << out << " elements";
      outShape.push_back(out);
      scaleAttr.push_back(scale);
    }
  }

  mlir::Builder &b = g.builder();
  mlir::MLIRContext *ctx = g.context();
  Attrs attrs{b};
  attrs.add("scales", b.getDenseF64ArrayAttr(scaleAttr));
  if (crop)
    attrs.add("roi", b.getDenseF64ArrayAttr(roi));
  attrs.add("mode", ResizeModeAttr::get(ctx, mode));
  attrs.add("coordinate_transformation_mode",
            CoordinateTransformAttr::get(ctx, transform));
  attrs.add("nearest_mode", NearestModeAttr::get(ctx, nearest));
  attrs.add("cubic_coeff_a", b.getF32FloatAttr(cubicA));
  attrs.add("exclude_outside", b.getBoolAttr(excludeOutside != 0));
  attrs.add("extrapolation_value", b.getF32FloatAttr(extrapolation));
  auto type = RankedTensorType::get(
      outShape, cast<RankedTensorType>(x.getType()).getElementType());
  auto op = ResizeOp::create(g.builder(), g.loc(), TypeRange{type},
                             ValueRange{x}, attrs.list);
  if (failed(verifyCreated(g, op)))
    return failure();
  g.setOutput(0, op.getResult());
  return success();
}

/// Upsample (opsets 7 to 9) reaches the importer as Resize: ONNX's version
/// converter rewrites it on the way to opset 13 (OnnxModelLoader.cpp keeps
/// its coordinates). Listed so that the supported-op check takes it; only a
/// model of a later opset, which the ONNX checker refuses, could get here.
static LogicalResult convertUpsample(GraphImporter &g) {
  return g.error() << "Upsample is deprecated since opset 10 (use Resize); "
                      "Seam imports it from models of opsets 7 to 9";
}

OpConverter lookupNormalizationOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("LayerNormalization", convertLayerNormalization)
      .Case("InstanceNormalization", convertInstanceNormalization)
      .Case("LpNormalization", convertLpNormalization)
      .Case("Resize", convertResize)
      .Case("Upsample", convertUpsample)
      .Default(nullptr);
}

} // namespace seam::detail
