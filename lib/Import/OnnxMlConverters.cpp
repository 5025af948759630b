//===- OnnxMlConverters.cpp - The ai.onnx.ml domain's converters ----------===//
//
// ONNX's traditional-ML operators (the ai.onnx.ml domain, what
// scikit-learn's and other converters write) decomposed at import into seam
// ops, with their own table: lookupDomainOpConverter consults it for nodes
// of that domain only. Tree ensembles are in OnnxMlTreeEnsemble.cpp, the
// linear models in OnnxMlLinear.cpp, the feature transforms and encoders in
// OnnxMlFeatures.cpp, SVMRegressor in OnnxMlSvm.cpp. Ops on
// string tensors (ZipMap, string labels) are refused with what to do.
//
//===----------------------------------------------------------------------===//

#include "OnnxMlConverters.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// The attribute `name`, or null when absent; an error when it is not of
/// `type`.
static FailureOr<const onnx::AttributeProto *>
typedAttr(GraphImporter &g, StringRef name,
          onnx::AttributeProto::AttributeType type) {
  const onnx::AttributeProto *attr = g.findAttr(name);
  if (attr && attr->type() != type)
    return g.error() << "attribute '" << name << "' has type "
                     << onnx::AttributeProto::AttributeType_Name(attr->type())
                     << "; expected "
                     << onnx::AttributeProto::AttributeType_Name(type);
  return attr;
}

FailureOr<std::vector<double>> mlFloats(GraphImporter &g, StringRef name) {
  ASSIGN_OR_FAIL(attr, typedAttr(g, name, onnx::AttributeProto::FLOATS));
  if (!attr)
    return std::vector<double>();
  return std::vector<double>(attr->floats().begin(), attr->floats().end());
}

FailureOr<std::vector<int64_t>> mlInts(GraphImporter &g, StringRef name) {
  ASSIGN_OR_FAIL(attr, typedAttr(g, name, onnx::AttributeProto::INTS));
  if (!attr)
    return std::vector<int64_t>();
  return std::vector<int64_t>(attr->ints().begin(), attr->ints().end());
}

FailureOr<std::vector<std::string>> mlStrings(GraphImporter &g,
                                              StringRef name) {
  ASSIGN_OR_FAIL(attr, typedAttr(g, name, onnx::AttributeProto::STRINGS));
  if (!attr)
    return std::vector<std::string>();
  return std::vector<std::string>(attr->strings().begin(),
                                  attr->strings().end());
}

FailureOr<std::vector<double>>
mlFloatsOrTensor(GraphImporter &g, StringRef name, bool *isDouble) {
  std::string tensorName = name.str() + "_as_tensor";
  ASSIGN_OR_FAIL(floats, typedAttr(g, name, onnx::AttributeProto::FLOATS));
  ASSIGN_OR_FAIL(tensor,
                 typedAttr(g, tensorName, onnx::AttributeProto::TENSOR));
  if (floats && tensor)
    return g.error() << "both '" << name << "' and '" << tensorName
                     << "' are given; expected one";
  if (isDouble)
    *isDouble = false;
  if (!tensor)
    return mlFloats(g, name);
  const onnx::TensorProto &t = tensor->t();
  if (t.data_type() != onnx::TensorProto::DOUBLE &&
      t.data_type() != onnx::TensorProto::FLOAT)
    return g.error() << "attribute '" << tensorName << "' has data type "
                     << onnx::TensorProto_DataType_Name(
                            static_cast<onnx::TensorProto_DataType>(
                                t.data_type()))
                     << "; expected DOUBLE or FLOAT";
  if (isDouble)
    *isDouble = t.data_type() == onnx::TensorProto::DOUBLE;
  return floatValues(t);
}

FailureOr<Value> mlFloatInput(GraphImporter &g, unsigned i) {
  ASSIGN_OR_FAIL(x, g.tensorInput(i));
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  if (!elem.isF32() && !elem.isF64() && !elem.isInteger(64) &&
      !elem.isInteger(32))
    return g.error() << "input '" << g.node().input(i) << "' has type " << type
                     << "; expected float, double, int64 or int32";
  return castValue(g, x, g.builder().getF32Type());
}

