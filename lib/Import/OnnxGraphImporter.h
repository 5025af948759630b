//===- OnnxGraphImporter.h - ONNX graph -> seam ops -------------*- C++ -*-===//
//
// The state of one graph import: the value table (ONNX value name -> IR value
// or import-time integer constant), the node being converted, and accessors
// for its inputs and attributes that report errors naming the node. Op
// converters (OnnxOpConverters.cpp) use only this interface.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_ONNXGRAPHIMPORTER_H
#define SEAM_LIB_IMPORT_ONNXGRAPHIMPORTER_H

#include "seam/Import/OnnxImporter.h"
#include "seam/SeamShapes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <optional>
#include <vector>

namespace seam::detail {
struct InitializerViews;

/// An integer tensor known at import time: the shape arithmetic exporters
/// emit (Shape -> Gather -> Concat -> Reshape) is evaluated on these.
struct IntTensor {
  llvm::SmallVector<int64_t> shape;
  std::vector<int64_t> values;
  /// The ONNX data type it has in the model (INT64, INT32, INT8 or BOOL);
  /// a tensor of the IR made from it has this element type.
  int32_t dataType = onnx::TensorProto::INT64;
};

/// A small float tensor computed at import from integer shape values (the
/// sizes TF's resize ops compute: Cast(Shape) * scale -> Floor -> Cast), in
/// the precision of its ONNX data type (FLOAT or DOUBLE).
struct ShapeFloats {
  std::vector<int64_t> shape;
  std::vector<double> values;
  int32_t dataType = onnx::TensorProto::FLOAT;
};

/// What one ONNX value name stands for.
struct ImportedValue {
  /// A tensor of the IR (graph input, op result, materialized constant).
  mlir::Value tensor;
  /// A float32, float64 or float16 initializer or Constant not yet
  /// materialized (on first use).
  const onnx::TensorProto *pending = nullptr;
  /// An integer constant evaluated at import (also when `tensor` holds it
  /// materialized).
  std::optional<IntTensor> ints;
  /// Float shape arithmetic evaluated at import (`tensor` holds it
  /// materialized).
  std::optional<ShapeFloats> floats;
  /// A tensor of a data type Seam does not import; an error when used.
  int32_t unsupportedType = 0;
};

/// The f32 elements of an ONNX tensor, viewed in place when aligned.
struct FloatData {
  llvm::ArrayRef<float> values;
  std::vector<float> aligned;
};
FloatData floatData(const onnx::TensorProto &tensor);
/// The elements of a float32, float64 or float16 ONNX tensor (checked by
/// readTensor), as doubles.
std::vector<double> floatValues(const onnx::TensorProto &tensor);

class GraphImporter {
public:
  /// Imports `model`. With `owner` (the shared owner of `model`), the
  /// large float32 initializers become dense_resource blobs that view their
  /// tensor's raw data in place instead of copying it; releasing such a blob
  /// frees that tensor's data, and the last one releases the model.
  /// The initializers `views` holds become blobs that view the model file's
  /// mapping; releasing one drops its pages, and the last one unmaps the
  /// file.
  GraphImporter(const onnx::ModelProto &model, mlir::ModuleOp module,
                const OnnxImportOptions &options, llvm::StringRef fileName,
                std::shared_ptr<onnx::ModelProto> owner = nullptr,
                const InitializerViews *views = nullptr);

  /// Builds `func.func @main` in the module.
  mlir::LogicalResult run();

  //===--------------------------------------------------------------------===//
  // For op converters: the current node
  //===--------------------------------------------------------------------===//

  const onnx::NodeProto &node() const { return *current; }
  mlir::OpBuilder &builder() { return b; }
  mlir::Location loc() const { return currentLoc; }
  mlir::MLIRContext *context() { return b.getContext(); }
  int64_t opset() const { return opsetVersion; }
  /// The version of `domain` the model imports, or 0.
  int64_t domainOpset(llvm::StringRef domain) const;
  const OnnxImportOptions &importOptions() const { return options; }

  /// An error prefixed "node 'name' (OpType): ".
  mlir::InFlightDiagnostic error();
  /// The same prefix, for the shape and fold helpers that take an
  /// OpDiagnostic.
  OpDiagnostic diagnostic() const;

