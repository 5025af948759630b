//===- SeamEnums.td - Enum attributes of the seam dialect --*- tablegen -*-===//

#ifndef SEAM_ENUMS_TD
#define SEAM_ENUMS_TD

include "seam/SeamDialect.td"
include "mlir/IR/EnumAttr.td"

/// ONNX `auto_pad`: how sliding-window ops (conv, pooling) pad their input.
def Seam_AutoPad : I32EnumAttr<"AutoPad", "automatic padding of a sliding window", [
    I32EnumAttrCase<"notset", 0>,      // explicit `pads`
    I32EnumAttrCase<"same_upper", 1>,  // output = ceil(input / stride), extra pad at end
    I32EnumAttrCase<"same_lower", 2>,  // output = ceil(input / stride), extra pad at start
    I32EnumAttrCase<"valid", 3>        // no padding
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_AutoPadAttr : EnumAttr<Seam_Dialect, Seam_AutoPad, "auto_pad">;

/// How seam.gelu computes the normal CDF: exactly (with erf), or with the
/// tanh approximation (ONNX Gelu's `approximate`).
def Seam_GeluApproximation : I32EnumAttr<"GeluApproximation",
    "how seam.gelu computes the normal CDF", [
    I32EnumAttrCase<"none", 0>,  // 0.5 * (1 + erf(x / sqrt(2)))
    I32EnumAttrCase<"tanh", 1>   // 0.5 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3)))
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_GeluApproximationAttr : EnumAttr<Seam_Dialect, Seam_GeluApproximation,
    "gelu_approximation">;

/// ONNX `Pad` mode.
def Seam_PadMode : I32EnumAttr<"PadMode", "how seam.pad fills the border", [
    I32EnumAttrCase<"constant", 0>,
    I32EnumAttrCase<"reflect", 1>,
    I32EnumAttrCase<"edge", 2>
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_PadModeAttr : EnumAttr<Seam_Dialect, Seam_PadMode, "pad_mode">;

/// ONNX `Resize` mode: how a resized element is interpolated.
def Seam_ResizeMode : I32EnumAttr<"ResizeMode", "interpolation of seam.resize", [
    I32EnumAttrCase<"nearest", 0>,
    I32EnumAttrCase<"linear", 1>,  // linear, bilinear, trilinear, ...
    I32EnumAttrCase<"cubic", 2>
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_ResizeModeAttr : EnumAttr<Seam_Dialect, Seam_ResizeMode, "resize_mode">;

/// ONNX `Resize` coordinate_transformation_mode: where an output coordinate
/// is in the input.
def Seam_CoordinateTransform : I32EnumAttr<"CoordinateTransform",
    "how seam.resize maps output coordinates to input coordinates", [
    I32EnumAttrCase<"half_pixel", 0>,
    I32EnumAttrCase<"pytorch_half_pixel", 1>,
    I32EnumAttrCase<"align_corners", 2>,
    I32EnumAttrCase<"asymmetric", 3>,
    I32EnumAttrCase<"tf_half_pixel_for_nn", 4>,
    I32EnumAttrCase<"tf_crop_and_resize", 5>
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_CoordinateTransformAttr : EnumAttr<Seam_Dialect,
    Seam_CoordinateTransform, "coordinate_transform">;

/// ONNX `Resize` nearest_mode: how a coordinate rounds to an input index.
def Seam_NearestMode : I32EnumAttr<"NearestMode",
    "rounding of seam.resize in nearest mode", [
    I32EnumAttrCase<"round_prefer_floor", 0>,
    I32EnumAttrCase<"round_prefer_ceil", 1>,
    I32EnumAttrCase<"floor", 2>,
    I32EnumAttrCase<"ceil", 3>
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_NearestModeAttr : EnumAttr<Seam_Dialect, Seam_NearestMode,
    "nearest_mode">;

/// ONNX `BitShift` direction.
def Seam_ShiftDirection : I32EnumAttr<"ShiftDirection",
    "direction of seam.bit_shift", [
    I32EnumAttrCase<"left", 0>,   // towards the most significant bit
    I32EnumAttrCase<"right", 1>   // towards the least significant bit, zeros in
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_ShiftDirectionAttr : EnumAttr<Seam_Dialect, Seam_ShiftDirection,
    "shift_direction">;

#endif // SEAM_ENUMS_TD
