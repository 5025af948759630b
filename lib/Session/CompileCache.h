//===- CompileCache.h - Compiled sessions kept on disk ----------*- C++ -*-===//
//
// The compiled-object cache: what a Session needs to run a model without
// compiling it again — the object code ORC compiled (captured through its
// llvm::ObjectCache hook), the weights the code binds to, the names and
// shapes of @main, the offloaded regions and the partition table — stored in
// one file per key.
//
// The key covers everything that changes the compiled code: the model's
// bytes (and those of its external data files), the options (backends,
// threads, optimization level, input shapes, tensor-size limit), the host's
// triple, CPU name and features, and Seam's build (version, LLVM's version,
// and the size and time of the binary holding this code); a model file seen
// before and unchanged since (same inode, size and times) is not read again
// (an index entry keeps its key). An entry is written to a temporary file and
// renamed into place (atomic, safe with several processes), on a thread of
// its own while the session starts and runs: a weight the session frees
// meanwhile (one only the kernel libraries read) is written first, by the
// thread freeing it if the writer has not come to it; the folder is
// bounded in size with LLVM's cache pruning (least recently used out first);
// an entry whose checksum, bounds or key do not match is removed and the
// model recompiled, never loaded.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_SESSION_COMPILECACHE_H
#define SEAM_LIB_SESSION_COMPILECACHE_H

#include "Weights.h"
#include "seam/Session.h"

#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace seam::detail {

/// What a session needs to run besides its code and weights.
struct CacheEntryInfo {
  std::vector<TensorInfo> inputs, outputs;
  /// The offloaded regions (function name, backend).
  std::vector<std::pair<std::string, std::string>> regions;
  /// Whether the module has @seam_init / @seam_deinit.
  bool hasInit = false;
  /// The partition table, when the compilation that stored it made one.
  std::optional<std::string> report;
};

/// A compiled session read from the cache.
struct CachedSession {
  CacheEntryInfo info;
  /// Object code for the host, as JitEngine::create compiled it (one object
  /// per partition of the module).
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  /// The weights the object code binds to: views of the entry's mapping.
  WeightStore weights;
};

/// Captures the objects JitEngine::create compiles a session's module to,
/// for the cache entry.
class CapturingObjectCache : public llvm::ObjectCache {
public:
  void notifyObjectCompiled(const llvm::Module *module,
                            llvm::MemoryBufferRef object) override;
  std::unique_ptr<llvm::MemoryBuffer>
  getObject(const llvm::Module *module) override;
  /// The objects compiled, in the order compiled (none before any).
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> take() {
    return std::move(objects);
  }

private:
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
};

/// An entry being written on a thread of its own (CompileCache::
/// storeInBackground). Destroying it waits for the write.
class PendingStore {
public:
  PendingStore();
  ~PendingStore();
  /// Waits until the entry is written or failed to be; true when written.
  /// Any thread may wait, several at once.
  bool wait();
  /// Writes the weight whose bytes are at `data` now, unless it is written
  /// already (or waits while the writer writes it): the caller is about to
  /// free it. Nothing for bytes that are not one of the entry's weights.
  void writeBeforeRelease(const void *data);

  struct State;

private:
  friend class CompileCache;
  std::unique_ptr<State> state;
  std::unique_ptr<std::thread> thread;
  std::once_flag joined;
  /// The process that started the thread: a forked child has none to wait
  /// for.
  int creator = 0;
  bool stored = false;
};

/// The cache folder of one compilation, and its key.
class CompileCache {
public:
  /// The cache for a model read from `path` (.onnx or .mlir) with
  /// `options`, or nullopt when the cache is off (CompileOptions::useCache,
  /// SEAM_CACHE=off) or the key cannot be computed (e.g. the model cannot be
  /// read: the import then says why).
  static std::optional<CompileCache> forFile(const std::string &path,
                                             const CompileOptions &options);
  /// The same for a serialized ONNX model held in memory.
  static std::optional<CompileCache>
  forOnnxBytes(const std::string &bytes, const CompileOptions &options);

  /// The entry of this key, or nullopt on a miss. An entry that is corrupt
  /// (checksum, bounds, key) is removed and is a miss. Marks the entry as
  /// used for the size bound.
  std::optional<CachedSession> load() const;
  /// Writes the entry of this key (atomically: a temporary file renamed into
  /// place), then prunes the folder to its size bound, on a thread of its
  /// own: the session starts and runs while its entry is written (VGG-11's
  /// 0.5 GB of weights took 0.15-2 s to write). Failing to write is not an
  /// error of the compilation (the next session compiles again);
  /// PendingStore::wait says whether it was written. Each weight's owner is
  /// dropped once its bytes are in the file.
  /// A weight the session releases meanwhile must first be written
  /// (PendingStore::writeBeforeRelease: on the releasing thread, if the
  /// writer has not come to it). A load() of the same entry in this
  /// process, and the process's exit, wait for the write.
  std::shared_ptr<PendingStore>
  storeInBackground(CacheEntryInfo info,
                    std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects,
                    std::vector<WeightStore::SharedWeight> weights) const;
  /// Removes the entry of this key (one that failed to link).
  void remove() const;

  const std::string &getKey() const { return key; }
  const std::string &getEntryPath() const { return entryPath; }

private:
  CompileCache(std::string dir, std::string key, uint64_t maxBytes);
  std::string dir, key, entryPath;
  uint64_t maxBytes;
};

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_COMPILECACHE_H
