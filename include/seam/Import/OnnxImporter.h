//===- OnnxImporter.h - ONNX model -> seam dialect --------------*- C++ -*-===//
//
// Imports an ONNX model (file or bytes in memory) into a verified module with
// one `func.func @main` of seam ops. The model goes through the ONNX library
// first: external data is validated and loaded, opsets below 13 are converted
// to 13, the checker runs, and ONNX shape inference cross-checks every shape.
// Every error is emitted as an MLIR diagnostic naming the node, op and reason;
// on error nothing is returned.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_IMPORT_ONNXIMPORTER_H
#define SEAM_IMPORT_ONNXIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace seam {

/// A graph input or output of an ONNX model as the importer would type it:
/// its name, element type and dims (mlir::ShapedType::kDynamic where the
/// model leaves a dim symbolic or unknown).
struct OnnxValueSignature {
  std::string name;
  mlir::Type elementType;
  llvm::SmallVector<int64_t> dims;
};

/// The graph inputs (initializers excluded) and outputs of a model.
struct OnnxSignature {
  std::vector<OnnxValueSignature> inputs, outputs;
};

/// Options of the ONNX importer.
struct OnnxImportOptions {
  /// Static shapes for graph inputs, by input name. Required for every input
  /// with a symbolic or unknown dimension; must agree with the fixed dims.
  llvm::StringMap<llvm::SmallVector<int64_t>> inputShapes;
  /// Initializers with more elements than this become `dense_resource`
  /// constants (printed elided by the tools); smaller ones are `dense`.
  int64_t inlineConstantLimit = 16;
  /// If and Loop are inlined and unrolled at import: at most this many nodes
  /// of their subgraphs are imported (over all iterations and nesting), and
  /// a Loop runs at most `maxLoopIterations` iterations; more is an error.
  /// RNN, GRU and LSTM are unrolled too, over at most that many steps.
  int64_t maxInlinedNodes = int64_t(1) << 16;
  int64_t maxLoopIterations = int64_t(1) << 14;
  /// When set, a model with an input dim that is neither fixed nor given in
  /// `inputShapes` is not imported and is no error: its signature is stored
  /// here and nothing is returned (a caller that compiles a specialization
  /// per run-time shape, seam::Session). Left empty otherwise.
  OnnxSignature *dynamicSignature = nullptr;
};

/// Parses one `--input-shape` value, "name=1x3x224x224", into `options`.
/// Returns an error message, or an empty string on success.
std::string parseInputShape(llvm::StringRef spec, OnnxImportOptions &options);

/// Imports the model at `path`; external data is read relative to its folder.
mlir::OwningOpRef<mlir::ModuleOp>
importOnnxFile(llvm::StringRef path, mlir::MLIRContext &context,
               const OnnxImportOptions &options = {});

/// Imports a serialized model held in memory. External data is read relative
/// to `baseDir`; with an empty `baseDir`, a model with external data is an
/// error. `name` labels diagnostics.
mlir::OwningOpRef<mlir::ModuleOp> importOnnxBytes(
    llvm::StringRef bytes, llvm::StringRef baseDir, mlir::MLIRContext &context,
    const OnnxImportOptions &options = {}, llvm::StringRef name = "<memory>");

/// Loads the dialects an imported module uses into `context`.
void loadImportDialects(mlir::MLIRContext &context);

/// An operator the importer converts, its domain ("" for ONNX's default
/// domain, "ai.onnx.ml") and the opsets of that domain it is imported from:
/// its first version in ONNX (older default-domain models are converted to
/// opset 13 first) up to the newest opset of the domain Seam imports.
struct SupportedOnnxOp {
  std::string name;
  std::string domain;
  int64_t firstOpset, lastOpset;
};

/// Every supported operator, the default domain's first, each domain's
/// sorted by name: the ONNX library's operator registry filtered by the
/// importer's converter tables.
std::vector<SupportedOnnxOp> getSupportedOnnxOps();

} // namespace seam

#endif // SEAM_IMPORT_ONNXIMPORTER_H
