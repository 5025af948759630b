//===- AotTensorFile.cpp - Tensor files for the AOT runner ----------------===//
//
// libc and the C++ runtime only: see AotTensorFile.h.
//
//===----------------------------------------------------------------------===//

#include "AotTensorFile.h"
#include "seam/Runtime/TensorCheck.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the .npy ('<f4', ...) and .pb readers assume a little-endian "
              "target");

namespace seam {
namespace aot {

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

void Tensor::Free::operator()(void *p) const { std::free(p); }

int64_t dataBytes(const std::vector<int64_t> &shape, int32_t elementType) {
  int64_t bytes = seam_element_size(elementType);
  if (bytes == 0)
    return -1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(bytes, d, &bytes))
      return -1;
  return bytes;
}

bool Tensor::allocate(std::vector<int64_t> shape, int32_t elementType) {
  int64_t bytes = dataBytes(shape, elementType);
  if (bytes < 0 || static_cast<uint64_t>(bytes) > SIZE_MAX - 64)
    return false;
  // 64-byte aligned, as the generated code's own buffers; at least 64 bytes
  // so that an empty tensor still has a valid pointer.
  size_t size = (static_cast<size_t>(bytes) + 63) / 64 * 64;
  if (size == 0)
    size = 64;
  void *p = std::aligned_alloc(64, size);
  if (!p)
    return false;
  std::memset(p, 0, size);
  storage.reset(p);
  dims = std::move(shape);
  type = elementType;
  elements = bytes / seam_element_size(elementType);
  return true;
}

std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

static bool fail(std::string &error, const std::string &path,
                 const std::string &why) {
  error = "'" + path + "': " + why;
  return false;
}

/// Allocates `tensor` for `shape` once the data's size was checked.
static bool allocateChecked(const std::string &path, Tensor &tensor,
                            std::vector<int64_t> shape, int32_t elementType,
                            std::string &error) {
  std::string text = formatShape(shape);
  if (!tensor.allocate(std::move(shape), elementType))
    return fail(error, path, "out of memory for a tensor of shape " + text);
  return true;
}

//===----------------------------------------------------------------------===//
// Reading files
//===----------------------------------------------------------------------===//

/// Reads a whole regular file (never a FIFO or a device, which would block
/// or never end).
static bool readWholeFile(const std::string &path, std::string &bytes,
                          std::string &error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return fail(error, path, std::strerror(errno));
  struct stat info;
  if (::fstat(fd, &info) != 0) {
    std::string why = std::strerror(errno);
    ::close(fd);
    return fail(error, path, why);
  }
  if (!S_ISREG(info.st_mode)) {
    std::string why = S_ISDIR(info.st_mode) ? "Is a directory"
                      : S_ISFIFO(info.st_mode)
                          ? "is not a regular file (a FIFO)"
                          : "is not a regular file (a "
                            "device or socket)";
    ::close(fd);
    return fail(error, path, why);
  }
  bytes.clear();
  if (info.st_size > 0)
    bytes.reserve(static_cast<size_t>(info.st_size));
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      std::string why = std::strerror(errno);
      ::close(fd);
      return fail(error, path, why);
    }
    if (n == 0)
      break;
    bytes.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  return true;
}

static bool endsWith(const std::string &text, const char *suffix) {
  size_t n = std::strlen(suffix);
  return text.size() >= n && text.compare(text.size() - n, n, suffix) == 0;
}

bool readTensorFile(const std::string &path, Tensor &tensor, std::string &name,
                    std::string &error) {
  name.clear();
  bool npy = endsWith(path, ".npy"), pb = endsWith(path, ".pb");
  if (!npy && !pb) {
    // Opened first all the same: a missing file says so.
    std::string bytes;
    if (!readWholeFile(path, bytes, error))
      return false;
    return fail(error, path, "unknown tensor file type (use .npy or .pb)");
  }
  std::string bytes;
  if (!readWholeFile(path, bytes, error))
    return false;
  return npy ? parseNpy(path, bytes, tensor, error)
             : parsePb(path, bytes, tensor, name, error);
}

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

static std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos)
    return "";
  size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

