//===- KernelEquivalence.h - Hashing kernels that may be equivalent -------===//
//
// Shared by seam-share-identical-kernels, seam-share-kernels-across-shapes
// and seam-share-similar-kernels.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_CODEGEN_KERNELEQUIVALENCE_H
#define SEAM_LIB_CODEGEN_KERNELEQUIVALENCE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"

#include <vector>

namespace seam {

/// The unit attribute of a kernel's argument that is a buffer of its own at
/// every call (an allocation of the caller that no other argument views):
/// set by seam-outline-kernels, compared by seam-share-identical-kernels,
/// used and removed by seam-vectorize-copies.
inline constexpr llvm::StringLiteral kFreshBufferAttr = "seam.fresh_buffer";

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

/// `items` in sets of equivalent ones (`equivalent` compares items whose
/// `hash`es are equal), each set in the items' order and the sets in the
/// order of their first items.
template <typename T, typename Hash, typename Equivalent>
std::vector<llvm::SmallVector<T *>>
groupEquivalent(llvm::ArrayRef<T *> items, Hash hash, Equivalent equivalent) {
  std::vector<llvm::SmallVector<T *>> sets;
  llvm::DenseMap<llvm::hash_code, llvm::SmallVector<size_t, 1>> byHash;
  for (T *item : items) {
    llvm::SmallVector<size_t, 1> &candidates = byHash[hash(*item)];
    auto same = llvm::find_if(candidates, [&](size_t set) {
      return equivalent(*sets[set].front(), *item);
    });
    if (same != candidates.end()) {
      sets[*same].push_back(item);
    } else {
      candidates.push_back(sets.size());
      sets.push_back({item});
    }
  }
  return sets;
}

/// The symbols of `module` used other than as the callee of a `CallOpT`
/// (their address taken, say): the functions whose type must stay as it is.
template <typename CallOpT>
llvm::DenseSet<mlir::StringAttr>
getSymbolsNotOnlyCalled(mlir::ModuleOp module) {
  llvm::DenseSet<mlir::StringAttr> pinned;
  if (std::optional<mlir::SymbolTable::UseRange> uses =
          mlir::SymbolTable::getSymbolUses(&module.getBodyRegion()))
    for (const mlir::SymbolTable::SymbolUse &use : *uses) {
      auto call = mlir::dyn_cast<CallOpT>(use.getUser());
      if (!call || call.getCalleeAttr() != use.getSymbolRef())
        pinned.insert(use.getSymbolRef().getRootReference());
    }
  return pinned;
}

} // namespace seam

#endif // SEAM_LIB_CODEGEN_KERNELEQUIVALENCE_H
