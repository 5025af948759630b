//===- DnnlBackendTest.cpp - The dnnl backend's sessions and runtime ------===//
//
// The dnnl runtime on its own: its description blob and the runtime's
// answers to descriptions it cannot build (an error message and a null
// handle, never a crash). Sessions of every backend, from several threads
// and side by side, are test/e2e/BackendSessionTest.cpp's.
//
//===----------------------------------------------------------------------===//

#include "seam/Backend/Backend.h"
#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "DnnlRuntime.h"
#include "RegionDesc.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// The runtime on its own
//===----------------------------------------------------------------------===//

namespace dr = seam::dnnl_region;

/// value 0 (input) -> conv with weight 1 (+ sum of value 0, clip) -> value 2
/// -> average pool -> value 3 (output).
dr::RegionDesc convPoolRegion() {
  dr::RegionDesc region;
  region.name = "dnnl_7";
  region.values = {{1, 4, 8, 8}, {4, 4, 3, 3}, {1, 4, 8, 8}, {1, 4, 4, 4}};
  region.inputs = {0};
  region.weights = {1};
  region.outputs = {3};
  dr::OpDesc conv;
  conv.kind = dr::OpKind::Conv;
  conv.dst = 2;
  conv.srcs = {0, 1};
  conv.strides = {1, 1};
  conv.pads = {1, 1, 1, 1};
  conv.dilations = {1, 1};
  dr::PostOp sum;
  sum.kind = dr::PostOp::Kind::Sum;
  sum.value = 0;
  dr::PostOp clip;
  clip.alg = dr::Algorithm::Clip;
  clip.beta = 6;
  conv.postOps = {sum, clip};
  dr::OpDesc pool;
  pool.kind = dr::OpKind::Pool;
  pool.alg = dr::Algorithm::PoolAvgExclude;
  pool.dst = 3;
  pool.srcs = {2};
  pool.kernel = {2, 2};
  pool.strides = {2, 2};
  pool.pads = {0, 0, 0, 0};
  pool.dilations = {1, 1};
  region.ops = {conv, pool};
  return region;
}

/// A relu from value 0 to value 1, of `dims`.
dr::RegionDesc reluRegion(std::vector<int64_t> dims) {
  dr::RegionDesc region;
  region.name = "relu";
  region.values = {dims, dims};
  region.inputs = {0};
  region.outputs = {1};
  dr::OpDesc relu;
  relu.kind = dr::OpKind::Eltwise;
  relu.alg = dr::Algorithm::Relu;
  relu.alpha = relu.beta = 0;
  relu.dst = 1;
  relu.srcs = {0};
  region.ops = {relu};
  return region;
}

void *create(const std::vector<uint8_t> &blob) {
  return seam_dnnl_create_region(blob.data(), static_cast<int64_t>(blob.size()),
                                 nullptr);
}

TEST(DnnlRuntime, DescriptionRoundTrips) {
  std::vector<uint8_t> blob = dr::serialize(convPoolRegion());
  dr::RegionDesc region;
  std::string error;
  ASSERT_TRUE(dr::deserialize(blob.data(), blob.size(), region, error))
      << error;
  EXPECT_EQ(region.name, "dnnl_7");
  EXPECT_EQ(region.values, convPoolRegion().values);
  ASSERT_EQ(region.ops.size(), 2u);
  ASSERT_EQ(region.ops[0].postOps.size(), 2u);
  EXPECT_EQ(region.ops[0].postOps[0].value, 0);
  EXPECT_EQ(region.ops[0].postOps[1].alg, dr::Algorithm::Clip);
  EXPECT_EQ(region.ops[0].postOps[1].beta, 6.0f);
  EXPECT_EQ(region.ops[1].alg, dr::Algorithm::PoolAvgExclude);
  EXPECT_EQ(region.ops[1].kernel, std::vector<int64_t>({2, 2}));
  // Writing what was read gives the same bytes.
  EXPECT_EQ(dr::serialize(region), blob);
}

