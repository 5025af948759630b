//===- XnnpackRuntimeTest.cpp - The xnnpack backend's runtime -------------===//
//
// The runtime on its own, through its C ABI: descriptions built by hand,
// serialized, created, run, and compared with naive NCHW loops written here
// (rtol 1e-4), including regions split into XNNPACK segments and host steps
// (whose plan, Plan.h, is checked too); several threads on one handle;
// thread counts and statistics; and the runtime's answers to descriptions it
// cannot read or build (an error message naming the region, op and reason,
// and a null handle).
//
//===----------------------------------------------------------------------===//

#include "XnnpackRuntime.h"
#include "Plan.h"
#include "RegionDesc.h"

#include "seam/Runtime/SeamRuntime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace seam::xnnpack_region;

using Dims = std::vector<int64_t>;

constexpr float kInf = std::numeric_limits<float>::infinity();

//===----------------------------------------------------------------------===//
// Tensors and the reference implementation (ONNX semantics, NCHW)
//===----------------------------------------------------------------------===//

struct Tensor {
  Dims dims;
  std::vector<float> data;
};

int64_t numElements(const Dims &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

Tensor randomTensor(const Dims &dims, uint32_t seed, float low = -1.0f,
                    float high = 1.0f) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> distribution(low, high);
  Tensor t{dims, std::vector<float>(numElements(dims))};
  for (float &x : t.data)
    x = distribution(generator);
  return t;
}

/// Row-major strides of `dims`.
Dims stridesOf(const Dims &dims) {
  Dims strides(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;)
    strides[i - 1] = strides[i] * dims[i];
  return strides;
}

struct ConvParams {
  Dims strides = {1, 1}, pads = {0, 0, 0, 0}, dilations = {1, 1};
  int64_t group = 1;
};

Tensor referenceConv2d(const Tensor &x, const Tensor &w, const Tensor *bias,
                       const ConvParams &p) {
  int64_t n = x.dims[0], c = x.dims[1], h = x.dims[2], wi = x.dims[3];
  int64_t o = w.dims[0], cg = w.dims[1], kh = w.dims[2], kw = w.dims[3];
  int64_t oh = (h + p.pads[0] + p.pads[2] - ((kh - 1) * p.dilations[0] + 1)) /
                   p.strides[0] +
               1;
  int64_t ow = (wi + p.pads[1] + p.pads[3] - ((kw - 1) * p.dilations[1] + 1)) /
                   p.strides[1] +
               1;
  Tensor y{{n, o, oh, ow}, std::vector<float>(n * o * oh * ow)};
  int64_t og = o / p.group;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t oc = 0; oc < o; ++oc)
      for (int64_t yh = 0; yh < oh; ++yh)
        for (int64_t yw = 0; yw < ow; ++yw) {
          double sum = bias ? bias->data[oc] : 0.0;
          int64_t g = oc / og;
          for (int64_t ci = 0; ci < cg; ++ci)
            for (int64_t i = 0; i < kh; ++i)
              for (int64_t j = 0; j < kw; ++j) {
                int64_t ih = yh * p.strides[0] - p.pads[0] + i * p.dilations[0];
                int64_t iw = yw * p.strides[1] - p.pads[1] + j * p.dilations[1];
                if (ih < 0 || ih >= h || iw < 0 || iw >= wi)
                  continue;
                int64_t ic = g * cg + ci;
                sum += static_cast<double>(
                           x.data[((b * c + ic) * h + ih) * wi + iw]) *
                       w.data[((oc * cg + ci) * kh + i) * kw + j];
              }
          y.data[((b * o + oc) * oh + yh) * ow + yw] = static_cast<float>(sum);
        }
  return y;
}

Tensor referenceFullyConnected(const Tensor &x, const Tensor &w, bool transB,
                               const Tensor *bias) {
  int64_t k = x.dims.back();
  int64_t n = transB ? w.dims[0] : w.dims[1];
  int64_t m = numElements(x.dims) / k;
  Tensor y{x.dims, std::vector<float>(m * n)};
  y.dims.back() = n;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = bias ? bias->data[j] : 0.0;
      for (int64_t l = 0; l < k; ++l)
        sum += static_cast<double>(x.data[i * k + l]) *
               (transB ? w.data[j * k + l] : w.data[l * n + j]);
      y.data[i * n + j] = static_cast<float>(sum);
    }
  return y;
}

enum class PoolKind { Max, AvgExcludePad, AvgIncludePad };

Tensor referencePool2d(const Tensor &x, PoolKind kind, const Dims &kernel,
                       const ConvParams &p) {
  int64_t n = x.dims[0], c = x.dims[1], h = x.dims[2], w = x.dims[3];
  int64_t oh =
      (h + p.pads[0] + p.pads[2] - ((kernel[0] - 1) * p.dilations[0] + 1)) /
          p.strides[0] +
      1;
  int64_t ow =
      (w + p.pads[1] + p.pads[3] - ((kernel[1] - 1) * p.dilations[1] + 1)) /
          p.strides[1] +
      1;
  Tensor y{{n, c, oh, ow}, std::vector<float>(n * c * oh * ow)};
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t yh = 0; yh < oh; ++yh)
        for (int64_t yw = 0; yw < ow; ++yw) {
          double best = -kInf, sum = 0;
          int64_t valid = 0, padded = 0;
          for (int64_t i = 0; i < kernel[0]; ++i)
            for (int64_t j = 0; j < kernel[1]; ++j) {
              int64_t ih = yh * p.strides[0] - p.pads[0] + i * p.dilations[0];
              int64_t iw = yw * p.strides[1] - p.pads[1] + j * p.dilations[1];
              if (ih < h + p.pads[2] && iw < w + p.pads[3])
                ++padded;
              if (ih < 0 || ih >= h || iw < 0 || iw >= w)
                continue;
              float v = x.data[((b * c + ch) * h + ih) * w + iw];
              best = std::max<double>(best, v);
              sum += v;
              ++valid;
            }
          double result = kind == PoolKind::Max             ? best
                          : kind == PoolKind::AvgExcludePad ? sum / valid
                                                            : sum / padded;
          y.data[((b * c + ch) * oh + yh) * ow + yw] =
              static_cast<float>(result);
        }
  return y;
}

Tensor referenceGlobalAvgPool(const Tensor &x) {
  int64_t n = x.dims[0], c = x.dims[1], hw = x.dims[2] * x.dims[3];
  Tensor y{{n, c, 1, 1}, std::vector<float>(n * c)};
  for (int64_t i = 0; i < n * c; ++i) {
    double sum = 0;
    for (int64_t j = 0; j < hw; ++j)
      sum += x.data[i * hw + j];
    y.data[i] = static_cast<float>(sum / hw);
  }
  return y;
}

/// NumPy-broadcast elementwise `f(a, b)`.
Tensor referenceBinary(const Tensor &a, const Tensor &b,
                       const std::function<float(float, float)> &f) {
  size_t rank = std::max(a.dims.size(), b.dims.size());
  auto align = [&](const Dims &dims) {
    Dims aligned(rank - dims.size(), 1);
    aligned.insert(aligned.end(), dims.begin(), dims.end());
    return aligned;
  };
  Dims da = align(a.dims), db = align(b.dims), dy(rank);
  for (size_t i = 0; i < rank; ++i)
    dy[i] = std::max(da[i], db[i]);
  Dims sa = stridesOf(da), sb = stridesOf(db), sy = stridesOf(dy);
  Tensor y{dy, std::vector<float>(numElements(dy))};
  for (int64_t flat = 0; flat < numElements(dy); ++flat) {
    int64_t ia = 0, ib = 0;
    for (size_t d = 0; d < rank; ++d) {
      int64_t index = flat / sy[d] % dy[d];
      ia += (da[d] == 1 ? 0 : index) * sa[d];
      ib += (db[d] == 1 ? 0 : index) * sb[d];
    }
    y.data[flat] = f(a.data[ia], b.data[ib]);
  }
  return y;
}

Tensor referenceUnary(const Tensor &x, const std::function<float(float)> &f) {
  Tensor y = x;
  for (float &v : y.data)
    v = f(v);
  return y;
}

Tensor referenceSoftmax(const Tensor &x, int64_t axis) {
  int64_t outer = 1, inner = 1, length = x.dims[axis];
  for (int64_t i = 0; i < axis; ++i)
    outer *= x.dims[i];
  for (size_t i = axis + 1; i < x.dims.size(); ++i)
    inner *= x.dims[i];
  Tensor y = x;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t in = 0; in < inner; ++in) {
      auto at = [&](int64_t l) { return (o * length + l) * inner + in; };
      double largest = -kInf, sum = 0;
      for (int64_t l = 0; l < length; ++l)
        largest = std::max<double>(largest, x.data[at(l)]);
      for (int64_t l = 0; l < length; ++l)
        sum += std::exp(x.data[at(l)] - largest);
      for (int64_t l = 0; l < length; ++l)
        y.data[at(l)] =
            static_cast<float>(std::exp(x.data[at(l)] - largest) / sum);
    }
  return y;
}

Tensor referencePad(const Tensor &x, const Dims &pads, float value) {
  size_t rank = x.dims.size();
  Dims dy = x.dims;
  for (size_t i = 0; i < rank; ++i)
    dy[i] += pads[i] + pads[rank + i];
  Tensor y{dy, std::vector<float>(numElements(dy), value)};
  Dims sx = stridesOf(x.dims), sy = stridesOf(dy);
  for (int64_t flat = 0; flat < numElements(x.dims); ++flat) {
    int64_t target = 0;
    for (size_t d = 0; d < rank; ++d)
      target += (flat / sx[d] % x.dims[d] + pads[d]) * sy[d];
    y.data[target] = x.data[flat];
  }
  return y;
}

Tensor referenceConcat(const std::vector<const Tensor *> &xs, int64_t axis) {
  Dims dy = xs[0]->dims;
  dy[axis] = 0;
  for (const Tensor *x : xs)
    dy[axis] += x->dims[axis];
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= dy[i];
  for (size_t i = axis + 1; i < dy.size(); ++i)
    inner *= dy[i];
  Tensor y{dy, {}};
  for (int64_t o = 0; o < outer; ++o)
    for (const Tensor *x : xs) {
      int64_t chunk = x->dims[axis] * inner;
      y.data.insert(y.data.end(), x->data.begin() + o * chunk,
                    x->data.begin() + (o + 1) * chunk);
    }
  return y;
}

float hardSwish(float x) {
  return x * std::min(std::max(x + 3, 0.0f), 6.0f) / 6;
}
float sigmoid(float x) { return 1 / (1 + std::exp(-x)); }

/// Whether `actual` matches `expected` at rtol 1e-4 (and atol 1e-5 for
/// values near zero); the first mismatch in the failure message.
testing::AssertionResult allClose(const std::vector<float> &actual,
                                  const Tensor &expected) {
  if (actual.size() != expected.data.size())
    return testing::AssertionFailure()
           << "sizes " << actual.size() << " vs " << expected.data.size();
  for (size_t i = 0; i < actual.size(); ++i) {
    float e = expected.data[i], a = actual[i];
    if (!(std::fabs(a - e) <= 1e-4f * std::fabs(e) + 1e-5f))
      return testing::AssertionFailure()
             << "element " << i << ": " << a << " vs expected " << e;
  }
  return testing::AssertionSuccess();
}

//===----------------------------------------------------------------------===//
// Regions built by hand
//===----------------------------------------------------------------------===//

OpDesc makeOp(OpKind kind, std::vector<int64_t> srcs) {
  OpDesc op;
  op.kind = kind;
  op.srcs = std::move(srcs);
  return op;
}

class TestRegion {
public:
  RegionDesc desc;
  std::vector<Tensor> inputs, weights;

  TestRegion() { desc.name = "xnnpack_test"; }

