//===- DnnlAttrs.cpp - The seam_dnnl dialect: region descriptions ---------===//

#include "IR/DnnlDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

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

using PostOpKind = dnnl_region::PostOp::Kind;

const char *seam::dnnl::getPostOpKeyword(PostOpKind kind) {
  switch (kind) {
  case PostOpKind::Sum:
    return "sum";
  case PostOpKind::Binary:
    return "binary";
  case PostOpKind::Eltwise:
    break;
  }
  return "eltwise";
}

FailureOr<PostOpKind> seam::dnnl::parsePostOpKind(AsmParser &parser) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  for (PostOpKind kind :
       {PostOpKind::Eltwise, PostOpKind::Sum, PostOpKind::Binary})
    if (keyword == getPostOpKeyword(kind))
      return kind;
  return parser.emitError(loc,
                          "expected post-op kind 'eltwise', 'sum' or 'binary'");
}

FailureOr<OpKind> seam::dnnl::parseOpKind(AsmParser &parser) {
  return desc::parseEnumKeyword<OpKind>(parser, "op kind",
                                        dnnl_region::lookupOpKind);
}

FailureOr<Algorithm> seam::dnnl::parseAlgorithm(AsmParser &parser) {
  return desc::parseEnumKeyword<Algorithm>(parser, "algorithm",
                                           dnnl_region::lookupAlgorithm);
}

FailureOr<SmallVector<dnnl_region::DataType>>
seam::dnnl::parseDataTypeList(AsmParser &parser) {
  SmallVector<dnnl_region::DataType> types;
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            FailureOr<dnnl_region::DataType> type =
                desc::parseEnumKeyword<dnnl_region::DataType>(
                    parser, "data type", dnnl_region::lookupDataType);
            if (failed(type))
              return failure();
            types.push_back(*type);
            return success();
          })))
    return failure();
  return types;
}

void seam::dnnl::printDataTypeList(AsmPrinter &printer,
                                   ArrayRef<dnnl_region::DataType> types) {
  printer << '[';
  llvm::interleaveComma(types, printer, [&](dnnl_region::DataType type) {
    printer << dnnl_region::getDataTypeKeyword(type);
  });
  printer << ']';
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult PostOpAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 PostOpKind kind, Algorithm alg, APFloat alpha,
                                 APFloat beta, int64_t value) {
  if (failed(desc::checkFinite(emitError, {{"alpha", alpha}, {"beta", beta}})))
    return failure();
  if (kind == PostOpKind::Sum) {
    if (value < 0)
      return emitError() << "a sum post-op needs the value it adds";
    if (alg != Algorithm::None)
      return emitError() << "a sum post-op has no algorithm";
    return success();
  }
  if (kind == PostOpKind::Binary) {
    if (value < 0)
      return emitError() << "a binary post-op needs its second operand";
    if (dnnl_region::getAlgorithmOpKind(alg) != OpKind::Binary)
      return emitError() << "a binary post-op needs a binary algorithm, not '"
                         << dnnl_region::getAlgorithmKeyword(alg) << "'";
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
  case OpKind::Deconv:
  case OpKind::MatMul:
  case OpKind::Binary:
  case OpKind::LayerNorm:
    return 2;
  case OpKind::BatchNorm:
    return 5;
  case OpKind::Concat:
    return -1;
  default:
    return 1;
  }
}