FailureOr<Value> mlMatrixInput(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, mlFloatInput(g, 0));
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getRank() != 2)
    return g.error() << "input '" << g.node().input(0) << "' has shape ["
                     << type.getShape() << "]; Seam takes [N, F]";
  return x;
}

InFlightDiagnostic refuseStrings(GraphImporter &g, StringRef attr) {
  return g.error() << "'" << attr
                   << "' makes this op compute on string tensors, which Seam "
                      "does not support; give the model int64 labels (e.g. "
                      "encode the classes as integers before training)";
}

//===----------------------------------------------------------------------===//
// post_transform
//===----------------------------------------------------------------------===//

FailureOr<PostTransform> mlPostTransform(GraphImporter &g) {
  ASSIGN_OR_FAIL(name, g.stringAttr("post_transform", "NONE"));
  auto t = llvm::StringSwitch<std::optional<PostTransform>>(name)
               .Case("NONE", PostTransform::None)
               .Case("SOFTMAX", PostTransform::Softmax)
               .Case("LOGISTIC", PostTransform::Logistic)
               .Case("SOFTMAX_ZERO", PostTransform::SoftmaxZero)
               .Case("PROBIT", PostTransform::Probit)
               .Default(std::nullopt);
  if (!t)
    return g.error() << "post_transform '" << name
                     << "' is not NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO or "
                        "PROBIT";
  return *t;
}

FailureOr<PostTransform> mlRegressorPostTransform(GraphImporter &g,
                                                  int64_t targets) {
  ASSIGN_OR_FAIL(transform, mlPostTransform(g));
  if (targets == 1 && transform != PostTransform::None &&
      transform != PostTransform::Probit)
    return g.error() << "post_transform of a single target other than NONE "
                        "or PROBIT: ONNX Runtime ignores it where the "
                        "specification applies it; Seam refuses the "
                        "ambiguity";
  return transform;
}

FailureOr<Value> probit(GraphImporter &g, Value x) {
  Type f32 = g.builder().getF32Type();
  auto k = [&](double v) { return floatConstant(g, f32, v); };
  auto bin = [&](auto tag, Value a, Value b) -> FailureOr<Value> {
    return createInferred<decltype(tag)>(g, {a, b});
  };
  // y = 2x - 1; erfinv(y) = sign(y) sqrt(-c + sqrt(c^2 - ln(1 - y^2) / a)),
  // c = 2 / (pi a) + ln(1 - y^2) / 2.
  ASSIGN_OR_FAIL(twice, bin(MulOp(), x, k(2)));
  ASSIGN_OR_FAIL(y, bin(SubOp(), twice, k(1)));
  ASSIGN_OR_FAIL(below, bin(LessOp(), y, k(0)));
  ASSIGN_OR_FAIL(sign, createInferred<WhereOp>(g, {below, k(-1), k(1)}));
  ASSIGN_OR_FAIL(oneMinus, bin(SubOp(), k(1), y));
  ASSIGN_OR_FAIL(onePlus, bin(AddOp(), k(1), y));
  ASSIGN_OR_FAIL(product, bin(MulOp(), oneMinus, onePlus));
  ASSIGN_OR_FAIL(ln, createSameType<LogOp>(g, product));
  ASSIGN_OR_FAIL(halfLn, bin(MulOp(), ln, k(0.5)));
  ASSIGN_OR_FAIL(c, bin(AddOp(), halfLn, k(2 / (3.14159f * 0.147f))));
  ASSIGN_OR_FAIL(lnOverA, bin(MulOp(), ln, k(1 / 0.147f)));
  ASSIGN_OR_FAIL(c2, bin(MulOp(), c, c));
  ASSIGN_OR_FAIL(inner, bin(SubOp(), c2, lnOverA));
  ASSIGN_OR_FAIL(root, createSameType<SqrtOp>(g, inner));
  ASSIGN_OR_FAIL(v3, bin(SubOp(), root, c));
  ASSIGN_OR_FAIL(outer, createSameType<SqrtOp>(g, v3));
  ASSIGN_OR_FAIL(erfinv, bin(MulOp(), sign, outer));
  return bin(MulOp(), erfinv, k(1.41421356f));
}

