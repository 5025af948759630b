//===- Weights.h - Weights outside the generated code -----------*- C++ -*-===//
//
// Large constant buffers (the model's weights, after bufferization memref
// globals) are taken out of the module before it goes to LLVM: their data is
// copied once into memory the Session owns, and the globals become external
// declarations that the JIT binds to that memory. LLVM then never sees (or
// optimizes, or encodes) tens of megabytes of initializers.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_SESSION_WEIGHTS_H
#define SEAM_LIB_SESSION_WEIGHTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <vector>

namespace seam::detail {

/// The weights of one compiled model, by global symbol name.
class WeightStore {
public:
  /// Moves every constant memref global of at least `minBytes` out of
  /// `module` into this store, leaving an external declaration.
  mlir::LogicalResult externalize(mlir::ModuleOp module,
                                  size_t minBytes = 4096);
  /// Adds weight `name` as a view of `size` bytes at `data` (64-byte
  /// aligned), which `owner` keeps alive (the compiled-object cache's mapping
  /// of its entry).
  void addView(llvm::StringRef name, char *data, size_t size,
               std::shared_ptr<const void> owner);
  /// Symbol name -> address of its data, for the JIT.
  llvm::StringMap<void *> symbols() const;
  /// Calls `fn(name, data, size)` for every weight, in name order.
  void forEach(
      llvm::function_ref<void(llvm::StringRef, const char *, size_t)> fn) const;
  size_t totalBytes() const { return bytes; }

private:
  struct Buffer {
    std::unique_ptr<char[]> storage;
    char *aligned;
    size_t size;
  };
  llvm::StringMap<Buffer> buffers;
  std::vector<std::shared_ptr<const void>> owners;
  size_t bytes = 0;
};

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_WEIGHTS_H
