//===- seam-opt.cpp - mlir-opt with the seam dialect and passes -----------===//
//
// The mlir-opt-style driver of Seam: every upstream dialect and pass, plus the
// seam dialect, Seam's passes and its named pipelines. --version prints
// Seam's version and LLVM's.
//
//===----------------------------------------------------------------------===//

#include "ToolVersion.h"
#include "seam/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  seam::tools::setVersionPrinter();
  seam::registerAllPasses();
  mlir::DialectRegistry registry;
  seam::registerAllDialectsForTools(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Seam optimizer driver\n", registry));
}