  /// True if input `i` is present (exists and has a non-empty name).
  bool hasInput(unsigned i) const;
  /// Input `i` as a tensor of the IR, of any element type (an integer
  /// constant becomes a constant of its data type).
  mlir::FailureOr<mlir::Value> tensorInput(unsigned i);
  /// Input `i` as an f32 tensor of the IR: any other element type is an
  /// error naming the input, its type and the op. For the ops that compute
  /// float16 through float32 (halfThroughF32Op), a float16 input is widened
  /// and the node's float32 results are narrowed back to float16.
  mlir::FailureOr<mlir::Value> f32Input(unsigned i);
  /// Input `i` as an integer tensor known at import.
  mlir::FailureOr<IntTensor> intInput(unsigned i);
  /// Input `i` as values known at import (a constant of any type),
  /// converted to float.
  mlir::FailureOr<std::vector<float>> floatConstantInput(unsigned i);
  /// Input `i` as it is in the value table.
  mlir::FailureOr<const ImportedValue *> input(unsigned i);
  /// The static shape of input `i`, whatever its kind.
  mlir::FailureOr<llvm::SmallVector<int64_t>> inputShape(unsigned i);

  /// Attributes; the default when absent, an error when of the wrong type.
  mlir::FailureOr<int64_t> intAttr(llvm::StringRef name, int64_t dflt);
  mlir::FailureOr<float> floatAttr(llvm::StringRef name, float dflt);
  mlir::FailureOr<std::string> stringAttr(llvm::StringRef name,
                                          llvm::StringRef dflt);
  mlir::FailureOr<std::optional<llvm::SmallVector<int64_t>>>
  intsAttr(llvm::StringRef name);
  const onnx::AttributeProto *findAttr(llvm::StringRef name) const;

  /// Records output `i` of the current node.
  void setOutput(unsigned i, mlir::Value value);
  void setOutput(unsigned i, IntTensor value);
  void setOutput(unsigned i, ImportedValue value);
  /// Whether output `i` of the current node is named and used by the graph
  /// (a node or a graph output).
  bool isOutputUsed(unsigned i) const;
  /// Fails if output `i` (i >= 1) is used by the graph: Seam does not compute
  /// it (e.g. MaxPool's Indices).
  mlir::LogicalResult requireUnusedOutput(unsigned i, llvm::StringRef what);

  /// An f32 constant; large ones become dense_resource blobs named `name`.
  mlir::Value createConstant(llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<float> data, llvm::StringRef name);
  /// Reads an ONNX tensor (initializer or attribute) into the value table form.
  mlir::FailureOr<ImportedValue> readTensor(const onnx::TensorProto &tensor,
                                            llvm::StringRef what);

  /// Imports the nodes of `graph`, a graph attribute of the current node (an
  /// If branch, a Loop body), inline at the insertion point, with its inputs
  /// bound to `inputs`, and returns its outputs. Outer values stay visible
  /// inside; the names the subgraph defines are removed afterwards, so a Loop
  /// body can be imported once per iteration. Errors of its nodes name them
  /// "in `what` of node '<current>'".
  mlir::FailureOr<llvm::SmallVector<ImportedValue>>
  inlineSubgraph(const onnx::GraphProto &graph,
                 llvm::ArrayRef<ImportedValue> inputs, llvm::StringRef what);
  /// A value not in the table (e.g. an output of inlineSubgraph) as a tensor
  /// of the IR; `name` is used in errors.
  mlir::FailureOr<mlir::Value> materializeValue(ImportedValue &value,
                                                llvm::StringRef name) {
    return materialize(value, name);
  }

private:
  mlir::LogicalResult importNode(const onnx::NodeProto &node);
  mlir::FailureOr<mlir::Value> materialize(ImportedValue &value,
                                           llvm::StringRef name);
  /// The float32 constant of `tensor`: a view of its raw data when the
  /// importer has an owner (see the constructor), else a copy.
  mlir::Value materializeFloat(const onnx::TensorProto &tensor,
                               llvm::ArrayRef<int64_t> dims,
                               llvm::StringRef name);
  /// A constant of ONNX float type `dataType` (FLOAT, DOUBLE, FLOAT16)
  /// holding `data`, rounded to nearest.
  mlir::Value floatConstant(llvm::ArrayRef<int64_t> dims, int32_t dataType,
                            llvm::ArrayRef<double> data);
  mlir::FailureOr<ImportedValue *> lookup(unsigned i);
  /// Narrows the current node's float32 results to float16 after f32Input
  /// widened a float16 input.
  void narrowHalfOutputs();

