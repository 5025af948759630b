//===- TestBackend.cpp - Test-only backends -------------------------------===//
//
// Two backends that exist only to test partitioning independently of any real
// kernel library: `test`, with a small pattern table (conv2d with bias, sum
// and activation, gemm, matmul, max_pool) and single-op support for relu and
// add; and `testblas`, with gemm and matmul + add only, to test priority
// between backends and required steps. They have no runtime: their regions
// are compiled like the rest of the model. Built when SEAM_BUILD_TEST_BACKEND
// is ON (the default).
//
//===----------------------------------------------------------------------===//

#include "seam/Backend/Backend.h"

#include "seam/SeamOps.h"

#include <vector>

using namespace mlir;
using namespace seam;

namespace {

//===----------------------------------------------------------------------===//
// Predicates and checks of the test pattern tables
//===----------------------------------------------------------------------===//

/// A clip fuses only with both bounds (as clip(0, 6) of MobileNet).
Verdict clipHasBothBounds(ClipOp clip) {
  if (clip.getMin() && clip.getMax())
    return Verdict::accept();
  return Verdict::refuse("seam.clip without both bounds");
}

Verdict checkConv2d(const Match &m) {
  for (int64_t dilation : m.find<ConvOp>().getDilationsOrDefault())
    if (dilation != 1)
      return Verdict::refuse("dilated convolution is not supported");
  return Verdict::accept();
}

Verdict checkGemm(const Match &m) {
  if (m.find<GemmOp>().getTransA())
    return Verdict::refuse("gemm with trans_a is not supported");
  return Verdict::accept();
}

Verdict checkMaxPool(const Match &m) {
  if (m.find<MaxPoolOp>().getCeilMode())
    return Verdict::refuse("max_pool with ceil_mode is not supported");
  return Verdict::accept();
}

/// gemm with a constant weight and an optional constant bias.
OpPattern gemmWithWeight() {
  return op("seam.gemm")
      .constant(1, "weight")
      .optionalConstant(2, "bias", "bias");
}

//===----------------------------------------------------------------------===//
// test
//===----------------------------------------------------------------------===//

class TestBackend : public Backend {
public:
  TestBackend() {
    // conv2d (+bias) (+residual sum) (+relu | clip)
    patterns.push_back(
        {"conv2d",
         convSumActivation(std::move(convWithWeight()
                                         .where(hasRank(0, 4, "input"))
                                         .where(allF32())),
                           anyOf({op("seam.relu", "relu"),
                                  op("seam.clip", "clip")
                                      .where(on<ClipOp>(clipHasBothBounds))})),
         checkConv2d});
    // gemm (+bias) (+relu)
    patterns.push_back(
        {"gemm", ChainPattern(gemmWithWeight()).maybe(op("seam.relu", "relu")),
         checkGemm});
    patterns.push_back({"matmul", ChainPattern(op("seam.matmul")), nullptr});
    patterns.push_back(
        {"max_pool",
         ChainPattern(op("seam.max_pool").where(hasRank(0, 4, "input"))),
         checkMaxPool});
  }

  StringRef getName() const override { return "test"; }
  ArrayRef<PatternEntry> getPatterns() const override { return patterns; }

  Verdict supportsOp(Operation *op) const override {
    if (isa<ReluOp>(op))
      return Verdict::accept();
    if (isa<AddOp>(op))
      return sameShapeOperands()(op);
    return Verdict::refuse(op->getName().getStringRef() + " is not supported");
  }

private:
  std::vector<PatternEntry> patterns;
};

//===----------------------------------------------------------------------===//
// testblas
//===----------------------------------------------------------------------===//

class TestBlasBackend : public Backend {
public:
  TestBlasBackend() {
    patterns.push_back({"gemm", ChainPattern(gemmWithWeight()), checkGemm});
    // C = A * B + C: a matmul accumulated into a second input (a required
    // step: a matmul without the add is refused).
    patterns.push_back({"matmul_add",
                        ChainPattern(op("seam.matmul"))
                            .then(op("seam.add")
                                      .secondInput("accumulator")
                                      .where(sameShapeOperands())),
                        nullptr});
  }

  StringRef getName() const override { return "testblas"; }
  ArrayRef<PatternEntry> getPatterns() const override { return patterns; }

  Verdict supportsOp(Operation *op) const override {
    return Verdict::refuse(op->getName().getStringRef() +
                           " is not supported outside a pattern");
  }

private:
  std::vector<PatternEntry> patterns;
};

} // namespace

namespace seam {
/// The registration function named in lib/Backends/CMakeLists.txt.
void registerTestBackends(BackendList &backends);
} // namespace seam

void seam::registerTestBackends(BackendList &backends) {
  backends.push_back(std::make_unique<TestBackend>());
  backends.push_back(std::make_unique<TestBlasBackend>());
}
