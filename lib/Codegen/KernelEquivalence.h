//===- KernelEquivalence.h - Hashing kernels that may be equivalent -------===//
//
// Shared by seam-share-identical-kernels and seam-share-similar-kernels.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_CODEGEN_KERNELEQUIVALENCE_H
#define SEAM_LIB_CODEGEN_KERNELEQUIVALENCE_H

#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/Hashing.h"

namespace seam {

/// What kernel comparisons ignore: locations.
constexpr auto kKernelEquivalenceFlags =
    mlir::OperationEquivalence::IgnoreLocations;

/// Equal for functions of type `type` and body `body` that may be equivalent
/// (`OperationEquivalence`, locations ignored): op by op, names, attributes
/// and types.
template <typename FunctionType>
llvm::hash_code hashKernel(FunctionType type, mlir::Region &body) {
  llvm::hash_code hash = hash_value(type);
  body.walk([&](mlir::Operation *op) {
    hash = llvm::hash_combine(
        hash, mlir::OperationEquivalence::computeHash(
                  op, mlir::OperationEquivalence::ignoreHashValue,
                  mlir::OperationEquivalence::ignoreHashValue,
                  kKernelEquivalenceFlags));
  });
  return hash;
}

} // namespace seam

#endif // SEAM_LIB_CODEGEN_KERNELEQUIVALENCE_H
