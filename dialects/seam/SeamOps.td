//===- SeamOps.td - Ops of the seam dialect ----------------*- tablegen -*-===//
//
// Graph ops with ONNX semantics on static f32 tensors. Every op verifies its
// operand shapes and attributes; ops whose result type follows from operands
// and attributes implement InferTypeOpInterface, so the verifier also checks
// the declared result type against the inferred one.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_OPS_TD
#define SEAM_OPS_TD

include "seam/SeamDialect.td"
include "seam/SeamEnums.td"
include "seam/SeamInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Sliding-window ops: conv and pooling
//===----------------------------------------------------------------------===//

/// Methods shared by ops with ONNX sliding-window attributes. The attributes
/// are optional in the IR; these return the values ONNX defaults them to.
defvar WindowOpMethods = [{
  /// Number of spatial dimensions (input rank - 2).
  int64_t getNumSpatialDims() {
    return ::llvm::cast<::mlir::RankedTensorType>(getInput().getType()).getRank() - 2;
  }
  /// `strides`, or all ones.
  ::llvm::SmallVector<int64_t> getStridesOrDefault();
  /// `dilations`, or all ones.
  ::llvm::SmallVector<int64_t> getDilationsOrDefault();
  /// Spatial kernel sizes.
  ::llvm::SmallVector<int64_t> getKernelSizes();
  /// Explicit pads [x1_begin, x2_begin, ..., x1_end, x2_end] after resolving
  /// `auto_pad` against the input shape.
  ::llvm::SmallVector<int64_t> getResolvedPads();
}];

