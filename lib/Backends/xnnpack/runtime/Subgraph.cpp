//===- Subgraph.cpp - A region's XNNPACK subgraph from its description ----===//
//
// One SubgraphBuilder per segment: it defines the segment's activations as
// XNNPACK values with their inside dims (NHWC for 4-D; those of other steps
// or of the caller external), then walks the segment's ops in order; each op
// kind's checks and nodes are in SubgraphOps.cpp. This file has the values
// (activations, weights in their forms, reshaped views) and the checks the
// ops share (sources, dst dims, windows, the fused clamp); the roles of the
// values are the plan's (Plan.cpp).
//
// XNNPACK and the C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "SubgraphBuilder.h"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace seam::xnnpack_region {

std::string describeOp(const RegionDesc &desc, size_t index) {
  const OpDesc &op = desc.ops[index];
  return std::string(getOpKeyword(op.kind)) + " " +
         formatDims(desc.values[op.dst]);
}

const char *getStatusName(xnn_status status) {
  switch (status) {
  case xnn_status_success:
    return "success";
  case xnn_status_uninitialized:
    return "XNNPACK is not initialized";
  case xnn_status_invalid_parameter:
    return "invalid parameter";
  case xnn_status_invalid_state:
    return "invalid state";
  case xnn_status_unsupported_parameter:
    return "unsupported parameter";
  case xnn_status_unsupported_hardware:
    return "unsupported hardware";
  case xnn_status_out_of_memory:
    return "out of memory";
  }
  return "unknown status";
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

void SubgraphBuilder::defineActivations() {
  auto define = [&](int64_t value, uint32_t flags) {
    Dims inside = getInsideDims(dimsOf(value));
    std::vector<size_t> dims(inside.begin(), inside.end());
    uint32_t id;
    xnn_status status = xnn_define_tensor_value(
        subgraph.get(), xnn_datatype_fp32, dims.size(), dims.data(),
        /*data=*/nullptr, static_cast<uint32_t>(value), flags, &id);
    if (status != xnn_status_success)
      throw std::runtime_error(
          "value " + std::to_string(value) +
          ": xnn_define_tensor_value failed: " + getStatusName(status));
  };
  for (int64_t value : segment.externalInputs)
    define(value, XNN_VALUE_FLAG_EXTERNAL_INPUT);
  std::vector<bool> isExternalOutput(desc.values.size(), false);
  for (int64_t value : segment.externalOutputs)
    isExternalOutput[value] = true;
  for (size_t i = segment.firstOp; i < segment.endOp; ++i) {
    int64_t value = desc.ops[i].dst;
    define(value, isExternalOutput[value] ? XNN_VALUE_FLAG_EXTERNAL_OUTPUT : 0);
  }
}

uint32_t SubgraphBuilder::defineInternal(const Dims &insideDims) {
  std::vector<size_t> dims(insideDims.begin(), insideDims.end());
  uint32_t id;
  check(xnn_define_tensor_value(subgraph.get(), xnn_datatype_fp32, dims.size(),
                                dims.data(), /*data=*/nullptr,
                                XNN_INVALID_VALUE_ID, /*flags=*/0, &id),
        "xnn_define_tensor_value");
  return id;
}

uint32_t SubgraphBuilder::defineStatic(int64_t value, WeightForm form,
                                       const Dims &xnnDims) {
  auto [it, inserted] = staticIds.try_emplace({value, form}, 0);
  if (!inserted)
    return it->second;
  std::vector<size_t> dims(xnnDims.begin(), xnnDims.end());
  check(xnn_define_tensor_value(subgraph.get(), xnn_datatype_fp32, dims.size(),
                                dims.data(), weights.get(value, form),
                                XNN_INVALID_VALUE_ID, /*flags=*/0, &it->second),
        "xnn_define_tensor_value");
  return it->second;
}

uint32_t SubgraphBuilder::source(int64_t value) {
  // Plan.cpp checked that every source is defined before its use.
  if (!isWeight(value))
    return static_cast<uint32_t>(value);
  const Dims &dims = dimsOf(value);
  if (isNhwcInside(dims))
    return defineStatic(value, WeightForm::Nhwc, getInsideDims(dims));
  return defineStatic(value, WeightForm::RowMajor, dims);
}

uint32_t SubgraphBuilder::weight(int64_t value, WeightForm form,
                                 const Dims &xnnDims, const char *role) {
  if (!isWeight(value))
    fail(std::string("the ") + role + ", value " + std::to_string(value) +
         ", is not a weight (XNNPACK packs it when the region is built)");
  return defineStatic(value, form, xnnDims);
}

uint32_t SubgraphBuilder::reshape(uint32_t input, const Dims &insideDims) {
  uint32_t output = defineInternal(insideDims);
  std::vector<size_t> shape(insideDims.begin(), insideDims.end());
  check(xnn_define_static_reshape(subgraph.get(), shape.size(), shape.data(),
                                  input, output, /*flags=*/0),
        "xnn_define_static_reshape");
  return output;
}

//===----------------------------------------------------------------------===//
// Checks shared by the ops
//===----------------------------------------------------------------------===//

void SubgraphBuilder::fail(const std::string &message) const {
  failOp(desc, opIndex, message);
}

void SubgraphBuilder::check(xnn_status status, const char *function) const {
  if (status != xnn_status_success)
    fail(std::string(function) + " failed: " + getStatusName(status));
}

void SubgraphBuilder::expectSources(size_t count) const {
  if (op->srcs.size() != count)
    fail("expects " + std::to_string(count) + " source" +
         (count == 1 ? "" : "s") + ", has " + std::to_string(op->srcs.size()));
}

void SubgraphBuilder::expectDst(const Dims &expected) const {
  const Dims &dst = dimsOf(op->dst);
  if (dst != expected)
    fail("its dst, value " + std::to_string(op->dst) + ", is " +
         formatDims(dst) + " but the op computes " + formatDims(expected));
}

Window SubgraphBuilder::readWindow(bool withDilations) const {
  auto pair = [&](const std::vector<int64_t> &values, const char *name,
                  int64_t fallback, int64_t &h, int64_t &w) {
    if (values.empty() && fallback > 0) {
      h = w = fallback;
      return;
    }
    if (values.size() != 2 || values[0] < 1 || values[1] < 1)
      fail(std::string(name) + " must be 2 values >= 1 (H, W), not " +
           std::to_string(values.size()) + " values");
    h = values[0];
    w = values[1];
  };
  Window window;
  pair(op->kernel, "kernel", 0, window.kernelH, window.kernelW);
  pair(op->strides, "strides", 1, window.strideH, window.strideW);
  pair(op->dilations, "dilations", 1, window.dilationH, window.dilationW);
  if (!withDilations && (window.dilationH != 1 || window.dilationW != 1))
    fail("dilations must be 1: XNNPACK has no dilated " +
         std::string(getOpKeyword(op->kind)));
  if (!op->pads.empty()) {
    if (op->pads.size() != 4)
      fail("pads must be 4 values [top, left, bottom, right], not " +
           std::to_string(op->pads.size()));
    for (int64_t pad : op->pads)
      if (pad < 0)
        fail("pads must be >= 0, not " + std::to_string(pad));
    window.top = op->pads[0];
    window.left = op->pads[1];
    window.bottom = op->pads[2];
    window.right = op->pads[3];
  }
  return window;
}

Dims SubgraphBuilder::windowOutput(const Dims &input, const Window &window,
                                   int64_t channels) const {
  auto size = [&](int64_t in, int64_t begin, int64_t end, int64_t kernel,
                  int64_t dilation, int64_t stride, const char *axis) {
    int64_t extent = (kernel - 1) * dilation + 1;
    int64_t padded = in + begin + end;
    if (padded < extent)
      fail(std::string("the window's ") + axis + " extent (" +
           std::to_string(extent) + ") exceeds the padded input (" +
           std::to_string(padded) + ")");
    return (padded - extent) / stride + 1;
  };
  return {input[0], channels,
          size(input[2], window.top, window.bottom, window.kernelH,
               window.dilationH, window.strideH, "height"),
          size(input[3], window.left, window.right, window.kernelW,
               window.dilationW, window.strideW, "width")};
}

bool SubgraphBuilder::needsSeparateClamp() const {
  switch (op->kind) {
  case OpKind::HardSwish:
  case OpKind::Sigmoid:
  case OpKind::LeakyRelu:
  case OpKind::Softmax:
  case OpKind::ConstantPad:
  case OpKind::Reshape:
    return std::isfinite(op->outputMin) || std::isfinite(op->outputMax);
  default:
    return false;
  }
}

uint32_t SubgraphBuilder::result() {
  if (!needsSeparateClamp())
    return static_cast<uint32_t>(op->dst);
  return defineInternal(getInsideDims(dimsOf(op->dst)));
}

void SubgraphBuilder::finishClamp(uint32_t result) {
  if (result == static_cast<uint32_t>(op->dst))
    return;
  check(xnn_define_clamp(subgraph.get(), op->outputMin, op->outputMax, result,
                         static_cast<uint32_t>(op->dst), /*flags=*/0),
        "xnn_define_clamp");
}
//===----------------------------------------------------------------------===//
// The walk over the ops
//===----------------------------------------------------------------------===//

void SubgraphBuilder::buildOp() {
  // Plan.cpp checked the output bounds and the bias of every op.
  switch (op->kind) {
  case OpKind::Conv2d:
    return buildConv2d();
  case OpKind::FullyConnected:
    return buildFullyConnected();
  case OpKind::MaxPool2d:
  case OpKind::AvgPool2d:
    return buildPool2d();
  case OpKind::GlobalAvgPool2d:
    return buildGlobalAvgPool2d();
  case OpKind::Add:
  case OpKind::Multiply:
  case OpKind::Subtract:
  case OpKind::Divide:
    return buildBinary();
  case OpKind::Clamp:
  case OpKind::HardSwish:
  case OpKind::Sigmoid:
  case OpKind::LeakyRelu:
    return buildUnary();
  case OpKind::Softmax:
    return buildSoftmax();
  case OpKind::ConstantPad:
    return buildConstantPad();
  case OpKind::Reshape:
    return buildReshape();
  case OpKind::Concat:
  case OpKind::Transpose:
  case OpKind::Slice:
    fail("runs on the host, not in an XNNPACK subgraph");
  }
  fail("unknown op kind");
}

SubgraphPtr SubgraphBuilder::build() {
  xnn_subgraph_t created = nullptr;
  xnn_status status = xnn_create_subgraph(
      static_cast<uint32_t>(desc.values.size()), /*flags=*/0, &created);
  if (status != xnn_status_success)
    throw std::runtime_error(std::string("xnn_create_subgraph failed: ") +
                             getStatusName(status));
  subgraph.reset(created);
  defineActivations();
  for (size_t i = segment.firstOp; i < segment.endOp; ++i) {
    opIndex = i;
    op = &desc.ops[i];
    buildOp();
  }
  return std::move(subgraph);
}

SubgraphPtr buildSubgraph(const RegionDesc &desc, const Plan &plan, size_t step,
                          WeightStore &weights) {
  return SubgraphBuilder(desc, plan, step, weights).build();
}

} // namespace seam::xnnpack_region
