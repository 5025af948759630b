//===- SessionTestHelpers.h - What the Session gtests share -----*- C++ -*-===//
//
// Compiling a model into a seam::Session, seeded inputs for it, comparing its
// outputs (with a tolerance, or bit for bit) and the backends of this build
// that have a runtime. Header-only: each gtest executable that includes it
// defines SEAM_SOURCE_DIR.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TEST_E2E_SESSIONTESTHELPERS_H
#define SEAM_TEST_E2E_SESSIONTESTHELPERS_H

#include "seam/Backend/Backend.h"
#include "seam/Session.h"
#include "seam/TensorIO.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace seam::test {

using TensorMap = std::map<std::string, Tensor>;

/// The bundled demo model, and NumPy's output for its input
/// (test/e2e/make_references.py).
inline const std::string kTinyResNet =
    SEAM_SOURCE_DIR "/bench/models/tiny_resnet.onnx";
inline const std::string kTinyResNetInput =
    SEAM_SOURCE_DIR "/test/e2e/Inputs/tiny_resnet_input.npy";
inline const std::string kTinyResNetOutput =
    SEAM_SOURCE_DIR "/test/e2e/Inputs/tiny_resnet_output.npy";

/// `model` compiled for `backends` with a pool of `threads` (0: OpenMP's
/// default); null, with a test failure, when it does not compile.
inline std::unique_ptr<Session>
compile(const std::string &model, const std::vector<std::string> &backends,
        int threads = 0) {
  CompileOptions options;
  options.backends = backends;
  options.threads = threads;
  auto session = Session::create(model, options);
  if (!session) {
    ADD_FAILURE() << model << ": " << session.error().message();
    return nullptr;
  }
  return std::move(*session);
}

/// Random inputs for every input of `session`, from `seed` on.
inline TensorMap inputsFor(const Session &session, uint64_t seed) {
  TensorMap inputs;
  for (const TensorInfo &info : session.inputs())
    inputs[info.name] = randomTensor(info.shape, seed++);
  return inputs;
}

/// The tensor in the file at `path`; empty, with a test failure, when it
/// cannot be read.
inline Tensor load(const std::string &path) {
  auto file = readTensorFile(path);
  if (!file) {
    ADD_FAILURE() << file.error().message();
    return Tensor();
  }
  return file->tensor;
}

/// Compares every output of `expected` with the one of `actual`.
inline void expectClose(const TensorMap &actual, const TensorMap &expected,
                        double rtol = 1e-4, double atol = 1e-5) {
  for (const auto &[name, tensor] : expected) {
    auto it = actual.find(name);
    if (it == actual.end()) {
      ADD_FAILURE() << "no output '" << name << "'";
      continue;
    }
    Comparison c = compareTensors(it->second, tensor, rtol, atol);
    EXPECT_TRUE(c.pass) << name << ": max_abs=" << c.maxAbs << " " << c.error;
  }
}

/// Runs `session` on `inputs` and compares every output with `expected`.
inline void expectOutputs(const Session &session, const TensorMap &inputs,
                          const TensorMap &expected, double rtol = 1e-4,
                          double atol = 1e-5) {
  auto outputs = session.run(inputs);
  ASSERT_TRUE(static_cast<bool>(outputs)) << outputs.error().message();
  expectClose(*outputs, expected, rtol, atol);
}

/// Whether `actual` has every output of `expected` with the same bits;
/// otherwise says which output differs first, and where.
inline ::testing::AssertionResult sameBits(const TensorMap &actual,
                                           const TensorMap &expected) {
  for (const auto &[name, tensor] : expected) {
    auto it = actual.find(name);
    if (it == actual.end())
      return ::testing::AssertionFailure() << "no output '" << name << "'";
    if (it->second.shape() != tensor.shape())
      return ::testing::AssertionFailure()
             << "output '" << name << "' has another shape";
    const float *a = it->second.data(), *e = tensor.data();
    if (std::memcmp(a, e, tensor.numElements() * sizeof(float)) == 0)
      continue;
    for (int64_t i = 0; i < tensor.numElements(); ++i)
      if (std::memcmp(a + i, e + i, sizeof(float)) != 0)
        return ::testing::AssertionFailure()
               << "output '" << name << "' differs at element " << i << ": "
               << a[i] << " vs " << e[i];
  }
  return ::testing::AssertionSuccess();
}

/// The backends of this build with a runtime (dnnl, xnnpack, ...), by name:
/// not the test-only ones, lowered as compiled code.
inline std::vector<std::string> backendsWithRuntime() {
  std::vector<std::string> names;
  for (const Backend *backend : getRegisteredBackends())
    if (backend->getEntryPoints())
      names.push_back(backend->getName().str());
  return names;
}

} // namespace seam::test

#endif // SEAM_TEST_E2E_SESSIONTESTHELPERS_H
