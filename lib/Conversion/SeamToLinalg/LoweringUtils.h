//===- LoweringUtils.h - Helpers shared by the seam-to-linalg patterns ----===//
//
// Small builders the pattern families of seam-lower-to-linalg share: f32
// scalars and tensors, broadcasting indexing maps and elementwise generics,
// constant padding and reshapes between static shapes.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_CONVERSION_SEAMTOLINALG_LOWERINGUTILS_H
#define SEAM_LIB_CONVERSION_SEAMTOLINALG_LOWERINGUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"
#include "seam/Support/LLVM.h"

namespace seam::lowering {

/// The static shape of a ranked tensor value.
ArrayRef<int64_t> shapeOf(Value value);

/// `arith.constant value : f32`.
Value f32Scalar(OpBuilder &b, Location loc, float value);

/// `arith.constant value : index`.
Value indexScalar(OpBuilder &b, Location loc, int64_t value);

/// `index` (an i32/i64 scalar) as an index into a dimension of `size`:
/// negative values count from the end, the result is clamped to
/// [0, size - 1] (never an out-of-bounds access).
Value normalizeIndex(OpBuilder &b, Location loc, Value index, int64_t size);

/// `arith.constant value : type` for a float or integer `type` (integers
/// truncate toward zero).
Value scalarOfType(OpBuilder &b, Location loc, Type type, double value);

/// The element type of a tensor value.
Type elementTypeOf(Value value);

/// `tensor.empty() : tensor<shape x elementType>` (f32 when null).
Value emptyTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  Type elementType = {});

/// A `tensor<shape x f32>` filled with `value` (linalg.fill of tensor.empty).
Value filledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   float value);
/// The same for any element type.
Value filledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Type elementType, double value);

/// `arith.constant value` of the type of the scalar `like`.
Value scalarLike(OpBuilder &b, Location loc, Value like, double value);

/// `body` of the scalars `args`; f16 scalars are extended to f32 first and
/// the result truncated back (float16 is a storage type).
Value computeWidened(
    OpBuilder &b, Location loc, ValueRange args,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body);

//===----------------------------------------------------------------------===//
// Unsigned integers
//
// The seam ops keep ONNX's unsigned types (ui8 ... ui64) until the end of
// seam-lower-to-linalg: the scalar bodies see them on their block arguments
// and pick the unsigned arith ops, then eraseSignedness makes every type
// signless (arith and linalg want signless integers).
//===----------------------------------------------------------------------===//

/// True for an unsigned integer type (ui8, ui16, ui32, ui64).
bool isUnsigned(Type type);

/// `predicate` (a signed or sign-agnostic one) made unsigned when `type` is.
arith::CmpIPredicate intPredicate(Type type, arith::CmpIPredicate predicate);

