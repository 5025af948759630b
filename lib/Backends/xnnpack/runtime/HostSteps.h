//===- HostSteps.h - The ops the runtime computes itself --------*- C++ -*-===//
//
// The host steps of a plan (Plan.h), in the layouts inside the region (4-D
// values NHWC, the others row-major):
//
//   concat   copies each source's contiguous runs into the dst: for a channel
//            concat of NHWC values, per pixel, C_i floats of each source i.
//            The work is split into blocks of the dst (rows, columns of a
//            row) spread over the region's pthreadpool.
//   transpose, slice, and chains of data movements (StridedCopy.h)
//            one strided copy: each dst element (in the dst's layout) from
//            its source element (in the source's layout), in runs along
//            one dim, spread over the pthreadpool in blocks of runs.
//   reshape  of a 4-D value with C > 1 and H * W > 1, or to one: the
//            source's data in ONNX order (NHWC -> NCHW), viewed with the
//            dst's dims, then in the dst's layout (NCHW -> NHWC).
//
// All apply the op's fused clamp (concat and the strided copies while
// copying). A step is made
// once per region (it checks its op, like SubgraphOps.cpp does for the
// others) and shared by every instance: a run gives it the instance's value
// buffers.
//
// pthreadpool and the C++ standard library only: part of the xnnpack
// runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_HOSTSTEPS_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_HOSTSTEPS_H

#include "Plan.h"
#include "Weights.h"

#include <pthreadpool.h>

#include <memory>

namespace seam::xnnpack_region {

class HostStep {
public:
  virtual ~HostStep() = default;

  /// Computes the op once: `values[v]` is the data of value v in this run
  /// (for the values the plan stores), `scratch` the step's scratch (null
  /// when it has none). The work is spread over `pool` (null: the calling
  /// thread); `flags` are pthreadpool's (PTHREADPOOL_FLAG_YIELD_WORKERS when
  /// it is the run's last step).
  virtual void run(float *const *values, float *scratch, pthreadpool_t pool,
                   uint32_t flags) const = 0;
};

/// The host step `step` of the plan: one host op (see isHostOp), or a chain
/// of data movements fused into one strided copy. Throws std::runtime_error
/// saying what is wrong with an op ("op 3 (concat): ..."). Weights it reads
/// are taken from `weights` now.
std::unique_ptr<HostStep> makeHostStep(const RegionDesc &desc, const Plan &plan,
                                       const Step &step, WeightStore &weights);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_HOSTSTEPS_H