TEST(DnnlRuntime, Int8DescriptionRoundTrips) {
  // Value types, a conv's scales and zero points (version 3).
  dr::RegionDesc int8 = convPoolRegion();
  int8.types.assign(int8.values.size(), dr::DataType::F32);
  int8.types[0] = dr::DataType::U8;
  int8.types[1] = dr::DataType::S8;
  int8.ops[0].scales = {0.5f, 0.25f};
  int8.ops[0].srcZeroPoint = 128;
  int8.ops[0].weightZeroPoint = -3;
  int8.ops[0].dstZeroPoint = 7;
  std::vector<uint8_t> blob = dr::serialize(int8);
  dr::RegionDesc region;
  std::string error;
  ASSERT_TRUE(dr::deserialize(blob.data(), blob.size(), region, error))
      << error;
  EXPECT_EQ(region.types, int8.types);
  EXPECT_EQ(region.ops[0].scales, std::vector<float>({0.5f, 0.25f}));
  EXPECT_EQ(region.ops[0].srcZeroPoint, 128);
  EXPECT_EQ(region.ops[0].weightZeroPoint, -3);
  EXPECT_EQ(region.ops[0].dstZeroPoint, 7);
  EXPECT_EQ(dr::serialize(region), blob);
  // A data type past the last one is an error that names it.
  std::vector<uint8_t> badType = blob;
  size_t firstType = blob.size();
  // The types follow the outputs list; find value 0's type (U8 = 2) by
  // serializing again with it changed and comparing.
  int8.types[0] = dr::DataType::S32;
  std::vector<uint8_t> other = dr::serialize(int8);
  for (size_t i = 0; i < blob.size(); ++i)
    if (blob[i] != other[i]) {
      firstType = i;
      break;
    }
  ASSERT_LT(firstType, blob.size());
  badType[firstType] = 9;
  EXPECT_FALSE(dr::deserialize(badType.data(), badType.size(), region, error));
  EXPECT_NE(error.find("data type"), std::string::npos) << error;
}

TEST(DnnlRuntime, ZeroDimValuesRoundTrip) {
  // A 0-d value (a scalar epsilon) has an empty shape: the text format of
  // version 1 could not read it back.
  dr::RegionDesc scalar = reluRegion({});
  std::vector<uint8_t> blob = dr::serialize(scalar);
  dr::RegionDesc region;
  std::string error;
  ASSERT_TRUE(dr::deserialize(blob.data(), blob.size(), region, error))
      << error;
  EXPECT_EQ(region.values, std::vector<std::vector<int64_t>>({{}, {}}));
}

