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
}

def Seam_AvgPoolOp : Seam_PoolOp<"avg_pool", "AveragePool",
    (ins DefaultValuedAttr<BoolAttr, "false">:$count_include_pad)> {
  let description = [{
    Average pooling with ONNX AveragePool attributes. With
    `count_include_pad`, padded positions count in the divisor.
  }];
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

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

class Seam_UnaryOp<string mnemonic, string formula, dag attrs = (ins)>
    : Seam_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise " # formula;
  let arguments = !con((ins Seam_Tensor:$input), attrs);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def Seam_ReluOp : Seam_UnaryOp<"relu", "max(x, 0) (ONNX Relu)">;
def Seam_SigmoidOp : Seam_UnaryOp<"sigmoid", "1 / (1 + exp(-x)) (ONNX Sigmoid)">;
def Seam_TanhOp : Seam_UnaryOp<"tanh", "tanh(x) (ONNX Tanh)">;
def Seam_ExpOp : Seam_UnaryOp<"exp", "exp(x) (ONNX Exp)">;
def Seam_SqrtOp : Seam_UnaryOp<"sqrt", "sqrt(x) (ONNX Sqrt)">;
def Seam_ErfOp : Seam_UnaryOp<"erf", "erf(x) (ONNX Erf)">;
def Seam_HardSwishOp : Seam_UnaryOp<"hard_swish",
    "x * max(0, min(1, x / 6 + 1 / 2)) (ONNX HardSwish)">;
def Seam_SiluOp : Seam_UnaryOp<"silu",
    "x * sigmoid(x) (SiLU, or Swish; exporters write it as x * Sigmoid(x))">;
def Seam_LeakyReluOp : Seam_UnaryOp<"leaky_relu",
    "x if x >= 0 else alpha * x (ONNX LeakyRelu)",
    (ins DefaultValuedAttr<F32Attr, "0.01f">:$alpha)>;
def Seam_HardSigmoidOp : Seam_UnaryOp<"hard_sigmoid",
    "max(0, min(1, alpha * x + beta)) (ONNX HardSigmoid)",
    (ins DefaultValuedAttr<F32Attr, "0.2f">:$alpha,
         DefaultValuedAttr<F32Attr, "0.5f">:$beta)>;
def Seam_ClipOp : Seam_UnaryOp<"clip",
    "min(max(x, min), max) (ONNX Clip); a missing bound does not clip",
    (ins OptionalAttr<F32Attr>:$min, OptionalAttr<F32Attr>:$max)> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops with NumPy broadcasting
//===----------------------------------------------------------------------===//

class Seam_BinaryOp<string mnemonic, string formula, list<Trait> traits = []>
    : Seam_Op<mnemonic, !listconcat([Pure, InferTypeOpAdaptor], traits)> {
  let summary = "elementwise " # formula # " with NumPy broadcasting";
  let arguments = (ins Seam_Tensor:$lhs, Seam_Tensor:$rhs);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
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
def Seam_PowOp : Seam_BinaryOp<"pow", "lhs ^ rhs (ONNX Pow)">;

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class Seam_ReduceOp<string mnemonic, string what>
    : Seam_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = what # " over `axes` (all axes when absent or empty)";
  let arguments = (ins
    Seam_Tensor:$input,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    DefaultValuedAttr<BoolAttr, "true">:$keepdims
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    /// The reduced axes, normalized to [0, rank) and sorted.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

def Seam_ReduceMeanOp : Seam_ReduceOp<"reduce_mean", "mean (ONNX ReduceMean)">;
def Seam_ReduceSumOp : Seam_ReduceOp<"reduce_sum", "sum (ONNX ReduceSum)">;

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Seam_ConcatOp : Seam_Op<"concat", [Pure, InferTypeOpAdaptor]> {
  let summary = "concatenation along `axis` (ONNX Concat)";
  let arguments = (ins Variadic<Seam_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$inputs attr-dict `:` functional-type($inputs, results)";
  let hasFolder = 1;
}

def Seam_ReshapeOp : Seam_Op<"reshape", [Pure]> {
  let summary = "reshape to the result type (ONNX Reshape, shape resolved at import)";
  let description = [{
    Reinterprets the row-major elements of `input` with the result's static
    shape; both have the same number of elements.
  }];
  let arguments = (ins Seam_Tensor:$input);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Seam_FlattenOp : Seam_Op<"flatten", [Pure, InferTypeOpAdaptor]> {
  let summary = "flatten to 2-D around `axis` (ONNX Flatten)";
  let arguments = (ins Seam_Tensor:$input, DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

def Seam_TransposeOp : Seam_Op<"transpose", [Pure, InferTypeOpAdaptor]> {
  let summary = "permutation of dimensions (ONNX Transpose)";
  let description = [{
    Result dimension `i` is input dimension `perm[i]`.
  }];
  let arguments = (ins Seam_Tensor:$input, DenseI64ArrayAttr:$perm);
  let results = (outs Seam_Tensor:$output);
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
    Seam_Tensor:$input,
    DenseI64ArrayAttr:$pads,
    DefaultValuedAttr<Seam_PadModeAttr, "::seam::PadMode::constant">:$mode,
    DefaultValuedAttr<F32Attr, "0.0f">:$value
  );
  let results = (outs Seam_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
}

def Seam_SliceOp : Seam_Op<"slice", [Pure, InferTypeOpAdaptor]> {
  let summary = "strided slice (ONNX Slice), bounds clamped as ONNX specifies";
  let arguments = (ins
    Seam_Tensor:$input,
    DenseI64ArrayAttr:$starts,
    DenseI64ArrayAttr:$ends,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    OptionalAttr<DenseI64ArrayAttr>:$steps
  );
  let results = (outs Seam_Tensor:$output);
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

#endif // SEAM_OPS_TD
