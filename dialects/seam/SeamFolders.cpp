//===- SeamFolders.cpp - Folds of the seam ops ----------------------------===//
//
// Folds that are always right: elementwise ops on splat constants, identity
// reshapes/transposes/pads/slices/concats, reshape of reshape, transpose of
// transpose, and multiplicative/additive identities that are exact in IEEE
// arithmetic (x * 1, x / 1, x - 0, x ^ 1).
//
//===----------------------------------------------------------------------===//

#include "seam/SeamOps.h"
#include "seam/SeamScalarFns.h"

#include "llvm/ADT/TypeSwitch.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include <cmath>

using namespace mlir;
using namespace seam;

//===----------------------------------------------------------------------===//
// Elementwise ops on splats
//===----------------------------------------------------------------------===//

std::function<float(float)> seam::getUnaryScalarFn(Operation *op) {
  using Fn = std::function<float(float)>;
  return llvm::TypeSwitch<Operation *, Fn>(op)
      .Case([](ReluOp) { return [](float x) { return x > 0.0f ? x : 0.0f; }; })
      .Case([](SigmoidOp) {
        return [](float x) { return 1.0f / (1.0f + std::exp(-x)); };
      })
      .Case([](TanhOp) { return [](float x) { return std::tanh(x); }; })
      .Case([](ExpOp) { return [](float x) { return std::exp(x); }; })
      .Case([](SqrtOp) { return [](float x) { return std::sqrt(x); }; })
      .Case([](ErfOp) { return [](float x) { return std::erf(x); }; })
      .Case([](SiluOp) {
        return [](float x) { return x / (1.0f + std::exp(-x)); };
      })
      .Case([](HardSwishOp) {
        return
            [](float x) { return x * std::clamp(x / 6.0f + 0.5f, 0.0f, 1.0f); };
      })
      .Case([](GeluOp op) -> Fn {
        if (op.getApproximate() == GeluApproximation::tanh)
          return [](float x) {
            float cube = x * x * x;
            return 0.5f * x *
                   (1.0f + std::tanh(0.7978845608f * (x + 0.044715f * cube)));
          };
        return [](float x) {
          return 0.5f * x * (1.0f + std::erf(x * 0.70710678118f));
        };
      })
      .Case([](LeakyReluOp op) {
        float alpha = op.getAlpha().convertToFloat();
        return [alpha](float x) { return x >= 0.0f ? x : alpha * x; };
      })
      .Case([](HardSigmoidOp op) {
        float alpha = op.getAlpha().convertToFloat();
        float beta = op.getBeta().convertToFloat();
        return [alpha, beta](float x) {
          return std::clamp(alpha * x + beta, 0.0f, 1.0f);
        };
      })
      .Case([](ClipOp op) {
        std::optional<float> lo, hi;
        if (op.getMin())
          lo = op.getMin()->convertToFloat();
        if (op.getMax())
          hi = op.getMax()->convertToFloat();
        // As ONNX: max(x, min) first, then min(., max); min > max gives max.
        return [lo, hi](float x) {
          if (lo && x < *lo)
            x = *lo;
          if (hi && x > *hi)
            x = *hi;
          return x;
        };
      })
      .Case([](NegOp) { return [](float x) { return -x; }; })
      .Case([](AbsOp) { return [](float x) { return std::fabs(x); }; })
      .Case([](SignOp) {
        return [](float x) {
          return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x; // NaN stays NaN.
        };
      })
      .Case([](ReciprocalOp) { return [](float x) { return 1.0f / x; }; })
      .Case([](FloorOp) { return [](float x) { return std::floor(x); }; })
      .Case([](CeilOp) { return [](float x) { return std::ceil(x); }; })
      .Case([](RoundOp) { return [](float x) { return std::nearbyint(x); }; })
      .Case([](LogOp) { return [](float x) { return std::log(x); }; })
      .Case([](SinOp) { return [](float x) { return std::sin(x); }; })
      .Case([](CosOp) { return [](float x) { return std::cos(x); }; })
      .Case([](TanOp) { return [](float x) { return std::tan(x); }; })
      .Case([](AsinOp) { return [](float x) { return std::asin(x); }; })
      .Case([](AcosOp) { return [](float x) { return std::acos(x); }; })
      .Case([](AtanOp) { return [](float x) { return std::atan(x); }; })
      .Case([](SinhOp) { return [](float x) { return std::sinh(x); }; })
      .Case([](CoshOp) { return [](float x) { return std::cosh(x); }; })
      .Case([](AsinhOp) { return [](float x) { return std::asinh(x); }; })
      .Case([](AcoshOp) { return [](float x) { return std::acosh(x); }; })
      .Case([](AtanhOp) { return [](float x) { return std::atanh(x); }; })
      .Case([](SoftplusOp) {
        return [](float x) { return std::log1p(std::exp(x)); };
      })
      .Case([](SoftsignOp) {
        return [](float x) { return x / (1.0f + std::fabs(x)); };
      })
      .Case([](MishOp) {
        return [](float x) { return x * std::tanh(std::log1p(std::exp(x))); };
      })
      .Case([](EluOp op) {
        float alpha = op.getAlpha().convertToFloat();
        return [alpha](float x) {
          return x > 0.0f ? x : alpha * (std::exp(x) - 1.0f);
        };
      })
      .Case([](CeluOp op) {
        float alpha = op.getAlpha().convertToFloat();
        return [alpha](float x) {
          return std::max(0.0f, x) +
                 std::min(0.0f, alpha * (std::exp(x / alpha) - 1.0f));
        };
      })
      .Case([](SeluOp op) {
        float alpha = op.getAlpha().convertToFloat();
        float gamma = op.getGamma().convertToFloat();
        return [alpha, gamma](float x) {
          return gamma * (x > 0.0f ? x : alpha * (std::exp(x) - 1.0f));
        };
      })
      .Case([](ThresholdedReluOp op) {
        float alpha = op.getAlpha().convertToFloat();
        return [alpha](float x) { return x > alpha ? x : 0.0f; };
      })
      .Default([](Operation *) { return Fn(); });
}

