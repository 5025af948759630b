//===- TensorIO.cpp - Tensor files and comparisons ------------------------===//

#include "seam/TensorIO.h"
#include "seam/Runtime/TensorCheck.h"
#include "seam/Support/RegularFile.h"

#include "onnx/onnx_pb.h"
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

/// The bytes of float32 data of `shape`, or nullopt for a negative dim or a
/// size int64 cannot count: checked against the file before allocating.
static std::optional<int64_t> dataBytes(const std::vector<int64_t> &shape) {
  int64_t bytes = sizeof(float);
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

/// Parses a .npy v1-3 header: float32 little-endian, C order.
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
  if (!header.contains("'descr': '<f4'"))
    return fail(path, "only float32 (<f4) .npy files are supported, header: " +
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
  std::optional<int64_t> needed = dataBytes(shape);
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
  file.tensor = Tensor::allocate(shape);
  std::memcpy(file.tensor.data(), bytes.data() + offset + headerLen,
              bytesNeeded);
  return file;
}

static Expected<TensorFile> readPb(const std::string &path,
                                   llvm::StringRef bytes) {
  onnx::TensorProto proto;
  if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return fail(path, "not an ONNX TensorProto");
  if (proto.data_type() != onnx::TensorProto::FLOAT)
    return fail(path, "data type " + std::to_string(proto.data_type()) +
                          " is not FLOAT; Seam's tensors are float32");
  std::vector<int64_t> shape(proto.dims().begin(), proto.dims().end());
  std::optional<int64_t> needed = dataBytes(shape);
  if (!needed)
    return fail(path, "dims " + formatShape(shape) +
                          " are negative or have more bytes than int64 can "
                          "count");
  size_t count = static_cast<size_t>(*needed) / sizeof(float);
  // Checked against the data before anything is allocated.
  if (proto.has_raw_data()
          ? proto.raw_data().size() != count * sizeof(float)
          : static_cast<size_t>(proto.float_data_size()) != count)
    return fail(path,
                std::string(proto.has_raw_data() ? "raw data" : "float_data") +
                    " size does not match its dims " + formatShape(shape));
  TensorFile file;
  file.name = proto.name();
  file.tensor = Tensor::allocate(shape);
  if (proto.has_raw_data()) {
    std::memcpy(file.tensor.data(), proto.raw_data().data(),
                count * sizeof(float));
  } else {
    std::copy(proto.float_data().begin(), proto.float_data().end(),
              file.tensor.data());
  }
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

Error writeNpy(const std::string &path, const Tensor &tensor) {
  std::string shape;
  for (int64_t d : tensor.shape())
    shape += std::to_string(d) + ",";
  if (tensor.shape().size() > 1)
    shape.pop_back();
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (" + shape + "), }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  // Written to a temporary file, renamed into place once complete: a
  // failed write leaves no partial file under `path`.
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
    os << "\x93NUMPY" << '\x01' << '\x00';
    os << static_cast<char>(header.size() & 0xff)
       << static_cast<char>(header.size() >> 8) << header;
    os.write(reinterpret_cast<const char *>(tensor.data()),
             tensor.numElements() * sizeof(float));
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

Tensor randomTensor(const std::vector<int64_t> &shape, uint64_t seed) {
  Tensor t = Tensor::allocate(shape);
  seam_fill_random(t.data(), t.numElements(), seed);
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
  SeamComparison raw = seam_compare_floats(actual.data(), expected.data(),
                                           actual.numElements(), rtol, atol);
  c.pass = raw.pass;
  c.mismatches = raw.mismatches;
  c.maxAbs = raw.maxAbs;
  c.maxRel = raw.maxRel;
  return c;
}

} // namespace seam
