//===- TensorIO.cpp - Tensor files and comparisons ------------------------===//

#include "seam/TensorIO.h"
#include "seam/Runtime/TensorCheck.h"
#include "seam/Support/RegularFile.h"

#include "onnx/onnx_pb.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <optional>

namespace seam {

static Error fail(const std::string &path, const std::string &why) {
  return Error::failure("'" + path + "': " + why);
}

/// The bytes of data of `shape` and `type`, or nullopt for a negative dim
/// or a size int64 cannot count: checked against the file before
/// allocating.
static std::optional<int64_t> dataBytes(const std::vector<int64_t> &shape,
                                        ElementType type) {
  int64_t bytes = static_cast<int64_t>(getElementByteSize(type));
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(bytes, d, &bytes))
      return std::nullopt;
  return bytes;
}

static std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

int32_t getOnnxDataType(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return SEAM_AOT_FLOAT32;
  case ElementType::F64:
    return SEAM_AOT_FLOAT64;
  case ElementType::F16:
    return SEAM_AOT_FLOAT16;
  case ElementType::I64:
    return SEAM_AOT_INT64;
  case ElementType::I32:
    return SEAM_AOT_INT32;
  case ElementType::I8:
    return SEAM_AOT_INT8;
  case ElementType::U8:
    return SEAM_AOT_UINT8;
  case ElementType::U16:
    return SEAM_AOT_UINT16;
  case ElementType::U32:
    return SEAM_AOT_UINT32;
  case ElementType::U64:
    return SEAM_AOT_UINT64;
  case ElementType::Bool:
    return SEAM_AOT_BOOL;
  }
  return 0;
}

std::optional<ElementType> getElementTypeOfOnnx(int32_t dataType) {
  for (ElementType type :
       {ElementType::F32, ElementType::F64, ElementType::F16, ElementType::I64,
        ElementType::I32, ElementType::I8, ElementType::U8, ElementType::U16,
        ElementType::U32, ElementType::U64, ElementType::Bool})
    if (getOnnxDataType(type) == dataType)
      return type;
  return std::nullopt;
}

/// The .npy dtype descriptor of each element type (little-endian).
static const std::pair<ElementType, llvm::StringLiteral> kNpyDescriptors[] = {
    {ElementType::F32, "<f4"}, {ElementType::F64, "<f8"},
    {ElementType::F16, "<f2"}, {ElementType::I64, "<i8"},
    {ElementType::I32, "<i4"}, {ElementType::I8, "|i1"},
    {ElementType::U8, "|u1"},  {ElementType::U16, "<u2"},
    {ElementType::U32, "<u4"}, {ElementType::U64, "<u8"},
    {ElementType::Bool, "|b1"}};

static llvm::StringRef npyDescriptor(ElementType type) {
  for (const auto &[t, descr] : kNpyDescriptors)
    if (t == type)
      return descr;
  return "";
}

/// Parses a .npy v1-3 header: one of kNpyDescriptors, C order.
static Expected<TensorFile> readNpy(const std::string &path,
                                    llvm::StringRef bytes) {
  if (bytes.size() < 10 || !bytes.starts_with("\x93NUMPY"))
    return fail(path, "not a .npy file");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) |
                (static_cast<unsigned char>(bytes[9]) << 8);
    offset = 10;
  } else {
    if (bytes.size() < 12)
      return fail(path, "truncated .npy header");
    uint32_t len;
    std::memcpy(&len, bytes.data() + 8, 4);
    headerLen = len;
    offset = 12;
  }
  if (offset + headerLen > bytes.size())
    return fail(path, "truncated .npy header");
  llvm::StringRef header = bytes.substr(offset, headerLen);
  size_t descrAt = header.find("'descr':");
  if (descrAt == llvm::StringRef::npos)
    return fail(path, "no descr in the .npy header");
  llvm::StringRef descr = header.substr(descrAt + 8).ltrim();
  descr = descr.consume_front("'")
              ? descr.take_until([](char c) { return c == '\''; })
              : llvm::StringRef();
  std::optional<ElementType> type;
  for (const auto &[t, d] : kNpyDescriptors)
    if (descr == d)
      type = t;
  if (!type)
    return fail(path, "unsupported .npy dtype '" + descr.str() +
                          "' (supported: <f4, <f8, <f2, <i8, <i4, |i1, |u1, "
                          "<u2, <u4, <u8, |b1), header: " +
                          header.trim().str());
  if (header.contains("'fortran_order': True"))
    return fail(path, "Fortran-order .npy files are not supported");
  size_t open = header.find("'shape': (");
  if (open == llvm::StringRef::npos)
    return fail(path, "no shape in the .npy header");
  llvm::StringRef dims = header.substr(open + 10);
  dims = dims.substr(0, dims.find(')'));
  std::vector<int64_t> shape;
  llvm::SmallVector<llvm::StringRef> parts;
  dims.split(parts, ',', -1, false);
  for (llvm::StringRef part : parts) {
    if (part.trim().empty())
      continue;
    int64_t d;
    if (part.trim().getAsInteger(10, d) || d < 0)
      return fail(path,
                  "bad dimension '" + part.str() + "' in the .npy header");
    shape.push_back(d);
  }
  std::optional<int64_t> needed = dataBytes(shape, *type);
  if (!needed)
    return fail(path, "shape " + formatShape(shape) +
                          " has more bytes than int64 can count");
  // The data the file holds must be the shape's before anything is
  // allocated: a header alone cannot ask for terabytes.
  size_t bytesNeeded = static_cast<size_t>(*needed);
  if (bytes.size() - offset - headerLen != bytesNeeded)
    return fail(path, "holds " +
                          std::to_string(bytes.size() - offset - headerLen) +
                          " bytes of data but its shape needs " +
                          std::to_string(bytesNeeded));
  TensorFile file;
  file.tensor = Tensor::allocate(shape, *type);
  std::memcpy(file.tensor.rawData(), bytes.data() + offset + headerLen,
              bytesNeeded);
  if (*type == ElementType::Bool &&
      llvm::any_of(
          llvm::ArrayRef(static_cast<const uint8_t *>(file.tensor.rawData()),
                         bytesNeeded),
          [](uint8_t b) { return b > 1; }))
    return fail(path, "holds a bool that is neither 0 nor 1");
  return file;
}