def Seam_ConvOp : Seam_Op<"conv", [Pure, InferTypeOpAdaptor]> {
  let summary = "N-d convolution (ONNX Conv), 1 to 3 spatial dimensions";
  let description = [{
    Convolution of `input` (N x C x D1 x ... x Dn) with `weight`
    (M x C/group x k1 x ... x kn), plus the optional per-channel `bias` (M).
    Attributes follow ONNX Conv: `strides`, `dilations` (default all ones),
    `pads` ([x1_begin, ..., xn_begin, x1_end, ..., xn_end], default zeros),
    `auto_pad`, `group` (grouped and depthwise convolution) and the optional
    `kernel_shape`, which must agree with the weight.

    ```mlir
    %y = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
        : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins
    Seam_Tensor:$input,
    Seam_Tensor:$weight,
    Optional<Seam_Tensor1D>:$bias,
    OptionalAttr<DenseI64ArrayAttr>:$kernel_shape,
    OptionalAttr<DenseI64ArrayAttr>:$strides,
    OptionalAttr<DenseI64ArrayAttr>:$pads,
    OptionalAttr<DenseI64ArrayAttr>:$dilations,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$group,
    DefaultValuedAttr<Seam_AutoPadAttr, "::seam::AutoPad::notset">:$auto_pad
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = WindowOpMethods;
  // A zero constant pad of the spatial dims before it becomes its own
  // padding: SeamCanonicalization.cpp.
  let hasCanonicalizer = 1;
}

class Seam_PoolOp<string mnemonic, string onnxName, dag extraArgs>
    : Seam_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = "N-d " # onnxName # " (1 to 3 spatial dimensions)";
  let arguments = !con((ins
    Seam_Tensor:$input,
    DenseI64ArrayAttr:$kernel_shape,
    OptionalAttr<DenseI64ArrayAttr>:$strides,
    OptionalAttr<DenseI64ArrayAttr>:$pads,
    OptionalAttr<DenseI64ArrayAttr>:$dilations,
    DefaultValuedAttr<Seam_AutoPadAttr, "::seam::AutoPad::notset">:$auto_pad,
    DefaultValuedAttr<BoolAttr, "false">:$ceil_mode), extraArgs);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = WindowOpMethods;
  // A 1-element window with stride 1 and no padding is the identity (as
  // adaptive pooling exports to an input already of the output's size).
  let hasFolder = 1;
}

def Seam_MaxPoolOp : Seam_PoolOp<"max_pool", "MaxPool", (ins)> {
  let description = [{
    Max pooling with ONNX MaxPool attributes. Padded positions never win.

    ```mlir
    %y = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>,
                           pads = array<i64: 1, 1, 1, 1>}
        : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
    ```
  }];
  // A spatial Pad of -inf (or of 0 on a non-negative input) before it
  // becomes its own padding: SeamCanonicalization.cpp.
  let hasCanonicalizer = 1;
}

def Seam_AvgPoolOp : Seam_PoolOp<"avg_pool", "AveragePool",
    (ins DefaultValuedAttr<BoolAttr, "false">:$count_include_pad)> {
  let description = [{
    Average pooling with ONNX AveragePool attributes. With
    `count_include_pad`, padded positions count in the divisor.
  }];
  // A spatial zero Pad before it becomes its own (counted) padding:
  // SeamCanonicalization.cpp.
  let hasCanonicalizer = 1;
}

def Seam_GlobalAvgPoolOp : Seam_Op<"global_avg_pool", [Pure, InferTypeOpAdaptor]> {
  let summary = "mean over all spatial dimensions (ONNX GlobalAveragePool)";
  let description = [{
    `N x C x D1 x ... x Dn` to `N x C x 1 x ... x 1`.
  }];
  let arguments = (ins Seam_Tensor:$input);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Matrix products and normalization
//===----------------------------------------------------------------------===//

def Seam_GemmOp : Seam_Op<"gemm", [Pure, InferTypeOpAdaptor]> {
  let summary = "general matrix multiply (ONNX Gemm): alpha * A' * B' + beta * C";
  let description = [{
    `A'` is `a` (M x K) or its transpose with `trans_a`, `B'` is `b` (K x N)
    or its transpose with `trans_b`; the optional `c` broadcasts
    unidirectionally to M x N.
  }];
  let arguments = (ins
    Seam_Tensor:$a,
    Seam_Tensor:$b,
    Optional<Seam_Tensor>:$c,
    DefaultValuedAttr<F32Attr, "1.0f">:$alpha,
    DefaultValuedAttr<F32Attr, "1.0f">:$beta,
    DefaultValuedAttr<BoolAttr, "false">:$trans_a,
    DefaultValuedAttr<BoolAttr, "false">:$trans_b
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = [{
    $a `,` $b (`,` $c^)? attr-dict `:` functional-type(operands, results)
  }];
}

def Seam_MatMulOp : Seam_Op<"matmul", [Pure, InferTypeOpAdaptor]> {
  let summary = "matrix product with NumPy semantics (ONNX MatMul)";
  let description = [{
    Batched matrix product; batch dimensions broadcast, and a 1-D operand is
    promoted to a matrix and the added dimension removed from the result, as
    in `numpy.matmul`.
  }];
  let arguments = (ins Seam_Tensor:$a, Seam_Tensor:$b);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$a `,` $b attr-dict `:` functional-type(operands, results)";
}

def Seam_BatchNormOp : Seam_Op<"batch_norm",
    [Pure, InferTypeOpAdaptor, AllTypesMatch<["scale", "bias", "mean", "var"]>]> {
  let summary = "batch normalization, inference form (ONNX BatchNormalization)";
  let description = [{
    `scale * (input - mean) / sqrt(var + epsilon) + bias` per channel (dim 1)
    of an `N x C x ...` input; `scale`, `bias`, `mean`, `var` have shape `C`.
  }];
  let arguments = (ins
    Seam_Tensor:$input,
    Seam_Tensor1D:$scale,
    Seam_Tensor1D:$bias,
    Seam_Tensor1D:$mean,
    Seam_Tensor1D:$var,
    DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $scale `,` $bias `,` $mean `,` $var attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Seam_SoftmaxOp : Seam_Op<"softmax", [Pure, SameOperandsAndResultType]> {
  let summary = "softmax along one axis (ONNX Softmax, opset 13)";
  let arguments = (ins Seam_Tensor:$input, DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Seam_LogSoftmaxOp : Seam_Op<"log_softmax", [Pure,
    SameOperandsAndResultType]> {
  let summary = "log of softmax along one axis (ONNX LogSoftmax, opset 13)";
  let description = [{
    `x - max(x) - log(sum(exp(x - max(x))))` along `axis`: no underflow to
    -inf where softmax's value would round to 0.
  }];
  let arguments = (ins Seam_FloatTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Seam_FloatTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Seam_LayerNormOp : Seam_Op<"layer_norm", [Pure, InferTypeOpAdaptor]> {
  let summary = "layer normalization (ONNX LayerNormalization, opset 17)";
  let description = [{
    Normalizes `input` over the dims from `axis` to the last:
    `(x - mean) * inv_std_dev * scale + bias`, where `inv_std_dev` is
    `1 / sqrt(var + epsilon)` and `mean` and `var` are taken over those
    dims. `scale` and the optional `bias` broadcast (NumPy, to the right)
    to the input. The results are the normalized tensor and, in f32 (ONNX's
    stash type), `mean` and `inv_std_dev` of shape `input.shape[:axis]`
    followed by ones. Float16 is computed in f32.

    ```mlir
    %y, %mean, %inv = seam.layer_norm %x, %g, %b {axis = -1 : i64}
        : (tensor<2x8x16xf32>, tensor<16xf32>, tensor<16xf32>)
        -> (tensor<2x8x16xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
    ```
  }];
  let arguments = (ins
    Seam_FloatTensor:$input,
    Seam_FloatTensor:$scale,
    Optional<Seam_FloatTensor>:$bias,
    DefaultValuedAttr<I64Attr, "-1">:$axis,
    DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon
  );
  let results = (outs Seam_FloatTensor:$output, Seam_Tensor:$mean,
                      Seam_Tensor:$inv_std_dev);
  let assemblyFormat = [{
    $input `,` $scale (`,` $bias^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Seam_InstanceNormOp : Seam_Op<"instance_norm", [Pure,
    AllTypesMatch<["input", "output"]>, AllTypesMatch<["scale", "bias"]>]> {
  let summary = "instance normalization (ONNX InstanceNormalization)";
  let description = [{
    Normalizes each channel of each instance of an `N x C x D1 x ...` input
    over its spatial dims: `(x - mean) / sqrt(var + epsilon) * scale[c] +
    bias[c]`; `scale` and `bias` have shape `C`. Float16 is computed in f32.
  }];
  let arguments = (ins
    Seam_FloatTensor:$input,
    Seam_FloatTensor:$scale,
    Seam_FloatTensor:$bias,
    DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon
  );
  let results = (outs Seam_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $scale `,` $bias attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Seam_LpNormOp : Seam_Op<"lp_norm", [Pure, SameOperandsAndResultType]> {
  let summary = "Lp normalization along one axis (ONNX LpNormalization)";
  let description = [{
    `x / norm(x)` along `axis`, where the norm is the sum of `|x|` (`p` 1)
    or the square root of the sum of `x * x` (`p` 2). A zero vector divides
    by zero, as in ONNX.
  }];
  let arguments = (ins
    Seam_FloatTensor:$input,
    DefaultValuedAttr<I64Attr, "-1">:$axis,
    DefaultValuedAttr<I64Attr, "2">:$p
  );
  let results = (outs Seam_FloatTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Seam_ResizeOp : Seam_Op<"resize", [Pure,
    AllElementTypesMatch<["input", "output"]>]> {
  let summary = "resizing by interpolation (ONNX Resize, opsets 11 to 17)";
  let description = [{
    Each element of the result reads `input` around the coordinate that
    `coordinate_transformation_mode` maps it to, dim by dim, with `scales`
    (one per dim, output / input; ONNX's scales, or the ratio of its sizes):
    the nearest element (`nearest_mode` rounds), the linear interpolation of
    the two around it on every resized dim (bilinear, trilinear), or the
    cubic one of four (`cubic_coeff_a`; `exclude_outside` gives taps outside
    the input weight 0 and renormalizes). Taps outside the input read the
    nearest edge. `roi` ([starts..., ends...], normalized) is used by
    `tf_crop_and_resize`, whose coordinates outside the input give
    `extrapolation_value`. The result shape is given (ONNX computes it from
    scales or sizes); a dim with scale 1 and the same size is read as is.
    Integer tensors resize in nearest mode only.

    ```mlir
    %y = seam.resize %x {mode = #seam<resize_mode linear>,
                         scales = array<f64: 1.0, 1.0, 2.0, 2.0>}
        : (tensor<1x3x4x4xf32>) -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins
    Seam_NumericTensor:$input,
    DenseF64ArrayAttr:$scales,
    OptionalAttr<DenseF64ArrayAttr>:$roi,
    DefaultValuedAttr<Seam_ResizeModeAttr, "::seam::ResizeMode::nearest">:$mode,
    DefaultValuedAttr<Seam_CoordinateTransformAttr,
        "::seam::CoordinateTransform::half_pixel">:$coordinate_transformation_mode,
    DefaultValuedAttr<Seam_NearestModeAttr,
        "::seam::NearestMode::round_prefer_floor">:$nearest_mode,
    DefaultValuedAttr<F32Attr, "-0.75f">:$cubic_coeff_a,
    DefaultValuedAttr<BoolAttr, "false">:$exclude_outside,
    DefaultValuedAttr<F32Attr, "0.0f">:$extrapolation_value
  );
  let results = (outs Seam_NumericTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

/// An elementwise op of one operand. Float16 tensors are computed in f32
/// (seam-lower-to-linalg extends and truncates around the body); splats of
/// f32 fold.
class Seam_UnaryOp<string mnemonic, string formula, dag attrs = (ins),
                   Type type = Seam_FloatTensor, bit folds = 1>
    : Seam_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise " # formula;
  let arguments = !con((ins type:$input), attrs);
  let results = (outs type:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = folds;
}

def Seam_ReluOp : Seam_UnaryOp<"relu", "max(x, 0) (ONNX Relu)", (ins),
    Seam_NumericTensor>;
def Seam_SigmoidOp : Seam_UnaryOp<"sigmoid", "1 / (1 + exp(-x)) (ONNX Sigmoid)">;
def Seam_TanhOp : Seam_UnaryOp<"tanh", "tanh(x) (ONNX Tanh)">;
def Seam_ExpOp : Seam_UnaryOp<"exp", "exp(x) (ONNX Exp)">;
def Seam_SqrtOp : Seam_UnaryOp<"sqrt", "sqrt(x) (ONNX Sqrt)">;
def Seam_ErfOp : Seam_UnaryOp<"erf", "erf(x) (ONNX Erf)">;
def Seam_HardSwishOp : Seam_UnaryOp<"hard_swish",
    "x * max(0, min(1, x / 6 + 1 / 2)) (ONNX HardSwish)">;
def Seam_SiluOp : Seam_UnaryOp<"silu",
    "x * sigmoid(x) (SiLU, or Swish; exporters write it as x * Sigmoid(x))">;
def Seam_GeluOp : Seam_UnaryOp<"gelu",
    "x * P(N(0, 1) <= x) (GELU; ONNX Gelu of opset 20: exporters before it "
    "write 0.5 * x * (1 + erf(x / sqrt(2))), or with approximate = tanh "
    "0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))), which "
    "seam-raise-decomposed-ops recognizes)",
    (ins DefaultValuedAttr<Seam_GeluApproximationAttr,
                           "::seam::GeluApproximation::none">:$approximate)>;
def Seam_LeakyReluOp : Seam_UnaryOp<"leaky_relu",
    "x if x >= 0 else alpha * x (ONNX LeakyRelu)",
    (ins DefaultValuedAttr<F32Attr, "0.01f">:$alpha)>;
def Seam_HardSigmoidOp : Seam_UnaryOp<"hard_sigmoid",
    "max(0, min(1, alpha * x + beta)) (ONNX HardSigmoid)",
    (ins DefaultValuedAttr<F32Attr, "0.2f">:$alpha,
         DefaultValuedAttr<F32Attr, "0.5f">:$beta)>;

// Without folds: constant operands fold in seam-fold-constants.
class Seam_MathOp<string mnemonic, string formula, dag attrs = (ins)>
    : Seam_UnaryOp<mnemonic, formula, attrs, Seam_FloatTensor, 0>;
class Seam_NumericUnaryOp<string mnemonic, string formula>
    : Seam_UnaryOp<mnemonic, formula, (ins), Seam_NumericTensor, 0>;

def Seam_NegOp : Seam_NumericUnaryOp<"neg", "-x (ONNX Neg)">;
def Seam_AbsOp : Seam_NumericUnaryOp<"abs", "|x| (ONNX Abs)">;
def Seam_SignOp : Seam_NumericUnaryOp<"sign", "-1, 0 or 1 (ONNX Sign)">;
def Seam_ReciprocalOp : Seam_MathOp<"reciprocal", "1 / x (ONNX Reciprocal)">;
def Seam_FloorOp : Seam_MathOp<"floor", "floor(x) (ONNX Floor)">;
def Seam_CeilOp : Seam_MathOp<"ceil", "ceil(x) (ONNX Ceil)">;
def Seam_RoundOp : Seam_MathOp<"round",
    "x rounded to the nearest integer, halves to even (ONNX Round)">;
def Seam_LogOp : Seam_MathOp<"log", "ln(x) (ONNX Log)">;
def Seam_SinOp : Seam_MathOp<"sin", "sin(x) (ONNX Sin)">;
def Seam_CosOp : Seam_MathOp<"cos", "cos(x) (ONNX Cos)">;
def Seam_TanOp : Seam_MathOp<"tan", "tan(x) (ONNX Tan)">;
def Seam_AsinOp : Seam_MathOp<"asin", "asin(x) (ONNX Asin)">;
def Seam_AcosOp : Seam_MathOp<"acos", "acos(x) (ONNX Acos)">;
def Seam_AtanOp : Seam_MathOp<"atan", "atan(x) (ONNX Atan)">;
def Seam_SinhOp : Seam_MathOp<"sinh", "sinh(x) (ONNX Sinh)">;
def Seam_CoshOp : Seam_MathOp<"cosh", "cosh(x) (ONNX Cosh)">;
def Seam_AsinhOp : Seam_MathOp<"asinh", "asinh(x) (ONNX Asinh)">;
def Seam_AcoshOp : Seam_MathOp<"acosh", "acosh(x) (ONNX Acosh)">;
def Seam_AtanhOp : Seam_MathOp<"atanh", "atanh(x) (ONNX Atanh)">;
def Seam_SoftplusOp : Seam_MathOp<"softplus", "ln(1 + exp(x)) (ONNX Softplus)">;
def Seam_SoftsignOp : Seam_MathOp<"softsign", "x / (1 + |x|) (ONNX Softsign)">;
def Seam_MishOp : Seam_MathOp<"mish", "x * tanh(softplus(x)) (ONNX Mish)">;
def Seam_EluOp : Seam_MathOp<"elu",
    "x if x > 0 else alpha * (exp(x) - 1) (ONNX Elu)",
    (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)>;
def Seam_CeluOp : Seam_MathOp<"celu",
    "max(0, x) + min(0, alpha * (exp(x / alpha) - 1)) (ONNX Celu)",
    (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)>;
def Seam_SeluOp : Seam_MathOp<"selu",
    "gamma * (x if x > 0 else alpha * (exp(x) - 1)) (ONNX Selu)",
    (ins DefaultValuedAttr<F32Attr, "1.67326319217681884765625f">:$alpha,
         DefaultValuedAttr<F32Attr, "1.05070102214813232421875f">:$gamma)>;
def Seam_ThresholdedReluOp : Seam_MathOp<"thresholded_relu",
    "x if x > alpha else 0 (ONNX ThresholdedRelu)",
    (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)>;
def Seam_ClipOp : Seam_UnaryOp<"clip",
    "min(max(x, min), max) (ONNX Clip); a missing bound does not clip",
    (ins OptionalAttr<F32Attr>:$min, OptionalAttr<F32Attr>:$max)> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops with NumPy broadcasting
//===----------------------------------------------------------------------===//

class Seam_BinaryOp<string mnemonic, string formula, list<Trait> traits = [],
                    Type operandType = Seam_NumericTensor, bit folds = 1>
    : Seam_Op<mnemonic, !listconcat([Pure, InferTypeOpAdaptor,
        AllElementTypesMatch<["lhs", "rhs", "output"]>], traits)> {
  let summary = "elementwise " # formula # " with NumPy broadcasting";
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$output);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasFolder = folds;
}

def Seam_AddOp : Seam_BinaryOp<"add", "lhs + rhs (ONNX Add)", [Commutative]>;
def Seam_SubOp : Seam_BinaryOp<"sub", "lhs - rhs (ONNX Sub)">;
def Seam_MulOp : Seam_BinaryOp<"mul", "lhs * rhs (ONNX Mul)", [Commutative]> {
  // x * hard_sigmoid(x) with alpha 1/6 and beta 1/2 (how PyTorch exports
  // Hardswish at opset 13) is hard_swish(x), x * sigmoid(x) is silu(x):
  // SeamCanonicalization.cpp.
  let hasCanonicalizer = 1;
}
def Seam_DivOp : Seam_BinaryOp<"div", "lhs / rhs (ONNX Div)">;
def Seam_MinOp : Seam_BinaryOp<"min",
    "min(lhs, rhs) (ONNX Min of two; NaN wins)", [Commutative],
    Seam_NumericTensor, 0>;
def Seam_MaxOp : Seam_BinaryOp<"max",
    "max(lhs, rhs) (ONNX Max of two; NaN wins)", [Commutative],
    Seam_NumericTensor, 0>;
def Seam_ModOp : Seam_Op<"mod", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["lhs", "rhs", "output"]>]> {
  let summary = "elementwise remainder with NumPy broadcasting (ONNX Mod)";
  let description = [{
    With `fmod` the sign of the result is the dividend's (C fmod; floats
    need it, as ONNX says); without it, the divisor's (Python's %, integers
    only).
  }];
  let arguments = (ins Seam_NumericTensor:$lhs, Seam_NumericTensor:$rhs,
                       DefaultValuedAttr<BoolAttr, "false">:$fmod);
  let results = (outs Seam_NumericTensor:$output);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}
