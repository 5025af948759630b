//===- Region.h - One offloaded region as oneDNN primitives -----*- C++ -*-===//
//
// A region is built once, when its session is created: one primitive per op
// of its description, created with `format_tag::any` so that oneDNN picks
// its layouts; weights reordered once into the layout their primitive chose;
// activations kept in the producer's layout between primitives, reordered
// only where a consumer wants another one, or at the region boundary (inputs
// and outputs are row-major buffers of the generated code, bound without
// copies when the layouts agree). Intermediate values share one arena,
// planned by liveness; a residual whose last use is a sum post-op is
// accumulated into in place.
//
// Running binds the caller's buffers to a workspace (arena, scratchpad,
// stream and memory objects), taken from a pool so that several threads can
// run the same region at once.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_DNNL_RUNTIME_REGION_H
#define SEAM_BACKENDS_DNNL_RUNTIME_REGION_H

#include "RegionDesc.h"

#include "oneapi/dnnl/dnnl.hpp"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace seam::dnnl_region {

class Region {
public:
  /// Builds the region; throws dnnl::error or std::runtime_error saying
  /// which op could not be built. With `weights` null, a region that only
  /// creates its primitives (they stay in oneDNN's primitive cache) and
  /// cannot run: its weights have no static copies (seam_dnnl_prepare_region).
  Region(const RegionDesc &desc, const void *const *weights);
  ~Region();

  /// Runs once on `buffers` (inputs, then outputs).
  void run(void *const *buffers);

  const std::string &getName() const { return name; }
  int64_t getNumSteps() const { return static_cast<int64_t>(steps.size()); }
  int64_t getRuns() const { return runs.load(); }
  int64_t getNanoseconds() const { return nanoseconds.load(); }
  /// What step `index` computes ("conv 1x64x56x56 [brgconv:avx512_core]")
  /// and its total time over all runs.
  const std::string &getStepName(int64_t index) const {
    return steps[index].name;
  }
  int64_t getStepNanoseconds(int64_t index) const {
    return stepNanoseconds[index].load();
  }

  /// Where the memory of a value or of a view of it lives.
  struct Slot {
    enum class Kind { Arena, Input, Output, Static } kind;
    dnnl::memory::desc md;
    /// Input/output: the index of its buffer in `run`'s buffer list.
    int64_t buffer = -1;
    /// Arena: the byte offset (after planning).
    size_t offset = 0;
    /// Static: the memory (an owned copy of a weight) and its storage.
    dnnl::memory memory;
    std::shared_ptr<void> storage;
    /// A view of another slot's memory with another descriptor, or -1.
    int base = -1;
    /// Arena views: where the view starts in its base's memory, in bytes
    /// (a channel block of a buffer that concatenations share).
    size_t viewOffset = 0;
  };

  /// A kernel of Seam's own that a step runs in place of a primitive, on
  /// the step's arguments (BlockedPooling).
  using Kernel =
      std::function<void(const std::unordered_map<int, dnnl::memory> &)>;
  /// One primitive to execute, with its arguments as slots.
  struct Step {
    dnnl::primitive primitive;
    std::vector<std::pair<int, int>> args;
    bool scratchpad = false;
    /// For profiles: the op kind, result dims and oneDNN implementation.
    std::string name;
    /// When set, what the step runs instead of `primitive` (which is empty).
    Kernel kernel;
  };

private:
  struct Workspace;
  class Builder;

  /// Makes the slots and steps (RegionBuilder.cpp).
  void build(const RegionDesc &desc, const void *const *weights);
  std::unique_ptr<Workspace> acquire();
  void release(std::unique_ptr<Workspace> workspace);
  void planArena();

  std::string name;
  std::vector<Slot> slots;
  std::vector<Step> steps;
  size_t arenaSize = 0, scratchpadSize = 0;
  std::atomic<int64_t> runs{0}, nanoseconds{0};
  std::unique_ptr<std::atomic<int64_t>[]> stepNanoseconds;

  std::mutex poolMutex;
  std::vector<std::unique_ptr<Workspace>> pool;
};

/// The CPU engine every region uses.
dnnl::engine &getEngine();

} // namespace seam::dnnl_region

#endif // SEAM_BACKENDS_DNNL_RUNTIME_REGION_H
