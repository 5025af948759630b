//===- RegionDescription.h - Pieces of region descriptions ---*- C++ -*-===//
//
// What every backend's typed region description (`#seam_dnnl.region`,
// `#seam_xnnpack.region`) is made of: the parsers and printers of its
// parameters (seam/Backend/RegionDescription.td), the check that value
// numbers are defined once and before use, and the check of a
// seam.kernel_call's operand types against the region's values.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKEND_REGIONDESCRIPTION_H
#define SEAM_BACKEND_REGIONDESCRIPTION_H

#include "seam/Support/LLVM.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace seam::desc {

//===----------------------------------------------------------------------===//
// Parameter parsers and printers (used by generated code)
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>> parseIntList(AsmParser &parser);
void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values);
FailureOr<SmallVector<DenseI64ArrayAttr>> parseShapeList(AsmParser &parser);
void printShapeList(AsmPrinter &printer, ArrayRef<DenseI64ArrayAttr> shapes);
/// An f32: a hexadecimal literal is an f32 bit pattern, as MLIR reads f32
/// attributes.
FailureOr<APFloat> parseF32(AsmParser &parser);
/// 9 significant digits (exact for every f32), always a float literal.
void printF32(AsmPrinter &printer, const APFloat &value);
FailureOr<bool> parseBool(AsmParser &parser);
/// `[f32, ...]` with parseF32/printF32 for each.
FailureOr<SmallVector<APFloat>> parseF32List(AsmParser &parser);
void printF32List(AsmPrinter &printer, ArrayRef<APFloat> values);
/// Whether two f32 lists hold the same bit patterns.
bool bitwiseEqual(ArrayRef<APFloat> lhs, ArrayRef<APFloat> rhs);

/// `[#dialect.x<...>, ...]`.
template <typename AttrT>
FailureOr<SmallVector<AttrT>> parseAttrList(AsmParser &parser) {
  SmallVector<AttrT> result;
  auto parseOne = [&]() -> ParseResult {
    AttrT attr;
    if (parser.parseAttribute(attr))
      return failure();
    result.push_back(attr);
    return success();
  };
  if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                            parseOne)))
    return failure();
  return result;
}

template <typename AttrT>
void printAttrList(AsmPrinter &printer, ArrayRef<AttrT> attrs) {
  printer << '[';
  llvm::interleaveComma(attrs, printer,
                        [&](AttrT attr) { printer.printAttribute(attr); });
  printer << ']';
}

/// Parses a keyword (or string) that `lookup` maps to an enum value; emits
/// "unknown <what> '<keyword>'" otherwise.
template <typename EnumT, typename LookupFn>
FailureOr<EnumT> parseEnumKeyword(AsmParser &parser, StringRef what,
                                  LookupFn lookup) {
  std::string keyword;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeywordOrString(&keyword))
    return failure();
  if (std::optional<EnumT> value = lookup(keyword))
    return *value;
  return parser.emitError(loc, "unknown ") << what << " '" << keyword << "'";
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// Fails, naming the parameter, when a float parameter is not finite (the
/// printer writes decimal literals).
LogicalResult checkFinite(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<std::pair<const char *, APFloat>> values);

/// Checks the value numbers of a region in order: each value in range,
/// defined once (as an input, a weight or an op's dst), before it is used.
class ValueChecker {
public:
  ValueChecker(function_ref<InFlightDiagnostic()> emitError,
               ArrayRef<DenseI64ArrayAttr> values)
      : emitError(emitError), values(values), defined(values.size(), false) {}

  /// `what` ("input", "op 3 (conv)") defines value `id`.
  LogicalResult define(int64_t id, const Twine &what);
  /// `what` uses value `id`.
  LogicalResult use(int64_t id, const Twine &what);
  /// Checks the region's values, inputs and weights: every dim >= `minDim`,
  /// ranks <= `maxRank` (named for `library`'s limit); defines the inputs
  /// and the weights.
  LogicalResult checkValues(ArrayRef<int64_t> inputs, ArrayRef<int64_t> weights,
                            int64_t maxRank, int64_t minDim, StringRef library);
  /// Checks the outputs (at least one; each defined).
  LogicalResult checkOutputs(ArrayRef<int64_t> outputs);

  ArrayRef<int64_t> dims(int64_t id) const { return values[id].asArrayRef(); }
  int64_t rank(int64_t id) const { return values[id].size(); }

  function_ref<InFlightDiagnostic()> emitError;

private:
  LogicalResult inRange(int64_t id, const Twine &what);

  ArrayRef<DenseI64ArrayAttr> values;
  std::vector<bool> defined;
};

/// seam.kernel_call's check against a description (the shared part of
/// KernelDescriptionAttrInterface::verifyKernelCall): the call runs the
/// described region (`region` == `name`), and its inputs, weights and
/// outputs have the static shapes of the region's values, and their element
/// types (`elementTypes`, one per value; all f32 when empty).
LogicalResult verifyKernelCallTypes(
    function_ref<InFlightDiagnostic()> emitError, StringRef region,
    StringRef name, ArrayRef<DenseI64ArrayAttr> values, TypeRange inputs,
    ArrayRef<int64_t> inputIds, TypeRange weights, ArrayRef<int64_t> weightIds,
    TypeRange outputs, ArrayRef<int64_t> outputIds,
    ArrayRef<Type> elementTypes = {});

/// The dims of every value, for a runtime description.
std::vector<std::vector<int64_t>>
getValueDims(ArrayRef<DenseI64ArrayAttr> values);
/// The attribute form of value dims.
SmallVector<DenseI64ArrayAttr>
getValueAttrs(MLIRContext *context,
              const std::vector<std::vector<int64_t>> &values);

inline std::vector<int64_t> toVector(ArrayRef<int64_t> values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

} // namespace seam::desc

#endif // SEAM_BACKEND_REGIONDESCRIPTION_H
