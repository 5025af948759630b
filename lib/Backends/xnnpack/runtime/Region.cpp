//===- Region.cpp - One offloaded region as XNNPACK runtimes and steps ----===//
//
// Instances (an XNNPACK runtime per segment and the arena of the values the
// plan stores), the boundary conversions and the runs. The plan is made in
// Plan.cpp, the subgraphs in Subgraph.cpp, the host steps in HostSteps.cpp.
//
// XNNPACK, pthreadpool and the C++ standard library only: part of the
// xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "Region.h"

#include "Subgraph.h"

#include <chrono>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace seam::xnnpack_region {

namespace {

int64_t elapsedNanoseconds(std::chrono::steady_clock::time_point from,
                           std::chrono::steady_clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(to - from)
      .count();
}

struct RuntimeDeleter {
  void operator()(xnn_runtime *runtime) const { xnn_delete_runtime(runtime); }
};
using RuntimePtr = std::unique_ptr<xnn_runtime, RuntimeDeleter>;

} // namespace

/// What one run needs for itself: an XNNPACK runtime per segment (not
/// reentrant) and the arena of the values the plan stores.
struct Region::Instance {
  struct Segment {
    RuntimePtr runtime;
    /// Its external inputs, then outputs, as last given to
    /// xnn_setup_runtime.
    std::vector<xnn_external_value> externals;
    /// (index in `externals`, region output) of the externals that are the
    /// caller's buffers: they change from run to run.
    std::vector<std::pair<size_t, size_t>> callerExternals;
    bool isSetUp = false;
  };

  FloatBuffer arena;
  /// The data of each value the plan stores (null for the others; the
  /// caller's outputs are set at each run).
  std::vector<float *> values;
  /// Per step (empty for host steps).
  std::vector<Segment> segments;
};

Region::Region(RegionDesc description, const void *const *weightData,
               int threadCount)
    : desc(std::move(description)), weights(desc, weightData),
      pool(getSharedThreadPool(threadCount)), threads(pool ? threadCount : 1),
      plan(makePlan(desc)) {
  hostSteps.resize(plan.steps.size());
  for (size_t k = 0; k < plan.steps.size(); ++k)
    if (plan.steps[k].isHost)
      hostSteps[k] = makeHostStep(desc, plan, plan.steps[k], weights);

  for (int64_t value : desc.inputs) {
    const Dims &dims = desc.values[value];
    // XNNPACK may read XNN_EXTRA_BYTES past an input's end: inputs are
    // always staged, in the arena, which has that slack.
    inputs.push_back({value, dims, getNumElements(dims), !isLayoutNeutral(dims),
                      /*staged=*/true});
  }
  for (int64_t value : desc.outputs) {
    const Dims &dims = desc.values[value];
    outputs.push_back({value, dims, getNumElements(dims),
                       !isLayoutNeutral(dims),
                       plan.slots[value].storage == Storage::Arena});
  }
  opNanoseconds = std::make_unique<std::atomic<int64_t>[]>(desc.ops.size());
  for (size_t i = 0; i < desc.ops.size(); ++i) {
    opNames.push_back(describeOp(desc, i));
    opNanoseconds[i].store(0);
  }

  // The first instance checks every segment and makes every weight form.
  idle.push_back(makeInstance());
  weights.releaseSources();
}

Region::~Region() = default;

std::string Region::describeStep(size_t step) const {
  const Step &s = plan.steps[step];
  auto op = [&](size_t index) {
    return std::to_string(index) + " (" + getOpKeyword(desc.ops[index].kind) +
           ")";
  };
  if (s.endOp - s.firstOp == 1)
    return "op " + op(s.firstOp);
  return "ops " + op(s.firstOp) + " to " + op(s.endOp - 1);
}

int64_t Region::getOpNanoseconds(int64_t index) const {
  // A host step's time is its first op's (the others of a chain of data
  // movements are fused into it).
  const Step &step = plan.steps[plan.stepOfOp[index]];
  if (!step.isHost || step.firstOp != static_cast<size_t>(index))
    return -1;
  return opNanoseconds[index].load();
}

