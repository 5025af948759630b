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

#include "../../e2e/SessionTestHelpers.h"
#include "DnnlRuntime.h"
#include "RegionDesc.h"

#include "oneapi/dnnl/dnnl.h"

#include <gtest/gtest.h>

#include <algorithm>

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

/// convPoolRegion on a `size` x `size` input (pooled to half of it).
dr::RegionDesc convPoolRegionOf(int64_t size) {
  dr::RegionDesc region = convPoolRegion();
  region.values = {{1, 4, size, size},
                   {4, 4, 3, 3},
                   {1, 4, size, size},
                   {1, 4, size / 2, size / 2}};
  return region;
}

/// What oneDNN says (ONEDNN_VERBOSE level 2: "create:cache_hit" or
/// "create:cache_miss" per primitive) while `fn` runs.
template <typename Fn> std::string oneDnnCreations(Fn fn) {
  dnnl_set_verbose(2);
  testing::internal::CaptureStdout();
  fn();
  std::string out = testing::internal::GetCapturedStdout();
  dnnl_set_verbose(0);
  return out;
}

TEST(DnnlRuntime, PreparedRegionsAreCreatedFromTheCache) {
  constexpr int64_t size = 14;
  std::vector<float> weights(4 * 4 * 3 * 3), input(4 * size * size);
  for (size_t i = 0; i < weights.size(); ++i)
    weights[i] = static_cast<float>(static_cast<int>(i % 7) - 3) / 8;
  for (size_t i = 0; i < input.size(); ++i)
    input[i] = static_cast<float>(static_cast<int>(i % 11) - 4) / 4;
  const void *weightPointers[] = {weights.data()};

  // Unprepared, a description of other dims misses the cache: the check
  // below can tell.
  std::vector<uint8_t> other = dr::serialize(convPoolRegionOf(size + 2));
  void *unprepared = nullptr;
  std::string log = oneDnnCreations([&] {
    unprepared = seam_dnnl_create_region(
        other.data(), static_cast<int64_t>(other.size()), weightPointers);
  });
  ASSERT_NE(unprepared, nullptr);
  EXPECT_NE(log.find("create:cache_miss"), std::string::npos) << log;
  seam_dnnl_destroy_region(unprepared);

  std::vector<uint8_t> blob = dr::serialize(convPoolRegionOf(size));
  ASSERT_EQ(seam_dnnl_prepare_region(blob.data(),
                                     static_cast<int64_t>(blob.size())),
            0);
  void *region = nullptr;
  log = oneDnnCreations([&] {
    region = seam_dnnl_create_region(
        blob.data(), static_cast<int64_t>(blob.size()), weightPointers);
  });
  ASSERT_NE(region, nullptr);
  EXPECT_EQ(log.find("create:cache_miss"), std::string::npos) << log;
  EXPECT_NE(log.find("create:cache_hit"), std::string::npos) << log;

  // It computes what it would have without the preparation: conv 3x3 with
  // pads 1, plus its input, clipped to [0, 6], averaged over 2x2 windows.
  std::vector<float> output(4 * (size / 2) * (size / 2), -1.0f);
  void *buffers[] = {input.data(), output.data()};
  seam_dnnl_run_region(region, buffers);
  auto at = [&](int64_t c, int64_t y, int64_t x) {
    return input[(c * size + y) * size + x];
  };
  std::vector<float> conv(input.size());
  for (int64_t o = 0; o < 4; ++o)
    for (int64_t y = 0; y < size; ++y)
      for (int64_t x = 0; x < size; ++x) {
        float sum = at(o, y, x);
        for (int64_t c = 0; c < 4; ++c)
          for (int64_t ky = 0; ky < 3; ++ky)
            for (int64_t kx = 0; kx < 3; ++kx) {
              int64_t iy = y + ky - 1, ix = x + kx - 1;
              if (iy >= 0 && iy < size && ix >= 0 && ix < size)
                sum += weights[((o * 4 + c) * 3 + ky) * 3 + kx] * at(c, iy, ix);
            }
        conv[(o * size + y) * size + x] = std::clamp(sum, 0.0f, 6.0f);
      }
  int64_t half = size / 2;
  for (int64_t c = 0; c < 4; ++c)
    for (int64_t y = 0; y < half; ++y)
      for (int64_t x = 0; x < half; ++x) {
        float sum = 0;
        for (int64_t dy = 0; dy < 2; ++dy)
          for (int64_t dx = 0; dx < 2; ++dx)
            sum += conv[(c * size + 2 * y + dy) * size + 2 * x + dx];
        EXPECT_NEAR(output[(c * half + y) * half + x], sum / 4, 1e-5)
            << "at " << c << ", " << y << ", " << x;
      }
  seam_dnnl_destroy_region(region);

  // A description it cannot read or build: 1, silently (the creation says
  // why).
  testing::internal::CaptureStderr();
  const char garbage[] = "garbage";
  EXPECT_EQ(seam_dnnl_prepare_region(garbage, sizeof(garbage)), 1);
  dr::RegionDesc bad = convPoolRegion();
  bad.values[3] = {1, 4, 5, 5};
  std::vector<uint8_t> badBlob = dr::serialize(bad);
  EXPECT_EQ(seam_dnnl_prepare_region(badBlob.data(),
                                     static_cast<int64_t>(badBlob.size())),
            1);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

//===----------------------------------------------------------------------===//
// A session's kernel-library state, made ahead
//===----------------------------------------------------------------------===//

/// Occurrences of `needle` in `text`.
size_t count(const std::string &text, const std::string &needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

TEST(DnnlSession, CreatesItsPrimitivesAheadOfInit) {
  // While the model compiles, a thread creates the regions' primitives
  // (cache misses); @seam_init then finds each of them in oneDNN's cache.
  seam::CompileOptions options;
  options.backends = {"dnnl"};
  options.threads = 1;
  options.useCache = false;
  std::unique_ptr<seam::Session> session;
  std::string log = oneDnnCreations([&] {
    auto created = seam::Session::create(seam::test::kTinyResNet, options);
    ASSERT_TRUE(static_cast<bool>(created)) << created.error().message();
    session = std::move(*created);
  });
  ASSERT_TRUE(session);
  size_t misses = count(log, "create:cache_miss"),
         hits = count(log, "create:cache_hit");
  EXPECT_GT(misses, 0u) << log;
  EXPECT_GE(hits, misses) << log;
  seam::test::expectOutputs(
      *session, {{"input", seam::test::load(seam::test::kTinyResNetInput)}},
      {{"output", seam::test::load(seam::test::kTinyResNetOutput)}});
}

} // namespace
