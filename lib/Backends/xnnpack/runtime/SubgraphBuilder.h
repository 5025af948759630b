//===- SubgraphBuilder.h - Builds one XNNPACK subgraph ----------*- C++ -*-===//
//
// The state of building one segment's subgraph (Subgraph.h), shared by
// Subgraph.cpp (values, the checks every op uses, the walk over the ops) and
// SubgraphOps.cpp (one function per op kind). Private to the runtime.
//
// XNNPACK and the C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_SUBGRAPHBUILDER_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_SUBGRAPHBUILDER_H

#include "Subgraph.h"

#include <map>
#include <string>
#include <utility>

namespace seam::xnnpack_region {

/// A pooling or convolution window over (H, W), with the defaults filled in.
struct Window {
  int64_t kernelH = 1, kernelW = 1;
  int64_t strideH = 1, strideW = 1;
  int64_t dilationH = 1, dilationW = 1;
  int64_t top = 0, left = 0, bottom = 0, right = 0;
  bool hasPadding() const { return top || left || bottom || right; }
};

class SubgraphBuilder {
public:
  SubgraphBuilder(const RegionDesc &desc, const Plan &plan, size_t step,
                  WeightStore &weights)
      : desc(desc), plan(plan), segment(plan.steps[step]), weights(weights) {}

  SubgraphPtr build();

private:
  // Values.
  void defineActivations();
  const Dims &dimsOf(int64_t value) const { return desc.values[value]; }
  bool isWeight(int64_t value) const { return plan.isWeight(value); }
  uint32_t defineInternal(const Dims &insideDims);
  uint32_t defineStatic(int64_t value, WeightForm form, const Dims &xnnDims);
  /// Source `value` as it is inside the region (an activation, or a weight
  /// in the layout an activation of its dims would have).
  uint32_t source(int64_t value);
  /// Source `value`, which must be a weight (`role` names it in errors).
  uint32_t weight(int64_t value, WeightForm form, const Dims &xnnDims,
                  const char *role);
  /// A node viewing `input` with `insideDims` (same data).
  uint32_t reshape(uint32_t input, const Dims &insideDims);

  // The op being built.
  [[noreturn]] void fail(const std::string &message) const;
  void check(xnn_status status, const char *function) const;
  void expectSources(size_t count) const;
  void expectDst(const Dims &expected) const;
  const Dims &srcDims(size_t i) const { return dimsOf(op->srcs[i]); }
  Window readWindow(bool withDilations) const;
  Dims windowOutput(const Dims &input, const Window &window,
                    int64_t channels) const;
  /// Ops XNNPACK gives no output bounds: the node writes `result()`, and
  /// `finishClamp` clamps it into the dst when the op has bounds.
  bool needsSeparateClamp() const;
  uint32_t result();
  void finishClamp(uint32_t result);

  void buildOp();
  void buildConv2d();
  void buildFullyConnected();
  void buildPool2d();
  void buildGlobalAvgPool2d();
  void buildBinary();
  uint32_t broadcastOperand(size_t index, size_t resultRank);
  void buildUnary();
  void buildSoftmax();
  void buildConstantPad();
  void buildReshape();

  const RegionDesc &desc;
  const Plan &plan;
  const Step &segment;
  WeightStore &weights;
  SubgraphPtr subgraph;
  std::map<std::pair<int64_t, WeightForm>, uint32_t> staticIds;

  size_t opIndex = 0;
  const OpDesc *op = nullptr;
};

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_SUBGRAPHBUILDER_H
