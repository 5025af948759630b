//===- PartitionAttrs.h - Attributes the partition passes record -*- C++
//-*-===//
//
// Partitioning records its decisions as discardable attributes, so that each
// pass can be run and FileChecked on its own:
//
//   merge-composite  seam.reason on an op a pattern refused (why)
//   annotate-target  seam.backend on each composite or op a backend takes,
//                    seam.reason on every other seam op (why not)
//   merge-regions    seam.region (an index per function) on each taken op
//   prune-regions    takes seam.backend/seam.region off regions without
//                    heavy compute, and says so in seam.reason
//   outline-regions  seam.backend and seam.composites on each outlined function
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TRANSFORMS_PARTITIONATTRS_H
#define SEAM_TRANSFORMS_PARTITIONATTRS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "seam/Support/LLVM.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

namespace seam {

/// On an op or composite: the backend that takes it. On an outlined
/// function: the backend that runs it.
inline constexpr StringLiteral kBackendAttr = "seam.backend";
/// On an op left to the compiler: why no backend took it.
inline constexpr StringLiteral kReasonAttr = "seam.reason";
/// On a taken op, from merge-regions to outline: its region in its function.
inline constexpr StringLiteral kRegionAttr = "seam.region";
/// On an outlined function: the names of its composites, in order.
inline constexpr StringLiteral kCompositesAttr = "seam.composites";

/// The backend `op` (an op or an outlined function) is assigned to, if any.
std::optional<StringRef> getAssignedBackend(Operation *op);

/// The region merge-regions put `op` in, if any.
std::optional<int64_t> getRegion(Operation *op);

/// Adds `reason` to the `seam.reason` of `op` ("; "-separated), unless the
/// reason is already there.
void addReason(Operation *op, StringRef reason);

/// Removes every partition attribute from `op` (backend, region, reason).
void clearPartitionAttrs(Operation *op);

/// The functions of `module` that are not outlined regions of a backend: the
/// ones partitioning works on.
SmallVector<func::FuncOp> getFuncsToPartition(ModuleOp module);

/// The ops of each region of `block`, by `seam.region`, in program order;
/// regions come in the order of their first ops.
using RegionMap = llvm::MapVector<int64_t, SmallVector<Operation *>>;

/// Collects the regions of `block`. Fails with an error on the first op that
/// has a `seam.backend` but no `seam.region` (seam-merge-regions did not run).
FailureOr<RegionMap> collectRegions(Block &block);

/// True for ops that are heavy compute: conv, conv_transpose, matmul, gemm,
/// or a composite that holds one. Regions without one are not worth
/// offloading.
bool isHeavyCompute(Operation *op);

} // namespace seam

#endif // SEAM_TRANSFORMS_PARTITIONATTRS_H
