//===- SeamDialect.td - The seam graph dialect -------------*- tablegen -*-===//
//
// The `seam` dialect: tensor-level neural-network graph ops with ONNX semantics
// on ranked, statically shaped tensors (NCHW), plus the region op that
// partitioning wraps kernel-library patterns in.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_DIALECT_TD
#define SEAM_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Seam_Dialect : Dialect {
  let name = "seam";
  let cppNamespace = "::seam";
  let summary = "Neural-network graph ops with ONNX semantics, and partition regions";
  let description = [{
    The `seam` dialect is the level at which Seam imports, prepares and
    partitions a model. Ops take and return ranked, statically shaped
    tensors in NCHW layout (f32 for the kernel-shaped ops; f16, f64,
    i64, i32, i8, ui64, ui32, ui16, ui8 and i1 where ONNX defines the op
    for them) and follow the semantics of the
    ONNX operator of the same name (NumPy broadcasting for elementwise ops).
    Constants are `arith.constant` ops with dense or `dense_resource`
    attributes. `seam.composite` wraps a subgraph that one kernel-library
    pattern matched; `seam.yield` ends its body.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

/// Base class of every op of the seam dialect.
class Seam_Op<string mnemonic, list<Trait> traits = []>
    : Op<Seam_Dialect, mnemonic, traits>;

/// The value type of the kernel-shaped graph ops (convolution, pooling,
/// matrix products, normalization): a ranked, statically shaped f32 tensor.
def Seam_Tensor : StaticShapeTensorOf<[F32]>;

/// The element types a model's tensors may have: ONNX's float, double,
/// float16, int64, int32, int8, uint64, uint32, uint16, uint8 and bool (i1,
/// one byte per element in memory). Unsigned integers keep their signedness
/// in the type (ui8 ...) so that the ops that care (division, remainder,
/// comparisons, min/max, casts, shifts) read it there; seam-lower-to-linalg
/// makes them signless and picks the unsigned arith ops.
def Seam_AnyTensor : StaticShapeTensorOf<[F16, F32, F64, I64, I32, I8,
                                          UI64, UI32, UI16, UI8, I1]>;

/// Element types with arithmetic (everything but bool).
def Seam_NumericTensor : StaticShapeTensorOf<[F16, F32, F64, I64, I32, I8,
                                              UI64, UI32, UI16, UI8]>;

/// Unsigned integer tensors (ONNX BitShift).
def Seam_UnsignedTensor : StaticShapeTensorOf<[UI64, UI32, UI16, UI8]>;

/// Floating-point tensors (transcendental functions).
def Seam_FloatTensor : StaticShapeTensorOf<[F16, F32, F64]>;

/// Index tensors (Gather's indices).
def Seam_IndexTensor : StaticShapeTensorOf<[I64, I32]>;

/// Boolean tensors (comparison results, logical ops).
def Seam_BoolTensor : StaticShapeTensorOf<[I1]>;

/// A 1-D per-channel parameter tensor (batch-norm scale, bias, mean, var).
def Seam_Tensor1D : AllOfType<[Seam_Tensor, 1DTensorOf<[F32]>],
    "statically shaped 1-D tensor of 32-bit float values", "::mlir::RankedTensorType">;

#endif // SEAM_DIALECT_TD