  const onnx::ModelProto &model;
  std::shared_ptr<onnx::ModelProto> owner;
  /// Whether the current node's op computes float16 through float32, and
  /// whether f32Input widened one of its inputs.
  bool halfThroughF32 = false;
  bool widenedHalf = false;
  /// The blob attribute of each tensor viewed in place: a tensor imported
  /// twice (a Loop body's initializer, unrolled) shares its one blob.
  llvm::DenseMap<const onnx::TensorProto *, mlir::Attribute> viewedTensors;
  /// Once the whole graph is imported (nothing reads the model's tensors
  /// any more): each viewed tensor's bytes leave the model for its blob,
  /// moved onto a 64-byte boundary inside their own storage (seam::
  /// alignInPlace), so that neither a copy of the weights nor the rest of
  /// the model (its other initializers) stays alive with the blobs.
  void takeViewedTensors();
  /// The main graph's initializers whose data stays in the model file's
  /// mapping (InitializerViews), and what keeps the file mapped.
  llvm::DenseMap<const onnx::TensorProto *, llvm::ArrayRef<char>>
      mappedTensors;
  std::shared_ptr<const void> mapping;
  mlir::ModuleOp module;
  const OnnxImportOptions &options;
  mlir::OpBuilder b;
  std::string fileName;
  int64_t opsetVersion;

  llvm::StringMap<ImportedValue> values;
  /// ONNX's inferred shapes and element types, for cross-checking.
  llvm::StringMap<const onnx::TypeProto_Tensor *> onnxTypes;
  /// How many nodes or graph outputs use each value name.
  llvm::StringMap<unsigned> uses;

  /// Values whose ONNX-inferred shapes are not compared (see importNode).
  llvm::StringSet<> untrusted;
  /// Names of the graph's outputs (their declared shapes are always checked).
  llvm::StringSet<> graphOutputs;
  /// The current node's name, or its first output's when it has none.
  std::string currentLabel;
  /// Where the current node is when it is in an inlined subgraph
  /// (" in then_branch of node 'if0' (If)"), else empty.
  std::string currentScope;
  /// How many nodes of subgraphs were imported (unrolled loops are bounded
  /// by it).
  int64_t inlinedNodes = 0;
  /// The last initializer materialized; the next goes after it.
  mlir::Operation *lastWeight = nullptr;
  const onnx::NodeProto *current = nullptr;
  mlir::Location currentLoc;
};

/// Converts the current node of `importer` into seam ops.
using OpConverter = mlir::LogicalResult (*)(GraphImporter &importer);

/// The converter of ONNX op `opType` (default domain), or null.
OpConverter lookupOpConverter(llvm::StringRef opType);
/// The converter of op `opType` of the ai.onnx.ml domain
/// (OnnxMlConverters.cpp), or null.
OpConverter lookupOnnxMlOpConverter(llvm::StringRef opType);
/// Why an ai.onnx.ml op Seam does not convert is refused and what to do
/// instead, or empty (OnnxMlConverters.cpp).
llvm::StringRef onnxMlRefusalHint(llvm::StringRef opType);
/// The converter of op `opType` of ONNX domain `domain` ("" and "ai.onnx"
/// are the default domain, "ai.onnx.ml" the traditional-ML one), or null: an
/// op of one domain never takes the converter of another's op of that name.
OpConverter lookupDomainOpConverter(llvm::StringRef domain,
                                    llvm::StringRef opType);

/// Emits one error listing every node whose op Seam does not import.
mlir::LogicalResult checkSupportedOps(const onnx::ModelProto &model,
                                      mlir::Location loc);

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_ONNXGRAPHIMPORTER_H