LogicalResult OpAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, OpKind kind, int64_t dst,
    ArrayRef<int64_t> srcs, int64_t bias, ArrayRef<int64_t> kernel,
    ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
    ArrayRef<int64_t> dilations, ArrayRef<int64_t> perm,
    ArrayRef<int64_t> offsets, int64_t group, int64_t axis, bool transA,
    bool transB, APFloat alpha, APFloat beta, APFloat epsilon, Algorithm alg,
    ArrayRef<PostOpAttr> postOps, ArrayRef<APFloat> scales,
    int64_t srcZeroPoint, int64_t weightZeroPoint, int64_t dstZeroPoint) {
  const char *name = dnnl_region::getOpKeyword(kind);
  if (failed(desc::checkFinite(
          emitError, {{"alpha", alpha}, {"beta", beta}, {"epsilon", epsilon}})))
    return failure();
  // The destination holds one summed value before the primitive runs.
  if (llvm::count_if(postOps, [](PostOpAttr post) {
        return post.getKind() == PostOpKind::Sum;
      }) > 1)
    return emitError() << name
                       << " has more than one sum post-op; a later value to "
                          "add is a binary post-op";
  int64_t sources = getNumSources(kind);
  if (sources < 0 ? srcs.empty() : static_cast<int64_t>(srcs.size()) != sources)
    return emitError() << name << " takes "
                       << (sources < 0 ? "at least 1" : std::to_string(sources))
                       << " sources, not " << srcs.size();
  bool algorithmic = kind == OpKind::Eltwise || kind == OpKind::Binary ||
                     kind == OpKind::Pool || kind == OpKind::Reduce ||
                     kind == OpKind::Resample;
  if (algorithmic && dnnl_region::getAlgorithmOpKind(alg) != kind)
    return emitError() << name << " needs one of its algorithms, not '"
                       << dnnl_region::getAlgorithmKeyword(alg) << "'";
  if (!algorithmic && alg != Algorithm::None)
    return emitError() << name << " has no algorithm";
  if (bias >= 0 && kind != OpKind::Conv && kind != OpKind::Deconv &&
      kind != OpKind::MatMul && kind != OpKind::LayerNorm)
    return emitError() << name << " has no bias";
  if (group < 1)
    return emitError() << "group must be positive, not " << group;
  bool quantized = !scales.empty() || srcZeroPoint != 0 ||
                   weightZeroPoint != 0 || dstZeroPoint != 0;
  if (quantized && kind != OpKind::Conv && kind != OpKind::MatMul)
    return emitError() << name << " has no scales or zero points";
  for (const APFloat &scale : scales)
    if (failed(desc::checkFinite(emitError, {{"scale", scale}})))
      return failure();
  return success();
}

