//===- PartitionPipeline.cpp - The seam-partition pipeline ----------------===//

#include "seam/Transforms/PartitionPipeline.h"

#include "seam/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace seam;

void seam::buildPreparePipeline(OpPassManager &pm) {
  OpPassManager &prepare = pm.nest<func::FuncOp>();
  prepare.addPass(createSeamFoldConstantsPass());
  prepare.addPass(createSeamFoldBatchNormPass());
  prepare.addPass(createSeamRaiseDecomposedOpsPass());
  prepare.addPass(createCanonicalizerPass());
}

void seam::buildPartitionPipeline(OpPassManager &pm,
                                  const PartitionPipelineOptions &options) {
  if (options.prepare)
    buildPreparePipeline(pm);

  SmallVector<std::string> backends(options.backends.begin(),
                                    options.backends.end());
  pm.addPass(createSeamMergeCompositePass({backends}));
  pm.addPass(createSeamAnnotateTargetPass({backends}));
  OpPassManager &regions = pm.nest<func::FuncOp>();
  regions.addPass(createSeamMergeRegionsPass());
  regions.addPass(createSeamPruneRegionsPass());
  pm.addPass(createSeamOutlineRegionsPass());
  if (options.report)
    pm.addPass(createSeamPartitionReportPass());
}

void seam::registerPartitionPipeline() {
  PassPipelineRegistration<PartitionPipelineOptions>(
      "seam-partition",
      "Prepare and partition a model between backends and the compiler",
      buildPartitionPipeline);
}
