//===- DnnlAttrs.cpp - The seam_dnnl dialect: region descriptions ---------===//

#include "IR/DnnlDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstdio>

using namespace mlir;
using namespace seam;
using namespace seam::dnnl;
using dnnl_region::Algorithm;
using dnnl_region::OpKind;

#include "IR/DnnlDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "IR/DnnlAttrs.cpp.inc"

void SeamDnnlDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "IR/DnnlAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Parameter parsers and printers
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>> seam::dnnl::parseIntList(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            return parser.parseInteger(values.emplace_back());
          })))
    return failure();
  return values;
}

void seam::dnnl::printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

FailureOr<SmallVector<DenseI64ArrayAttr>>
seam::dnnl::parseShapeList(AsmParser &parser) {
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

void seam::dnnl::printShapeList(AsmPrinter &printer,
                                ArrayRef<DenseI64ArrayAttr> shapes) {
  printer << '[';
  llvm::interleaveComma(shapes, printer, [&](DenseI64ArrayAttr shape) {
    printIntList(printer, shape.asArrayRef());
  });
  printer << ']';
}

FailureOr<APFloat> seam::dnnl::parseF32(AsmParser &parser) {
  // As an f32: a hexadecimal literal is an f32 bit pattern.
  APFloat value(APFloat::IEEEsingle());
  if (parser.parseFloat(APFloat::IEEEsingle(), value))
    return failure();
  return value;
}

void seam::dnnl::printF32(AsmPrinter &printer, const APFloat &attr) {
  float value = attr.convertToFloat();
  // 9 significant digits round-trip every f32; always a float literal.
  // The verifiers admit finite values only.
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  StringRef str(text);
  if (str.contains('.')) {
    printer << str;
    return;
  }
  // MLIR's float literals need a '.': 1e+09 -> 1.0e+09, 3 -> 3.0.
  auto [mantissa, exponent] = str.split('e');
  printer << mantissa << ".0";
  if (str.contains('e'))
    printer << 'e' << exponent;
}

/// Float parameters must be finite (the printer writes decimal literals).
static LogicalResult
checkFinite(function_ref<InFlightDiagnostic()> emitError,
            ArrayRef<std::pair<const char *, APFloat>> values) {
  for (const auto &[name, value] : values)
    if (!value.isFinite())
      return emitError() << "'" << name << "' must be finite";
  return success();
}

FailureOr<bool> seam::dnnl::parseBool(AsmParser &parser) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  if (keyword != "true" && keyword != "false")
    return parser.emitError(loc, "expected 'true' or 'false'");
  return keyword == "true";
}

FailureOr<bool> seam::dnnl::parsePostOpKind(AsmParser &parser) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  if (keyword != "sum" && keyword != "eltwise")
    return parser.emitError(loc, "expected post-op kind 'eltwise' or 'sum'");
  return keyword == "sum";
}

FailureOr<OpKind> seam::dnnl::parseOpKind(AsmParser &parser) {
  std::string keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeywordOrString(&keyword))
    return failure();
  if (std::optional<OpKind> kind = dnnl_region::lookupOpKind(keyword))
    return *kind;
  return parser.emitError(loc, "unknown op kind '") << keyword << "'";
}

FailureOr<Algorithm> seam::dnnl::parseAlgorithm(AsmParser &parser) {
  std::string keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeywordOrString(&keyword))
    return failure();
  if (std::optional<Algorithm> alg = dnnl_region::lookupAlgorithm(keyword))
    return *alg;
  return parser.emitError(loc, "unknown algorithm '") << keyword << "'";
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult PostOpAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 bool isSum, Algorithm alg, APFloat alpha,
                                 APFloat beta, int64_t value) {
  if (failed(checkFinite(emitError, {{"alpha", alpha}, {"beta", beta}})))
    return failure();
  if (isSum) {
    if (value < 0)
      return emitError() << "a sum post-op needs the value it adds";
    if (alg != Algorithm::None)
      return emitError() << "a sum post-op has no algorithm";
    return success();
  }
  if (dnnl_region::getAlgorithmOpKind(alg) != OpKind::Eltwise)
    return emitError() << "an eltwise post-op needs an eltwise algorithm, not '"
                       << dnnl_region::getAlgorithmKeyword(alg) << "'";
  if (value != -1)
    return emitError() << "an eltwise post-op has no value";
  return success();
}

