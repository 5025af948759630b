//===- InitAll.cpp - Register every dialect and pass Seam uses ------------===//

#include "seam/InitAll.h"

#include "Seam/SeamDialect.h"
#include "seam/Conversion/Passes.h"
#include "seam/Pipeline/Pipelines.h"
#include "seam/Transforms/PartitionPipeline.h"
#include "seam/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void seam::registerAllDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::seam::SeamDialect>();
}

void seam::registerAllPasses() {
  mlir::registerAllPasses();
  mlir::seam::registerSeamPasses();
  mlir::seam::registerPartitionPipeline();
  mlir::seam::registerSeamConversionPasses();
  seam::registerSeamPipelines();
}
