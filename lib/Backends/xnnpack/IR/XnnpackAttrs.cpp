//===- XnnpackAttrs.cpp - The seam_xnnpack dialect: region descriptions ---===//

#include "IR/XnnpackDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace seam;
using namespace seam::xnnpack;
using xnnpack_region::OpKind;

#include "IR/XnnpackDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "IR/XnnpackAttrs.cpp.inc"

void SeamXnnpackDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "IR/XnnpackAttrs.cpp.inc"
      >();
}

FailureOr<OpKind> seam::xnnpack::parseOpKind(AsmParser &parser) {
  return desc::parseEnumKeyword<OpKind>(parser, "op kind",
                                        xnnpack_region::lookupOpKind);
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// The number of sources an op kind takes (-1: two or more).
static int64_t getNumSources(OpKind kind) {
  switch (kind) {
  case OpKind::Conv2d:
  case OpKind::FullyConnected:
  case OpKind::Add:
  case OpKind::Multiply:
  case OpKind::Subtract:
  case OpKind::Divide:
    return 2;
  case OpKind::Concat:
    return -1;
  default:
    return 1;
  }
}

static bool isWindowed(OpKind kind) {
  return kind == OpKind::Conv2d || kind == OpKind::MaxPool2d ||
         kind == OpKind::AvgPool2d;
}

LogicalResult OpAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             OpKind kind, int64_t dst, ArrayRef<int64_t> srcs,
                             int64_t bias, ArrayRef<int64_t> kernel,
                             ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
                             ArrayRef<int64_t> dilations, int64_t group,
                             int64_t axis, bool transB, bool countIncludePad,
                             APFloat outputMin, APFloat outputMax,
                             APFloat alpha, APFloat padValue,
                             ArrayRef<int64_t> perm, ArrayRef<int64_t> starts,
                             ArrayRef<int64_t> steps) {
  const char *name = xnnpack_region::getOpKeyword(kind);
  if (failed(desc::checkFinite(emitError,
                               {{"alpha", alpha}, {"pad_value", padValue}})))
    return failure();
  if (outputMin.isNaN() || outputMax.isNaN() ||
      outputMin.compare(outputMax) != APFloat::cmpLessThan)
    return emitError() << "output_min must be less than output_max";
  int64_t sources = getNumSources(kind);
  if (sources < 0 ? srcs.size() < 2
                  : static_cast<int64_t>(srcs.size()) != sources)
    return emitError() << name << " takes "
                       << (sources < 0 ? "at least 2" : std::to_string(sources))
                       << " sources, not " << srcs.size();
  if (bias >= 0 && kind != OpKind::Conv2d && kind != OpKind::FullyConnected)
    return emitError() << name << " has no bias";
  if (group < 1)
    return emitError() << "group must be positive, not " << group;
  if (group != 1 && kind != OpKind::Conv2d)
    return emitError() << name << " has no group";
  if (countIncludePad && kind != OpKind::AvgPool2d)
    return emitError() << name << " has no count_include_pad";
  if (transB && kind != OpKind::FullyConnected)
    return emitError() << name << " has no trans_b";
  if (!perm.empty() && kind != OpKind::Transpose)
    return emitError() << name << " has no perm";
  if ((!starts.empty() || !steps.empty()) && kind != OpKind::Slice)
    return emitError() << name << " has no starts or steps";
  if (llvm::is_contained(steps, 0))
    return emitError() << name << ": 'steps' has a 0";
  if (isWindowed(kind)) {
    auto check = [&](ArrayRef<int64_t> list, size_t size, StringRef field,
                     bool optional, int64_t min) -> LogicalResult {
      if (!(optional && list.empty()) && list.size() != size)
        return emitError() << name << ": '" << field << "' has " << list.size()
                           << " entries, expected " << size;
      for (int64_t v : list)
        if (v < min)
          return emitError() << name << ": '" << field << "' has " << v
                             << ", below " << min;
      return success();
    };
    if (failed(check(kernel, 2, "kernel", false, 1)) ||
        failed(check(strides, 2, "strides", true, 1)) ||
        failed(check(pads, 4, "pads", true, 0)) ||
        failed(check(dilations, 2, "dilations", true, 1)))
      return failure();
  } else if (!kernel.empty() || !strides.empty() || !dilations.empty() ||
             (!pads.empty() && kind != OpKind::ConstantPad)) {
    return emitError() << name << " has no window (kernel, strides, pads, "
                       << "dilations)";
  }
  return success();
}

/// Whether `perm` holds each of 0 .. size - 1 once.
static bool isPermutation(ArrayRef<int64_t> perm) {
  SmallVector<bool> seen(perm.size(), false);
  for (int64_t axis : perm) {
    if (axis < 0 || axis >= static_cast<int64_t>(perm.size()) || seen[axis])
      return false;
    seen[axis] = true;
  }
  return true;
}

/// The dst dims of a transpose (the source's, permuted) or a slice (every
/// index it takes within the source's dims).
static LogicalResult
verifyDataMovement(function_ref<InFlightDiagnostic()> emitError,
                   const std::string &what, OpAttr op, ArrayRef<int64_t> src,
                   ArrayRef<int64_t> dst) {
  if (dst.size() != src.size())
    return emitError() << what << ": its dst has rank " << dst.size()
                       << ", its source " << src.size();
  for (size_t d = 0; d < src.size(); ++d) {
    if (op.getKind() == OpKind::Transpose) {
      if (dst[d] != src[op.getPerm()[d]])
        return emitError() << what << ": dst dim " << d << " is " << dst[d]
                           << ", source dim " << op.getPerm()[d] << " is "
                           << src[op.getPerm()[d]];
      continue;
    }
    int64_t start = op.getStarts()[d];
    int64_t last = 0;
    bool overflows =
        __builtin_mul_overflow(dst[d] - 1, op.getSteps()[d], &last) ||
        __builtin_add_overflow(start, last, &last);
    if (overflows || start < 0 || start >= src[d] || last < 0 || last >= src[d])
      return emitError() << what << ": dim " << d << " takes " << dst[d]
                         << " elements from " << start << " by "
                         << op.getSteps()[d] << ", outside [0, " << src[d]
                         << ")";
  }
  return success();
}

