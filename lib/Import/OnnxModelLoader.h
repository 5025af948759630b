//===- OnnxModelLoader.h - Parse and normalize an ONNX model ----*- C++ -*-===//
//
// Everything the importer asks of the ONNX library, before any MLIR is built:
// parsing, safe loading of external data, input-shape overrides, version
// conversion to the importer's opset, the checker and shape inference.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_ONNXMODELLOADER_H
#define SEAM_LIB_IMPORT_ONNXMODELLOADER_H

#include "seam/Import/OnnxImporter.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace seam {
class RegularFile;
} // namespace seam

namespace seam::detail {

/// The default-domain opset the op converters are written for. Older models
/// are converted up to it; models from 13 to kMaxOpset import as they are.
constexpr int64_t kImportOpset = 13;
/// The newest default-domain opset the ONNX library here (1.12) knows.
constexpr int64_t kMaxOpset = 17;

/// The large float32 initializers of a model's main graph that were left
/// where the model file's mapping has them instead of being copied into
/// their TensorProto, which then holds no raw_data: kernel creations
/// (oneDNN's reorders) read them from the file's pages, which no copy
/// faulted in first. Only 4-byte-aligned data is left in place, so that it
/// can be read as floats.
struct InitializerViews {
  /// Keeps the file mapped (shared with the blobs that view it).
  std::shared_ptr<const void> mapping;
  /// Each viewed initializer's raw data, by name.
  llvm::StringMap<llvm::ArrayRef<char>> bytes;

  bool empty() const { return bytes.empty(); }
  /// The raw data of `tensor` when it is viewed; an empty ArrayRef with a
  /// null data pointer when it is not.
  llvm::ArrayRef<char> lookup(const onnx::TensorProto &tensor) const;
  /// Copies each view into its tensor's raw_data and forgets the views (for
  /// ONNX code that reads the tensors).
  void materialize(onnx::GraphProto &graph);
};

/// Parses `bytes` into `model` and checks that it has a graph. Errors are
/// emitted at `loc`.
mlir::LogicalResult parseOnnxModel(llvm::StringRef bytes, mlir::Location loc,
                                   onnx::ModelProto &model);
/// The same, streaming the model from `file` (which is open). With `views`,
/// large initializers may stay in the file's mapping (see InitializerViews).
mlir::LogicalResult parseOnnxModelFile(const RegularFile &file,
                                       mlir::Location loc,
                                       onnx::ModelProto &model,
                                       InitializerViews *views = nullptr);

/// Starts building ONNX's registry of op schemas (every schema of every
/// opset, ~7-9 ms, built by ONNX on first use) on a thread of its own, once
/// per process, so that it overlaps the parse of the model. The caller
/// waits for it (waitForOnnxSchemas) before it returns, also on errors: a
/// build still running at exit would see the statics it makes destroyed
/// under it.
void startBuildingOnnxSchemas();
/// Waits until the registry is built (building it here when no thread could
/// be made). normalizeOnnxModel calls it before ONNX's code runs or forks.
void waitForOnnxSchemas();

/// Checks the opset, loads external data (relative to `baseDir`), applies
/// the input-shape overrides, converts the opset up to kImportOpset, and runs
/// the checker and shape inference. The `views` of the model's initializers
/// stay where they are (or are copied into the model when ONNX's code must
/// read them: a version conversion).
mlir::LogicalResult normalizeOnnxModel(onnx::ModelProto &model,
                                       llvm::StringRef baseDir,
                                       const OnnxImportOptions &options,
                                       mlir::Location loc,
                                       InitializerViews *views = nullptr);

/// The default-domain opset of `model` after loading.
int64_t defaultOpset(const onnx::ModelProto &model);

/// Name of an ONNX TensorProto data type ("FLOAT", "INT64", ...).
/// How errors name a node: its name, or its first output when unnamed.
std::string nodeLabel(const onnx::NodeProto &node);

std::string dataTypeName(int32_t type);

/// The element type of the IR for an ONNX data type: f32, f64, f16, i64,
/// i32, i8, ui64, ui32, ui16, ui8 and i1 (bool); null for a type Seam does
/// not support.
mlir::Type getElementType(mlir::MLIRContext *ctx, int32_t type);

/// The ONNX data types getElementType supports, for error messages.
constexpr const char *kSupportedDataTypes =
    "float32, float64, float16, int64, int32, int8, uint64, uint32, uint16, "
    "uint8 and bool";

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_ONNXMODELLOADER_H
