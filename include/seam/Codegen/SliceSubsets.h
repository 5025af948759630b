//===- SliceSubsets.h - Slice equivalence without a solver ------*- C++ -*-===//
//
// One-Shot Bufferize asks, for every insert_slice it analyzes, whether an
// extract_slice reads the same subset of an equivalent tensor. Upstream's
// tensor models answer with a Presburger constraint set per comparison,
// even when every offset, size and stride is a constant: half of the
// bufferize stage's time on a model of many bands and concatenations.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_CODEGEN_SLICESUBSETS_H
#define SEAM_CODEGEN_SLICESUBSETS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace seam {

/// Attaches `SubsetOpInterface` to tensor.extract_slice, tensor.insert_slice
/// and tensor.parallel_insert_slice with the same answers as upstream's
/// models, found by comparing the offsets, sizes and strides directly when
/// each pair is two constants or one SSA value; otherwise upstream's
/// solver decides. Call before upstream registers its models (the first
/// model attached to an op wins).
void registerSliceSubsetModels(mlir::DialectRegistry &registry);

} // namespace seam

#endif // SEAM_CODEGEN_SLICESUBSETS_H
