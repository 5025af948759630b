//===- OnnxMlFeatures.cpp - ai.onnx.ml's feature transforms ---------------===//
//
// The preprocessing ops of ai.onnx.ml as seam ops, as ONNX Runtime
// computes them: Scaler ((x - offset) * scale), Normalizer (each row by its
// MAX, L1 or L2 norm, unchanged where that is 0), Binarizer (1 above the
// threshold, else 0; NaN gives 0 where ONNX Runtime fails the run), Imputer
// (the replaced value, or NaN, becomes the imputed one), ArrayFeatureExtractor
// (a gather along the last axis), OneHotEncoder (a comparison with each
// category) and LabelEncoder-2 (numeric keys to numeric values, by comparison
// with every key).
//
//===----------------------------------------------------------------------===//

#include "OnnxMlConverters.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <set>

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

/// Entries of a per-feature attribute: one for all, or one per feature
/// (the last dim of `x`), as a constant broadcasting over `x`.
FailureOr<Value> perFeature(GraphImporter &g, Value x, StringRef name,
                            ArrayRef<double> values) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t c = type.getRank() ? type.getShape().back() : 1;
  int64_t size = static_cast<int64_t>(values.size());
  if (size != 1 && size != c)
    return g.error() << name << " has " << size << " values; expected 1 or "
                     << c << " (the input's last dim)";
  std::vector<float> v(values.begin(), values.end());
  SmallVector<int64_t> shape(std::max<int64_t>(type.getRank(), 1), 1);
  shape.back() = size;
  return g.createConstant(shape, v, name);
}

/// A constant of `elementType` and `shape` from doubles (floats) or int64s.
Value vectorConstant(GraphImporter &g, Type elementType,
                     ArrayRef<int64_t> shape, ArrayRef<double> floats,
                     ArrayRef<int64_t> ints) {
  auto type = RankedTensorType::get(shape, elementType);
  if (elementType.isInteger(64))
    return arith::ConstantOp::create(g.builder(), g.loc(), type,
                                     DenseElementsAttr::get(type, ints));
  std::vector<float> f(floats.begin(), floats.end());
  return arith::ConstantOp::create(
      g.builder(), g.loc(), type,
      DenseElementsAttr::get(type, ArrayRef<float>(f)));
}

/// `x` with a unit dim appended.
FailureOr<Value> withUnitDim(GraphImporter &g, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(1);
  return reshapeValue(g, x, shape);
}

} // namespace

LogicalResult convertScaler(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, mlFloatInput(g, 0));
  ASSIGN_OR_FAIL(offset, mlFloats(g, "offset"));
  ASSIGN_OR_FAIL(scale, mlFloats(g, "scale"));
  Value y = x;
  if (!offset.empty()) {
    ASSIGN_OR_FAIL(o, perFeature(g, x, "offset", offset));
    ASSIGN_OR_FAIL(shifted, createInferred<SubOp>(g, {y, o}));
    y = shifted;
  }
  if (!scale.empty()) {
    ASSIGN_OR_FAIL(s, perFeature(g, x, "scale", scale));
    ASSIGN_OR_FAIL(scaled, createInferred<MulOp>(g, {y, s}));
    y = scaled;
  }
  g.setOutput(0, y);
  return success();
}

