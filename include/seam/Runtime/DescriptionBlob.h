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

//===----------------------------------------------------------------------===//
// The part of a region description every backend shares
//===----------------------------------------------------------------------===//
//
// A runtime's RegionDesc has `name`, `values` (the dims of each value),
// `inputs`, `weights` and `outputs` (value numbers); these write and read
// them, before the backend's own ops.

template <typename RegionDescT>
void writeRegionValues(Writer &w, const RegionDescT &region) {
  w.text(region.name);
  w.word(region.values.size());
  for (const std::vector<int64_t> &dims : region.values)
    w.list(dims);
  w.list(region.inputs);
  w.list(region.weights);
  w.list(region.outputs);
}

/// Reads what writeRegionValues wrote; a value of rank above `maxRank` or
/// with a dim below `minDim` is an error naming `library`'s limit.
template <typename RegionDescT>
void readRegionValues(Reader &r, RegionDescT &region, int64_t maxRank,
                      int64_t minDim, const char *library) {
  region.name = r.text("name");
  region.values.resize(r.count("values"));
  for (std::vector<int64_t> &dims : region.values) {
    dims = r.list("dims");
    if (r.ok() && static_cast<int64_t>(dims.size()) > maxRank)
      r.fail("a value of rank " + std::to_string(dims.size()) + " (" + library +
             " takes at most " + std::to_string(maxRank) + ")");
    for (int64_t d : dims)
      if (r.ok() && d < minDim)
        r.fail("a value with dim " + std::to_string(d) + " (" + library +
               " needs dims of at least " + std::to_string(minDim) + ")");
  }
  region.inputs = r.list("inputs");
  region.weights = r.list("weights");
  region.outputs = r.list("outputs");
}

/// Checks value numbers against the number of values of a region.
class ValueNumbers {
public:
  explicit ValueNumbers(size_t count) : count(static_cast<int64_t>(count)) {}

  /// Whether `id` is a value (or -1 when `optional`); else says why, naming
  /// `where`, in `error`.
  bool check(int64_t id, const std::string &where, bool optional,
             std::string &error) const {
    if ((optional && id == -1) || (id >= 0 && id < count))
      return true;
    error = where + " refers to value " + std::to_string(id) +
            " but the region has " + std::to_string(count) + " values";
    return false;
  }

  /// Checks a region's inputs, weights and outputs ("input 0", ...).
  template <typename RegionDescT>
  bool checkRoles(const RegionDescT &region, std::string &error) const {
    for (const auto &[list, role] : {std::make_pair(&region.inputs, "input"),
                                     std::make_pair(&region.weights, "weight"),
                                     std::make_pair(&region.outputs, "output")})
      for (size_t i = 0; i < list->size(); ++i)
        if (!check((*list)[i], std::string(role) + " " + std::to_string(i),
                   false, error))
          return false;
    return true;
  }

private:
  int64_t count;
};

} // namespace seam::blob

#endif // SEAM_RUNTIME_DESCRIPTIONBLOB_H
