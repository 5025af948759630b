//===- TensorIOTest.cpp - Tensor files a user hands to seam-run -----------===//
//
// .npy and .pb files whose header or dims ask for more than the file holds
// (hostile or truncated inputs to `seam-run --input`): an error naming the
// file and the mismatch, checked before anything is allocated — a header
// alone asking for terabytes must not reach the allocator. Every element
// type through both formats: files NumPy and ONNX wrote
// (Inputs/make_typed_tensors.py, ONNX's backend test data) read back with
// their values, round trips, and exact comparisons of integers.
//
//===----------------------------------------------------------------------===//

#include "seam/TensorIO.h"
#include "seam/Runtime/TensorCheck.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace {

/// Writes `bytes` to a fresh file named `name` in the test's temp folder.
std::string writeFile(const std::string &name, const std::string &bytes) {
  std::string path = ::testing::TempDir() + "/seam-tensorio-" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

/// A version 1.0 .npy file: the header dict, padded, then `data`.
std::string npy(const std::string &shape, const std::string &data = "") {
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::string bytes = "\x93NUMPY\x01";
  bytes += '\0';
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  return bytes + header + data;
}

void appendVarint(std::string &bytes, uint64_t value) {
  do {
    uint8_t byte = value & 0x7f;
    value >>= 7;
    bytes += static_cast<char>(byte | (value ? 0x80 : 0));
  } while (value);
}

/// An ONNX TensorProto of FLOAT with `dims` and no data.
std::string pbWithDims(std::initializer_list<int64_t> dims) {
  std::string bytes;
  for (int64_t d : dims) {
    bytes += '\x08'; // field 1 (dims), varint
    appendVarint(bytes, static_cast<uint64_t>(d));
  }
  bytes += "\x10\x01"; // field 2 (data_type) = FLOAT
  return bytes;
}

std::string errorOf(const std::string &path) {
  auto file = seam::readTensorFile(path);
  if (file)
    return "(read)";
  return file.error().message();
}

TEST(TensorIO, NpyShapeLargerThanItsData) {
  std::string path = writeFile("huge.npy", npy("(1000000000000,)"));
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': holds 0 bytes of data but its shape "
                               "needs 4000000000000");
}

TEST(TensorIO, NpyShapeUncountable) {
  std::string path =
      writeFile("uncountable.npy", npy("(1099511627776, 1099511627776)"));
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': shape [1099511627776, 1099511627776] "
                               "has more bytes than int64 can count");
}

TEST(TensorIO, NpyTruncatedData) {
  std::string path = writeFile("truncated.npy", npy("(2, 3)", "12345678"));
  EXPECT_EQ(errorOf(path),
            "'" + path + "': holds 8 bytes of data but its shape needs 24");
}

TEST(TensorIO, NpyReadsWhatItHolds) {
  std::string data(8, '\0');
  float values[2] = {1.5f, -2.0f};
  std::memcpy(data.data(), values, sizeof(values));
  auto file = seam::readTensorFile(writeFile("ok.npy", npy("(2,)", data)));
  ASSERT_TRUE(static_cast<bool>(file)) << file.error().message();
  EXPECT_EQ(file->tensor.shape(), std::vector<int64_t>{2});
  EXPECT_EQ(file->tensor.data()[0], 1.5f);
  EXPECT_EQ(file->tensor.data()[1], -2.0f);
}

TEST(TensorIO, PbDimsLargerThanItsData) {
  std::string path = writeFile("huge.pb", pbWithDims({int64_t(1) << 40}));
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': float_data size does not match its "
                               "dims [1099511627776]");
}

TEST(TensorIO, PbNegativeDim) {
  std::string path = writeFile("negative.pb", pbWithDims({2, -3}));
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': dims [2, -3] are negative or have more "
                               "bytes than int64 can count");
}

