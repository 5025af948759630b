//===- OnnxMlSvm.cpp - SVMRegressor from a kernel matrix ------------------===//
//
// ai.onnx.ml SVMRegressor with support vectors (n_supports > 0, what
// scikit-learn's SVR, NuSVR and OneClassSVM convert to) as seam ops:
//
//   y = sum_j coefficients[j] * K(x, sv_j) + rho
//
// with the kernel matrix K [N, supports] from one matmul of the input with
// the support vectors: LINEAR x.sv, POLY (gamma x.sv + coef0)^degree,
// SIGMOID tanh(gamma x.sv + coef0), RBF exp(-gamma |x - sv|^2) with
// |x - sv|^2 = |x|^2 - 2 x.sv + |sv|^2 (at least 0). one_class gives 1
// where y > 0, else -1, as ONNX Runtime.
//
//===----------------------------------------------------------------------===//

#include "OnnxMlConverters.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace seam;

namespace seam::detail {

LogicalResult convertSVMRegressor(GraphImporter &g) {
  ASSIGN_OR_FAIL(x, mlMatrixInput(g));
  int64_t features = cast<RankedTensorType>(x.getType()).getDimSize(1);
  ASSIGN_OR_FAIL(supports, g.intAttr("n_supports", 0));
  ASSIGN_OR_FAIL(coefficients, mlFloats(g, "coefficients"));
  ASSIGN_OR_FAIL(vectors, mlFloats(g, "support_vectors"));
  ASSIGN_OR_FAIL(rho, mlFloats(g, "rho"));
  ASSIGN_OR_FAIL(params, mlFloats(g, "kernel_params"));
  ASSIGN_OR_FAIL(kernel, g.stringAttr("kernel_type", "LINEAR"));
  ASSIGN_OR_FAIL(oneClass, g.intAttr("one_class", 0));
  ASSIGN_OR_FAIL(transform, mlPostTransform(g));
  if (supports <= 0)
    return g.error() << "n_supports " << supports
                     << ": Seam imports SVMRegressor with support vectors "
                        "only (a linear model converts to LinearRegressor)";
  if (static_cast<int64_t>(coefficients.size()) != supports)
    return g.error() << "coefficients has " << coefficients.size()
                     << " values; expected one per support vector (" << supports
                     << ")";
  // Both at most the values given, so their product does not overflow.
  int64_t given = static_cast<int64_t>(vectors.size());
  if (supports > given || features > given || given != supports * features)
    return g.error() << "support_vectors has " << vectors.size()
                     << " values; expected " << supports << " vectors of "
                     << features << " features";
  if (rho.size() != 1)
    return g.error() << "rho has " << rho.size() << " values; expected 1";
  if (oneClass != 0 && oneClass != 1)
    return g.error() << "one_class " << oneClass << " is not 0 or 1";
  if (transform != PostTransform::None)
    return g.error() << "post_transform of SVMRegressor other than NONE is "
                        "not supported";
  enum Kernel { Linear, Poly, Rbf, Sigmoid, Unknown };
  Kernel k = llvm::StringSwitch<Kernel>(kernel)
                 .Case("LINEAR", Linear)
                 .Case("POLY", Poly)
                 .Case("RBF", Rbf)
                 .Case("SIGMOID", Sigmoid)
                 .Default(Unknown);
  if (k == Unknown)
    return g.error() << "kernel_type '" << kernel
                     << "' is not LINEAR, POLY, RBF or SIGMOID";
  if (k != Linear && params.size() != 3)
    return g.error() << "kernel_params has " << params.size()
                     << " values; expected 3 (gamma, coef0, degree)";
  double gamma = k == Linear ? 0 : params[0];
  double coef0 = k == Linear ? 0 : params[1];
  double degree = k == Linear ? 0 : params[2];

  Builder &b = g.builder();
  Type f32 = b.getF32Type();
  auto c = [&](double v) { return floatConstant(g, f32, v); };
  // The support vectors transposed: [F, S].
  std::vector<float> svT(features * supports), norms(supports, 0.0f);
  for (int64_t s = 0; s < supports; ++s)
    for (int64_t f = 0; f < features; ++f) {
      float v = static_cast<float>(vectors[s * features + f]);
      svT[f * supports + s] = v;
      norms[s] += v * v;
    }
  Value sv = g.createConstant({features, supports}, svT, "support_vectors");
  ASSIGN_OR_FAIL(dot, createInferred<MatMulOp>(g, {x, sv}));
  Value kernelMatrix = dot;
  if (k == Poly || k == Sigmoid) {
    ASSIGN_OR_FAIL(scaled, createInferred<MulOp>(g, {dot, c(gamma)}));
    ASSIGN_OR_FAIL(shifted, createInferred<AddOp>(g, {scaled, c(coef0)}));
    FailureOr<Value> km = k == Poly
                              ? createInferred<PowOp>(g, {shifted, c(degree)})
                              : createSameType<TanhOp>(g, shifted);
    if (failed(km))
      return failure();
    kernelMatrix = *km;
  } else if (k == Rbf) {
    Attrs rows{b};
    rows.add("axes", b.getDenseI64ArrayAttr({1}));
    rows.add("keepdims", b.getBoolAttr(true));
    ASSIGN_OR_FAIL(xx, createInferred<ReduceSumSquareOp>(g, {x}, rows.list));
    ASSIGN_OR_FAIL(twice, createInferred<MulOp>(g, {dot, c(2)}));
    ASSIGN_OR_FAIL(diff, createInferred<SubOp>(g, {xx, twice}));
    Value ss = g.createConstant({1, supports}, norms, "support_norms");
    ASSIGN_OR_FAIL(d2, createInferred<AddOp>(g, {diff, ss}));
    ASSIGN_OR_FAIL(d, createInferred<MaxOp>(g, {d2, c(0)}));
    ASSIGN_OR_FAIL(scaled, createInferred<MulOp>(g, {d, c(-gamma)}));
    ASSIGN_OR_FAIL(km, createSameType<ExpOp>(g, scaled));
    kernelMatrix = km;
  }
  std::vector<float> coef(coefficients.begin(), coefficients.end());
  Value weights = g.createConstant({supports, 1}, coef, "coefficients");
  ASSIGN_OR_FAIL(sum, createInferred<MatMulOp>(g, {kernelMatrix, weights}));
  ASSIGN_OR_FAIL(y, createInferred<AddOp>(g, {sum, c(rho[0])}));
  if (oneClass) {
    ASSIGN_OR_FAIL(inside, createInferred<GreaterOp>(g, {y, c(0)}));
    ASSIGN_OR_FAIL(label, createInferred<WhereOp>(g, {inside, c(1), c(-1)}));
    g.setOutput(0, label);
    return success();
  }
  g.setOutput(0, y);
  return success();
}

} // namespace seam::detail
