//===- OnnxMlConverters.h - Helpers of the ai.onnx.ml converters -*- C++
//-*-===//
//
// What the converters of ONNX's traditional-ML domain (ai.onnx.ml) share:
// reading their list attributes (floats, strings, the *_as_tensor doubles)
// with errors naming the node and attribute, and the post_transform of the
// tree ensembles and linear models, as ONNX Runtime computes it.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_IMPORT_ONNXMLCONVERTERS_H
#define SEAM_LIB_IMPORT_ONNXMLCONVERTERS_H

#include "OnnxConverterUtils.h"

#include <string>
#include <vector>

namespace seam::detail {

/// A FLOATS attribute as doubles; empty when absent.
FailureOr<std::vector<double>> mlFloats(GraphImporter &g, StringRef name);
/// An INTS attribute; empty when absent.
FailureOr<std::vector<int64_t>> mlInts(GraphImporter &g, StringRef name);
/// A STRINGS attribute; empty when absent.
FailureOr<std::vector<std::string>> mlStrings(GraphImporter &g, StringRef name);
/// The FLOATS attribute `name` or the float/double TENSOR attribute
/// `name`_as_tensor (opset 3 of the tree ensembles), whichever is given (an
/// error if both are); empty when neither is. `isDouble` tells whether the
/// values came from a double tensor.
FailureOr<std::vector<double>>
mlFloatsOrTensor(GraphImporter &g, StringRef name, bool *isDouble = nullptr);

/// The error for a node that produces or takes string tensors.
InFlightDiagnostic refuseStrings(GraphImporter &g, StringRef attr);

/// ONNX-ML's post_transform values.
enum class PostTransform { None, Softmax, Logistic, SoftmaxZero, Probit };
/// The node's post_transform (default NONE), or an error naming the value.
FailureOr<PostTransform> mlPostTransform(GraphImporter &g);
/// A regressor's post_transform for `targets` targets: with one target only
/// NONE or PROBIT (ONNX Runtime ignores the others there, the specification
/// applies them: an error names the ambiguity).
FailureOr<PostTransform> mlRegressorPostTransform(GraphImporter &g,
                                                  int64_t targets);
/// `scores` ([N, K], float) with `transform` applied as ONNX Runtime's
/// write_scores does for K >= 2: elementwise (LOGISTIC, PROBIT) or along
/// the last axis (SOFTMAX, SOFTMAX_ZERO).
FailureOr<Value> applyPostTransform(GraphImporter &g, Value scores,
                                    PostTransform transform);
/// ONNX Runtime's probit: sqrt(2) * erfinv(2x - 1), with erfinv by
/// Winitzki's approximation (a = 0.147), elementwise.
FailureOr<Value> probit(GraphImporter &g, Value x);

/// Input `i` as float32 (float, double and integer inputs are converted),
/// as the ai.onnx.ml ops with float outputs compute.
FailureOr<Value> mlFloatInput(GraphImporter &g, unsigned i);
/// Input 0 as float32 of shape [N, F] (an error names any other rank).
FailureOr<Value> mlMatrixInput(GraphImporter &g);

/// The converters of OnnxMlTreeEnsemble.cpp, OnnxMlLinear.cpp,
/// OnnxMlFeatures.cpp and OnnxMlSvm.cpp.
LogicalResult convertTreeEnsembleRegressor(GraphImporter &g);
LogicalResult convertTreeEnsembleClassifier(GraphImporter &g);
LogicalResult convertLinearRegressor(GraphImporter &g);
LogicalResult convertLinearClassifier(GraphImporter &g);
LogicalResult convertScaler(GraphImporter &g);
LogicalResult convertNormalizer(GraphImporter &g);
LogicalResult convertBinarizer(GraphImporter &g);
LogicalResult convertImputer(GraphImporter &g);
LogicalResult convertArrayFeatureExtractor(GraphImporter &g);
LogicalResult convertOneHotEncoder(GraphImporter &g);
LogicalResult convertLabelEncoder(GraphImporter &g);
LogicalResult convertSVMRegressor(GraphImporter &g);

} // namespace seam::detail

#endif // SEAM_LIB_IMPORT_ONNXMLCONVERTERS_H