LogicalResult
RegionAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                   ArrayRef<DenseI64ArrayAttr> values, ArrayRef<int64_t> inputs,
                   ArrayRef<int64_t> weights, ArrayRef<int64_t> outputs,
                   ArrayRef<OpAttr> ops) {
  desc::ValueChecker checker(emitError, values);
  if (failed(checker.checkValues(inputs, weights, xnnpack_region::kMaxRank,
                                 /*minDim=*/1, "XNNPACK")))
    return failure();
  for (auto [i, op] : llvm::enumerate(ops)) {
    std::string what = "op " + std::to_string(i) + " (" +
                       xnnpack_region::getOpKeyword(op.getKind()) + ")";
    for (int64_t src : op.getSrcs())
      if (failed(checker.use(src, what)))
        return failure();
    if (op.getBias() >= 0 && failed(checker.use(op.getBias(), what)))
      return failure();
    int64_t rank = checker.rank(op.getSrcs()[0]);
    if ((isWindowed(op.getKind()) || op.getKind() == OpKind::GlobalAvgPool2d) &&
        rank != 4)
      return emitError() << what << " needs a 4-D source, not " << rank << "-D";
    if (op.getKind() == OpKind::ConstantPad &&
        static_cast<int64_t>(op.getPads().size()) != 2 * rank)
      return emitError() << what << ": 'pads' has " << op.getPads().size()
                         << " entries, expected " << 2 * rank;
    if (op.getKind() == OpKind::Transpose &&
        (static_cast<int64_t>(op.getPerm().size()) != rank ||
         !isPermutation(op.getPerm())))
      return emitError() << what << ": 'perm' is not a permutation of the "
                         << rank << " dims of its source";
    if (op.getKind() == OpKind::Slice &&
        (static_cast<int64_t>(op.getStarts().size()) != rank ||
         static_cast<int64_t>(op.getSteps().size()) != rank))
      return emitError() << what << ": 'starts' and 'steps' need " << rank
                         << " entries each, one per dim of its source";
    if ((op.getKind() == OpKind::Transpose || op.getKind() == OpKind::Slice) &&
        failed(verifyDataMovement(emitError, what, op,
                                  checker.dims(op.getSrcs()[0]),
                                  checker.dims(op.getDst()))))
      return failure();
    if ((op.getKind() == OpKind::Softmax || op.getKind() == OpKind::Concat) &&
        (op.getAxis() < 0 || op.getAxis() >= rank))
      return emitError() << what << ": axis " << op.getAxis()
                         << " is not in [0, " << rank << ")";
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
  return desc::verifyKernelCallTypes(emitError, region, getName(), getValues(),
                                     inputs, getInputs(), weights, getWeights(),
                                     outputs, getOutputs());
}

std::vector<uint8_t> RegionAttr::serialize() const {
  return xnnpack_region::serialize(getRegionDesc(*this));
}

//===----------------------------------------------------------------------===//
// Conversion from and to the runtime's description
//===----------------------------------------------------------------------===//

RegionAttr
seam::xnnpack::getRegionAttr(MLIRContext *context,
                             const xnnpack_region::RegionDesc &region) {
  SmallVector<OpAttr> ops;
  for (const xnnpack_region::OpDesc &op : region.ops)
    ops.push_back(OpAttr::get(
        context, op.kind, op.dst, op.srcs, op.bias, op.kernel, op.strides,
        op.pads, op.dilations, op.group, op.axis, op.transB, op.countIncludePad,
        APFloat(op.outputMin), APFloat(op.outputMax), APFloat(op.alpha),
        APFloat(op.padValue), op.perm, op.starts, op.steps));
  return RegionAttr::get(context, region.name,
                         desc::getValueAttrs(context, region.values),
                         region.inputs, region.weights, region.outputs, ops);
}

xnnpack_region::RegionDesc seam::xnnpack::getRegionDesc(RegionAttr attr) {
  xnnpack_region::RegionDesc region;
  region.name = attr.getName().str();
  region.values = desc::getValueDims(attr.getValues());
  region.inputs = desc::toVector(attr.getInputs());
  region.weights = desc::toVector(attr.getWeights());
  region.outputs = desc::toVector(attr.getOutputs());
  for (OpAttr op : attr.getOps()) {
    xnnpack_region::OpDesc &d = region.ops.emplace_back();
    d.kind = op.getKind();
    d.dst = op.getDst();
    d.srcs = desc::toVector(op.getSrcs());
    d.bias = op.getBias();
    d.kernel = desc::toVector(op.getKernel());
    d.strides = desc::toVector(op.getStrides());
    d.pads = desc::toVector(op.getPads());
    d.dilations = desc::toVector(op.getDilations());
    d.group = op.getGroup();
    d.axis = op.getAxis();
    d.transB = op.getTransB();
    d.countIncludePad = op.getCountIncludePad();
    d.outputMin = op.getOutputMin().convertToFloat();
    d.outputMax = op.getOutputMax().convertToFloat();
    d.alpha = op.getAlpha().convertToFloat();
    d.padValue = op.getPadValue().convertToFloat();
    d.perm = desc::toVector(op.getPerm());
    d.starts = desc::toVector(op.getStarts());
    d.steps = desc::toVector(op.getSteps());
  }
  return region;
}