TEST(TensorIO, WriteNpyRoundTrips) {
  seam::Tensor t = seam::randomTensor({2, 3}, /*seed=*/7);
  std::string path = ::testing::TempDir() + "/seam-tensorio-written.npy";
  ASSERT_FALSE(static_cast<bool>(seam::writeNpy(path, t)));
  auto file = seam::readTensorFile(path);
  ASSERT_TRUE(static_cast<bool>(file)) << file.error().message();
  EXPECT_EQ(file->tensor.shape(), t.shape());
  EXPECT_EQ(std::memcmp(file->tensor.data(), t.data(), 6 * sizeof(float)), 0);
  // No temporary file is left next to it.
  int left = 0;
  for (const auto &entry :
       std::filesystem::directory_iterator(::testing::TempDir()))
    left += entry.path().string().find("seam-tensorio-written.npy-") !=
            std::string::npos;
  EXPECT_EQ(left, 0) << "the temporary file was left behind";
}

TEST(TensorIO, FailedWriteLeavesNoFile) {
  seam::Tensor t = seam::randomTensor({2}, /*seed=*/7);
  std::string path = ::testing::TempDir() + "/seam-no-such-folder/out.npy";
  seam::Error error = seam::writeNpy(path, t);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_NE(error.message().find("'" + path + "': "), std::string::npos)
      << error.message();
  EXPECT_FALSE(std::ifstream(path).good());
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

constexpr const char *kTyped = SEAM_SOURCE_DIR "/test/e2e/Inputs/typed/";

const std::pair<const char *, seam::ElementType> kTypes[] = {
    {"float32", seam::ElementType::F32}, {"float64", seam::ElementType::F64},
    {"float16", seam::ElementType::F16}, {"int64", seam::ElementType::I64},
    {"int32", seam::ElementType::I32},   {"int8", seam::ElementType::I8},
    {"uint8", seam::ElementType::U8},    {"bool", seam::ElementType::Bool},
    {"uint16", seam::ElementType::U16},  {"uint32", seam::ElementType::U32},
    {"uint64", seam::ElementType::U64}};

seam::Tensor read(const std::string &path) {
  auto file = seam::readTensorFile(path);
  EXPECT_TRUE(static_cast<bool>(file)) << file.error().message();
  return file ? file->tensor : seam::Tensor();
}

/// Whether `a` and `b` have the same type, shape and bytes.
bool sameTensor(const seam::Tensor &a, const seam::Tensor &b) {
  return a.elementType() == b.elementType() && a.shape() == b.shape() &&
         a.byteSize() == b.byteSize() &&
         std::memcmp(a.rawData(), b.rawData(), a.byteSize()) == 0;
}

TEST(TensorIO, ElementTypeNamesAndSizes) {
  size_t sizes[] = {4, 8, 2, 8, 4, 1, 1, 1, 2, 4, 8};
  for (size_t i = 0; i < std::size(sizes); ++i) {
    const auto &entry = kTypes[i];
    EXPECT_STREQ(seam::getElementTypeName(entry.second), entry.first);
    EXPECT_EQ(seam::getElementByteSize(entry.second), sizes[i]);
    EXPECT_EQ(seam::getElementTypeOfOnnx(seam::getOnnxDataType(entry.second)),
              entry.second);
  }
  EXPECT_EQ(seam::getOnnxDataType(seam::ElementType::I64), 7);
  EXPECT_EQ(seam::getOnnxDataType(seam::ElementType::Bool), 9);
  EXPECT_EQ(seam::getOnnxDataType(seam::ElementType::U16), 4);
  EXPECT_EQ(seam::getOnnxDataType(seam::ElementType::U32), 12);
  EXPECT_EQ(seam::getOnnxDataType(seam::ElementType::U64), 13);
  EXPECT_EQ(seam::getElementTypeOfOnnx(5), std::nullopt); // INT16
}

// The typed fields of onnx.helper.make_tensor (int32_data for int8, uint8,
// uint16, bool and float16's bits; int64_data; uint64_data for uint32 and
// uint64; double_data) hold what NumPy saved.
TEST(TensorIO, PbTypedFieldsHoldWhatNumpySaved) {
  for (auto [name, type] : kTypes) {
    SCOPED_TRACE(name);
    seam::Tensor pb = read(kTyped + std::string(name) + ".pb");
    seam::Tensor npy = read(kTyped + std::string(name) + ".npy");
    EXPECT_EQ(pb.elementType(), type);
    EXPECT_EQ(npy.elementType(), type);
    EXPECT_TRUE(sameTensor(pb, npy));
  }
  // Values as NumPy printed them.
  seam::Tensor i64 = read(kTyped + std::string("int64.npy"));
  ASSERT_EQ(i64.shape(), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(i64.data<int64_t>()[0], int64_t(1) << 62);
  EXPECT_EQ(i64.data<int64_t>()[1], -(int64_t(1) << 40));
  EXPECT_EQ(i64.data<int64_t>()[3], -1);
  seam::Tensor i32 = read(kTyped + std::string("int32.pb"));
  EXPECT_EQ(i32.data<int32_t>()[1], INT32_MIN);
  EXPECT_EQ(i32.data<int32_t>()[3], -7);
  seam::Tensor i8 = read(kTyped + std::string("int8.pb"));
  EXPECT_EQ(i8.data<int8_t>()[0], -128);
  EXPECT_EQ(i8.data<int8_t>()[3], -1);
  seam::Tensor u8 = read(kTyped + std::string("uint8.pb"));
  EXPECT_EQ(u8.data<uint8_t>()[1], 255);
  seam::Tensor u16 = read(kTyped + std::string("uint16.pb"));
  EXPECT_EQ(u16.data<uint16_t>()[1], 65535);
  EXPECT_EQ(u16.data<uint16_t>()[2], 32768);
  seam::Tensor u32 = read(kTyped + std::string("uint32.pb"));
  EXPECT_EQ(u32.data<uint32_t>()[0], UINT32_MAX);
  EXPECT_EQ(u32.data<uint32_t>()[3], 12u);
  seam::Tensor u64 = read(kTyped + std::string("uint64.pb"));
  EXPECT_EQ(u64.data<uint64_t>()[0], UINT64_MAX);
  EXPECT_EQ(u64.data<uint64_t>()[1], (uint64_t(1) << 63) + 5);
  seam::Tensor f16 = read(kTyped + std::string("float16.pb"));
  EXPECT_EQ(f16.data<seam::Float16>()[2].bits, 0x7bff); // 65504
  EXPECT_EQ(f16.data<seam::Float16>()[1].toFloat(), -0.5f);
  seam::Tensor f64 = read(kTyped + std::string("float64.pb"));
  EXPECT_EQ(f64.data<double>()[0], 1e300);
  EXPECT_EQ(f64.data<double>()[1], -1.0 / 3.0);
  seam::Tensor b = read(kTyped + std::string("bool.pb"));
  const bool expectedBools[] = {true, false, true, false, false, true};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(b.data<bool>()[i], expectedBools[i]) << i;
}

// ONNX's own files (raw_data), values as onnx.numpy_helper.to_array reads
// them.
TEST(TensorIO, OnnxBackendTestDataOfEachType) {
  std::string node = "/usr/share/libonnx-testdata/data/node/";
  if (!std::filesystem::exists(node))
    GTEST_SKIP() << "libonnx-testdata is not installed";
  auto file = [&](const std::string &test, const char *name) {
    return read(node + test + "/test_data_set_0/" + name);
  };
  seam::Tensor argmax = file("test_argmax_default_axis_example", "output_0.pb");
  ASSERT_EQ(argmax.elementType(), seam::ElementType::I64);
  ASSERT_EQ(argmax.shape(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(argmax.data<int64_t>()[0], 1);
  EXPECT_EQ(argmax.data<int64_t>()[1], 1);

  seam::Tensor andOut = file("test_and2d", "output_0.pb");
  ASSERT_EQ(andOut.elementType(), seam::ElementType::Bool);
  ASSERT_EQ(andOut.shape(), (std::vector<int64_t>{3, 4}));
  const bool ands[] = {true, true,  true,  true, true, false,
                       true, false, false, true, true, false};
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(andOut.data<bool>()[i], ands[i]) << i;

  seam::Tensor bernoulli = file("test_bernoulli", "input_0.pb");
  ASSERT_EQ(bernoulli.elementType(), seam::ElementType::F64);
  ASSERT_EQ(bernoulli.shape(), std::vector<int64_t>{10});
  EXPECT_EQ(bernoulli.data<double>()[0], 0.5488135039273248);
  EXPECT_EQ(bernoulli.data<double>()[9], 0.3834415188257777);

  seam::Tensor half = file("test_cast_FLOAT16_to_DOUBLE", "input_0.pb");
  ASSERT_EQ(half.elementType(), seam::ElementType::F16);
  const uint16_t bits[] = {14566, 14575, 15245, 14708, 13761, 14078,
                           14741, 11189, 14678, 14685, 12987, 12320};
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(half.data<seam::Float16>()[i].bits, bits[i]) << i;

  seam::Tensor u8 = file("test_basic_convinteger", "input_0.pb");
  ASSERT_EQ(u8.elementType(), seam::ElementType::U8);
  for (int i = 0; i < 9; ++i)
    EXPECT_EQ(u8.data<uint8_t>()[i], i + 2);
  seam::Tensor i32 = file("test_basic_convinteger", "output_0.pb");
  ASSERT_EQ(i32.elementType(), seam::ElementType::I32);
  const int32_t convs[] = {12, 16, 24, 28};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(i32.data<int32_t>()[i], convs[i]);
  seam::Tensor i8 = file("test_clip_default_int8_inbounds", "input_0.pb");
  ASSERT_EQ(i8.elementType(), seam::ElementType::I8);
  EXPECT_EQ(i8.data<int8_t>()[0], -1);
  EXPECT_EQ(i8.data<int8_t>()[2], 1);
}

TEST(TensorIO, EachTypeRoundTripsThroughNpyAndPb) {
  for (auto [name, type] : kTypes) {
    SCOPED_TRACE(name);
    seam::Tensor original = read(kTyped + std::string(name) + ".npy");
    std::string npyPath =
        ::testing::TempDir() + "/seam-tensorio-rt-" + name + ".npy";
    std::string pbPath =
        ::testing::TempDir() + "/seam-tensorio-rt-" + name + ".pb";
    ASSERT_FALSE(static_cast<bool>(seam::writeNpy(npyPath, original)));
    ASSERT_FALSE(static_cast<bool>(seam::writePb(pbPath, original, name)));
    EXPECT_TRUE(sameTensor(read(npyPath), original));
    auto pb = seam::readTensorFile(pbPath);
    ASSERT_TRUE(static_cast<bool>(pb)) << pb.error().message();
    EXPECT_TRUE(sameTensor(pb->tensor, original));
    EXPECT_EQ(pb->name, name);
    // The .npy Seam writes is byte for byte NumPy's (np.save, format 1.0).
    std::ifstream mine(npyPath, std::ios::binary),
        numpys(kTyped + std::string(name) + ".npy", std::ios::binary);
    std::string a((std::istreambuf_iterator<char>(mine)), {}),
        b((std::istreambuf_iterator<char>(numpys)), {});
    EXPECT_EQ(a, b);
  }
}

TEST(TensorIO, UnsupportedTypesNameTheFileAndTheReason) {
  std::string header = npy("(2,)", "1234");
  header.replace(header.find("<f4"), 3, "<i2");
  std::string path = writeFile("i2.npy", header);
  EXPECT_EQ(errorOf(path).substr(0, path.size() + 100),
            ("'" + path +
             "': unsupported .npy dtype '<i2' (supported: <f4, <f8, <f2, "
             "<i8, <i4, |i1, |u1, <u2, <u4, <u8, |b1), header: ")
                .substr(0, path.size() + 100));
  std::string pb = pbWithDims({2});
  pb[pb.size() - 1] = '\x05'; // data_type = INT16
  path = writeFile("i16.pb", pb);
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': data type 5 is not supported (FLOAT, "
                               "DOUBLE, FLOAT16, INT64, INT32, INT8, UINT8, "
                               "UINT16, UINT32, UINT64 or BOOL)");
  pb[pb.size() - 1] = '\x07'; // INT64, with no int64_data
  path = writeFile("i64.pb", pb);
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': int64_data size does not match its dims "
                               "[2] of int64");
  // A bool must be 0 or 1.
  std::string bools = npy("(2,)", std::string("\x01\x02", 2));
  bools.replace(bools.find("<f4"), 3, "|b1");
  path = writeFile("bad-bool.npy", bools);
  EXPECT_EQ(errorOf(path), "'" + path +
                               "': holds a bool that is neither 0 "
                               "nor 1");
}

TEST(TensorIO, IntegersCompareExactly) {
  std::vector<int64_t> a = {1, 2, 3, 4, 5, 6}, e = a;
  e[3] = 5;
  e[5] = 7;
  seam::Comparison c =
      seam::compareTensors(seam::Tensor::wrap(a.data(), {2, 3}),
                           seam::Tensor::wrap(e.data(), {2, 3}), 1, 10);
  EXPECT_FALSE(c.pass) << "rtol and atol must not apply to integers";
  EXPECT_EQ(c.mismatches, 2);
  EXPECT_EQ(c.firstMismatch, 3);
  EXPECT_EQ(c.maxAbs, 1);
  c = seam::compareTensors(seam::Tensor::wrap(a.data(), {2, 3}),
                           seam::Tensor::wrap(a.data(), {2, 3}), 0, 0);
  EXPECT_TRUE(c.pass);
  EXPECT_EQ(c.firstMismatch, -1);
  // 2^62 + 1 and 2^62 are equal as doubles, not as int64.
  std::vector<int64_t> big = {int64_t(1) << 62}, bigger = {big[0] + 1};
  EXPECT_FALSE(seam::compareTensors(seam::Tensor::wrap(big.data(), {1}),
                                    seam::Tensor::wrap(bigger.data(), {1}), 0,
                                    0)
                   .pass);
  bool t[] = {true, false}, f[] = {true, true};
  c = seam::compareTensors(seam::Tensor::wrap(t, {2}),
                           seam::Tensor::wrap(f, {2}), 0, 0);
  EXPECT_EQ(c.mismatches, 1);
  EXPECT_EQ(c.firstMismatch, 1);
  // Another element type is a failure that says so.
  std::vector<int32_t> narrow = {1, 2, 3, 4, 5, 6};
  c = seam::compareTensors(seam::Tensor::wrap(a.data(), {2, 3}),
                           seam::Tensor::wrap(narrow.data(), {2, 3}), 0, 0);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.error, "element type int64 differs from the reference's int32");
}

TEST(TensorIO, HalvesCompareAsFloats) {
  seam::Float16 a[] = {seam::Float16::fromFloat(1.0f),
                       seam::Float16::fromFloat(-2.0f)};
  seam::Float16 e[] = {seam::Float16::fromFloat(1.001f),
                       seam::Float16::fromFloat(-2.0f)};
  EXPECT_EQ(a[0].bits, 0x3c00);
  EXPECT_EQ(e[0].bits, 0x3c01); // 1.001 rounds to 1 + 2^-10
  EXPECT_TRUE(seam::compareTensors(seam::Tensor::wrap(a, {2}),
                                   seam::Tensor::wrap(e, {2}), 1e-3, 0)
                  .pass);
  seam::Comparison c = seam::compareTensors(seam::Tensor::wrap(a, {2}),
                                            seam::Tensor::wrap(e, {2}), 0, 0);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.firstMismatch, 0);
  EXPECT_DOUBLE_EQ(c.maxAbs, 1.0 / 1024);
}

