//===- Plan.cpp - A region as a sequence of steps -------------------------===//
//
// The roles of the values and the checks every op shares, the split of the
// ops into steps, each value's lifetime in steps and storage, and the arena:
// slots placed largest first at the lowest offset that no slot of an
// overlapping lifetime uses.
//
// XNNPACK's header (XNN_EXTRA_BYTES) and the C++ standard library only:
// part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#include "Plan.h"

#include "StridedCopy.h"

#include <xnnpack.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace seam::xnnpack_region {

void failOp(const RegionDesc &desc, size_t index, const std::string &message) {
  throw std::runtime_error("op " + std::to_string(index) + " (" +
                           getOpKeyword(desc.ops[index].kind) +
                           "): " + message);
}

int64_t getPaddedFloats(int64_t elements) {
  constexpr int64_t kLineFloats = 64 / sizeof(float);
  int64_t floats = elements + (XNN_EXTRA_BYTES + sizeof(float) - 1) /
                                  static_cast<int64_t>(sizeof(float));
  return (floats + kLineFloats - 1) / kLineFloats * kLineFloats;
}

bool isHostOp(const RegionDesc &desc, size_t index) {
  const OpDesc &op = desc.ops[index];
  switch (op.kind) {
  case OpKind::Concat:
  case OpKind::Transpose:
  case OpKind::Slice:
    return true;
  case OpKind::Reshape:
    // A reshape is a view in XNNPACK unless a 4-D side is NHWC with data
    // that differs from NCHW: then it is a transpose.
    return op.srcs.size() == 1 && (!isLayoutNeutral(desc.values[op.srcs[0]]) ||
                                   !isLayoutNeutral(desc.values[op.dst]));
  default:
    return false;
  }
}

int64_t getHostScratchFloats(const RegionDesc &desc, size_t index) {
  const OpDesc &op = desc.ops[index];
  // A reshape from one NHWC layout to another goes through NCHW.
  if (op.kind == OpKind::Reshape && op.srcs.size() == 1 &&
      !isLayoutNeutral(desc.values[op.srcs[0]]) &&
      !isLayoutNeutral(desc.values[op.dst]))
    return getNumElements(desc.values[op.dst]);
  return 0;
}

namespace {

class Planner {
public:
  explicit Planner(const RegionDesc &desc) : desc(desc) {}

  Plan make();

private:
  void assignRoles();
  /// What every op shares: output bounds, bias, sources defined before.
  void checkOps() const;
  void splitSteps();
  /// Whether host op `index` joins the host step before it, a chain of data
  /// movements (StridedCopy.h) whose last dst only it reads (`reads`: the
  /// readers of each value).
  bool extendsCopyChain(size_t index, const std::vector<int64_t> &reads) const;
  void placeValues();
  /// Whether result `value`, inside its segment, is left to XNNPACK.
  bool staysInside(int64_t value) const;
  /// When op `op` runs, in lifetimes.
  int64_t timeOf(size_t op) const {
    return oneSegment ? 0 : static_cast<int64_t>(op);
  }
  /// Keeps the sources of `op` alive until `time`.
  void extendSources(int64_t op, int64_t time);
  void listExternals();
  void allocateArena();

  std::string roleName(int64_t value) const;

  const RegionDesc &desc;
  Plan plan;
  bool oneSegment = false;
  /// Per value: the step that defines it, its lifetime [begin, end] (in
  /// ops; -1 is before the first op and ops.size() after the last one),
  /// how many sources of ops it is, the last op that reads it, and whether
  /// a step other than its own reads it.
  std::vector<int64_t> defStep, begin, end, readers, lastReader;
  std::vector<bool> crossesSteps, isOutput;

