//===- Plan.h - A region as a sequence of steps -----------------*- C++ -*-===//
//
// This XNNPACK snapshot has no concatenate, copy, slice or transpose node.
// The ops it cannot compute well run on the host, in the runtime itself (host
// steps, HostSteps.h): concat (a copy of contiguous runs), transpose and
// slice (strided copies), and reshapes whose data differs between NCHW and
// NHWC (a transpose); a chain of such data movements is one copy. A region is
// thus a sequence of steps: XNNPACK segments (maximal runs of the other ops,
// each its own subgraph and runtime) and host steps between them. A region
// without host ops is one segment, exactly as if there were no plan.
//
// The plan also says where each value lives during a run. A lone segment
// keeps its values inside XNNPACK and binds the region's inputs and outputs
// only. With several steps, XNNPACK's workspaces would be one per runtime,
// none shared: so every activation lives in one arena each instance
// allocates once (but for values XNNPACK fuses away: a clamp's source, a
// zero pad before a convolution), and segments bind the values they read
// from other steps as external inputs and those they make as external
// outputs. Region inputs are staged in the arena in the layout inside, and
// so are outputs that need a conversion or that ops read; the other outputs
// are written into the caller's buffers. Arena offsets are planned by
// lifetime, in ops (XNNPACK runs a segment's nodes in op order): values
// alive at the same time never share memory, the others may.
//
// Making the plan checks what every op shares: each value has one role
// (input, weight or the result of one op), is defined before it is used, and
// outputs are results. The ops' own checks are where they are built
// (SubgraphOps.cpp, HostSteps.cpp).
//
// C++ standard library only (XNNPACK's header in Plan.cpp, for
// XNN_EXTRA_BYTES): part of the xnnpack runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_PLAN_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_PLAN_H

#include "Layout.h"
#include "RegionDesc.h"

#include <string>
#include <vector>

namespace seam::xnnpack_region {

/// What a value is to the region.
enum class ValueRole : uint8_t { None, Input, Weight, Result };

/// Where a value's data is during a run.
enum class Storage : uint8_t {
  /// Not kept by the region: a weight, or a value inside one segment.
  None,
  /// In the instance's arena, at the slot's offset.
  Arena,
  /// In the caller's buffer of a region output.
  Caller,
};

struct Slot {
  Storage storage = Storage::None;
  /// Arena: the offset in floats.
  int64_t offset = 0;
  /// Caller: the index of the region output.
  int64_t output = -1;
};

/// One step of a run.
struct Step {
  /// A host step runs op `firstOp` in the runtime, or ops [firstOp, endOp)
  /// when they are a chain of data movements (each reading only the dst of
  /// the one before, StridedCopy.h) as one strided copy whose intermediate
  /// values are never stored; a segment runs ops [firstOp, endOp) as one
  /// XNNPACK runtime.
  bool isHost = false;
  size_t firstOp = 0, endOp = 0;
  /// Segment: the values it reads from other steps or from the caller
  /// (external inputs) and those it makes that the region stores (external
  /// outputs), in order of first use / definition.
  std::vector<int64_t> externalInputs, externalOutputs;
  /// Host: the offset in floats of its scratch in the arena, or -1.
  int64_t scratchOffset = -1;
};

struct Plan {
  std::vector<ValueRole> roles;
  /// The op that computes each result value (-1 for the others).
  std::vector<int64_t> producers;
  std::vector<Step> steps;
  /// The step of each op.
  std::vector<size_t> stepOfOp;
  /// Per value.
  std::vector<Slot> slots;
  /// The floats of an instance's arena (slots and scratch).
  int64_t arenaFloats = 0;

  bool isWeight(int64_t value) const {
    return roles[value] == ValueRole::Weight;
  }
};

/// The plan of `desc`. Throws std::runtime_error on a value with two roles,
/// a value used before its definition ("op 3 (add): value 1 is used before
/// it is defined (op 4 computes it)"), or an output that is not a result.
Plan makePlan(const RegionDesc &desc);

/// Whether op `index` runs on the host (see the top of this file).
bool isHostOp(const RegionDesc &desc, size_t index);

/// The scratch floats host op `index` needs during its step (0: none).
int64_t getHostScratchFloats(const RegionDesc &desc, size_t index);

/// Throws std::runtime_error "op <index> (<keyword>): <message>".
[[noreturn]] void failOp(const RegionDesc &desc, size_t index,
                         const std::string &message);

/// Floats to reserve for `elements` floats in an arena or buffer: room for
/// XNNPACK's over-reads (XNN_EXTRA_BYTES), rounded to 64 bytes.
int64_t getPaddedFloats(int64_t elements);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_PLAN_H