// Every half converts to the float it is and back to its own bits; floats
// round to the nearest half as NumPy rounds them (the values of
// Inputs/typed/float16.npy).
TEST(TensorIO, HalfConversions) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    float f = seam_f16_to_f32(static_cast<uint16_t>(bits));
    if (std::isnan(f))
      continue;
    EXPECT_EQ(seam_f32_to_f16(f), bits) << bits;
  }
  EXPECT_EQ(seam_f32_to_f16(65504.0f), 0x7bff);
  EXPECT_EQ(seam_f32_to_f16(65520.0f), 0x7c00); // rounds to infinity
  EXPECT_EQ(seam_f32_to_f16(6e-8f), 0x0001);
  EXPECT_EQ(seam_f32_to_f16(0.1f), 0x2e66);
  EXPECT_EQ(seam_f32_to_f16(-3.0f), 0xc200);
  EXPECT_EQ(seam_f32_to_f16(1e-9f), 0x0000);
  EXPECT_TRUE(std::isnan(seam_f16_to_f32(seam_f32_to_f16(NAN))));
  // Ties to even: 1 + 2^-11 is halfway between 1 and 1 + 2^-10.
  EXPECT_EQ(seam_f32_to_f16(1.0f + 1.0f / 2048), 0x3c00);
  EXPECT_EQ(seam_f32_to_f16(1.0f + 3.0f / 2048), 0x3c02);
}

