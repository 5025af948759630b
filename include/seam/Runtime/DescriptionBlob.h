//===- DescriptionBlob.h - The binary form of region descriptions -*- C++
//-*-===//
//
// What every backend's region description blob is made of, written by the
// compiler and read by the backend's runtime: 8 bytes of magic, a 32-bit
// version, then little-endian 64-bit words (integers, f32 bit patterns, 0/1
// flags, counted lists and strings). The reader checks every read against
// the blob's size; its first problem sticks and later reads return zeros,
// so a caller checks once at the end of a step.
//
// Header-only, C++ standard library only: the runtimes (no MLIR, no LLVM)
// and the compiler both include it.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_RUNTIME_DESCRIPTIONBLOB_H
#define SEAM_RUNTIME_DESCRIPTIONBLOB_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace seam::blob {

/// Bytes of the header: the magic, then the version.
inline constexpr size_t kHeaderBytes = 8 + 4;

class Writer {
public:
  /// Starts a blob with `magic` (8 bytes) and `version`.
  Writer(const char (&magic)[8], uint32_t version) {
    bytes.assign(magic, magic + 8);
    for (int i = 0; i < 4; ++i)
      bytes.push_back(static_cast<uint8_t>(version >> (8 * i)));
  }

  void word(uint64_t value) {
    for (int i = 0; i < 8; ++i)
      bytes.push_back(static_cast<uint8_t>(value >> (8 * i)));
  }
  void integer(int64_t value) { word(static_cast<uint64_t>(value)); }
  void flag(bool value) { word(value ? 1 : 0); }
  void real(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    word(bits);
  }
  void list(const std::vector<int64_t> &values) {
    word(values.size());
    for (int64_t value : values)
      integer(value);
  }
  void text(const std::string &value) {
    word(value.size());
    bytes.insert(bytes.end(), value.begin(), value.end());
  }

  std::vector<uint8_t> bytes;
};

/// Checks the header of a blob of `size` bytes: `magic`, then `version`.
/// On a mismatch says why in `error`, naming `what` ("seam-dnnl") and both
/// versions.
inline bool checkHeader(const void *data, size_t size, const char (&magic)[8],
                        uint32_t version, const char *what,
                        std::string &error) {
  const auto *bytes = static_cast<const uint8_t *>(data);
  if (!data || size < kHeaderBytes || std::memcmp(bytes, magic, 8) != 0) {
    error = std::string("not a ") + what + " region description (bad magic)";
    return false;
  }
  uint32_t found = 0;
  for (int i = 0; i < 4; ++i)
    found |= static_cast<uint32_t>(bytes[8 + i]) << (8 * i);
  if (found != version) {
    error = "region description of version " + std::to_string(found) +
            ", but this runtime reads version " + std::to_string(version) +
            ": compile the model again with the Seam this runtime comes from";
    return false;
  }
  return true;
}

class Reader {
public:
  /// Reads the words after the header of a blob of `size` bytes.
  Reader(const void *data, size_t size)
      : data(static_cast<const uint8_t *>(data)), size(size) {}

  std::string error;

  bool ok() const { return error.empty(); }
  void fail(const std::string &message) {
    if (error.empty())
      error = message;
  }

  uint64_t word(const char *what) {
    if (!ok())
      return 0;
    if (size - offset < 8) {
      fail("truncated at byte " + std::to_string(offset) + " of " +
           std::to_string(size) + " (reading " + what + ")");
      return 0;
    }
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
      value |= static_cast<uint64_t>(data[offset + i]) << (8 * i);
    offset += 8;
    return value;
  }
  int64_t integer(const char *what) { return static_cast<int64_t>(word(what)); }
  bool flag(const char *what) {
    uint64_t value = word(what);
    if (value > 1)
      fail(std::string("bad flag ") + what + " " + std::to_string(value));
    return value == 1;
  }
  float real(const char *what) {
    uint64_t value = word(what);
    if (value >> 32)
      fail(std::string("bad float ") + what);
    auto bits = static_cast<uint32_t>(value);
    float result;
    std::memcpy(&result, &bits, sizeof(result));
    return result;
  }
  /// A count of items of at least `itemBytes` bytes each, no more than the
  /// bytes left can hold.
  uint64_t count(const char *what, uint64_t itemBytes = 8) {
    uint64_t n = word(what);
    if (ok() && n > (size - offset) / itemBytes) {
      fail(std::string("count of ") + what + " (" + std::to_string(n) +
           ") exceeds the description's size");
      return 0;
    }
    return n;
  }
  std::vector<int64_t> list(const char *what) {
    std::vector<int64_t> values(count(what));
    for (int64_t &value : values)
      value = integer(what);
    return values;
  }
  std::string text(const char *what) {
    uint64_t n = count(what, 1);
    if (!ok())
      return "";
    std::string value(reinterpret_cast<const char *>(data + offset), n);
    offset += n;
    return value;
  }
  /// An enum value below `limit`.
  template <typename Enum> Enum enumeration(const char *what, int limit) {
    uint64_t value = word(what);
    if (value >= static_cast<uint64_t>(limit))
      fail(std::string("unknown ") + what + " " + std::to_string(value));
    return ok() ? static_cast<Enum>(value) : Enum();
  }
  bool atEnd() const { return offset == size; }

private:
  const uint8_t *data;
  size_t size;
  size_t offset = kHeaderBytes;
};

} // namespace seam::blob

#endif // SEAM_RUNTIME_DESCRIPTIONBLOB_H
