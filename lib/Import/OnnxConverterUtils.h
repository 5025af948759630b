//===- OnnxConverterUtils.h - Helpers the op converters share ---*- C++ -*-===//
//
// Building seam ops from the current node: attribute lists, verification
// that names the node, and result-type inference that reports inconsistent
// shapes as the node's error.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_ONNXCONVERTERUTILS_H
#define SEAM_LIB_IMPORT_ONNXCONVERTERUTILS_H

#include "OnnxGraphImporter.h"

#include "seam/SeamOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <optional>

namespace seam::detail {

/// Binds `var` to the value of a FailureOr expression, or returns failure.
#define ASSIGN_OR_FAIL(var, expr)                                              \
  auto var##OrFailure = (expr);                                                \
  if (failed(var##OrFailure))                                                  \
    return failure();                                                          \
  auto &var = *var##OrFailure;

/// Attributes of the op being built.
struct Attrs {
  mlir::Builder &b;
  SmallVector<mlir::NamedAttribute> list;
  void add(StringRef name, Attribute value) {
    if (value)
      list.push_back(b.getNamedAttr(name, value));
  }
  void addInts(StringRef name, const std::optional<SmallVector<int64_t>> &v) {
    if (v)
      add(name, b.getDenseI64ArrayAttr(*v));
  }
};

/// Verifies `op`, just created for the current node. An op that fails (an
/// ODS constraint or trait, its verifier) is erased, and its first error
/// becomes an error naming the node, instead of a module verifier error
/// after import that names no node.
inline LogicalResult verifyCreated(GraphImporter &g, Operation *op) {
  std::string message;
  {
    mlir::ScopedDiagnosticHandler capture(g.context(),
                                          [&](mlir::Diagnostic &d) {
                                            if (message.empty())
                                              message = d.str();
                                            return success();
                                          });
    if (succeeded(mlir::verify(op)))
      return success();
  }
  op->erase();
  return g.error() << message;
}

/// Creates `OpTy` with result types inferred from operands and attributes.
/// Inconsistent shapes become an error naming the node, never an assertion.
template <typename OpTy>
FailureOr<OpTy> createInferredOp(GraphImporter &g, ValueRange operands,
                                 ArrayRef<mlir::NamedAttribute> attrs = {}) {
  mlir::MLIRContext *ctx = g.context();
  mlir::DictionaryAttr dict = mlir::DictionaryAttr::get(ctx, attrs);
  typename OpTy::Properties props;
  std::string message;
  SmallVector<Type> types;
  bool inferred = false;
  {
    mlir::ScopedDiagnosticHandler capture(ctx, [&](mlir::Diagnostic &d) {
      if (message.empty())
        message = d.str();
      return success();
    });
    auto emitErr = [&]() { return mlir::emitError(g.loc()); };
    if (succeeded(OpTy::setPropertiesFromAttr(props, dict, emitErr))) {
      // Attributes left out take their ODS default values.
      OpTy::populateDefaultProperties(
          mlir::OperationName(OpTy::getOperationName(), ctx), props);
      typename OpTy::Adaptor adaptor(operands, dict, props, {});
      inferred =
          succeeded(OpTy::inferReturnTypes(ctx, g.loc(), adaptor, types));
    }
  }
  if (!inferred)
    return g.error() << message;
  auto op = OpTy::create(g.builder(), g.loc(), types, operands, attrs);
  if (failed(verifyCreated(g, op)))
    return failure();
  return op;
}

/// createInferredOp of an op with one result, which it returns.
template <typename OpTy>
FailureOr<Value> createInferred(GraphImporter &g, ValueRange operands,
                                ArrayRef<mlir::NamedAttribute> attrs = {}) {
  FailureOr<OpTy> op = createInferredOp<OpTy>(g, operands, attrs);
  if (failed(op))
    return failure();
  return op->getResult();
}

/// Integer tensors are folded at import (shapes and their arithmetic): one
/// with more elements than this is no shape computation.
constexpr int64_t kMaxFoldedIntElements = int64_t(1) << 24;

/// `value` as an int64 when it is finite and in range (a cast of anything
/// else is undefined behaviour), else nothing.
inline std::optional<int64_t> toInt64(double value) {
  // 2^63 is exactly representable; every double below it converts.
  constexpr double kLimit = 9223372036854775808.0;
  if (!(value >= -kLimit && value < kLimit))
    return std::nullopt;
  return static_cast<int64_t>(value);
}

/// The converter tables of OnnxReductionConverters.cpp,
/// OnnxLogicConverters.cpp, OnnxMathConverters.cpp,
/// OnnxIndexingConverters.cpp, OnnxLossConverters.cpp,
/// OnnxNormalizationConverters.cpp, OnnxControlFlowConverters.cpp,
/// OnnxSelectionConverters.cpp, OnnxEinsumConverters.cpp,
/// OnnxBitShiftConverters.cpp and OnnxDecomposedConverters.cpp.
OpConverter lookupReductionOpConverter(llvm::StringRef opType);
OpConverter lookupLogicOpConverter(llvm::StringRef opType);
OpConverter lookupMathOpConverter(llvm::StringRef opType);
OpConverter lookupIndexingOpConverter(llvm::StringRef opType);
OpConverter lookupLossOpConverter(llvm::StringRef opType);
OpConverter lookupNormalizationOpConverter(llvm::StringRef opType);
OpConverter lookupControlFlowOpConverter(llvm::StringRef opType);
OpConverter lookupDecomposedOpConverter(llvm::StringRef opType);
/// The table of OnnxConvPoolConverters.cpp.
OpConverter lookupConvPoolOpConverter(llvm::StringRef opType);
/// MaxPool's Indices output of `pool` on `x` (OnnxConvPoolConverters.cpp): the
/// flat index into `x` of each window's first maximum, the spatial part row
/// major (storage_order 0) or column major (1).
FailureOr<mlir::Value> maxPoolIndices(GraphImporter &g, mlir::Value x,
                                      MaxPoolOp pool, int64_t storageOrder);

/// The node's auto_pad, or null for NOTSET; an error names any other value
/// (OnnxOpConverters.cpp).
FailureOr<AutoPadAttr> autoPadAttr(GraphImporter &g);
/// Adds Conv's attributes (kernel_shape, strides, pads, dilations, auto_pad,
/// group) of the node to `attrs`, for seam.conv (OnnxOpConverters.cpp).
LogicalResult addConvAttrs(GraphImporter &g, Attrs &attrs);
/// LpPool's and GlobalLpPool's `p` (default 2), or an error when it is not
/// positive (OnnxConvPoolConverters.cpp).
FailureOr<mlir::IntegerAttr> lpPoolP(GraphImporter &g);
OpConverter lookupSelectionOpConverter(llvm::StringRef opType);
OpConverter lookupEinsumOpConverter(llvm::StringRef opType);
OpConverter lookupBitShiftOpConverter(llvm::StringRef opType);
/// The table of OnnxRecurrentConverters.cpp (RNN, GRU, LSTM).
OpConverter lookupRecurrentOpConverter(llvm::StringRef opType);
/// The table of OnnxLinearAlgebraConverters.cpp (Det).
OpConverter lookupLinearAlgebraOpConverter(llvm::StringRef opType);
/// The table of OnnxSpectralConverters.cpp (DFT, STFT, MelWeightMatrix).
OpConverter lookupSpectralOpConverter(llvm::StringRef opType);
/// The table of OnnxRoiAlignConverters.cpp.
OpConverter lookupRoiAlignOpConverter(llvm::StringRef opType);
/// The table of OnnxDataDependentConverters.cpp (NonZero, Compress, Unique).
OpConverter lookupDataDependentOpConverter(llvm::StringRef opType);
/// The table of OnnxGridSampleConverters.cpp.
OpConverter lookupGridSampleOpConverter(llvm::StringRef opType);
/// The table of OnnxQuantizedConverters.cpp.
OpConverter lookupQuantizedOpConverter(llvm::StringRef opType);
/// The table of OnnxTfIdfConverters.cpp (TfIdfVectorizer).
OpConverter lookupTfIdfOpConverter(llvm::StringRef opType);

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_ONNXCONVERTERUTILS_H