  int64_t value(const Dims &dims) {
    desc.values.push_back(dims);
    return static_cast<int64_t>(desc.values.size()) - 1;
  }
  int64_t input(const Tensor &t) {
    int64_t id = value(t.dims);
    desc.inputs.push_back(id);
    inputs.push_back(t);
    return id;
  }
  int64_t weight(const Tensor &t) {
    int64_t id = value(t.dims);
    desc.weights.push_back(id);
    weights.push_back(t);
    return id;
  }
  int64_t op(OpDesc op, const Dims &dstDims) {
    op.dst = value(dstDims);
    desc.ops.push_back(std::move(op));
    return desc.ops.back().dst;
  }
  void output(int64_t id) { desc.outputs.push_back(id); }

  /// Creates the region; on failure, what the runtime printed.
  void *create(std::string *message = nullptr) const {
    std::vector<uint8_t> blob = serialize(desc);
    std::vector<const void *> pointers;
    for (const Tensor &w : weights)
      pointers.push_back(w.data.data());
    testing::internal::CaptureStderr();
    void *handle = seam_xnnpack_create_region(
        blob.data(), static_cast<int64_t>(blob.size()), pointers.data());
    std::string printed = testing::internal::GetCapturedStderr();
    if (message)
      *message = printed;
    else if (!handle)
      ADD_FAILURE() << "create failed: " << printed;
    return handle;
  }

  /// Runs `handle` on `inputData` (default: the inputs given).
  std::vector<std::vector<float>>
  run(void *handle, const std::vector<Tensor> *inputData = nullptr) const {
    const std::vector<Tensor> &ins = inputData ? *inputData : inputs;
    std::vector<std::vector<float>> outs;
    for (int64_t id : desc.outputs)
      outs.emplace_back(numElements(desc.values[id]), -12345.0f);
    std::vector<void *> buffers;
    for (const Tensor &t : ins)
      buffers.push_back(const_cast<float *>(t.data.data()));
    for (std::vector<float> &out : outs)
      buffers.push_back(out.data());
    seam_xnnpack_run_region(handle, buffers.data());
    return outs;
  }

  /// Creates, runs once, destroys.
  std::vector<std::vector<float>> runOnce() const {
    void *handle = create();
    if (!handle)
      return {};
    auto outs = run(handle);
    seam_xnnpack_destroy_region(handle);
    return outs;
  }

  /// Creation fails; what it printed.
  std::string createError() const {
    std::string message;
    void *handle = create(&message);
    EXPECT_EQ(handle, nullptr);
    seam_xnnpack_destroy_region(handle);
    return message;
  }
};

/// One op on one input (and weights) compared with `expected`.
void expectSingleOp(TestRegion &region, int64_t result,
                    const Tensor &expected) {
  region.output(result);
  auto outs = region.runOnce();
  ASSERT_EQ(outs.size(), 1u);
  EXPECT_TRUE(allClose(outs[0], expected));
}

//===----------------------------------------------------------------------===//
// Description
//===----------------------------------------------------------------------===//

TEST(XnnpackRegionDesc, RoundTrips) {
  RegionDesc desc;
  desc.name = "xnnpack_7";
  desc.values = {{1, 3, 8, 8}, {4, 3, 3, 3}, {4}, {1, 4, 8, 8}, {}};
  desc.inputs = {0};
  desc.weights = {1, 2};
  desc.outputs = {3};
  OpDesc op = makeOp(OpKind::Conv2d, {0, 1});
  op.dst = 3;
  op.bias = 2;
  op.kernel = {3, 3};
  op.strides = {1, 2};
  op.pads = {1, 0, 2, 1};
  op.dilations = {2, 1};
  op.group = 1;
  op.axis = 3;
  op.transB = true;
  op.countIncludePad = true;
  op.outputMin = 0;
  op.outputMax = 6;
  op.alpha = 0.25f;
  op.padValue = -1.5f;
  op.perm = {0, 2, 3, 1};
  op.starts = {0, -1, 5};
  op.steps = {1, -2, 3};
  desc.ops = {op, makeOp(OpKind::Softmax, {3})};
  desc.ops[1].dst = 4;
  std::vector<uint8_t> blob = serialize(desc);
  ASSERT_EQ(std::memcmp(blob.data(), "SEAMXNNP", 8), 0);

  RegionDesc read;
  std::string error;
  ASSERT_TRUE(deserialize(blob.data(), blob.size(), read, error)) << error;
  EXPECT_EQ(read.name, desc.name);
  EXPECT_EQ(read.values, desc.values);
  EXPECT_EQ(read.inputs, desc.inputs);
  EXPECT_EQ(read.weights, desc.weights);
  EXPECT_EQ(read.outputs, desc.outputs);
  ASSERT_EQ(read.ops.size(), 2u);
  const OpDesc &r = read.ops[0];
  EXPECT_EQ(r.kind, OpKind::Conv2d);
  EXPECT_EQ(r.srcs, op.srcs);
  EXPECT_EQ(r.dst, 3);
  EXPECT_EQ(r.bias, 2);
  EXPECT_EQ(r.kernel, op.kernel);
  EXPECT_EQ(r.strides, op.strides);
  EXPECT_EQ(r.pads, op.pads);
  EXPECT_EQ(r.dilations, op.dilations);
  EXPECT_EQ(r.axis, 3);
  EXPECT_TRUE(r.transB);
  EXPECT_TRUE(r.countIncludePad);
  EXPECT_EQ(r.outputMin, 0.0f);
  EXPECT_EQ(r.outputMax, 6.0f);
  EXPECT_EQ(r.alpha, 0.25f);
  EXPECT_EQ(r.padValue, -1.5f);
  EXPECT_EQ(r.perm, op.perm);
  EXPECT_EQ(r.starts, op.starts);
  EXPECT_EQ(r.steps, op.steps);
  EXPECT_EQ(read.ops[1].kind, OpKind::Softmax);
  EXPECT_EQ(read.ops[1].outputMin, -kInf);
  EXPECT_EQ(read.ops[1].outputMax, kInf);
  EXPECT_TRUE(read.ops[1].perm.empty());
  EXPECT_TRUE(read.ops[1].starts.empty());
  EXPECT_TRUE(read.ops[1].steps.empty());
}

TEST(XnnpackRegionDesc, KeywordsRoundTrip) {
  for (int i = 0; i < kNumOpKinds; ++i) {
    auto kind = static_cast<OpKind>(i);
    EXPECT_EQ(lookupOpKind(getOpKeyword(kind)), kind) << getOpKeyword(kind);
  }
  EXPECT_EQ(lookupOpKind("conv2d"), OpKind::Conv2d);
  EXPECT_EQ(lookupOpKind("global_avg_pool2d"), OpKind::GlobalAvgPool2d);
  EXPECT_EQ(lookupOpKind("transpose"), OpKind::Transpose);
  EXPECT_EQ(lookupOpKind("slice"), OpKind::Slice);
  EXPECT_EQ(lookupOpKind("conv"), std::nullopt);
}

//===----------------------------------------------------------------------===//
// conv2d
//===----------------------------------------------------------------------===//

/// A conv2d region: input, filter and optional bias, checked against the
/// reference.
void checkConv2d(const Dims &inputDims, const Dims &filterDims, bool withBias,
                 const ConvParams &p, float outputMin = -kInf,
                 float outputMax = kInf) {
  TestRegion region;
  Tensor x = randomTensor(inputDims, 1), w = randomTensor(filterDims, 2),
         b = randomTensor({filterDims[0]}, 3);
  int64_t in = region.input(x);
  int64_t filter = region.weight(w);
  OpDesc op = makeOp(OpKind::Conv2d, {in, filter});
  if (withBias)
    op.bias = region.weight(b);
  op.kernel = {filterDims[2], filterDims[3]};
  op.strides = p.strides;
  op.pads = p.pads;
  op.dilations = p.dilations;
  op.group = p.group;
  op.outputMin = outputMin;
  op.outputMax = outputMax;
  Tensor expected = referenceConv2d(x, w, withBias ? &b : nullptr, p);
  for (float &v : expected.data)
    v = std::min(std::max(v, outputMin), outputMax);
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, Conv2d) {
  checkConv2d({1, 3, 8, 8}, {8, 3, 3, 3}, /*withBias=*/true, {});
}

TEST(XnnpackRuntime, Conv2dWithoutBiasBatch2) {
  checkConv2d({2, 4, 6, 5}, {6, 4, 1, 1}, /*withBias=*/false, {});
}

TEST(XnnpackRuntime, Conv2dStridedPadded) {
  ConvParams p;
  p.strides = {2, 2};
  p.pads = {1, 0, 2, 1};
  checkConv2d({1, 5, 11, 9}, {7, 5, 3, 3}, true, p);
}

TEST(XnnpackRuntime, Conv2dDilated) {
  ConvParams p;
  p.dilations = {2, 3};
  p.pads = {2, 3, 2, 3};
  checkConv2d({1, 4, 10, 12}, {6, 4, 3, 3}, true, p);
}

TEST(XnnpackRuntime, Conv2dGrouped) {
  ConvParams p;
  p.group = 2;
  p.pads = {1, 1, 1, 1};
  checkConv2d({1, 6, 7, 7}, {8, 3, 3, 3}, true, p);
}

TEST(XnnpackRuntime, Conv2dDepthwise) {
  ConvParams p;
  p.group = 8;
  p.pads = {1, 1, 1, 1};
  p.strides = {2, 1};
  checkConv2d({1, 8, 9, 9}, {8, 1, 3, 3}, true, p);
}

TEST(XnnpackRuntime, Conv2dDepthwiseWithMultiplier) {
  ConvParams p;
  p.group = 4;
  p.pads = {2, 2, 2, 2};
  p.dilations = {2, 2};
  checkConv2d({2, 4, 8, 8}, {8, 1, 3, 3}, true, p);
}

TEST(XnnpackRuntime, Conv2dFusedClamp) {
  ConvParams p;
  p.pads = {1, 1, 1, 1};
  checkConv2d({1, 3, 8, 8}, {8, 3, 3, 3}, true, p, /*outputMin=*/0.0f,
              /*outputMax=*/0.5f);
}

//===----------------------------------------------------------------------===//
// fully_connected
//===----------------------------------------------------------------------===//

void checkFullyConnected(const Dims &inputDims, int64_t n, bool transB,
                         bool withBias) {
  TestRegion region;
  int64_t k = inputDims.back();
  Tensor x = randomTensor(inputDims, 4);
  Tensor w = randomTensor(transB ? Dims{n, k} : Dims{k, n}, 5);
  Tensor b = randomTensor({n}, 6);
  OpDesc op =
      makeOp(OpKind::FullyConnected, {region.input(x), region.weight(w)});
  op.transB = transB;
  if (withBias)
    op.bias = region.weight(b);
  Tensor expected =
      referenceFullyConnected(x, w, transB, withBias ? &b : nullptr);
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, FullyConnectedKN) {
  checkFullyConnected({3, 16}, 10, /*transB=*/false, /*withBias=*/true);
}

TEST(XnnpackRuntime, FullyConnectedNKTransB) {
  checkFullyConnected({2, 16}, 5, /*transB=*/true, /*withBias=*/true);
}