namespace {

/// The window attributes of a conv or pool op must fit its source's rank.
LogicalResult checkWindow(desc::ValueChecker &checker, OpAttr op,
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
                   ArrayRef<DenseI64ArrayAttr> values,
                   ArrayRef<dnnl_region::DataType> types,
                   ArrayRef<int64_t> inputs, ArrayRef<int64_t> weights,
                   ArrayRef<int64_t> outputs, ArrayRef<OpAttr> ops) {
  if (!types.empty() && types.size() != values.size())
    return emitError() << "types has " << types.size() << " entries for "
                       << values.size() << " values";
  desc::ValueChecker checker(emitError, values);
  if (failed(checker.checkValues(inputs, weights, dnnl_region::kMaxRank,
                                 /*minDim=*/0, "oneDNN")))
    return failure();
  for (auto [i, op] : llvm::enumerate(ops)) {
    std::string what = "op " + std::to_string(i) + " (" +
                       dnnl_region::getOpKeyword(op.getKind()) + ")";
    for (int64_t src : op.getSrcs())
      if (failed(checker.use(src, what)))
        return failure();
    if (op.getBias() >= 0 && failed(checker.use(op.getBias(), what)))
      return failure();
    if ((op.getKind() == OpKind::Conv || op.getKind() == OpKind::Deconv ||
         op.getKind() == OpKind::Pool) &&
        failed(checkWindow(checker, op, what)))
      return failure();
    // A sum or binary post-op reads a value computed before the op, not
    // its result.
    for (PostOpAttr post : op.getPostOps())
      if (post.getKind() != PostOpKind::Eltwise &&
          failed(checker.use(post.getValue(), what)))
        return failure();
    if (failed(checker.define(op.getDst(), what)))
      return failure();
  }
  return checker.checkOutputs(outputs);
}

//===----------------------------------------------------------------------===//
// KernelDescriptionAttrInterface
//===----------------------------------------------------------------------===//

LogicalResult
RegionAttr::verifyKernelCall(function_ref<InFlightDiagnostic()> emitError,
                             StringRef region, TypeRange inputs,
                             TypeRange weights, TypeRange outputs) const {
  return desc::verifyKernelCallTypes(
      emitError, region, getName(), getValues(), inputs, getInputs(), weights,
      getWeights(), outputs, getOutputs(),
      llvm::map_to_vector(getTypes(), [&](dnnl_region::DataType type) {
        return getElementType(getContext(), type);
      }));
}

std::vector<uint8_t> RegionAttr::serialize() const {
  return dnnl_region::serialize(getRegionDesc(*this));
}

//===----------------------------------------------------------------------===//
// Conversion from and to the runtime's description
//===----------------------------------------------------------------------===//

std::optional<dnnl_region::DataType> seam::dnnl::getDataType(Type type) {
  using dnnl_region::DataType;
  if (type.isF32())
    return DataType::F32;
  if (type.isSignlessInteger(8))
    return DataType::S8;
  if (type.isUnsignedInteger(8))
    return DataType::U8;
  if (type.isSignlessInteger(32))
    return DataType::S32;
  return std::nullopt;
}

Type seam::dnnl::getElementType(MLIRContext *context,
                                dnnl_region::DataType type) {
  switch (type) {
  case dnnl_region::DataType::F32:
    return Float32Type::get(context);
  case dnnl_region::DataType::S8:
    return IntegerType::get(context, 8);
  case dnnl_region::DataType::U8:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case dnnl_region::DataType::S32:
    return IntegerType::get(context, 32);
  }
  return {};
}

RegionAttr seam::dnnl::getRegionAttr(MLIRContext *context,
                                     const dnnl_region::RegionDesc &region) {
  SmallVector<DenseI64ArrayAttr> values =
      desc::getValueAttrs(context, region.values);
  SmallVector<OpAttr> ops;
  for (const dnnl_region::OpDesc &op : region.ops) {
    SmallVector<PostOpAttr> postOps;
    for (const dnnl_region::PostOp &post : op.postOps)
      postOps.push_back(PostOpAttr::get(context, post.kind, post.alg,
                                        APFloat(post.alpha), APFloat(post.beta),
                                        post.value));
    ops.push_back(OpAttr::get(
        context, op.kind, op.dst, op.srcs, op.bias, op.kernel, op.strides,
        op.pads, op.dilations, op.perm, op.offsets, op.group, op.axis,
        op.transA, op.transB, APFloat(op.alpha), APFloat(op.beta),
        APFloat(op.epsilon), op.alg, postOps,
        llvm::map_to_vector(op.scales, [](float s) { return APFloat(s); }),
        op.srcZeroPoint, op.weightZeroPoint, op.dstZeroPoint));
  }
  // All f32: no types.
  SmallVector<dnnl_region::DataType> types;
  if (llvm::any_of(region.types, [](dnnl_region::DataType t) {
        return t != dnnl_region::DataType::F32;
      }))
    types.assign(region.types.begin(), region.types.end());
  return RegionAttr::get(context, region.name, values, types, region.inputs,
                         region.weights, region.outputs, ops);
}

dnnl_region::RegionDesc seam::dnnl::getRegionDesc(RegionAttr attr) {
  dnnl_region::RegionDesc region;
  region.name = attr.getName().str();
  region.values = desc::getValueDims(attr.getValues());
  region.types.assign(region.values.size(), dnnl_region::DataType::F32);
  for (auto [i, type] : llvm::enumerate(attr.getTypes()))
    region.types[i] = type;
  region.inputs = desc::toVector(attr.getInputs());
  region.weights = desc::toVector(attr.getWeights());
  region.outputs = desc::toVector(attr.getOutputs());
  for (OpAttr op : attr.getOps()) {
    dnnl_region::OpDesc &d = region.ops.emplace_back();
    d.kind = op.getKind();
    d.dst = op.getDst();
    d.srcs = desc::toVector(op.getSrcs());
    d.bias = op.getBias();
    d.kernel = desc::toVector(op.getKernel());
    d.strides = desc::toVector(op.getStrides());
    d.pads = desc::toVector(op.getPads());
    d.dilations = desc::toVector(op.getDilations());
    d.perm = desc::toVector(op.getPerm());
    d.offsets = desc::toVector(op.getOffsets());
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
      p.kind = post.getKind();
      p.alg = post.getAlg();
      p.alpha = post.getAlpha().convertToFloat();
      p.beta = post.getBeta().convertToFloat();
      p.value = post.getValue();
    }
    for (const APFloat &scale : op.getScales())
      d.scales.push_back(scale.convertToFloat());
    d.srcZeroPoint = op.getSrcZeroPoint();
    d.weightZeroPoint = op.getWeightZeroPoint();
    d.dstZeroPoint = op.getDstZeroPoint();
  }
  return region;
}