LogicalResult convertNormalizer(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, mlFloatInput(g, 0));
  ASSIGN_OR_FAIL(norm, g.stringAttr("norm", "MAX"));
  if (norm != "MAX" && norm != "L1" && norm != "L2")
    return g.error() << "norm '" << norm << "' is not MAX, L1 or L2";
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getRank() != 1 && type.getRank() != 2)
    return g.error() << "input '" << g.node().input(0) << "' has shape ["
                     << type.getShape() << "]; expected [C] or [N, C]";
  Builder &b = g.builder();
  Type f32 = b.getF32Type();
  Attrs lastAxis{b};
  lastAxis.add("axes", b.getDenseI64ArrayAttr({type.getRank() - 1}));
  lastAxis.add("keepdims", b.getBoolAttr(true));
  FailureOr<Value> d =
      norm == "MAX"  ? createInferred<ReduceMaxOp>(g, {x}, lastAxis.list)
      : norm == "L1" ? createInferred<ReduceL1Op>(g, {x}, lastAxis.list)
                     : createInferred<ReduceL2Op>(g, {x}, lastAxis.list);
  if (failed(d))
    return failure();
  ASSIGN_OR_FAIL(zero,
                 createInferred<EqualOp>(g, {*d, floatConstant(g, f32, 0)}));
  ASSIGN_OR_FAIL(denominator, createInferred<WhereOp>(
                                  g, {zero, floatConstant(g, f32, 1), *d}));
  ASSIGN_OR_FAIL(y, createInferred<DivOp>(g, {x, denominator}));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertBinarizer(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  if (!elem.isF32() && !elem.isF64())
    return g.error() << "input '" << g.node().input(0) << "' has type " << type
                     << "; expected float or double";
  if (!g.findAttr("threshold"))
    return g.error() << "threshold is absent: the specification's default is "
                        "0, ONNX Runtime's 1; Seam refuses the ambiguity "
                        "(give the threshold)";
  ASSIGN_OR_FAIL(threshold, g.floatAttr("threshold", 0.0f));
  ASSIGN_OR_FAIL(above, createInferred<GreaterOp>(
                            g, {x, floatConstant(g, elem, threshold)}));
  ASSIGN_OR_FAIL(y,
                 createInferred<WhereOp>(g, {above, floatConstant(g, elem, 1),
                                             floatConstant(g, elem, 0)}));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertImputer(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  Value missing;
  Value imputed;
  if (elem.isInteger(64)) {
    ASSIGN_OR_FAIL(values, mlInts(g, "imputed_value_int64s"));
    ASSIGN_OR_FAIL(replaced, g.intAttr("replaced_value_int64", 0));
    int64_t c = type.getRank() ? type.getShape().back() : 1;
    int64_t size = static_cast<int64_t>(values.size());
    if (size != 1 && size != c)
      return g.error() << "imputed_value_int64s has " << size
                       << " values; expected 1 or " << c
                       << " (the input's last dim)";
    SmallVector<int64_t> shape(std::max<int64_t>(type.getRank(), 1), 1);
    shape.back() = size;
    imputed = vectorConstant(g, elem, shape, {}, values);
    ASSIGN_OR_FAIL(
        eq, createInferred<EqualOp>(g, {x, intConstant(g, elem, replaced)}));
    missing = eq;
  } else if (elem.isF32()) {
    ASSIGN_OR_FAIL(values, mlFloats(g, "imputed_value_floats"));
    ASSIGN_OR_FAIL(replaced, g.floatAttr("replaced_value_float", 0.0f));
    ASSIGN_OR_FAIL(v, perFeature(g, x, "imputed_value_floats", values));
    imputed = v;
    // NaN equals nothing: a NaN replaced value matches the NaN entries.
    FailureOr<Value> eq =
        std::isnan(replaced)
            ? createInferred<EqualOp>(g, {x, x})
            : createInferred<EqualOp>(g, {x, floatConstant(g, elem, replaced)});
    if (failed(eq))
      return failure();
    missing = *eq;
    if (std::isnan(replaced)) {
      ASSIGN_OR_FAIL(isNan, createSameType<NotOp>(g, *eq));
      missing = isNan;
    }
  } else {
    return g.error() << "input '" << g.node().input(0) << "' has type " << type
                     << "; Seam imputes float or int64";
  }
  ASSIGN_OR_FAIL(y, createInferred<WhereOp>(g, {missing, imputed, x}));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertArrayFeatureExtractor(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  ASSIGN_OR_FAIL(indexShape, g.inputShape(1));
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getRank() < 1)
    return g.error() << "input '" << g.node().input(0)
                     << "' is a scalar; expected a tensor of rank >= 1";
  int64_t last = type.getShape().back();
  ASSIGN_OR_FAIL(in, g.input(1));
  if (in->ints)
    for (int64_t i : in->ints->values)
      if (i < 0 || i >= last)
        return g.error() << "index " << i << " of input '" << g.node().input(1)
                         << "' is not in [0, " << last << ")";
  int64_t count = 1;
  for (int64_t d : indexShape)
    if (llvm::MulOverflow(count, d, count))
      return g.error() << "input '" << g.node().input(1) << "' of shape ["
                       << indexShape << "] has more than 2^63 indices";
  ASSIGN_OR_FAIL(indices, g.tensorInput(1));
  if (!cast<RankedTensorType>(indices.getType()).getElementType().isInteger(64))
    return g.error() << "input '" << g.node().input(1)
                     << "' must be int64 indices";
  ASSIGN_OR_FAIL(flat, reshapeValue(g, indices, {count}));
  // ONNX Runtime gives a 1-D input's result the shape [1, count].
  Value data = x;
  if (type.getRank() == 1) {
    ASSIGN_OR_FAIL(row, reshapeValue(g, x, {1, last}));
    data = row;
  }
  Builder &b = g.builder();
  Attrs axis{b};
  axis.add("axis", b.getI64IntegerAttr(
                       cast<RankedTensorType>(data.getType()).getRank() - 1));
  ASSIGN_OR_FAIL(y, createInferred<GatherOp>(g, {data, flat}, axis.list));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertOneHotEncoder(GraphImporter &g) {
  if (g.findAttr("cats_strings"))
    return refuseStrings(g, "cats_strings");
  ASSIGN_OR_FAIL(cats, mlInts(g, "cats_int64s"));
  if (cats.empty())
    return g.error() << "cats_int64s is empty; expected the categories";
  // zeros = 0 asks for a failure on an unknown category, which compiled code
  // cannot report: Seam gives all zeros for it either way.
  ASSIGN_OR_FAIL(zeros, g.intAttr("zeros", 1));
  (void)zeros;
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  Builder &b = g.builder();
  Type i64 = b.getI64Type();
  auto type = cast<RankedTensorType>(x.getType());
  if (!type.getElementType().isInteger(64) &&
      !type.getElementType().isInteger(32) &&
      !isa<FloatType>(type.getElementType()))
    return g.error() << "input '" << g.node().input(0) << "' has type " << type
                     << "; expected int64, int32, float or double";
  // Float inputs are truncated to integers, as ONNX Runtime looks them up.
  ASSIGN_OR_FAIL(ints, castValue(g, x, i64));
  ASSIGN_OR_FAIL(column, withUnitDim(g, ints));
  SmallVector<int64_t> shape(type.getRank() + 1, 1);
  shape.back() = static_cast<int64_t>(cats.size());
  Value table = i64Constant(g, shape, cats);
  ASSIGN_OR_FAIL(hit, createInferred<EqualOp>(g, {column, table}));
  ASSIGN_OR_FAIL(y, castValue(g, hit, b.getF32Type()));
  // A category listed twice sets only its last column, as ONNX Runtime.
  std::vector<float> keep(cats.size(), 1.0f);
  std::set<int64_t> seen;
  bool repeated = false;
  for (size_t j = cats.size(); j-- > 0;)
    if (!seen.insert(cats[j]).second) {
      keep[j] = 0.0f;
      repeated = true;
    }
  if (repeated) {
    ASSIGN_OR_FAIL(kept, createInferred<MulOp>(
                             g, {y, g.createConstant(shape, keep, "cats")}));
    y = kept;
  }
  g.setOutput(0, y);
  return success();
}

LogicalResult convertLabelEncoder(GraphImporter &g) {
  for (const char *name :
       {"keys_strings", "values_strings", "classes_strings", "default_string"})
    if (g.findAttr(name))
      return refuseStrings(g, name);
  ASSIGN_OR_FAIL(intKeys, mlInts(g, "keys_int64s"));
  ASSIGN_OR_FAIL(floatKeys, mlFloats(g, "keys_floats"));
  ASSIGN_OR_FAIL(intValues, mlInts(g, "values_int64s"));
  ASSIGN_OR_FAIL(floatValues, mlFloats(g, "values_floats"));
  if (intKeys.empty() == floatKeys.empty())
    return g.error() << "expected one of keys_int64s and keys_floats";
  if (intValues.empty() == floatValues.empty())
    return g.error() << "expected one of values_int64s and values_floats";
  bool intIn = !intKeys.empty(), intOut = !intValues.empty();
  size_t keys = intIn ? intKeys.size() : floatKeys.size();
  size_t values = intOut ? intValues.size() : floatValues.size();
  if (keys != values)
    return g.error() << keys << " keys but " << values
                     << " values; expected as many";
  Builder &b = g.builder();
  Type i64 = b.getI64Type(), f32 = b.getF32Type();
  Type inType = intIn ? i64 : f32, outType = intOut ? i64 : f32;
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getElementType() != inType)
    return g.error() << "input '" << g.node().input(0) << "' has type " << type
                     << "; the keys are " << inType;
  ASSIGN_OR_FAIL(defaultInt, g.intAttr("default_int64", -1));
  ASSIGN_OR_FAIL(defaultFloat, g.floatAttr("default_float", -0.0f));
  int64_t k = static_cast<int64_t>(keys);
  SmallVector<int64_t> shape(type.getRank() + 1, 1);
  shape.back() = k;
  Value keyTable = vectorConstant(g, inType, shape, floatKeys, intKeys);
  ASSIGN_OR_FAIL(column, withUnitDim(g, x));
  ASSIGN_OR_FAIL(hit, createInferred<EqualOp>(g, {column, keyTable}));
  ASSIGN_OR_FAIL(hitF, castValue(g, hit, f32));
  // The first matching key, and whether there is one.
  Attrs lastAxis{b};
  lastAxis.add("axis", b.getI64IntegerAttr(type.getRank()));
  lastAxis.add("keepdims", b.getBoolAttr(false));
  ASSIGN_OR_FAIL(first, createInferred<ArgMaxOp>(g, {hitF}, lastAxis.list));
  Attrs reduce{b};
  reduce.add("axes", b.getDenseI64ArrayAttr({type.getRank()}));
  reduce.add("keepdims", b.getBoolAttr(false));
  ASSIGN_OR_FAIL(any, createInferred<ReduceMaxOp>(g, {hitF}, reduce.list));
  ASSIGN_OR_FAIL(found,
                 createInferred<GreaterOp>(g, {any, floatConstant(g, f32, 0)}));
  Value valueTable = vectorConstant(g, outType, {k}, floatValues, intValues);
  Attrs axis0{b};
  axis0.add("axis", b.getI64IntegerAttr(0));
  ASSIGN_OR_FAIL(mapped,
                 createInferred<GatherOp>(g, {valueTable, first}, axis0.list));
  Value dflt = intOut ? intConstant(g, i64, defaultInt)
                      : floatConstant(g, f32, defaultFloat);
  ASSIGN_OR_FAIL(y, createInferred<WhereOp>(g, {found, mapped, dflt}));
  g.setOutput(0, y);
  return success();
}

} // namespace seam::detail