def Seam_PReluOp : Seam_BinaryOp<"prelu",
    "lhs if lhs >= 0 else rhs * lhs (ONNX PRelu; rhs is the slope)", [],
    Seam_NumericTensor, 0>;
def Seam_PowOp : Seam_BinaryOp<"pow", "lhs ^ rhs (ONNX Pow)", [],
    Seam_FloatTensor>;

//===----------------------------------------------------------------------===//
// Element types: casts, comparisons, logic, selection
//===----------------------------------------------------------------------===//

def Seam_CastOp : Seam_Op<"cast", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "elementwise conversion to the result's element type (ONNX Cast)";
  let description = [{
    Floats to integers truncate toward zero (out-of-range values are
    undefined, as in ONNX); anything to bool is `x != 0`; bool to a number
    is 0 or 1; integers widen with their sign and narrow by truncation.

    ```mlir
    %i = seam.cast %x : tensor<2x3xf32> to tensor<2x3xi64>
    ```
  }];
  let arguments = (ins Seam_AnyTensor:$input);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
  let hasFolder = 1;
}

class Seam_CompareOp<string mnemonic, string formula>
    : Seam_Op<mnemonic, [Pure, InferTypeOpAdaptor,
        AllElementTypesMatch<["lhs", "rhs"]>]> {
  let summary = "elementwise " # formula # " with NumPy broadcasting, to bool";
  let arguments = (ins Seam_AnyTensor:$lhs, Seam_AnyTensor:$rhs);
  let results = (outs Seam_BoolTensor:$output);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
}