/// The position just after `'key':` (or `"key":`) and any spaces in the
/// header's dictionary, or npos.
static size_t findValue(const std::string &header, const char *key) {
  for (const char quote : {'\'', '"'}) {
    std::string quoted = std::string(1, quote) + key + quote;
    size_t at = header.find(quoted);
    if (at == std::string::npos)
      continue;
    at += quoted.size();
    while (at < header.size() && header[at] == ' ')
      ++at;
    if (at >= header.size() || header[at] != ':')
      return std::string::npos;
    ++at;
    while (at < header.size() && header[at] == ' ')
      ++at;
    return at;
  }
  return std::string::npos;
}

/// The .npy dtype descriptor of each element type (little-endian).
static const struct {
  int32_t type;
  const char *descr;
} kNpyDescriptors[] = {{SEAM_AOT_FLOAT32, "<f4"}, {SEAM_AOT_FLOAT64, "<f8"},
                       {SEAM_AOT_FLOAT16, "<f2"}, {SEAM_AOT_INT64, "<i8"},
                       {SEAM_AOT_INT32, "<i4"},   {SEAM_AOT_INT8, "|i1"},
                       {SEAM_AOT_UINT8, "|u1"},   {SEAM_AOT_UINT16, "<u2"},
                       {SEAM_AOT_UINT32, "<u4"},  {SEAM_AOT_UINT64, "<u8"},
                       {SEAM_AOT_BOOL, "|b1"}};

/// False with `error` when a bool tensor holds another byte than 0 or 1.
static bool checkBools(const std::string &path, const Tensor &tensor,
                       std::string &error) {
  if (tensor.elementType() != SEAM_AOT_BOOL)
    return true;
  const auto *data = static_cast<const unsigned char *>(tensor.rawData());
  for (int64_t i = 0; i < tensor.numElements(); ++i)
    if (data[i] > 1)
      return fail(error, path, "holds a bool that is neither 0 nor 1");
  return true;
}

bool parseNpy(const std::string &path, const std::string &bytes, Tensor &tensor,
              std::string &error) {
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
    return fail(error, path, "not a .npy file");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) |
                (static_cast<unsigned char>(bytes[9]) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return fail(error, path, "truncated .npy header");
    uint32_t len = 0;
    for (int i = 3; i >= 0; --i)
      len = (len << 8) | static_cast<unsigned char>(bytes[8 + i]);
    headerLen = len;
    offset = 12;
  } else {
    return fail(error, path,
                "unsupported .npy format version " + std::to_string(major));
  }
  if (headerLen > bytes.size() - offset)
    return fail(error, path, "truncated .npy header");
  std::string header = bytes.substr(offset, headerLen);

  size_t at = findValue(header, "descr");
  std::string descr;
  if (at != std::string::npos && at < header.size() &&
      (header[at] == '\'' || header[at] == '"')) {
    size_t close = header.find(header[at], at + 1);
    if (close != std::string::npos)
      descr = header.substr(at + 1, close - at - 1);
  }
  int32_t type = 0;
  for (const auto &entry : kNpyDescriptors)
    if (descr == entry.descr)
      type = entry.type;
  if (!type)
    return fail(error, path,
                "unsupported .npy dtype '" + descr +
                    "' (supported: <f4, <f8, <f2, <i8, <i4, |i1, |u1, <u2, "
                    "<u4, <u8, |b1), header: " +
                    trim(header));
  at = findValue(header, "fortran_order");
  if (at != std::string::npos && header.compare(at, 4, "True") == 0)
    return fail(error, path, "Fortran-order .npy files are not supported");

  at = findValue(header, "shape");
  if (at == std::string::npos || at >= header.size() || header[at] != '(')
    return fail(error, path, "no shape in the .npy header");
  size_t close = header.find(')', at);
  if (close == std::string::npos)
    return fail(error, path, "no shape in the .npy header");
  std::vector<int64_t> shape;
  std::string dims = header.substr(at + 1, close - at - 1);
  size_t start = 0;
  while (start <= dims.size()) {
    size_t comma = dims.find(',', start);
    if (comma == std::string::npos)
      comma = dims.size();
    std::string part = dims.substr(start, comma - start);
    start = comma + 1;
    std::string digits = trim(part);
    // numpy writes Python ints; a trailing 'L' came from Python 2.
    if (!digits.empty() && digits.back() == 'L')
      digits.pop_back();
    if (digits.empty()) {
      if (trim(part).empty())
        continue;
    }
    bool ok = !digits.empty() && digits.size() <= 18 &&
              digits.find_first_not_of("0123456789") == std::string::npos;
    if (!ok)
      return fail(error, path,
                  "bad dimension '" + part + "' in the .npy header");
    shape.push_back(std::strtoll(digits.c_str(), nullptr, 10));
  }

  int64_t needed = dataBytes(shape, type);
  if (needed < 0)
    return fail(error, path,
                "shape " + formatShape(shape) +
                    " has more bytes than int64 can count");
  // The data the file holds must be the shape's before anything is
  // allocated: a header alone cannot ask for terabytes.
  size_t have = bytes.size() - offset - headerLen;
  if (have != static_cast<uint64_t>(needed))
    return fail(error, path,
                "holds " + std::to_string(have) +
                    " bytes of data but its shape needs " +
                    std::to_string(needed));
  if (!allocateChecked(path, tensor, std::move(shape), type, error))
    return false;
  std::memcpy(tensor.rawData(), bytes.data() + offset + headerLen, have);
  return checkBools(path, tensor, error);
}

