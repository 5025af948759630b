//===- AotRuntimeTest.cpp - Models compiled ahead of time: the runtime ----===//
//
// Tests lib/Runtime/SeamAot.cpp (seam_aot_create/_run/_destroy) on a model
// descriptor built by hand, as seam-compile's objects define one: `main`
// adds a weight (mapped from a weights file the test writes) to the input,
// `init`/`deinit` count their calls and init fails on demand. Checked: the
// numbers, the weights' slots, and every refusal by its message (bad magic,
// format version, fingerprint, size, truncated file, weight count, missing
// file, a folder, a second live instance, ABI version, a misaligned weight,
// failing init). Then lib/Runtime/AotRunner.cpp (seam_aot_runner_main) on
// temporary .npy/.pb files: its stdout lines and exit codes, and its .npy
// and .pb readers (numpy's and ONNX's bytes), writer and comparison.
//
//===----------------------------------------------------------------------===//

#include "AotTensorFile.h"
#include "seam/Runtime/SeamAot.h"
#include "seam/Runtime/TensorCheck.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace {

//===----------------------------------------------------------------------===//
// The hand-made model "addw": y[2x3] = x[2x3] + w[2x3]
//===----------------------------------------------------------------------===//

constexpr uint64_t kFingerprint = 0x0123456789abcdefULL;
constexpr uint64_t kWeightOffset = 64;
constexpr uint64_t kWeightBytes = 6 * sizeof(float);
constexpr uint64_t kFileSize = 128; // header, the weight, padding to 64

void *weightSlot = nullptr;
int initCalls = 0, deinitCalls = 0, mainCalls = 0;
int32_t initStatus = 0;

void addMain(void **args) {
  ++mainCalls;
  const float *x = *static_cast<const float **>(args[0]);
  float *y = *static_cast<float **>(args[1]);
  const float *w = static_cast<const float *>(weightSlot);
  for (int i = 0; i < 6; ++i)
    y[i] = x[i] + w[i];
}

void addInit(void **args) {
  ++initCalls;
  *static_cast<int32_t *>(args[0]) = initStatus;
}

void addDeinit(void **) { ++deinitCalls; }

const int64_t shape23[] = {2, 3};
const SeamAotTensorInfo inputInfo[] = {{"x", SEAM_AOT_FLOAT32, 2, shape23}};
const SeamAotTensorInfo outputInfo[] = {{"y", SEAM_AOT_FLOAT32, 2, shape23}};
const SeamAotWeight weightTable[] = {
    {kWeightOffset, kWeightBytes, &weightSlot}};

SeamAotModel makeModel() {
  SeamAotModel model;
  std::memset(&model, 0, sizeof(model));
  model.abiVersion = SEAM_AOT_ABI_VERSION;
  model.numInputs = 1;
  model.numOutputs = 1;
  model.numWeights = 1;
  model.name = "addw";
  model.inputs = inputInfo;
  model.outputs = outputInfo;
  model.weights = weightTable;
  model.weightsFileSize = kFileSize;
  model.weightsFingerprint = kFingerprint;
  model.main = addMain;
  model.init = addInit;
  model.deinit = addDeinit;
  model.compiledThreads = 1;
  return model;
}

const float weightValues[6] = {10, 20, 30, 40, 50, 60};

/// The bytes of a weights file for the model (fields overridable).
std::string weightsBytes(uint64_t fingerprint = kFingerprint,
                         uint32_t version = 1, uint32_t numWeights = 1,
                         uint64_t headerSize = kFileSize,
                         const char *magic = SEAM_AOT_WEIGHTS_MAGIC) {
  SeamAotWeightsHeader header;
  std::memset(&header, 0, sizeof(header));
  std::memcpy(header.magic, magic, 8);
  header.version = version;
  header.numWeights = numWeights;
  header.fileSize = headerSize;
  header.fingerprint = fingerprint;
  std::string bytes(kFileSize, '\0');
  std::memcpy(&bytes[0], &header, sizeof(header));
  std::memcpy(&bytes[kWeightOffset], weightValues, sizeof(weightValues));
  return bytes;
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << path;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

class AotTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/seam-aot-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir = pattern;
    weights = dir + "/addw.weights";
    writeFile(weights, weightsBytes());
    weightSlot = nullptr;
    initCalls = deinitCalls = mainCalls = 0;
    initStatus = 0;
    model = makeModel();
  }
  void TearDown() override {
    std::string command = "rm -rf '" + dir + "'";
    ASSERT_EQ(std::system(command.c_str()), 0);
  }

  /// seam_aot_create's error for `path` (which must fail).
  std::string createError(const char *path) {
    SeamAotInstance *instance = seam_aot_create(&model, path);
    EXPECT_EQ(instance, nullptr);
    if (instance)
      seam_aot_destroy(instance);
    return seam_aot_last_error();
  }

  std::string dir, weights;
  SeamAotModel model;
};