/// The number of sources an op kind takes (-1: one or more).
static int64_t getNumSources(OpKind kind) {
  switch (kind) {
  case OpKind::Conv:
  case OpKind::MatMul:
  case OpKind::Binary:
    return 2;
  case OpKind::BatchNorm:
    return 5;
  case OpKind::Concat:
    return -1;
  default:
    return 1;
  }
}

LogicalResult OpAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             OpKind kind, int64_t dst, ArrayRef<int64_t> srcs,
                             int64_t bias, ArrayRef<int64_t> kernel,
                             ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
                             ArrayRef<int64_t> dilations,
                             ArrayRef<int64_t> perm, ArrayRef<int64_t> offsets,
                             int64_t group, int64_t axis, bool transA,
                             bool transB, APFloat alpha, APFloat beta,
                             APFloat epsilon, Algorithm alg,
                             ArrayRef<PostOpAttr> postOps) {
  const char *name = dnnl_region::getOpKeyword(kind);
  if (failed(checkFinite(
          emitError, {{"alpha", alpha}, {"beta", beta}, {"epsilon", epsilon}})))
    return failure();
  int64_t sources = getNumSources(kind);
  if (sources < 0 ? srcs.empty() : static_cast<int64_t>(srcs.size()) != sources)
    return emitError() << name << " takes "
                       << (sources < 0 ? "at least 1" : std::to_string(sources))
                       << " sources, not " << srcs.size();
  bool algorithmic = kind == OpKind::Eltwise || kind == OpKind::Binary ||
                     kind == OpKind::Pool || kind == OpKind::Reduce;
  if (algorithmic && dnnl_region::getAlgorithmOpKind(alg) != kind)
    return emitError() << name << " needs one of its algorithms, not '"
                       << dnnl_region::getAlgorithmKeyword(alg) << "'";
  if (!algorithmic && alg != Algorithm::None)
    return emitError() << name << " has no algorithm";
  if (bias >= 0 && kind != OpKind::Conv && kind != OpKind::MatMul)
    return emitError() << name << " has no bias";
  if (group < 1)
    return emitError() << "group must be positive, not " << group;
  return success();
}

namespace {

/// Checks the value numbers of a region in order: defined once, before use.
class RegionChecker {
public:
  RegionChecker(function_ref<InFlightDiagnostic()> emitError,
                ArrayRef<DenseI64ArrayAttr> values)
      : emitError(emitError), values(values), defined(values.size(), false) {}

  LogicalResult define(int64_t id, const Twine &what) {
    if (failed(inRange(id, what)))
      return failure();
    if (defined[id])
      return emitError() << what << " redefines value " << id;
    defined[id] = true;
    return success();
  }

  LogicalResult use(int64_t id, const Twine &what) {
    if (failed(inRange(id, what)))
      return failure();
    if (!defined[id])
      return emitError() << what << " uses value " << id
                         << " before it is defined";
    return success();
  }

  int64_t rank(int64_t id) const { return values[id].size(); }

  function_ref<InFlightDiagnostic()> emitError;

private:
  LogicalResult inRange(int64_t id, const Twine &what) {
    if (id < 0 || id >= static_cast<int64_t>(values.size()))
      return emitError() << what << " refers to value " << id
                         << ", but the region has " << values.size()
                         << " values";
    return success();
  }

