//===- PartitionReport.h - What partitioning did, as a table ----*- C++ -*-===//
//
// The partition table that `seam-opt --seam-partition-report` and
// `seam-run --report` print: per backend the regions, composites and ops it
// runs and their share of the model's FLOPs, then every op left to the
// compiler with the reason no backend took it.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TRANSFORMS_PARTITIONREPORT_H
#define SEAM_TRANSFORMS_PARTITIONREPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "seam/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace seam {

/// Prints the partition table of `module` to `os`. Ops inside a function
/// with `seam.backend` (after outlining), or with a `seam.backend` of their
/// own or of their composite (before), count as offloaded.
void printPartitionReport(ModuleOp module, llvm::raw_ostream &os);

} // namespace seam

#endif // SEAM_TRANSFORMS_PARTITIONREPORT_H