//===----------------------------------------------------------------------===//
// seam_aot_create / run / destroy
//===----------------------------------------------------------------------===//

TEST_F(AotTest, CreateRunDestroy) {
  SeamAotInstance *instance = seam_aot_create(&model, weights.c_str());
  ASSERT_NE(instance, nullptr) << seam_aot_last_error();
  EXPECT_EQ(initCalls, 1);
  ASSERT_NE(weightSlot, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(weightSlot) % 64, 0u);
  float x[6] = {1, 2, 3, 4, 5, 6}, y[6] = {0};
  const void *inputs[] = {x};
  void *outputs[] = {y};
  for (int32_t threads : {0, 1, 2}) {
    ASSERT_EQ(seam_aot_run(instance, inputs, outputs, threads), 0);
    for (int i = 0; i < 6; ++i)
      EXPECT_EQ(y[i], x[i] + weightValues[i]);
  }
  EXPECT_EQ(mainCalls, 3);
  seam_aot_destroy(instance);
  EXPECT_EQ(deinitCalls, 1);
  EXPECT_EQ(weightSlot, nullptr);
  // The live flag is released: the model can be created again.
  instance = seam_aot_create(&model, weights.c_str());
  ASSERT_NE(instance, nullptr) << seam_aot_last_error();
  seam_aot_destroy(instance);
  seam_aot_destroy(nullptr);
}

TEST_F(AotTest, DefaultWeightsPathIsTheNameInTheCurrentFolder) {
  char cwd[4096];
  ASSERT_NE(::getcwd(cwd, sizeof(cwd)), nullptr);
  ASSERT_EQ(::chdir(dir.c_str()), 0);
  SeamAotInstance *instance = seam_aot_create(&model, nullptr);
  std::string error = seam_aot_last_error();
  ASSERT_EQ(::chdir(cwd), 0);
  ASSERT_NE(instance, nullptr) << error;
  seam_aot_destroy(instance);
  EXPECT_TRUE(contains(createError(nullptr),
                       "cannot open the weights file 'addw.weights' of model "
                       "'addw': No such file or directory"))
      << seam_aot_last_error();
}

TEST_F(AotTest, EmbeddedWeightsReadNoFile) {
  model.numWeights = 0;
  model.weights = nullptr;
  model.init = nullptr;
  model.deinit = nullptr;
  SeamAotInstance *instance = seam_aot_create(&model, "/nonexistent/file");
  ASSERT_NE(instance, nullptr) << seam_aot_last_error();
  EXPECT_EQ(initCalls, 0);
  seam_aot_destroy(instance);
  EXPECT_EQ(deinitCalls, 0);
}

TEST_F(AotTest, SecondLiveInstanceIsRefused) {
  SeamAotInstance *first = seam_aot_create(&model, weights.c_str());
  ASSERT_NE(first, nullptr) << seam_aot_last_error();
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "model 'addw' already has a live instance in this "
                       "process"))
      << seam_aot_last_error();
  // Another descriptor is another model.
  SeamAotModel other = makeModel();
  other.numWeights = 0;
  other.init = nullptr;
  other.deinit = nullptr;
  SeamAotInstance *second = seam_aot_create(&other, nullptr);
  ASSERT_NE(second, nullptr) << seam_aot_last_error();
  seam_aot_destroy(second);
  seam_aot_destroy(first);
}

TEST_F(AotTest, AbiVersion) {
  model.abiVersion = 7;
  std::string error = createError(weights.c_str());
  EXPECT_TRUE(contains(error, "the model descriptor has AOT ABI version 7; "
                              "this runtime implements version 1"))
      << error;
  EXPECT_EQ(initCalls, 0);
  EXPECT_TRUE(contains(std::string(seam_aot_create(nullptr, nullptr)
                                       ? "created"
                                       : seam_aot_last_error()),
                       "no model given"));
}

