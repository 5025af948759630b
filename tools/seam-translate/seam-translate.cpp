//===- seam-translate.cpp - Translate models into the seam dialect --------===//
//
//   seam-translate --import-onnx model.onnx [-o out.mlir]
//                  [--input-shape name=1x3x224x224 ...] [--emit-weights]
//
// Writes the imported module (stdout by default). On any error it prints the
// diagnostics, writes nothing and exits non-zero.
//
//===----------------------------------------------------------------------===//

#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include "mlir/IR/Diagnostics.h"

namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model>"),
                                      cl::Required);
static cl::opt<bool> importOnnx("import-onnx",
                                cl::desc("Import an ONNX model (.onnx)"));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("filename"),
                                       cl::init("-"));
static cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("Static shape of a model input: name=1x3x224x224"),
                cl::value_desc("name=DxD..."));
static cl::opt<bool> emitWeights(
    "emit-weights",
    cl::desc("Print the weights (dense_resource blobs) in full; by default "
             "blobs over 64 bytes are elided"));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "Seam model translator\n");
  if (!importOnnx) {
    llvm::errs() << "seam-translate: choose a translation (--import-onnx)\n";
    return 1;
  }

  seam::OnnxImportOptions options;
  for (const std::string &spec : inputShapes) {
    std::string error = seam::parseInputShape(spec, options);
    if (!error.empty()) {
      llvm::errs() << "seam-translate: " << error << "\n";
      return 1;
    }
  }

  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      seam::importOnnxFile(inputFile, context, options);
  if (!module)
    return 1;

  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "seam-translate: " << error << "\n";
    return 1;
  }
  mlir::OpPrintingFlags flags;
  if (!emitWeights)
    flags.elideLargeResourceString(64);
  module->print(output->os(), flags);
  output->os() << "\n";
  output->keep();
  return 0;
}
