//===- RegionDescription.cpp - Shared pieces of region descriptions -------===//

#include "seam/Backend/RegionDescription.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdio>

using namespace mlir;
using namespace seam;

//===----------------------------------------------------------------------===//
// Parameter parsers and printers
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>> desc::parseIntList(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            return parser.parseInteger(values.emplace_back());
          })))
    return failure();
  return values;
}

void desc::printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

FailureOr<SmallVector<DenseI64ArrayAttr>>
desc::parseShapeList(AsmParser &parser) {
  SmallVector<DenseI64ArrayAttr> shapes;
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            FailureOr<SmallVector<int64_t>> dims = parseIntList(parser);
            if (failed(dims))
              return failure();
            shapes.push_back(
                DenseI64ArrayAttr::get(parser.getContext(), *dims));
            return success();
          })))
    return failure();
  return shapes;
}

void desc::printShapeList(AsmPrinter &printer,
                          ArrayRef<DenseI64ArrayAttr> shapes) {
  printer << '[';
  llvm::interleaveComma(shapes, printer, [&](DenseI64ArrayAttr shape) {
    printIntList(printer, shape.asArrayRef());
  });
  printer << ']';
}

FailureOr<SmallVector<APFloat>> desc::parseF32List(AsmParser &parser) {
  SmallVector<APFloat> values;
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            FailureOr<APFloat> value = parseF32(parser);
            if (failed(value))
              return failure();
            values.push_back(*value);
            return success();
          })))
    return failure();
  return values;
}

void desc::printF32List(AsmPrinter &printer, ArrayRef<APFloat> values) {
  printer << '[';
  llvm::interleaveComma(values, printer,
                        [&](const APFloat &v) { printF32(printer, v); });
  printer << ']';
}

bool desc::bitwiseEqual(ArrayRef<APFloat> lhs, ArrayRef<APFloat> rhs) {
  return lhs.size() == rhs.size() &&
         llvm::all_of(llvm::zip(lhs, rhs), [](auto pair) {
           return std::get<0>(pair).bitwiseIsEqual(std::get<1>(pair));
         });
}

FailureOr<APFloat> desc::parseF32(AsmParser &parser) {
  APFloat value(APFloat::IEEEsingle());
  if (parser.parseFloat(APFloat::IEEEsingle(), value))
    return failure();
  return value;
}

void desc::printF32(AsmPrinter &printer, const APFloat &attr) {
  float value = attr.convertToFloat();
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  StringRef str(text);
  if (str.contains('.') || !attr.isFinite()) {
    printer << str;
    return;
  }
  // MLIR's float literals need a '.': 1e+09 -> 1.0e+09, 3 -> 3.0.
  auto [mantissa, exponent] = str.split('e');
  printer << mantissa << ".0";
  if (str.contains('e'))
    printer << 'e' << exponent;
}

FailureOr<bool> desc::parseBool(AsmParser &parser) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  if (keyword != "true" && keyword != "false")
    return parser.emitError(loc, "expected 'true' or 'false'");
  return keyword == "true";
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

LogicalResult
desc::checkFinite(function_ref<InFlightDiagnostic()> emitError,
                  ArrayRef<std::pair<const char *, APFloat>> values) {
  for (const auto &[name, value] : values)
    if (!value.isFinite())
      return emitError() << "'" << name << "' must be finite";
  return success();
}

LogicalResult desc::ValueChecker::inRange(int64_t id, const Twine &what) {
  if (id < 0 || id >= static_cast<int64_t>(values.size()))
    return emitError() << what << " refers to value " << id
                       << ", but the region has " << values.size() << " values";
  return success();
}

LogicalResult desc::ValueChecker::define(int64_t id, const Twine &what) {
  if (failed(inRange(id, what)))
    return failure();
  if (defined[id])
    return emitError() << what << " redefines value " << id;
  defined[id] = true;
  return success();
}

LogicalResult desc::ValueChecker::use(int64_t id, const Twine &what) {
  if (failed(inRange(id, what)))
    return failure();
  if (!defined[id])
    return emitError() << what << " uses value " << id
                       << " before it is defined";
  return success();
}

