//===- RegionDesc.cpp - Serialize and read region descriptions ------------===//
//
// The blob: the 8 magic bytes, the version (u32), then a sequence of 64-bit
// little-endian words: counts, value numbers, dims and enums as integers,
// floats as their bit patterns. Every count is checked against the bytes
// left before anything is allocated.
//
// C++ standard library only: part of the dnnl runtime library.
//
//===----------------------------------------------------------------------===//

#include "RegionDesc.h"

#include <cstring>

namespace seam::dnnl_region {

//===----------------------------------------------------------------------===//
// Keywords
//===----------------------------------------------------------------------===//

namespace {

constexpr const char *kOpKeywords[kNumOpKinds] = {
    "conv",      "matmul", "pool",    "softmax",   "eltwise", "binary",
    "batchnorm", "concat", "reshape", "transpose", "slice",   "reduce"};

constexpr const char *kAlgorithmKeywords[kNumAlgorithms] = {"none",
                                                            "relu",
                                                            "tanh",
                                                            "elu",
                                                            "abs",
                                                            "sqrt",
                                                            "linear",
                                                            "logistic",
                                                            "exp",
                                                            "log",
                                                            "clip",
                                                            "hardswish",
                                                            "gelu_erf",
                                                            "swish",
                                                            "soft_relu",
                                                            "square",
                                                            "add",
                                                            "sub",
                                                            "mul",
                                                            "div",
                                                            "max",
                                                            "min",
                                                            "pool_max",
                                                            "pool_avg_include",
                                                            "pool_avg_exclude",
                                                            "reduce_mean",
                                                            "reduce_sum"};

} // namespace

const char *getOpKeyword(OpKind kind) {
  return kOpKeywords[static_cast<int>(kind)];
}

const char *getAlgorithmKeyword(Algorithm algorithm) {
  return kAlgorithmKeywords[static_cast<int>(algorithm)];
}

std::optional<OpKind> lookupOpKind(const std::string &keyword) {
  for (int i = 0; i < kNumOpKinds; ++i)
    if (keyword == kOpKeywords[i])
      return static_cast<OpKind>(i);
  return std::nullopt;
}

std::optional<Algorithm> lookupAlgorithm(const std::string &keyword) {
  for (int i = 0; i < kNumAlgorithms; ++i)
    if (keyword == kAlgorithmKeywords[i])
      return static_cast<Algorithm>(i);
  return std::nullopt;
}

std::optional<OpKind> getAlgorithmOpKind(Algorithm algorithm) {
  if (algorithm == Algorithm::None)
    return std::nullopt;
  if (algorithm < Algorithm::Add)
    return OpKind::Eltwise;
  if (algorithm < Algorithm::PoolMax)
    return OpKind::Binary;
  if (algorithm < Algorithm::ReduceMean)
    return OpKind::Pool;
  return OpKind::Reduce;
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
    word(static_cast<uint64_t>(op.alg));
    integer(op.dst);
    list(op.srcs);
    integer(op.bias);
    for (const std::vector<int64_t> *l : {&op.kernel, &op.strides, &op.pads,
                                          &op.dilations, &op.perm, &op.offsets})
      list(*l);
    integer(op.group);
    integer(op.axis);
    word(op.transA);
    word(op.transB);
    real(op.alpha);
    real(op.beta);
    real(op.epsilon);
    word(op.postOps.size());
    for (const PostOp &post : op.postOps) {
      word(static_cast<uint64_t>(post.kind));
      word(static_cast<uint64_t>(post.alg));
      real(post.alpha);
      real(post.beta);
      integer(post.value);
    }
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
      fail(std::string("truncated at byte ") + std::to_string(offset) +
           " (reading " + what + ")");
      return 0;
    }
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
      value |= static_cast<uint64_t>(data[offset + i]) << (8 * i);
    offset += 8;
    return value;
  }
  int64_t integer(const char *what) { return static_cast<int64_t>(word(what)); }
  float real(const char *what) {
    uint64_t w = word(what);
    if (w >> 32)
      fail(std::string("bad float ") + what);
    uint32_t bits = static_cast<uint32_t>(w);
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
  }
  bool flag(const char *what) {
    uint64_t w = word(what);
    if (w > 1)
      fail(std::string("bad flag ") + what);
    return w == 1;
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
  template <typename Enum> Enum enumeration(const char *what, int limit) {
    uint64_t w = word(what);
    if (w >= static_cast<uint64_t>(limit))
      fail(std::string("unknown ") + what + " " + std::to_string(w));
    return ok() ? static_cast<Enum>(w) : Enum();
  }
  bool atEnd() const { return offset == size; }

private:
  const uint8_t *data;
  size_t size;
  size_t offset = 12;
};