TEST_F(AotTest, MissingFileAndFolder) {
  std::string missing = dir + "/missing.weights";
  EXPECT_TRUE(contains(createError(missing.c_str()),
                       "cannot open the weights file '" + missing +
                           "' of model 'addw': No such file or directory"))
      << seam_aot_last_error();
  EXPECT_TRUE(contains(createError(dir.c_str()),
                       "weights file '" + dir + "' is not a regular file"))
      << seam_aot_last_error();
}

TEST_F(AotTest, BadMagicAndVersion) {
  writeFile(weights, weightsBytes(kFingerprint, 1, 1, kFileSize, "NOTSEAM!"));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "'" + weights +
                           "' is not a Seam weights file (its first 8 bytes "
                           "are not \"SEAMWTS1\")"))
      << seam_aot_last_error();
  writeFile(weights, weightsBytes(kFingerprint, 2));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' has format version 2; this runtime reads "
                           "version 1"))
      << seam_aot_last_error();
}

TEST_F(AotTest, WrongFingerprint) {
  writeFile(weights, weightsBytes(0xfeedULL));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' was written for another build of model 'addw' "
                           "(fingerprint 0x000000000000feed, the object "
                           "expects 0x0123456789abcdef)"))
      << seam_aot_last_error();
  EXPECT_EQ(initCalls, 0);
  EXPECT_EQ(weightSlot, nullptr);
}

TEST_F(AotTest, WrongWeightCount) {
  writeFile(weights, weightsBytes(kFingerprint, 1, 2));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' holds 2 weights, model 'addw' expects 1"))
      << seam_aot_last_error();
}

TEST_F(AotTest, WrongSizeAndTruncated) {
  // Longer than the model expects (and than its header says).
  writeFile(weights, weightsBytes() + std::string(64, '\0'));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' is 192 bytes, the model expects 128"))
      << seam_aot_last_error();
  // Cut short: the model's size is 128.
  writeFile(weights, weightsBytes().substr(0, 100));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' is 100 bytes, the model expects 128 "
                           "(truncated?)"))
      << seam_aot_last_error();
  // Shorter than a header.
  writeFile(weights, weightsBytes().substr(0, 10));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' is 10 bytes, too short for the 64-byte header"))
      << seam_aot_last_error();
  // The model's size, but the header says another.
  writeFile(weights, weightsBytes(kFingerprint, 1, 1, 4096));
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weights file '" + weights +
                           "' is 128 bytes, its header says 4096"))
      << seam_aot_last_error();
}

TEST_F(AotTest, MisplacedWeight) {
  SeamAotWeight misaligned[] = {{32, kWeightBytes, &weightSlot}};
  model.weights = misaligned;
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "model 'addw': weight 0 (24 bytes at offset 32) is "
                       "not a 64-byte aligned range after the header"))
      << seam_aot_last_error();
  SeamAotWeight outside[] = {{64, 65, &weightSlot}};
  model.weights = outside;
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "weight 0 (65 bytes at offset 64)"))
      << seam_aot_last_error();
  SeamAotWeight noSlot[] = {{64, 8, nullptr}};
  model.weights = noSlot;
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "model 'addw': weight 0 has no slot in the descriptor"))
      << seam_aot_last_error();
}

TEST_F(AotTest, InitFailure) {
  initStatus = 5;
  EXPECT_TRUE(contains(createError(weights.c_str()),
                       "model 'addw': creating the kernel-library state "
                       "failed (status 5"))
      << seam_aot_last_error();
  EXPECT_EQ(initCalls, 1);
  EXPECT_EQ(deinitCalls, 1); // frees what the failed init made
  EXPECT_EQ(weightSlot, nullptr);
  // Nothing stays live.
  initStatus = 0;
  SeamAotInstance *instance = seam_aot_create(&model, weights.c_str());
  ASSERT_NE(instance, nullptr) << seam_aot_last_error();
  seam_aot_destroy(instance);
}

TEST_F(AotTest, RunRefusals) {
  float x[6] = {0};
  const void *inputs[] = {x};
  void *outputs[] = {nullptr};
  EXPECT_NE(seam_aot_run(nullptr, inputs, outputs, 0), 0);
  EXPECT_TRUE(contains(seam_aot_last_error(), "no instance given"));
  SeamAotInstance *instance = seam_aot_create(&model, weights.c_str());
  ASSERT_NE(instance, nullptr) << seam_aot_last_error();
  EXPECT_NE(seam_aot_run(instance, inputs, outputs, 0), 0);
  EXPECT_TRUE(
      contains(seam_aot_last_error(), "output 0 ('y') of model 'addw' is null"))
      << seam_aot_last_error();
  EXPECT_EQ(mainCalls, 0);
  seam_aot_destroy(instance);
}