def Seam_EqualOp : Seam_CompareOp<"equal", "lhs == rhs (ONNX Equal)">;
def Seam_LessOp : Seam_CompareOp<"less", "lhs < rhs (ONNX Less)">;
def Seam_LessEqualOp : Seam_CompareOp<"less_equal",
    "lhs <= rhs (ONNX LessOrEqual)">;
def Seam_GreaterOp : Seam_CompareOp<"greater", "lhs > rhs (ONNX Greater)">;
def Seam_GreaterEqualOp : Seam_CompareOp<"greater_equal",
    "lhs >= rhs (ONNX GreaterOrEqual)">;

def Seam_AndOp : Seam_BinaryOp<"and", "lhs and rhs (ONNX And)", [Commutative],
    Seam_BoolTensor, 0>;
def Seam_OrOp : Seam_BinaryOp<"or", "lhs or rhs (ONNX Or)", [Commutative],
    Seam_BoolTensor, 0>;
def Seam_XorOp : Seam_BinaryOp<"xor", "lhs xor rhs (ONNX Xor)", [Commutative],
    Seam_BoolTensor, 0>;

def Seam_NotOp : Seam_Op<"not", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise logical not (ONNX Not)";
  let arguments = (ins Seam_BoolTensor:$input);
  let results = (outs Seam_BoolTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Seam_WhereOp : Seam_Op<"where", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["x", "y", "output"]>]> {
  let summary = "elementwise `condition ? x : y` with NumPy broadcasting (ONNX Where)";
  let arguments = (ins Seam_BoolTensor:$condition, Seam_AnyTensor:$x,
                       Seam_AnyTensor:$y);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $condition `,` $x `,` $y attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class Seam_ReduceOp<string mnemonic, string what,
                    Type type = Seam_NumericTensor>
    : Seam_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = what # " over `axes` (all axes when absent or empty)";
  let arguments = (ins
    type:$input,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    DefaultValuedAttr<BoolAttr, "true">:$keepdims
  );
  let results = (outs type:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    /// The reduced axes, normalized to [0, rank) and sorted.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

def Seam_ReduceMeanOp : Seam_ReduceOp<"reduce_mean", "mean (ONNX ReduceMean)">;
def Seam_ReduceSumOp : Seam_ReduceOp<"reduce_sum", "sum (ONNX ReduceSum)">;

// The rest of ONNX's reductions (ReductionFamilyToLinalg.cpp lowers them).
// Float16 inputs accumulate in f32.
def Seam_ReduceMaxOp : Seam_ReduceOp<"reduce_max",
    "maximum (ONNX ReduceMax; NaN wins)">;
def Seam_ReduceMinOp : Seam_ReduceOp<"reduce_min",
    "minimum (ONNX ReduceMin; NaN wins)">;
def Seam_ReduceProdOp : Seam_ReduceOp<"reduce_prod", "product (ONNX ReduceProd)">;
def Seam_ReduceL1Op : Seam_ReduceOp<"reduce_l1",
    "sum of absolute values (ONNX ReduceL1)">;
def Seam_ReduceSumSquareOp : Seam_ReduceOp<"reduce_sum_square",
    "sum of squares (ONNX ReduceSumSquare)">;
def Seam_ReduceL2Op : Seam_ReduceOp<"reduce_l2",
    "square root of the sum of squares (ONNX ReduceL2)", Seam_FloatTensor>;
def Seam_ReduceLogSumOp : Seam_ReduceOp<"reduce_log_sum",
    "natural logarithm of the sum (ONNX ReduceLogSum)", Seam_FloatTensor>;
def Seam_ReduceLogSumExpOp : Seam_ReduceOp<"reduce_log_sum_exp",
    "log(sum(exp(x))) (ONNX ReduceLogSumExp), computed as " #
    "max + log(sum(exp(x - max)))", Seam_FloatTensor>;

class Seam_ArgReduceOp<string mnemonic, string what>
    : Seam_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = "int64 index of the " # what # " along `axis`";
  let description = [{
    The first such index, or the last with `select_last_index`; a NaN is
    the extreme value (as NumPy's argmax/argmin). With `keepdims` the axis
    stays as a unit dim.
  }];
  let arguments = (ins
    Seam_NumericTensor:$input,
    DefaultValuedAttr<I64Attr, "0">:$axis,
    DefaultValuedAttr<BoolAttr, "true">:$keepdims,
    DefaultValuedAttr<BoolAttr, "false">:$select_last_index
  );
  let results = (outs StaticShapeTensorOf<[I64]>:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def Seam_ArgMaxOp : Seam_ArgReduceOp<"arg_max", "maximum (ONNX ArgMax)">;
def Seam_ArgMinOp : Seam_ArgReduceOp<"arg_min", "minimum (ONNX ArgMin)">;

def Seam_HardmaxOp : Seam_Op<"hardmax", [Pure, SameOperandsAndResultType]> {
  let summary = "one-hot of the first maximum along `axis` (ONNX Hardmax, opset 13)";
  let arguments = (ins Seam_FloatTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Seam_FloatTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Seam_CumSumOp : Seam_Op<"cumsum", [Pure, SameOperandsAndResultType]> {
  let summary = "cumulative sum along `axis` (ONNX CumSum, axis resolved at import)";
  let description = [{
    `output[..., i, ...]` is the sum of `input[..., j, ...]` for `j <= i`;
    `j < i` with `exclusive`; `j >= i` (or `j > i`) with `reverse`.
  }];
  let arguments = (ins Seam_NumericTensor:$input, I64Attr:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs Seam_NumericTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Seam_ConcatOp : Seam_Op<"concat", [Pure, InferTypeOpAdaptor]> {
  let summary = "concatenation along `axis` (ONNX Concat)";
  let arguments = (ins Variadic<Seam_AnyTensor>:$inputs, I64Attr:$axis);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$inputs attr-dict `:` functional-type($inputs, results)";
  let hasFolder = 1;
}

def Seam_ReshapeOp : Seam_Op<"reshape", [Pure]> {
  let summary = "reshape to the result type (ONNX Reshape, shape resolved at import)";
  let description = [{
    Reinterprets the row-major elements of `input` with the result's static
    shape; both have the same number of elements.
  }];
  let arguments = (ins Seam_AnyTensor:$input);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Seam_FlattenOp : Seam_Op<"flatten", [Pure, InferTypeOpAdaptor]> {
  let summary = "flatten to 2-D around `axis` (ONNX Flatten)";
  let arguments = (ins Seam_AnyTensor:$input, DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def Seam_TransposeOp : Seam_Op<"transpose", [Pure, InferTypeOpAdaptor]> {
  let summary = "permutation of dimensions (ONNX Transpose)";
  let description = [{
    Result dimension `i` is input dimension `perm[i]`.
  }];
  let arguments = (ins Seam_AnyTensor:$input, DenseI64ArrayAttr:$perm);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
}

def Seam_PadOp : Seam_Op<"pad", [Pure, InferTypeOpAdaptor]> {
  let summary = "padding (ONNX Pad): constant, reflect or edge";
  let description = [{
    `pads` is [x1_begin, ..., xn_begin, x1_end, ..., xn_end] over all `n`
    dimensions; negative values crop. `value` fills constant padding.
  }];
  let arguments = (ins
    Seam_AnyTensor:$input,
    DenseI64ArrayAttr:$pads,
    DefaultValuedAttr<Seam_PadModeAttr, "::seam::PadMode::constant">:$mode,
    DefaultValuedAttr<F32Attr, "0.0f">:$value
  );
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
}

def Seam_SliceOp : Seam_Op<"slice", [Pure, InferTypeOpAdaptor]> {
  let summary = "strided slice (ONNX Slice), bounds clamped as ONNX specifies";
  let arguments = (ins
    Seam_AnyTensor:$input,
    DenseI64ArrayAttr:$starts,
    DenseI64ArrayAttr:$ends,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    OptionalAttr<DenseI64ArrayAttr>:$steps
  );
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    /// Per input dimension: the first index, the step and the result size,
    /// after clamping `starts`/`ends` as ONNX Slice does.
    struct DimSlice { int64_t start, step, size; };
    ::llvm::SmallVector<DimSlice> getDimSlices();
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

def Seam_GatherOp : Seam_Op<"gather", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["data", "output"]>]> {
  let summary = "gathers slices of `data` along `axis` (ONNX Gather)";
  let description = [{
    The result is `data.shape[:axis] + indices.shape + data.shape[axis+1:]`;
    a negative index counts from the end of `axis`. An index outside
    `[-d, d)` reads the nearest valid slice (ONNX leaves it undefined; Seam
    never reads out of bounds).

    ```mlir
    %e = seam.gather %table, %ids {axis = 0 : i64}
        : (tensor<100x16xf32>, tensor<1x7xi64>) -> tensor<1x7x16xf32>
    ```
  }];
  let arguments = (ins Seam_AnyTensor:$data, Seam_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` functional-type(operands, results)
  }];
}

def Seam_GatherElementsOp : Seam_Op<"gather_elements", [Pure,
    InferTypeOpAdaptor, AllElementTypesMatch<["data", "output"]>]> {
  let summary = "gathers single elements of `data` along `axis` (ONNX GatherElements)";
  let description = [{
    `indices` has the rank of `data`; the result has its shape, and
    `output[i][j][k] = data[i][indices[i][j][k]][k]` for `axis` 1. Indices
    are clamped as seam.gather's.
  }];
  let arguments = (ins Seam_AnyTensor:$data, Seam_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` functional-type(operands, results)
  }];
}

def Seam_ExpandOp : Seam_Op<"expand", [Pure]> {
  let summary = "broadcast to the result shape (ONNX Expand, shape resolved at import)";
  let description = [{
    The result shape is the NumPy broadcast of the input's and Expand's
    `shape`; it is checked, not computed, here.
  }];
  let arguments = (ins Seam_AnyTensor:$input);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Seam_TileOp : Seam_Op<"tile", [Pure, InferTypeOpAdaptor]> {
  let summary = "repeats the input `repeats[i]` times along dim i (ONNX Tile)";
  let arguments = (ins Seam_AnyTensor:$input, DenseI64ArrayAttr:$repeats);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def Seam_TriluOp : Seam_Op<"trilu", [Pure, SameOperandsAndResultType]> {
  let summary = "upper or lower triangle of the last two dims (ONNX Trilu)";
  let description = [{
    Keeps element (i, j) of each matrix where `j - i >= k` (`upper`) or
    `j - i <= k` (lower) and zeroes the rest.
  }];
  let arguments = (ins Seam_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$k,
                       DefaultValuedAttr<BoolAttr, "true">:$upper);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Partitioning
//===----------------------------------------------------------------------===//

def Seam_CompositeOp : Seam_Op<"composite", [IsolatedFromAbove, SingleBlock,
    RecursiveMemoryEffects]> {
  let summary = "a subgraph that one kernel-library pattern matched";
  let description = [{
    Wraps the ops of one pattern match. `name` is `"<backend>.<pattern>"`,
    e.g. `"dnnl.conv2d_bias_relu"`. The body takes the composite's operands
    as block arguments and yields its results; it sees nothing from above.

    ```mlir
    %r = seam.composite "dnnl.conv2d_relu" (%x, %w) : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
    ^bb0(%a: tensor<1x3x8x8xf32>, %b: tensor<8x3x3x3xf32>):
      %0 = seam.conv %a, %b : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
      %1 = seam.relu %0 : tensor<1x8x6x6xf32>
      seam.yield %1 : tensor<1x8x6x6xf32>
    }
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $name `(` $inputs `)` attr-dict `:` functional-type($inputs, results) $body
  }];
  let extraClassDeclaration = [{
    /// The backend part of `name` (before the first '.').
    ::llvm::StringRef getBackend() { return getName().split('.').first; }
    /// The pattern part of `name` (after the first '.').
    ::llvm::StringRef getPattern() { return getName().split('.').second; }
    /// The terminator of the body.
    YieldOp getYield();
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    /// Creates the composite with an empty body block whose arguments have
    /// the types of `inputs`; the caller fills it and ends it in seam.yield.
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::TypeRange":$resultTypes,
                   "::mlir::ValueRange":$inputs)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Seam_YieldOp : Seam_Op<"yield", [Pure, Terminator, ReturnLike,
    HasParent<"CompositeOp">]> {
  let summary = "ends a seam.composite body and returns its results";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "($operands^ `:` type($operands))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Offloaded regions
//===----------------------------------------------------------------------===//

def Seam_KernelCallOp : Seam_Op<"kernel_call", [AttrSizedOperandSegments,
    DestinationStyleOpInterface,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "one offloaded region run by its backend's runtime";
  let description = [{
    A region that a kernel library runs, in destination-passing style: the
    runtime reads `inputs` and writes the whole of each `outs` buffer.
    `backend` names the backend whose entry points run it; `region` names
    the region (the outlined function), and with it the globals the
    lowering creates for it. `weights` are constants the runtime receives
    once, when the session is created (it may reorder or pack them then);
    `description` is the backend's typed description of the region, which
    implements `KernelDescriptionAttrInterface` (checked against the
    operands, serialized for the runtime).

    On tensors the op has one result per `outs` operand and bufferizes
    without copies (each result is its `outs` buffer, which the runtime
    does not read); on buffers it has no result. `seam-lower-kernel-calls`
    lowers the buffer form to calls of the backend's entry points.

    ```mlir
    %e = tensor.empty() : tensor<1x8x8x8xf32>
    %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<1x3x8x8xf32>)
        weights(%w : tensor<8x3x3x3xf32>) outs(%e : tensor<1x8x8x8xf32>)
        description(#seam_dnnl.region<...>) -> tensor<1x8x8x8xf32>
    ```
  }];
  let arguments = (ins StrAttr:$backend, StrAttr:$region,
                       Variadic<AnyShaped>:$inputs,
                       Variadic<AnyShaped>:$weights,
                       Variadic<AnyShaped>:$inits,
                       Seam_KernelDescriptionAttrInterface:$description);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $backend $region
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    (`weights` `(` $weights^ `:` type($weights) `)`)?
    `outs` `(` $inits `:` type($inits) `)`
    `description` `(` $description `)`
    attr-dict (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitsMutable();
    }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// convpool: transposed convolution, Lp pooling, local response normalization
//===----------------------------------------------------------------------===//

def Seam_ConvTransposeOp : Seam_Op<"conv_transpose", [Pure, InferTypeOpAdaptor]> {
  let summary = "N-d transposed convolution (ONNX ConvTranspose), 1 to 3 "
                "spatial dimensions";
  let description = [{
    The gradient of `seam.conv` with respect to its input: every input
    element `x[n, c, i...]` adds `x * weight[c, m, k...]` to
    `output[n, g * M/group + m, i * s + k * d - pad_begin...]`, where `g` is
    the group of channel `c`. `input` is N x C x D1 x ... x Dn, `weight` is
    C x M/group x k1 x ... x kn, the optional `bias` has M elements.

    Per spatial dim the output size is
    `s * (D - 1) + output_padding + (k - 1) * d + 1 - pad_begin - pad_end`.
    `pads` are explicit ([x1_begin, ..., xn_begin, x1_end, ..., xn_end],
    default zeros): the importer resolves ONNX's `auto_pad` and
    `output_shape` into them. A negative pad adds output positions that no
    input element reaches (they hold the bias), which is how an
    `output_shape` larger than the natural size comes out of ONNX's formula.
    `kernel_shape`, when present, must agree with the weight.

    ```mlir
    %y = seam.conv_transpose %x, %w {strides = array<i64: 2, 2>}
        : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x7x7xf32>
    ```
  }];
  let arguments = (ins
    Seam_Tensor:$input,
    Seam_Tensor:$weight,
    Optional<Seam_Tensor1D>:$bias,
    OptionalAttr<DenseI64ArrayAttr>:$kernel_shape,
    OptionalAttr<DenseI64ArrayAttr>:$strides,
    OptionalAttr<DenseI64ArrayAttr>:$pads,
    OptionalAttr<DenseI64ArrayAttr>:$dilations,
    OptionalAttr<DenseI64ArrayAttr>:$output_padding,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$group
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    /// Number of spatial dimensions (input rank - 2).
    int64_t getNumSpatialDims() {
      return ::llvm::cast<::mlir::RankedTensorType>(getInput().getType()).getRank() - 2;
    }
    /// Spatial kernel sizes (the weight's dims 2...).
    ::llvm::SmallVector<int64_t> getKernelSizes();
    /// `strides`, or all ones.
    ::llvm::SmallVector<int64_t> getStridesOrDefault();
    /// `dilations`, or all ones.
    ::llvm::SmallVector<int64_t> getDilationsOrDefault();
    /// `pads`, or all zeros.
    ::llvm::SmallVector<int64_t> getPadsOrDefault();
    /// `output_padding`, or all zeros.
    ::llvm::SmallVector<int64_t> getOutputPaddingOrDefault();
  }];
}

def Seam_LpPoolOp : Seam_PoolOp<"lp_pool", "LpPool",
    (ins DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "2">:$p)> {
  let description = [{
    The p-norm of each window, `(sum |x|^p)^(1/p)`, with ONNX LpPool
    attributes. Padded positions add zero.
  }];
  // |x| is not x: a one-element window is not the identity.
  let hasFolder = 0;
}

def Seam_LrnOp : Seam_Op<"lrn", [Pure, SameOperandsAndResultType]> {
  let summary = "local response normalization across channels (ONNX LRN)";
  let description = [{
    For an N x C x ... input,
    `y = x / (bias + alpha / size * square_sum)^beta`, where `square_sum`
    at channel `c` sums `x^2` over the channels
    `[c - floor((size - 1) / 2), c + ceil((size - 1) / 2)]` that exist.
  }];
  let arguments = (ins
    Seam_Tensor:$input,
    ConfinedAttr<I64Attr, [IntPositive]>:$size,
    DefaultValuedAttr<F32Attr, "1.0e-4">:$alpha,
    DefaultValuedAttr<F32Attr, "0.75">:$beta,
    DefaultValuedAttr<F32Attr, "1.0">:$bias
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// indexing: TopK, OneHot, GatherND, ScatterElements, ScatterND
//===----------------------------------------------------------------------===//

/// How seam.scatter_elements and seam.scatter_nd combine an update with the
/// element it lands on (ONNX `reduction`).
def Seam_ScatterReduction : I32EnumAttr<"ScatterReduction",
    "how a scatter combines an update with the existing element", [
    I32EnumAttrCase<"none", 0>, // the update replaces the element
    I32EnumAttrCase<"add", 1>,
    I32EnumAttrCase<"mul", 2>,
    I32EnumAttrCase<"max", 3>,
    I32EnumAttrCase<"min", 4>
  ]> {
  let cppNamespace = "::seam";
  let genSpecializedAttr = 0;
}
def Seam_ScatterReductionAttr : EnumAttr<Seam_Dialect, Seam_ScatterReduction,
    "scatter_reduction">;

def Seam_TopKOp : Seam_Op<"top_k", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["input", "values"]>]> {
  let summary = "the `k` largest (or smallest) elements along `axis` and "
                "their int64 indices (ONNX TopK, k resolved at import)";
  let description = [{
    `values` and `indices` have the input's shape with `k` at `axis`. The
    elements come in order (largest first, or smallest first without
    `largest`); equal elements in order of their index (ONNX's tie rule); a
    NaN is larger than every number (as in torch.topk). ONNX's `sorted` = 0
    leaves the order open: this order is one. `k` is in
    `[1, input.shape[axis]]`.

    ```mlir
    %v, %i = seam.top_k %x {k = 2 : i64, axis = 1 : i64}
        : (tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
    ```
  }];
  let arguments = (ins Seam_NumericTensor:$input, I64Attr:$k,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<BoolAttr, "true">:$largest);
  let results = (outs Seam_NumericTensor:$values,
                      StaticShapeTensorOf<[I64]>:$indices);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def Seam_OneHotOp : Seam_Op<"one_hot", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["values", "output"]>]> {
  let summary = "one-hot encoding of `indices` along a new `axis` (ONNX OneHot, "
                "depth resolved at import)";
  let description = [{
    The result has the shape of `indices` with `depth` inserted at `axis`
    (in `[-r-1, r]` for indices of rank r); its element is `values[1]`
    where the position along `axis` equals the index and `values[0]`
    elsewhere. Float indices truncate toward zero; a negative index counts
    from `depth`; an index outside `[-depth, depth)` hits no position.
  }];
  let arguments = (ins Seam_NumericTensor:$indices, Seam_AnyTensor:$values,
                       I64Attr:$depth,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $indices `,` $values attr-dict `:` functional-type(operands, results)
  }];
}

def Seam_GatherNDOp : Seam_Op<"gather_nd", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["data", "output"]>]> {
  let summary = "gathers slices of `data` addressed by index tuples (ONNX GatherND)";
  let description = [{
    The last dim m of `indices` holds a tuple that addresses a slice of
    `data` after its first `batch_dims` dims; the result has shape
    `indices.shape[:-1] + data.shape[batch_dims + m:]`. The first
    `batch_dims` dims of `indices` and `data` agree. Indices are wrapped
    and clamped as seam.gather's; a dim that tuples address is not 0 (when
    there are tuples).
  }];
  let arguments = (ins Seam_AnyTensor:$data, Seam_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$batch_dims);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` functional-type(operands, results)
  }];
}

def Seam_ScatterElementsOp : Seam_Op<"scatter_elements", [Pure,
    InferTypeOpAdaptor, AllElementTypesMatch<["data", "updates", "output"]>]> {
  let summary = "`data` with `updates` written at `indices` along `axis` "
                "(ONNX ScatterElements and Scatter)";
  let description = [{
    `indices` and `updates` have one shape, of the rank of `data`; for
    `axis` 1, `output[i][indices[i][j][k]][k]` is `updates[i][j][k]`
    (combined with the element there under `reduction`). Updates apply in
    row-major order of `indices`. Indices are wrapped and clamped as
    seam.gather's: no write lands out of bounds.
  }];
  let arguments = (ins Seam_AnyTensor:$data, Seam_IndexTensor:$indices,
                       Seam_AnyTensor:$updates,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<Seam_ScatterReductionAttr,
                           "ScatterReduction::none">:$reduction);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices `,` $updates attr-dict `:` functional-type(operands, results)
  }];
}

def Seam_ScatterNDOp : Seam_Op<"scatter_nd", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["data", "updates", "output"]>]> {
  let summary = "`data` with slices replaced at index tuples (ONNX ScatterND)";
  let description = [{
    The last dim m of `indices` holds a tuple that addresses a slice of
    `data`; `updates` has shape `indices.shape[:-1] + data.shape[m:]`
    and its slices are written (or combined under `reduction`) in
    row-major order. Indices are wrapped and clamped as seam.gather's.
  }];
  let arguments = (ins Seam_AnyTensor:$data, Seam_IndexTensor:$indices,
                       Seam_AnyTensor:$updates,
                       DefaultValuedAttr<Seam_ScatterReductionAttr,
                           "ScatterReduction::none">:$reduction);
  let results = (outs Seam_AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices `,` $updates attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// unsigned: ops on unsigned integer tensors
//===----------------------------------------------------------------------===//

def Seam_BitShiftOp : Seam_Op<"bit_shift", [Pure, InferTypeOpAdaptor,
    AllElementTypesMatch<["lhs", "rhs", "output"]>]> {
  let summary = "elementwise bit shift with NumPy broadcasting (ONNX BitShift)";
  let description = [{
    Shifts each element of `lhs` by the corresponding element of `rhs`
    bits, towards the most significant bit (`left`) or the least
    significant bit (`right`, zeros shifted in). A shift by the bit width
    or more gives 0, as NumPy's `left_shift`/`right_shift` and ONNX's
    reference do.

    ```mlir
    %z = seam.bit_shift %x, %y {direction = #seam<shift_direction right>}
        : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
    ```
  }];
  let arguments = (ins Seam_UnsignedTensor:$lhs, Seam_UnsignedTensor:$rhs,
                       Seam_ShiftDirectionAttr:$direction);
  let results = (outs Seam_UnsignedTensor:$output);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// integer: products of 8-bit integers accumulated in int32
//===----------------------------------------------------------------------===//

/// The operands of the integer products: int8 or uint8 tensors.
def Seam_Int8Tensor : StaticShapeTensorOf<[I8, UI8]>;

/// Their accumulators.
def Seam_Int32Tensor : StaticShapeTensorOf<[I32]>;

def Seam_ConvIntegerOp : Seam_Op<"conv_integer", [Pure, InferTypeOpAdaptor,
    AttrSizedOperandSegments]> {
  let summary = "N-d convolution of 8-bit integers less their zero points, "
                "accumulated in int32 (ONNX ConvInteger)";
  let description = [{
    `seam.conv` of `input - input_zero_point` and
    `weight - weight_zero_point`, computed exactly in int32 (each operand
    less its zero point is an integer in [-255, 255]). `input_zero_point`
    is a scalar of the input's element type; `weight_zero_point` a scalar
    or one value per output channel (M x 1 x ... x 1) of the weight's
    element type; an absent zero point is 0. The attributes are
    `seam.conv`'s. QLinearConv is this op followed by its requantization
    (a float32 scale, rounding, the output zero point, saturation), which a
    kernel library with int8 convolutions takes as a whole.

    ```mlir
    %y = seam.conv_integer %x, %w input_zero_point(%zp) {pads = array<i64: 1, 1, 1, 1>}
        : (tensor<1x3x8x8xui8>, tensor<8x3x3x3xi8>, tensor<ui8>) -> tensor<1x8x8x8xi32>
    ```
  }];
  let arguments = (ins
    Seam_Int8Tensor:$input,
    Seam_Int8Tensor:$weight,
    Optional<Seam_Int8Tensor>:$input_zero_point,
    Optional<Seam_Int8Tensor>:$weight_zero_point,
    OptionalAttr<DenseI64ArrayAttr>:$kernel_shape,
    OptionalAttr<DenseI64ArrayAttr>:$strides,
    OptionalAttr<DenseI64ArrayAttr>:$pads,
    OptionalAttr<DenseI64ArrayAttr>:$dilations,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$group,
    DefaultValuedAttr<Seam_AutoPadAttr, "::seam::AutoPad::notset">:$auto_pad
  );
  let results = (outs Seam_Int32Tensor:$output);
  let assemblyFormat = [{
    $input `,` $weight
    (`input_zero_point` `(` $input_zero_point^ `)`)?
    (`weight_zero_point` `(` $weight_zero_point^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = WindowOpMethods;
  let hasVerifier = 1;
}

def Seam_MatMulIntegerOp : Seam_Op<"matmul_integer", [Pure, InferTypeOpAdaptor,
    AttrSizedOperandSegments]> {
  let summary = "matrix product of 8-bit integers less their zero points, "
                "accumulated in int32 (ONNX MatMulInteger)";
  let description = [{
    `seam.matmul` (NumPy semantics) of `a - a_zero_point` and
    `b - b_zero_point`, computed exactly in int32. Each zero point has its
    operand's element type and broadcasts to it without changing its shape,
    with size 1 on the contracted axis: a scalar, one value per row of `a`
    (`[M, 1]`, or `a`'s shape with 1 last) or per column of `b` (`[N]`, or
    `b`'s shape with 1 on its second-to-last axis); an absent zero point is
    0. QLinearMatMul is this op followed by its requantization.

    ```mlir
    %y = seam.matmul_integer %a, %b a_zero_point(%zp)
        : (tensor<2x300xui8>, tensor<300x5xi8>, tensor<ui8>) -> tensor<2x5xi32>
    ```
  }];
  let arguments = (ins
    Seam_Int8Tensor:$a,
    Seam_Int8Tensor:$b,
    Optional<Seam_Int8Tensor>:$a_zero_point,
    Optional<Seam_Int8Tensor>:$b_zero_point
  );
  let results = (outs Seam_Int32Tensor:$output);
  let assemblyFormat = [{
    $a `,` $b
    (`a_zero_point` `(` $a_zero_point^ `)`)?
    (`b_zero_point` `(` $b_zero_point^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // SEAM_OPS_TD