std::string encodeNpy(const void *data, const std::vector<int64_t> &shape,
                      int32_t elementType) {
  const char *descr = "<f4";
  for (const auto &entry : kNpyDescriptors)
    if (entry.type == elementType)
      descr = entry.descr;
  // As NumPy writes it: "(2, 3)", "(4,)", "()".
  std::string dims;
  for (int64_t d : shape)
    dims += std::to_string(d) + ", ";
  if (shape.size() > 1)
    dims.resize(dims.size() - 2);
  else if (!dims.empty())
    dims.pop_back();
  std::string header = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': (" + dims + "), }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>((header.size() >> 8) & 0xff);
  bytes += header;
  int64_t size = dataBytes(shape, elementType);
  if (size > 0)
    bytes.append(reinterpret_cast<const char *>(data),
                 static_cast<size_t>(size));
  return bytes;
}

bool writeNpy(const std::string &path, const Tensor &tensor,
              std::string &error) {
  std::string bytes =
      encodeNpy(tensor.rawData(), tensor.shape(), tensor.elementType());
  // Written to a unique temporary file next to `path` (same file system, so
  // the rename is atomic), renamed into place once complete: a failed write
  // leaves no partial file under `path`.
  std::string temporary = path + "-XXXXXX.tmp";
  int fd = ::mkstemps(&temporary[0], 4);
  if (fd < 0)
    return fail(error, path, std::strerror(errno));
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      std::string why = n < 0 ? std::strerror(errno) : "short write";
      ::close(fd);
      ::unlink(temporary.c_str());
      return fail(error, path, why);
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    std::string why = std::strerror(errno);
    ::unlink(temporary.c_str());
    return fail(error, path, why);
  }
  // mkstemps makes the file 0600; a saved output gets the usual 0666 & ~umask.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(temporary.c_str(), 0666 & ~mask);
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    ::unlink(temporary.c_str());
    return fail(error, path, why);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// .pb: onnx.TensorProto on the protobuf wire format
//===----------------------------------------------------------------------===//

namespace {

/// A cursor over protobuf wire-format bytes.
struct WireReader {
  const unsigned char *at, *end;

  size_t left() const { return static_cast<size_t>(end - at); }

  bool varint(uint64_t &value) {
    value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      if (at == end)
        return false;
      unsigned char byte = *at++;
      value |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return true;
    }
    return false; // more than 10 bytes
  }

  /// A length-delimited field's bytes.
  bool bytes(const unsigned char *&data, size_t &size) {
    uint64_t length;
    if (!varint(length) || length > left())
      return false;
    data = at;
    size = static_cast<size_t>(length);
    at += size;
    return true;
  }

  bool skip(unsigned wireType) {
    uint64_t ignored;
    const unsigned char *data;
    size_t size;
    switch (wireType) {
    case 0:
      return varint(ignored);
    case 1:
      if (left() < 8)
        return false;
      at += 8;
      return true;
    case 2:
      return bytes(data, size);
    case 5:
      if (left() < 4)
        return false;
      at += 4;
      return true;
    default: // 3, 4 (groups) and 6, 7: not in a TensorProto
      return false;
    }
  }
};

} // namespace

