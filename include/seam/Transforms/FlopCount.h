//===- FlopCount.h - Floating-point operations of seam ops ------*- C++ -*-===//
//
// How much arithmetic a seam op does, for the partition report's share of
// FLOPs offloaded. A multiply-add counts as 2 FLOPs:
//
//   conv         2 * N * Cout * prod(output spatial) * Cin/group * prod(kernel)
//   gemm, matmul 2 * M * N * K * batch
//   pooling      output elements * prod(kernel) (global: input elements)
//   elementwise, batch_norm, softmax, reductions: elements (of the larger
//                of the first operand and the result)
//   data movement (reshape, flatten, transpose, concat, pad, slice): 0
//   composite    the sum over its body
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TRANSFORMS_FLOPCOUNT_H
#define SEAM_TRANSFORMS_FLOPCOUNT_H

#include "mlir/IR/Operation.h"
#include "seam/Support/LLVM.h"

namespace seam {

/// The FLOPs of `op` (0 for ops that are not seam ops).
int64_t countFlops(Operation *op);

} // namespace seam

#endif // SEAM_TRANSFORMS_FLOPCOUNT_H