  /// Arena slots to place: floats, lifetime, and where the offset goes.
  struct Request {
    int64_t floats, begin, end;
    int64_t *offset;
  };
  std::vector<Request> requests;
};

std::string Planner::roleName(int64_t value) const {
  switch (plan.roles[value]) {
  case ValueRole::Input:
    return "a region input";
  case ValueRole::Weight:
    return "a weight";
  case ValueRole::Result:
    return "the result of op " + std::to_string(plan.producers[value]);
  case ValueRole::None:
    break;
  }
  return "undefined";
}

void Planner::assignRoles() {
  size_t n = desc.values.size();
  plan.roles.assign(n, ValueRole::None);
  plan.producers.assign(n, -1);
  for (const auto &[list, role] :
       {std::make_pair(&desc.inputs, ValueRole::Input),
        std::make_pair(&desc.weights, ValueRole::Weight)}) {
    for (int64_t value : *list) {
      if (plan.roles[value] != ValueRole::None)
        throw std::runtime_error("value " + std::to_string(value) +
                                 " is listed twice: it is already " +
                                 roleName(value));
      plan.roles[value] = role;
    }
  }
  for (size_t i = 0; i < desc.ops.size(); ++i) {
    int64_t dst = desc.ops[i].dst;
    if (plan.roles[dst] != ValueRole::None)
      failOp(desc, i,
             "its dst, value " + std::to_string(dst) + ", is already " +
                 roleName(dst));
    plan.roles[dst] = ValueRole::Result;
    plan.producers[dst] = static_cast<int64_t>(i);
  }
  isOutput.assign(n, false);
  for (size_t i = 0; i < desc.outputs.size(); ++i) {
    int64_t value = desc.outputs[i];
    if (isOutput[value])
      throw std::runtime_error("output " + std::to_string(i) + ", value " +
                               std::to_string(value) + ", is listed twice");
    isOutput[value] = true;
    if (plan.roles[value] != ValueRole::Result)
      throw std::runtime_error("output " + std::to_string(i) + ", value " +
                               std::to_string(value) + ", is " +
                               (plan.roles[value] == ValueRole::None
                                    ? std::string("computed by no op")
                                    : roleName(value)) +
                               ": region outputs must be results of ops");
  }
}

void Planner::checkOps() const {
  for (size_t i = 0; i < desc.ops.size(); ++i) {
    const OpDesc &op = desc.ops[i];
    if (std::isnan(op.outputMin) || std::isnan(op.outputMax) ||
        !(op.outputMin < op.outputMax))
      failOp(desc, i,
             "the output bounds [" + std::to_string(op.outputMin) + ", " +
                 std::to_string(op.outputMax) +
                 "] are not an interval (outputMin < outputMax)");
    if (op.bias >= 0 && op.kind != OpKind::Conv2d &&
        op.kind != OpKind::FullyConnected)
      failOp(desc, i, "has a bias; only conv2d and fully_connected take one");
    for (int64_t src : op.srcs) {
      ValueRole role = plan.roles[src];
      int64_t producer = plan.producers[src];
      if (role == ValueRole::Input || role == ValueRole::Weight ||
          (role == ValueRole::Result && producer < static_cast<int64_t>(i)))
        continue;
      failOp(desc, i,
             "value " + std::to_string(src) + " is used before it is defined" +
                 (producer >= 0
                      ? " (op " + std::to_string(producer) + " computes it)"
                      : ""));
    }
  }
}

bool Planner::extendsCopyChain(size_t index,
                               const std::vector<int64_t> &reads) const {
  if (plan.steps.empty() || !plan.steps.back().isHost ||
      !isDataMovement(desc, index))
    return false;
  const Step &step = plan.steps.back();
  if (step.endOp != index || !isDataMovement(desc, step.firstOp))
    return false;
  const OpDesc &previous = desc.ops[index - 1];
  const OpDesc &op = desc.ops[index];
  if (op.srcs.size() != 1 || op.srcs[0] != previous.dst ||
      reads[previous.dst] != 1 || isOutput[previous.dst] ||
      std::isfinite(previous.outputMin) || std::isfinite(previous.outputMax))
    return false;
  int64_t source = desc.ops[step.firstOp].srcs.at(0);
  return describeCopyChain(desc, step.firstOp, index + 1, plan.isWeight(source))
      .has_value();
}

void Planner::splitSteps() {
  std::vector<int64_t> reads(desc.values.size(), 0);
  for (const OpDesc &op : desc.ops)
    for (int64_t src : op.srcs)
      ++reads[src];
  plan.stepOfOp.resize(desc.ops.size());
  for (size_t i = 0; i < desc.ops.size(); ++i) {
    bool host = isHostOp(desc, i);
    if (host && extendsCopyChain(i, reads)) {
      plan.steps.back().endOp = i + 1;
      plan.stepOfOp[i] = plan.steps.size() - 1;
      continue;
    }
    if (host || plan.steps.empty() || plan.steps.back().isHost) {
      Step step;
      step.isHost = host;
      step.firstOp = i;
      plan.steps.push_back(std::move(step));
    }
    plan.steps.back().endOp = i + 1;
    plan.stepOfOp[i] = plan.steps.size() - 1;
  }
}

bool Planner::staysInside(int64_t value) const {
  // XNNPACK fuses a clamp into the node before it and a zero pad into the
  // convolution after it, through an internal value with one consumer.
  if (readers[value] != 1)
    return false;
  OpKind consumer = desc.ops[lastReader[value]].kind;
  return consumer == OpKind::Clamp ||
         (consumer == OpKind::Conv2d &&
          desc.ops[plan.producers[value]].kind == OpKind::ConstantPad);
}

void Planner::placeValues() {
  size_t n = desc.values.size();
  // A lone segment keeps its values inside XNNPACK and binds the region's
  // inputs and outputs, all alive for the whole run. Otherwise lifetimes
  // are in ops: XNNPACK runs a segment's nodes in op order.
  oneSegment = plan.steps.size() == 1 && !plan.steps[0].isHost;
  int64_t afterRun = oneSegment ? 1 : static_cast<int64_t>(desc.ops.size());

  defStep.assign(n, -1);
  begin.assign(n, -1);
  for (size_t v = 0; v < n; ++v) {
    if (plan.producers[v] < 0)
      continue;
    defStep[v] = static_cast<int64_t>(plan.stepOfOp[plan.producers[v]]);
    begin[v] = timeOf(plan.producers[v]);
  }
  end = begin;
  readers.assign(n, 0);
  lastReader.assign(n, -1);
  crossesSteps.assign(n, false);
  for (size_t i = 0; i < desc.ops.size(); ++i) {
    auto step = static_cast<int64_t>(plan.stepOfOp[i]);
    for (int64_t src : desc.ops[i].srcs) {
      if (plan.isWeight(src))
        continue;
      ++readers[src];
      lastReader[src] = static_cast<int64_t>(i);
      end[src] = std::max(end[src], timeOf(i));
      if (step != defStep[src])
        crossesSteps[src] = true;
    }
  }

  plan.slots.assign(n, Slot());
  for (int64_t value : desc.inputs)
    plan.slots[value].storage = Storage::Arena;
  for (size_t j = 0; j < desc.outputs.size(); ++j) {
    int64_t value = desc.outputs[j];
    Slot &slot = plan.slots[value];
    if (!isLayoutNeutral(desc.values[value]) || readers[value] > 0) {
      slot.storage = Storage::Arena;
      end[value] = afterRun;
    } else {
      slot.storage = Storage::Caller;
      slot.output = static_cast<int64_t>(j);
    }
  }
  // Values that cross steps, and results of host steps, are the region's.
  // With several steps, so are the values inside segments, so that every
  // activation shares one arena (XNNPACK's workspaces are per runtime),
  // except those XNNPACK fuses away and unread ones.
  for (size_t v = 0; v < n; ++v) {
    Slot &slot = plan.slots[v];
    if (plan.roles[v] != ValueRole::Result || slot.storage != Storage::None)
      continue;
    // Inside a chain of data movements, one copy: nothing is stored.
    const Step &step = plan.steps[defStep[v]];
    if (step.isHost && static_cast<size_t>(plan.producers[v]) + 1 != step.endOp)
      continue;
    if (crossesSteps[v] || plan.steps[defStep[v]].isHost ||
        (!oneSegment && readers[v] > 0 && !staysInside(v)))
      slot.storage = Storage::Arena;
  }
  // A fused pair runs as one node: its dst is written when the first op
  // runs, and its sources are read when the second one does. (A lone
  // segment's lifetimes are the whole run.)
  for (const OpDesc &op : desc.ops) {
    int64_t v = op.dst;
    if (oneSegment || plan.slots[v].storage != Storage::None || readers[v] != 1)
      continue;
    int64_t consumer = lastReader[v];
    int64_t &dstBegin = begin[desc.ops[consumer].dst];
    dstBegin = std::min(dstBegin, begin[v]);
    extendSources(plan.producers[v], timeOf(consumer));
  }
  for (size_t v = 0; v < n; ++v)
    if (plan.slots[v].storage == Storage::Arena)
      requests.push_back({getPaddedFloats(getNumElements(desc.values[v])),
                          begin[v], end[v], &plan.slots[v].offset});
}

void Planner::extendSources(int64_t op, int64_t time) {
  for (int64_t src : desc.ops[op].srcs) {
    if (plan.isWeight(src))
      continue;
    end[src] = std::max(end[src], time);
    // Through a chain of fused ops (each value read once: a tree).
    if (plan.roles[src] == ValueRole::Result &&
        plan.slots[src].storage == Storage::None && readers[src] == 1)
      extendSources(plan.producers[src], time);
  }
}

void Planner::listExternals() {
  // The step that last listed a value, so that each is listed once.
  std::vector<int64_t> listedBy(desc.values.size(), -1);
  for (size_t k = 0; k < plan.steps.size(); ++k) {
    Step &step = plan.steps[k];
    auto self = static_cast<int64_t>(k);
    if (step.isHost) {
      int64_t floats = step.endOp - step.firstOp == 1
                           ? getHostScratchFloats(desc, step.firstOp)
                           : 0;
      int64_t time = timeOf(step.firstOp);
      if (floats > 0)
        requests.push_back(
            {getPaddedFloats(floats), time, time, &step.scratchOffset});
      continue;
    }
    for (size_t i = step.firstOp; i < step.endOp; ++i) {
      for (int64_t src : desc.ops[i].srcs) {
        if (plan.isWeight(src) || defStep[src] == self || listedBy[src] == self)
          continue;
        listedBy[src] = self;
        step.externalInputs.push_back(src);
      }
      int64_t dst = desc.ops[i].dst;
      if (plan.slots[dst].storage != Storage::None)
        step.externalOutputs.push_back(dst);
    }
  }
}

void Planner::allocateArena() {
  // Largest first; each at the lowest offset clear of every placed slot
  // whose lifetime overlaps its own.
  std::vector<size_t> order(requests.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return requests[a].floats > requests[b].floats;
  });
  std::vector<size_t> placed;
  for (size_t index : order) {
    Request &request = requests[index];
    std::vector<std::pair<int64_t, int64_t>> taken;
    for (size_t other : placed) {
      const Request &o = requests[other];
      if (o.begin <= request.end && request.begin <= o.end)
        taken.emplace_back(*o.offset, *o.offset + o.floats);
    }
    std::sort(taken.begin(), taken.end());
    int64_t offset = 0;
    for (const auto &[begin, end] : taken) {
      if (offset + request.floats <= begin)
        break;
      offset = std::max(offset, end);
    }
    *request.offset = offset;
    plan.arenaFloats = std::max(plan.arenaFloats, offset + request.floats);
    placed.push_back(index);
  }
}

Plan Planner::make() {
  assignRoles();
  checkOps();
  splitSteps();
  placeValues();
  listExternals();
  allocateArena();
  return std::move(plan);
}

} // namespace

Plan makePlan(const RegionDesc &desc) { return Planner(desc).make(); }

} // namespace seam::xnnpack_region