  ArrayRef<DenseI64ArrayAttr> values;
  std::vector<bool> defined;
};

/// The window attributes of a conv or pool op must fit its source's rank.
LogicalResult checkWindow(RegionChecker &checker, OpAttr op,
                          const Twine &what) {
  int64_t spatial = checker.rank(op.getSrcs()[0]) - 2;
  if (spatial < 1)
    return checker.emitError() << what << " needs a source of rank 3 or more";
  auto check = [&](ArrayRef<int64_t> list, int64_t size, StringRef name,
                   bool optional) -> LogicalResult {
    if ((optional && list.empty()) || static_cast<int64_t>(list.size()) == size)
      return success();
    return checker.emitError() << what << ": '" << name << "' has "
                               << list.size() << " entries, expected " << size;
  };
  bool isPool = op.getKind() == OpKind::Pool;
  return success(
      succeeded(check(op.getKernel(), spatial, "kernel", !isPool)) &&
      succeeded(check(op.getStrides(), spatial, "strides", false)) &&
      succeeded(check(op.getPads(), 2 * spatial, "pads", false)) &&
      succeeded(check(op.getDilations(), spatial, "dilations", false)));
}

} // namespace

LogicalResult
RegionAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                   ArrayRef<DenseI64ArrayAttr> values, ArrayRef<int64_t> inputs,
                   ArrayRef<int64_t> weights, ArrayRef<int64_t> outputs,
                   ArrayRef<OpAttr> ops) {
  for (auto [i, shape] : llvm::enumerate(values)) {
    if (static_cast<int64_t>(shape.size()) > dnnl_region::kMaxRank)
      return emitError() << "value " << i << " has rank " << shape.size()
                         << " (oneDNN takes at most " << dnnl_region::kMaxRank
                         << ")";
    if (llvm::any_of(shape.asArrayRef(), [](int64_t d) { return d < 0; }))
      return emitError() << "value " << i << " has a negative dim";
  }
  RegionChecker checker(emitError, values);
  for (int64_t id : inputs)
    if (failed(checker.define(id, "input")))
      return failure();
  for (int64_t id : weights)
    if (failed(checker.define(id, "weight")))
      return failure();
  for (auto [i, op] : llvm::enumerate(ops)) {
    std::string what = "op " + std::to_string(i) + " (" +
                       dnnl_region::getOpKeyword(op.getKind()) + ")";
    for (int64_t src : op.getSrcs())
      if (failed(checker.use(src, what)))
        return failure();
    if (op.getBias() >= 0 && failed(checker.use(op.getBias(), what)))
      return failure();
    if ((op.getKind() == OpKind::Conv || op.getKind() == OpKind::Pool) &&
        failed(checkWindow(checker, op, what)))
      return failure();
    // A sum post-op adds a value computed before the op, not its result.
    for (PostOpAttr post : op.getPostOps())
      if (post.getIsSum() && failed(checker.use(post.getValue(), what)))
        return failure();
    if (failed(checker.define(op.getDst(), what)))
      return failure();
  }
  for (int64_t id : outputs)
    if (failed(checker.use(id, "output")))
      return failure();
  if (outputs.empty())
    return emitError() << "a region needs at least one output";
  return success();
}

//===----------------------------------------------------------------------===//
// KernelDescriptionAttrInterface
//===----------------------------------------------------------------------===//

LogicalResult
RegionAttr::verifyKernelCall(function_ref<InFlightDiagnostic()> emitError,
                             StringRef region, TypeRange inputs,
                             TypeRange weights, TypeRange outputs) const {
  if (getName() != region)
    return emitError() << "it runs region '" << region
                       << "', the description is of region '" << getName()
                       << "'";
  for (auto [kind, types, ids] :
       {std::make_tuple("input", inputs, getInputs()),
        std::make_tuple("weight", weights, getWeights()),
        std::make_tuple("output", outputs, getOutputs())}) {
    if (types.size() != ids.size())
      return emitError() << "it has " << types.size() << " " << kind
                         << "s, the region " << ids.size();
    for (auto [i, type, id] : llvm::enumerate(types, ids)) {
      auto shaped = cast<ShapedType>(type);
      ArrayRef<int64_t> expected = getValues()[id].asArrayRef();
      if (!shaped.hasStaticShape() || shaped.getShape() != expected ||
          !shaped.getElementType().isF32())
        return emitError() << kind << " #" << i << " has type " << type
                           << ", the region's value " << id << " is "
                           << (expected.empty() ? "0-d" : "")
                           << llvm::join(
                                  llvm::map_range(expected,
                                                  [](int64_t d) {
                                                    return std::to_string(d);
                                                  }),
                                  "x")
                           << " f32";
    }
  }
  return success();
}