TEST(XnnpackRuntime, FullyConnected3dWithoutBias) {
  checkFullyConnected({2, 3, 8}, 4, /*transB=*/false, /*withBias=*/false);
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

void checkPool(PoolKind kind, const Dims &inputDims, const Dims &kernel,
               const ConvParams &p, float low = -1.0f) {
  TestRegion region;
  Tensor x = randomTensor(inputDims, 7, low, low + 2.0f);
  OpDesc op =
      makeOp(kind == PoolKind::Max ? OpKind::MaxPool2d : OpKind::AvgPool2d,
             {region.input(x)});
  op.kernel = kernel;
  op.strides = p.strides;
  op.pads = p.pads;
  op.dilations = p.dilations;
  op.countIncludePad = kind == PoolKind::AvgIncludePad;
  Tensor expected = referencePool2d(x, kind, kernel, p);
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, MaxPool2dPaddedNeverWins) {
  // All inputs negative: a padded zero must not be the max.
  ConvParams p;
  p.strides = {2, 2};
  p.pads = {1, 1, 1, 1};
  checkPool(PoolKind::Max, {1, 3, 8, 8}, {3, 3}, p, /*low=*/-3.0f);
}

TEST(XnnpackRuntime, MaxPool2dDilated) {
  ConvParams p;
  p.dilations = {2, 2};
  checkPool(PoolKind::Max, {2, 4, 9, 9}, {2, 2}, p);
}

TEST(XnnpackRuntime, MaxPool2dCeilModeAsEndPads) {
  // ONNX ceil_mode on 8x8, kernel 3, stride 2: one more window, written as
  // an extra end pad.
  ConvParams p;
  p.strides = {2, 2};
  p.pads = {0, 0, 1, 1};
  checkPool(PoolKind::Max, {1, 2, 8, 8}, {3, 3}, p);
}

TEST(XnnpackRuntime, AvgPool2dExcludesPadding) {
  ConvParams p;
  p.pads = {1, 1, 1, 1};
  checkPool(PoolKind::AvgExcludePad, {1, 3, 7, 7}, {3, 3}, p);
}

TEST(XnnpackRuntime, AvgPool2dIncludesPadding) {
  ConvParams p;
  p.pads = {1, 2, 1, 0};
  p.strides = {2, 1};
  checkPool(PoolKind::AvgIncludePad, {2, 3, 7, 6}, {3, 3}, p);
}

TEST(XnnpackRuntime, AvgPool2dStrided) {
  ConvParams p;
  p.strides = {2, 2};
  checkPool(PoolKind::AvgExcludePad, {1, 5, 8, 8}, {2, 2}, p);
}

TEST(XnnpackRuntime, GlobalAvgPool2d) {
  TestRegion region;
  Tensor x = randomTensor({2, 6, 5, 7}, 8);
  Tensor expected = referenceGlobalAvgPool(x);
  expectSingleOp(region,
                 region.op(makeOp(OpKind::GlobalAvgPool2d, {region.input(x)}),
                           expected.dims),
                 expected);
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

/// `kind` on a and b (each an input, or a weight when `bIsWeight`).
void checkBinary(OpKind kind, const Dims &aDims, const Dims &bDims,
                 bool bIsWeight, const std::function<float(float, float)> &f,
                 float outputMin = -kInf, float outputMax = kInf) {
  TestRegion region;
  Tensor a = randomTensor(aDims, 9);
  Tensor b = randomTensor(bDims, 10, 0.5f, 2.0f);
  int64_t lhs = region.input(a);
  int64_t rhs = bIsWeight ? region.weight(b) : region.input(b);
  OpDesc op = makeOp(kind, {lhs, rhs});
  op.outputMin = outputMin;
  op.outputMax = outputMax;
  Tensor expected = referenceBinary(a, b, [&](float x, float y) {
    return std::min(std::max(f(x, y), outputMin), outputMax);
  });
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, AddSameShape4d) {
  checkBinary(OpKind::Add, {2, 3, 4, 5}, {2, 3, 4, 5}, false,
              std::plus<float>());
}

TEST(XnnpackRuntime, AddBroadcastsPerChannel) {
  // [1, C, 1, 1] as an input and as a weight.
  checkBinary(OpKind::Add, {2, 6, 4, 5}, {1, 6, 1, 1}, false,
              std::plus<float>());
  checkBinary(OpKind::Add, {2, 6, 4, 5}, {1, 6, 1, 1}, true,
              std::plus<float>());
}

TEST(XnnpackRuntime, MultiplyBroadcasts4dBoth) {
  // 4-D against 4-D with C > 1 and H * W > 1 on both sides.
  checkBinary(OpKind::Multiply, {2, 3, 4, 5}, {1, 3, 4, 1}, false,
              std::multiplies<float>());
}

TEST(XnnpackRuntime, MultiplyByLowerRankWeight) {
  // A [C, H, W] weight aligned to [1, C, H, W] and repacked to NHWC.
  checkBinary(OpKind::Multiply, {2, 3, 4, 5}, {3, 4, 5}, true,
              std::multiplies<float>());
}

TEST(XnnpackRuntime, SubtractLowerRankInputs) {
  // [C, 1, 1] and [W] inputs against a 4-D value: C == 1 or H * W == 1 once
  // aligned, viewed in NHWC by a reshape.
  checkBinary(OpKind::Subtract, {2, 6, 3, 4}, {6, 1, 1}, false,
              std::minus<float>());
  checkBinary(OpKind::Subtract, {2, 6, 3, 4}, {4}, false, std::minus<float>());
}

TEST(XnnpackRuntime, DivideWithFusedClamp2d) {
  checkBinary(OpKind::Divide, {5, 7}, {1, 7}, false, std::divides<float>(),
              -0.5f, 0.5f);
}

TEST(XnnpackRuntime, AddRank5With4dWeight) {
  checkBinary(OpKind::Add, {2, 2, 3, 4, 5}, {2, 3, 1, 5}, true,
              std::plus<float>());
}

//===----------------------------------------------------------------------===//
// Elementwise, softmax, pad, concat, reshape
//===----------------------------------------------------------------------===//

void checkUnary(OpKind kind, const Dims &dims,
                const std::function<float(float)> &f, float outputMin = -kInf,
                float outputMax = kInf, float alpha = 0.01f) {
  TestRegion region;
  Tensor x = randomTensor(dims, 11, -4.0f, 4.0f);
  OpDesc op = makeOp(kind, {region.input(x)});
  op.outputMin = outputMin;
  op.outputMax = outputMax;
  op.alpha = alpha;
  Tensor expected = referenceUnary(x, [&](float v) {
    return std::min(std::max(f(v), outputMin), outputMax);
  });
  expectSingleOp(region, region.op(op, dims), expected);
}

TEST(XnnpackRuntime, Clamp) {
  checkUnary(
      OpKind::Clamp, {1, 4, 5, 6}, [](float v) { return v; }, 0.0f, 6.0f);
  checkUnary(
      OpKind::Clamp, {3, 10}, [](float v) { return v; }, -1.0f, kInf);
}

TEST(XnnpackRuntime, HardSwish) {
  checkUnary(OpKind::HardSwish, {2, 3, 4, 5}, hardSwish);
}

TEST(XnnpackRuntime, SigmoidWithFusedClamp) {
  checkUnary(OpKind::Sigmoid, {4, 9}, sigmoid);
  checkUnary(OpKind::Sigmoid, {1, 3, 4, 4}, sigmoid, 0.25f, 0.75f);
}

TEST(XnnpackRuntime, LeakyRelu) {
  checkUnary(
      OpKind::LeakyRelu, {1, 3, 5, 5},
      [](float v) { return v < 0 ? 0.2f * v : v; }, -kInf, kInf, 0.2f);
}

void checkSoftmax(const Dims &dims, int64_t axis) {
  TestRegion region;
  Tensor x = randomTensor(dims, 12, -3.0f, 3.0f);
  OpDesc op = makeOp(OpKind::Softmax, {region.input(x)});
  op.axis = axis;
  expectSingleOp(region, region.op(op, dims), referenceSoftmax(x, axis));
}

TEST(XnnpackRuntime, SoftmaxLastAxis) { checkSoftmax({3, 10}, 1); }

TEST(XnnpackRuntime, SoftmaxOverChannelsOf4d) { checkSoftmax({2, 5, 3, 4}, 1); }

void checkConstantPad(const Dims &dims, const Dims &pads, float value) {
  TestRegion region;
  Tensor x = randomTensor(dims, 13);
  OpDesc op = makeOp(OpKind::ConstantPad, {region.input(x)});
  op.pads = pads;
  op.padValue = value;
  Tensor expected = referencePad(x, pads, value);
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, ConstantPad4d) {
  checkConstantPad({1, 3, 4, 5}, {0, 1, 2, 0, 0, 2, 1, 3}, 0.5f);
}

TEST(XnnpackRuntime, ConstantPad2d) {
  checkConstantPad({3, 4}, {1, 0, 2, 3}, -2.0f);
}

void checkConcat(const std::vector<Dims> &dims, int64_t axis,
                 float outputMin = -kInf) {
  TestRegion region;
  std::vector<Tensor> xs;
  std::vector<const Tensor *> pointers;
  std::vector<int64_t> srcs;
  for (size_t i = 0; i < dims.size(); ++i)
    xs.push_back(randomTensor(dims[i], 14 + static_cast<uint32_t>(i)));
  for (const Tensor &x : xs) {
    srcs.push_back(region.input(x));
    pointers.push_back(&x);
  }
  OpDesc op = makeOp(OpKind::Concat, srcs);
  op.axis = axis;
  op.outputMin = outputMin;
  Tensor expected = referenceConcat(pointers, axis);
  for (float &v : expected.data)
    v = std::max(v, outputMin);
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, ConcatChannels) {
  checkConcat({{1, 3, 4, 5}, {1, 5, 4, 5}}, 1);
}

TEST(XnnpackRuntime, ConcatThreeOnHeightWithRelu) {
  checkConcat({{2, 3, 1, 4}, {2, 3, 3, 4}, {2, 3, 2, 4}}, 2, 0.0f);
}

TEST(XnnpackRuntime, ConcatFour2d) {
  checkConcat({{2, 1}, {2, 3}, {2, 2}, {2, 5}}, 1);
}

TEST(XnnpackRuntime, ReshapeFlattensNC11) {
  TestRegion region;
  Tensor x = randomTensor({2, 6, 1, 1}, 18);
  int64_t result =
      region.op(makeOp(OpKind::Reshape, {region.input(x)}), {2, 6});
  expectSingleOp(region, result, Tensor{{2, 6}, x.data});
}

TEST(XnnpackRuntime, ReshapeOneChannel) {
  // [N, 1, H, W] is the same data in NCHW and NHWC.
  TestRegion region;
  Tensor x = randomTensor({2, 1, 3, 4}, 19);
  int64_t result =
      region.op(makeOp(OpKind::Reshape, {region.input(x)}), {2, 12});
  expectSingleOp(region, result, Tensor{{2, 12}, x.data});
}

//===----------------------------------------------------------------------===//
// Host steps: concat and reshapes that change the layout
//===----------------------------------------------------------------------===//

/// Concat of inputs of `dims` (and of a weight of `weightDims` in front when
/// not empty) on `axis`, with the fused clamp [outputMin, outputMax].
void checkHostConcat(const std::vector<Dims> &dims, int64_t axis,
                     float outputMin = -kInf, float outputMax = kInf,
                     const Dims &weightDims = {}) {
  TestRegion region;
  std::vector<Tensor> xs;
  if (!weightDims.empty())
    xs.push_back(randomTensor(weightDims, 70));
  for (size_t i = 0; i < dims.size(); ++i)
    xs.push_back(randomTensor(dims[i], 71 + static_cast<uint32_t>(i)));
  std::vector<int64_t> srcs;
  std::vector<const Tensor *> pointers;
  for (size_t i = 0; i < xs.size(); ++i) {
    bool isWeight = i == 0 && !weightDims.empty();
    srcs.push_back(isWeight ? region.weight(xs[i]) : region.input(xs[i]));
    pointers.push_back(&xs[i]);
  }
  OpDesc op = makeOp(OpKind::Concat, srcs);
  op.axis = axis;
  op.outputMin = outputMin;
  op.outputMax = outputMax;
  Tensor expected = referenceConcat(pointers, axis);
  for (float &v : expected.data)
    v = std::min(std::max(v, outputMin), outputMax);
  expectSingleOp(region, region.op(op, expected.dims), expected);
}

TEST(XnnpackRuntime, ConcatTwelveChannelBlocks) {
  // DenseNet's concat of every earlier feature map, NCHW against NHWC.
  std::vector<Dims> dims;
  for (int64_t i = 0; i < 12; ++i)
    dims.push_back({2, 1 + (i * 5) % 7, 5, 6});
  checkHostConcat(dims, 1);
}

TEST(XnnpackRuntime, ConcatWithFusedClamp) {
  checkHostConcat({{1, 3, 4, 4}, {1, 2, 4, 4}, {1, 5, 4, 4}}, 1, -0.3f, 0.4f);
  checkHostConcat({{3, 7}, {3, 2}}, 1, 0.0f, 6.0f);
}

TEST(XnnpackRuntime, ConcatOnBatchAndWidth) {
  checkHostConcat({{1, 3, 2, 5}, {2, 3, 2, 5}}, 0);
  checkHostConcat({{2, 3, 4, 1}, {2, 3, 4, 6}, {2, 3, 4, 2}}, 3);
}

TEST(XnnpackRuntime, ConcatOfLongRowsSplitsColumns) {
  // Rows longer than a task: each task copies a block of columns.
  checkHostConcat({{2, 5000}, {2, 7000}, {2, 9}}, 1);
  checkHostConcat({{6000}, {11000}}, 0);
}

TEST(XnnpackRuntime, ConcatWithAWeight) {
  checkHostConcat({{1, 2, 3, 3}, {1, 4, 3, 3}}, 1, -kInf, kInf, {1, 3, 3, 3});
  checkHostConcat({{4, 2}}, 1, -kInf, kInf, {4, 3});
}

TEST(XnnpackRuntime, ReshapeFlattensNchwThenFullyConnected) {
  // AlexNet's flatten [N, C, H, W] -> [N, C * H * W] before its classifier.
  TestRegion region;
  Tensor x = randomTensor({2, 4, 3, 3}, 80);
  Tensor w = randomTensor({36, 5}, 81), b = randomTensor({5}, 82);
  int64_t flat = region.op(makeOp(OpKind::Reshape, {region.input(x)}), {2, 36});
  OpDesc fc = makeOp(OpKind::FullyConnected, {flat, region.weight(w)});
  fc.bias = region.weight(b);
  region.output(region.op(fc, {2, 5}));
  region.output(flat);
  auto outs = region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  Tensor flatX{{2, 36}, x.data};
  EXPECT_TRUE(allClose(outs[0], referenceFullyConnected(flatX, w, false, &b)));
  EXPECT_TRUE(allClose(outs[1], flatX));
}

TEST(XnnpackRuntime, ReshapeTo4dThenConv) {
  TestRegion region;
  Tensor x = randomTensor({1, 48}, 83);
  Tensor w = randomTensor({2, 3, 3, 3}, 84), b = randomTensor({2}, 85);
  int64_t image =
      region.op(makeOp(OpKind::Reshape, {region.input(x)}), {1, 3, 4, 4});
  OpDesc conv = makeOp(OpKind::Conv2d, {image, region.weight(w)});
  conv.bias = region.weight(b);
  conv.kernel = {3, 3};
  conv.pads = {1, 1, 1, 1};
  region.output(region.op(conv, {1, 2, 4, 4}));
  ConvParams p;
  p.pads = {1, 1, 1, 1};
  EXPECT_TRUE(
      allClose(region.runOnce().at(0),
               referenceConv2d(Tensor{{1, 3, 4, 4}, x.data}, w, &b, p)));
}

TEST(XnnpackRuntime, ReshapeBetween4dShapesWithClamp) {
  // NHWC -> NCHW -> another NHWC, through the step's scratch.
  TestRegion region;
  Tensor x = randomTensor({1, 4, 3, 6}, 86);
  OpDesc reshape = makeOp(OpKind::Reshape, {region.input(x)});
  reshape.outputMin = -0.5f;
  reshape.outputMax = 0.5f;
  int64_t y = region.op(reshape, {2, 6, 2, 3});
  region.output(region.op(makeOp(OpKind::Sigmoid, {y}), {2, 6, 2, 3}));
  region.output(y);
  auto outs = region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  Tensor clamped = referenceUnary(Tensor{{2, 6, 2, 3}, x.data}, [](float v) {
    return std::min(std::max(v, -0.5f), 0.5f);
  });
  EXPECT_TRUE(allClose(outs[0], referenceUnary(clamped, sigmoid)));
  EXPECT_TRUE(allClose(outs[1], clamped));
}

TEST(XnnpackRuntime, ReshapeOfA4dWeight) {
  TestRegion region;
  Tensor w = randomTensor({1, 2, 2, 3}, 87), x = randomTensor({2, 6}, 88);
  int64_t flat = region.op(makeOp(OpKind::Reshape, {region.weight(w)}), {2, 6});
  Tensor expected =
      referenceBinary(Tensor{{2, 6}, w.data}, x, std::plus<float>());
  expectSingleOp(
      region, region.op(makeOp(OpKind::Add, {flat, region.input(x)}), {2, 6}),
      expected);
}

//===----------------------------------------------------------------------===//
// Host steps: transpose and slice
//===----------------------------------------------------------------------===//

/// ONNX Transpose: dst dim i is x's dim perm[i].
Tensor referenceTranspose(const Tensor &x, const Dims &perm) {
  Dims dy(perm.size());
  for (size_t i = 0; i < perm.size(); ++i)
    dy[i] = x.dims[perm[i]];
  Dims sx = stridesOf(x.dims), sy = stridesOf(dy);
  Tensor y{dy, std::vector<float>(numElements(dy))};
  for (int64_t flat = 0; flat < numElements(dy); ++flat) {
    int64_t src = 0;
    for (size_t d = 0; d < dy.size(); ++d)
      src += flat / sy[d] % dy[d] * sx[perm[d]];
    y.data[flat] = x.data[src];
  }
  return y;
}

/// dst element i of dim d is x's element starts[d] + i * steps[d].
Tensor referenceSlice(const Tensor &x, const Dims &starts, const Dims &steps,
                      const Dims &dy) {
  Dims sx = stridesOf(x.dims), sy = stridesOf(dy);
  Tensor y{dy, std::vector<float>(numElements(dy))};
  for (int64_t flat = 0; flat < numElements(dy); ++flat) {
    int64_t src = 0;
    for (size_t d = 0; d < dy.size(); ++d)
      src += (starts[d] + flat / sy[d] % dy[d] * steps[d]) * sx[d];
    y.data[flat] = x.data[src];
  }
  return y;
}

Tensor clamped(Tensor t, float low, float high) {
  for (float &v : t.data)
    v = std::min(std::max(v, low), high);
  return t;
}

OpDesc makeTranspose(int64_t src, const Dims &perm, float outputMin = -kInf,
                     float outputMax = kInf) {
  OpDesc op = makeOp(OpKind::Transpose, {src});
  op.perm = perm;
  op.outputMin = outputMin;
  op.outputMax = outputMax;
  return op;
}

OpDesc makeSlice(int64_t src, const Dims &starts, const Dims &steps,
                 float outputMin = -kInf, float outputMax = kInf) {
  OpDesc op = makeOp(OpKind::Slice, {src});
  op.starts = starts;
  op.steps = steps;
  op.outputMin = outputMin;
  op.outputMax = outputMax;
  return op;
}

/// A transpose by `perm` of a region input of `dims` (a weight when
/// `fromWeight`), with the fused clamp [outputMin, outputMax]: at the region's
/// boundary 4-D values are NCHW, inside NHWC (weights row-major).
void checkHostTranspose(const Dims &dims, const Dims &perm,
                        float outputMin = -kInf, float outputMax = kInf,
                        bool fromWeight = false) {
  SCOPED_TRACE(formatDims(dims) + " by perm " + formatDims(perm));
  TestRegion region;
  Tensor x = randomTensor(dims, 100);
  int64_t src = fromWeight ? region.weight(x) : region.input(x);
  Tensor expected = clamped(referenceTranspose(x, perm), outputMin, outputMax);
  expectSingleOp(
      region,
      region.op(makeTranspose(src, perm, outputMin, outputMax), expected.dims),
      expected);
}

/// A slice of a region input of `dims` (or a weight) into `dstDims`.
void checkHostSlice(const Dims &dims, const Dims &starts, const Dims &steps,
                    const Dims &dstDims, float outputMin = -kInf,
                    float outputMax = kInf, bool fromWeight = false) {
  SCOPED_TRACE(formatDims(dims) + " from " + formatDims(starts) + " by " +
               formatDims(steps));
  TestRegion region;
  Tensor x = randomTensor(dims, 101);
  int64_t src = fromWeight ? region.weight(x) : region.input(x);
  Tensor expected =
      clamped(referenceSlice(x, starts, steps, dstDims), outputMin, outputMax);
  expectSingleOp(
      region,
      region.op(makeSlice(src, starts, steps, outputMin, outputMax), dstDims),
      expected);
}

TEST(XnnpackRuntime, TransposeImagesNchwAtTheBoundary) {
  // NHWC inside, both sides 4-D: to NHWC and back as ONNX sees them, a
  // reversal, N and C swapped (also C == 1 and H * W == 1 on either side).
  checkHostTranspose({2, 3, 4, 5}, {0, 2, 3, 1});
  checkHostTranspose({2, 3, 4, 5}, {0, 3, 1, 2});
  checkHostTranspose({2, 3, 4, 5}, {3, 2, 1, 0});
  checkHostTranspose({2, 3, 4, 5}, {1, 0, 2, 3});
  checkHostTranspose({2, 1, 4, 5}, {0, 2, 1, 3});
  checkHostTranspose({3, 6, 1, 1}, {2, 1, 3, 0});
  checkHostTranspose({2, 3, 4, 5}, {0, 1, 2, 3});
}

TEST(XnnpackRuntime, TransposeOtherRanks) {
  // ShuffleNet's channel shuffle ([N, g, C / g, H, W], groups swapped), 5-D
  // and 6-D reversals, 2-D, 3-D and an identity of 1-D.
  checkHostTranspose({1, 2, 3, 4, 5}, {0, 2, 1, 3, 4});
  checkHostTranspose({2, 3, 4, 5, 2}, {4, 3, 2, 1, 0});
  checkHostTranspose({2, 1, 3, 1, 2, 4}, {5, 4, 3, 2, 1, 0});
  checkHostTranspose({7, 9}, {1, 0});
  checkHostTranspose({5, 6, 7}, {2, 0, 1});
  checkHostTranspose({5}, {0});
}

TEST(XnnpackRuntime, TransposeWithFusedClamp) {
  checkHostTranspose({2, 6, 3, 4}, {0, 2, 3, 1}, -0.25f, 0.5f);
  checkHostTranspose({5, 6, 7}, {2, 0, 1}, 0.0f, kInf);
  // Runs that are contiguous in both (memcpy) and those that are not.
  checkHostTranspose({4, 8, 16}, {1, 0, 2}, -kInf, 0.1f);
}

TEST(XnnpackRuntime, TransposeOfAWeight) {
  // A weight is row-major (ONNX order) also when 4-D.
  checkHostTranspose({2, 3, 4, 5}, {0, 2, 3, 1}, -kInf, kInf, true);
  checkHostTranspose({3, 4, 5}, {2, 0, 1}, -kInf, kInf, true);
  checkHostTranspose({3, 4, 5, 2, 2}, {1, 0, 4, 3, 2}, -0.5f, 0.5f, true);
}

TEST(XnnpackRuntime, SliceImagesWithSteps) {
  // Steps > 1 and negative (from the last index down), the two channel
  // halves of torch's chunk, a reversal of W, one pixel.
  checkHostSlice({2, 6, 7, 8}, {1, 0, 6, 1}, {1, 2, -2, 3}, {1, 3, 3, 3});
  checkHostSlice({2, 6, 7, 8}, {0, 0, 0, 0}, {1, 1, 1, 1}, {2, 3, 7, 8});
  checkHostSlice({2, 6, 7, 8}, {0, 3, 0, 0}, {1, 1, 1, 1}, {2, 3, 7, 8});
  checkHostSlice({2, 6, 7, 8}, {0, 0, 0, 7}, {1, 1, 1, -1}, {2, 6, 7, 8});
  checkHostSlice({2, 6, 7, 8}, {1, 5, 6, 7}, {1, 1, 1, 1}, {1, 1, 1, 1});
}

TEST(XnnpackRuntime, SliceOtherRanks) {
  checkHostSlice({2, 3, 4, 5, 6}, {1, 0, 3, 1, 5}, {-1, 2, -1, 3, -2},
                 {2, 2, 4, 2, 3});
  checkHostSlice({3, 5, 7}, {2, 0, 6}, {-1, 2, -3}, {3, 3, 3});
  checkHostSlice({7, 9}, {6, 8}, {-2, -1}, {4, 9});
  checkHostSlice({10}, {9}, {-3}, {4});
}

TEST(XnnpackRuntime, SliceWithFusedClampAndOfAWeight) {
  checkHostSlice({2, 6, 5, 4}, {0, 5, 0, 3}, {1, -2, 2, -1}, {2, 3, 3, 4}, 0.0f,
                 0.5f);
  checkHostSlice({2, 6, 5, 4}, {1, 1, 4, 0}, {-1, 2, -1, 3}, {2, 3, 5, 2},
                 -kInf, kInf, true);
  checkHostSlice({4, 9}, {3, 1}, {-1, 3}, {4, 3}, -0.2f, 0.2f, true);
}

TEST(XnnpackRuntime, TransposesAndSlicesBetweenConvs) {
  // conv -> transpose to [N, W, C, H] (an image whose channels are the
  // conv's W) -> conv -> slice of every other channel, H reversed -> add of
  // a transposed 4-D weight: host steps reading and writing NHWC values that
  // XNNPACK nodes write and read, a chain of two host steps.
  TestRegion region;
  Tensor x = randomTensor({2, 3, 5, 6}, 102);
  Tensor w1 = randomTensor({4, 3, 3, 3}, 103), b1 = randomTensor({4}, 104);
  Tensor w2 = randomTensor({8, 6, 1, 1}, 105);
  Tensor t = randomTensor({5, 4, 1, 4}, 106);
  OpDesc c1 = makeOp(OpKind::Conv2d, {region.input(x), region.weight(w1)});
  c1.bias = region.weight(b1);
  c1.kernel = {3, 3};
  c1.pads = {1, 1, 1, 1};
  int64_t conv1 = region.op(c1, {2, 4, 5, 6});
  int64_t nwch = region.op(makeTranspose(conv1, {0, 3, 1, 2}), {2, 6, 4, 5});
  OpDesc c2 = makeOp(OpKind::Conv2d, {nwch, region.weight(w2)});
  c2.kernel = {1, 1};
  int64_t conv2 = region.op(c2, {2, 8, 4, 5});
  int64_t sliced =
      region.op(makeSlice(conv2, {0, 1, 3, 0}, {1, 2, -1, 1}), {2, 4, 4, 5});
  int64_t half =
      region.op(makeSlice(sliced, {1, 0, 0, 0}, {1, 1, 1, 1}), {1, 4, 4, 5});
  int64_t weight =
      region.op(makeTranspose(region.weight(t), {2, 1, 3, 0}), {1, 4, 4, 5});
  region.output(region.op(makeOp(OpKind::Add, {half, weight}), {1, 4, 4, 5}));
  region.output(nwch);
  Plan plan = makePlan(region.desc);
  // conv | transpose | conv | slice, slice (a chain: one copy) | transpose |
  // add.
  ASSERT_EQ(plan.steps.size(), 6u);
  EXPECT_TRUE(plan.steps[3].isHost);
  EXPECT_EQ(plan.steps[3].firstOp, 3u);
  EXPECT_EQ(plan.steps[3].endOp, 5u);
  EXPECT_EQ(plan.slots[sliced].storage, Storage::None);
  auto outs = region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  ConvParams p;
  p.pads = {1, 1, 1, 1};
  Tensor e1 = referenceTranspose(referenceConv2d(x, w1, &b1, p), {0, 3, 1, 2});
  Tensor e2 = referenceSlice(referenceConv2d(e1, w2, nullptr, {}), {1, 1, 3, 0},
                             {1, 2, -1, 1}, {1, 4, 4, 5});
  EXPECT_TRUE(
      allClose(outs[0], referenceBinary(e2, referenceTranspose(t, {2, 1, 3, 0}),
                                        std::plus<float>())));
  EXPECT_TRUE(allClose(outs[1], e1));
}

TEST(XnnpackRuntime, ChannelShuffleIsOneStridedCopy) {
  // ShuffleNet's shuffle of a conv's result (reshape to [N, g, C / g, H, W],
  // transpose [0, 2, 1, 3, 4], reshape back, here with a fused clamp), then
  // torch's chunk of the two channel halves: the shuffle is one host step,
  // its intermediate values never stored; each half is a step of its own
  // (the shuffled value has two readers).
  TestRegion region;
  Tensor x = randomTensor({1, 4, 5, 6}, 110),
         w = randomTensor({8, 4, 1, 1}, 111);
  OpDesc conv = makeOp(OpKind::Conv2d, {region.input(x), region.weight(w)});
  conv.kernel = {1, 1};
  int64_t c = region.op(conv, {1, 8, 5, 6});
  int64_t split = region.op(makeOp(OpKind::Reshape, {c}), {1, 2, 4, 5, 6});
  int64_t swapped =
      region.op(makeTranspose(split, {0, 2, 1, 3, 4}), {1, 4, 2, 5, 6});
  OpDesc back = makeOp(OpKind::Reshape, {swapped});
  back.outputMin = -0.5f;
  back.outputMax = 0.5f;
  int64_t shuffled = region.op(back, {1, 8, 5, 6});
  region.output(
      region.op(makeSlice(shuffled, {0, 0, 0, 0}, {1, 1, 1, 1}), {1, 4, 5, 6}));
  region.output(
      region.op(makeSlice(shuffled, {0, 4, 0, 0}, {1, 1, 1, 1}), {1, 4, 5, 6}));
  Plan plan = makePlan(region.desc);
  // conv | reshape, transpose, reshape | slice | slice.
  ASSERT_EQ(plan.steps.size(), 4u);
  EXPECT_EQ(plan.steps[1].firstOp, 1u);
  EXPECT_EQ(plan.steps[1].endOp, 4u);
  EXPECT_EQ(plan.slots[split].storage, Storage::None);
  EXPECT_EQ(plan.slots[swapped].storage, Storage::None);
  EXPECT_EQ(plan.slots[shuffled].storage, Storage::Arena);
  auto outs = region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  Tensor y = referenceConv2d(x, w, nullptr, {});
  y.dims = {1, 2, 4, 5, 6};
  y = clamped(referenceTranspose(y, {0, 2, 1, 3, 4}), -0.5f, 0.5f);
  y.dims = {1, 8, 5, 6};
  EXPECT_TRUE(allClose(
      outs[0], referenceSlice(y, {0, 0, 0, 0}, {1, 1, 1, 1}, {1, 4, 5, 6})));
  EXPECT_TRUE(allClose(
      outs[1], referenceSlice(y, {0, 4, 0, 0}, {1, 1, 1, 1}, {1, 4, 5, 6})));
}

TEST(XnnpackRuntime, ChainsOfTransposesAndSlices) {
  // Each op reads the dst of the one before, alone: one copy from the first
  // source (an input, then a weight) to the last dst. A clamp of an op
  // inside ends the chain (it must apply before the next op reads).
  for (bool fromWeight : {false, true}) {
    SCOPED_TRACE(fromWeight ? "from a weight" : "from an input");
    TestRegion region;
    Tensor x = randomTensor({2, 6, 5, 4}, 112);
    int64_t src = fromWeight ? region.weight(x) : region.input(x);
    int64_t a = region.op(makeTranspose(src, {3, 1, 0, 2}), {4, 6, 2, 5});
    int64_t b =
        region.op(makeSlice(a, {3, 1, 0, 4}, {-1, 2, 1, -2}), {4, 3, 2, 3});
    int64_t c =
        region.op(makeTranspose(b, {1, 3, 0, 2}, -kInf, 0.25f), {3, 3, 4, 2});
    int64_t d =
        region.op(makeSlice(c, {2, 0, 0, 1}, {-1, 1, 1, -1}), {3, 3, 4, 2});
    region.output(d);
    Plan plan = makePlan(region.desc);
    ASSERT_EQ(plan.steps.size(), 2u);
    EXPECT_EQ(plan.steps[0].endOp, 3u);
    Tensor e = referenceTranspose(
        referenceSlice(referenceTranspose(x, {3, 1, 0, 2}), {3, 1, 0, 4},
                       {-1, 2, 1, -2}, {4, 3, 2, 3}),
        {1, 3, 0, 2});
    e = referenceSlice(clamped(e, -kInf, 0.25f), {2, 0, 0, 1}, {-1, 1, 1, -1},
                       {3, 3, 4, 2});
    auto outs = region.runOnce();
    ASSERT_EQ(outs.size(), 1u);
    EXPECT_TRUE(allClose(outs[0], e));
  }
}

TEST(XnnpackRuntime, StridedCopiesOnSeveralThreads) {
  // Copies of at least 65536 floats are spread over the pool in blocks of
  // runs: runs copied with memcpy, strided runs, a fused clamp.
  int before = seam_get_max_threads();
  seam_set_num_threads(4);
  {
    TestRegion region;
    Tensor x = randomTensor({1, 64, 40, 40}, 107);
    Tensor y = randomTensor({256, 512}, 108);
    Tensor z = randomTensor({2, 32, 64, 64}, 109);
    int64_t a = region.input(x), b = region.input(y), c = region.input(z);
    region.output(region.op(makeTranspose(a, {0, 1, 3, 2}), {1, 64, 40, 40}));
    region.output(region.op(makeTranspose(b, {1, 0}, -0.5f, 0.5f), {512, 256}));
    region.output(region.op(makeSlice(c, {0, 31, 63, 0}, {1, -1, -1, 2}),
                            {2, 32, 64, 32}));
    region.output(region.op(makeTranspose(c, {2, 0, 3, 1}), {64, 2, 64, 32}));
    void *handle = region.create();
    ASSERT_NE(handle, nullptr);
    SeamXnnpackRegionStats stats;
    seam_xnnpack_get_region_stats(handle, &stats);
    EXPECT_EQ(stats.threads, 4);
    for (int run = 0; run < 3; ++run) {
      auto outs = region.run(handle);
      ASSERT_EQ(outs.size(), 4u);
      EXPECT_TRUE(allClose(outs[0], referenceTranspose(x, {0, 1, 3, 2})));
      EXPECT_TRUE(allClose(
          outs[1], clamped(referenceTranspose(y, {1, 0}), -0.5f, 0.5f)));
      EXPECT_TRUE(
          allClose(outs[2], referenceSlice(z, {0, 31, 63, 0}, {1, -1, -1, 2},
                                           {2, 32, 64, 32})));
      EXPECT_TRUE(allClose(outs[3], referenceTranspose(z, {2, 0, 3, 1})));
    }
    const char *name = nullptr;
    int64_t nanoseconds = 0;
    seam_xnnpack_get_op_stats(handle, 2, &name, &nanoseconds);
    EXPECT_STREQ(name, "slice 2x32x64x32");
    EXPECT_GT(nanoseconds, 0);
    seam_xnnpack_destroy_region(handle);
  }
  seam_set_num_threads(before);
}

//===----------------------------------------------------------------------===//
// Regions of several ops
//===----------------------------------------------------------------------===//

/// conv -> clamp -> max pool -> global avg pool -> reshape -> fully
/// connected, with the clamp's result a second output (4-D, read by ops).
struct SmallNetwork {
  TestRegion region;
  Tensor x = randomTensor({1, 3, 10, 10}, 20);
  Tensor w = randomTensor({8, 3, 3, 3}, 21), b = randomTensor({8}, 22);
  Tensor fcW = randomTensor({8, 4}, 23), fcB = randomTensor({4}, 24);
  int64_t logits, activation;

  SmallNetwork() {
    int64_t in = region.input(x);
    OpDesc conv = makeOp(OpKind::Conv2d, {in, region.weight(w)});
    conv.bias = region.weight(b);
    conv.kernel = {3, 3};
    conv.pads = {1, 1, 1, 1};
    int64_t convOut = region.op(conv, {1, 8, 10, 10});
    OpDesc clamp = makeOp(OpKind::Clamp, {convOut});
    clamp.outputMin = 0;
    clamp.outputMax = 6;
    activation = region.op(clamp, {1, 8, 10, 10});
    OpDesc pool = makeOp(OpKind::MaxPool2d, {activation});
    pool.kernel = {2, 2};
    pool.strides = {2, 2};
    int64_t pooled = region.op(pool, {1, 8, 5, 5});
    int64_t gap =
        region.op(makeOp(OpKind::GlobalAvgPool2d, {pooled}), {1, 8, 1, 1});
    int64_t flat = region.op(makeOp(OpKind::Reshape, {gap}), {1, 8});
    OpDesc fc = makeOp(OpKind::FullyConnected, {flat, region.weight(fcW)});
    fc.bias = region.weight(fcB);
    logits = region.op(fc, {1, 4});
    region.output(logits);
    region.output(activation);
  }

  /// The expected outputs for input `input`.
  std::vector<Tensor> expected(const Tensor &input) const {
    ConvParams p;
    p.pads = {1, 1, 1, 1};
    Tensor act = referenceUnary(referenceConv2d(input, w, &b, p), [](float v) {
      return std::min(std::max(v, 0.0f), 6.0f);
    });
    ConvParams poolParams;
    poolParams.strides = {2, 2};
    Tensor gap = referenceGlobalAvgPool(
        referencePool2d(act, PoolKind::Max, {2, 2}, poolParams));
    gap.dims = {1, 8};
    return {referenceFullyConnected(gap, fcW, false, &fcB), act};
  }
};

TEST(XnnpackRuntime, MultiOpRegion) {
  SmallNetwork net;
  auto outs = net.region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  std::vector<Tensor> expected = net.expected(net.x);
  EXPECT_TRUE(allClose(outs[0], expected[0]));
  EXPECT_TRUE(allClose(outs[1], expected[1]));
}

TEST(XnnpackRuntime, OutputReadByALaterOp) {
  // A [N, C, 1, 1] output (no transpose) that a later op also reads.
  TestRegion region;
  Tensor x = randomTensor({2, 5, 3, 3}, 25);
  int64_t gap = region.op(makeOp(OpKind::GlobalAvgPool2d, {region.input(x)}),
                          {2, 5, 1, 1});
  int64_t sig = region.op(makeOp(OpKind::Sigmoid, {gap}), {2, 5, 1, 1});
  region.output(gap);
  region.output(sig);
  auto outs = region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  Tensor expectedGap = referenceGlobalAvgPool(x);
  EXPECT_TRUE(allClose(outs[0], expectedGap));
  EXPECT_TRUE(allClose(outs[1], referenceUnary(expectedGap, sigmoid)));
}

TEST(XnnpackRuntime, RunsRepeatedlyWithNewBuffers) {
  SmallNetwork net;
  void *handle = net.region.create();
  ASSERT_NE(handle, nullptr);
  for (uint32_t seed = 30; seed < 34; ++seed) {
    std::vector<Tensor> inputs = {randomTensor({1, 3, 10, 10}, seed)};
    auto outs = net.region.run(handle, &inputs);
    std::vector<Tensor> expected = net.expected(inputs[0]);
    EXPECT_TRUE(allClose(outs[0], expected[0])) << "seed " << seed;
    EXPECT_TRUE(allClose(outs[1], expected[1])) << "seed " << seed;
  }
  seam_xnnpack_destroy_region(handle);
}

/// Steps: conv -> concat(input, conv) -> 1x1 conv -> concat(concat, conv)
/// -> flatten -> fully connected. The first concat (read by a later
/// segment, 4-D) and the logits are the outputs; the region input is read
/// by a segment and a host step.
struct ConcatNetwork {
  TestRegion region;
  Tensor x = randomTensor({1, 3, 6, 6}, 90);
  Tensor w1 = randomTensor({4, 3, 3, 3}, 91), b1 = randomTensor({4}, 92);
  Tensor w2 = randomTensor({5, 7, 1, 1}, 93);
  Tensor fcW = randomTensor({432, 3}, 94);
  int64_t input, conv1, concat1, conv2, concat2, flat, logits;

  ConcatNetwork() {
    input = region.input(x);
    OpDesc c1 = makeOp(OpKind::Conv2d, {input, region.weight(w1)});
    c1.bias = region.weight(b1);
    c1.kernel = {3, 3};
    c1.pads = {1, 1, 1, 1};
    c1.outputMin = 0;
    conv1 = region.op(c1, {1, 4, 6, 6});
    OpDesc cat1 = makeOp(OpKind::Concat, {input, conv1});
    cat1.axis = 1;
    concat1 = region.op(cat1, {1, 7, 6, 6});
    OpDesc c2 = makeOp(OpKind::Conv2d, {concat1, region.weight(w2)});
    c2.kernel = {1, 1};
    conv2 = region.op(c2, {1, 5, 6, 6});
    OpDesc cat2 = makeOp(OpKind::Concat, {concat1, conv2});
    cat2.axis = 1;
    concat2 = region.op(cat2, {1, 12, 6, 6});
    flat = region.op(makeOp(OpKind::Reshape, {concat2}), {1, 432});
    logits = region.op(
        makeOp(OpKind::FullyConnected, {flat, region.weight(fcW)}), {1, 3});
    region.output(logits);
    region.output(concat1);
  }

  std::vector<Tensor> expected(const Tensor &in) const {
    ConvParams p;
    p.pads = {1, 1, 1, 1};
    Tensor a = referenceUnary(referenceConv2d(in, w1, &b1, p),
                              [](float v) { return std::max(v, 0.0f); });
    Tensor c = referenceConcat({&in, &a}, 1);
    Tensor b = referenceConv2d(c, w2, nullptr, {});
    Tensor d = referenceConcat({&c, &b}, 1);
    d.dims = {1, 432};
    return {referenceFullyConnected(d, fcW, false, nullptr), c};
  }
};

TEST(XnnpackRuntime, SegmentsAroundHostSteps) {
  ConcatNetwork net;
  Plan plan = makePlan(net.region.desc);
  ASSERT_EQ(plan.steps.size(), 6u);
  // conv | concat | conv | concat | reshape | fully_connected.
  std::vector<bool> hosts;
  for (const Step &step : plan.steps)
    hosts.push_back(step.isHost);
  EXPECT_EQ(hosts, (std::vector<bool>{false, true, false, true, true, false}));
  EXPECT_EQ(plan.steps[0].externalInputs, std::vector<int64_t>{net.input});
  EXPECT_EQ(plan.steps[0].externalOutputs, std::vector<int64_t>{net.conv1});
  EXPECT_EQ(plan.steps[2].externalInputs, std::vector<int64_t>{net.concat1});
  EXPECT_EQ(plan.steps[2].externalOutputs, std::vector<int64_t>{net.conv2});
  EXPECT_EQ(plan.steps[5].externalInputs, std::vector<int64_t>{net.flat});
  EXPECT_EQ(plan.steps[5].externalOutputs, std::vector<int64_t>{net.logits});
  // The logits go to the caller's buffer; the 4-D output is staged.
  EXPECT_EQ(plan.slots[net.logits].storage, Storage::Caller);
  EXPECT_EQ(plan.slots[net.concat1].storage, Storage::Arena);

  auto outs = net.region.runOnce();
  ASSERT_EQ(outs.size(), 2u);
  std::vector<Tensor> expected = net.expected(net.x);
  EXPECT_TRUE(allClose(outs[0], expected[0]));
  EXPECT_TRUE(allClose(outs[1], expected[1]));
}

/// Whether the arena slots of `a` and `b` share memory.
bool shareMemory(const RegionDesc &desc, const Plan &plan, int64_t a,
                 int64_t b) {
  auto range = [&](int64_t v) {
    int64_t begin = plan.slots[v].offset;
    return std::make_pair(begin,
                          begin + getPaddedFloats(numElements(desc.values[v])));
  };
  auto [beginA, endA] = range(a);
  auto [beginB, endB] = range(b);
  return beginA < endB && beginB < endA;
}

TEST(XnnpackRuntime, FusedPairsKeepTheirSourcesAlive) {
  // XNNPACK fuses conv -> clamp (the conv writes the clamp's dst) and
  // pad -> conv (the conv reads the pad's source): those stay apart in the
  // arena even though the ops alone would let them share it.
  TestRegion region;
  Tensor x = randomTensor({1, 2, 5, 5}, 110);
  Tensor w1 = randomTensor({4, 4, 1, 1}, 111),
         w2 = randomTensor({4, 4, 3, 3}, 112);
  int64_t in = region.input(x);
  OpDesc cat = makeOp(OpKind::Concat, {in, in});
  cat.axis = 1;
  int64_t c = region.op(cat, {1, 4, 5, 5});
  int64_t c2 = region.op(cat, {1, 4, 5, 5});
  OpDesc conv1 = makeOp(OpKind::Conv2d, {c2, region.weight(w1)});
  conv1.kernel = {1, 1};
  int64_t a = region.op(conv1, {1, 4, 5, 5});
  OpDesc clamp = makeOp(OpKind::Clamp, {a});
  clamp.outputMin = 0;
  clamp.outputMax = 0.5f;
  int64_t b = region.op(clamp, {1, 4, 5, 5});
  OpDesc pad = makeOp(OpKind::ConstantPad, {c});
  pad.pads = {0, 0, 1, 1, 0, 0, 1, 1};
  int64_t padded = region.op(pad, {1, 4, 7, 7});
  OpDesc conv2 = makeOp(OpKind::Conv2d, {padded, region.weight(w2)});
  conv2.kernel = {3, 3};
  int64_t q = region.op(conv2, {1, 4, 5, 5});
  int64_t r = region.op(makeOp(OpKind::Concat, {b, q}), {1, 8, 5, 5});
  region.desc.ops.back().axis = 1;
  region.output(r);

  Plan plan = makePlan(region.desc);
  EXPECT_EQ(plan.steps.size(), 4u);
  EXPECT_EQ(plan.slots[a].storage, Storage::None);
  EXPECT_EQ(plan.slots[padded].storage, Storage::None);
  EXPECT_FALSE(shareMemory(region.desc, plan, c2, b));
  EXPECT_FALSE(shareMemory(region.desc, plan, c, q));

  Tensor joined = referenceConcat({&x, &x}, 1);
  Tensor clamped =
      referenceUnary(referenceConv2d(joined, w1, nullptr, {}),
                     [](float v) { return std::min(std::max(v, 0.0f), 0.5f); });
  ConvParams p;
  p.pads = {1, 1, 1, 1};
  Tensor convolved = referenceConv2d(joined, w2, nullptr, p);
  EXPECT_TRUE(allClose(region.runOnce().at(0),
                       referenceConcat({&clamped, &convolved}, 1)));
}

TEST(XnnpackRuntime, PlansRegionsOfManyPathsQuickly) {
  // 60 diamonds x -> (clamp x, x) -> multiply: 2^60 paths from the output
  // back to the input, in one segment and then around a host step.
  for (bool withHostStep : {false, true}) {
    TestRegion region;
    Tensor x = randomTensor({1, 4}, 113, 0.5f, 1.0f);
    int64_t value = region.input(x);
    for (int i = 0; i < 60; ++i) {
      OpDesc clamp = makeOp(OpKind::Clamp, {value});
      clamp.outputMax = 1.0f;
      int64_t clamped = region.op(clamp, {1, 4});
      value = region.op(makeOp(OpKind::Multiply, {clamped, value}), {1, 4});
    }
    if (withHostStep) {
      OpDesc concat = makeOp(OpKind::Concat, {value, value});
      concat.axis = 1;
      value = region.op(concat, {1, 8});
    }
    region.output(value);
    Plan plan = makePlan(region.desc);
    EXPECT_EQ(plan.steps.size(), withHostStep ? 2u : 1u);
    Tensor expected = referenceUnary(x, [](float v) {
      for (int i = 0; i < 60; ++i)
        v *= v;
      return v;
    });
    std::vector<float> out = region.runOnce().at(0);
    if (withHostStep)
      expected = referenceConcat({&expected, &expected}, 1);
    EXPECT_TRUE(allClose(out, expected));
  }
}

TEST(XnnpackRuntime, CallerOutputsOfSeveralSteps) {
  // Outputs no op reads go to the caller's buffers from the first segment,
  // a host step and the last segment; new buffers on each run. An output
  // that ops read is staged.
  TestRegion region;
  int64_t in = region.input(randomTensor({2, 6}, 96));
  int64_t s = region.op(makeOp(OpKind::Sigmoid, {in}), {2, 6});
  OpDesc clamp = makeOp(OpKind::Clamp, {in});
  clamp.outputMin = -0.5f;
  clamp.outputMax = 0.5f;
  int64_t clamped = region.op(clamp, {2, 6});
  OpDesc concat = makeOp(OpKind::Concat, {in, s});
  concat.axis = 1;
  int64_t joined = region.op(concat, {2, 12});
  OpDesc concat2 = makeOp(OpKind::Concat, {s, in});
  concat2.axis = 0;
  int64_t stacked = region.op(concat2, {4, 6});
  int64_t sum = region.op(makeOp(OpKind::Add, {joined, joined}), {2, 12});
  for (int64_t output : {s, clamped, stacked, sum})
    region.output(output);
  Plan plan = makePlan(region.desc);
  EXPECT_EQ(plan.slots[s].storage, Storage::Arena);
  EXPECT_EQ(plan.slots[clamped].storage, Storage::Caller);
  EXPECT_EQ(plan.slots[stacked].storage, Storage::Caller);
  EXPECT_EQ(plan.slots[sum].storage, Storage::Caller);
  void *handle = region.create();
  ASSERT_NE(handle, nullptr);
  for (uint32_t seed = 97; seed < 100; ++seed) {
    std::vector<Tensor> inputs = {randomTensor({2, 6}, seed)};
    auto outs = region.run(handle, &inputs);
    ASSERT_EQ(outs.size(), 4u);
    Tensor sig = referenceUnary(inputs[0], sigmoid);
    Tensor cat = referenceConcat({&inputs[0], &sig}, 1);
    EXPECT_TRUE(allClose(outs[0], sig));
    EXPECT_TRUE(allClose(outs[1], referenceUnary(inputs[0], [](float v) {
                           return std::min(std::max(v, -0.5f), 0.5f);
                         })));
    EXPECT_TRUE(allClose(outs[2], referenceConcat({&sig, &inputs[0]}, 0)));
    EXPECT_TRUE(
        allClose(outs[3], referenceBinary(cat, cat, std::plus<float>())));
  }
  seam_xnnpack_destroy_region(handle);
}

TEST(XnnpackRuntime, OneSegmentWithoutHostOps) {
  SmallNetwork net;
  Plan plan = makePlan(net.region.desc);
  ASSERT_EQ(plan.steps.size(), 1u);
  EXPECT_FALSE(plan.steps[0].isHost);
  EXPECT_EQ(plan.steps[0].externalInputs,
            std::vector<int64_t>{net.region.desc.inputs[0]});
  EXPECT_EQ(plan.steps[0].externalOutputs,
            (std::vector<int64_t>{net.activation, net.logits}));
}

TEST(XnnpackRuntime, ArenaSharesMemoryOfDisjointLifetimes) {
  // A chain conv -> concat -> conv -> concat ...: each concat's sources are
  // dead once it ran, so the arena holds a few values, not all of them.
  TestRegion region;
  int64_t value = region.input(randomTensor({1, 4, 8, 8}, 95));
  int64_t stored = 0;
  for (uint32_t i = 0; i < 6; ++i) {
    OpDesc conv = makeOp(OpKind::Conv2d,
                         {value, region.weight(randomTensor({4, 4, 1, 1}, i))});
    conv.kernel = {1, 1};
    int64_t convOut = region.op(conv, {1, 4, 8, 8});
    OpDesc concat = makeOp(OpKind::Concat, {value, convOut});
    concat.axis = 1;
    int64_t joined = region.op(concat, {1, 8, 8, 8});
    OpDesc squeeze =
        makeOp(OpKind::Conv2d,
               {joined, region.weight(randomTensor({4, 8, 1, 1}, 100 + i))});
    squeeze.kernel = {1, 1};
    value = region.op(squeeze, {1, 4, 8, 8});
    stored += getPaddedFloats(256) * 2 + getPaddedFloats(512);
  }
  region.output(value);
  Plan plan = makePlan(region.desc);
  EXPECT_EQ(plan.steps.size(), 13u);
  EXPECT_LT(plan.arenaFloats * 3, stored);
  // Values alive at once never overlap: a run gives the right result.
  void *handle = region.create();
  ASSERT_NE(handle, nullptr);
  std::vector<float> out = region.run(handle).at(0);
  seam_xnnpack_destroy_region(handle);
  Tensor expected = region.inputs[0];
  size_t weight = 0;
  for (int i = 0; i < 6; ++i) {
    Tensor convOut =
        referenceConv2d(expected, region.weights[weight++], nullptr, {});
    Tensor joined = referenceConcat({&expected, &convOut}, 1);
    expected = referenceConv2d(joined, region.weights[weight++], nullptr, {});
  }
  EXPECT_TRUE(allClose(out, expected));
}

//===----------------------------------------------------------------------===//
// Threads and statistics
//===----------------------------------------------------------------------===//

/// Two threads run one handle of `Network` at once, each on its own inputs.
template <typename Network> void checkConcurrentRuns(int threads) {
  seam_set_num_threads(threads);
  Network net;
  void *handle = net.region.create();
  ASSERT_NE(handle, nullptr);
  SeamXnnpackRegionStats stats;
  seam_xnnpack_get_region_stats(handle, &stats);
  EXPECT_EQ(stats.threads, threads);

  constexpr int kRunsPerThread = 40;
  std::atomic<int> mismatches{0};
  auto worker = [&](uint32_t seed) {
    std::vector<Tensor> inputs = {randomTensor(net.x.dims, seed)};
    std::vector<Tensor> expected = net.expected(inputs[0]);
    for (int i = 0; i < kRunsPerThread; ++i) {
      auto outs = net.region.run(handle, &inputs);
      if (!allClose(outs[0], expected[0]) || !allClose(outs[1], expected[1]))
        ++mismatches;
    }
  };
  std::thread first(worker, 40), second(worker, 41);
  first.join();
  second.join();
  EXPECT_EQ(mismatches.load(), 0);
  seam_xnnpack_get_region_stats(handle, &stats);
  EXPECT_EQ(stats.runs, 2 * kRunsPerThread);
  seam_xnnpack_destroy_region(handle);
  seam_set_num_threads(seam_get_max_threads());
}

TEST(XnnpackRuntime, TwoThreadsRunOneHandleOnOneThreadEach) {
  int before = seam_get_max_threads();
  checkConcurrentRuns<SmallNetwork>(1);
  seam_set_num_threads(before);
}

TEST(XnnpackRuntime, TwoThreadsRunOneHandleOnAPoolOfTwo) {
  int before = seam_get_max_threads();
  checkConcurrentRuns<SmallNetwork>(2);
  seam_set_num_threads(before);
}

TEST(XnnpackRuntime, TwoThreadsRunOneMultiSegmentHandle) {
  // Each instance has its own segment runtimes and arena.
  int before = seam_get_max_threads();
  checkConcurrentRuns<ConcatNetwork>(1);
  checkConcurrentRuns<ConcatNetwork>(2);
  seam_set_num_threads(before);
}

TEST(XnnpackRuntime, CountsRunsAndNamesOps) {
  SmallNetwork net;
  void *handle = net.region.create();
  ASSERT_NE(handle, nullptr);
  net.region.run(handle);
  net.region.run(handle);
  SeamXnnpackRegionStats stats;
  seam_xnnpack_get_region_stats(handle, &stats);
  EXPECT_STREQ(stats.name, "xnnpack_test");
  EXPECT_EQ(stats.ops, 6);
  EXPECT_EQ(stats.runs, 2);
  EXPECT_GT(stats.nanoseconds, 0);
  EXPECT_GT(stats.layout_nanoseconds, 0);
  EXPECT_LE(stats.layout_nanoseconds, stats.nanoseconds);
  const char *name = nullptr;
  int64_t nanoseconds = 0;
  seam_xnnpack_get_op_stats(handle, 0, &name, &nanoseconds);
  EXPECT_STREQ(name, "conv2d 1x8x10x10");
  EXPECT_EQ(nanoseconds, -1);
  seam_xnnpack_get_op_stats(handle, 5, &name, &nanoseconds);
  EXPECT_STREQ(name, "fully_connected 1x4");
  seam_xnnpack_destroy_region(handle);
}

TEST(XnnpackRuntime, TimesHostSteps) {
  ConcatNetwork net;
  void *handle = net.region.create();
  ASSERT_NE(handle, nullptr);
  net.region.run(handle);
  net.region.run(handle);
  SeamXnnpackRegionStats stats;
  seam_xnnpack_get_region_stats(handle, &stats);
  EXPECT_EQ(stats.ops, 6);
  EXPECT_EQ(stats.runs, 2);
  const char *name = nullptr;
  int64_t hostNanoseconds = 0;
  for (int64_t i = 0; i < stats.ops; ++i) {
    int64_t nanoseconds = 0;
    seam_xnnpack_get_op_stats(handle, i, &name, &nanoseconds);
    OpKind kind = net.region.desc.ops[i].kind;
    if (kind == OpKind::Concat || kind == OpKind::Reshape) {
      EXPECT_GT(nanoseconds, 0) << name;
      hostNanoseconds += nanoseconds;
    } else {
      EXPECT_EQ(nanoseconds, -1) << name;
    }
  }
  EXPECT_LT(hostNanoseconds + stats.layout_nanoseconds, stats.nanoseconds);
  seam_xnnpack_get_op_stats(handle, 1, &name, &hostNanoseconds);
  EXPECT_STREQ(name, "concat 1x7x6x6");
  seam_xnnpack_get_op_stats(handle, 4, &name, &hostNanoseconds);
  EXPECT_STREQ(name, "reshape 1x432");
  seam_xnnpack_destroy_region(handle);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// A valid one-op region (sigmoid of a [1, 4] input).
TestRegion sigmoidRegion() {
  TestRegion region;
  int64_t in = region.input(randomTensor({1, 4}, 50));
  region.output(region.op(makeOp(OpKind::Sigmoid, {in}), {1, 4}));
  return region;
}

std::string createFromBlob(const std::vector<uint8_t> &blob) {
  testing::internal::CaptureStderr();
  void *handle = seam_xnnpack_create_region(
      blob.data(), static_cast<int64_t>(blob.size()), nullptr);
  std::string message = testing::internal::GetCapturedStderr();
  EXPECT_EQ(handle, nullptr);
  seam_xnnpack_destroy_region(handle);
  return message;
}

TEST(XnnpackRuntimeErrors, BadMagic) {
  std::vector<uint8_t> blob = serialize(sigmoidRegion().desc);
  blob[4] = 'D';
  EXPECT_EQ(createFromBlob(blob),
            "seam-xnnpack: bad region description: not a seam-xnnpack "
            "region description (bad magic)\n");
}

TEST(XnnpackRuntimeErrors, OtherVersion) {
  std::vector<uint8_t> blob = serialize(sigmoidRegion().desc);
  blob[8] = static_cast<uint8_t>(kVersion + 1);
  EXPECT_EQ(createFromBlob(blob),
            "seam-xnnpack: bad region description: region description of "
            "version " +
                std::to_string(kVersion + 1) +
                ", but this runtime reads version " + std::to_string(kVersion) +
                ": compile the model again with the Seam this runtime comes "
                "from\n");
}

TEST(XnnpackRuntimeErrors, Truncated) {
  std::vector<uint8_t> blob = serialize(sigmoidRegion().desc);
  size_t size = blob.size();
  blob.resize(size - 4);
  std::string message = createFromBlob(blob);
  EXPECT_NE(message.find("seam-xnnpack: bad region description: truncated at "
                         "byte " +
                         std::to_string(size - 8) + " of " +
                         std::to_string(size - 4) + " (reading steps)"),
            std::string::npos)
      << message;
  // Cut inside the header, and a count larger than the blob.
  EXPECT_NE(createFromBlob({'S', 'E', 'A', 'M'}).find("bad magic"),
            std::string::npos);
  blob = serialize(sigmoidRegion().desc);
  blob[12] = 0xff; // the name's length
  blob[13] = 0xff;
  EXPECT_NE(createFromBlob(blob).find(
                "count of name (65535) exceeds the description's size"),
            std::string::npos);
}

TEST(XnnpackRuntimeErrors, ValueNumberOutOfRange) {
  TestRegion region = sigmoidRegion();
  region.desc.ops[0].srcs = {99};
  EXPECT_EQ(createFromBlob(serialize(region.desc)),
            "seam-xnnpack: bad region description: op 0 (sigmoid) refers to "
            "value 99 but the region has 2 values\n");
  region = sigmoidRegion();
  region.desc.outputs = {-3};
  EXPECT_EQ(createFromBlob(serialize(region.desc)),
            "seam-xnnpack: bad region description: output 0 refers to value "
            "-3 but the region has 2 values\n");
}

TEST(XnnpackRuntimeErrors, DimBelowOne) {
  TestRegion region = sigmoidRegion();
  region.desc.values[0] = {1, 0, 4};
  EXPECT_NE(createFromBlob(serialize(region.desc))
                .find("a value with dim 0 (XNNPACK needs dims of at least 1)"),
            std::string::npos);
}

TEST(XnnpackRuntimeErrors, UnknownOpKindAndRank) {
  TestRegion region = sigmoidRegion();
  region.desc.ops[0].kind = static_cast<OpKind>(kNumOpKinds);
  EXPECT_NE(createFromBlob(serialize(region.desc))
                .find("unknown op kind " + std::to_string(kNumOpKinds)),
            std::string::npos);
  region = sigmoidRegion();
  region.desc.values[0] = {1, 1, 1, 1, 1, 1, 4};
  EXPECT_NE(createFromBlob(serialize(region.desc))
                .find("a value of rank 7 (XNNPACK takes at most 6)"),
            std::string::npos);
}

TEST(XnnpackRuntimeErrors, HostReshapeOfAnotherSize) {
  TestRegion region;
  int64_t in = region.input(randomTensor({1, 2, 3, 3}, 51));
  region.output(region.op(makeOp(OpKind::Reshape, {in}), {1, 16}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (reshape): reshapes "
            "1x2x3x3 (18 elements) to 1x16 (16 elements)\n");
}

TEST(XnnpackRuntimeErrors, ConcatSourcesThatDoNotMatch) {
  TestRegion region;
  int64_t a = region.input(randomTensor({1, 2, 3, 3}, 61));
  int64_t b = region.input(randomTensor({1, 2, 4, 3}, 62));
  OpDesc concat = makeOp(OpKind::Concat, {a, b});
  concat.axis = 1;
  region.output(region.op(concat, {1, 4, 3, 3}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (concat): source 1 is "
            "1x2x4x3, which does not match 1x2x3x3 but on axis 1\n");
  region.desc.values[b] = {1, 2, 3, 3};
  region.desc.values[region.desc.ops[0].dst] = {1, 5, 3, 3};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (concat): its dst, value "
            "2, is 1x5x3x3 but the op computes 1x4x3x3\n");
}

TEST(XnnpackRuntimeErrors, OpAfterAHostStepNamesItsIndex) {
  // A segment after a host step reports the op's index in the region.
  TestRegion region;
  int64_t a = region.input(randomTensor({1, 2, 3, 3}, 63));
  OpDesc concat = makeOp(OpKind::Concat, {a, a});
  concat.axis = 1;
  int64_t joined = region.op(concat, {1, 4, 3, 3});
  OpDesc pool = makeOp(OpKind::MaxPool2d, {joined});
  pool.kernel = {1, 1};
  region.output(region.op(pool, {1, 4, 3, 3}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 1 (max_pool2d): a 1x1 "
            "window: XNNPACK refuses pooling windows of one element\n");
}

TEST(XnnpackRuntimeErrors, ConvFilterNotAWeight) {
  TestRegion region;
  int64_t in = region.input(randomTensor({1, 3, 5, 5}, 52));
  int64_t filter = region.input(randomTensor({4, 3, 3, 3}, 53));
  OpDesc conv = makeOp(OpKind::Conv2d, {in, filter});
  conv.kernel = {3, 3};
  region.output(region.op(conv, {1, 4, 3, 3}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (conv2d): the filter, "
            "value 1, is not a weight (XNNPACK packs it when the region is "
            "built)\n");
}

TEST(XnnpackRuntimeErrors, WrongDstDims) {
  TestRegion region;
  int64_t in = region.input(randomTensor({1, 3, 8, 8}, 54));
  OpDesc conv = makeOp(OpKind::Conv2d,
                       {in, region.weight(randomTensor({8, 3, 3, 3}, 55))});
  conv.kernel = {3, 3};
  region.output(region.op(conv, {1, 8, 8, 8}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (conv2d): its dst, "
            "value 2, is 1x8x8x8 but the op computes 1x8x6x6\n");
}

TEST(XnnpackRuntimeErrors, OnePixelPoolWindow) {
  TestRegion region;
  OpDesc pool =
      makeOp(OpKind::MaxPool2d, {region.input(randomTensor({1, 2, 4, 4}, 56))});
  pool.kernel = {1, 1};
  pool.strides = {2, 2};
  region.output(region.op(pool, {1, 2, 2, 2}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (max_pool2d): a 1x1 "
            "window: XNNPACK refuses pooling windows of one element\n");
}

TEST(XnnpackRuntimeErrors, SoftmaxOverSpatialAxis) {
  TestRegion region;
  OpDesc softmax =
      makeOp(OpKind::Softmax, {region.input(randomTensor({1, 2, 3, 4}, 57))});
  softmax.axis = 3;
  region.output(region.op(softmax, {1, 2, 3, 4}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (softmax): axis 3 of "
            "1x2x3x4: XNNPACK normalizes the innermost dim of its layout only "
            "(the last axis, or axis 1 of a 4-D value)\n");
}

TEST(XnnpackRuntimeErrors, BroadcastNeedingATranspose) {
  TestRegion region;
  int64_t a = region.input(randomTensor({1, 3, 4, 5}, 58));
  int64_t b = region.input(randomTensor({3, 4, 5}, 59));
  region.output(region.op(makeOp(OpKind::Add, {a, b}), {1, 3, 4, 5}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (add): operand 1 (value "
            "1, 3x4x5) is broadcast as 1x3x4x5 against a 4-D result: it is "
            "not a weight, and with C > 1 and H * W > 1 its data would need "
            "an NCHW -> NHWC transpose\n");
}

TEST(XnnpackRuntimeErrors, ValuesUsedBeforeDefinitionOrTwice) {
  TestRegion region;
  int64_t in = region.input(randomTensor({1, 4}, 60));
  int64_t later = region.value({1, 4});
  region.output(region.op(makeOp(OpKind::Add, {in, later}), {1, 4}));
  OpDesc sigmoid = makeOp(OpKind::Sigmoid, {in});
  sigmoid.dst = later;
  region.desc.ops.push_back(sigmoid);
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (add): value 1 is used "
            "before it is defined (op 1 computes it)\n");
  region.desc.ops[1].dst = region.desc.ops[0].dst;
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 1 (sigmoid): its dst, "
            "value 2, is already the result of op 0\n");
}

TEST(XnnpackRuntimeErrors, OutputThatIsAnInput) {
  TestRegion region = sigmoidRegion();
  region.desc.outputs = {0};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: output 0, value 0, is a "
            "region input: region outputs must be results of ops\n");
}

TEST(XnnpackRuntimeErrors, TransposePermNotAPermutation) {
  // An axis twice, too few axes, one out of range, none.
  TestRegion region;
  int64_t in = region.input(randomTensor({2, 3, 4}, 64));
  region.output(region.op(makeTranspose(in, {0, 0, 1}), {2, 2, 3}));
  for (const Dims &perm : {Dims{0, 0, 1}, Dims{1, 0}, Dims{0, 3, 1}, Dims{}}) {
    region.desc.ops[0].perm = perm;
    std::string message = region.createError();
    EXPECT_EQ(message.rfind("seam-xnnpack: region xnnpack_test: op 0 "
                            "(transpose): perm ",
                            0),
              0u)
        << message;
    EXPECT_NE(message.find(" is not a permutation of the 3 dims of 2x3x4\n"),
              std::string::npos)
        << message;
  }
}

TEST(XnnpackRuntimeErrors, TransposeDstNotWhatItComputes) {
  TestRegion region;
  int64_t in = region.input(randomTensor({1, 2, 3, 4}, 65));
  region.output(region.op(makeTranspose(in, {0, 2, 3, 1}), {1, 2, 3, 4}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (transpose): its dst, "
            "value 1, is 1x2x3x4 but the op computes 1x3x4x2\n");
  region.desc.ops[0].srcs = {in, in};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (transpose): expects 1 "
            "source, has 2\n");
}

TEST(XnnpackRuntimeErrors, OpInsideACopyChainNamesItsIndex) {
  TestRegion region;
  int64_t in = region.input(randomTensor({2, 6, 7}, 68));
  int64_t a = region.op(makeTranspose(in, {1, 0, 2}), {6, 2, 7});
  int64_t b = region.op(makeSlice(a, {0, 0, 0}, {2, 1, 1}), {3, 2, 7});
  region.output(region.op(makeTranspose(b, {2, 1, 0}), {7, 3, 2}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 2 (transpose): its dst, "
            "value 3, is 7x3x2 but the op computes 7x2x3\n");
  region.desc.ops[2].perm = {2, 0, 1};
  region.desc.ops[1].starts = {2, 0, 0};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 1 (slice): dim 0 takes 3 "
            "elements from 2 by 2, outside [0, 6)\n");
}

TEST(XnnpackRuntimeErrors, SliceIndexOutOfRange) {
  // The last index taken past the end, below 0 (a negative step), a start
  // outside the dim.
  TestRegion region;
  int64_t in = region.input(randomTensor({2, 6, 7}, 66));
  region.output(region.op(makeSlice(in, {0, 4, 0}, {1, 1, 1}), {2, 3, 7}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (slice): dim 1 takes 3 "
            "elements from 4 by 1, outside [0, 6)\n");
  region.desc.ops[0].starts = {0, 1, 0};
  region.desc.ops[0].steps = {1, -1, 1};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (slice): dim 1 takes 3 "
            "elements from 1 by -1, outside [0, 6)\n");
  region.desc.ops[0].starts = {0, 0, 7};
  region.desc.ops[0].steps = {1, 1, -1};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (slice): dim 2 takes 7 "
            "elements from 7 by -1, outside [0, 7)\n");
  // The dst's dims are the counts: one more than fits.
  region.desc.ops[0].starts = {0, 0, 0};
  region.desc.ops[0].steps = {1, 3, 1};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (slice): dim 1 takes 3 "
            "elements from 0 by 3, outside [0, 6)\n");
}

TEST(XnnpackRuntimeErrors, SliceDstNotWhatItComputes) {
  // One start and one step per dim of the source, and a dst of its rank.
  TestRegion region;
  int64_t in = region.input(randomTensor({2, 6, 7}, 67));
  region.output(region.op(makeSlice(in, {0, 0}, {1, 1, 1}), {2, 3, 7}));
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (slice): slices 2x6x7 "
            "into 2x3x7 with 2 starts and 3 steps (one per dim)\n");
  region.desc.ops[0].starts = {0, 0, 0};
  region.desc.values[region.desc.ops[0].dst] = {2, 3};
  EXPECT_EQ(region.createError(),
            "seam-xnnpack: region xnnpack_test: op 0 (slice): slices 2x6x7 "
            "into 2x3 with 3 starts and 3 steps (one per dim)\n");
}

} // namespace
