//===- Subgraph.h - The XNNPACK subgraph of a segment -----------*- C++ -*-===//
//
// Checks the ops of one segment of a region's plan (Plan.h) against what
// XNNPACK can compute (shapes, attributes, the constraints listed in
// RegionDesc.h) and builds its XNNPACK subgraph: value number v is XNNPACK
// value v (the segment's external inputs and outputs are external values,
// 4-D values NHWC), weights are static values in the forms their ops read,
// and each op becomes one or a few nodes.
//
// XNNPACK and the C++ standard library only: part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_SUBGRAPH_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_SUBGRAPH_H

#include "Plan.h"
#include "RegionDesc.h"
#include "Weights.h"

#include <xnnpack.h>

#include <memory>
#include <string>

namespace seam::xnnpack_region {

struct SubgraphDeleter {
  void operator()(xnn_subgraph *subgraph) const {
    xnn_delete_subgraph(subgraph);
  }
};
using SubgraphPtr = std::unique_ptr<xnn_subgraph, SubgraphDeleter>;

/// Builds the subgraph of segment `plan.steps[step]` of `desc`, taking
/// weights from `weights`. Throws std::runtime_error saying what cannot be
/// built: "op 3 (conv2d): ..." for an op, "value 4: ..." for a value.
SubgraphPtr buildSubgraph(const RegionDesc &desc, const Plan &plan, size_t step,
                          WeightStore &weights);

/// What op `index` computes, for profiles: its keyword and result dims
/// ("conv2d 1x64x56x56").
std::string describeOp(const RegionDesc &desc, size_t index);

/// The name of an XNNPACK status ("invalid parameter").
const char *getStatusName(xnn_status status);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_SUBGRAPH_H
