//===- OnnxModelLoader.cpp - Parse and normalize an ONNX model ------------===//
//
// Compiled with exceptions: the ONNX checker, version converter and shape
// inference report errors by throwing. Every exception is caught here and
// turned into a diagnostic.
//
//===----------------------------------------------------------------------===//

#include "OnnxModelLoader.h"
#include "ChildProcess.h"
#include "seam/Support/RegularFile.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "onnx/checker.h"
#include "onnx/shape_inference/implementation.h"
#include "onnx/version_converter/convert.h"
// After ONNX's headers: <sys/mman.h> defines MAP_TYPE, an enumerator there.
#include "seam/Support/DropPages.h"
#include "seam/Support/HugePages.h"
#include "seam/Support/WeightAlignment.h"

#include <cerrno>
#include <cstring>
#include <functional>
#include <future>
#include <limits>
#include <sys/mman.h>
#include <system_error>

using namespace mlir;

namespace seam::detail {

std::string dataTypeName(int32_t type) {
  if (onnx::TensorProto_DataType_IsValid(type))
    return onnx::TensorProto_DataType_Name(
        static_cast<onnx::TensorProto_DataType>(type));
  return "data type " + std::to_string(type);
}

std::string nodeLabel(const onnx::NodeProto &node) {
  return node.name().empty() && node.output_size() ? node.output(0)
                                                   : node.name();
}

int64_t defaultOpset(const onnx::ModelProto &model) {
  for (const auto &opset : model.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx")
      return opset.version();
  return 0;
}

//===----------------------------------------------------------------------===//
// External data
//===----------------------------------------------------------------------===//

/// The bytes the data of `tensor` takes (its dims and element type), or
Type getElementType(MLIRContext *ctx, int32_t type) {
  switch (type) {
  case onnx::TensorProto::FLOAT:
    return Float32Type::get(ctx);
  case onnx::TensorProto::DOUBLE:
    return Float64Type::get(ctx);
  case onnx::TensorProto::FLOAT16:
    return Float16Type::get(ctx);
  case onnx::TensorProto::INT64:
    return IntegerType::get(ctx, 64);
  case onnx::TensorProto::INT32:
    return IntegerType::get(ctx, 32);
  case onnx::TensorProto::INT8:
    return IntegerType::get(ctx, 8);
  case onnx::TensorProto::UINT8:
    return IntegerType::get(ctx, 8, IntegerType::Unsigned);
  case onnx::TensorProto::UINT16:
    return IntegerType::get(ctx, 16, IntegerType::Unsigned);
  case onnx::TensorProto::UINT32:
    return IntegerType::get(ctx, 32, IntegerType::Unsigned);
  case onnx::TensorProto::UINT64:
    return IntegerType::get(ctx, 64, IntegerType::Unsigned);
  case onnx::TensorProto::BOOL:
    return IntegerType::get(ctx, 1);
  default:
    return Type();
  }
}

/// nullopt for a type without a fixed size (strings) or a count that does
/// not fit 64 bits.
static std::optional<uint64_t> getElementByteSize(int32_t type) {
  switch (type) {
  case onnx::TensorProto::BOOL:
  case onnx::TensorProto::INT8:
  case onnx::TensorProto::UINT8:
    return 1;
  case onnx::TensorProto::INT16:
  case onnx::TensorProto::UINT16:
  case onnx::TensorProto::FLOAT16:
  case onnx::TensorProto::BFLOAT16:
    return 2;
  case onnx::TensorProto::INT32:
  case onnx::TensorProto::UINT32:
  case onnx::TensorProto::FLOAT:
    return 4;
  case onnx::TensorProto::INT64:
  case onnx::TensorProto::UINT64:
  case onnx::TensorProto::DOUBLE:
  case onnx::TensorProto::COMPLEX64:
    return 8;
  case onnx::TensorProto::COMPLEX128:
    return 16;
  default:
    return std::nullopt;
  }
}

static std::optional<uint64_t> getTensorByteSize(const onnx::TensorProto &t) {
  std::optional<uint64_t> elementBytes = getElementByteSize(t.data_type());
  if (!elementBytes)
    return std::nullopt;
  uint64_t bytes = *elementBytes;
  for (int64_t dim : t.dims()) {
    if (dim < 0)
      return std::nullopt;
    if (dim != 0 && bytes > std::numeric_limits<uint64_t>::max() /
                                static_cast<uint64_t>(dim))
      return std::nullopt;
    bytes *= static_cast<uint64_t>(dim);
  }
  return bytes;
}

/// Validates the external-data reference of `tensor` and loads its bytes into
/// raw_data. The location must be a relative path inside `baseDir` (no
/// absolute paths, no "..", no symlink out of the folder: the ONNX
/// external-data path traversal of CVE-2022-25882), and offset/length must lie
/// inside the file.
static LogicalResult loadExternalData(onnx::TensorProto &tensor,
                                      StringRef baseDir, Location loc) {
  auto fail = [&]() {
    return emitError(loc) << "initializer '" << tensor.name()
                          << "': external data ";
  };
  if (baseDir.empty())
    return fail() << "cannot be loaded for a model given as bytes without a "
                     "base folder";
  std::string location;
  std::optional<uint64_t> offset, length;
  for (const auto &entry : tensor.external_data()) {
    auto parseNumber = [&](std::optional<uint64_t> &out) -> LogicalResult {
      uint64_t v;
      if (StringRef(entry.value()).getAsInteger(10, v))
        return fail() << entry.key() << " '" << entry.value()
                      << "' is not a non-negative integer";
      out = v;
      return success();
    };
    if (entry.key() == "location")
      location = entry.value();
    else if (entry.key() == "offset" && failed(parseNumber(offset)))
      return failure();
    else if (entry.key() == "length" && failed(parseNumber(length)))
      return failure();
  }
  if (location.empty())
    return fail() << "has no location";
  namespace path = llvm::sys::path;
  if (path::is_absolute(location) ||
      path::is_absolute(location, path::Style::windows) ||
      StringRef(location).contains('\\') || StringRef(location).contains(':'))
    return fail() << "location '" << location
                  << "' must be a relative path inside the model's folder";
  for (StringRef part :
       llvm::make_range(path::begin(location), path::end(location)))
    if (part == "..")
      return fail()
             << "location '" << location
             << "' must not contain '..' (it would leave the model's folder)";

  llvm::SmallString<256> folder, file;
  if (llvm::sys::fs::real_path(baseDir, folder))
    return fail() << "base folder '" << baseDir << "' does not exist";
  llvm::SmallString<256> joined(folder);
  path::append(joined, location);
  if (llvm::sys::fs::real_path(joined, file))
    return fail() << "file '" << location << "' does not exist in '" << folder
                  << "'";
  llvm::SmallString<256> prefix(folder);
  path::append(prefix, "");
  if (!StringRef(file).starts_with(prefix))
    return fail() << "location '" << location << "' resolves to '" << file
                  << "', outside the model's folder";

  // Only a regular file (no FIFO, device or folder), and only the bytes
  // the tensor needs: never the whole of a large file.
  RegularFile data(file);
  if (!data.ok())
    return fail() << "'" << location << "' cannot be read: " << data.error();
  uint64_t size = data.size();
  uint64_t begin = offset.value_or(0);
  if (begin > size)
    return fail() << "offset " << begin << " is past the end of '" << location
                  << "' (" << size << " bytes)";
  uint64_t count = length.value_or(size - begin);
  if (count > size - begin)
    return fail() << "offset " << begin << " + length " << count
                  << " is past the end of '" << location << "' (" << size
                  << " bytes)";
  if (std::optional<uint64_t> needed = getTensorByteSize(tensor);
      needed && count != *needed)
    return fail() << "'" << location << "' has " << count
                  << " bytes (from offset " << begin << ") but "
                  << dataTypeName(tensor.data_type()) << " ["
                  << llvm::SmallVector<int64_t>(tensor.dims().begin(),
                                                tensor.dims().end())
                  << "] needs " << *needed;
  auto buffer = data.read(begin, count);
  if (!buffer)
    return fail() << "'" << location
                  << "' cannot be read: " << buffer.getError().message();
  tensor.set_raw_data((*buffer)->getBufferStart(), count);
  tensor.clear_external_data();
  tensor.set_data_location(onnx::TensorProto_DataLocation_DEFAULT);
  return success();
}

static LogicalResult loadAllExternalData(onnx::GraphProto &graph,
                                         StringRef baseDir, Location loc) {
  for (auto &init : *graph.mutable_initializer())
    if (init.data_location() == onnx::TensorProto_DataLocation_EXTERNAL &&
        failed(loadExternalData(init, baseDir, loc)))
      return failure();
  for (auto &node : *graph.mutable_node())
    for (auto &attr : *node.mutable_attribute())
      if (attr.has_t() &&
          attr.t().data_location() == onnx::TensorProto_DataLocation_EXTERNAL &&
          failed(loadExternalData(*attr.mutable_t(), baseDir, loc)))
        return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Input shapes
//===----------------------------------------------------------------------===//

/// A declared ONNX shape as "[1, 3, N, 4]" (a symbolic dim by its name, "?"
/// without one).
static std::string declaredShape(const onnx::TensorShapeProto &shape) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(shape.dim())) {
    if (i)
      text += ", ";
    text += d.has_dim_value()   ? std::to_string(d.dim_value())
            : d.has_dim_param() ? d.dim_param()
                                : "?";
  }
  return text + "]";
}

/// An initializer that is also a graph input (older models list initializers
/// as inputs, as their default values) must have the type the input declares;
/// ONNX's shape inference would fail on it naming no tensor.
static LogicalResult checkInitializerInput(const onnx::TensorProto &init,
                                           const onnx::ValueInfoProto &input,
                                           Location loc) {
  auto fail = [&]() {
    return emitError(loc) << "initializer '" << init.name() << "' ";
  };
  if (!input.type().has_tensor_type())
    return fail() << "is also a graph input, which is not a tensor";
  const auto &type = input.type().tensor_type();
  if (type.elem_type() != onnx::TensorProto::UNDEFINED &&
      type.elem_type() != init.data_type())
    return fail() << "has data type " << dataTypeName(init.data_type())
                  << " but graph input '" << input.name()
                  << "' of the same name declares "
                  << dataTypeName(type.elem_type());
  if (!type.has_shape())
    return success();
  bool same = type.shape().dim_size() == init.dims_size();
  for (int i = 0; same && i < init.dims_size(); ++i)
    same = !type.shape().dim(i).has_dim_value() ||
           type.shape().dim(i).dim_value() == init.dims(i);
  if (!same)
    return fail() << "has shape ["
                  << llvm::SmallVector<int64_t>(init.dims().begin(),
                                                init.dims().end())
                  << "] but graph input '" << input.name()
                  << "' of the same name declares "
                  << declaredShape(type.shape());
  return success();
}

/// The signature of `graph` when one of its tensor inputs has a dim that is
/// neither fixed nor in `options.inputShapes`; nothing when every input dim
/// is known (or an input cannot be typed: fixInputShapes reports it).
static std::optional<OnnxSignature>
findDynamicSignature(const onnx::GraphProto &graph,
                     const OnnxImportOptions &options, MLIRContext *ctx) {
  llvm::StringSet<> initializers;
  for (const auto &init : graph.initializer())
    initializers.insert(init.name());
  auto signatureOf = [&](const onnx::ValueInfoProto &value)
      -> std::optional<OnnxValueSignature> {
    if (!value.type().has_tensor_type() ||
        !value.type().tensor_type().has_shape())
      return std::nullopt;
    const auto &tensor = value.type().tensor_type();
    Type elementType = getElementType(ctx, tensor.elem_type());
    if (!elementType)
      return std::nullopt;
    OnnxValueSignature s{value.name(), elementType, {}};
    for (const auto &dim : tensor.shape().dim()) {
      // A dim of 0 or below is no open dim: fixInputShapes refuses it.
      if (dim.has_dim_value() && dim.dim_value() <= 0)
        return std::nullopt;
      s.dims.push_back(dim.has_dim_value() ? dim.dim_value()
                                           : ShapedType::kDynamic);
    }
    return s;
  };
  // A --input-shape naming no input is reported by fixInputShapes, now.
  for (const auto &entry : options.inputShapes)
    if (initializers.contains(entry.getKey()) ||
        llvm::none_of(graph.input(), [&](const onnx::ValueInfoProto &input) {
          return input.name() == entry.getKey();
        }))
      return std::nullopt;
  OnnxSignature signature;
  bool dynamic = false;
  for (const auto &input : graph.input()) {
    if (initializers.contains(input.name()))
      continue;
    std::optional<OnnxValueSignature> s = signatureOf(input);
    if (!s)
      return std::nullopt;
    if (!options.inputShapes.count(input.name()))
      dynamic |= llvm::is_contained(s->dims, ShapedType::kDynamic);
    signature.inputs.push_back(std::move(*s));
  }
  if (!dynamic)
    return std::nullopt;
  for (const auto &output : graph.output()) {
    std::optional<OnnxValueSignature> s = signatureOf(output);
    if (!s) {
      // Its rank is not declared: the specialization tells.
      s = OnnxValueSignature{output.name(), Type(), {}};
      if (output.type().has_tensor_type())
        s->elementType =
            getElementType(ctx, output.type().tensor_type().elem_type());
    }
    signature.outputs.push_back(std::move(*s));
  }
  return signature;
}

/// Applies `--input-shape` overrides to the graph inputs and checks that every
/// graph input (that is not an initializer) ends up with a static shape.
static LogicalResult fixInputShapes(onnx::GraphProto &graph,
                                    const OnnxImportOptions &options,
                                    Location loc) {
  llvm::StringMap<const onnx::TensorProto *> initializers;
  llvm::StringSet<> inputs;
  for (const auto &init : graph.initializer())
    initializers[init.name()] = &init;
  for (const auto &input : graph.input())
    inputs.insert(input.name());
  // Names first: an open dim of another input is not the error here.
  for (const auto &entry : options.inputShapes)
    if (!inputs.contains(entry.getKey()) ||
        initializers.contains(entry.getKey()))
      return emitError(loc) << "--input-shape names '" << entry.getKey()
                            << "', which is not an input of the model";
  for (auto &input : *graph.mutable_input()) {
    if (const onnx::TensorProto *init = initializers.lookup(input.name())) {
      if (failed(checkInitializerInput(*init, input, loc)))
        return failure();
      continue;
    }
    if (!input.type().has_tensor_type())
      return emitError(loc)
             << "input '" << input.name()
             << "' is not a tensor; Seam imports tensor inputs only";
    int32_t elemType = input.type().tensor_type().elem_type();
    if (!getElementType(loc.getContext(), elemType))
      return emitError(loc) << "input '" << input.name() << "' has data type "
                            << dataTypeName(elemType) << "; Seam supports "
                            << kSupportedDataTypes << " inputs";
    auto *tensorType = input.mutable_type()->mutable_tensor_type();
    auto it = options.inputShapes.find(input.name());
    if (it != options.inputShapes.end()) {
      ArrayRef<int64_t> shape = it->second;
      for (auto [i, d] : llvm::enumerate(shape))
        if (d <= 0)
          return emitError(loc)
                 << "--input-shape " << input.name() << " sets dimension " << i
                 << " to " << d << " (input dims must be positive)";
      auto *dims = tensorType->mutable_shape();
      if (tensorType->has_shape() &&
          dims->dim_size() != static_cast<int>(shape.size()))
        return emitError(loc)
               << "--input-shape " << input.name() << " has rank "
               << shape.size() << " but input '" << input.name()
               << "' has rank " << dims->dim_size();
      if (!tensorType->has_shape())
        for (size_t i = 0; i < shape.size(); ++i)
          dims->add_dim();
      for (auto [i, d] : llvm::enumerate(shape)) {
        auto *dim = dims->mutable_dim(i);
        if (dim->has_dim_value() && dim->dim_value() != d)
          return emitError(loc)
                 << "--input-shape " << input.name() << " sets dimension " << i
                 << " to " << d << " but the model fixes it to "
                 << dim->dim_value();
        dim->set_dim_value(d);
      }
      continue;
    }
    if (!tensorType->has_shape())
      return emitError(loc) << "input '" << input.name()
                            << "' has no shape; give one with --input-shape "
                            << input.name() << "=DxDx...";
    for (auto [i, dim] : llvm::enumerate(tensorType->shape().dim())) {
      if (dim.has_dim_value() && dim.dim_value() <= 0)
        return emitError(loc) << "input '" << input.name() << "' has dimension "
                              << i << " of size " << dim.dim_value()
                              << " (input dims must be positive)";
      if (!dim.has_dim_value()) {
        auto diag = emitError(loc) << "input '" << input.name()
                                   << "' has dynamic dimension " << i;
        if (dim.has_dim_param())
          diag << " ('" << dim.dim_param() << "')";
        return diag << "; fix it with --input-shape " << input.name()
                    << "=DxDx...";
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

/// Fails, saying why, when the parse did not succeed or `model` has no
/// graph nodes or outputs.
static LogicalResult checkParsedModel(bool parsed, Location loc,
                                      const onnx::ModelProto &model);

/// Fails when a model of `bytes` is beyond what protobuf parses.
static LogicalResult checkModelSize(uint64_t bytes, Location loc) {
  if (bytes > static_cast<uint64_t>(std::numeric_limits<int>::max()))
    return emitError(loc) << "model of " << bytes
                          << " bytes exceeds protobuf's 2 GiB limit; store "
                             "weights as external data";
  return success();
}

LogicalResult parseOnnxModel(StringRef bytes, Location loc,
                             onnx::ModelProto &model) {
  if (failed(checkModelSize(bytes.size(), loc)))
    return failure();
  return checkParsedModel(
      !bytes.empty() &&
          model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())),
      loc, model);
}

namespace {
/// One field of a protobuf message's wire encoding.
struct WireField {
  uint64_t number = 0, wireType = 0;
  /// The field's bytes (tag included), and its payload when length-delimited.
  const char *begin = nullptr, *end = nullptr;
  const char *payload = nullptr;
  uint64_t length = 0;
  /// A varint field's value.
  uint64_t value = 0;
};

/// Reads the fields of one message's encoding in order.
class WireReader {
public:
  WireReader(const char *begin, const char *end) : p(begin), end(end) {}
  bool atEnd() const { return p == end; }
  /// The next field; false when the encoding is malformed.
  bool next(WireField &field) {
    field.begin = p;
    uint64_t tag;
    if (!varint(tag) || (tag >> 3) == 0)
      return false;
    field.number = tag >> 3;
    field.wireType = tag & 7;
    switch (field.wireType) {
    case 0:
      if (!varint(field.value))
        return false;
      break;
    case 1:
    case 5: {
      size_t n = field.wireType == 1 ? 8 : 4;
      if (static_cast<size_t>(end - p) < n)
        return false;
      p += n;
      break;
    }
    case 2:
      if (!varint(field.length) ||
          field.length > static_cast<uint64_t>(end - p))
        return false;
      field.payload = p;
      p += field.length;
      break;
    default: // groups: not in ONNX's messages
      return false;
    }
    field.end = p;
    return true;
  }

private:
  bool varint(uint64_t &value) {
    value = 0;
    for (int shift = 0; shift < 64 && p != end; shift += 7) {
      uint8_t byte = static_cast<uint8_t>(*p++);
      value |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return true;
    }
    return false;
  }
  const char *p;
  const char *end;
};

/// A model file mapped for reading, whose pages are dropped from the
/// process once parsed. (Writable copy-on-write: a kernel library may write
/// into the weights it was handed, never into the file.)
class MappedModel {
public:
  MappedModel(int fd, size_t size) : size(size) {
    void *address =
        ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (address != MAP_FAILED) {
      data = static_cast<const char *>(address);
      dropped = data;
    }
  }
  ~MappedModel() {
    if (data)
      ::munmap(const_cast<char *>(data), size);
  }
  const char *begin() const { return data; }
  const char *end() const { return data + size; }
  /// Drops the whole pages before `until` (parsed: never read again).
  void dropBefore(const char *until) {
    dropped = dropWholePages(dropped, until);
  }
  /// Keeps the pages before `until` that were not dropped yet (they hold a
  /// viewed tensor).
  void keepBefore(const char *until) { dropped = std::max(dropped, until); }

private:
  const char *data = nullptr, *dropped = nullptr;
  size_t size;
};
} // namespace

/// What parseInitializer needs to know of a TensorProto's encoding before
/// it is parsed.
struct TensorEncoding {
  WireField rawData; // length 0 when absent
  uint64_t dataType = 0;
  bool external = false;
  bool valid = false;
};

static TensorEncoding scanTensorEncoding(const char *begin, const char *end) {
  constexpr uint64_t kDataTypeField = 2, kRawDataField = 9,
                     kDataLocationField = 14;
  TensorEncoding encoding;
  WireReader reader(begin, end);
  WireField field;
  while (!reader.atEnd()) {
    if (!reader.next(field))
      return encoding;
    if (field.number == kRawDataField && field.wireType == 2)
      encoding.rawData = field;
    else if (field.number == kDataTypeField && field.wireType == 0)
      encoding.dataType = field.value;
    else if (field.number == kDataLocationField && field.wireType == 0)
      encoding.external = field.value == onnx::TensorProto::EXTERNAL;
  }
  encoding.valid = true;
  return encoding;
}

/// Parses the TensorProto encoded in [begin, end) without its raw_data
/// field `rawData` into `tensor`, and records that field's payload as the
/// view of the tensor's data; false (nothing parsed) when the tensor cannot
/// be viewed: no name, or a name viewed before.
static bool parseViewedInitializer(const char *begin, const char *end,
                                   const WireField &rawData,
                                   onnx::TensorProto &tensor,
                                   InitializerViews &views) {
  std::string rest(begin, rawData.begin);
  rest.append(rawData.end, end);
  if (!tensor.ParseFromString(rest) || tensor.name().empty() ||
      views.bytes.contains(tensor.name())) {
    tensor.Clear();
    return false;
  }
  views.bytes[tensor.name()] =
      ArrayRef<char>(rawData.payload, rawData.length);
  return true;
}

/// Tensors of at least this many bytes may stay in the file's mapping.
constexpr uint64_t kViewBytes = kAlignInPlaceBytes;

/// Parses the initializer encoded in `field` into `tensor`. A large raw_data
/// is parsed into a string whose capacity was reserved (with room to align
/// it), and advised huge pages, before it is written: protobuf clears it,
/// keeping the capacity, and assigns the bytes into that capacity, which then
/// faults in once per 2 MiB instead of per 4 KiB.
static bool parseInitializer(const WireField &field,
                             onnx::TensorProto &tensor, MappedModel &file,
                             InitializerViews *views) {
  if (field.length > static_cast<uint64_t>(std::numeric_limits<int>::max()))
    return false;
  const char *end = field.payload + field.length;
  TensorEncoding encoding = scanTensorEncoding(field.payload, end);
  uint64_t raw = encoding.rawData.length;
  if (views && encoding.valid && raw >= kViewBytes &&
      encoding.dataType == onnx::TensorProto::FLOAT && !encoding.external &&
      reinterpret_cast<uintptr_t>(encoding.rawData.payload) % alignof(float) ==
          0 &&
      parseViewedInitializer(field.payload, end, encoding.rawData, tensor,
                             *views)) {
    file.dropBefore(encoding.rawData.payload);
    file.keepBefore(encoding.rawData.payload + raw);
    return true;
  }
  if (raw >= kAlignInPlaceBytes) {
    // Room to move the bytes onto a 64-byte boundary where they are
    // (seam::alignInPlace) rather than copy them into fresh pages.
    std::string *bytes = tensor.mutable_raw_data();
    bytes->reserve(raw + kWeightAlignment);
    if (raw >= 2 * kHugePageBytes)
      adviseHugePages(bytes->data(), raw + kWeightAlignment);
  }
  return tensor.ParseFromArray(field.payload, static_cast<int>(field.length));
}

/// Parses the GraphProto encoded in [begin, end) into `graph`, each
/// initializer on its own, dropping the file's pages behind it.
static bool parseGraphByInitializer(const char *begin, const char *end,
                                    onnx::GraphProto &graph,
                                    MappedModel &file,
                                    InitializerViews *views) {
  constexpr uint64_t kInitializerField = 5;
  std::string rest;
  WireReader reader(begin, end);
  WireField field;
  while (!reader.atEnd()) {
    if (!reader.next(field))
      return false;
    if (field.number != kInitializerField || field.wireType != 2) {
      rest.append(field.begin, field.end);
      continue;
    }
    if (!parseInitializer(field, *graph.add_initializer(), file, views))
      return false;
    file.dropBefore(field.end);
  }
  return graph.MergeFromString(rest);
}

LogicalResult parseOnnxModelFile(const RegularFile &file, Location loc,
                                 onnx::ModelProto &model,
                                 InitializerViews *views) {
  if (failed(checkModelSize(file.size(), loc)))
    return failure();
  if (file.size() == 0)
    return checkParsedModel(false, loc, model);
  // The graph's initializers are parsed one by one from a mapping of the
  // file whose pages are dropped behind them: the weights are never in the
  // process twice. (Same result as parsing the whole: a message's encoding
  // is its fields in any grouping, repeated ones in order.)
  auto mapping = std::make_shared<MappedModel>(file.descriptor(), file.size());
  MappedModel &mapped = *mapping;
  if (!mapped.begin())
    return emitError(loc) << "cannot map the model file: "
                          << std::strerror(errno);
  constexpr uint64_t kGraphField = 7;
  std::string rest;
  std::vector<WireField> graphs;
  WireReader reader(mapped.begin(), mapped.end());
  WireField field;
  bool parsed = true;
  while (parsed && !reader.atEnd()) {
    parsed = reader.next(field);
    if (!parsed)
      break;
    if (field.number == kGraphField && field.wireType == 2)
      graphs.push_back(field);
    else
      rest.append(field.begin, field.end);
  }
  parsed = parsed && model.ParseFromString(rest);
  for (const WireField &graph : graphs)
    parsed = parsed && parseGraphByInitializer(graph.payload,
                                               graph.payload + graph.length,
                                               *model.mutable_graph(), mapped,
                                               views);
  if (views && !views->empty())
    views->mapping = std::move(mapping);
  return checkParsedModel(parsed, loc, model);
}

ArrayRef<char>
InitializerViews::lookup(const onnx::TensorProto &tensor) const {
  auto it = bytes.find(tensor.name());
  return it == bytes.end() ? ArrayRef<char>() : it->second;
}

void InitializerViews::materialize(onnx::GraphProto &graph) {
  for (onnx::TensorProto &init : *graph.mutable_initializer()) {
    ArrayRef<char> view = lookup(init);
    if (view.data() && !init.has_raw_data())
      init.set_raw_data(view.data(), view.size());
  }
  bytes.clear();
  mapping.reset();
}

static LogicalResult checkParsedModel(bool parsed, Location loc,
                                      const onnx::ModelProto &model) {
  if (!parsed)
    return emitError(loc) << "not a valid ONNX model (the file is empty, "
                             "truncated or not an ONNX protobuf)";
  if (!model.has_graph() || model.graph().node_size() == 0)
    return emitError(loc) << "the ONNX model has no graph nodes";
  if (model.graph().output_size() == 0)
    return emitError(loc) << "the ONNX model has no graph outputs";
  return success();
}

/// ONNX 1.12's shape inference of LayerNormalization indexes the input's
/// dims from `axis` (+ rank when negative) without checking it: an axis
/// below -rank, or one that wraps in an int, reads out of bounds (SIGSEGV;
/// found by seam-fuzz-import). The input ranks are not known before that
/// inference, so a first inference runs on a copy where each layer norm is
/// an Identity of its input; each axis is then checked against the rank of
/// its input. (Where that rank stays unknown, the real inference does not
/// look at the axis either.)
static LogicalResult checkLayerNormAxes(const onnx::ModelProto &model,
                                        Location loc) {
  std::function<bool(onnx::GraphProto &)> replace =
      [&](onnx::GraphProto &graph) {
        bool any = false;
        for (auto &node : *graph.mutable_node()) {
          for (auto &attr : *node.mutable_attribute()) {
            if (attr.has_g())
              any |= replace(*attr.mutable_g());
            for (auto &sub : *attr.mutable_graphs())
              any |= replace(sub);
          }
          if (node.op_type() != "LayerNormalization" ||
              (!node.domain().empty() && node.domain() != "ai.onnx"))
            continue;
          any = true;
          node.set_op_type("Identity");
          node.clear_attribute();
          if (node.input_size() > 1)
            node.mutable_input()->DeleteSubrange(1, node.input_size() - 1);
          if (node.output_size() > 1)
            node.mutable_output()->DeleteSubrange(1, node.output_size() - 1);
        }
        return any;
      };
  bool hasLayerNorm = false;
  std::function<void(const onnx::GraphProto &)> scan =
      [&](const onnx::GraphProto &graph) {
        for (const auto &node : graph.node()) {
          hasLayerNorm |= node.op_type() == "LayerNormalization";
          for (const auto &attr : node.attribute()) {
            if (attr.has_g())
              scan(attr.g());
            for (const auto &sub : attr.graphs())
              scan(sub);
          }
        }
      };
  scan(model.graph());
  if (!hasLayerNorm)
    return success();
  // The probe is the model without the data of its larger initializers
  // (inference reads only small constant inputs: shapes, axes, ...).
  onnx::ModelProto probe;
  probe.set_ir_version(model.ir_version());
  *probe.mutable_opset_import() = model.opset_import();
  const onnx::GraphProto &graph = model.graph();
  onnx::GraphProto &probeGraph = *probe.mutable_graph();
  *probeGraph.mutable_node() = graph.node();
  *probeGraph.mutable_input() = graph.input();
  *probeGraph.mutable_output() = graph.output();
  for (const auto &init : graph.initializer()) {
    onnx::TensorProto &copy = *probeGraph.add_initializer();
    if (init.ByteSizeLong() <= 4096) {
      copy = init;
      continue;
    }
    copy.set_name(init.name());
    copy.set_data_type(init.data_type());
    *copy.mutable_dims() = init.dims();
  }
  replace(probeGraph);
  try {
    onnx::shape_inference::InferShapes(probe);
  } catch (const std::exception &) {
    // The real inference reports it.
  }
  llvm::StringMap<int64_t> ranks;
  std::function<void(const onnx::GraphProto &)> collect =
      [&](const onnx::GraphProto &graph) {
        auto note = [&](const onnx::ValueInfoProto &vi) {
          if (vi.type().tensor_type().has_shape())
            ranks[vi.name()] = vi.type().tensor_type().shape().dim_size();
        };
        for (const auto &vi : graph.input())
          note(vi);
        for (const auto &vi : graph.value_info())
          note(vi);
        for (const auto &vi : graph.output())
          note(vi);
        for (const auto &init : graph.initializer())
          ranks[init.name()] = init.dims_size();
        for (const auto &node : graph.node())
          for (const auto &attr : node.attribute()) {
            if (attr.has_g())
              collect(attr.g());
            for (const auto &sub : attr.graphs())
              collect(sub);
          }
      };
  collect(probe.graph());
  std::function<LogicalResult(const onnx::GraphProto &)> check =
      [&](const onnx::GraphProto &graph) -> LogicalResult {
    for (const auto &node : graph.node()) {
      for (const auto &attr : node.attribute()) {
        if (attr.has_g() && failed(check(attr.g())))
          return failure();
        for (const auto &sub : attr.graphs())
          if (failed(check(sub)))
            return failure();
      }
      if (node.op_type() != "LayerNormalization" || node.input_size() == 0)
        continue;
      auto it = ranks.find(node.input(0));
      if (it == ranks.end())
        continue;
      int64_t rank = it->second, axis = -1;
      for (const auto &attr : node.attribute())
        if (attr.name() == "axis")
          axis = attr.i();
      if (rank == 0 || axis < -rank || axis >= rank)
        return emitError(loc)
               << "node '" << nodeLabel(node) << "' (LayerNormalization): axis "
               << axis << " is out of range for input '" << node.input(0)
               << "' of rank " << rank;
    }
    return success();
  };
  return check(model.graph());
}

/// ONNX 1.12's shape inference of convolutions and pooling reads the input's
/// dims 2 .. 2 + (kernel rank) without checking the input's rank (SIGSEGV on
/// a rank-3 input with a rank-4 weight). The ranks that can be known before
/// inference (graph inputs, initializers, and through ops that keep the rank
/// of their first input) are checked against each window op's kernel rank
/// (its weight's rank - 2, or kernel_shape's length) first. ConvInteger and
/// QLinearConv go through the same inference.
static LogicalResult checkWindowRanks(const onnx::GraphProto &graph,
                                      Location loc) {
  llvm::StringMap<int64_t> rank;
  for (const auto &input : graph.input())
    if (input.type().tensor_type().has_shape())
      rank[input.name()] = input.type().tensor_type().shape().dim_size();
  for (const auto &init : graph.initializer())
    rank[init.name()] = init.dims_size();
  static const llvm::StringSet<> keepsRank = {"Relu",
                                              "Sigmoid",
                                              "Tanh",
                                              "Abs",
                                              "Neg",
                                              "Exp",
                                              "Log",
                                              "Sqrt",
                                              "Clip",
                                              "LeakyRelu",
                                              "HardSigmoid",
                                              "HardSwish",
                                              "Softmax",
                                              "Identity",
                                              "Dropout",
                                              "Cast",
                                              "BatchNormalization",
                                              "Elu",
                                              "Selu",
                                              "Erf",
                                              "Conv",
                                              "ConvInteger",
                                              "QLinearConv",
                                              "ConvTranspose",
                                              "MaxPool",
                                              "AveragePool",
                                              "LpPool",
                                              "GlobalAveragePool",
                                              "GlobalMaxPool",
                                              "InstanceNormalization",
                                              "LRN"};
  static const llvm::StringSet<> windowOps = {
      "Conv",    "ConvInteger", "QLinearConv", "ConvTranspose",
      "MaxPool", "AveragePool", "LpPool"};
  for (const auto &node : graph.node()) {
    auto known = [&](int i) -> std::optional<int64_t> {
      if (i >= node.input_size())
        return std::nullopt;
      auto it = rank.find(node.input(i));
      if (it == rank.end())
        return std::nullopt;
      return it->second;
    };
    if (windowOps.contains(node.op_type())) {
      std::optional<int64_t> kernelRank;
      for (const auto &attr : node.attribute())
        if (attr.name() == "kernel_shape")
          kernelRank = attr.ints_size();
      // The weight: input 3 of QLinearConv (after x's scale and zero
      // point), input 1 of the other convolutions.
      StringRef op = node.op_type();
      if (op.starts_with("Conv") || op == "QLinearConv")
        if (std::optional<int64_t> w = known(op == "QLinearConv" ? 3 : 1))
          kernelRank = *w - 2;
      std::optional<int64_t> x = known(0);
      if (x && kernelRank && *kernelRank >= 1 && *x != *kernelRank + 2)
        return emitError(loc)
               << "node '" << nodeLabel(node) << "' (" << node.op_type()
               << "): input '" << node.input(0) << "' has rank " << *x
               << " but the kernel has " << *kernelRank
               << " spatial dims (the input needs rank " << *kernelRank + 2
               << ")";
    }
    // Gemm's inference reads two dims of A and of B, whatever their rank.
    if (node.op_type() == "Gemm") {
      for (int i = 0; i < 2; ++i)
        if (std::optional<int64_t> r = known(i); r && *r != 2)
          return emitError(loc)
                 << "node '" << nodeLabel(node) << "' (Gemm): input '"
                 << node.input(i) << "' has rank " << *r
                 << " but Gemm takes matrices (rank 2)";
      if (node.output_size() > 0)
        rank[node.output(0)] = 2;
    }
    if (keepsRank.contains(node.op_type()) && node.output_size() > 0)
      if (std::optional<int64_t> x = known(0))
        rank[node.output(0)] = *x;
    // GatherND's inference copies dims from batch_dims on, unchecked
    // (SIGSEGV with -5: found by seam-fuzz-compile).
    if (node.op_type() == "GatherND")
      for (const auto &attr : node.attribute()) {
        if (attr.name() != "batch_dims")
          continue;
        std::optional<int64_t> data = known(0), indices = known(1);
        int64_t limit =
            std::min(data.value_or(INT64_MAX), indices.value_or(INT64_MAX));
        if (attr.i() < 0 || attr.i() >= limit)
          return emitError(loc)
                 << "node '" << nodeLabel(node) << "' (GatherND): batch_dims "
                 << attr.i() << " must be >= 0 and below the ranks of data "
                 << "and indices";
      }
    // STFT's inference indexes the signal's dims without checking its rank
    // (SIGSEGV on a scalar signal: found by seam-fuzz-compile). The spec's
    // ranks: signal 3, frame_step 0, window 1, frame_length 0.
    if (node.op_type() == "STFT") {
      const int64_t expected[] = {3, 0, 1, 0};
      const char *names[] = {"signal", "frame_step", "window", "frame_length"};
      for (int i = 0; i < 4; ++i)
        if (std::optional<int64_t> r = known(i); r && *r != expected[i])
          return emitError(loc)
                 << "node '" << nodeLabel(node) << "' (STFT): input '"
                 << node.input(i) << "' (" << names[i] << ") has rank " << *r
                 << " but STFT takes rank " << expected[i];
    }
    // A Constant's rank is its value's (a Gemm's B may be one: found by
    // seam-fuzz-import).
    if (node.op_type() == "Constant" && node.output_size() > 0)
      for (const auto &attr : node.attribute()) {
        if (attr.name() == "value" && attr.has_t())
          rank[node.output(0)] = attr.t().dims_size();
        else if (attr.name() == "value_float" || attr.name() == "value_int")
          rank[node.output(0)] = 0;
        else if (attr.name() == "value_floats" || attr.name() == "value_ints")
          rank[node.output(0)] = 1;
      }
  }
  return success();
}

/// Upsample and opset-10 Resize map output index i to input i / scale and
/// round nearest coordinates down; the converter's Resize_10_11 adapter
/// (which Upsample_9_10 goes through) keeps neither, leaving Resize-11's
/// defaults (half_pixel, round_prefer_floor), which compute something else.
static void keepOpset10ResizeCoordinates(onnx::GraphProto &graph) {
  for (onnx::NodeProto &node : *graph.mutable_node()) {
    if (node.op_type() != "Resize" || !node.domain().empty())
      continue;
    bool hasTransform = false, hasNearest = false;
    for (const onnx::AttributeProto &attr : node.attribute()) {
      hasTransform |= attr.name() == "coordinate_transformation_mode";
      hasNearest |= attr.name() == "nearest_mode";
    }
    auto addString = [&](const char *name, const char *value) {
      onnx::AttributeProto *attr = node.add_attribute();
      attr->set_name(name);
      attr->set_type(onnx::AttributeProto::STRING);
      attr->set_s(value);
    };
    if (!hasTransform)
      addString("coordinate_transformation_mode", "asymmetric");
    if (!hasNearest)
      addString("nearest_mode", "floor");
  }
}

/// The ranks of the values of `graph` whose types say them (graph inputs
/// and outputs, value_info after shape inference, initializers).
static llvm::StringMap<int64_t> knownRanks(const onnx::GraphProto &graph) {
  llvm::StringMap<int64_t> ranks;
  for (const auto *infos :
       {&graph.input(), &graph.value_info(), &graph.output()})
    for (const onnx::ValueInfoProto &info : *infos)
      if (info.type().has_tensor_type() &&
          info.type().tensor_type().has_shape())
        ranks[info.name()] = info.type().tensor_type().shape().dim_size();
  for (const auto &init : graph.initializer())
    ranks[init.name()] = init.dims_size();
  return ranks;
}

/// PRelu before opset 7 has no broadcasting: a slope of size C applies per
/// channel (axis 1), which PyTorch's exporter wrote as a [C] slope. From
/// opset 7 on the slope broadcasts from the right, so a [C] slope of an
/// input of rank r >= 3 is reshaped to [C, 1, ..., 1] (r - 2 ones) by a
/// Constant and a Reshape inserted before the node. Runs on the model as it
/// was written (before version conversion, after shape inference).
static void perChannelOpset6PReluSlopes(onnx::GraphProto &graph) {
  llvm::StringMap<int64_t> ranks = knownRanks(graph);
  auto rankOf = [&](const std::string &name) {
    auto it = ranks.find(name);
    return it == ranks.end() ? int64_t(-1) : it->second;
  };
  google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
  int64_t added = 0;
  for (onnx::NodeProto &node : *graph.mutable_node()) {
    if (node.op_type() == "PRelu" && node.domain().empty() &&
        node.input_size() == 2) {
      int64_t inputRank = rankOf(node.input(0));
      int64_t slopeRank = rankOf(node.input(1));
      if (inputRank >= 3 && slopeRank == 1) {
        std::string base =
            node.input(1) + "_per_channel_" + std::to_string(added++);
        onnx::NodeProto *shape = nodes.Add();
        shape->set_op_type("Constant");
        shape->add_output(base + "_shape");
        onnx::AttributeProto *value = shape->add_attribute();
        value->set_name("value");
        value->set_type(onnx::AttributeProto::TENSOR);
        onnx::TensorProto *dims = value->mutable_t();
        dims->set_data_type(onnx::TensorProto::INT64);
        dims->add_dims(inputRank - 1);
        dims->add_int64_data(-1);
        for (int64_t i = 2; i < inputRank; ++i)
          dims->add_int64_data(1);
        onnx::NodeProto *reshape = nodes.Add();
        reshape->set_op_type("Reshape");
        reshape->add_input(node.input(1));
        reshape->add_input(base + "_shape");
        reshape->add_output(base);
        node.set_input(1, base);
      }
    }
    *nodes.Add() = std::move(node);
  }
  graph.mutable_node()->Swap(&nodes);
}

/// Calls `check` on every attribute of every node of `graph` and of the
/// graphs in its attributes (If branches, Loop and Scan bodies), stopping at
/// the first failure.
static LogicalResult forEachAttribute(
    const onnx::GraphProto &graph,
    function_ref<LogicalResult(const onnx::NodeProto &,
                               const onnx::AttributeProto &)>
        check) {
  for (const auto &node : graph.node())
    for (const auto &attr : node.attribute()) {
      if (attr.has_g() && failed(forEachAttribute(attr.g(), check)))
        return failure();
      for (const auto &sub : attr.graphs())
        if (failed(forEachAttribute(sub, check)))
          return failure();
      if (failed(check(node, attr)))
        return failure();
    }
  return success();
}

/// The checker, the version conversion up to kImportOpset and shape
/// inference: ONNX's own code. ONNX reports errors with exceptions; this is
/// the one place that calls it.
static LogicalResult checkConvertAndInfer(onnx::ModelProto &model,
                                          int64_t opset, Location loc,
                                          function_ref<void(StringRef)> onStage) {
  std::string stage;
  auto enter = [&](StringRef name) {
    stage = name.str();
    onStage(name);
  };
  try {
    enter("the ONNX checker");
    onnx::checker::check_model(model);
    if (opset < kImportOpset) {
      // Adapters (e.g. Add's broadcast) need the shapes of their inputs.
      enter("ONNX shape inference before version conversion");
      onnx::shape_inference::InferShapes(model);
      if (opset < 7)
        perChannelOpset6PReluSlopes(*model.mutable_graph());
      enter("version conversion to opset 13");
      model = onnx::version_conversion::ConvertVersion(model, kImportOpset);
      // Adapters add initializers that are not graph inputs, which IR
      // versions below 4 forbid; opset 13 goes with IR version 7.
      if (model.ir_version() < 7)
        model.set_ir_version(7);
      if (opset < 11)
        keepOpset10ResizeCoordinates(*model.mutable_graph());
      // The converted model is checked again; an unconverted one was above.
      enter("the ONNX checker");
      onnx::checker::check_model(model);
    }
    // Shapes come from ONNX's own inference, not from what the exporter
    // wrote into value_info; the exporter's output types are kept aside and
    // put back, so that the importer checks its shapes against both.
    auto declaredOutputs = model.graph().output();
    auto clearInferred = [&] {
      model.mutable_graph()->clear_value_info();
      for (auto &out : *model.mutable_graph()->mutable_output())
        out.mutable_type()->mutable_tensor_type()->clear_shape();
    };
    clearInferred();
    if (failed(checkLayerNormAxes(model, loc)))
      return failure();
    enter("ONNX shape inference");
    // ONNX 1.12 goes on after a node's inference failed (strict mode throws
    // at the end), and its data propagation then reads the type the failed
    // node did not write (SIGSEGV in Shape's propagator after an LSTM of a
    // rank-1 input; found by seam-fuzz-import). Every node's inference is
    // checked first without data propagation, which reads no such type.
    for (bool dataPropagation : {false, true}) {
      onnx::shape_inference::InferShapes(
          model, onnx::OpSchemaRegistry::Instance(),
          onnx::ShapeInferenceOptions(/*check_type=*/true, /*strict_mode=*/1,
                                      dataPropagation));
      if (!dataPropagation)
        clearInferred();
    }
    *model.mutable_graph()->mutable_output() = declaredOutputs;
  } catch (const std::exception &e) {
    std::string what = e.what();
    while (!what.empty() && (what.back() == '\n' || what.back() == ' '))
      what.pop_back();
    return emitError(loc) << "invalid ONNX model (" << stage << "): " << what;
  }
  return success();
}

/// Builds ONNX's registry of op schemas: its first use builds it.
static bool buildOnnxSchemas() {
  return onnx::OpSchemaRegistry::Schema("Relu", kImportOpset, "") != nullptr;
}

/// The build of the registry on a thread of its own, started by the first
/// call (a function-local static: made once, also when two threads import at
/// once); not valid when no thread could be made.
static const std::shared_future<bool> &onnxSchemasBuild() {
  static const std::shared_future<bool> build = [] {
    try {
      return std::async(std::launch::async, buildOnnxSchemas).share();
    } catch (const std::system_error &) {
      return std::shared_future<bool>();
    }
  }();
  return build;
}

void startBuildingOnnxSchemas() { (void)onnxSchemasBuild(); }

void waitForOnnxSchemas() {
  const std::shared_future<bool> &build = onnxSchemasBuild();
  if (build.valid()) {
    build.wait();
    return;
  }
  static const bool built = buildOnnxSchemas();
  (void)built;
}

/// How long ONNX's code may take on a model in the child process.
constexpr unsigned kOnnxChildTimeoutSeconds = 600;

/// checkConvertAndInfer in a child process (ChildProcess.h): a model that
/// crashes ONNX's code is an error, not the end of this process. The child
/// sends the model back without its initializers' data when nothing
/// replaced them (no version conversion), and they are kept from `model`.
/// Stands in for each viewed initializer of `graph` (which holds no data,
/// and so would fail ONNX's checker) with a graph input of its type (where
/// it is not one already): ONNX's checker and shape inference see the same
/// types. Returns the names of all initializers, in order.
static std::vector<std::string>
standInForViews(onnx::GraphProto &graph, const InitializerViews &views) {
  std::vector<std::string> names;
  llvm::StringSet<> inputs;
  for (const auto &input : graph.input())
    inputs.insert(input.name());
  google::protobuf::RepeatedPtrField<onnx::TensorProto> kept;
  for (onnx::TensorProto &init : *graph.mutable_initializer()) {
    names.push_back(init.name());
    if (init.has_raw_data() || !views.lookup(init).data()) {
      kept.Add()->Swap(&init);
      continue;
    }
    if (!inputs.insert(init.name()).second)
      continue;
    onnx::ValueInfoProto *input = graph.add_input();
    input->set_name(init.name());
    auto *type = input->mutable_type()->mutable_tensor_type();
    type->set_elem_type(init.data_type());
    for (int64_t d : init.dims())
      type->mutable_shape()->add_dim()->set_dim_value(d);
  }
  graph.mutable_initializer()->Swap(&kept);
  return names;
}

static LogicalResult checkConvertAndInferIsolated(onnx::ModelProto &model,
                                                  int64_t opset, Location loc,
                                                  InitializerViews *views) {
  bool keepsInitializers = opset >= kImportOpset;
  // ONNX's version converter reads every initializer (and gives back new
  // ones), and IR versions 3 and below list initializers as graph inputs
  // (a stand-in input would hide one that is not): the views are copied in.
  if (views && !views->empty() &&
      (!keepsInitializers || model.ir_version() <= 3))
    views->materialize(*model.mutable_graph());
  bool standIns = views && !views->empty();
  // Built before the fork, once, it is not built again in every child (and
  // no child starts while another thread holds the registry's lock).
  waitForOnnxSchemas();
  ChildOutcome child = runInChildProcess(
      [&](ChildChannel &channel) {
        std::string message;
        ScopedDiagnosticHandler capture(loc.getContext(), [&](Diagnostic &d) {
          if (message.empty())
            message = d.str();
          return success();
        });
        onnx::GraphProto &graph = *model.mutable_graph();
        int inputs = graph.input_size();
        std::vector<std::string> initializers;
        if (standIns)
          initializers = standInForViews(graph, *views);
        if (failed(checkConvertAndInfer(
                model, opset, loc,
                [&](StringRef stage) { channel.stage(stage); }))) {
          channel.error(message.empty() ? "invalid ONNX model" : message);
          return;
        }
        if (standIns) {
          graph.mutable_input()->DeleteSubrange(inputs,
                                                graph.input_size() - inputs);
          graph.clear_initializer();
          for (const std::string &name : initializers)
            graph.add_initializer()->set_name(name);
        } else if (keepsInitializers) {
          for (auto &init : *graph.mutable_initializer()) {
            std::string name = init.name();
            init.Clear();
            init.set_name(name);
          }
        }
        std::string bytes;
        if (!model.SerializeToString(&bytes)) {
          channel.error("the checked ONNX model (" +
                        std::to_string(model.ByteSizeLong()) +
                        " bytes) cannot be serialized: over protobuf's 2 GiB");
          return;
        }
        channel.result(bytes);
      },
      kOnnxChildTimeoutSeconds);
  // No child process (fork refused): ONNX's code runs here, on the data.
  if (!child.ran) {
    if (standIns)
      views->materialize(*model.mutable_graph());
    return checkConvertAndInfer(model, opset, loc, [](StringRef) {});
  }
  if (child.error)
    return emitError(loc) << *child.error;
  if (!child.result)
    return emitError(loc)
           << "invalid ONNX model (" << child.stage
           << "): ONNX's code ended with " << child.ending
           << " on it (ONNX 1.12 trusts what it reads: an input of a rank an "
              "op does not take, an attribute out of its range); it ran in a "
              "process of its own";
  onnx::ModelProto checked;
  if (!checked.ParseFromString(*child.result))
    return emitError(loc) << "the ONNX model checked in a child process "
                             "could not be read back";
  if (keepsInitializers) {
    auto &mine = *model.mutable_graph()->mutable_initializer();
    auto &theirs = *checked.mutable_graph()->mutable_initializer();
    if (mine.size() != theirs.size())
      return emitError(loc) << "the ONNX model checked in a child process "
                               "has other initializers";
    for (int i = 0; i < mine.size(); ++i) {
      if (mine[i].name() != theirs[i].name())
        return emitError(loc) << "the ONNX model checked in a child process "
                                 "has other initializers";
      theirs[i].Swap(&mine[i]);
    }
  }
  model.Swap(&checked);
  return success();
}

LogicalResult normalizeOnnxModel(onnx::ModelProto &model, StringRef baseDir,
                                 const OnnxImportOptions &options,
                                 Location loc, InitializerViews *views) {
  int64_t opset = defaultOpset(model);
  if (opset == 0)
    return emitError(loc) << "the ONNX model imports no default-domain opset";
  // ONNX's version converter asserts its range instead of reporting it.
  if (opset < 0)
    return emitError(loc) << "opset " << opset
                          << " of the default domain is not a valid version; "
                             "Seam imports opsets 1 to "
                          << kMaxOpset;
  if (opset > kMaxOpset)
    return emitError(loc) << "opset " << opset
                          << " is newer than the newest this ONNX library "
                             "supports ("
                          << kMaxOpset << ")";
  if (options.dynamicSignature)
    if (std::optional<OnnxSignature> signature =
            findDynamicSignature(model.graph(), options, loc.getContext())) {
      *options.dynamicSignature = std::move(*signature);
      return failure();
    }
  if (failed(loadAllExternalData(*model.mutable_graph(), baseDir, loc)) ||
      failed(fixInputShapes(*model.mutable_graph(), options, loc)))
    return failure();

  // ONNX 1.12's shape inference divides by strides and dilations without
  // checking them (SIGFPE on 0), and DepthToSpace/SpaceToDepth's by
  // blocksize squared, which overflows to 0 for a blocksize of 2^32 (found
  // by seam-fuzz-compile; the square must fit an int32): in every graph of
  // the model (a Conv in an If's branch is inferred too).
  constexpr int64_t kMaxBlocksize = 46340;
  auto checkDivisors = [&](const onnx::NodeProto &node,
                           const onnx::AttributeProto &attr) -> LogicalResult {
    if ((attr.name() == "strides" || attr.name() == "dilations") &&
        llvm::any_of(attr.ints(), [](int64_t v) { return v <= 0; })) {
      auto diag = emitError(loc)
                  << "node '" << nodeLabel(node) << "' (" << node.op_type()
                  << "): " << attr.name() << " must be positive, got [";
      llvm::interleaveComma(attr.ints(), diag);
      return diag << "]";
    }
    if ((node.op_type() == "DepthToSpace" ||
         node.op_type() == "SpaceToDepth") &&
        attr.name() == "blocksize" &&
        (attr.i() < 1 || attr.i() > kMaxBlocksize))
      return emitError(loc)
             << "node '" << nodeLabel(node) << "' (" << node.op_type()
             << "): blocksize " << attr.i() << " is not in [1, "
             << kMaxBlocksize << "]";
    return success();
  };
  if (failed(forEachAttribute(model.graph(), checkDivisors)))
    return failure();

  if (failed(checkWindowRanks(model.graph(), loc)))
    return failure();

  // Scan-8 has a batch axis and sequence_lens; ONNX's 8 -> 9 adapter drops
  // the batch axis and with it changes the graph's input shapes.
  if (opset < 9)
    for (const auto &node : model.graph().node())
      if (node.op_type() == "Scan" &&
          (node.domain().empty() || node.domain() == "ai.onnx"))
        return emitError(loc)
               << "node '" << nodeLabel(node) << "' (Scan): Scan of opset "
               << opset << " (with a batch axis and sequence_lens) is not "
               << "supported; Seam imports Scan from opset 9";

  // ONNX 1.12's Scan-9 inference sizes vectors by num_scan_inputs before it
  // checks it against the node's inputs (a 16 GiB allocation for 2^31 - 1;
  // found by seam-fuzz-compile): it must count some of the inputs, in any
  // graph of the model.
  auto checkScans = [&](const onnx::NodeProto &node,
                        const onnx::AttributeProto &attr) -> LogicalResult {
    if (node.op_type() == "Scan" && attr.name() == "num_scan_inputs" &&
        (attr.i() < 1 || attr.i() > node.input_size()))
      return emitError(loc)
             << "node '" << nodeLabel(node) << "' (Scan): num_scan_inputs "
             << attr.i() << " is not in [1, " << node.input_size()
             << "] (the node's inputs)";
    return success();
  };
  if (failed(forEachAttribute(model.graph(), checkScans)))
    return failure();

  // ONNX 1.12's shape inference reads constant inputs (Reshape's shape,
  // Slice's starts, ...) with a memcpy of raw_data into a vector sized from
  // it, without checking the size (SIGSEGV on a few stray bytes): every
  // tensor's raw_data must hold exactly what its dims and type need first.
  auto checkRawData = [&](const onnx::TensorProto &t, const std::string &what,
                          ArrayRef<char> view = {}) -> LogicalResult {
    if ((!t.has_raw_data() && !view.data()) ||
        !getElementByteSize(t.data_type()))
      return success();
    uint64_t bytes = view.data() ? view.size() : t.raw_data().size();
    llvm::SmallVector<int64_t> dims(t.dims().begin(), t.dims().end());
    std::optional<uint64_t> needed = getTensorByteSize(t);
    if (!needed)
      return emitError(loc) << what << " dims [" << dims
                            << "] are negative or their element count "
                               "overflows int64";
    if (bytes == *needed)
      return success();
    return emitError(loc) << what << " has " << bytes
                          << " bytes of data but "
                          << dataTypeName(t.data_type()) << " [" << dims
                          << "] needs " << *needed;
  };
  for (const auto &init : model.graph().initializer())
    if (failed(checkRawData(init, "initializer '" + init.name() + "':",
                            views && !init.has_raw_data()
                                ? views->lookup(init)
                                : ArrayRef<char>())))
      return failure();
  for (const auto &node : model.graph().node())
    for (const auto &attr : node.attribute())
      if (attr.has_t() &&
          failed(checkRawData(attr.t(), "node '" + nodeLabel(node) + "' (" +
                                            node.op_type() + "): attribute '" +
                                            attr.name() + "'")))
        return failure();

  // ONNX 1.12's version converter builds its IR without checking the graph
  // (SIGSEGV on an output no node produces): its outputs first, then the
  // checker, before any conversion.
  llvm::StringSet<> defined;
  for (const auto &input : model.graph().input())
    defined.insert(input.name());
  for (const auto &init : model.graph().initializer())
    defined.insert(init.name());
  for (const auto &node : model.graph().node())
    for (const auto &output : node.output())
      defined.insert(output);
  for (const auto &output : model.graph().output())
    if (!defined.contains(output.name()))
      return emitError(loc) << "graph output '" << output.name()
                            << "' is not produced by any node, input or "
                               "initializer";

  return checkConvertAndInferIsolated(model, opset, loc, views);
}

} // namespace seam::detail
