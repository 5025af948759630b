//===- OnnxBitShiftConverters.cpp - ONNX BitShift -------------------------===//
//
// ONNX BitShift (unsigned integers only, as ONNX defines it) as seam.bit_shift.
//
//===----------------------------------------------------------------------===//

#include "OnnxConverterUtils.h"

#include "seam/SeamOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

static LogicalResult convertBitShift(GraphImporter &g) {
  if (!g.findAttr("direction"))
    return g.error() << "attribute 'direction' is required";
  ASSIGN_OR_FAIL(direction, g.stringAttr("direction", ""));
  std::optional<ShiftDirection> dir =
      llvm::StringSwitch<std::optional<ShiftDirection>>(direction)
          .Case("LEFT", ShiftDirection::left)
          .Case("RIGHT", ShiftDirection::right)
          .Default(std::nullopt);
  if (!dir)
    return g.error() << "direction '" << direction
                     << "' is not one of LEFT, RIGHT";
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(y, g.tensorInput(1));
  Attrs attrs{g.builder()};
  attrs.add("direction", ShiftDirectionAttr::get(g.context(), *dir));
  ASSIGN_OR_FAIL(r, createInferred<BitShiftOp>(g, {x, y}, attrs.list));
  g.setOutput(0, r);
  return success();
}

OpConverter lookupBitShiftOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("BitShift", convertBitShift)
      .Default(nullptr);
}

} // namespace seam::detail
