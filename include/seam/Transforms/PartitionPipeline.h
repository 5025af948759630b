//===- PartitionPipeline.h - The seam-partition pipeline --------*- C++ -*-===//
//
// Seam's `partition_for_X`: the prepare passes and the partition passes in
// one named pipeline, `seam-partition{backends=a,b}`. The Session builds the
// same passes in C++: the prepare passes as a stage of their own
// (buildPreparePipeline), then the partition passes without them
// (`prepare = false`).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TRANSFORMS_PARTITIONPIPELINE_H
#define SEAM_TRANSFORMS_PARTITIONPIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "seam/Support/LLVM.h"

#include <string>

namespace seam {

/// Options of the seam-partition pipeline.
struct PartitionPipelineOptions
    : public mlir::PassPipelineOptions<PartitionPipelineOptions> {
  ListOption<std::string> backends{
      *this, "backends",
      llvm::cl::desc("Backends in priority order (a,b), or none")};
  Option<bool> report{*this, "report",
                      llvm::cl::desc("Print the partition table at the end"),
                      llvm::cl::init(false)};
  Option<bool> prepare{
      *this, "prepare",
      llvm::cl::desc("Run the prepare passes first (off for a module that "
                     "is prepared already)"),
      llvm::cl::init(true)};
};

/// Adds to `pm` (on a module) the prepare passes: seam-fold-constants,
/// seam-fold-batch-norm, seam-raise-decomposed-ops and canonicalize on each
/// function.
void buildPreparePipeline(OpPassManager &pm);

/// Adds to `pm` (on a module): with `prepare` (the default) the prepare
/// passes (buildPreparePipeline), then seam-merge-composite,
/// seam-annotate-target, seam-merge-regions, seam-prune-regions,
/// seam-outline-regions, and with `report` seam-partition-report.
void buildPartitionPipeline(OpPassManager &pm,
                            const PartitionPipelineOptions &options);

/// Registers the pipeline as `seam-partition`.
void registerPartitionPipeline();

} // namespace seam

#endif // SEAM_TRANSFORMS_PARTITIONPIPELINE_H