FailureOr<Value> applyPostTransform(GraphImporter &g, Value scores,
                                    PostTransform transform) {
  Builder &b = g.builder();
  Type f32 = b.getF32Type();
  switch (transform) {
  case PostTransform::None:
    return scores;
  case PostTransform::Logistic:
    return createSameType<SigmoidOp>(g, scores);
  case PostTransform::Probit:
    return probit(g, scores);
  case PostTransform::Softmax: {
    auto op = SoftmaxOp::create(g.builder(), g.loc(), scores.getType(), scores,
                                b.getI64IntegerAttr(-1));
    if (failed(verifyCreated(g, op)))
      return failure();
    return op.getResult();
  }
  case PostTransform::SoftmaxZero: {
    // exp(x - max) over the entries that are not (nearly) zero; those keep
    // x * exp(-max), as ONNX Runtime computes them.
    Attrs lastAxis{b};
    int64_t rank = cast<RankedTensorType>(scores.getType()).getRank();
    lastAxis.add("axes", b.getDenseI64ArrayAttr({rank - 1}));
    lastAxis.add("keepdims", b.getBoolAttr(true));
    ASSIGN_OR_FAIL(max,
                   createInferred<ReduceMaxOp>(g, {scores}, lastAxis.list));
    ASSIGN_OR_FAIL(shifted, createInferred<SubOp>(g, {scores, max}));
    ASSIGN_OR_FAIL(e, createSameType<ExpOp>(g, shifted));
    ASSIGN_OR_FAIL(magnitude, createSameType<AbsOp>(g, scores));
    ASSIGN_OR_FAIL(nonZero,
                   createInferred<GreaterOp>(
                       g, {magnitude, floatConstant(g, f32, 0.0000001f)}));
    ASSIGN_OR_FAIL(counted, createInferred<WhereOp>(
                                g, {nonZero, e, floatConstant(g, f32, 0)}));
    ASSIGN_OR_FAIL(sum,
                   createInferred<ReduceSumOp>(g, {counted}, lastAxis.list));
    ASSIGN_OR_FAIL(negMax, createSameType<NegOp>(g, max));
    ASSIGN_OR_FAIL(scale, createSameType<ExpOp>(g, negMax));
    ASSIGN_OR_FAIL(small, createInferred<MulOp>(g, {scores, scale}));
    ASSIGN_OR_FAIL(numerator, createInferred<WhereOp>(g, {nonZero, e, small}));
    return createInferred<DivOp>(g, {numerator, sum});
  }
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

OpConverter lookupOnnxMlOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("TreeEnsembleRegressor", convertTreeEnsembleRegressor)
      .Case("TreeEnsembleClassifier", convertTreeEnsembleClassifier)
      .Case("LinearRegressor", convertLinearRegressor)
      .Case("LinearClassifier", convertLinearClassifier)
      .Case("Scaler", convertScaler)
      .Case("Normalizer", convertNormalizer)
      .Case("Binarizer", convertBinarizer)
      .Case("Imputer", convertImputer)
      .Case("ArrayFeatureExtractor", convertArrayFeatureExtractor)
      .Case("OneHotEncoder", convertOneHotEncoder)
      .Case("LabelEncoder", convertLabelEncoder)
      .Case("SVMRegressor", convertSVMRegressor)
      .Default(nullptr);
}

StringRef onnxMlRefusalHint(StringRef opType) {
  return llvm::StringSwitch<StringRef>(opType)
      .Case("ZipMap",
            "it makes a sequence of maps, which Seam does not support; export "
            "the classifier without it (skl2onnx: options={'zipmap': False}) "
            "to get the probabilities as a tensor")
      .Cases({"CastMap", "DictVectorizer"},
             "it takes a map, which Seam does not support; give the model a "
             "tensor of features instead")
      .Case("CategoryMapper", "it maps strings to integers or back, and "
                              "Seam does not support string tensors")
      .Default("");
}

} // namespace seam::detail
