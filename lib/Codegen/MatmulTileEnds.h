//===- MatmulTileEnds.h - A matmul's C before and after its K loop -*- C++
//-*-===//
//
// What seam-tile-and-vectorize does at the two ends of a register tile's K
// loop: the value C starts from (a convolution's bias or a fill, read into
// the registers instead of broadcast into memory) and the elementwise op
// after the matmul (a convolution's activation, applied to the tile before
// it is stored).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_CODEGEN_MATMULTILEENDS_H
#define SEAM_CODEGEN_MATMULTILEENDS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace seam::matmul_tiles {

/// How a matmul's C gets its first value: a broadcast (a bias) or a fill,
/// collapsed to the matmul's 2-D C, possibly through a loop over blocks
/// of K around the matmul that carries C (a 3x3 convolution's im2col, one
/// block of input channels at a time).
struct CStart {
  mlir::DestinationStyleOpInterface init;
  mlir::tensor::CollapseShapeOp collapse;
  mlir::scf::ForOp kBlocks;
};

/// An elementwise op that only reads a matmul's result and that can run on
/// its register tile before it is stored (see findEpilogue).
struct Epilogue {
  mlir::linalg::GenericOp generic;
};

/// Where a scheduled matmul reads and stores a register tile of C: the
/// one store (null when the schedule has no single one) and the one read
/// of the same tile (or null), the tile's first row in C (the offsets of
/// the slices it is taken through, when they are known), and the loops
/// over K around them (blocks, cache tiles) with the values of their
/// induction variables on the first and the last iteration.
struct RegisterTile {
  mlir::vector::TransferWriteOp write;
  mlir::vector::TransferReadOp read;
  std::optional<mlir::SmallVector<mlir::OpFoldResult>> rowOffsets;
  mlir::SmallVector<std::pair<mlir::Value, int64_t>> firstOf, lastOf;
};

/// C's first value as registers can hold it: a bias per row of C (a
/// broadcast of a 1-D tensor along every dim but the one that becomes C's
/// rows, the others of its group of the collapse being 1: a
/// convolution's bias per output channel) or one value (a fill).
struct StartValue {
  mlir::Value bias;
  mlir::Value scalar;
};

/// C's start for `matmul` (static shapes, on tensors), if it has one of
/// those forms: through the loop, C is its only value, which the matmul
/// alone reads and whose result it yields, with constant bounds.
std::optional<CStart> findCStart(mlir::linalg::MatmulOp matmul);

/// The epilogue of `matmul` (a convolution's activation: Clip, Relu, hard
/// swish) when it can be computed on each register tile of C
/// before the tile is stored: the matmul's only reader (through an
/// expand_shape back to the convolution's dims, the inverse of the
/// collapse of its C) is a linalg.generic of parallel loops and identity
/// maps, with that one input and one output, whose body reads the input
/// and values from outside it only, with arith ops that apply to vectors
/// lane by lane; C starts as a broadcast or fill of the generic output's
/// type. Where K is more than one cache
/// tile, the tile stored is the epilogue's only after the last one (a
/// select). Else nullopt.
std::optional<Epilogue> findEpilogue(mlir::linalg::MatmulOp matmul,
                                     CStart start,
                                     mlir::DominanceInfo &dominance);

/// Before scheduling: C starts from a copy of its broadcast or fill of
/// its own, just before it is first read (the original may have other
/// readers), writing into `dest`: the epilogue's output, so that the
/// stored tiles are the layer's result where it lives, else where the
/// original wrote. Returns the copy.
mlir::DestinationStyleOpInterface ownStart(mlir::IRRewriter &rewriter,
                                           mlir::linalg::MatmulOp matmul,
                                           CStart start, mlir::Value dest,
                                           mlir::DominanceInfo &dominance);

/// After scheduling: the epilogue's body applied to the register tile
/// before `site`'s store, lane by lane (values from outside the body
/// broadcast to the tile's type); over several tiles of K, on the last
/// one only (a select).
void applyEpilogue(mlir::IRRewriter &rewriter, Epilogue epilogue,
                   const RegisterTile &site);

/// The start value of `start`, when registers can hold it (see StartValue).
std::optional<StartValue> findStartValue(CStart start);

/// Before the K loops' first iteration, `tile`'s read of C becomes the
/// start value in registers (each row of the tile its bias): C
/// is then neither written by the broadcast or fill nor read before its
/// first product.
void startInRegisters(mlir::IRRewriter &rewriter, StartValue start,
                      const RegisterTile &tile);

} // namespace seam::matmul_tiles

#endif // SEAM_CODEGEN_MATMULTILEENDS_H
