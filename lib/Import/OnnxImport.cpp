//===- OnnxImport.cpp - Public entry points of the ONNX importer ----------===//

#include "seam/Import/OnnxImporter.h"
#include "seam/Support/RegularFile.h"

#include "OnnxGraphImporter.h"
#include "OnnxModelLoader.h"

#include "seam/SeamDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Path.h"

using namespace mlir;

namespace seam {
using namespace detail;

void loadImportDialects(MLIRContext &context) {
  context
      .loadDialect<seam::SeamDialect, arith::ArithDialect, func::FuncDialect>();
}

std::string parseInputShape(llvm::StringRef spec, OnnxImportOptions &options) {
  auto [name, dims] = spec.rsplit('=');
  if (name.empty() || dims.empty() || spec.find('=') == llvm::StringRef::npos)
    return "--input-shape '" + spec.str() + "' must look like name=1x3x224x224";
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<llvm::StringRef> parts;
  dims.split(parts, 'x');
  for (llvm::StringRef part : parts) {
    int64_t d;
    if (part.getAsInteger(10, d) || d <= 0)
      return "--input-shape '" + spec.str() + "': '" + part.str() +
             "' is not a positive dimension";
    shape.push_back(d);
  }
  options.inputShapes[name] = shape;
  return "";
}

/// Imports a parsed model, which the module's weights view in place (see
/// GraphImporter).
static OwningOpRef<ModuleOp>
importOnnxModel(std::shared_ptr<onnx::ModelProto> model, Location loc,
                llvm::StringRef baseDir, MLIRContext &context,
                const OnnxImportOptions &options, llvm::StringRef name,
                InitializerViews *views = nullptr) {
  if (failed(checkSupportedOps(*model, loc)) ||
      failed(normalizeOnnxModel(*model, baseDir, options, loc, views)))
    return nullptr;
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  GraphImporter importer(*model, *module, options, name, model, views);
  if (failed(importer.run()) || failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> importOnnxBytes(llvm::StringRef bytes,
                                      llvm::StringRef baseDir,
                                      MLIRContext &context,
                                      const OnnxImportOptions &options,
                                      llvm::StringRef name) {
  loadImportDialects(context);
  detail::startBuildingOnnxSchemas();
  llvm::scope_exit waitForSchemas(detail::waitForOnnxSchemas);
  Location loc = FileLineColLoc::get(&context, name, 0, 0);
  auto model = std::make_shared<onnx::ModelProto>();
  if (failed(parseOnnxModel(bytes, loc, *model)))
    return nullptr;
  return importOnnxModel(std::move(model), loc, baseDir, context, options,
                         name);
}

OwningOpRef<ModuleOp> importOnnxFile(llvm::StringRef path, MLIRContext &context,
                                     const OnnxImportOptions &options) {
  loadImportDialects(context);
  // Built while the model is read.
  detail::startBuildingOnnxSchemas();
  llvm::scope_exit waitForSchemas(detail::waitForOnnxSchemas);
  Location loc = FileLineColLoc::get(&context, path, 0, 0);
  // A regular file only: a FIFO or a device would block or never end.
  RegularFile file(path);
  if (!file.ok()) {
    emitError(loc) << "cannot read '" << path << "': " << file.error();
    return nullptr;
  }
  auto model = std::make_shared<onnx::ModelProto>();
  InitializerViews views;
  if (failed(parseOnnxModelFile(file, loc, *model, &views)))
    return nullptr;
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (dir.empty())
    dir = ".";
  return importOnnxModel(std::move(model), loc, dir, context, options, path,
                         &views);
}

} // namespace seam
