//===- Region.cpp - One offloaded region as an XNNPACK runtime ------------===//
//
// Instances (XNNPACK runtimes with their boundary buffers), the boundary plan
// and the runs. The subgraph is built in Subgraph.cpp.
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

} // namespace

/// What one run needs for itself: an XNNPACK runtime (not reentrant) and the
/// buffers of the staged inputs and outputs.
struct Region::Instance {
  xnn_runtime_t runtime = nullptr;
  std::vector<FloatBuffer> inputBuffers, outputBuffers;
  /// Inputs, then outputs, as last given to xnn_setup_runtime.
  std::vector<xnn_external_value> externals;
  bool isSetUp = false;

  ~Instance() {
    if (runtime)
      xnn_delete_runtime(runtime);
  }
};

Region::Region(RegionDesc description, const void *const *weightData,
               int threadCount)
    : desc(std::move(description)), weights(desc, weightData),
      pool(getSharedThreadPool(threadCount)), threads(pool ? threadCount : 1) {
  std::vector<bool> readByOps(desc.values.size(), false);
  for (const OpDesc &op : desc.ops)
    for (int64_t src : op.srcs)
      readByOps[src] = true;
  for (int64_t value : desc.inputs) {
    const Dims &dims = desc.values[value];
    // XNNPACK may read XNN_EXTRA_BYTES past an input's end: inputs are
    // always staged, in buffers with that slack.
    inputs.push_back({value, dims, getNumElements(dims), !isLayoutNeutral(dims),
                      /*staged=*/true});
  }
  for (int64_t value : desc.outputs) {
    const Dims &dims = desc.values[value];
    bool transpose = !isLayoutNeutral(dims);
    outputs.push_back({value, dims, getNumElements(dims), transpose,
                       transpose || readByOps[value]});
  }
  for (size_t i = 0; i < desc.ops.size(); ++i)
    opNames.push_back(describeOp(desc, i));

  // The first instance checks everything and makes every weight form.
  idle.push_back(makeInstance());
  weights.releaseSources();
}

Region::~Region() = default;

std::unique_ptr<Region::Instance> Region::makeInstance() {
  SubgraphPtr subgraph = buildSubgraph(desc, weights);
  auto instance = std::make_unique<Instance>();
  // Yielding lets the workers sleep between runs instead of spinning
  // against the OpenMP threads of the compiled code around the region.
  uint32_t flags = pool ? XNN_FLAG_YIELD_WORKERS : 0;
  xnn_status status = xnn_create_runtime_v2(subgraph.get(), pool.get(), flags,
                                            &instance->runtime);
  if (status != xnn_status_success)
    throw std::runtime_error(std::string("xnn_create_runtime_v2 failed: ") +
                             getStatusName(status));
  for (const Boundary &input : inputs) {
    instance->inputBuffers.push_back(allocateFloats(input.elements));
    instance->externals.push_back({static_cast<uint32_t>(input.value),
                                   instance->inputBuffers.back().get()});
  }
  for (const Boundary &output : outputs) {
    instance->outputBuffers.push_back(
        output.staged ? allocateFloats(output.elements) : nullptr);
    instance->externals.push_back({static_cast<uint32_t>(output.value),
                                   instance->outputBuffers.back().get()});
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

void Region::run(void *const *buffers) {
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Instance> instance = acquire();

  auto convertStart = std::chrono::steady_clock::now();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Boundary &input = inputs[i];
    const auto *src = static_cast<const float *>(buffers[i]);
    float *dst = instance->inputBuffers[i].get();
    if (input.transpose)
      convertNchwToNhwc(src, dst, input.dims, pool.get());
    else
      std::memcpy(dst, src, input.elements * sizeof(float));
  }
  auto convertEnd = std::chrono::steady_clock::now();
  int64_t layout = elapsedNanoseconds(convertStart, convertEnd);

  // Outputs written in place change with the caller's buffers: set the
  // runtime up again only when a pointer changed.
  bool changed = !instance->isSetUp;
  for (size_t j = 0; j < outputs.size(); ++j) {
    if (outputs[j].staged)
      continue;
    xnn_external_value &external = instance->externals[inputs.size() + j];
    changed |= external.data != buffers[inputs.size() + j];
    external.data = buffers[inputs.size() + j];
  }
  if (changed) {
    xnn_status status =
        xnn_setup_runtime(instance->runtime, instance->externals.size(),
                          instance->externals.data());
    if (status != xnn_status_success)
      throw std::runtime_error(std::string("xnn_setup_runtime failed: ") +
                               getStatusName(status));
    instance->isSetUp = true;
  }
  xnn_status status = xnn_invoke_runtime(instance->runtime);
  if (status != xnn_status_success)
    throw std::runtime_error(std::string("xnn_invoke_runtime failed: ") +
                             getStatusName(status));

  convertStart = std::chrono::steady_clock::now();
  for (size_t j = 0; j < outputs.size(); ++j) {
    const Boundary &output = outputs[j];
    if (!output.staged)
      continue;
    const float *src = instance->outputBuffers[j].get();
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