//===----------------------------------------------------------------------===//
// Tensor files
//===----------------------------------------------------------------------===//

/// numpy.save's bytes of a float32 array of shape (2, 3) (numpy 1.24).
std::string numpyBytes(const float *values) {
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  header += std::string(128 - 10 - header.size() - 1, ' ') + "\n";
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size());
  bytes += '\0';
  bytes += header;
  bytes.append(reinterpret_cast<const char *>(values), 6 * sizeof(float));
  return bytes;
}

std::string varint(uint64_t value) {
  std::string bytes;
  do {
    unsigned char byte = value & 0x7f;
    value >>= 7;
    bytes += static_cast<char>(value ? byte | 0x80 : byte);
  } while (value);
  return bytes;
}

std::string lengthDelimited(unsigned field, const std::string &payload) {
  return varint(field << 3 | 2) + varint(payload.size()) + payload;
}

/// An ONNX TensorProto: dims packed or not, FLOAT, raw_data or float_data
/// (packed or one fixed32 field per value).
std::string tensorProto(const std::vector<int64_t> &dims,
                        const std::vector<float> &values, int32_t dataType,
                        int form) {
  std::string bytes;
  if (form == 0) {
    std::string packed;
    for (int64_t d : dims)
      packed += varint(static_cast<uint64_t>(d));
    bytes += lengthDelimited(1, packed);
  } else {
    for (int64_t d : dims)
      bytes += varint(1 << 3 | 0) + varint(static_cast<uint64_t>(d));
  }
  bytes += varint(2 << 3 | 0) + varint(static_cast<uint32_t>(dataType));
  bytes += lengthDelimited(8, "x");
  std::string raw(reinterpret_cast<const char *>(values.data()),
                  values.size() * sizeof(float));
  if (form == 0) {
    bytes += lengthDelimited(9, raw);
  } else if (form == 1) {
    bytes += lengthDelimited(4, raw);
  } else {
    for (float v : values)
      bytes +=
          varint(4 << 3 | 5) + std::string(reinterpret_cast<char *>(&v), 4);
  }
  // An unknown field (doc_string, 12) is skipped.
  bytes += lengthDelimited(12, "a tensor");
  return bytes;
}