TEST(DnnlRuntime, BadDescriptionsAreErrors) {
  std::vector<uint8_t> good = dr::serialize(convPoolRegion());
  auto expectError = [](std::vector<uint8_t> blob, const std::string &text) {
    dr::RegionDesc region;
    std::string error;
    EXPECT_FALSE(dr::deserialize(blob.data(), blob.size(), region, error));
    EXPECT_NE(error.find(text), std::string::npos)
        << "error: " << error << "\nexpected: " << text;
  };
  expectError({}, "not a seam-dnnl region description");
  expectError({'S', 'E', 'A', 'M'}, "not a seam-dnnl region description");
  std::vector<uint8_t> otherVersion = good;
  otherVersion[8] = 1;
  expectError(otherVersion, "region description of version 1, but this "
                            "runtime reads version 4");
  expectError(std::vector<uint8_t>(good.begin(), good.end() - 3),
              "truncated at byte");
  std::vector<uint8_t> trailing = good;
  trailing.insert(trailing.end(), 8, 0);
  expectError(trailing, "trailing bytes after the last op");

  dr::RegionDesc outOfRange = convPoolRegion();
  outOfRange.ops[1].srcs = {9};
  expectError(dr::serialize(outOfRange),
              "op 1 (pool) refers to value 9 but the region has 4 values");

  // oneDNN's sum post-op adds what the destination held: one per op.
  dr::RegionDesc twoSums = convPoolRegion();
  twoSums.ops[0].postOps.insert(twoSums.ops[0].postOps.begin(),
                                twoSums.ops[0].postOps[0]);
  expectError(dr::serialize(twoSums),
              "op 0 (conv) has 2 sum post-ops; the destination holds one "
              "summed value");

  dr::RegionDesc hugeCount = reluRegion({4});
  std::vector<uint8_t> blob = dr::serialize(hugeCount);
  // The count of values, right after the name ("relu": 8 + 4 bytes).
  size_t countAt = 12 + 8 + 4;
  for (int i = 0; i < 8; ++i)
    blob[countAt + i] = 0xff;
  expectError(blob, "exceeds the description's size");

  dr::RegionDesc badEnum = reluRegion({4});
  blob = dr::serialize(badEnum);
  // The op kind: the last op's first word (then the algorithm, dst, srcs,
  // bias, six lists, group and axis, trans flags, alpha/beta/epsilon, the
  // post-op count, the scale count and three zero points).
  size_t kindAt = blob.size() - 8 * (1 + 1 + 1 + 2 + 1 + 6 + 2 + 2 + 3 + 1 + 4);
  blob[kindAt] = 200;
  expectError(blob, "unknown op kind 200");

  dr::RegionDesc negativeDim = reluRegion({4});
  negativeDim.values[0] = {-4};
  expectError(dr::serialize(negativeDim),
              "a value with dim -4 (oneDNN needs dims of at least 0)");
}

TEST(DnnlRuntime, RegionsItCannotBuildGiveNull) {
  // A pooling window that does not give the declared output size.
  dr::RegionDesc bad = convPoolRegion();
  bad.name = "bad";
  bad.values[3] = {1, 4, 5, 5};
  std::vector<float> weights(4 * 4 * 3 * 3, 0.5f);
  const void *weightPointers[] = {weights.data()};
  std::vector<uint8_t> blob = dr::serialize(bad);
  testing::internal::CaptureStderr();
  void *region = seam_dnnl_create_region(
      blob.data(), static_cast<int64_t>(blob.size()), weightPointers);
  std::string message = testing::internal::GetCapturedStderr();
  EXPECT_EQ(region, nullptr);
  EXPECT_NE(message.find("seam-dnnl: cannot build region bad: op 1 (pool): "
                         "oneDNN: could not create a descriptor"),
            std::string::npos)
      << message;

  testing::internal::CaptureStderr();
  const char garbage[] = "garbage";
  EXPECT_EQ(seam_dnnl_create_region(garbage, sizeof(garbage), nullptr),
            nullptr);
  EXPECT_NE(testing::internal::GetCapturedStderr().find(
                "seam-dnnl: bad region description: not a seam-dnnl region "
                "description"),
            std::string::npos);
  seam_dnnl_destroy_region(nullptr);
}

TEST(DnnlRuntime, CountsRunsAndTime) {
  void *region = create(dr::serialize(reluRegion({2, 3})));
  ASSERT_NE(region, nullptr);
  float in[6] = {-1, 2, -3, 4, -5, 6}, out[6] = {};
  void *buffers[] = {in, out};
  seam_dnnl_run_region(region, buffers);
  seam_dnnl_run_region(region, buffers);
  EXPECT_EQ(std::vector<float>(out, out + 6),
            std::vector<float>({0, 2, 0, 4, 0, 6}));
  SeamDnnlRegionStats stats;
  seam_dnnl_get_region_stats(region, &stats);
  EXPECT_STREQ(stats.name, "relu");
  EXPECT_EQ(stats.runs, 2);
  EXPECT_EQ(stats.primitives, 1);
  EXPECT_GT(stats.nanoseconds, 0);
  seam_dnnl_destroy_region(region);
}

} // namespace
