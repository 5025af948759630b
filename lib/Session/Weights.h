//===- Weights.h - Weights outside the generated code -----------*- C++ -*-===//
//
// Large constant buffers (the model's weights, after bufferization memref
// globals) are taken out of the module before it goes to LLVM: the Session
// keeps their data where the importer left it (the model file's mapping, or
// the parsed tensor's own storage), or copies it once into memory of its own
// (weights folded from others, constants without a blob of their own), and
// the globals become external declarations that the JIT binds to that
// memory. LLVM then never sees (or optimizes, or encodes) tens of megabytes
// of initializers.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_SESSION_WEIGHTS_H
#define SEAM_LIB_SESSION_WEIGHTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace seam::detail {

/// The weights of one compiled model, by global symbol name.
class WeightStore {
public:
  /// Moves every constant memref global of at least `minBytes` out of
  /// `module` into this store, leaving an external declaration. The data of
  /// each dense_resource blob the module no longer references afterwards is
  /// released from the context (the module must be the only user of its
  /// context's blobs).
  mlir::LogicalResult externalize(mlir::ModuleOp module,
                                  size_t minBytes = 4096);
  /// Marks weight `name` as read only by `creations` kernel creations of
  /// @seam_init (what externalize finds; a cached session reads it back).
  void markInitOnly(llvm::StringRef name, int64_t creations);
  /// The number of kernel creations that read weight `name` when nothing
  /// else does, else -1.
  int64_t getInitOnlyCreations(llvm::StringRef name) const;
  /// Frees weight `data` once every creation that reads it consumed it
  /// (seam_weight_consumed, while @seam_init runs on this thread).
  void consumed(const void *data);
  /// Installs consumed() as this thread's handler of seam_weight_consumed
  /// until the returned guard is destroyed.
  std::shared_ptr<void> handleConsumedWeights();
  /// Frees the data of every weight only creations read (after @seam_init:
  /// the kernel libraries copied what they need). Their symbols stay bound
  /// to the freed addresses, which nothing reads any more.
  void releaseInitOnly();
  /// Bytes of weight data still held.
  size_t getHeldBytes() const;
  /// Of those, the bytes externalize copied out of the module's blobs (into
  /// 64-byte-aligned memory of the store's) instead of taking them as they
  /// were: weights folded from others, constants without a blob of their
  /// own, or not aligned to their element type.
  size_t getCopiedBytes() const;
  /// Adds weight `name` as a view of `size` bytes at `data` (64-byte
  /// aligned), which `owner` keeps alive (the compiled-object cache's mapping
  /// of its entry).
  void addView(llvm::StringRef name, char *data, size_t size,
               std::shared_ptr<const void> owner);
  /// A weight as the compiled-object cache writes it: its bytes, kept
  /// alive by `owner` (the store's own reference to them, shared) until the
  /// writer drops it, even when the store releases the weight meanwhile.
  struct SharedWeight {
    std::string name;
    const char *data;
    size_t size;
    /// How many kernel creations read it when nothing else does, else -1.
    int64_t initOnlyCreations;
    std::shared_ptr<const void> owner;
  };
  /// Calls `hook(data)` before the memory of a weight at `data` is freed
  /// (consumed, releaseInitOnly): the compiled-object cache writes it first
  /// when its entry is being written.
  void setReleaseHook(std::function<void(const void *)> hook) {
    releaseHook = std::move(hook);
  }
  /// Every weight held, in name order. Null owners for views of a mapping
  /// (a session loaded from the cache, which never writes an entry).
  std::vector<SharedWeight> share() const;
  /// Symbol name -> address of its data, for the JIT.
  llvm::StringMap<void *> symbols() const;
  /// Calls `fn(name, data, size)` for every weight, in name order.
  void forEach(
      llvm::function_ref<void(llvm::StringRef, const char *, size_t)> fn) const;
  size_t totalBytes() const { return bytes; }

private:
  std::function<void(const void *)> releaseHook;
  struct Buffer {
    /// Owned memory, or null for a view whose owner is in `owners`.
    std::shared_ptr<void> storage;
    char *aligned = nullptr;
    size_t size = 0;
    /// Only kernel creations read it: this many have not consumed it yet.
    bool initOnly = false;
    int64_t creations = 0;
    /// Copied out of its blob by externalize.
    bool copied = false;
  };
  /// Frees `buffer`'s data (an owned buffer) or drops its pages (a view).
  void release(Buffer &buffer);
  llvm::StringMap<Buffer> buffers;
  /// The buffer at each address, while creations may consume them.
  llvm::DenseMap<const void *, Buffer *> byAddress;
  std::vector<std::shared_ptr<const void>> owners;
  size_t bytes = 0;
};

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_WEIGHTS_H
