//===- Region.h - One offloaded region as an XNNPACK runtime ----*- C++ -*-===//
//
// A region is built once, when its session is created: its description is
// checked and planned as a sequence of steps (Plan.h: XNNPACK segments, and
// host steps for what this XNNPACK lacks, HostSteps.h), its weights are
// repacked into the forms XNNPACK reads and kept for the region's life
// (Weights.h), and a first instance is made: an XNNPACK runtime per segment
// (Subgraph.h) and an arena for the values the plan stores (region inputs,
// values that cross steps, staged outputs). A region without host ops is one
// segment.
//
// XNNPACK runtimes are not reentrant: a run takes an instance from a pool,
// and makes one more when every instance is busy, so several threads can run
// the same region at once; each instance has its own runtimes and arena, and
// packs the weights anew inside XNNPACK (memory grows with the number of
// concurrent runs, not with the number of runs). Host steps are shared: they
// work on the buffers of the run's instance.
//
// Each run converts the region inputs to the layouts inside (4-D: NCHW ->
// NHWC) into the instance's arena, runs the steps in order (host steps on the
// region's thread pool too, each timed), and converts the outputs back into
// the caller's buffers. Outputs that need no conversion and that no op reads
// are written by their step into the caller's buffer. The last step asks the
// pool's workers to yield (XNN_FLAG_YIELD_WORKERS or pthreadpool's flag).
//
// XNNPACK, pthreadpool and the C++ standard library only: part of the
// xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_REGION_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_REGION_H

#include "HostSteps.h"
#include "Plan.h"
#include "RegionDesc.h"
#include "ThreadPool.h"
#include "Weights.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace seam::xnnpack_region {

class Region {
public:
  /// Builds the region to run on `threads` threads; throws
  /// std::runtime_error saying what cannot be built ("op 3 (conv2d): ...").
  /// `weights` are read here only.
  Region(RegionDesc desc, const void *const *weights, int threads);
  ~Region();

  /// Runs once on `buffers` (inputs, then outputs); throws
  /// std::runtime_error if XNNPACK fails ("ops 0 (conv2d) to 4 (add):
  /// xnn_invoke_runtime failed: ...").
  void run(void *const *buffers);

  const std::string &getName() const { return desc.name; }
  int getThreads() const { return threads; }
  int64_t getNumOps() const { return static_cast<int64_t>(desc.ops.size()); }
  int64_t getRuns() const { return runs.load(); }
  int64_t getNanoseconds() const { return nanoseconds.load(); }
  int64_t getLayoutNanoseconds() const { return layoutNanoseconds.load(); }
  /// What op `index` computes ("conv2d 1x64x56x56").
  const std::string &getOpName(int64_t index) const { return opNames[index]; }
  /// The total time of op `index` over the runs if it is a host step, else
  /// -1 (XNNPACK's nodes are not timed one by one).
  int64_t getOpNanoseconds(int64_t index) const;

private:
  /// How a region input or output crosses the region's boundary.
  struct Boundary {
    int64_t value;
    Dims dims;
    int64_t elements;
    /// NCHW <-> NHWC (a 4-D value with C > 1 and H * W > 1).
    bool transpose;
    /// Bound to a buffer of the instance rather than to the caller's.
    bool staged;
  };
  struct Instance;

  std::unique_ptr<Instance> makeInstance();
  std::unique_ptr<Instance> acquire();
  void release(std::unique_ptr<Instance> instance);
  void runSegment(Instance &instance, size_t step, void *const *buffers);
  /// "op 3 (add)" or "ops 0 (conv2d) to 4 (add)", for errors.
  std::string describeStep(size_t step) const;

  RegionDesc desc;
  WeightStore weights;
  ThreadPoolRef pool;
  int threads;
  Plan plan;
  /// Per step: the host step, or null for a segment.
  std::vector<std::unique_ptr<HostStep>> hostSteps;
  std::vector<Boundary> inputs, outputs;
  std::vector<std::string> opNames;
  std::unique_ptr<std::atomic<int64_t>[]> opNanoseconds;
  std::atomic<int64_t> runs{0}, nanoseconds{0}, layoutNanoseconds{0};

  std::mutex idleMutex;
  std::vector<std::unique_ptr<Instance>> idle;
};

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_REGION_H