LogicalResult desc::ValueChecker::checkValues(ArrayRef<int64_t> inputs,
                                              ArrayRef<int64_t> weights,
                                              int64_t maxRank, int64_t minDim,
                                              StringRef library) {
  for (auto [i, shape] : llvm::enumerate(values)) {
    if (static_cast<int64_t>(shape.size()) > maxRank)
      return emitError() << "value " << i << " has rank " << shape.size()
                         << " (" << library << " takes at most " << maxRank
                         << ")";
    for (int64_t d : shape.asArrayRef())
      if (d < minDim)
        return emitError() << "value " << i << " has a dim of " << d << " ("
                           << library << " needs dims >= " << minDim << ")";
  }
  for (int64_t id : inputs)
    if (failed(define(id, "input")))
      return failure();
  for (int64_t id : weights)
    if (failed(define(id, "weight")))
      return failure();
  return success();
}

LogicalResult desc::ValueChecker::checkOutputs(ArrayRef<int64_t> outputs) {
  for (int64_t id : outputs)
    if (failed(use(id, "output")))
      return failure();
  if (outputs.empty())
    return emitError() << "a region needs at least one output";
  return success();
}

/// `type` as the IR prints it, without the quotes a diagnostic adds.
static std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

LogicalResult desc::verifyKernelCallTypes(
    function_ref<InFlightDiagnostic()> emitError, StringRef region,
    StringRef name, ArrayRef<DenseI64ArrayAttr> values, TypeRange inputs,
    ArrayRef<int64_t> inputIds, TypeRange weights, ArrayRef<int64_t> weightIds,
    TypeRange outputs, ArrayRef<int64_t> outputIds,
    ArrayRef<Type> elementTypes) {
  if (name != region)
    return emitError() << "it runs region '" << region
                       << "', the description is of region '" << name << "'";
  for (auto [kind, types, ids] :
       {std::make_tuple("input", inputs, inputIds),
        std::make_tuple("weight", weights, weightIds),
        std::make_tuple("output", outputs, outputIds)}) {
    if (types.size() != ids.size())
      return emitError() << "it has " << types.size() << " " << kind
                         << "s, the region " << ids.size();
    for (auto [i, type, id] : llvm::enumerate(types, ids)) {
      auto shaped = cast<ShapedType>(type);
      ArrayRef<int64_t> expected = values[id].asArrayRef();
      Type elementType = elementTypes.empty()
                             ? Float32Type::get(type.getContext())
                             : elementTypes[id];
      // The compiled path makes unsigned integers signless: the bits say it.
      auto sameBits = [](Type a, Type b) {
        return a == b ||
               (isa<IntegerType>(a) && isa<IntegerType>(b) &&
                a.getIntOrFloatBitWidth() == b.getIntOrFloatBitWidth());
      };
      if (!shaped.hasStaticShape() || shaped.getShape() != expected ||
          !sameBits(shaped.getElementType(), elementType))
        return emitError() << kind << " #" << i << " has type " << type
                           << ", the region's value " << id << " is "
                           << (expected.empty() ? "0-d" : "")
                           << llvm::join(
                                  llvm::map_range(expected,
                                                  [](int64_t d) {
                                                    return std::to_string(d);
                                                  }),
                                  "x")
                           << " " << printed(elementType);
    }
  }
  return success();
}

std::vector<std::vector<int64_t>>
desc::getValueDims(ArrayRef<DenseI64ArrayAttr> values) {
  std::vector<std::vector<int64_t>> dims;
  for (DenseI64ArrayAttr shape : values)
    dims.push_back(toVector(shape.asArrayRef()));
  return dims;
}

SmallVector<DenseI64ArrayAttr>
desc::getValueAttrs(MLIRContext *context,
                    const std::vector<std::vector<int64_t>> &values) {
  SmallVector<DenseI64ArrayAttr> attrs;
  for (const std::vector<int64_t> &dims : values)
    attrs.push_back(DenseI64ArrayAttr::get(context, dims));
  return attrs;
}