TEST_F(AotTest, NpyReaderAndWriter) {
  const float values[6] = {1, -2, 3.5f, 4, 5, 6};
  std::string path = dir + "/a.npy";
  writeFile(path, numpyBytes(values));
  seam::aot::Tensor tensor;
  std::string name, error;
  ASSERT_TRUE(seam::aot::readTensorFile(path, tensor, name, error)) << error;
  EXPECT_EQ(tensor.shape(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(std::memcmp(tensor.data(), values, sizeof(values)), 0);

  std::string out = dir + "/b.npy";
  ASSERT_TRUE(seam::aot::writeNpy(out, tensor, error)) << error;
  std::string written = readFile(out);
  EXPECT_EQ(written.size() % 64, 24u); // a 64-byte aligned header
  EXPECT_TRUE(contains(written, "'shape': (2, 3), }")) << written;
  seam::aot::Tensor back;
  ASSERT_TRUE(seam::aot::readTensorFile(out, back, name, error)) << error;
  EXPECT_EQ(std::memcmp(back.data(), values, sizeof(values)), 0);

  // Rank 1 and 0, as seam::writeNpy writes them.
  seam::aot::Tensor vector, scalar;
  ASSERT_TRUE(vector.allocate({4}));
  ASSERT_TRUE(scalar.allocate({}));
  EXPECT_TRUE(
      contains(seam::aot::encodeNpy(vector.data(), {4}), "'shape': (4,), }"));
  EXPECT_TRUE(
      contains(seam::aot::encodeNpy(scalar.data(), {}), "'shape': (), }"));
  ASSERT_TRUE(seam::aot::parseNpy("s", seam::aot::encodeNpy(scalar.data(), {}),
                                  back, error))
      << error;
  EXPECT_TRUE(back.shape().empty());
  EXPECT_EQ(back.numElements(), 1);

  // Refusals, each naming the file.
  std::string bytes = numpyBytes(values);
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", bytes.substr(0, 140), back, error));
  EXPECT_EQ(error, "'t.npy': holds 12 bytes of data but its shape needs 24");
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", bytes.substr(0, 50), back, error));
  EXPECT_EQ(error, "'t.npy': truncated .npy header");
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", "hello", back, error));
  EXPECT_EQ(error, "'t.npy': not a .npy file");
  std::string i2 = bytes;
  i2.replace(i2.find("<f4"), 3, "<i2");
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", i2, back, error));
  EXPECT_TRUE(contains(error, "'t.npy': unsupported .npy dtype '<i2' "
                              "(supported: <f4, <f8, <f2, <i8, <i4, |i1, |u1, "
                              "<u2, <u4, <u8, |b1), header: {'descr': '<i2'"))
      << error;
  std::string fortran = bytes;
  fortran.replace(fortran.find("False"), 5, "True ");
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", fortran, back, error));
  EXPECT_EQ(error, "'t.npy': Fortran-order .npy files are not supported");
  std::string huge = bytes;
  huge.replace(huge.find("(2, 3)"), 6, "(9999999999, 99999999999)");
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", huge, back, error));
  EXPECT_TRUE(contains(error, "more bytes than int64 can count")) << error;
  std::string negative = bytes;
  negative.replace(negative.find("(2, 3)"), 6, "(-2, 3)");
  EXPECT_FALSE(seam::aot::parseNpy("t.npy", negative, back, error));
  EXPECT_TRUE(contains(error, "bad dimension '-2' in the .npy header"))
      << error;
  EXPECT_FALSE(seam::aot::readTensorFile(dir + "/none.npy", back, name, error));
  EXPECT_EQ(error, "'" + dir + "/none.npy': No such file or directory");
  EXPECT_FALSE(seam::aot::readTensorFile(dir, back, name, error));
  EXPECT_FALSE(seam::aot::readTensorFile(weights, back, name, error));
  EXPECT_TRUE(contains(error, "unknown tensor file type (use .npy or .pb)"));
}

TEST_F(AotTest, PbReader) {
  std::vector<float> values = {1, 2, 3, 4, 5, 6};
  seam::aot::Tensor tensor;
  std::string name, error;
  for (int form : {0, 1, 2}) {
    std::string bytes = tensorProto({2, 3}, values, 1, form);
    ASSERT_TRUE(seam::aot::parsePb("t.pb", bytes, tensor, name, error))
        << "form " << form << ": " << error;
    EXPECT_EQ(tensor.shape(), (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(std::memcmp(tensor.data(), values.data(), 24), 0);
    EXPECT_EQ(name, "x");
    // Every truncation is an error, never a crash (but for the cut just
    // before the last field, doc_string: 10 bytes, which leaves a whole
    // tensor).
    for (size_t cut = 1; cut < bytes.size(); ++cut)
      if (cut != bytes.size() - 10)
        EXPECT_FALSE(seam::aot::parsePb("t.pb", bytes.substr(0, cut), tensor,
                                        name, error))
            << "form " << form << " cut at " << cut;
  }
  EXPECT_FALSE(seam::aot::parsePb("t.pb", tensorProto({2, 3}, values, 5, 0),
                                  tensor, name, error));
  EXPECT_EQ(error, "'t.pb': data type 5 is not supported (FLOAT, DOUBLE, "
                   "FLOAT16, INT64, INT32, INT8, UINT8, UINT16, UINT32, "
                   "UINT64 or BOOL)");
  EXPECT_FALSE(seam::aot::parsePb("t.pb", tensorProto({2, 4}, values, 1, 0),
                                  tensor, name, error));
  EXPECT_EQ(error, "'t.pb': raw data size does not match its dims [2, 4]");
  EXPECT_FALSE(seam::aot::parsePb("t.pb", tensorProto({-1, 3}, values, 1, 1),
                                  tensor, name, error));
  EXPECT_TRUE(contains(error, "are negative")) << error;
  EXPECT_FALSE(seam::aot::parsePb("t.pb", std::string("\x0b\x00", 2), tensor,
                                  name, error));
  EXPECT_TRUE(contains(error, "'t.pb': not an ONNX TensorProto")) << error;
}

TEST_F(AotTest, PbReaderOnOnnxTestData) {
  const char *path =
      "/usr/share/libonnx-testdata/data/node/test_relu/test_data_set_0/"
      "input_0.pb";
  if (::access(path, R_OK) != 0)
    GTEST_SKIP() << path << " is not installed";
  seam::aot::Tensor tensor;
  std::string name, error;
  ASSERT_TRUE(seam::aot::readTensorFile(path, tensor, name, error)) << error;
  EXPECT_EQ(tensor.shape(), (std::vector<int64_t>{3, 4, 5}));
  EXPECT_EQ(name, "x");
}

// Files NumPy and ONNX wrote of every element type
// (test/e2e/Inputs/make_typed_tensors.py; the .pb files keep their values in
// the typed fields, int32_data, int64_data, uint64_data, double_data,
// float_data): the
// .pb holds what the .npy does, and the .npy written back is NumPy's, byte
// for byte.
TEST_F(AotTest, TypedFilesOfEachType) {
  const std::pair<const char *, int32_t> types[] = {
      {"float32", SEAM_AOT_FLOAT32}, {"float64", SEAM_AOT_FLOAT64},
      {"float16", SEAM_AOT_FLOAT16}, {"int64", SEAM_AOT_INT64},
      {"int32", SEAM_AOT_INT32},     {"int8", SEAM_AOT_INT8},
      {"uint8", SEAM_AOT_UINT8},     {"bool", SEAM_AOT_BOOL},
      {"uint16", SEAM_AOT_UINT16},   {"uint32", SEAM_AOT_UINT32},
      {"uint64", SEAM_AOT_UINT64}};
  std::string typed = SEAM_SOURCE_DIR "/test/e2e/Inputs/typed/";
  for (auto [type, code] : types) {
    SCOPED_TRACE(type);
    seam::aot::Tensor npy, pb;
    std::string name, error;
    ASSERT_TRUE(
        seam::aot::readTensorFile(typed + type + ".npy", npy, name, error))
        << error;
    ASSERT_TRUE(
        seam::aot::readTensorFile(typed + type + ".pb", pb, name, error))
        << error;
    EXPECT_EQ(name, type);
    EXPECT_EQ(npy.elementType(), code);
    EXPECT_EQ(pb.elementType(), code);
    EXPECT_EQ(pb.shape(), npy.shape());
    int64_t bytes = npy.numElements() * seam_element_size(code);
    EXPECT_EQ(std::memcmp(pb.rawData(), npy.rawData(), bytes), 0);
    EXPECT_TRUE(seam::aot::compareTensors(pb, npy, 0, 0).pass);
    std::ifstream in(typed + type + ".npy", std::ios::binary);
    std::string numpys((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(seam::aot::encodeNpy(npy.rawData(), npy.shape(), code), numpys);
  }
  // Values as NumPy printed them.
  seam::aot::Tensor t;
  std::string name, error;
  ASSERT_TRUE(seam::aot::readTensorFile(typed + "int64.pb", t, name, error));
  EXPECT_EQ(static_cast<const int64_t *>(t.rawData())[1], -(int64_t(1) << 40));
  EXPECT_EQ(t.data(), nullptr) << "data() is for float32 tensors";
  ASSERT_TRUE(seam::aot::readTensorFile(typed + "int8.pb", t, name, error));
  EXPECT_EQ(static_cast<const int8_t *>(t.rawData())[0], -128);
  ASSERT_TRUE(seam::aot::readTensorFile(typed + "float16.pb", t, name, error));
  EXPECT_EQ(static_cast<const uint16_t *>(t.rawData())[2], 0x7bff);
  ASSERT_TRUE(seam::aot::readTensorFile(typed + "uint64.pb", t, name, error));
  EXPECT_EQ(static_cast<const uint64_t *>(t.rawData())[0], UINT64_MAX);
  ASSERT_TRUE(seam::aot::readTensorFile(typed + "uint32.pb", t, name, error));
  EXPECT_EQ(static_cast<const uint32_t *>(t.rawData())[0], UINT32_MAX);
}

TEST_F(AotTest, TypedCompareAndRandom) {
  seam::aot::Tensor a, b;
  ASSERT_TRUE(a.allocate({4}, SEAM_AOT_INT32));
  ASSERT_TRUE(b.allocate({4}, SEAM_AOT_INT32));
  static_cast<int32_t *>(b.rawData())[2] = 1;
  seam::aot::Comparison c = seam::aot::compareTensors(a, b, 1, 1);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.mismatches, 1);
  EXPECT_EQ(c.firstMismatch, 2);
  seam::aot::Tensor f;
  ASSERT_TRUE(f.allocate({4}));
  c = seam::aot::compareTensors(a, f, 0, 0);
  EXPECT_EQ(c.error, "element type int32 differs from the reference's float32");
  seam::aot::Tensor bools;
  ASSERT_TRUE(bools.allocate({100}, SEAM_AOT_BOOL));
  seam::aot::fillRandom(bools, 1);
  int ones = 0;
  for (int i = 0; i < 100; ++i) {
    uint8_t v = static_cast<const uint8_t *>(bools.rawData())[i];
    EXPECT_LE(v, 1);
    ones += v;
  }
  EXPECT_GT(ones, 20);
  EXPECT_LT(ones, 80);
  seam::aot::Tensor unknown;
  EXPECT_FALSE(unknown.allocate({2}, 8)); // STRING
}

TEST_F(AotTest, CompareAndFormat) {
  seam::aot::Tensor a, b;
  ASSERT_TRUE(a.allocate({3}));
  ASSERT_TRUE(b.allocate({3}));
  float av[] = {1, NAN, 2}, bv[] = {1.00001f, NAN, 2};
  std::memcpy(a.data(), av, sizeof(av));
  std::memcpy(b.data(), bv, sizeof(bv));
  seam::aot::Comparison c = seam::aot::compareTensors(a, b, 1e-3, 1e-5);
  EXPECT_TRUE(c.pass);
  b.data()[2] = 3;
  c = seam::aot::compareTensors(a, b, 1e-3, 1e-5);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.mismatches, 1);
  EXPECT_EQ(c.maxAbs, 1.0);
  b.data()[1] = 0;
  c = seam::aot::compareTensors(a, b, 1e-3, 1e-5);
  EXPECT_EQ(c.mismatches, 2);
  EXPECT_EQ(seam::aot::formatExponent(c.maxAbs), "INF");
  EXPECT_EQ(seam::aot::formatExponent(1.2345678e-5), "1.234568e-05");
  EXPECT_EQ(seam::aot::formatExponent(0), "0.000000e+00");
  EXPECT_EQ(seam::aot::formatExponent(NAN), "nan");
  EXPECT_EQ(seam::aot::formatFixed(123.456, 1), "123.5");
  EXPECT_EQ(seam::aot::formatFixed(-INFINITY, 3), "-INF");
  seam::aot::Tensor other;
  ASSERT_TRUE(other.allocate({1, 3}));
  c = seam::aot::compareTensors(a, other, 1e-3, 1e-5);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.error, "shape differs from the reference");
}

//===----------------------------------------------------------------------===//
// seam_aot_runner_main
//===----------------------------------------------------------------------===//

struct RunResult {
  int status;
  std::string out, err;
};

RunResult runRunner(const SeamAotModel &model, std::vector<std::string> args) {
  args.insert(args.begin(), "/some/where/addw");
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(&arg[0]);
  argv.push_back(nullptr);
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  RunResult result;
  result.status =
      seam_aot_runner_main(&model, static_cast<int>(args.size()), argv.data());
  result.out = testing::internal::GetCapturedStdout();
  result.err = testing::internal::GetCapturedStderr();
  return result;
}

TEST_F(AotTest, RunnerCompares) {
  const float x[6] = {1, 2, 3, 4, 5, 6};
  float y[6];
  for (int i = 0; i < 6; ++i)
    y[i] = x[i] + weightValues[i];
  writeFile(dir + "/x.npy", numpyBytes(x));
  writeFile(dir + "/y.npy", numpyBytes(y));
  RunResult r =
      runRunner(model, {"--weights", weights, "--input", "x=" + dir + "/x.npy",
                        "--expect=" + dir + "/y.npy"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "output y: [2, 3]\n"
                   "compare: PASS max_abs=0.000000e+00 max_rel=0.000000e+00 "
                   "output=y\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(deinitCalls, 1);

  // A .pb input, bound in order; a failing comparison exits with 2.
  writeFile(dir + "/x.pb",
            tensorProto({2, 3}, std::vector<float>(x, x + 6), 1, 1));
  y[4] += 1;
  writeFile(dir + "/y.npy", numpyBytes(y));
  r = runRunner(model, {"--weights=" + weights, dir + "/x.pb"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "error: unexpected argument")) << r.err;
  r = runRunner(model,
                {"--weights=" + weights, "--input", dir + "/x.pb", "--expect",
                 "y=" + dir + "/y.npy", "--rtol=0", "--atol", "0.5"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "output y: [2, 3]\n"
                   "compare: FAIL max_abs=1.000000e+00 max_rel=1.785714e-02 "
                   "output=y mismatches=1 first_mismatch=4\n");

  // A reference of another shape fails its comparison.
  seam::aot::Tensor wide;
  ASSERT_TRUE(wide.allocate({6}));
  writeFile(dir + "/wide.npy", seam::aot::encodeNpy(wide.data(), {6}));
  r = runRunner(model, {"--weights=" + weights, "--expect", dir + "/wide.npy"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(contains(r.out, "compare: FAIL max_abs=0.000000e+00 "
                              "max_rel=0.000000e+00 output=y (shape differs "
                              "from the reference)\n"))
      << r.out;
}

TEST_F(AotTest, RunnerRandomInputsSaveAndBench) {
  std::string outDir = dir + "/out";
  ASSERT_EQ(::mkdir(outDir.c_str(), 0755), 0);
  RunResult r =
      runRunner(model, {"--weights", weights, "--seed", "7", "--save-outputs",
                        outDir, "--bench", "3", "--threads", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(mainCalls, 1 + 3 + 3); // run, warm-up min(3, 5), timed
  EXPECT_TRUE(contains(r.out, "output y: [2, 3]\nthroughput: ")) << r.out;
  EXPECT_TRUE(contains(r.out, " inferences/s\nlatency_ms: median=")) << r.out;
  EXPECT_TRUE(contains(r.out, " runs=3\n")) << r.out;

  // The saved output is the random input (seam::randomTensor(shape, seed +
  // 0): mt19937_64, uniform in [-1, 1)) plus the weight.
  seam::aot::Tensor saved, x;
  std::string name, error;
  ASSERT_TRUE(seam::aot::readTensorFile(outDir + "/y.npy", saved, name, error))
      << error;
  ASSERT_TRUE(x.allocate({2, 3}));
  seam::aot::fillRandom(x, 7);
  for (int i = 0; i < 6; ++i) {
    EXPECT_GE(x.data()[i], -1.0f);
    EXPECT_LT(x.data()[i], 1.0f);
    EXPECT_EQ(saved.data()[i], x.data()[i] + weightValues[i]);
  }
  seam::aot::Tensor seed8;
  ASSERT_TRUE(seed8.allocate({2, 3}));
  seam::aot::fillRandom(seed8, 8);
  EXPECT_NE(std::memcmp(seed8.data(), x.data(), 24), 0);
}

TEST_F(AotTest, RunnerErrors) {
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  writeFile(dir + "/wide.npy", seam::aot::encodeNpy(nullptr, {0}));
  const float zeros[6] = {0};
  writeFile(dir + "/good.npy", numpyBytes(zeros));
  std::vector<Case> cases = {
      {{"--bogus"}, "error: unknown option '--bogus' (see --help)\n"},
      {{"--threads=-1"},
       "error: --threads needs a non-negative integer, got '-1'\n"},
      {{"--bench"}, "error: --bench needs a value\n"},
      {{"--rtol", "x"}, "error: --rtol needs a number, got 'x'\n"},
      {{"--weights", dir + "/none"},
       "error: cannot open the weights file '" + dir +
           "/none' of model 'addw': No such file or directory\n"},
      {{"--weights", weights, "--input", "z=" + dir + "/x.npy"},
       "error: the model has no input named 'z'\n"},
      {{"--weights", weights, "--input", dir + "/x.npy"},
       "error: '" + dir + "/x.npy': No such file or directory\n"},
      {{"--weights", weights, "--input", dir + "/wide.npy"},
       "error: input 'x' from '" + dir +
           "/wide.npy' has shape [0], the model expects [2, 3]\n"},
      {{"--weights", weights, "--input", dir + "/good.npy", "--input",
        dir + "/good.npy"},
       "error: more input files than the model has inputs\n"},
      {{"--weights", weights, "--save-outputs", dir + "/no/such/dir"},
       "error: '" + dir + "/no/such/dir/y.npy': No such file or directory\n"},
  };
  for (const Case &c : cases) {
    RunResult r = runRunner(model, c.args);
    EXPECT_EQ(r.status, 1) << c.args[0];
    EXPECT_EQ(r.err, c.error) << c.args[0];
  }
  // A default weights path next to the program.
  RunResult r = runRunner(model, {});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot open the weights file "
                   "'/some/where/addw.weights' of model 'addw': No such file "
                   "or directory\n");
  r = runRunner(model, {"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "usage: /some/where/addw [options]")) << r.out;
  EXPECT_TRUE(contains(r.out, "--save-outputs DIR")) << r.out;
}

} // namespace