std::unique_ptr<Region::Instance> Region::makeInstance() {
  auto instance = std::make_unique<Instance>();
  instance->arena = allocateFloats(plan.arenaFloats);
  instance->values.assign(desc.values.size(), nullptr);
  for (size_t v = 0; v < desc.values.size(); ++v)
    if (plan.slots[v].storage == Storage::Arena)
      instance->values[v] = instance->arena.get() + plan.slots[v].offset;

  instance->segments.resize(plan.steps.size());
  for (size_t k = 0; k < plan.steps.size(); ++k) {
    const Step &step = plan.steps[k];
    if (step.isHost)
      continue;
    SubgraphPtr subgraph = buildSubgraph(desc, plan, k, weights);
    // Yielding lets the workers sleep between runs instead of spinning
    // against the OpenMP threads of the compiled code around the region;
    // between the steps of a run they stay awake.
    bool last = k + 1 == plan.steps.size();
    uint32_t flags = pool && last ? XNN_FLAG_YIELD_WORKERS : 0;
    xnn_runtime_t runtime = nullptr;
    xnn_status status =
        xnn_create_runtime_v2(subgraph.get(), pool.get(), flags, &runtime);
    if (status != xnn_status_success)
      throw std::runtime_error(
          describeStep(k) +
          ": xnn_create_runtime_v2 failed: " + getStatusName(status));
    Instance::Segment &segment = instance->segments[k];
    segment.runtime.reset(runtime);
    for (const auto *list : {&step.externalInputs, &step.externalOutputs}) {
      for (int64_t value : *list) {
        const Slot &slot = plan.slots[value];
        if (slot.storage == Storage::Caller)
          segment.callerExternals.emplace_back(segment.externals.size(),
                                               slot.output);
        segment.externals.push_back(
            {static_cast<uint32_t>(value), instance->values[value]});
      }
    }
  }
  return instance;
}

std::unique_ptr<Region::Instance> Region::acquire() {
  {
    std::lock_guard<std::mutex> lock(idleMutex);
    if (!idle.empty()) {
      std::unique_ptr<Instance> instance = std::move(idle.back());
      idle.pop_back();
      return instance;
    }
  }
  return makeInstance();
}

void Region::release(std::unique_ptr<Instance> instance) {
  std::lock_guard<std::mutex> lock(idleMutex);
  idle.push_back(std::move(instance));
}

void Region::runSegment(Instance &instance, size_t step, void *const *buffers) {
  Instance::Segment &segment = instance.segments[step];
  // Outputs written in place change with the caller's buffers: set the
  // runtime up again only when a pointer changed.
  bool changed = !segment.isSetUp;
  for (const auto &[external, output] : segment.callerExternals) {
    void *data = buffers[inputs.size() + output];
    changed |= segment.externals[external].data != data;
    segment.externals[external].data = data;
  }
  if (changed) {
    xnn_status status =
        xnn_setup_runtime(segment.runtime.get(), segment.externals.size(),
                          segment.externals.data());
    if (status != xnn_status_success)
      throw std::runtime_error(
          describeStep(step) +
          ": xnn_setup_runtime failed: " + getStatusName(status));
    segment.isSetUp = true;
  }
  xnn_status status = xnn_invoke_runtime(segment.runtime.get());
  if (status != xnn_status_success)
    throw std::runtime_error(
        describeStep(step) +
        ": xnn_invoke_runtime failed: " + getStatusName(status));
}

void Region::run(void *const *buffers) {
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Instance> instance = acquire();

  auto convertStart = std::chrono::steady_clock::now();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Boundary &input = inputs[i];
    const auto *src = static_cast<const float *>(buffers[i]);
    float *dst = instance->values[input.value];
    if (input.transpose)
      convertNchwToNhwc(src, dst, input.dims, pool.get());
    else
      std::memcpy(dst, src, input.elements * sizeof(float));
  }
  auto convertEnd = std::chrono::steady_clock::now();
  int64_t layout = elapsedNanoseconds(convertStart, convertEnd);

  for (size_t j = 0; j < outputs.size(); ++j)
    if (!outputs[j].staged)
      instance->values[outputs[j].value] =
          static_cast<float *>(buffers[inputs.size() + j]);
  for (size_t k = 0; k < plan.steps.size(); ++k) {
    const Step &step = plan.steps[k];
    if (!step.isHost) {
      runSegment(*instance, k, buffers);
      continue;
    }
    auto stepStart = std::chrono::steady_clock::now();
    float *scratch = step.scratchOffset < 0
                         ? nullptr
                         : instance->arena.get() + step.scratchOffset;
    bool last = k + 1 == plan.steps.size();
    hostSteps[k]->run(instance->values.data(), scratch, pool.get(),
                      pool && last ? PTHREADPOOL_FLAG_YIELD_WORKERS : 0);
    opNanoseconds[step.firstOp].fetch_add(
        elapsedNanoseconds(stepStart, std::chrono::steady_clock::now()));
  }

  convertStart = std::chrono::steady_clock::now();
  for (size_t j = 0; j < outputs.size(); ++j) {
    const Boundary &output = outputs[j];
    if (!output.staged)
      continue;
    const float *src = instance->values[output.value];
    auto *dst = static_cast<float *>(buffers[inputs.size() + j]);
    if (output.transpose)
      convertNhwcToNchw(src, dst, output.dims, pool.get());
    else
      std::memcpy(dst, src, output.elements * sizeof(float));
  }
  auto end = std::chrono::steady_clock::now();
  layout += elapsedNanoseconds(convertStart, end);

  release(std::move(instance));
  runs.fetch_add(1);
  nanoseconds.fetch_add(elapsedNanoseconds(start, end));
  layoutNanoseconds.fetch_add(layout);
}

} // namespace seam::xnnpack_region
