//===- RegionDesc.cpp - Serialize and read XNNPACK region descriptions ----===//
//
// The blob: the 8 magic bytes "SEAMXNNP", the version (u32 little-endian),
// then a sequence of 64-bit little-endian words: counts, value numbers, dims
// and enums as integers, flags as 0/1, floats as their bit patterns. Every
// count is checked against the bytes left before anything is allocated.
//
//   name            count, then that many bytes
//   values          count, then per value: rank, dims
//   inputs, weights, outputs
//                   each: count, value numbers
//   ops             count, then per op:
//                     kind, dst, srcs (count, values), bias,
//                     kernel, strides, pads, dilations (each count, ints),
//                     group, axis, transB, countIncludePad,
//                     outputMin, outputMax, alpha, padValue
//
// C++ standard library only: shared by the compiler and the runtime.
//
//===----------------------------------------------------------------------===//

#include "RegionDesc.h"

#include <cstring>
#include <utility>

namespace seam::xnnpack_region {

//===----------------------------------------------------------------------===//
// Keywords
//===----------------------------------------------------------------------===//

namespace {

constexpr const char *kOpKeywords[kNumOpKinds] = {"conv2d",
                                                  "fully_connected",
                                                  "max_pool2d",
                                                  "avg_pool2d",
                                                  "global_avg_pool2d",
                                                  "add",
                                                  "multiply",
                                                  "subtract",
                                                  "divide",
                                                  "clamp",
                                                  "hardswish",
                                                  "sigmoid",
                                                  "leaky_relu",
                                                  "softmax",
                                                  "constant_pad",
                                                  "concat",
                                                  "reshape"};

} // namespace

const char *getOpKeyword(OpKind kind) {
  auto index = static_cast<int>(kind);
  return index < kNumOpKinds ? kOpKeywords[index] : "unknown";
}

std::optional<OpKind> lookupOpKind(const std::string &keyword) {
  for (int i = 0; i < kNumOpKinds; ++i)
    if (keyword == kOpKeywords[i])
      return static_cast<OpKind>(i);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {

class Writer {
public:
  std::vector<uint8_t> bytes;

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

  void op(const OpDesc &op) {
    word(static_cast<uint64_t>(op.kind));
    integer(op.dst);
    list(op.srcs);
    integer(op.bias);
    for (const std::vector<int64_t> *attribute :
         {&op.kernel, &op.strides, &op.pads, &op.dilations})
      list(*attribute);
    integer(op.group);
    integer(op.axis);
    flag(op.transB);
    flag(op.countIncludePad);
    real(op.outputMin);
    real(op.outputMax);
    real(op.alpha);
    real(op.padValue);
  }
};

} // namespace

std::vector<uint8_t> serialize(const RegionDesc &region) {
  Writer w;
  w.bytes.assign(kMagic, kMagic + sizeof(kMagic));
  for (int i = 0; i < 4; ++i)
    w.bytes.push_back(static_cast<uint8_t>(kVersion >> (8 * i)));
  w.text(region.name);
  w.word(region.values.size());
  for (const std::vector<int64_t> &dims : region.values)
    w.list(dims);
  w.list(region.inputs);
  w.list(region.weights);
  w.list(region.outputs);
  w.word(region.ops.size());
  for (const OpDesc &op : region.ops)
    w.op(op);
  return std::move(w.bytes);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {

constexpr size_t kHeaderBytes = sizeof(kMagic) + 4;

/// Reads words from the blob; the first problem sticks in `error` and every
/// later read returns zeros, so callers check once at the end of a step.
class Reader {
public:
  Reader(const uint8_t *data, size_t size) : data(data), size(size) {}

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
  bool atEnd() const { return offset == size; }

private:
  const uint8_t *data;
  size_t size;
  size_t offset = kHeaderBytes;
};

/// Checks that every value number of `region` is in range.
bool checkValueNumbers(const RegionDesc &region, std::string &error) {
  auto n = static_cast<int64_t>(region.values.size());
  auto inRange = [&](int64_t id, const std::string &where, bool optional) {
    if ((optional && id == -1) || (id >= 0 && id < n))
      return true;
    error = where + " refers to value " + std::to_string(id) +
            " but the region has " + std::to_string(n) + " values";
    return false;
  };
  for (const auto &[list, role] : {std::make_pair(&region.inputs, "input"),
                                   std::make_pair(&region.weights, "weight"),
                                   std::make_pair(&region.outputs, "output")})
    for (size_t i = 0; i < list->size(); ++i)
      if (!inRange((*list)[i], std::string(role) + " " + std::to_string(i),
                   false))
        return false;
  for (size_t i = 0; i < region.ops.size(); ++i) {
    const OpDesc &op = region.ops[i];
    std::string where =
        "op " + std::to_string(i) + " (" + getOpKeyword(op.kind) + ")";
    if (!inRange(op.dst, where, false) || !inRange(op.bias, where, true))
      return false;
    for (int64_t src : op.srcs)
      if (!inRange(src, where, false))
        return false;
  }
  return true;
}

} // namespace

bool deserialize(const void *data, size_t size, RegionDesc &region,
                 std::string &error) {
  const auto *bytes = static_cast<const uint8_t *>(data);
  if (!data || size < kHeaderBytes ||
      std::memcmp(bytes, kMagic, sizeof(kMagic)) != 0) {
    error = "not a seam-xnnpack region description (bad magic)";
    return false;
  }
  uint32_t version = 0;
  for (int i = 0; i < 4; ++i)
    version |= static_cast<uint32_t>(bytes[sizeof(kMagic) + i]) << (8 * i);
  if (version != kVersion) {
    error = "description version " + std::to_string(version) +
            ", runtime expects version " + std::to_string(kVersion) +
            ": compile the model again with the Seam this runtime comes from";
    return false;
  }

  Reader r(bytes, size);
  region = RegionDesc();
  region.name = r.text("name");
  region.values.resize(r.count("values"));
  for (std::vector<int64_t> &dims : region.values) {
    dims = r.list("dims");
    if (r.ok() && static_cast<int64_t>(dims.size()) > kMaxRank)
      r.fail("a value of rank " + std::to_string(dims.size()) +
             " (XNNPACK takes at most " + std::to_string(kMaxRank) + ")");
    for (int64_t d : dims)
      if (r.ok() && d < 1)
        r.fail("a value with dim " + std::to_string(d) +
               " (every dim must be at least 1)");
  }
  region.inputs = r.list("inputs");
  region.weights = r.list("weights");
  region.outputs = r.list("outputs");
  region.ops.resize(r.count("ops"));
  for (OpDesc &op : region.ops) {
    uint64_t kind = r.word("op kind");
    if (r.ok() && kind >= static_cast<uint64_t>(kNumOpKinds))
      r.fail("unknown op kind " + std::to_string(kind));
    op.kind = static_cast<OpKind>(r.ok() ? kind : 0);
    op.dst = r.integer("dst");
    op.srcs = r.list("srcs");
    op.bias = r.integer("bias");
    for (std::vector<int64_t> *attribute :
         {&op.kernel, &op.strides, &op.pads, &op.dilations})
      *attribute = r.list("spatial attribute");
    op.group = r.integer("group");
    op.axis = r.integer("axis");
    op.transB = r.flag("transB");
    op.countIncludePad = r.flag("countIncludePad");
    op.outputMin = r.real("outputMin");
    op.outputMax = r.real("outputMax");
    op.alpha = r.real("alpha");
    op.padValue = r.real("padValue");
  }
  if (r.ok() && !r.atEnd())
    r.fail("trailing bytes after the last op");
  if (!r.ok()) {
    error = r.error;
    return false;
  }
  return checkValueNumbers(region, error);
}

} // namespace seam::xnnpack_region
