//===- CheckTensorSizes.cpp - Refuse tensors larger than a limit ----------===//

#include "seam/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace seam {
#define GEN_PASS_DEF_SEAMCHECKTENSORSIZESPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// The bytes of a statically shaped tensor type of integers or floats, or
/// nullopt when int64 cannot count them (or a dim is negative); 0 for other
/// types.
std::optional<int64_t> getTensorBytes(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() ||
      !tensor.getElementType().isIntOrFloat())
    return 0;
  int64_t bytes = (tensor.getElementTypeBitWidth() + 7) / 8;
  for (int64_t dim : tensor.getShape())
    if (dim < 0 || __builtin_mul_overflow(bytes, dim, &bytes))
      return std::nullopt;
  return bytes;
}

struct SeamCheckTensorSizesPass
    : seam::impl::SeamCheckTensorSizesPassBase<SeamCheckTensorSizesPass> {
  using SeamCheckTensorSizesPassBase::SeamCheckTensorSizesPassBase;

  /// Fails with an error at `loc` when `type` is too large.
  LogicalResult check(Location loc, Type type, const Twine &what) {
    std::optional<int64_t> bytes = getTensorBytes(type);
    if (bytes && *bytes <= maxBytes)
      return success();
    InFlightDiagnostic diag = emitError(loc) << what << " " << type;
    if (!bytes)
      diag << " has a negative dim or more bytes than int64 can count";
    else
      diag << " is " << *bytes << " bytes, over the limit of "
           << static_cast<int64_t>(maxBytes) << " bytes per tensor";
    return diag;
  }

  void runOnOperation() override {
    WalkResult result =
        getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (auto func = dyn_cast<FunctionOpInterface>(op)) {
            // Named as the model names them (the importer's seam.name).
            auto describe = [](StringAttr name, StringRef kind, size_t i) {
              return name ? (kind == "argument" ? "input '" : "output '") +
                                name.str() + "' of type"
                          : kind.str() + " " + std::to_string(i) + " of type";
            };
            for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
              if (failed(check(func.getLoc(), type,
                               describe(func.getArgAttrOfType<StringAttr>(
                                            i, "seam.name"),
                                        "argument", i))))
                return WalkResult::interrupt();
            for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
              if (failed(check(func.getLoc(), type,
                               describe(func.getResultAttrOfType<StringAttr>(
                                            i, "seam.name"),
                                        "result", i))))
                return WalkResult::interrupt();
            return WalkResult::advance();
          }
          for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
            if (failed(check(op->getLoc(), type,
                             "'" + op->getName().getStringRef() + "' result " +
                                 Twine(i) + " of type")))
              return WalkResult::interrupt();
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
