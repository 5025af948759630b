//===- TensorIOTest.cpp - Tensor files a user hands to seam-run -----------===//
//
// .npy and .pb files whose header or dims ask for more than the file holds
// (hostile or truncated inputs to `seam-run --input`): an error naming the
// file and the mismatch, checked before anything is allocated — a header
// alone asking for terabytes must not reach the allocator.
//
//===----------------------------------------------------------------------===//

#include "seam/TensorIO.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
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

} // namespace