TEST(TensorIO, RandomTensorsOfEachType) {
  for (auto [name, type] : kTypes) {
    SCOPED_TRACE(name);
    seam::Tensor t = seam::randomTensor({1000}, /*seed=*/3, type);
    EXPECT_EQ(t.elementType(), type);
    EXPECT_TRUE(sameTensor(t, seam::randomTensor({1000}, 3, type)));
  }
  seam::Tensor ints = seam::randomTensor({1000}, 3, seam::ElementType::I64);
  std::set<int64_t> seen(ints.data<int64_t>(), ints.data<int64_t>() + 1000);
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), 9);
  EXPECT_EQ(seen.size(), 10u);
  seam::Tensor bools = seam::randomTensor({1000}, 3, seam::ElementType::Bool);
  const auto *bytes = static_cast<const uint8_t *>(bools.rawData());
  std::set<uint8_t> bits(bytes, bytes + 1000);
  EXPECT_EQ(bits, (std::set<uint8_t>{0, 1}));
  // Halves and doubles are the floats of the same seed.
  seam::Tensor floats = seam::randomTensor({8}, 5);
  seam::Tensor doubles = seam::randomTensor({8}, 5, seam::ElementType::F64);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(doubles.data<double>()[i], floats.data()[i]);
}

TEST(TensorIO, TypedAccessIsChecked) {
  seam::Tensor t = seam::Tensor::allocate({2, 3}, seam::ElementType::I64);
  EXPECT_EQ(t.byteSize(), 48);
  EXPECT_NE(t.data<int64_t>(), nullptr);
  EXPECT_EQ(t.rawData(), static_cast<void *>(t.data<int64_t>()));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.rawData()) % 64, 0u);
#ifdef NDEBUG
  EXPECT_EQ(t.data(), nullptr) << "data() is for float32 tensors";
  EXPECT_EQ(t.data<int32_t>(), nullptr);
#endif
  EXPECT_EQ(seam::Tensor::allocate({3}).elementType(), seam::ElementType::F32);
}

} // namespace
