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

#include "seam/Runtime/DescriptionBlob.h"

#include <cstring>
#include <iterator>

namespace seam::dnnl_region {

//===----------------------------------------------------------------------===//
// Keywords
//===----------------------------------------------------------------------===//

namespace {

constexpr const char *kOpKeywords[] = {
    "conv",   "matmul",    "pool",   "softmax",   "eltwise",
    "binary", "batchnorm", "concat", "reshape",   "transpose",
    "slice",  "reduce",    "deconv", "layernorm", "resample"};
static_assert(std::size(kOpKeywords) == kNumOpKinds, "one keyword per op kind");

constexpr const char *kAlgorithmKeywords[] = {"none",
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
                                              "gelu_tanh",
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
                                              "reduce_sum",
                                              "reduce_max",
                                              "reduce_min",
                                              "reduce_prod",
                                              "resample_nearest",
                                              "resample_linear"};
static_assert(std::size(kAlgorithmKeywords) == kNumAlgorithms,
              "one keyword per algorithm");

} // namespace

static const char *const kDataTypeKeywords[] = {"f32", "s8", "u8", "s32"};
static_assert(std::size(kDataTypeKeywords) == kNumDataTypes,
              "one keyword per data type");

const char *getDataTypeKeyword(DataType type) {
  return kDataTypeKeywords[static_cast<int>(type)];
}

std::optional<DataType> lookupDataType(const std::string &keyword) {
  for (int i = 0; i < kNumDataTypes; ++i)
    if (keyword == kDataTypeKeywords[i])
      return static_cast<DataType>(i);
  return std::nullopt;
}

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
  if (algorithm < Algorithm::ResampleNearest)
    return OpKind::Reduce;
  return OpKind::Resample;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {

void writeOp(blob::Writer &w, const OpDesc &op) {
  w.word(static_cast<uint64_t>(op.kind));
  w.word(static_cast<uint64_t>(op.alg));
  w.integer(op.dst);
  w.list(op.srcs);
  w.integer(op.bias);
  for (const std::vector<int64_t> *l : {&op.kernel, &op.strides, &op.pads,
                                        &op.dilations, &op.perm, &op.offsets})
    w.list(*l);
  w.integer(op.group);
  w.integer(op.axis);
  w.word(op.transA);
  w.word(op.transB);
  w.real(op.alpha);
  w.real(op.beta);
  w.real(op.epsilon);
  w.word(op.postOps.size());
  for (const PostOp &post : op.postOps) {
    w.word(static_cast<uint64_t>(post.kind));
    w.word(static_cast<uint64_t>(post.alg));
    w.real(post.alpha);
    w.real(post.beta);
    w.integer(post.value);
  }
  w.word(op.scales.size());
  for (float scale : op.scales)
    w.real(scale);
  w.integer(op.srcZeroPoint);
  w.integer(op.weightZeroPoint);
  w.integer(op.dstZeroPoint);
}

} // namespace

std::vector<uint8_t> serialize(const RegionDesc &region) {
  blob::Writer w(kMagic, kVersion);
  blob::writeRegionValues(w, region);
  for (size_t i = 0; i < region.values.size(); ++i)
    w.word(static_cast<uint64_t>(i < region.types.size() ? region.types[i]
                                                         : DataType::F32));
  w.word(region.ops.size());
  for (const OpDesc &op : region.ops)
    writeOp(w, op);
  return std::move(w.bytes);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {

/// Checks that every value number of `region` is in range.
bool checkValueNumbers(const RegionDesc &region, std::string &error) {
  blob::ValueNumbers values(region.values.size());
  auto check = [&](int64_t id, const std::string &where, bool optional) {
    return values.check(id, where, optional, error);
  };
  if (!values.checkRoles(region, error))
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
    int sums = 0;
    for (const PostOp &post : op.postOps) {
      if (post.kind != PostOp::Kind::Eltwise &&
          !check(post.value, where, false))
        return false;
      sums += post.kind == PostOp::Kind::Sum;
    }
    if (sums > 1) {
      error = where + " has " + std::to_string(sums) +
              " sum post-ops; the destination holds one summed value";
      return false;
    }
  }
  return true;
}

} // namespace

bool deserialize(const void *data, size_t size, RegionDesc &region,
                 std::string &error) {
  if (!blob::checkHeader(data, size, kMagic, kVersion, "seam-dnnl", error))
    return false;
  blob::Reader r(data, size);
  region = RegionDesc();
  blob::readRegionValues(r, region, kMaxRank, /*minDim=*/0, "oneDNN");
  region.types.resize(region.values.size());
  for (DataType &type : region.types)
    type = r.enumeration<DataType>("data type", kNumDataTypes);
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
      post.kind = r.enumeration<PostOp::Kind>("post-op kind", kNumPostOpKinds);
      post.alg = r.enumeration<Algorithm>("post-op algorithm", kNumAlgorithms);
      post.alpha = r.real("post-op alpha");
      post.beta = r.real("post-op beta");
      post.value = r.integer("post-op value");
    }
    op.scales.resize(r.count("scales"));
    for (float &scale : op.scales)
      scale = r.real("scale");
    op.srcZeroPoint = r.integer("src zero point");
    op.weightZeroPoint = r.integer("weight zero point");
    op.dstZeroPoint = r.integer("dst zero point");
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
