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

#endif // SEAM_ENUMS_TD