std::function<float(float, float)> seam::getBinaryScalarFn(Operation *op) {
  using Fn = std::function<float(float, float)>;
  return llvm::TypeSwitch<Operation *, Fn>(op)
      .Case([](AddOp) { return [](float a, float b) { return a + b; }; })
      .Case([](SubOp) { return [](float a, float b) { return a - b; }; })
      .Case([](MulOp) { return [](float a, float b) { return a * b; }; })
      .Case([](DivOp) { return [](float a, float b) { return a / b; }; })
      .Case(
          [](PowOp) { return [](float a, float b) { return std::pow(a, b); }; })
      .Case([](MinOp) {
        return [](float a, float b) {
          return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b);
        };
      })
      .Case([](MaxOp) {
        return [](float a, float b) {
          return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b);
        };
      })
      .Case([](ModOp) {
        return [](float a, float b) { return std::fmod(a, b); };
      })
      .Case([](PReluOp) {
        return [](float a, float b) { return a >= 0.0f ? a : a * b; };
      })
      .Default([](Operation *) { return Fn(); });
}

/// Applies the op's scalar function to a splat f32 constant, giving a splat
/// of the op's result type.
static OpFoldResult foldUnarySplat(Operation *op, Attribute input) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(input);
  if (!splat || !splat.getElementType().isF32())
    return {};
  float x = splat.getSplatValue<APFloat>().convertToFloat();
  float y = getUnaryScalarFn(op)(x);
  return DenseElementsAttr::get(cast<ShapedType>(op->getResult(0).getType()),
                                APFloat(y));
}

#define SEAM_DEFINE_UNARY_FOLD(OP)                                             \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldUnarySplat(*this, adaptor.getInput());                          \
  }
SEAM_DEFINE_UNARY_FOLD(ReluOp)
SEAM_DEFINE_UNARY_FOLD(SigmoidOp)
SEAM_DEFINE_UNARY_FOLD(TanhOp)
SEAM_DEFINE_UNARY_FOLD(ExpOp)
SEAM_DEFINE_UNARY_FOLD(SqrtOp)
SEAM_DEFINE_UNARY_FOLD(ErfOp)
SEAM_DEFINE_UNARY_FOLD(HardSwishOp)
SEAM_DEFINE_UNARY_FOLD(SiluOp)
SEAM_DEFINE_UNARY_FOLD(GeluOp)
SEAM_DEFINE_UNARY_FOLD(LeakyReluOp)
SEAM_DEFINE_UNARY_FOLD(HardSigmoidOp)
#undef SEAM_DEFINE_UNARY_FOLD

/// A pooling op whose window is one element, stride 1 and no padding: its
/// input.
template <typename PoolOp> static OpFoldResult foldIdentityPool(PoolOp pool) {
  if (pool.getInput().getType() != pool.getType())
    return {};
  auto isOne = [](int64_t v) { return v == 1; };
  auto isZero = [](int64_t v) { return v == 0; };
  if (!llvm::all_of(pool.getKernelShape(), isOne) ||
      !llvm::all_of(pool.getStridesOrDefault(), isOne) ||
      !llvm::all_of(pool.getResolvedPads(), isZero))
    return {};
  return pool.getInput();
}