bool parsePb(const std::string &path, const std::string &bytes, Tensor &tensor,
             std::string &name, std::string &error) {
  const auto *begin = reinterpret_cast<const unsigned char *>(bytes.data());
  WireReader in{begin, begin + bytes.size()};
  std::vector<int64_t> shape;
  int64_t dataType = 0; // UNDEFINED when absent
  // The typed data fields, as read: float_data and double_data as bytes,
  // int32_data and int64_data as the values of their varints.
  std::string floatData, doubleData;
  std::vector<uint64_t> int32Data, int64Data, uint64Data;
  const unsigned char *raw = nullptr;
  size_t rawSize = 0;
  bool hasRaw = false, external = false;
  name.clear();
  auto malformed = [&](const char *what) {
    return fail(error, path,
                std::string("not an ONNX TensorProto (") + what + " at byte " +
                    std::to_string(in.at - begin) + ")");
  };

  while (in.left()) {
    uint64_t key;
    if (!in.varint(key))
      return malformed("a truncated field key");
    uint64_t field = key >> 3;
    unsigned wireType = static_cast<unsigned>(key & 7);
    if (field == 0)
      return malformed("field number 0");
    uint64_t value;
    const unsigned char *data;
    size_t size;
    switch (field) {
    case 1: // repeated int64 dims
      if (wireType == 0) {
        if (!in.varint(value))
          return malformed("a truncated dimension");
        shape.push_back(static_cast<int64_t>(value));
      } else if (wireType == 2) {
        if (!in.bytes(data, size))
          return malformed("truncated packed dimensions");
        WireReader packed{data, data + size};
        while (packed.left()) {
          if (!packed.varint(value))
            return malformed("truncated packed dimensions");
          shape.push_back(static_cast<int64_t>(value));
        }
      } else {
        return malformed("dims with a wrong wire type");
      }
      break;
    case 2: // int32 data_type
      if (wireType != 0 || !in.varint(value))
        return malformed("a bad data_type");
      dataType = static_cast<int32_t>(value);
      break;
    case 4:    // repeated float float_data
    case 10: { // repeated double double_data
      unsigned width = field == 4 ? 4 : 8;
      std::string &out = field == 4 ? floatData : doubleData;
      if (wireType == (width == 4 ? 5u : 1u)) {
        if (in.left() < width)
          return malformed("a truncated float");
        out.append(reinterpret_cast<const char *>(in.at), width);
        in.at += width;
      } else if (wireType == 2) {
        if (!in.bytes(data, size) || size % width)
          return malformed("truncated packed float_data or double_data");
        out.append(reinterpret_cast<const char *>(data), size);
      } else {
        return malformed("float_data or double_data with a wrong wire type");
      }
      break;
    }
    case 5:    // repeated int32 int32_data
    case 7:    // repeated int64 int64_data
    case 11: { // repeated uint64 uint64_data
      std::vector<uint64_t> &out = field == 5   ? int32Data
                                   : field == 7 ? int64Data
                                                : uint64Data;
      if (wireType == 0) {
        if (!in.varint(value))
          return malformed("a truncated integer");
        out.push_back(value);
      } else if (wireType == 2) {
        if (!in.bytes(data, size))
          return malformed("truncated packed integer data");
        WireReader packed{data, data + size};
        while (packed.left()) {
          if (!packed.varint(value))
            return malformed("truncated packed integer data");
          out.push_back(value);
        }
      } else {
        return malformed("integer data with a wrong wire type");
      }
      break;
    }
    case 8: // string name
      if (wireType != 2 || !in.bytes(data, size))
        return malformed("a bad name");
      name.assign(reinterpret_cast<const char *>(data), size);
      break;
    case 9: // bytes raw_data
      if (wireType != 2 || !in.bytes(raw, rawSize))
        return malformed("bad raw_data");
      hasRaw = true;
      break;
    case 14: // DataLocation data_location
      if (wireType != 0 || !in.varint(value))
        return malformed("a bad data_location");
      external = value == 1;
      break;
    default:
      if (!in.skip(wireType))
        return malformed(wireType == 3 || wireType == 4 || wireType > 5
                             ? "an unknown wire type"
                             : "a truncated field");
    }
  }

  int32_t type = static_cast<int32_t>(dataType);
  if (seam_element_size(type) == 0)
    return fail(error, path,
                "data type " + std::to_string(dataType) +
                    " is not supported (FLOAT, DOUBLE, FLOAT16, INT64, INT32, "
                    "INT8, UINT8, UINT16, UINT32, UINT64 or BOOL)");
  if (external)
    return fail(error, path,
                "its data is in an external file (data_location EXTERNAL), "
                "which is not supported");
  int64_t needed = dataBytes(shape, type);
  if (needed < 0)
    return fail(error, path,
                "dims " + formatShape(shape) +
                    " are negative or have more bytes than int64 can count");
  size_t byteCount = static_cast<size_t>(needed);
  size_t count = byteCount / static_cast<size_t>(seam_element_size(type));
  // The field that holds the data and its number of values (bytes for
  // raw_data), checked against the data before anything is allocated.
  const char *fieldName;
  size_t values;
  if (hasRaw) {
    fieldName = "raw data", values = rawSize;
  } else if (type == SEAM_AOT_FLOAT32) {
    fieldName = "float_data", values = floatData.size() / 4;
  } else if (type == SEAM_AOT_FLOAT64) {
    fieldName = "double_data", values = doubleData.size() / 8;
  } else if (type == SEAM_AOT_INT64) {
    fieldName = "int64_data", values = int64Data.size();
  } else if (type == SEAM_AOT_UINT32 || type == SEAM_AOT_UINT64) {
    fieldName = "uint64_data", values = uint64Data.size();
  } else {
    fieldName = "int32_data", values = int32Data.size();
  }
  if (values != (hasRaw ? byteCount : count))
    return fail(error, path,
                std::string(fieldName) + " size does not match its dims " +
                    formatShape(shape) +
                    (type == SEAM_AOT_FLOAT32
                         ? std::string()
                         : std::string(" of ") + seam_element_type_name(type)));
  if (!allocateChecked(path, tensor, std::move(shape), type, error))
    return false;
  auto *out = static_cast<unsigned char *>(tensor.rawData());
  if (hasRaw || type == SEAM_AOT_FLOAT32 || type == SEAM_AOT_FLOAT64) {
    const void *from = hasRaw ? static_cast<const void *>(raw)
                       : type == SEAM_AOT_FLOAT32 ? floatData.data()
                                                  : doubleData.data();
    if (byteCount)
      std::memcpy(out, from, byteCount);
  } else {
    // Integers of int32_data (int8, uint8, uint16, bool, float16's bits
    // too), of int64_data and of uint64_data (uint32, uint64), truncated to
    // the element's bytes (two's complement).
    const std::vector<uint64_t> &from =
        type == SEAM_AOT_INT64                               ? int64Data
        : type == SEAM_AOT_UINT32 || type == SEAM_AOT_UINT64 ? uint64Data
                                                             : int32Data;
    size_t width = static_cast<size_t>(seam_element_size(type));
    for (size_t i = 0; i < count; ++i) {
      uint64_t v = from[i];
      if (type == SEAM_AOT_BOOL)
        v = v != 0;
      std::memcpy(out + i * width, &v, width);
    }
  }
  return checkBools(path, tensor, error);
}

