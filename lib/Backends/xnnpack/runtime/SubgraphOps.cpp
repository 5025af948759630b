//===- SubgraphOps.cpp - The XNNPACK nodes of each op kind ----------------===//
//
// One function per op kind: check the op's sources, attributes and dst dims
// against what XNNPACK computes (XNNPACK checks little: a wrong dst dim would
// make it write out of bounds), then define its node(s) in the layouts inside
// the region (4-D values NHWC, filters OHWI or [1, kH, kW, C * m]). concat
// and layout-changing reshapes are host steps (HostSteps.cpp).
//
// XNNPACK and the C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "SubgraphBuilder.h"

#include <algorithm>
#include <cmath>

namespace seam::xnnpack_region {

void SubgraphBuilder::buildConv2d() {
  expectSources(2);
  const Dims &input = srcDims(0), &filter = srcDims(1);
  if (input.size() != 4)
    fail("the input must be 4-D (N, C, H, W), not " + formatDims(input));
  if (filter.size() != 4)
    fail("the filter must be 4-D (O, C / group, kH, kW), not " +
         formatDims(filter));
  Window window = readWindow(/*withDilations=*/true);
  int64_t channels = input[1], outChannels = filter[0], group = op->group;
  if (group < 1 || channels % group != 0 || outChannels % group != 0)
    fail("group " + std::to_string(group) + " must divide the input's " +
         std::to_string(channels) + " and the output's " +
         std::to_string(outChannels) + " channels");
  if (filter[1] != channels / group || filter[2] != window.kernelH ||
      filter[3] != window.kernelW)
    fail("the filter is " + formatDims(filter) + ", expected " +
         formatDims(
             {outChannels, channels / group, window.kernelH, window.kernelW}) +
         " for the input, group and kernel");
  if (op->bias >= 0 && dimsOf(op->bias) != Dims{outChannels})
    fail("the bias is " + formatDims(dimsOf(op->bias)) + ", expected " +
         std::to_string(outChannels));
  expectDst(windowOutput(input, window, outChannels));

  uint32_t in = source(op->srcs[0]);
  bool depthwise = group > 1 && group == channels;
  uint32_t filterId =
      depthwise
          ? weight(op->srcs[1], WeightForm::DepthwiseFilter,
                   {1, window.kernelH, window.kernelW, outChannels}, "filter")
          : weight(op->srcs[1], WeightForm::Nhwc, getInsideDims(filter),
                   "filter");
  uint32_t biasId = op->bias >= 0 ? weight(op->bias, WeightForm::RowMajor,
                                           {outChannels}, "bias")
                                  : XNN_INVALID_VALUE_ID;
  auto dst = static_cast<uint32_t>(op->dst);
  // XNNPACK's pads are (top, right, bottom, left).
  if (depthwise) {
    check(xnn_define_depthwise_convolution_2d(
              subgraph.get(), window.top, window.right, window.bottom,
              window.left, window.kernelH, window.kernelW, window.strideH,
              window.strideW, window.dilationH, window.dilationW,
              /*depth_multiplier=*/outChannels / channels, channels,
              op->outputMin, op->outputMax, in, filterId, biasId, dst,
              /*flags=*/0),
          "xnn_define_depthwise_convolution_2d");
    return;
  }
  check(xnn_define_convolution_2d(
            subgraph.get(), window.top, window.right, window.bottom,
            window.left, window.kernelH, window.kernelW, window.strideH,
            window.strideW, window.dilationH, window.dilationW, group,
            channels / group, outChannels / group, op->outputMin, op->outputMax,
            in, filterId, biasId, dst, /*flags=*/0),
        "xnn_define_convolution_2d");
}

void SubgraphBuilder::buildFullyConnected() {
  expectSources(2);
  const Dims &input = srcDims(0), &weightDims = srcDims(1);
  if (input.empty() || input.size() == 4)
    fail("the input is " + formatDims(input) +
         ": it must have rank 1 to 6 but not 4 (a 4-D value is NHWC inside "
         "the region)");
  if (weightDims.size() != 2)
    fail("the weight must be 2-D, not " + formatDims(weightDims));
  int64_t k = input.back();
  int64_t weightK = op->transB ? weightDims[1] : weightDims[0];
  int64_t n = op->transB ? weightDims[0] : weightDims[1];
  if (weightK != k)
    fail("the weight " + formatDims(weightDims) +
         (op->transB ? " ([N, K], transB)" : " ([K, N])") +
         " does not match the input's last dim " + std::to_string(k));
  if (op->bias >= 0 && dimsOf(op->bias) != Dims{n})
    fail("the bias is " + formatDims(dimsOf(op->bias)) + ", expected " +
         std::to_string(n));
  Dims expected = input;
  expected.back() = n;
  expectDst(expected);

  uint32_t in = source(op->srcs[0]);
  uint32_t weightId =
      weight(op->srcs[1], WeightForm::RowMajor, weightDims, "weight");
  uint32_t biasId = op->bias >= 0
                        ? weight(op->bias, WeightForm::RowMajor, {n}, "bias")
                        : XNN_INVALID_VALUE_ID;
  // XNNPACK's filter is [N, K]; [K, N] is its "transposed weights".
  check(xnn_define_fully_connected(subgraph.get(), op->outputMin, op->outputMax,
                                   in, weightId, biasId,
                                   static_cast<uint32_t>(op->dst),
                                   op->transB ? 0 : XNN_FLAG_TRANSPOSE_WEIGHTS),
        "xnn_define_fully_connected");
}

void SubgraphBuilder::buildPool2d() {
  expectSources(1);
  const Dims &input = srcDims(0);
  if (input.size() != 4)
    fail("the input must be 4-D (N, C, H, W), not " + formatDims(input));
  bool isMax = op->kind == OpKind::MaxPool2d;
  Window window = readWindow(/*withDilations=*/isMax);
  if (window.kernelH * window.kernelW == 1)
    fail("a 1x1 window: XNNPACK refuses pooling windows of one element");
  expectDst(windowOutput(input, window, input[1]));

  uint32_t in = source(op->srcs[0]);
  auto dst = static_cast<uint32_t>(op->dst);
  if (isMax) {
    check(xnn_define_max_pooling_2d(
              subgraph.get(), window.top, window.right, window.bottom,
              window.left, window.kernelH, window.kernelW, window.strideH,
              window.strideW, window.dilationH, window.dilationW, op->outputMin,
              op->outputMax, in, dst, /*flags=*/0),
          "xnn_define_max_pooling_2d");
    return;
  }
  // XNNPACK averages over the input pixels under the window only; to count
  // padded pixels, pad with zeros first and pool without padding.
  if (op->countIncludePad && window.hasPadding()) {
    Dims padded = {input[0], input[2] + window.top + window.bottom,
                   input[3] + window.left + window.right, input[1]};
    uint32_t paddedId = defineInternal(padded);
    size_t pre[4] = {0, static_cast<size_t>(window.top),
                     static_cast<size_t>(window.left), 0};
    size_t post[4] = {0, static_cast<size_t>(window.bottom),
                      static_cast<size_t>(window.right), 0};
    check(xnn_define_static_constant_pad(subgraph.get(), pre, post, 0.0f, in,
                                         paddedId, /*flags=*/0),
          "xnn_define_static_constant_pad");
    in = paddedId;
    window.top = window.left = window.bottom = window.right = 0;
  }
  check(xnn_define_average_pooling_2d(
            subgraph.get(), window.top, window.right, window.bottom,
            window.left, window.kernelH, window.kernelW, window.strideH,
            window.strideW, op->outputMin, op->outputMax, in, dst,
            /*flags=*/0),
        "xnn_define_average_pooling_2d");
}

void SubgraphBuilder::buildGlobalAvgPool2d() {
  expectSources(1);
  const Dims &input = srcDims(0);
  if (input.size() != 4)
    fail("the input must be 4-D (N, C, H, W), not " + formatDims(input));
  // [N, C] (a ReduceMean over H and W without keepdims) has the data of
  // [N, C, 1, 1]: XNNPACK pools into the latter, and a view gives the dst.
  Dims pooled = {input[0], input[1], 1, 1};
  bool flat = dimsOf(op->dst) == Dims{input[0], input[1]};
  if (!flat)
    expectDst(pooled);
  auto dst = static_cast<uint32_t>(op->dst);
  uint32_t out = flat ? defineInternal(getInsideDims(pooled)) : dst;
  check(xnn_define_global_average_pooling_2d(subgraph.get(), op->outputMin,
                                             op->outputMax, source(op->srcs[0]),
                                             out, /*flags=*/0),
        "xnn_define_global_average_pooling_2d");
  if (!flat)
    return;
  std::vector<size_t> shape = {static_cast<size_t>(input[0]),
                               static_cast<size_t>(input[1])};
  check(xnn_define_static_reshape(subgraph.get(), shape.size(), shape.data(),
                                  out, dst, /*flags=*/0),
        "xnn_define_static_reshape");
}

uint32_t SubgraphBuilder::broadcastOperand(size_t index, size_t resultRank) {
  int64_t value = op->srcs[index];
  const Dims &dims = dimsOf(value);
  std::string role = "operand " + std::to_string(index) + " (value " +
                     std::to_string(value) + ", " + formatDims(dims) + ")";
  if (resultRank == 4) {
    // Align to 4-D as NumPy does, then to NHWC like the result.
    if (dims.size() == 4)
      return source(value);
    Dims aligned = padToRank(dims, 4);
    if (isWeight(value))
      return defineStatic(value, WeightForm::Nhwc, getInsideDims(aligned));
    if (!isLayoutNeutral(aligned))
      fail(role + " is broadcast as " + formatDims(aligned) +
           " against a 4-D result: it is not a weight, and with C > 1 and "
           "H * W > 1 its data would need an NCHW -> NHWC transpose");
    return reshape(source(value), getInsideDims(aligned));
  }
  if (dims.size() == 4) {
    // A 4-D operand of a rank-5 or -6 result: viewed row-major (NCHW).
    if (isWeight(value))
      return defineStatic(value, WeightForm::RowMajor, dims);
    if (!isLayoutNeutral(dims))
      fail(role +
           " is 4-D (NHWC inside the region) and broadcast against a "
           "rank-" +
           std::to_string(resultRank) +
           " result: it is not a weight, and with C > 1 and H * W > 1 its "
           "data would need an NHWC -> NCHW transpose");
    return reshape(source(value), dims);
  }
  return source(value);
}

void SubgraphBuilder::buildBinary() {
  expectSources(2);
  const Dims &a = srcDims(0), &b = srcDims(1);
  size_t rank = std::max(a.size(), b.size());
  Dims alignedA = padToRank(a, rank), alignedB = padToRank(b, rank);
  Dims broadcast(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (alignedA[i] != alignedB[i] && alignedA[i] != 1 && alignedB[i] != 1)
      fail("operands " + formatDims(a) + " and " + formatDims(b) +
           " do not broadcast (dim " + std::to_string(i) + ")");
    broadcast[i] = std::max(alignedA[i], alignedB[i]);
  }
  expectDst(broadcast);

  uint32_t lhs = broadcastOperand(0, rank);
  uint32_t rhs = broadcastOperand(1, rank);
  auto dst = static_cast<uint32_t>(op->dst);
  switch (op->kind) {
  case OpKind::Add:
    check(xnn_define_add2(subgraph.get(), op->outputMin, op->outputMax, lhs,
                          rhs, dst, /*flags=*/0),
          "xnn_define_add2");
    break;
  case OpKind::Multiply:
    check(xnn_define_multiply2(subgraph.get(), op->outputMin, op->outputMax,
                               lhs, rhs, dst, /*flags=*/0),
          "xnn_define_multiply2");
    break;
  case OpKind::Subtract:
    check(xnn_define_subtract(subgraph.get(), op->outputMin, op->outputMax, lhs,
                              rhs, dst, /*flags=*/0),
          "xnn_define_subtract");
    break;
  default:
    check(xnn_define_divide(subgraph.get(), op->outputMin, op->outputMax, lhs,
                            rhs, dst, /*flags=*/0),
          "xnn_define_divide");
    break;
  }
}

void SubgraphBuilder::buildUnary() {
  expectSources(1);
  expectDst(srcDims(0));
  uint32_t in = source(op->srcs[0]);
  uint32_t out = result();
  switch (op->kind) {
  case OpKind::Clamp:
    check(xnn_define_clamp(subgraph.get(), op->outputMin, op->outputMax, in,
                           out, /*flags=*/0),
          "xnn_define_clamp");
    break;
  case OpKind::HardSwish:
    check(xnn_define_hardswish(subgraph.get(), in, out, /*flags=*/0),
          "xnn_define_hardswish");
    break;
  case OpKind::Sigmoid:
    check(xnn_define_sigmoid(subgraph.get(), in, out, /*flags=*/0),
          "xnn_define_sigmoid");
    break;
  default:
    if (!std::isfinite(op->alpha))
      fail("alpha must be finite");
    check(xnn_define_leaky_relu(subgraph.get(), op->alpha, in, out,
                                /*flags=*/0),
          "xnn_define_leaky_relu");
    break;
  }
  finishClamp(out);
}

void SubgraphBuilder::buildSoftmax() {
  expectSources(1);
  const Dims &input = srcDims(0);
  expectDst(input);
  auto rank = static_cast<int64_t>(input.size());
  if (op->axis < 0 || op->axis >= rank)
    fail("axis " + std::to_string(op->axis) + " is out of range for " +
         formatDims(input) + " (0 <= axis < rank)");
  if (getInsideAxis(op->axis, input.size()) != rank - 1)
    fail("axis " + std::to_string(op->axis) + " of " + formatDims(input) +
         ": XNNPACK normalizes the innermost dim of its layout only (the "
         "last axis, or axis 1 of a 4-D value)");
  uint32_t in = source(op->srcs[0]);
  uint32_t out = result();
  check(xnn_define_softmax(subgraph.get(), in, out, /*flags=*/0),
        "xnn_define_softmax");
  finishClamp(out);
}

void SubgraphBuilder::buildConstantPad() {
  expectSources(1);
  const Dims &input = srcDims(0);
  size_t rank = input.size();
  if (op->pads.size() != 2 * rank)
    fail("pads must be 2 * rank = " + std::to_string(2 * rank) +
         " values (begins, then ends), not " + std::to_string(op->pads.size()));
  Dims expected = input;
  std::vector<size_t> pre(rank), post(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t begin = op->pads[i], end = op->pads[rank + i];
    if (begin < 0 || end < 0)
      fail("pads must be >= 0 (no cropping), not " +
           std::to_string(std::min(begin, end)));
    expected[i] += begin + end;
    auto inside = static_cast<size_t>(getInsideAxis(i, rank));
    pre[inside] = static_cast<size_t>(begin);
    post[inside] = static_cast<size_t>(end);
  }
  expectDst(expected);
  if (!std::isfinite(op->padValue))
    fail("padValue must be finite");
  uint32_t in = source(op->srcs[0]);
  uint32_t out = result();
  check(xnn_define_static_constant_pad(subgraph.get(), pre.data(), post.data(),
                                       op->padValue, in, out, /*flags=*/0),
        "xnn_define_static_constant_pad");
  finishClamp(out);
}

void SubgraphBuilder::buildReshape() {
  expectSources(1);
  const Dims &input = srcDims(0), &dst = dimsOf(op->dst);
  if (getNumElements(input) != getNumElements(dst))
    fail("reshapes " + formatDims(input) + " (" +
         std::to_string(getNumElements(input)) + " elements) to " +
         formatDims(dst) + " (" + std::to_string(getNumElements(dst)) +
         " elements)");
  // A 4-D side with C > 1 and H * W > 1 makes it a host step (Plan.h): here
  // the data is the same in both layouts, and the node is a view.
  uint32_t in = source(op->srcs[0]);
  uint32_t out = result();
  Dims inside = getInsideDims(dst);
  std::vector<size_t> shape(inside.begin(), inside.end());
  check(xnn_define_static_reshape(subgraph.get(), shape.size(), shape.data(),
                                  in, out, /*flags=*/0),
        "xnn_define_static_reshape");
  finishClamp(out);
}

} // namespace seam::xnnpack_region
