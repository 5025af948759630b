//===- OnnxGraphImporter.cpp - ONNX graph -> seam ops ---------------------===//

#include "OnnxGraphImporter.h"
#include "OnnxModelLoader.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"
#include "seam/Support/DropPages.h"
#include "seam/Support/WeightAlignment.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/SaveAndRestore.h"

#include <cstring>
#include <functional>

using namespace mlir;
using namespace seam;

namespace seam::detail {

GraphImporter::GraphImporter(const onnx::ModelProto &model, ModuleOp module,
                             const OnnxImportOptions &options,
                             StringRef fileName,
                             std::shared_ptr<onnx::ModelProto> owner,
                             const InitializerViews *views)
    : model(model), owner(std::move(owner)), module(module), options(options),
      b(module.getContext()), fileName(fileName.str()),
      opsetVersion(defaultOpset(model)),
      currentLoc(FileLineColLoc::get(module.getContext(), fileName, 0, 0)) {
  if (!views || views->empty())
    return;
  // By address: only the main graph's initializers that hold no data of
  // their own (a subgraph's tensor or a later one may have the same name).
  for (const onnx::TensorProto &init : model.graph().initializer())
    if (!init.has_raw_data() && init.float_data_size() == 0)
      if (ArrayRef<char> view = views->lookup(init); view.data())
        mappedTensors[&init] = view;
  mapping = views->mapping;
}

/// The importer running on this thread's mapped tensors, for floatData (a
/// free function the op converters call).
static thread_local const llvm::DenseMap<const onnx::TensorProto *,
                                         ArrayRef<char>> *currentMappedTensors =
    nullptr;

/// The data of `t` in the model file's mapping, or an ArrayRef with a null
/// data pointer.
static ArrayRef<char> mappedBytes(const onnx::TensorProto &t) {
  if (!currentMappedTensors)
    return {};
  return currentMappedTensors->lookup(&t);
}

int64_t GraphImporter::domainOpset(StringRef domain) const {
  for (const auto &opset : model.opset_import())
    if (opset.domain() == domain)
      return opset.version();
  return 0;
}

//===----------------------------------------------------------------------===//
// Diagnostics and the value table
//===----------------------------------------------------------------------===//

OpDiagnostic GraphImporter::diagnostic() const {
  return OpDiagnostic::withPrefix(currentLoc, "node '" + currentLabel + "' (" +
                                                  current->op_type() + ")" +
                                                  currentScope + ": ");
}

InFlightDiagnostic GraphImporter::error() {
  InFlightDiagnostic diag = emitError(currentLoc);
  diag << "node '" << currentLabel << "' (" << current->op_type() << ")"
       << currentScope << ": ";
  return diag;
}

bool GraphImporter::hasInput(unsigned i) const {
  return static_cast<int>(i) < current->input_size() &&
         !current->input(i).empty();
}

FailureOr<ImportedValue *> GraphImporter::lookup(unsigned i) {
  if (!hasInput(i))
    return error() << "missing required input #" << i;
  auto it = values.find(current->input(i));
  if (it == values.end())
    return error() << "input '" << current->input(i)
                   << "' is not produced by any earlier node, graph input or "
                      "initializer";
  if (it->second.unsupportedType)
    return error() << "input '" << current->input(i) << "' has data type "
                   << dataTypeName(it->second.unsupportedType)
                   << ", which Seam does not support (" << kSupportedDataTypes
                   << ")";
  return &it->second;
}

FailureOr<const ImportedValue *> GraphImporter::input(unsigned i) {
  FailureOr<ImportedValue *> v = lookup(i);
  if (failed(v))
    return failure();
  return static_cast<const ImportedValue *>(*v);
}

FailureOr<Value> GraphImporter::tensorInput(unsigned i) {
  FailureOr<ImportedValue *> v = lookup(i);
  if (failed(v))
    return failure();
  return materialize(**v, current->input(i));
}

/// The ops whose float results all have their float inputs' type and that
/// Seam computes only in float32 (the kernel-shaped ops): float16 goes
/// through float32 (exact widening, one rounding of each result), as Keras
/// mixed precision exports them through tf2onnx.
static bool halfThroughF32Op(StringRef opType) {
  static const StringRef ops[] = {"Conv",
                                  "ConvTranspose",
                                  "Gemm",
                                  "MatMul",
                                  "Softmax",
                                  "BatchNormalization",
                                  "MaxPool",
                                  "AveragePool",
                                  "GlobalAveragePool",
                                  "LeakyRelu",
                                  "HardSigmoid",
                                  "LSTM",
                                  "GRU",
                                  "RNN"};
  return llvm::is_contained(ops, opType);
}

FailureOr<Value> GraphImporter::f32Input(unsigned i) {
  if (halfThroughF32) {
    FailureOr<ImportedValue *> in = lookup(i);
    if (failed(in))
      return failure();
    // A float16 weight becomes a float32 constant (exactly), not a cast.
    const onnx::TensorProto *t = (*in)->pending;
    if (t && t->data_type() == onnx::TensorProto::FLOAT16) {
      SmallVector<int64_t> dims(t->dims().begin(), t->dims().end());
      if (llvm::is_contained(dims, 0))
        return materialize(**in, current->input(i)); // The empty-tensor error.
      std::vector<double> data = floatValues(*t);
      widenedHalf = true;
      return floatConstant(dims, onnx::TensorProto::FLOAT, data);
    }
  }
  FailureOr<Value> v = tensorInput(i);
  if (failed(v))
    return failure();
  auto type = cast<RankedTensorType>(v->getType());
  Type elementType = type.getElementType();
  if (halfThroughF32 && elementType.isF16()) {
    widenedHalf = true;
    return CastOp::create(b, currentLoc, type.clone(b.getF32Type()), *v)
        .getResult();
  }
  if (!elementType.isF32())
    return error() << "input '" << current->input(i) << "' is a tensor of "
                   << elementType << "; Seam's " << current->op_type()
                   << (halfThroughF32 ? " takes float32 or float16 tensors"
                                      : " takes float32 tensors");
  return *v;
}

FailureOr<IntTensor> GraphImporter::intInput(unsigned i) {
  FailureOr<ImportedValue *> v = lookup(i);
  if (failed(v))
    return failure();
  if (!(*v)->ints)
    return error() << "input '" << current->input(i)
                   << "' must be an integer tensor known at import time "
                      "(a constant, or computed from static shapes)";
  return *(*v)->ints;
}

FailureOr<std::vector<float>> GraphImporter::floatConstantInput(unsigned i) {
  FailureOr<ImportedValue *> v = lookup(i);
  if (failed(v))
    return failure();
  if ((*v)->ints)
    return std::vector<float>((*v)->ints->values.begin(),
                              (*v)->ints->values.end());
  // An initializer read here becomes an attribute: no constant op for it.
  if ((*v)->pending) {
    std::vector<double> data = floatValues(*(*v)->pending);
    return std::vector<float>(data.begin(), data.end());
  }
  if (std::optional<std::vector<float>> data = getF32ConstantData((*v)->tensor))
    return std::move(*data);
  return error() << "input '" << current->input(i)
                 << "' must be a constant known at import time";
}

FailureOr<SmallVector<int64_t>> GraphImporter::inputShape(unsigned i) {
  FailureOr<ImportedValue *> v = lookup(i);
  if (failed(v))
    return failure();
  if ((*v)->ints)
    return (*v)->ints->shape;
  if ((*v)->pending)
    return SmallVector<int64_t>((*v)->pending->dims().begin(),
                                (*v)->pending->dims().end());
  return SmallVector<int64_t>(
      cast<RankedTensorType>((*v)->tensor.getType()).getShape());
}

void GraphImporter::setOutput(unsigned i, ImportedValue value) {
  if (static_cast<int>(i) >= current->output_size() ||
      current->output(i).empty())
    return;
  // Float shape values are also a constant of the IR (with the weights),
  // for the converters that take tensors; they are never empty
  // (ShapeFloatOps folds none), so this cannot fail.
  if (value.floats && !value.tensor)
    (void)materialize(value, current->output(i));
  values[current->output(i)] = std::move(value);
}
void GraphImporter::setOutput(unsigned i, Value value) {
  ImportedValue v;
  v.tensor = value;
  setOutput(i, std::move(v));
}
void GraphImporter::setOutput(unsigned i, IntTensor value) {
  ImportedValue v;
  v.ints = std::move(value);
  setOutput(i, std::move(v));
}

bool GraphImporter::isOutputUsed(unsigned i) const {
  return static_cast<int>(i) < current->output_size() &&
         !current->output(i).empty() && uses.lookup(current->output(i)) != 0;
}

LogicalResult GraphImporter::requireUnusedOutput(unsigned i, StringRef what) {
  if (!isOutputUsed(i))
    return success();
  return error() << "output #" << i << " ('" << current->output(i) << "', "
                 << what << ") is used, but Seam does not compute it";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

const onnx::AttributeProto *GraphImporter::findAttr(StringRef name) const {
  for (const auto &attr : current->attribute())
    if (attr.name() == name)
      return &attr;
  return nullptr;
}

static StringRef attrTypeName(onnx::AttributeProto::AttributeType t) {
  return onnx::AttributeProto::AttributeType_Name(t);
}

#define SEAM_CHECK_ATTR_TYPE(ATTR, TYPE)                                       \
  if ((ATTR)->type() != onnx::AttributeProto::TYPE)                            \
    return error() << "attribute '" << (ATTR)->name() << "' must be " #TYPE    \
                   << ", got " << attrTypeName((ATTR)->type());

FailureOr<int64_t> GraphImporter::intAttr(StringRef name, int64_t dflt) {
  const onnx::AttributeProto *attr = findAttr(name);
  if (!attr)
    return dflt;
  SEAM_CHECK_ATTR_TYPE(attr, INT)
  return attr->i();
}

FailureOr<float> GraphImporter::floatAttr(StringRef name, float dflt) {
  const onnx::AttributeProto *attr = findAttr(name);
  if (!attr)
    return dflt;
  SEAM_CHECK_ATTR_TYPE(attr, FLOAT)
  return attr->f();
}

FailureOr<std::string> GraphImporter::stringAttr(StringRef name,
                                                 StringRef dflt) {
  const onnx::AttributeProto *attr = findAttr(name);
  if (!attr)
    return dflt.str();
  SEAM_CHECK_ATTR_TYPE(attr, STRING)
  return attr->s();
}

FailureOr<std::optional<SmallVector<int64_t>>>
GraphImporter::intsAttr(StringRef name) {
  const onnx::AttributeProto *attr = findAttr(name);
  if (!attr)
    return std::optional<SmallVector<int64_t>>();
  SEAM_CHECK_ATTR_TYPE(attr, INTS)
  return std::optional<SmallVector<int64_t>>(
      SmallVector<int64_t>(attr->ints().begin(), attr->ints().end()));
}
#undef SEAM_CHECK_ATTR_TYPE

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

Value GraphImporter::createConstant(ArrayRef<int64_t> shape,
                                    ArrayRef<float> data, StringRef name) {
  return createF32Constant(b, currentLoc, shape, data, name,
                           options.inlineConstantLimit);
}

FloatData floatData(const onnx::TensorProto &t) {
  FloatData data;
  if (ArrayRef<char> mapped = mappedBytes(t); mapped.data()) {
    // 4-byte aligned (InitializerViews).
    data.values = ArrayRef<float>(reinterpret_cast<const float *>(mapped.data()),
                                  mapped.size() / sizeof(float));
    return data;
  }
  if (!t.has_raw_data()) {
    data.values = ArrayRef<float>(t.float_data().data(), t.float_data_size());
    return data;
  }
  const std::string &raw = t.raw_data();
  if (reinterpret_cast<uintptr_t>(raw.data()) % alignof(float) == 0) {
    data.values = ArrayRef<float>(reinterpret_cast<const float *>(raw.data()),
                                  raw.size() / sizeof(float));
  } else {
    data.aligned.resize(raw.size() / sizeof(float));
    std::memcpy(data.aligned.data(), raw.data(), raw.size());
    data.values = data.aligned;
  }
  return data;
}

std::vector<double> floatValues(const onnx::TensorProto &t) {
  std::vector<double> values;
  switch (t.data_type()) {
  case onnx::TensorProto::FLOAT: {
    FloatData data = floatData(t);
    values.assign(data.values.begin(), data.values.end());
    break;
  }
  case onnx::TensorProto::DOUBLE:
    if (t.has_raw_data()) {
      values.resize(t.raw_data().size() / sizeof(double));
      std::memcpy(values.data(), t.raw_data().data(),
                  values.size() * sizeof(double));
    } else {
      values.assign(t.double_data().begin(), t.double_data().end());
    }
    break;
  case onnx::TensorProto::FLOAT16: {
    // Half-precision bits: raw little-endian pairs, or one per int32_data.
    std::vector<uint16_t> bits;
    if (t.has_raw_data()) {
      bits.resize(t.raw_data().size() / 2);
      std::memcpy(bits.data(), t.raw_data().data(), bits.size() * 2);
    } else {
      bits.assign(t.int32_data().begin(), t.int32_data().end());
    }
    for (uint16_t h : bits)
      values.push_back(
          APFloat(APFloat::IEEEhalf(), APInt(16, h)).convertToFloat());
    break;
  }
  default:
    break;
  }
  return values;
}

FailureOr<ImportedValue> GraphImporter::readTensor(const onnx::TensorProto &t,
                                                   StringRef what) {
  SmallVector<int64_t> dims(t.dims().begin(), t.dims().end());
  std::optional<int64_t> count = elementCount(dims);
  auto fail = [&]() {
    return emitError(currentLoc) << what << " '" << t.name() << "': ";
  };
  if (!count)
    return fail() << "dims [" << dims
                  << "] are negative or their element count overflows int64";
  ImportedValue v;
  ArrayRef<char> mapped = mappedBytes(t);
  uint64_t rawBytes = mapped.data() ? mapped.size() : t.raw_data().size();
  auto checkRaw = [&](size_t elemSize) -> LogicalResult {
    if (rawBytes / elemSize != static_cast<uint64_t>(*count) ||
        rawBytes % elemSize) {
      auto diag = fail() << "has " << rawBytes
                         << " bytes of data but " << dataTypeName(t.data_type())
                         << " [" << dims << "] needs ";
      if (std::optional<int64_t> bytes =
              llvm::checkedMul(*count, static_cast<int64_t>(elemSize)))
        return diag << *bytes;
      return diag << *count << " x " << elemSize << " bytes";
    }
    return success();
  };
  auto checkCount = [&](int64_t n) -> LogicalResult {
    if (n != *count)
      return fail() << "has " << n << " values but shape [" << dims
                    << "] needs " << *count;
    return success();
  };
  switch (t.data_type()) {
  case onnx::TensorProto::FLOAT:
    if (t.has_raw_data() || mapped.data() ? failed(checkRaw(4))
                         : failed(checkCount(t.float_data_size())))
      return failure();
    v.pending = &t;
    return v;
  case onnx::TensorProto::DOUBLE:
    if (t.has_raw_data() ? failed(checkRaw(8))
                         : failed(checkCount(t.double_data_size())))
      return failure();
    v.pending = &t;
    return v;
  case onnx::TensorProto::FLOAT16:
    if (t.has_raw_data() ? failed(checkRaw(2))
                         : failed(checkCount(t.int32_data_size())))
      return failure();
    v.pending = &t;
    return v;
  case onnx::TensorProto::BOOL: {
    // Booleans (e.g. Dropout's training_mode) are read as 0/1 integers.
    IntTensor ints;
    ints.shape = dims;
    if (t.has_raw_data()) {
      if (failed(checkRaw(1)))
        return failure();
      for (char c : t.raw_data())
        ints.values.push_back(c != 0);
    } else {
      if (failed(checkCount(t.int32_data_size())))
        return failure();
      for (int32_t x : t.int32_data())
        ints.values.push_back(x != 0);
    }
    ints.dataType = onnx::TensorProto::BOOL;
    v.ints = std::move(ints);
    return v;
  }
  case onnx::TensorProto::INT8: {
    IntTensor ints;
    ints.shape = dims;
    ints.dataType = onnx::TensorProto::INT8;
    if (t.has_raw_data()) {
      if (failed(checkRaw(1)))
        return failure();
      for (char c : t.raw_data())
        ints.values.push_back(static_cast<int8_t>(c));
    } else {
      if (failed(checkCount(t.int32_data_size())))
        return failure();
      for (int32_t x : t.int32_data())
        ints.values.push_back(static_cast<int8_t>(x));
    }
    v.ints = std::move(ints);
    return v;
  }
  case onnx::TensorProto::UINT8:
  case onnx::TensorProto::UINT16:
  case onnx::TensorProto::UINT32:
  case onnx::TensorProto::UINT64: {
    // Zero-extended to 64 bits (a uint64 above INT64_MAX keeps its bits).
    unsigned bytes = t.data_type() == onnx::TensorProto::UINT8    ? 1
                     : t.data_type() == onnx::TensorProto::UINT16 ? 2
                     : t.data_type() == onnx::TensorProto::UINT32 ? 4
                                                                  : 8;
    IntTensor ints;
    ints.shape = dims;
    ints.dataType = t.data_type();
    if (t.has_raw_data()) {
      if (failed(checkRaw(bytes)))
        return failure();
      const char *raw = t.raw_data().data();
      for (int64_t i = 0; i < *count; ++i) {
        uint64_t x = 0;
        std::memcpy(&x, raw + bytes * i, bytes); // little-endian
        ints.values.push_back(static_cast<int64_t>(x));
      }
    } else if (bytes <= 2) {
      // uint8 and uint16 are in int32_data.
      if (failed(checkCount(t.int32_data_size())))
        return failure();
      uint64_t mask = bytes == 1 ? 0xff : 0xffff;
      for (int32_t x : t.int32_data())
        ints.values.push_back(
            static_cast<int64_t>(static_cast<uint32_t>(x) & mask));
    } else {
      // uint32 and uint64 are in uint64_data.
      if (failed(checkCount(t.uint64_data_size())))
        return failure();
      uint64_t mask = bytes == 4 ? 0xffffffffu : ~uint64_t(0);
      for (uint64_t x : t.uint64_data())
        ints.values.push_back(static_cast<int64_t>(x & mask));
    }
    v.ints = std::move(ints);
    return v;
  }
  case onnx::TensorProto::INT64:
  case onnx::TensorProto::INT32: {
    bool is64 = t.data_type() == onnx::TensorProto::INT64;
    IntTensor ints;
    ints.shape = dims;
    if (t.has_raw_data()) {
      if (failed(checkRaw(is64 ? 8 : 4)))
        return failure();
      const char *raw = t.raw_data().data();
      for (int64_t i = 0; i < *count; ++i) {
        if (is64) {
          int64_t x;
          std::memcpy(&x, raw + 8 * i, 8);
          ints.values.push_back(x);
        } else {
          int32_t x;
          std::memcpy(&x, raw + 4 * i, 4);
          ints.values.push_back(x);
        }
      }
    } else if (is64) {
      if (failed(checkCount(t.int64_data_size())))
        return failure();
      ints.values.assign(t.int64_data().begin(), t.int64_data().end());
    } else {
      if (failed(checkCount(t.int32_data_size())))
        return failure();
      ints.values.assign(t.int32_data().begin(), t.int32_data().end());
    }
    ints.dataType = t.data_type();
    v.ints = std::move(ints);
    return v;
  }
  default:
    v.unsupportedType = t.data_type() ? t.data_type() : -1;
    return v;
  }
}

FailureOr<Value> GraphImporter::materialize(ImportedValue &v, StringRef name) {
  if (v.tensor)
    return v.tensor;
  SmallVector<int64_t> dims;
  if (v.ints)
    dims = v.ints->shape;
  else if (v.floats)
    dims.assign(v.floats->shape.begin(), v.floats->shape.end());
  else
    dims.assign(v.pending->dims().begin(), v.pending->dims().end());
  if (llvm::is_contained(dims, 0)) {
    InFlightDiagnostic diag = current ? error() : emitError(currentLoc);
    return diag << "'" << name << "' is an empty tensor of shape [" << dims
                << "]; Seam does not support empty tensors";
  }
  // Weights go at the top of the function, in the order first used.
  OpBuilder::InsertionGuard guard(b);
  if (lastWeight)
    b.setInsertionPointAfter(lastWeight);
  else
    b.setInsertionPointToStart(b.getInsertionBlock());
  if (v.ints) {
    Type elementType = getElementType(context(), v.ints->dataType);
    auto type = RankedTensorType::get(dims, elementType);
    unsigned width = elementType.getIntOrFloatBitWidth();
    SmallVector<APInt> values;
    values.reserve(v.ints->values.size());
    for (int64_t x : v.ints->values)
      values.push_back(APInt(width, static_cast<uint64_t>(x),
                             /*isSigned=*/width > 1, /*implicitTrunc=*/true));
    v.tensor = arith::ConstantOp::create(b, currentLoc, type,
                                         DenseElementsAttr::get(type, values));
  } else if (v.floats) {
    v.tensor = floatConstant(dims, v.floats->dataType, v.floats->values);
  } else if (v.pending->data_type() == onnx::TensorProto::FLOAT) {
    v.tensor = materializeFloat(*v.pending, dims, name);
  } else {
    v.tensor =
        floatConstant(dims, v.pending->data_type(), floatValues(*v.pending));
  }
  v.pending = nullptr;
  lastWeight = v.tensor.getDefiningOp();
  return v.tensor;
}

Value GraphImporter::floatConstant(ArrayRef<int64_t> dims, int32_t dataType,
                                   ArrayRef<double> data) {
  Type elementType = getElementType(context(), dataType);
  auto type = RankedTensorType::get(dims, elementType);
  SmallVector<APFloat> values;
  for (double x : data) {
    APFloat f(x);
    bool lost;
    f.convert(cast<FloatType>(elementType).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    values.push_back(f);
  }
  return arith::ConstantOp::create(b, currentLoc, type,
                                   DenseElementsAttr::get(type, values));
}

Value GraphImporter::materializeFloat(const onnx::TensorProto &t,
                                      ArrayRef<int64_t> dims, StringRef name) {
  auto type = RankedTensorType::get(dims, b.getF32Type());
  if (Attribute viewed = viewedTensors.lookup(&t))
    return arith::ConstantOp::create(b, currentLoc, type,
                                     cast<TypedAttr>(viewed));
  ArrayRef<char> mapped = mappedTensors.lookup(&t);
  if (mapped.data() && static_cast<int64_t>(mapped.size() / sizeof(float)) >
                           options.inlineConstantLimit) {
    // The blob views the file's mapping; released, it drops the pages (read
    // again, they would come back from the file), and the last one unmaps
    // the file.
    AsmResourceBlob blob(
        mapped, alignof(float),
        [keep = mapping](void *data, size_t size, size_t) {
          const char *begin = static_cast<const char *>(data);
          dropWholePages(begin, begin + size);
        },
        /*dataIsMutable=*/false);
    auto attr = DenseResourceElementsAttr::get(
        type, name.empty() ? "weight" : name, std::move(blob));
    viewedTensors[&t] = attr;
    return arith::ConstantOp::create(b, currentLoc, type, attr);
  }
  const std::string &raw = t.raw_data();
  bool inPlace = owner && t.has_raw_data() &&
                 static_cast<int64_t>(raw.size() / sizeof(float)) >
                     options.inlineConstantLimit &&
                 reinterpret_cast<uintptr_t>(raw.data()) % alignof(float) == 0;
  if (!inPlace) {
    FloatData data = floatData(t);
    return createConstant(dims, data.values, name);
  }
  // The blob views the tensor's bytes; its deleter (run when the context
  // releases the blob) frees them, keeping the model alive until then (once
  // the graph is imported, takeViewedTensors gives each blob its bytes).
  auto *tensor = const_cast<onnx::TensorProto *>(&t);
  AsmResourceBlob blob(
      ArrayRef<char>(raw.data(), raw.size()), alignof(float),
      [owner = owner, tensor](void *, size_t, size_t) {
        std::string().swap(*tensor->mutable_raw_data());
      },
      /*dataIsMutable=*/false);
  auto attr = DenseResourceElementsAttr::get(
      type, name.empty() ? "weight" : name, std::move(blob));
  viewedTensors[&t] = attr;
  return arith::ConstantOp::create(b, currentLoc, type, attr);
}

//===----------------------------------------------------------------------===//
// The graph
//===----------------------------------------------------------------------===//

/// Counts the uses of each value name by the nodes of `graph` and of its
/// subgraphs (a value may be used only inside an If branch or a Loop body);
/// a subgraph's outputs use the names they return.
static void countUses(const onnx::GraphProto &graph,
                      llvm::StringMap<unsigned> &uses) {
  for (const auto &node : graph.node()) {
    for (const auto &in : node.input())
      ++uses[in];
    for (const auto &attr : node.attribute()) {
      llvm::SmallVector<const onnx::GraphProto *> subgraphs;
      if (attr.has_g())
        subgraphs.push_back(&attr.g());
      for (const auto &sub : attr.graphs())
        subgraphs.push_back(&sub);
      for (const onnx::GraphProto *sub : subgraphs) {
        countUses(*sub, uses);
        for (const auto &out : sub->output())
          ++uses[out.name()];
      }
    }
  }
}

LogicalResult GraphImporter::run() {
  llvm::SaveAndRestore<const llvm::DenseMap<const onnx::TensorProto *,
                                             ArrayRef<char>> *>
      mappedGuard(currentMappedTensors, &mappedTensors);
  const onnx::GraphProto &graph = model.graph();
  MLIRContext *ctx = context();

  for (const auto &vi : graph.value_info())
    if (vi.type().has_tensor_type())
      onnxTypes[vi.name()] = &vi.type().tensor_type();
  for (const auto &vi : graph.output())
    if (vi.type().has_tensor_type())
      onnxTypes[vi.name()] = &vi.type().tensor_type();
  countUses(graph, uses);
  for (const auto &out : graph.output()) {
    ++uses[out.name()];
    // Outputs are bound by name (Session::run, --expect, --save-outputs).
    if (!graphOutputs.insert(out.name()).second)
      return emitError(FileLineColLoc::get(ctx, fileName, 0, 0))
             << "graph output '" << out.name() << "' is listed more than once";
  }

  // Initializers (older models also list them as graph inputs).
  llvm::StringSet<> initializerNames;
  for (const auto &init : graph.initializer()) {
    FailureOr<ImportedValue> v = readTensor(init, "initializer");
    if (failed(v))
      return failure();
    // An empty float initializer may stand for an absent optional input
    // (Resize's roi and scales at opset 11); it is refused where it would
    // become a tensor of the IR (materialize).
    values[init.name()] = std::move(*v);
    initializerNames.insert(init.name());
  }

  // Graph inputs become arguments of @main, named by `seam.name`.
  SmallVector<Type> argTypes;
  SmallVector<std::string> argNames;
  for (const auto &input : graph.input()) {
    if (initializerNames.contains(input.name()))
      continue;
    const auto &tt = input.type().tensor_type();
    SmallVector<int64_t> shape;
    for (const auto &d : tt.shape().dim())
      shape.push_back(d.dim_value());
    if (!elementCount(shape))
      return emitError(currentLoc)
             << "input '" << input.name() << "': element count of [" << shape
             << "] overflows int64";
    argTypes.push_back(
        RankedTensorType::get(shape, getElementType(ctx, tt.elem_type())));
    argNames.push_back(input.name());
  }

  b.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(b, currentLoc, "main",
                                   FunctionType::get(ctx, argTypes, {}));
  Block *entry = func.addEntryBlock();
  for (auto [i, arg] : llvm::enumerate(entry->getArguments())) {
    values[argNames[i]].tensor = arg;
    func.setArgAttr(i, kTensorNameAttr, b.getStringAttr(argNames[i]));
  }
  b.setInsertionPointToStart(entry);

  for (const auto &node : graph.node())
    if (failed(importNode(node)))
      return failure();

  // Results.
  current = nullptr;
  currentLoc = FileLineColLoc::get(ctx, fileName, 0, 0);
  SmallVector<Value> results;
  for (const auto &out : graph.output()) {
    auto it = values.find(out.name());
    if (it == values.end())
      return emitError(currentLoc)
             << "output '" << out.name() << "' is not produced by any node";
    if (it->second.unsupportedType)
      return emitError(currentLoc)
             << "output '" << out.name() << "' has data type "
             << dataTypeName(it->second.unsupportedType) << "; Seam supports "
             << kSupportedDataTypes << " outputs";
    FailureOr<Value> v = materialize(it->second, out.name());
    if (failed(v))
      return failure();
    results.push_back(*v);
  }
  func::ReturnOp::create(b, currentLoc, results);
  func.setFunctionType(
      FunctionType::get(ctx, argTypes, ValueRange(results).getTypes()));
  for (auto [i, out] : llvm::enumerate(graph.output()))
    func.setResultAttr(i, kTensorNameAttr, b.getStringAttr(out.name()));
  takeViewedTensors();
  return success();
}

void GraphImporter::takeViewedTensors() {
  for (auto &[viewed, viewedAttr] : viewedTensors) {
    if (mappedTensors.contains(viewed))
      continue; // its blob views the file, not the model
    auto *tensor = const_cast<onnx::TensorProto *>(viewed);
    auto attr = cast<DenseResourceElementsAttr>(viewedAttr);
    DialectResourceBlobManager::BlobEntry *entry =
        attr.getRawHandle().getResource();
    if (!entry || !entry->getBlob())
      continue;
    // The string's buffer changes hands, not place: the old blob's view of
    // it stays valid until it is replaced below (its deleter then finds the
    // proto's raw_data empty).
    auto bytes =
        std::make_shared<std::string>(std::move(*tensor->mutable_raw_data()));
    tensor->clear_raw_data();
    size_t size = entry->getBlob()->getData().size();
    // Moved onto a 64-byte boundary where the loader left room, the bytes
    // can be the compiled code's weights as they are
    // (WeightStore::externalize), not copied into fresh pages. The blob
    // declares a float's alignment whatever the address (a printed blob
    // shows it: the same model prints the same text).
    const char *data = alignInPlace(*bytes);
    if (!data)
      data = bytes->data();
    entry->setBlob(AsmResourceBlob(
        ArrayRef<char>(data, size), alignof(float),
        [bytes](void *, size_t, size_t) {}, /*dataIsMutable=*/false));
  }
}

void GraphImporter::narrowHalfOutputs() {
  for (const std::string &out : current->output()) {
    auto it = values.find(out);
    if (out.empty() || it == values.end() || !it->second.tensor)
      continue;
    auto type = cast<RankedTensorType>(it->second.tensor.getType());
    if (!type.getElementType().isF32())
      continue;
    it->second.tensor =
        CastOp::create(b, currentLoc, type.clone(b.getF16Type()),
                       it->second.tensor)
            .getResult();
  }
}

LogicalResult GraphImporter::importNode(const onnx::NodeProto &node) {
  current = &node;
  // Unnamed nodes (common in ONNX's own tests) go by their first output.
  currentLabel = !node.name().empty() ? node.name()
                 : node.output_size() ? node.output(0)
                                      : node.op_type();
  currentLoc = NameLoc::get(b.getStringAttr(currentLabel),
                            FileLineColLoc::get(context(), fileName, 0, 0));
  OpConverter convert = lookupDomainOpConverter(node.domain(), node.op_type());
  if (!convert)
    return error() << "op is not supported";
  // Per node: the nodes of a subgraph it imports set their own.
  llvm::SaveAndRestore halfGuard(halfThroughF32,
                                 halfThroughF32Op(node.op_type()));
  llvm::SaveAndRestore widenedGuard(widenedHalf, false);
  if (failed(convert(*this)))
    return failure();
  if (widenedHalf)
    narrowHalfOutputs();

  // ONNX 1.12's shape inference keeps a ceil_mode pooling window that starts
  // in the end padding; PyTorch, ONNX Runtime and ONNX >= 1.16 drop it, and so
  // does Seam. ONNX's inferred shapes are not compared from there on.
  bool ceilPool =
      (node.op_type() == "MaxPool" || node.op_type() == "AveragePool") &&
      findAttr("ceil_mode") && findAttr("ceil_mode")->i() != 0;
  bool taintedInput = llvm::any_of(node.input(), [&](const std::string &in) {
    return untrusted.contains(in);
  });
  if (ceilPool || taintedInput)
    for (const auto &out : node.output())
      untrusted.insert(out);

  // Every output must be defined, not empty, and agree with its declared
  // shape (graph outputs) or ONNX's shape inference (other values).
  for (auto [i, out] : llvm::enumerate(node.output())) {
    if (out.empty())
      continue;
    auto it = values.find(out);
    if (it == values.end()) {
      if (i == 0 || uses.lookup(out))
        return error() << "output #" << i << " ('" << out
                       << "') was not produced";
      continue;
    }
    // Float tensors are data of the IR; Seam does not compute empty ones
    // (integer tensors are import-time shape constants, and may be).
    SmallVector<int64_t> actual;
    bool comparable = true;
    if (it->second.ints) {
      actual = it->second.ints->shape;
    } else if (it->second.tensor) {
      ArrayRef<int64_t> shape =
          cast<RankedTensorType>(it->second.tensor.getType()).getShape();
      actual.assign(shape.begin(), shape.end());
    } else if (it->second.pending) {
      actual.assign(it->second.pending->dims().begin(),
                    it->second.pending->dims().end());
      comparable = false;
    } else {
      continue;
    }
    if (!it->second.ints && !it->second.pending &&
        llvm::is_contained(actual, 0))
      return error() << "output '" << out << "' is an empty tensor of shape ["
                     << actual << "]; Seam does not support empty tensors";
    if (!comparable)
      continue;
    // Declared graph outputs are always checked; ONNX-inferred shapes only
    // where ONNX 1.12's rules are Seam's.
    bool declared = graphOutputs.contains(out);
    if (untrusted.contains(out) && !declared)
      continue;
    const onnx::TypeProto_Tensor *onnxType = onnxTypes.lookup(out);
    if (!onnxType || !onnxType->has_shape())
      continue;
    SmallVector<int64_t> expected;
    bool known = true;
    for (const auto &d : onnxType->shape().dim()) {
      known &= d.has_dim_value();
      expected.push_back(d.dim_value());
    }
    if (!known || actual == expected)
      continue;
    // A graph output's type is the one the model declares (run() puts it
    // over ONNX's inferred one).
    InFlightDiagnostic diag = error() << "output '" << out << "' has shape ["
                                      << actual << "] but ";
    if (declared)
      return diag << "the model declares [" << expected << "]";
    return diag << "ONNX shape inference gives [" << expected << "]";
  }
  return success();
}

FailureOr<SmallVector<ImportedValue>>
GraphImporter::inlineSubgraph(const onnx::GraphProto &graph,
                              ArrayRef<ImportedValue> inputs, StringRef what) {
  // Nesting is bounded by protobuf's recursion limit, unrolled loops by the
  // options.
  if (graph.input_size() != static_cast<int>(inputs.size()))
    return error() << what << " has " << graph.input_size()
                   << " inputs, expected " << inputs.size();

  const onnx::NodeProto *outerNode = current;
  std::string outerLabel = currentLabel, outerScope = currentScope;
  Location outerLoc = currentLoc;
  std::string scope = (" in " + what + " of node '" + currentLabel + "' (" +
                       current->op_type() + ")" + currentScope)
                          .str();
  auto restoreNode = [&] {
    current = outerNode;
    currentLabel = outerLabel;
    currentScope = outerScope;
    currentLoc = outerLoc;
  };

  // Each name the subgraph defines, with the outer entry it shadows.
  SmallVector<std::pair<std::string, std::optional<ImportedValue>>> defined;
  llvm::StringSet<> definedNames;
  auto define = [&](const std::string &name) {
    if (name.empty() || !definedNames.insert(name).second)
      return;
    auto it = values.find(name);
    defined.emplace_back(name, it == values.end()
                                   ? std::nullopt
                                   : std::optional<ImportedValue>(it->second));
  };
  auto restoreNames = [&] {
    for (auto &[name, old] : llvm::reverse(defined)) {
      if (old)
        values[name] = std::move(*old);
      else
        values.erase(name);
    }
  };

  for (auto [input, value] : llvm::zip_equal(graph.input(), inputs)) {
    define(input.name());
    values[input.name()] = value;
  }
  for (const auto &init : graph.initializer()) {
    FailureOr<ImportedValue> v = readTensor(init, "initializer");
    if (failed(v)) {
      restoreNames();
      return failure();
    }
    define(init.name());
    values[init.name()] = std::move(*v);
  }
  for (const auto &node : graph.node()) {
    if (++inlinedNodes > options.maxInlinedNodes) {
      InFlightDiagnostic diag = error();
      restoreNames();
      return diag << "If and Loop nodes inline more than "
                  << options.maxInlinedNodes
                  << " nodes of their subgraphs (a loop unrolled too many "
                     "times)";
    }
    for (const auto &out : node.output())
      define(out);
    currentScope = scope;
    LogicalResult imported = importNode(node);
    restoreNode();
    if (failed(imported)) {
      restoreNames();
      return failure();
    }
  }
  SmallVector<ImportedValue> results;
  for (const auto &out : graph.output()) {
    auto it = values.find(out.name());
    if (it == values.end()) {
      restoreNames();
      return error() << what << " output '" << out.name()
                     << "' is not produced by any node";
    }
    results.push_back(it->second);
  }
  restoreNames();
  return results;
}

LogicalResult checkSupportedOps(const onnx::ModelProto &model, Location loc) {
  SmallVector<const onnx::NodeProto *> unsupported;
  llvm::StringMap<unsigned> countByOp;
  const onnx::NodeProto *untyped = nullptr;
  // The nodes of the graph and of its subgraphs (If branches, Loop bodies).
  std::function<void(const onnx::GraphProto &)> visit =
      [&](const onnx::GraphProto &graph) {
        for (const auto &node : graph.node()) {
          if (node.op_type().empty() && !untyped)
            untyped = &node;
          for (const auto &attr : node.attribute()) {
            if (attr.has_g())
              visit(attr.g());
            for (const auto &sub : attr.graphs())
              visit(sub);
          }
          if (node.op_type().empty() ||
              lookupDomainOpConverter(node.domain(), node.op_type()))
            continue;
          unsupported.push_back(&node);
          ++countByOp[(node.domain().empty() ? "" : node.domain() + "::") +
                      node.op_type()];
        }
      };
  visit(model.graph());
  if (untyped)
    return emitError(loc) << "node '" << nodeLabel(*untyped)
                          << "' has no op_type";
  if (unsupported.empty())
    return success();
  std::vector<std::string> ops;
  for (const auto &entry : countByOp)
    ops.push_back(entry.getKey().str() + " (" +
                  std::to_string(entry.getValue()) +
                  (entry.getValue() == 1 ? " node)" : " nodes)"));
  llvm::sort(ops);
  InFlightDiagnostic diag = emitError(loc)
                            << "the model uses " << unsupported.size()
                            << " node(s) with ops Seam does not support: ";
  llvm::interleaveComma(ops, diag);
  for (const onnx::NodeProto *node : unsupported) {
    StringRef domain = node->domain().empty() ? StringRef("ai.onnx")
                                              : StringRef(node->domain());
    int64_t version = 0;
    for (const auto &o : model.opset_import())
      if (o.domain() == node->domain() ||
          (domain == "ai.onnx" && o.domain().empty()))
        version = o.version();
    StringRef hint =
        domain == "ai.onnx.ml" ? onnxMlRefusalHint(node->op_type()) : "";
    diag.attachNote(loc) << "node '" << nodeLabel(*node) << "': op "
                         << node->op_type() << " (domain '" << domain
                         << "', opset " << version << ") is not supported"
                         << (hint.empty() ? "" : ": ") << hint;
  }
  return diag;
}

} // namespace seam::detail
