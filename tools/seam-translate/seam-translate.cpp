//===- seam-translate.cpp - Translate models into the seam dialect --------===//
//
//   seam-translate --import-onnx model.onnx [-o out.mlir]
//                  [--input-shape name=1x3x224x224 ...] [--elide-weights]
//                  [--mlir-print-debuginfo [--mlir-pretty-debuginfo]]
//   seam-translate --version
//
// Writes the imported module (stdout by default), its weights (the
// dense_resource blobs) in full, so that seam-opt and seam-run can take it.
// --elide-weights leaves out the data of blobs over 64 bytes, for reading: a
// module written so cannot be compiled (seam-run says which weights have no
// data). --emit-weights, which printed the weights when elision was the
// default, is still accepted and does nothing.
//
// --help lists these options and --mlir-print-debuginfo (the ONNX node of
// each op as its location); LLVM's and MLIR's other options are hidden
// (still accepted). On any error it prints the diagnostics, writes nothing
// and exits non-zero.
//
//===----------------------------------------------------------------------===//

#include "ToolVersion.h"
#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

namespace cl = llvm::cl;

/// The options --help lists (with LLVM's --help and --version). The name
/// sorts before LLVM's "Generic Options", so that they come first.
static cl::OptionCategory
    toolCategory("Converting a model to the seam dialect");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model>"),
                                      cl::cat(toolCategory));
static cl::opt<bool> listOnnxOps(
    "list-onnx-ops",
    cl::desc("Print the ONNX operators --import-onnx converts, with the "
             "opsets it takes them from, as a Markdown table"),
    cl::cat(toolCategory));
static cl::opt<bool> importOnnx("import-onnx",
                                cl::desc("Import an ONNX model (.onnx)"),
                                cl::cat(toolCategory));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("filename"),
                                       cl::init("-"), cl::cat(toolCategory));
static cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("Static shape of a model input: name=1x3x224x224"),
                cl::value_desc("name=DxD..."), cl::cat(toolCategory));
static cl::opt<bool> elideWeights(
    "elide-weights",
    cl::desc("Leave out the data of weights (dense_resource blobs) over 64 "
             "bytes, for reading; such a module cannot be compiled"),
    cl::cat(toolCategory));
static cl::opt<bool>
    emitWeights("emit-weights",
                cl::desc("Deprecated, does nothing: weights are written in "
                         "full unless --elide-weights"),
                cl::Hidden, cl::cat(toolCategory));

/// MLIR's printing options that --help keeps listing beside the tool's own.
static const char *const kShownMlirOptions[] = {"mlir-print-debuginfo",
                                                "mlir-pretty-debuginfo"};

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  auto &registered = cl::getRegisteredOptions();
  for (const char *name : kShownMlirOptions)
    if (cl::Option *option = registered.lookup(name))
      option->addCategory(toolCategory);
  cl::HideUnrelatedOptions(toolCategory);
  seam::tools::setVersionPrinter();
  cl::ParseCommandLineOptions(argc, argv, "Seam model translator\n");
  if (listOnnxOps) {
    llvm::outs() << "| ONNX operator | opsets |\n|---|---|\n";
    for (const seam::SupportedOnnxOp &op : seam::getSupportedOnnxOps())
      llvm::outs() << "| " << (op.domain.empty() ? "" : op.domain + "::")
                   << op.name << " | " << op.firstOpset << "–" << op.lastOpset
                   << " |\n";
    return 0;
  }
  if (!importOnnx) {
    llvm::errs() << "seam-translate: choose a translation (--import-onnx)\n";
    return 1;
  }
  if (inputFile.empty()) {
    llvm::errs() << "seam-translate: no model given\n";
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
  // The defaults come from MLIR's printing options (--mlir-print-debuginfo).
  mlir::OpPrintingFlags flags;
  if (elideWeights)
    flags.elideLargeResourceString(64);
  module->print(output->os(), flags);
  output->os() << "\n";
  output->keep();
  return 0;
}
