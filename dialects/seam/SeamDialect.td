//===- SeamDialect.td - The seam graph dialect -------------*- tablegen -*-===//
//
// The `seam` dialect: tensor-level neural-network graph ops with ONNX semantics
// on ranked, statically shaped f32 tensors (NCHW), plus the region op that
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
    `tensor<...xf32>` values in NCHW layout and follow the semantics of the
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

/// The value type of the graph ops: a ranked, statically shaped f32 tensor.
def Seam_Tensor : StaticShapeTensorOf<[F32]>;

/// A 1-D per-channel parameter tensor (batch-norm scale, bias, mean, var).
def Seam_Tensor1D : AllOfType<[Seam_Tensor, 1DTensorOf<[F32]>],
    "statically shaped 1-D tensor of 32-bit float values", "::mlir::RankedTensorType">;

#endif // SEAM_DIALECT_TD
