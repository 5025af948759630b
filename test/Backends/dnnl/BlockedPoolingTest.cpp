//===- BlockedPoolingTest.cpp - Seam's pooling kernel against oneDNN's ----===//
//
// BlockedPooling (lib/Backends/dnnl/runtime) computes a pooling with the
// semantics of oneDNN's primitive: here both run on the same data, in
// channel blocks and channels-last, with windows that are padded, strided,
// dilated and averaged with and without the padding, and must agree.
//
//===----------------------------------------------------------------------===//

#include "BlockedPooling.h"

#include "oneapi/dnnl/dnnl.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using seam::dnnl_region::BlockedPooling;
using dnnl::memory;

struct Case {
  BlockedPooling::Kind kind;
  dnnl::algorithm alg;
  memory::dims kernel, strides, dilations, padLeft, padRight;
};

/// Output size of oneDNN's pooling along one axis.
int64_t outSize(int64_t in, int64_t k, int64_t s, int64_t d, int64_t l,
                int64_t r) {
  return (in + l + r - ((k - 1) * (d + 1) + 1)) / s + 1;
}

/// Runs `c` on a [2, channels, 9, 11] input in layout `tag` through oneDNN's
/// primitive and through BlockedPooling (which must take it) and compares.
void expectSameAsOneDnn(const Case &c, int64_t channels, memory::format_tag tag,
                        bool channelsLast) {
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  memory::dims src = {2, channels, 9, 11};
  memory::dims dst = {2, channels,
                      outSize(9, c.kernel[0], c.strides[0], c.dilations[0],
                              c.padLeft[0], c.padRight[0]),
                      outSize(11, c.kernel[1], c.strides[1], c.dilations[1],
                              c.padLeft[1], c.padRight[1])};
  memory::desc srcMd(src, memory::data_type::f32, tag);
  memory::desc dstMd(dst, memory::data_type::f32, tag);
  memory srcMem(srcMd, engine), expected(dstMd, engine);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> values(-4.0f, 4.0f);
  float *in = static_cast<float *>(srcMem.get_data_handle());
  for (size_t i = 0; i < srcMd.get_size() / sizeof(float); ++i)
    in[i] = values(random);

  dnnl::pooling_v2_forward::primitive_desc pd(
      dnnl::pooling_v2_forward::desc(dnnl::prop_kind::forward_inference, c.alg,
                                     srcMd, dstMd, c.strides, c.kernel,
                                     c.dilations, c.padLeft, c.padRight),
      engine);
  dnnl::pooling_v2_forward(pd).execute(
      stream, {{DNNL_ARG_SRC, srcMem}, {DNNL_ARG_DST, expected}});
  stream.wait();

  std::optional<BlockedPooling> pool =
      BlockedPooling::match(c.kind, srcMd, dstMd, c.strides, c.kernel,
                            c.dilations, c.padLeft, channelsLast);
  ASSERT_TRUE(pool.has_value());
  std::vector<float> got(dstMd.get_size() / sizeof(float), NAN);
  pool->run(in, got.data());
  const float *want = static_cast<const float *>(expected.get_data_handle());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], 1e-5f * (1.0f + std::fabs(want[i])))
        << "element " << i << " of " << got.size();
}

std::vector<Case> cases() {
  using K = BlockedPooling::Kind;
  return {
      // 3x3 stride 2, padded (GoogLeNet's max pools, ceil mode's extra
      // right padding included).
      {K::Max, dnnl::algorithm::pooling_max, {3, 3}, {2, 2}, {0, 0}, {1, 1},
       {1, 2}},
      // A dilated 2x2 window (oneDNN has only its reference kernel).
      {K::Max, dnnl::algorithm::pooling_max, {2, 2}, {1, 1}, {1, 1}, {0, 0},
       {1, 1}},
      {K::AvgIncludePadding, dnnl::algorithm::pooling_avg_include_padding,
       {3, 3}, {1, 1}, {0, 0}, {1, 1}, {1, 1}},
      {K::AvgExcludePadding, dnnl::algorithm::pooling_avg_exclude_padding,
       {3, 2}, {2, 1}, {0, 1}, {1, 0}, {1, 1}},
  };
}

TEST(BlockedPooling, MatchesOneDnnOnChannelBlocks) {
  for (const Case &c : cases()) {
    expectSameAsOneDnn(c, 16, memory::format_tag::aBcd8b, false);
    expectSameAsOneDnn(c, 32, memory::format_tag::aBcd16b, false);
  }
}

TEST(BlockedPooling, MatchesOneDnnOnChannelsLast) {
  for (const Case &c : cases()) {
    expectSameAsOneDnn(c, 24, memory::format_tag::acdb, true);
    expectSameAsOneDnn(c, 32, memory::format_tag::acdb, true);
  }
}

TEST(BlockedPooling, ChannelsLastOnlyWhenAskedAndWhole) {
  memory::desc md24({1, 24, 5, 5}, memory::data_type::f32,
                    memory::format_tag::acdb);
  memory::desc md12({1, 12, 5, 5}, memory::data_type::f32,
                    memory::format_tag::acdb);
  memory::desc rows({1, 16, 5, 5}, memory::data_type::f32,
                    memory::format_tag::abcd);
  memory::dims one = {1, 1}, none = {0, 0};
  auto match = [&](const memory::desc &md, bool channelsLast) {
    return BlockedPooling::match(BlockedPooling::Kind::Max, md, md, one, one,
                                 none, none, channelsLast)
        .has_value();
  };
  EXPECT_TRUE(match(md24, true));
  EXPECT_FALSE(match(md24, false));
  // 12 channels are not whole blocks of 8; row-major has no blocks.
  EXPECT_FALSE(match(md12, true));
  EXPECT_FALSE(match(rows, true));
}

} // namespace