/// Copies `values` (a repeated field of the proto) to `out` as T: int32_data
/// holds the int8, uint8, uint16, bool and float16 (its bits) elements too,
/// uint64_data the uint32 and uint64 ones.
template <typename T, typename Values>
static void copyValues(const Values &values, void *out) {
  T *data = static_cast<T *>(out);
  for (auto value : values)
    *data++ = static_cast<T>(value);
}

static Expected<TensorFile> readPb(const std::string &path,
                                   llvm::StringRef bytes) {
  onnx::TensorProto proto;
  if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return fail(path, "not an ONNX TensorProto");
  std::optional<ElementType> type = getElementTypeOfOnnx(proto.data_type());
  if (!type)
    return fail(path, "data type " + std::to_string(proto.data_type()) +
                          " is not supported (FLOAT, DOUBLE, FLOAT16, INT64, "
                          "INT32, INT8, UINT8, UINT16, UINT32, UINT64 or "
                          "BOOL)");
  std::vector<int64_t> shape(proto.dims().begin(), proto.dims().end());
  std::optional<int64_t> needed = dataBytes(shape, *type);
  if (!needed)
    return fail(path, "dims " + formatShape(shape) +
                          " are negative or have more bytes than int64 can "
                          "count");
  size_t byteCount = static_cast<size_t>(*needed);
  size_t count = byteCount / getElementByteSize(*type);
  // The field that holds the data, and how many values it has.
  const char *field;
  size_t values;
  switch (*type) {
  case ElementType::F32:
    field = "float_data", values = proto.float_data_size();
    break;
  case ElementType::F64:
    field = "double_data", values = proto.double_data_size();
    break;
  case ElementType::I64:
    field = "int64_data", values = proto.int64_data_size();
    break;
  case ElementType::U32:
  case ElementType::U64:
    field = "uint64_data", values = proto.uint64_data_size();
    break;
  default:
    field = "int32_data", values = proto.int32_data_size();
    break;
  }
  if (proto.has_raw_data())
    field = "raw data", values = proto.raw_data().size();
  // Checked against the data before anything is allocated.
  if (values != (proto.has_raw_data() ? byteCount : count))
    return fail(path,
                std::string(field) + " size does not match its dims " +
                    formatShape(shape) +
                    (*type == ElementType::F32
                         ? std::string()
                         : std::string(" of ") + getElementTypeName(*type)));
  TensorFile file;
  file.name = proto.name();
  file.tensor = Tensor::allocate(shape, *type);
  void *out = file.tensor.rawData();
  if (proto.has_raw_data()) {
    std::memcpy(out, proto.raw_data().data(), byteCount);
  } else {
    switch (*type) {
    case ElementType::F32:
      copyValues<float>(proto.float_data(), out);
      break;
    case ElementType::F64:
      copyValues<double>(proto.double_data(), out);
      break;
    case ElementType::I64:
      copyValues<int64_t>(proto.int64_data(), out);
      break;
    case ElementType::I32:
      copyValues<int32_t>(proto.int32_data(), out);
      break;
    case ElementType::I8:
      copyValues<int8_t>(proto.int32_data(), out);
      break;
    case ElementType::U8:
      copyValues<uint8_t>(proto.int32_data(), out);
      break;
    case ElementType::U16:
      copyValues<uint16_t>(proto.int32_data(), out);
      break;
    case ElementType::U32:
      copyValues<uint32_t>(proto.uint64_data(), out);
      break;
    case ElementType::U64:
      copyValues<uint64_t>(proto.uint64_data(), out);
      break;
    case ElementType::F16:
      copyValues<uint16_t>(proto.int32_data(), out);
      break;
    case ElementType::Bool:
      copyValues<bool>(proto.int32_data(), out);
      break;
    }
  }
  if (*type == ElementType::Bool &&
      llvm::any_of(llvm::ArrayRef(static_cast<const uint8_t *>(out), count),
                   [](uint8_t b) { return b > 1; }))
    return fail(path, "holds a bool that is neither 0 nor 1");
  return file;
}