/// Checks that every value number of `region` is in range.
bool checkValueNumbers(const RegionDesc &region, std::string &error) {
  int64_t n = static_cast<int64_t>(region.values.size());
  auto check = [&](int64_t id, const std::string &where, bool optional) {
    if ((optional && id == -1) || (id >= 0 && id < n))
      return true;
    error = where + " refers to value " + std::to_string(id) +
            " but the region has " + std::to_string(n) + " values";
    return false;
  };
  for (const auto &[list, name] : {std::make_pair(&region.inputs, "input"),
                                   std::make_pair(&region.weights, "weight"),
                                   std::make_pair(&region.outputs, "output")})
    for (int64_t id : *list)
      if (!check(id, name, false))
        return false;
  for (size_t i = 0; i < region.ops.size(); ++i) {
    const OpDesc &op = region.ops[i];
    std::string where =
        "op " + std::to_string(i) + " (" + getOpKeyword(op.kind) + ")";
    if (!check(op.dst, where, false) || !check(op.bias, where, true))
      return false;
    for (int64_t id : op.srcs)
      if (!check(id, where, false))
        return false;
    for (const PostOp &post : op.postOps)
      if (post.kind == PostOp::Kind::Sum && !check(post.value, where, false))
        return false;
  }
  return true;
}

} // namespace

bool deserialize(const void *data, size_t size, RegionDesc &region,
                 std::string &error) {
  const auto *bytes = static_cast<const uint8_t *>(data);
  if (!data || size < 12 || std::memcmp(bytes, kMagic, sizeof(kMagic)) != 0) {
    error = "not a seam-dnnl region description";
    return false;
  }
  uint32_t version = 0;
  for (int i = 0; i < 4; ++i)
    version |= static_cast<uint32_t>(bytes[8 + i]) << (8 * i);
  if (version != kVersion) {
    error = "region description of version " + std::to_string(version) +
            ", but this runtime reads version " + std::to_string(kVersion) +
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
             " (oneDNN takes at most " + std::to_string(kMaxRank) + ")");
    for (int64_t d : dims)
      if (r.ok() && d < 0)
        r.fail("a negative dim");
  }
  region.inputs = r.list("inputs");
  region.weights = r.list("weights");
  region.outputs = r.list("outputs");
  region.ops.resize(r.count("ops"));
  for (OpDesc &op : region.ops) {
    op.kind = r.enumeration<OpKind>("op kind", kNumOpKinds);
    op.alg = r.enumeration<Algorithm>("algorithm", kNumAlgorithms);
    op.dst = r.integer("dst");
    op.srcs = r.list("srcs");
    op.bias = r.integer("bias");
    for (std::vector<int64_t> *l : {&op.kernel, &op.strides, &op.pads,
                                    &op.dilations, &op.perm, &op.offsets})
      *l = r.list("attribute");
    op.group = r.integer("group");
    op.axis = r.integer("axis");
    op.transA = r.flag("trans_a");
    op.transB = r.flag("trans_b");
    op.alpha = r.real("alpha");
    op.beta = r.real("beta");
    op.epsilon = r.real("epsilon");
    op.postOps.resize(r.count("post-ops"));
    for (PostOp &post : op.postOps) {
      post.kind = r.enumeration<PostOp::Kind>("post-op kind", 2);
      post.alg = r.enumeration<Algorithm>("post-op algorithm", kNumAlgorithms);
      post.alpha = r.real("post-op alpha");
      post.beta = r.real("post-op beta");
      post.value = r.integer("post-op value");
    }
    if (r.ok() && op.srcs.empty())
      r.fail(std::string(getOpKeyword(op.kind)) + " op without sources");
  }
  if (r.ok() && !r.atEnd())
    r.fail("trailing bytes after the last op");
  if (!r.ok()) {
    error = r.error;
    return false;
  }
  return checkValueNumbers(region, error);
}

} // namespace seam::dnnl_region