OpFoldResult MaxPoolOp::fold(FoldAdaptor) { return foldIdentityPool(*this); }
OpFoldResult AvgPoolOp::fold(FoldAdaptor) { return foldIdentityPool(*this); }

OpFoldResult ClipOp::fold(FoldAdaptor adaptor) {
  // A clip without bounds is the identity.
  if (!getMin() && !getMax())
    return getInput();
  return foldUnarySplat(*this, adaptor.getInput());
}

/// Applies the op's scalar function to two splat f32 constants (other
/// element types are not folded here), giving a
/// splat of the op's (broadcast) result type.
static OpFoldResult foldBinarySplat(Operation *op, Attribute lhs,
                                    Attribute rhs) {
  auto l = dyn_cast_or_null<SplatElementsAttr>(lhs);
  auto r = dyn_cast_or_null<SplatElementsAttr>(rhs);
  if (!l || !r || !l.getElementType().isF32())
    return {};
  float a = l.getSplatValue<APFloat>().convertToFloat();
  float b = r.getSplatValue<APFloat>().convertToFloat();
  return DenseElementsAttr::get(cast<ShapedType>(op->getResult(0).getType()),
                                APFloat(getBinaryScalarFn(op)(a, b)));
}

/// True if `rhs` is a splat of exactly `value` (bit for bit: -0.0 is not
/// +0.0) and `lhs` already has the result type, so that `lhs op rhs` is `lhs`.
static bool isIdentityOperand(Value lhs, Attribute rhs, Type resultType,
                              float value) {
  auto r = dyn_cast_or_null<SplatElementsAttr>(rhs);
  return r && r.getElementType().isF32() && lhs.getType() == resultType &&
         r.getSplatValue<APFloat>().bitwiseIsEqual(APFloat(value));
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  return foldBinarySplat(*this, adaptor.getLhs(), adaptor.getRhs());
}
OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 0.0f))
    return getLhs();
  return foldBinarySplat(*this, adaptor.getLhs(), adaptor.getRhs());
}
OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 1.0f))
    return getLhs();
  return foldBinarySplat(*this, adaptor.getLhs(), adaptor.getRhs());
}
OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 1.0f))
    return getLhs();
  return foldBinarySplat(*this, adaptor.getLhs(), adaptor.getRhs());
}
OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOperand(getLhs(), adaptor.getRhs(), getType(), 1.0f))
    return getLhs();
  return foldBinarySplat(*this, adaptor.getLhs(), adaptor.getRhs());
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  // A small integer constant cast to f32 (a quantized op's zero point, which
  // a kernel library's pattern wants as a constant): exact up to 2^24, and
  // rounded to nearest beyond, as the lowering's sitofp/uitofp.
  constexpr int64_t kMaxFoldedElements = 64;
  auto ints = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getInput());
  if (!ints || !getType().getElementType().isF32() ||
      ints.getElementType().getIntOrFloatBitWidth() == 1 ||
      ints.getNumElements() > kMaxFoldedElements)
    return {};
  bool isUnsigned = ints.getElementType().isUnsignedInteger();
  SmallVector<float> values;
  for (const APInt &x : ints.getValues<APInt>())
    values.push_back(isUnsigned ? static_cast<float>(x.getZExtValue())
                                : static_cast<float>(x.getSExtValue()));
  return DenseElementsAttr::get(getType(), ArrayRef<float>(values));
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1)
    return getInputs().front();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  // reshape(reshape(x)) -> reshape(x): only the final shape matters.
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput()))
    return dense.reshape(getType());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> perm = getPerm();
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return getInput();
  // transpose(transpose(x, p1), p2) -> transpose(x, p1[p2[i]]).
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    SmallVector<int64_t> composed;
    for (int64_t p : perm)
      composed.push_back(inner.getPerm()[p]);
    getInputMutable().assign(inner.getInput());
    setPerm(composed);
    if (llvm::equal(composed, llvm::seq<int64_t>(0, composed.size())))
      return getInput();
    return getResult();
  }
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    return splat.reshape(getType());
  return {};
}

OpFoldResult PadOp::fold(FoldAdaptor) {
  if (llvm::all_of(getPads(), [](int64_t p) { return p == 0; }))
    return getInput();
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType() &&
      llvm::all_of(getDimSlices(),
                   [](const DimSlice &d) { return d.step == 1; }))
    return getInput();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    return DenseElementsAttr::get(getType(), splat.getSplatValue<Attribute>());
  return {};
}