std::vector<uint8_t> RegionAttr::serialize() const {
  return dnnl_region::serialize(getRegionDesc(*this));
}

//===----------------------------------------------------------------------===//
// Conversion from and to the runtime's description
//===----------------------------------------------------------------------===//

RegionAttr seam::dnnl::getRegionAttr(MLIRContext *context,
                                     const dnnl_region::RegionDesc &region) {
  SmallVector<DenseI64ArrayAttr> values;
  for (const std::vector<int64_t> &dims : region.values)
    values.push_back(DenseI64ArrayAttr::get(context, dims));
  SmallVector<OpAttr> ops;
  for (const dnnl_region::OpDesc &op : region.ops) {
    SmallVector<PostOpAttr> postOps;
    for (const dnnl_region::PostOp &post : op.postOps)
      postOps.push_back(PostOpAttr::get(
          context, post.kind == dnnl_region::PostOp::Kind::Sum, post.alg,
          APFloat(post.alpha), APFloat(post.beta), post.value));
    ops.push_back(OpAttr::get(context, op.kind, op.dst, op.srcs, op.bias,
                              op.kernel, op.strides, op.pads, op.dilations,
                              op.perm, op.offsets, op.group, op.axis, op.transA,
                              op.transB, APFloat(op.alpha), APFloat(op.beta),
                              APFloat(op.epsilon), op.alg, postOps));
  }
  return RegionAttr::get(context, region.name, values, region.inputs,
                         region.weights, region.outputs, ops);
}

static std::vector<int64_t> toVector(ArrayRef<int64_t> values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

dnnl_region::RegionDesc seam::dnnl::getRegionDesc(RegionAttr attr) {
  dnnl_region::RegionDesc region;
  region.name = attr.getName().str();
  for (DenseI64ArrayAttr shape : attr.getValues())
    region.values.push_back(toVector(shape.asArrayRef()));
  region.inputs = toVector(attr.getInputs());
  region.weights = toVector(attr.getWeights());
  region.outputs = toVector(attr.getOutputs());
  for (OpAttr op : attr.getOps()) {
    dnnl_region::OpDesc &d = region.ops.emplace_back();
    d.kind = op.getKind();
    d.dst = op.getDst();
    d.srcs = toVector(op.getSrcs());
    d.bias = op.getBias();
    d.kernel = toVector(op.getKernel());
    d.strides = toVector(op.getStrides());
    d.pads = toVector(op.getPads());
    d.dilations = toVector(op.getDilations());
    d.perm = toVector(op.getPerm());
    d.offsets = toVector(op.getOffsets());
    d.group = op.getGroup();
    d.axis = op.getAxis();
    d.transA = op.getTransA();
    d.transB = op.getTransB();
    d.alpha = op.getAlpha().convertToFloat();
    d.beta = op.getBeta().convertToFloat();
    d.epsilon = op.getEpsilon().convertToFloat();
    d.alg = op.getAlg();
    for (PostOpAttr post : op.getPostOps()) {
      dnnl_region::PostOp &p = d.postOps.emplace_back();
      p.kind = post.getIsSum() ? dnnl_region::PostOp::Kind::Sum
                               : dnnl_region::PostOp::Kind::Eltwise;
      p.alg = post.getAlg();
      p.alpha = post.getAlpha().convertToFloat();
      p.beta = post.getBeta().convertToFloat();
      p.value = post.getValue();
    }
  }
  return region;
}
