//===- ReversedMaps.h - Indexing maps that walk an operand backwards ------===//
//
// A Slice with a negative step folded into its consumer's indexing map reads
// the operand backwards: (d0, d1, d2, -d3 + 6). MLIR's tiling computes the
// sizes of such an operand's slices wrongly (a tile of 6 elements becomes a
// slice of 2), so the passes that tile ops leave them whole.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_CODEGEN_REVERSEDMAPS_H
#define SEAM_LIB_CODEGEN_REVERSEDMAPS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"

#include "llvm/ADT/STLExtras.h"

namespace seam {

/// Whether a result of `map` multiplies a dim by a negative constant.
inline bool readsBackwards(mlir::AffineMap map) {
  return llvm::any_of(map.getResults(), [](mlir::AffineExpr expr) {
    bool negative = false;
    expr.walk([&](mlir::AffineExpr sub) {
      auto mul = llvm::dyn_cast<mlir::AffineBinaryOpExpr>(sub);
      if (mul && mul.getKind() == mlir::AffineExprKind::Mul)
        if (auto c = llvm::dyn_cast<mlir::AffineConstantExpr>(mul.getRHS()))
          negative |= c.getValue() < 0;
    });
    return negative;
  });
}

} // namespace seam

#endif // SEAM_LIB_CODEGEN_REVERSEDMAPS_H
