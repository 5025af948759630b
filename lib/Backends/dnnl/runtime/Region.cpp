//===- Region.cpp - One offloaded region as oneDNN primitives -------------===//
//
// Running a region: workspaces (arena, scratchpad, stream, memory objects)
// from a pool, the steps executed and timed, and the arena's plan. The
// primitives, slots and steps are made in RegionBuilder.cpp.
//
// oneDNN and the C++ standard library only: part of the dnnl runtime.
//
//===----------------------------------------------------------------------===//

#include "Region.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <unordered_map>

namespace seam::dnnl_region {

using dnnl::memory;

dnnl::engine &getEngine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

namespace {

constexpr size_t kAlignment = 64;

size_t alignUp(size_t size) {
  return (size + kAlignment - 1) / kAlignment * kAlignment;
}

} // namespace

//===----------------------------------------------------------------------===//
// Workspace: what one run needs for itself
//===----------------------------------------------------------------------===//

struct Region::Workspace {
  char *arena = nullptr;
  dnnl::stream stream;
  /// One memory object per slot; input and output slots get the caller's
  /// pointers at each run.
  std::vector<memory> memories;
  std::vector<std::unordered_map<int, memory>> args;

  ~Workspace() { std::free(arena); }
};

std::unique_ptr<Region::Workspace> Region::acquire() {
  {
    std::lock_guard<std::mutex> lock(poolMutex);
    if (!pool.empty()) {
      std::unique_ptr<Workspace> workspace = std::move(pool.back());
      pool.pop_back();
      return workspace;
    }
  }
  auto workspace = std::make_unique<Workspace>();
  size_t total = alignUp(arenaSize) + alignUp(scratchpadSize);
  workspace->arena = static_cast<char *>(std::aligned_alloc(
      4096, std::max<size_t>(4096, (total + 4095) / 4096 * 4096)));
  if (!workspace->arena)
    throw std::bad_alloc();
  workspace->stream = dnnl::stream(getEngine());
  for (const Slot &slot : slots) {
    const Slot &base = slot.base >= 0 ? slots[slot.base] : slot;
    switch (slot.kind) {
    case Slot::Kind::Arena:
      workspace->memories.emplace_back(
          slot.md, getEngine(), workspace->arena + base.offset + slot.viewOffset);
      break;
    case Slot::Kind::Input:
    case Slot::Kind::Output:
      workspace->memories.emplace_back(slot.md, getEngine(),
                                       static_cast<void *>(DNNL_MEMORY_NONE));
      break;
    case Slot::Kind::Static:
      workspace->memories.push_back(slot.memory);
      break;
    }
  }
  memory scratchpad(memory::desc({static_cast<int64_t>(scratchpadSize)},
                                 memory::data_type::u8, memory::format_tag::a),
                    getEngine(), workspace->arena + alignUp(arenaSize));
  for (const Step &step : steps) {
    std::unordered_map<int, memory> args;
    for (auto [arg, slot] : step.args)
      args[arg] = workspace->memories[slot];
    if (step.scratchpad)
      args[DNNL_ARG_SCRATCHPAD] = scratchpad;
    workspace->args.push_back(std::move(args));
  }
  return workspace;
}

void Region::release(std::unique_ptr<Workspace> workspace) {
  std::lock_guard<std::mutex> lock(poolMutex);
  pool.push_back(std::move(workspace));
}

void Region::run(void *const *buffers) {
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Workspace> workspace = acquire();
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].kind == Slot::Kind::Input ||
        slots[i].kind == Slot::Kind::Output)
      workspace->memories[i].set_data_handle(buffers[slots[i].buffer]);
  // CPU primitives run synchronously on this thread (and its OpenMP team):
  // each step's time is its own.
  auto last = std::chrono::steady_clock::now();
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].kernel)
      steps[i].kernel(workspace->args[i]);
    else
      steps[i].primitive.execute(workspace->stream, workspace->args[i]);
    auto now = std::chrono::steady_clock::now();
    stepNanoseconds[i].fetch_add(
        std::chrono::duration_cast<std::chrono::nanoseconds>(now - last)
            .count());
    last = now;
  }
  workspace->stream.wait();
  release(std::move(workspace));
  runs.fetch_add(1);
  nanoseconds.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::steady_clock::now() - start)
                            .count());
}

Region::Region(const RegionDesc &desc, const void *const *weights)
    : name(desc.name) {
  build(desc, weights);
  planArena();
  stepNanoseconds = std::make_unique<std::atomic<int64_t>[]>(steps.size());
  for (size_t i = 0; i < steps.size(); ++i)
    stepNanoseconds[i] = 0;
}

Region::~Region() = default;

//===----------------------------------------------------------------------===//
// Arena planning
//===----------------------------------------------------------------------===//

void Region::planArena() {
  // Live range (first and last step) of each arena slot that is not a view.
  std::vector<int64_t> first(slots.size(), -1), last(slots.size(), -1);
  for (size_t i = 0; i < steps.size(); ++i)
    for (auto [arg, slot] : steps[i].args) {
      int base = slots[slot].base >= 0 ? slots[slot].base : slot;
      if (slots[base].kind != Slot::Kind::Arena)
        continue;
      if (first[base] < 0)
        first[base] = static_cast<int64_t>(i);
      last[base] = static_cast<int64_t>(i);
    }
  std::vector<int> order;
  for (size_t s = 0; s < slots.size(); ++s)
    if (first[s] >= 0)
      order.push_back(static_cast<int>(s));
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return first[a] < first[b]; });

  // First fit among the blocks live at the same time.
  struct Block {
    size_t offset, size;
    int64_t last;
  };
  std::vector<Block> live;
  arenaSize = 0;
  for (int s : order) {
    live.erase(
        std::remove_if(live.begin(), live.end(),
                       [&](const Block &b) { return b.last < first[s]; }),
        live.end());
    std::sort(live.begin(), live.end(), [](const Block &a, const Block &b) {
      return a.offset < b.offset;
    });
    size_t size = alignUp(slots[s].md.get_size()), offset = 0;
    for (const Block &block : live) {
      if (offset + size <= block.offset)
        break;
      offset = std::max(offset, block.offset + block.size);
    }
    slots[s].offset = offset;
    live.push_back({offset, size, last[s]});
    arenaSize = std::max(arenaSize, offset + size);
  }
}

} // namespace seam::dnnl_region