//===----------------------------------------------------------------------===//
// Random inputs, comparison, formatting
//===----------------------------------------------------------------------===//

void fillRandom(Tensor &tensor, uint64_t seed) {
  seam_fill_random_typed(tensor.rawData(), tensor.elementType(),
                         tensor.numElements(), seed);
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
              seam_element_type_name(actual.elementType()) +
              " differs from the reference's " +
              seam_element_type_name(expected.elementType());
    return c;
  }
  SeamComparison raw = seam_compare_typed(actual.rawData(), expected.rawData(),
                                          actual.elementType(),
                                          actual.numElements(), rtol, atol);
  c.pass = raw.pass;
  c.mismatches = raw.mismatches;
  c.maxAbs = raw.maxAbs;
  c.maxRel = raw.maxRel;
  c.firstMismatch = raw.firstMismatch;
  return c;
}

/// LLVM's write_double prints NaN and infinities this way for every style.
static bool formatSpecial(double value, std::string &text) {
  if (std::isnan(value))
    text = "nan";
  else if (std::isinf(value))
    text = std::signbit(value) ? "-INF" : "INF";
  else
    return false;
  return true;
}

std::string formatExponent(double value) {
  std::string text;
  if (formatSpecial(value, text))
    return text;
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.6e", value);
  return buffer;
}

std::string formatFixed(double value, int precision) {
  std::string text;
  if (formatSpecial(value, text))
    return text;
  char buffer[512];
  std::snprintf(buffer, sizeof(buffer), "%.*f", precision, value);
  return buffer;
}

} // namespace aot
} // namespace seam