/// min / max of two integers: arith.minsi / maxsi, or minui / maxui.
Value minInts(OpBuilder &b, Location loc, Value lhs, Value rhs);
Value maxInts(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// `lhs / rhs` of two integers, truncating: arith.divsi or arith.divui.
Value divInts(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// Replaces every unsigned integer type in `root` (result, block argument
/// and function types, constants' attributes) by the signless one of its
/// width.
void eraseSignedness(Operation *root);

/// `lhs + rhs`: arith.addf for floats, arith.addi for integers.
Value addValues(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// `n` iterator types, all parallel.
SmallVector<utils::IteratorType> parallelIterators(unsigned n);

/// The indexing map that reads an operand of shape `operand` for a result of
/// shape `result` under NumPy broadcasting: operand dims align to the right,
/// and a size-1 dim that the result stretches reads index 0.
AffineMap broadcastMap(MLIRContext *ctx, ArrayRef<int64_t> operand,
                       ArrayRef<int64_t> result);

/// Computes the scalar result of one element from the scalar operands.
using ScalarBodyFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// A `linalg.generic` producing `tensor<resultShape x resultElementType>`
/// (null: the first input's element type) whose element is `body` of the
/// corresponding (NumPy-broadcast) elements of `inputs`.
Value buildElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                       ArrayRef<int64_t> resultShape, ScalarBodyFn body,
                       Type resultElementType = {});

/// `input` padded with `value`, `low[i]`/`high[i]` elements before/after
/// dim i (tensor.pad), or `input` itself when every pad is 0.
Value padWithConstant(OpBuilder &b, Location loc, Value input,
                      ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                      float value);

/// `input` reshaped to `shape` (same element count, row-major order):
/// one tensor.collapse_shape or tensor.expand_shape when a reassociation
/// exists, else a collapse to 1-D followed by an expand.
Value reshapeTo(OpBuilder &b, Location loc, Value input,
                ArrayRef<int64_t> shape);

/// A named linalg convolution or pooling op `WindowOpT` on `inputs` that
/// accumulates into `init`, with `strides` and `dilations`.
template <typename WindowOpT>
Value createWindowOp(OpBuilder &b, Location loc, ValueRange inputs, Value init,
                     ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations) {
  return WindowOpT::create(b, loc, TypeRange{init.getType()}, inputs,
                           ValueRange{init}, b.getI64TensorAttr(strides),
                           b.getI64TensorAttr(dilations))
      .getResult(0);
}

/// The signature of createWindowOp, to pick a named op from a table.
using WindowOpBuilder = Value (*)(OpBuilder &, Location, ValueRange, Value,
                                  ArrayRef<int64_t>, ArrayRef<int64_t>);

/// The sum of `input` over `dims` (linalg.reduce into zeros); the result
/// has `input`'s shape without `dims`.
Value reduceSum(OpBuilder &b, Location loc, Value input,
                ArrayRef<int64_t> dims);

/// `value` / `divisor`, elementwise.
Value divideBy(OpBuilder &b, Location loc, Value value, float divisor);

/// The loop dims (d_first, ..., d_first+n-1) as affine expressions.
SmallVector<AffineExpr> dimExprs(MLIRContext *ctx, unsigned first, unsigned n);

//===----------------------------------------------------------------------===//
// Pattern families
//===----------------------------------------------------------------------===//

/// An elementwise seam op (unary, or n-ary with NumPy broadcasting) as one
/// linalg.generic of its result type whose body is `Body`. With `widenF16`
/// the body computes f16 scalars in f32 (computeWidened); ops whose body
/// converts types (casts, comparisons) do not want that.
template <typename OpT, Value (*Body)(OpT, OpBuilder &, Location, ValueRange),
          bool widenF16 = true>
struct ScalarBodyLowering : mlir::OpConversionPattern<OpT> {
  using mlir::OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    Value result = buildElementwise(
        rewriter, op.getLoc(), adaptor.getOperands(), type.getShape(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          auto body = [&](OpBuilder &nb, Location l, ValueRange scalars) {
            return Body(op, nb, l, scalars);
          };
          return widenF16 ? computeWidened(b, loc, args, body)
                          : body(b, loc, args);
        },
        type.getElementType());
    rewriter.replaceOp(op, result);
    return success();
  }
};

void populateConvPatterns(RewritePatternSet &patterns);
void populatePoolPatterns(RewritePatternSet &patterns);
void populateConvTransposePatterns(RewritePatternSet &patterns);
void populateLrnPatterns(RewritePatternSet &patterns);
void populateIntegerProductPatterns(RewritePatternSet &patterns);
void populateMatmulPatterns(RewritePatternSet &patterns);
void populateElementwisePatterns(RewritePatternSet &patterns);
void populateReductionPatterns(RewritePatternSet &patterns);
void populateReductionFamilyPatterns(RewritePatternSet &patterns);
void populateDataMovementPatterns(RewritePatternSet &patterns);
void populateCastCompareSelectPatterns(RewritePatternSet &patterns);
void populateMathPatterns(RewritePatternSet &patterns);
void populateIndexingPatterns(RewritePatternSet &patterns);
void populateScatterPatterns(RewritePatternSet &patterns);
void populateTopKPatterns(RewritePatternSet &patterns);
void populateLogSoftmaxPatterns(RewritePatternSet &patterns);
void populateNormalizationPatterns(RewritePatternSet &patterns);

} // namespace seam::lowering

#endif // SEAM_LIB_CONVERSION_SEAMTOLINALG_LOWERINGUTILS_H
