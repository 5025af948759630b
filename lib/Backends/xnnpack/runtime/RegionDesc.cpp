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
//                     outputMin, outputMax, alpha, padValue,
//                     perm, starts, steps (each count, ints)
//
// C++ standard library only: shared by the compiler and the runtime.
//
//===----------------------------------------------------------------------===//

#include "RegionDesc.h"

#include "seam/Runtime/DescriptionBlob.h"

#include <cstring>
#include <utility>

namespace seam::xnnpack_region {

//===----------------------------------------------------------------------===//
// Keywords
//===----------------------------------------------------------------------===//

namespace {

constexpr const char *kOpKeywords[kNumOpKinds] = {
    "conv2d",     "fully_connected",   "max_pool2d",
    "avg_pool2d", "global_avg_pool2d", "add",
    "multiply",   "subtract",          "divide",
    "clamp",      "hardswish",         "sigmoid",
    "leaky_relu", "softmax",           "constant_pad",
    "concat",     "reshape",           "transpose",
    "slice"};

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

void writeOp(blob::Writer &w, const OpDesc &op) {
  w.word(static_cast<uint64_t>(op.kind));
  w.integer(op.dst);
  w.list(op.srcs);
  w.integer(op.bias);
  for (const std::vector<int64_t> *attribute :
       {&op.kernel, &op.strides, &op.pads, &op.dilations})
    w.list(*attribute);
  w.integer(op.group);
  w.integer(op.axis);
  w.flag(op.transB);
  w.flag(op.countIncludePad);
  w.real(op.outputMin);
  w.real(op.outputMax);
  w.real(op.alpha);
  w.real(op.padValue);
  for (const std::vector<int64_t> *attribute :
       {&op.perm, &op.starts, &op.steps})
    w.list(*attribute);
}

} // namespace

std::vector<uint8_t> serialize(const RegionDesc &region) {
  blob::Writer w(kMagic, kVersion);
  blob::writeRegionValues(w, region);
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
    for (int64_t src : op.srcs)
      if (!check(src, where, false))
        return false;
  }
  return true;
}

} // namespace

bool deserialize(const void *data, size_t size, RegionDesc &region,
                 std::string &error) {
  if (!blob::checkHeader(data, size, kMagic, kVersion, "seam-xnnpack", error))
    return false;
  blob::Reader r(data, size);
  region = RegionDesc();
  blob::readRegionValues(r, region, kMaxRank, /*minDim=*/1, "XNNPACK");
  region.ops.resize(r.count("ops"));
  for (OpDesc &op : region.ops) {
    op.kind = r.enumeration<OpKind>("op kind", kNumOpKinds);
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
    op.perm = r.list("perm");
    op.starts = r.list("starts");
    op.steps = r.list("steps");
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
