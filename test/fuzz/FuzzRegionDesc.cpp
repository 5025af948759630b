//===- FuzzRegionDesc.cpp - libFuzzer: the runtimes' description decoders -===//
//
// The bytes are given to the oneDNN and the XNNPACK runtime's decoder of
// region descriptions (the blob a compiled module hands to `create`). A
// decoder either refuses them with a reason or returns a description that
// serializes back to the same bytes. Inputs that neither decoder accepts are
// now and then replaced by a valid description (a conv with a fused relu, a
// pooling, a transpose and a slice), which byte mutations then break.
//
//===----------------------------------------------------------------------===//

#include "Backends/dnnl/runtime/RegionDesc.h"
#include "Backends/xnnpack/runtime/RegionDesc.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace dnnl = seam::dnnl_region;
namespace xnn = seam::xnnpack_region;

namespace {

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "seam fuzz: %s\n", what);
  std::abort();
}

template <typename RegionDescT>
void checkRoundTrip(const uint8_t *data, size_t size,
                    bool (*decode)(const void *, size_t, RegionDescT &,
                                   std::string &),
                    std::vector<uint8_t> (*encode)(const RegionDescT &)) {
  RegionDescT region;
  std::string error;
  if (!decode(data, size, region, error)) {
    if (error.empty())
      fail("a refused description without a reason");
    return;
  }
  std::vector<uint8_t> bytes = encode(region);
  if (bytes.size() != size || std::memcmp(bytes.data(), data, size) != 0)
    fail("a decoded description does not serialize back to its bytes");
}

std::vector<uint8_t> dnnlSample() {
  dnnl::RegionDesc region;
  region.name = "fuzz_dnnl";
  region.values = {{1, 3, 8, 8}, {4, 3, 3, 3}, {4}, {1, 4, 8, 8}, {1, 4, 4, 4}};
  region.inputs = {0};
  region.weights = {1, 2};
  region.outputs = {4};
  dnnl::OpDesc conv;
  conv.kind = dnnl::OpKind::Conv;
  conv.srcs = {0, 1};
  conv.bias = 2;
  conv.dst = 3;
  conv.strides = {1, 1};
  conv.pads = {1, 1, 1, 1};
  conv.dilations = {0, 0};
  dnnl::PostOp relu;
  relu.alg = dnnl::Algorithm::Relu;
  conv.postOps.push_back(relu);
  dnnl::OpDesc pool;
  pool.kind = dnnl::OpKind::Pool;
  pool.alg = dnnl::Algorithm::PoolMax;
  pool.srcs = {3};
  pool.dst = 4;
  pool.kernel = {2, 2};
  pool.strides = {2, 2};
  pool.pads = {0, 0, 0, 0};
  pool.dilations = {0, 0};
  region.ops = {conv, pool};
  return dnnl::serialize(region);
}

std::vector<uint8_t> xnnpackSample() {
  xnn::RegionDesc region;
  region.name = "fuzz_xnnpack";
  region.values = {{1, 8, 8, 3}, {4, 3, 3, 3}, {4},
                   {1, 8, 8, 4}, {1, 4, 8, 8}, {1, 2, 8, 8}};
  region.inputs = {0};
  region.weights = {1, 2};
  region.outputs = {5};
  xnn::OpDesc conv;
  conv.kind = xnn::OpKind::Conv2d;
  conv.srcs = {0, 1};
  conv.bias = 2;
  conv.dst = 3;
  conv.kernel = {3, 3};
  conv.strides = {1, 1};
  conv.pads = {1, 1, 1, 1};
  conv.dilations = {1, 1};
  conv.outputMin = 0;
  xnn::OpDesc transpose;
  transpose.kind = xnn::OpKind::Transpose;
  transpose.srcs = {3};
  transpose.dst = 4;
  transpose.perm = {0, 3, 1, 2};
  xnn::OpDesc slice;
  slice.kind = xnn::OpKind::Slice;
  slice.srcs = {4};
  slice.dst = 5;
  slice.starts = {0, 1, 0, 0};
  slice.steps = {1, 2, 1, 1};
  region.ops = {conv, transpose, slice};
  return xnn::serialize(region);
}

bool decodesAsEither(const uint8_t *data, size_t size) {
  std::string error;
  dnnl::RegionDesc d;
  xnn::RegionDesc x;
  return dnnl::deserialize(data, size, d, error) ||
         xnn::deserialize(data, size, x, error);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  checkRoundTrip<dnnl::RegionDesc>(data, size, dnnl::deserialize,
                                   dnnl::serialize);
  checkRoundTrip<xnn::RegionDesc>(data, size, xnn::deserialize, xnn::serialize);
  return 0;
}

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  if (seed % 8 == 0 && !decodesAsEither(data, size)) {
    std::vector<uint8_t> sample = seed % 16 ? dnnlSample() : xnnpackSample();
    if (sample.size() <= maxSize) {
      std::memcpy(data, sample.data(), sample.size());
      size = sample.size();
    }
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}