Expected<TensorFile> readTensorFile(const std::string &path) {
  // A regular file only: a FIFO or a device would block or never end.
  RegularFile file(path);
  if (!file.ok())
    return fail(path, file.error());
  auto buffer = file.read();
  if (!buffer)
    return fail(path, buffer.getError().message());
  llvm::StringRef bytes = (*buffer)->getBuffer();
  if (llvm::StringRef(path).ends_with(".npy"))
    return readNpy(path, bytes);
  if (llvm::StringRef(path).ends_with(".pb"))
    return readPb(path, bytes);
  return fail(path, "unknown tensor file type (use .npy or .pb)");
}

/// Writes the bytes `write` produces to `path`: to a temporary file first,
/// renamed into place once complete, so that a failed write leaves no
/// partial file under `path`.
static Error
writeAtomically(const std::string &path,
                llvm::function_ref<void(llvm::raw_ostream &)> write) {
  // A unique name next to `path` (same file system, so the rename is
  // atomic): writers of the same path never share it.
  llvm::SmallString<256> temporary;
  int fd = -1;
  std::error_code ec =
      llvm::sys::fs::createUniqueFile(path + "-%%%%%%.tmp", fd, temporary);
  if (ec)
    return fail(path, ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    write(os);
    os.close();
    if (os.has_error()) {
      std::string why = os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return fail(path, why);
    }
  }
  if ((ec = llvm::sys::fs::rename(temporary, path))) {
    llvm::sys::fs::remove(temporary);
    return fail(path, ec.message());
  }
  return Error::success();
}

Error writeNpy(const std::string &path, const Tensor &tensor) {
  // As NumPy writes it: "(2, 3)", "(4,)", "()".
  std::string shape;
  for (int64_t d : tensor.shape())
    shape += std::to_string(d) + ", ";
  if (tensor.shape().size() > 1)
    shape.resize(shape.size() - 2);
  else if (!shape.empty())
    shape.pop_back();
  std::string header = "{'descr': '" +
                       npyDescriptor(tensor.elementType()).str() +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  return writeAtomically(path, [&](llvm::raw_ostream &os) {
    os << "\x93NUMPY" << '\x01' << '\x00';
    os << static_cast<char>(header.size() & 0xff)
       << static_cast<char>(header.size() >> 8) << header;
    os.write(static_cast<const char *>(tensor.rawData()), tensor.byteSize());
  });
}

Error writePb(const std::string &path, const Tensor &tensor,
              const std::string &name) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(getOnnxDataType(tensor.elementType()));
  for (int64_t d : tensor.shape())
    proto.add_dims(d);
  proto.set_raw_data(static_cast<const char *>(tensor.rawData()),
                     tensor.byteSize());
  std::string bytes;
  if (!proto.SerializeToString(&bytes))
    return fail(path, "cannot serialize the TensorProto");
  return writeAtomically(path, [&](llvm::raw_ostream &os) { os << bytes; });
}

Tensor randomTensor(const std::vector<int64_t> &shape, uint64_t seed,
                    ElementType type) {
  Tensor t = Tensor::allocate(shape, type);
  seam_fill_random_typed(t.rawData(), getOnnxDataType(type), t.numElements(),
                         seed);
  return t;
}

Comparison compareTensors(const Tensor &actual, const Tensor &expected,
                          double rtol, double atol) {
  Comparison c;
  if (actual.shape() != expected.shape()) {
    c.pass = false;
    c.error = "shape differs from the reference";
    return c;
  }
  if (actual.elementType() != expected.elementType()) {
    c.pass = false;
    c.error = std::string("element type ") +
              getElementTypeName(actual.elementType()) +
              " differs from the reference's " +
              getElementTypeName(expected.elementType());
    return c;
  }
  SeamComparison raw = seam_compare_typed(actual.rawData(), expected.rawData(),
                                          getOnnxDataType(actual.elementType()),
                                          actual.numElements(), rtol, atol);
  c.pass = raw.pass;
  c.mismatches = raw.mismatches;
  c.maxAbs = raw.maxAbs;
  c.maxRel = raw.maxRel;
  c.firstMismatch = raw.firstMismatch;
  return c;
}

} // namespace seam
