//===- PartitionPipeline.h - The seam-partition pipeline --------*- C++ -*-===//
//
// Seam's `partition_for_X`: the prepare passes and the partition passes in
// one named pipeline, `seam-partition{backends=a,b}`.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TRANSFORMS_PARTITIONPIPELINE_H
#define SEAM_TRANSFORMS_PARTITIONPIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir::seam {

/// Options of the seam-partition pipeline.
struct PartitionPipelineOptions
    : public PassPipelineOptions<PartitionPipelineOptions> {
  ListOption<std::string> backends{
      *this, "backends",
      llvm::cl::desc("Backends in priority order (a,b), or none")};
  Option<bool> report{*this, "report",
                      llvm::cl::desc("Print the partition table at the end"),
                      llvm::cl::init(false)};
};

/// Adds to `pm` (on a module): seam-fold-constants, seam-fold-batch-norm and
/// canonicalize on each function, then seam-merge-composite,
/// seam-annotate-target, seam-merge-regions, seam-prune-regions,
/// seam-outline-regions, and with `report` seam-partition-report.
void buildPartitionPipeline(OpPassManager &pm,
                            const PartitionPipelineOptions &options);

/// Registers the pipeline as `seam-partition`.
void registerPartitionPipeline();

} // namespace mlir::seam

#endif // SEAM_TRANSFORMS_PARTITIONPIPELINE_H
