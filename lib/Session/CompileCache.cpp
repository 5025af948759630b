//===- CompileCache.cpp - Compiled sessions kept on disk ------------------===//
//
// An entry is one file, `llvmcache-seam-<key>` (the prefix LLVM's cache
// pruning works on):
//
//   header  "SEAMCCH1", u32 format, u32 0, u64 metadata size, u64 its xxh3
//   metadata key; @main's inputs and outputs (name, element type, shape);
//           regions; whether @seam_init exists; the partition table;
//           object code and each weight as (offset, size, xxh3)
//   data    the object code, then each weight at a 64-byte aligned offset
//
// A model file's key is also kept in a small index entry,
// `llvmcache-seamidx-<hash of its path, device, inode, size and times and the
// options>`, so that a warm session of an unchanged file does not read the
// model (those of models with external data are not indexed).
//
// All integers little-endian. Loading maps the file (private, copy on write)
// and checks the metadata's checksum first, then every offset and size
// against the file, the key, and the checksum of the object code and of each
// weight; the weights are used in place.
//
//===----------------------------------------------------------------------===//

#include "CompileCache.h"

#include "seam/Runtime/SeamRuntime.h"
#include "seam/Version.h"

#include "onnx/onnx_pb.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/TargetParser/Host.h"

#include "seam/Support/RegularFile.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace seam::detail {

//===----------------------------------------------------------------------===//
// Object capture
//===----------------------------------------------------------------------===//

void CapturingObjectCache::notifyObjectCompiled(const llvm::Module *,
                                                llvm::MemoryBufferRef ref) {
  objects.push_back(llvm::MemoryBuffer::getMemBufferCopy(
      ref.getBuffer(), ref.getBufferIdentifier()));
}

std::unique_ptr<llvm::MemoryBuffer>
CapturingObjectCache::getObject(const llvm::Module *) {
  return nullptr; // a session's module is compiled, or not built at all
}

//===----------------------------------------------------------------------===//
// Settings
//===----------------------------------------------------------------------===//

/// SEAM_CACHE=off (or 0, false, no) switches the cache off.
static bool isSwitchedOffByEnvironment() {
  const char *value = std::getenv("SEAM_CACHE");
  if (!value)
    return false;
  llvm::StringRef v(value);
  return v.equals_insensitive("off") || v == "0" ||
         v.equals_insensitive("false") || v.equals_insensitive("no");
}

/// CompileOptions::cacheDir, else $SEAM_CACHE_DIR, else
/// $XDG_CACHE_HOME/seam or ~/.cache/seam; empty when there is none.
static std::string getCacheFolder(const CompileOptions &options) {
  if (!options.cacheDir.empty())
    return options.cacheDir;
  if (const char *dir = std::getenv("SEAM_CACHE_DIR"); dir && *dir)
    return dir;
  llvm::SmallString<256> dir;
  if (!llvm::sys::path::cache_directory(dir))
    return "";
  llvm::sys::path::append(dir, "seam");
  return std::string(dir);
}

/// CompileOptions::cacheMaxBytes, else $SEAM_CACHE_MAX_BYTES, else 4 GiB.
static uint64_t getMaxBytes(const CompileOptions &options) {
  if (options.cacheMaxBytes)
    return options.cacheMaxBytes;
  uint64_t bytes;
  if (const char *value = std::getenv("SEAM_CACHE_MAX_BYTES");
      value && !llvm::StringRef(value).getAsInteger(10, bytes) && bytes)
    return bytes;
  return uint64_t(4) << 30;
}

//===----------------------------------------------------------------------===//
// Key
//===----------------------------------------------------------------------===//

namespace {
/// Hashes named fields (each field's name and length too, so that no two
/// different field lists hash the same bytes) with BLAKE3. The model's bytes
/// enter as the 128-bit XXH3 of each 1 MiB chunk, several times faster to
/// compute: a warm session of a large model spends its time reading it, not
/// hashing it.
class KeyHasher {
public:
  static constexpr size_t kChunkBytes = size_t(1) << 20;

  void add(llvm::StringRef field, llvm::StringRef value) {
    addRaw(field);
    addRaw(value);
  }
  void add(llvm::StringRef field, int64_t value) {
    add(field, llvm::StringRef(std::to_string(value)));
  }
  /// Starts a value of `size` bytes given by addChunk, chunk by chunk.
  void beginChunked(llvm::StringRef field, uint64_t size) {
    addRaw(field);
    addRaw("chunked-xxh3-128");
    add("size", static_cast<int64_t>(size));
  }
  void addChunk(llvm::StringRef chunk) {
    llvm::XXH128_hash_t digest =
        llvm::xxh3_128bits(llvm::arrayRefFromStringRef(chunk));
    uint8_t bytes[16];
    llvm::support::endian::write64le(bytes, digest.low64);
    llvm::support::endian::write64le(bytes + 8, digest.high64);
    hasher.update(llvm::ArrayRef<uint8_t>(bytes, 16));
  }
  std::string finish() {
    auto digest = hasher.final<16>();
    return llvm::toHex(digest, /*LowerCase=*/true);
  }

private:
  void addRaw(llvm::StringRef bytes) {
    uint8_t size[8];
    llvm::support::endian::write64le(size, bytes.size());
    hasher.update(llvm::ArrayRef<uint8_t>(size, 8));
    hasher.update(llvm::arrayRefFromStringRef(bytes));
  }
  llvm::BLAKE3 hasher;
};
} // namespace

/// Adds what identifies this build of Seam: its version, LLVM's, and the
/// path, size and modification time of the binary (executable or shared
/// library) that holds this code, so that a rebuilt Seam never loads what
/// another build compiled. False when the binary cannot be found.
static bool addBuildIdentity(KeyHasher &key) {
  key.add("seam", SEAM_VERSION_STRING);
  key.add("llvm", LLVM_VERSION_STRING);
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&addBuildIdentity), &info) ||
      !info.dli_fname)
    return false;
  struct stat binary;
  if (::stat(info.dli_fname, &binary) != 0)
    return false;
  key.add("binary", info.dli_fname);
  key.add("binary-size", static_cast<int64_t>(binary.st_size));
  key.add("binary-mtime",
          static_cast<int64_t>(binary.st_mtim.tv_sec) * 1000000000 +
              binary.st_mtim.tv_nsec);
  return true;
}

/// Adds the host: triple, CPU and its features.
static void addTarget(KeyHasher &key) {
  key.add("triple", llvm::sys::getProcessTriple());
  key.add("cpu", llvm::sys::getHostCPUName());
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  std::vector<std::string> list;
  for (const auto &feature : features)
    list.push_back((feature.getValue() ? "+" : "-") + feature.getKey().str());
  llvm::sort(list);
  key.add("features", llvm::join(list, ","));
}

/// Adds every option that changes the compiled code or its errors.
static void addOptions(KeyHasher &key, const CompileOptions &options) {
  key.add("backends", llvm::join(options.backends, ","));
  key.add("opt-level", options.optLevel);
  key.add("threads", options.threads);
  // Parallel loops are generated for this many threads when threads is 0.
  key.add("default-threads", seam_get_default_threads());
  key.add("max-tensor-bytes", options.maxTensorBytes);
  key.add("profile-kernels", options.profileKernels ? 1 : 0);
  for (const auto &[name, shape] : options.inputShapes) {
    key.add("input-shape", name);
    key.add("dims",
            llvm::join(llvm::map_range(
                           shape, [](int64_t d) { return std::to_string(d); }),
                       "x"));
  }
}

/// Adds the bytes of the external data files the ONNX model `bytes` at
/// `folder` refers to (the importer reads them: they are part of the model).
/// False when one cannot be read; the import then says why.
static bool addExternalData(KeyHasher &key, llvm::StringRef bytes,
                            llvm::StringRef folder) {
  onnx::ModelProto model;
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return false;
  std::vector<const onnx::TensorProto *> tensors;
  for (const auto &init : model.graph().initializer())
    tensors.push_back(&init);
  for (const auto &node : model.graph().node())
    for (const auto &attr : node.attribute())
      if (attr.has_t())
        tensors.push_back(&attr.t());
  for (const onnx::TensorProto *tensor : tensors) {
    if (tensor->data_location() != onnx::TensorProto_DataLocation_EXTERNAL)
      continue;
    for (const auto &entry : tensor->external_data()) {
      if (entry.key() != "location")
        continue;
      llvm::SmallString<256> path(folder);
      llvm::sys::path::append(path, entry.value());
      RegularFile file(path);
      if (!file.ok())
        return false;
      auto data = file.read();
      if (!data)
        return false;
      key.add("external-data", entry.value());
      key.add("external-bytes", (*data)->getBuffer());
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// CompileCache
//===----------------------------------------------------------------------===//

CompileCache::CompileCache(std::string dir, std::string key, uint64_t maxBytes)
    : dir(std::move(dir)), key(std::move(key)), maxBytes(maxBytes) {
  llvm::SmallString<256> path(this->dir);
  llvm::sys::path::append(path, "llvmcache-seam-" + this->key);
  entryPath = std::string(path);
}

/// The key's fields before the model: Seam's build, the host, the options.
/// False when the build cannot be identified.
static bool addEverythingButTheModel(KeyHasher &key,
                                     const CompileOptions &options) {
  key.add("format", "seam-compile-cache-1");
  if (!addBuildIdentity(key))
    return false;
  addTarget(key);
  addOptions(key, options);
  return true;
}

/// Whether `bytes` holds "location", the key of every external-data
/// reference of an ONNX model (memmem: the model may be large).
static bool mentionsLocation(llvm::StringRef bytes) {
  static constexpr llvm::StringLiteral kLocation = "location";
  return ::memmem(bytes.data(), bytes.size(), kLocation.data(),
                  kLocation.size()) != nullptr;
}

/// The path of the index entry that maps the identity of the model file
/// `file` (its path, device, inode, size, modification and change times)
/// with everything but the model in `key` to the model's key, in `dir`.
static std::string getIdentityIndexPath(llvm::StringRef dir, KeyHasher key,
                                        llvm::StringRef path,
                                        const RegularFile &file) {
  const struct stat &status = file.fileStatus();
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  key.add("model-path", absolute);
  for (int64_t field : {static_cast<int64_t>(status.st_dev),
                        static_cast<int64_t>(status.st_ino),
                        static_cast<int64_t>(status.st_size),
                        static_cast<int64_t>(status.st_mtim.tv_sec),
                        static_cast<int64_t>(status.st_mtim.tv_nsec),
                        static_cast<int64_t>(status.st_ctim.tv_sec),
                        static_cast<int64_t>(status.st_ctim.tv_nsec)})
    key.add("model-stat", field);
  llvm::SmallString<256> index(dir);
  llvm::sys::path::append(index, "llvmcache-seamidx-" + key.finish());
  return std::string(index);
}

/// The key that the index entry at `indexPath` holds, if it holds one.
static std::optional<std::string> readIdentityIndex(llvm::StringRef indexPath) {
  auto buffer = llvm::MemoryBuffer::getFile(indexPath);
  if (!buffer)
    return std::nullopt;
  llvm::StringRef key = (*buffer)->getBuffer();
  if (key.size() != 32 || !llvm::all_of(key, llvm::isHexDigit))
    return std::nullopt;
  return key.str();
}

/// Writes the file `path` in `dir` with `write` into a temporary file of
/// `dir` renamed to `path` (atomic: a reader sees the old file or the new
/// one, never a part). False when it could not be written; the temporary
/// file is then removed.
/// A new temporary file in `dir` (created if need be), or nullopt.
static std::optional<llvm::sys::fs::TempFile>
createTemporaryFile(llvm::StringRef dir) {
  if (llvm::sys::fs::create_directories(dir))
    return std::nullopt;
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, "seam-%%%%%%%%%%%%.tmp");
  auto temp = llvm::sys::fs::TempFile::create(model);
  if (!temp) {
    llvm::consumeError(temp.takeError());
    return std::nullopt;
  }
  return std::move(*temp);
}

static bool
writeAtomically(llvm::StringRef dir, llvm::StringRef path,
                llvm::function_ref<void(llvm::raw_fd_ostream &)> write) {
  std::optional<llvm::sys::fs::TempFile> temp = createTemporaryFile(dir);
  if (!temp)
    return false;
  bool written;
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    write(os);
    os.flush();
    written = !os.has_error();
    os.clear_error();
  }
  llvm::Error kept = written ? temp->keep(path) : llvm::Error::success();
  if (!written || kept) {
    llvm::consumeError(std::move(kept));
    llvm::consumeError(temp->discard());
    return false;
  }
  return true;
}

/// Writes `key` as the index entry at `indexPath`; failing is not an error:
/// the next session reads the model again.
static void writeIdentityIndex(llvm::StringRef dir, llvm::StringRef indexPath,
                               llvm::StringRef key) {
  writeAtomically(dir, indexPath, [&](llvm::raw_fd_ostream &os) { os << key; });
}

/// The cache folder for `options` and the key with everything but the
/// model in it, or nullopt when the cache is off or cannot be used.
static std::optional<std::pair<std::string, KeyHasher>>
startKey(const CompileOptions &options) {
  if (!options.useCache || isSwitchedOffByEnvironment())
    return std::nullopt;
  std::string dir = getCacheFolder(options);
  KeyHasher key;
  if (dir.empty() || !addEverythingButTheModel(key, options))
    return std::nullopt;
  return std::make_pair(std::move(dir), std::move(key));
}

std::optional<CompileCache>
CompileCache::forFile(const std::string &path, const CompileOptions &options) {
  auto started = startKey(options);
  if (!started)
    return std::nullopt;
  auto &[dir, key] = *started;
  RegularFile file(path);
  if (!file.ok())
    return std::nullopt;
  // A model file seen before and not changed since (same path, device,
  // inode, size, modification and change time) has the key it had then: it
  // is not read again. Only models without external data are indexed.
  std::string indexPath = getIdentityIndexPath(dir, key, path, file);
  if (std::optional<std::string> known = readIdentityIndex(indexPath))
    return CompileCache(std::move(dir), std::move(*known),
                        getMaxBytes(options));
  bool mlir = llvm::StringRef(path).ends_with(".mlir");
  key.add("model-kind", mlir ? "mlir" : "onnx");
  // The file read in chunks into one buffer (no mapping of the whole model:
  // its page faults cost more than the hash), with the last bytes of the
  // chunk before, so that "location" is found across two chunks too.
  constexpr size_t kCarry = 7;
  std::vector<char> buffer(kCarry + KeyHasher::kChunkBytes);
  bool externalData = false;
  key.beginChunked("model", file.size());
  for (uint64_t offset = 0; offset < file.size();) {
    size_t n = std::min<uint64_t>(KeyHasher::kChunkBytes, file.size() - offset);
    if (!file.readInto(offset, n, buffer.data() + kCarry))
      return std::nullopt;
    llvm::StringRef chunk(buffer.data() + kCarry, n);
    key.addChunk(chunk);
    externalData |= mentionsLocation(llvm::StringRef(
        buffer.data() + (offset ? 0 : kCarry), n + (offset ? kCarry : 0)));
    std::memcpy(buffer.data(), buffer.data() + n, kCarry);
    offset += n;
  }
  if (externalData && !mlir) {
    auto bytes = file.read();
    llvm::SmallString<256> folder(path);
    llvm::sys::path::remove_filename(folder);
    if (folder.empty())
      folder = ".";
    if (!bytes || !addExternalData(key, (*bytes)->getBuffer(), folder))
      return std::nullopt;
  }
  std::string modelKey = key.finish();
  if (!externalData)
    writeIdentityIndex(dir, indexPath, modelKey);
  return CompileCache(std::move(dir), std::move(modelKey),
                      getMaxBytes(options));
}

std::optional<CompileCache>
CompileCache::forOnnxBytes(const std::string &bytes,
                           const CompileOptions &options) {
  auto started = startKey(options);
  if (!started)
    return std::nullopt;
  auto &[dir, key] = *started;
  // A model in memory has no external data (the importer refuses it).
  key.add("model-kind", "onnx");
  key.beginChunked("model", bytes.size());
  for (size_t offset = 0; offset < bytes.size();
       offset += KeyHasher::kChunkBytes)
    key.addChunk(llvm::StringRef(bytes).substr(offset, KeyHasher::kChunkBytes));
  return CompileCache(std::move(dir), key.finish(), getMaxBytes(options));
}

//===----------------------------------------------------------------------===//
// Entry format
//===----------------------------------------------------------------------===//

static constexpr char kMagic[8] = {'S', 'E', 'A', 'M', 'C', 'C', 'H', '1'};
/// 2: each input and output records its element type.
/// 3: each weight records how many kernel creations read it when nothing
///    else does (else -1).
/// 4: the object code is a list of objects (one per partition compiled).
static constexpr uint32_t kFormatVersion = 4;
static constexpr uint64_t kHeaderBytes = 32;
static constexpr uint64_t kAlignment = 64;

static uint64_t alignUp(uint64_t offset) {
  return (offset + kAlignment - 1) & ~(kAlignment - 1);
}

namespace {
/// Appends little-endian fields to a string.
class Writer {
public:
  void u8(uint8_t v) { out.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) {
    char b[4];
    llvm::support::endian::write32le(b, v);
    out.append(b, 4);
  }
  void u64(uint64_t v) {
    char b[8];
    llvm::support::endian::write64le(b, v);
    out.append(b, 8);
  }
  void str(llvm::StringRef s) {
    u64(s.size());
    out.append(s.data(), s.size());
  }
  void tensors(const std::vector<TensorInfo> &list) {
    u32(list.size());
    for (const TensorInfo &info : list) {
      str(info.name);
      u8(static_cast<uint8_t>(info.type));
      u32(info.shape.size());
      for (int64_t d : info.shape)
        u64(static_cast<uint64_t>(d));
    }
  }
  std::string out;
};

/// Reads little-endian fields, checking every one against the end.
class Reader {
public:
  explicit Reader(llvm::StringRef data) : data(data) {}
  bool ok() const { return good; }
  uint8_t u8() { return take(1) ? static_cast<uint8_t>(data[pos - 1]) : 0; }
  uint32_t u32() {
    return take(4) ? llvm::support::endian::read32le(data.data() + pos - 4) : 0;
  }
  uint64_t u64() {
    return take(8) ? llvm::support::endian::read64le(data.data() + pos - 8) : 0;
  }
  std::string str() {
    uint64_t size = u64();
    if (!take(size))
      return "";
    return data.substr(pos - size, size).str();
  }
  std::vector<TensorInfo> tensors() {
    std::vector<TensorInfo> list;
    uint32_t count = u32();
    for (uint32_t i = 0; i < count && good; ++i) {
      TensorInfo info;
      info.name = str();
      uint8_t type = u8();
      if (type > static_cast<uint8_t>(ElementType::U64))
        good = false;
      info.type = static_cast<ElementType>(type);
      uint32_t rank = u32();
      for (uint32_t d = 0; d < rank && good; ++d)
        info.shape.push_back(static_cast<int64_t>(u64()));
      list.push_back(std::move(info));
    }
    return list;
  }
  bool atEnd() const { return pos == data.size(); }

private:
  bool take(uint64_t n) {
    if (!good || n > data.size() - pos) {
      good = false;
      return false;
    }
    pos += n;
    return true;
  }
  llvm::StringRef data;
  size_t pos = 0;
  bool good = true;
};

/// Where a section of the data lies, and its checksum.
struct Section {
  uint64_t offset = 0, size = 0, hash = 0;
};
} // namespace

/// The metadata of an entry, with the sections' places.
static std::string
writeMetadata(llvm::StringRef key, const CacheEntryInfo &info,
              llvm::ArrayRef<Section> objects,
              llvm::ArrayRef<std::pair<std::string, Section>> weights,
              llvm::ArrayRef<WeightStore::SharedWeight> shared) {
  Writer w;
  w.str(key);
  w.tensors(info.inputs);
  w.tensors(info.outputs);
  w.u32(info.regions.size());
  for (const auto &[region, backend] : info.regions) {
    w.str(region);
    w.str(backend);
  }
  w.u8(info.hasInit);
  w.u8(info.report.has_value());
  w.str(info.report.value_or(""));
  w.u32(objects.size());
  for (const Section &object : objects) {
    w.u64(object.offset);
    w.u64(object.size);
    w.u64(object.hash);
  }
  w.u32(weights.size());
  for (auto [weight, section] : llvm::zip_equal(shared, weights)) {
    const Section &s = section.second;
    w.str(section.first);
    w.u64(s.offset);
    w.u64(s.size);
    w.u64(s.hash);
    w.u64(static_cast<uint64_t>(weight.initOnlyCreations));
  }
  return std::move(w.out);
}

static uint64_t checksum(llvm::StringRef bytes) {
  return llvm::xxh3_64bits(bytes);
}

/// Writes all of [data, data + size) at `offset` of `fd`.
static bool writeAt(int fd, uint64_t offset, const char *data, size_t size) {
  while (size) {
    ssize_t n = ::pwrite(fd, data, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= static_cast<size_t>(n);
    offset += static_cast<uint64_t>(n);
  }
  return true;
}

/// The state of one entry's write (PendingStore's): the temporary file, the
/// sections' places, and which weights are written. Each weight is written
/// by the first thread that claims it: the writer, or a session releasing
/// it (WeightStore's release hook), which must not free it unwritten.
struct PendingStore::State {
  std::optional<llvm::sys::fs::TempFile> temp;
  CacheEntryInfo info;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  std::vector<WeightStore::SharedWeight> weights;
  std::vector<Section> objectSections;
  std::vector<std::pair<std::string, Section>> weightSections;
  llvm::DenseMap<const void *, size_t> weightOf;
  /// Per weight: 0 unclaimed, 1 being written, 2 written (or failed).
  std::unique_ptr<std::atomic<int>[]> claims;
  std::mutex mutex;
  std::condition_variable written;
  std::atomic<bool> failed{false};

  /// Writes weight `i` unless another thread has (or is writing it: then
  /// waits for it), then drops this write's reference to its bytes.
  void writeWeight(size_t i) {
    int unclaimed = 0;
    if (!claims[i].compare_exchange_strong(unclaimed, 1)) {
      std::unique_lock<std::mutex> lock(mutex);
      written.wait(lock, [&] { return claims[i].load() == 2; });
      return;
    }
    WeightStore::SharedWeight &weight = weights[i];
    Section &section = weightSections[i].second;
    section.hash = checksum(llvm::StringRef(weight.data, weight.size));
    if (!failed && !writeAt(temp->FD, section.offset, weight.data, weight.size))
      failed = true;
    weight.owner.reset();
    {
      std::lock_guard<std::mutex> lock(mutex);
      claims[i] = 2;
    }
    written.notify_all();
  }
};

PendingStore::PendingStore() : state(std::make_unique<State>()) {}

void PendingStore::writeBeforeRelease(const void *data) {
  auto it = state->weightOf.find(data);
  if (it != state->weightOf.end())
    state->writeWeight(it->second);
}

/// Writes the entry whose sections `state` placed: the objects, every
/// weight not written yet, then the metadata (with the weights' checksums)
/// and the header; renames the file into place and prunes the folder.
static bool writeEntry(PendingStore::State &state, llvm::StringRef key,
                       llvm::StringRef entryPath, llvm::StringRef dir,
                       uint64_t maxBytes) {
  for (auto [object, section] :
       llvm::zip_equal(state.objects, state.objectSections))
    if (!writeAt(state.temp->FD, section.offset, object->getBufferStart(),
                 section.size))
      state.failed = true;
  for (size_t i = 0; i < state.weights.size(); ++i)
    state.writeWeight(i);
  std::string metadata =
      writeMetadata(key, state.info, state.objectSections,
                    state.weightSections, state.weights);
  Writer header;
  header.out.append(kMagic, sizeof(kMagic));
  header.u32(kFormatVersion);
  header.u32(0);
  header.u64(metadata.size());
  header.u64(checksum(metadata));
  header.out += metadata;
  // The file ends where its last section does (the padding is a hole).
  uint64_t end = kHeaderBytes;
  for (const Section &section : state.objectSections)
    end = std::max(end, section.offset + section.size);
  for (const auto &entry : state.weightSections)
    end = std::max(end, entry.second.offset + entry.second.size);
  bool ok = !state.failed &&
            writeAt(state.temp->FD, 0, header.out.data(), header.out.size()) &&
            ::ftruncate(state.temp->FD, static_cast<off_t>(end)) == 0;
  llvm::Error kept = ok ? state.temp->keep(entryPath) : llvm::Error::success();
  if (!ok || kept) {
    llvm::consumeError(std::move(kept));
    llvm::consumeError(state.temp->discard());
    return false;
  }
  llvm::CachePruningPolicy policy;
  policy.Interval = std::chrono::seconds(0);
  policy.Expiration = std::chrono::seconds(0);
  policy.MaxSizeBytes = maxBytes;
  llvm::pruneCache(dir, policy);
  return true;
}

/// The entries being written by this process, by path: a load of one waits
/// for its write. Never destroyed (the exit handler reads it).
static std::mutex &pendingMutex() {
  static auto *mutex = new std::mutex;
  return *mutex;
}
static llvm::StringMap<std::weak_ptr<PendingStore>> &pendingStores() {
  static auto *stores = new llvm::StringMap<std::weak_ptr<PendingStore>>;
  return *stores;
}

/// The pending write of `path` in this process, if there is one.
static std::shared_ptr<PendingStore> findPendingStore(llvm::StringRef path) {
  std::lock_guard<std::mutex> lock(pendingMutex());
  auto it = pendingStores().find(path);
  return it == pendingStores().end() ? nullptr : it->second.lock();
}

/// At exit, the entries still being written are finished (a session the
/// program never destroyed).
static void waitForPendingStores() {
  std::vector<std::shared_ptr<PendingStore>> pending;
  {
    std::lock_guard<std::mutex> lock(pendingMutex());
    for (auto &entry : pendingStores())
      if (auto store = entry.second.lock())
        pending.push_back(std::move(store));
  }
  for (const auto &store : pending)
    store->wait();
}

PendingStore::~PendingStore() { wait(); }

bool PendingStore::wait() {
  std::call_once(joined, [&] {
    if (!thread)
      return;
    if (creator == ::getpid())
      thread->join();
    else
      (void)thread.release(); // forked: the thread is the parent's
  });
  return stored;
}

std::shared_ptr<PendingStore> CompileCache::storeInBackground(
    CacheEntryInfo info,
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects,
    std::vector<WeightStore::SharedWeight> weights) const {
  static std::once_flag registered;
  std::call_once(registered, [] { std::atexit(waitForPendingStores); });
  auto pending = std::make_shared<PendingStore>();
  pending->creator = ::getpid();
  PendingStore::State &state = *pending->state;
  state.info = std::move(info);
  state.objects = std::move(objects);
  state.weights = std::move(weights);
  state.claims = std::make_unique<std::atomic<int>[]>(state.weights.size());
  // The places of the sections: the metadata's size does not depend on
  // them, nor on the checksums (filled in as the weights are written).
  for (const auto &object : state.objects)
    state.objectSections.push_back(Section{0, object->getBufferSize(),
                                           checksum(object->getBuffer())});
  for (auto [i, weight] : llvm::enumerate(state.weights)) {
    state.weightSections.push_back({weight.name, Section{0, weight.size, 0}});
    state.weightOf[weight.data] = i;
  }
  uint64_t offset = alignUp(
      kHeaderBytes + writeMetadata(key, state.info, state.objectSections,
                                   state.weightSections, state.weights)
                         .size());
  for (Section &section : state.objectSections) {
    section.offset = offset;
    offset = alignUp(offset + section.size);
  }
  for (auto &entry : state.weightSections) {
    entry.second.offset = offset;
    offset = alignUp(offset + entry.second.size);
  }
  // The temporary file exists before the session can release a weight.
  state.temp = createTemporaryFile(dir);
  if (!state.temp) {
    // Nothing to write into: every weight counts as written.
    for (size_t i = 0; i < state.weights.size(); ++i)
      state.claims[i] = 2;
    return pending;
  }
  {
    std::lock_guard<std::mutex> lock(pendingMutex());
    // Entries whose writes are over leave the map as others come.
    for (auto it = pendingStores().begin(); it != pendingStores().end();) {
      auto next = std::next(it);
      if (it->second.expired())
        pendingStores().erase(it);
      it = next;
    }
    pendingStores()[entryPath] = pending;
  }
  // The thread writes with a copy of this cache's folder, key and bound;
  // `pending` outlives it (it is joined before `pending` goes).
  pending->thread = std::make_unique<std::thread>(
      [&state, result = &pending->stored, key = key, entryPath = entryPath,
       dir = dir, maxBytes = maxBytes] {
        *result = writeEntry(state, key, entryPath, dir, maxBytes);
      });
  return pending;
}

namespace {
/// An entry mapped private (copy on write: the code may treat the weights as
/// its own memory), its pages mapped for reading up front
/// (MADV_POPULATE_READ, Linux 5.14; advice where the kernel is older): one
/// call instead of a page fault per page when the checksums read it.
/// (MAP_POPULATE would fault them in for writing: a copy of every page.)
class EntryMapping {
public:
  static std::shared_ptr<EntryMapping> map(int fd, size_t size) {
    void *address =
        ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (address == MAP_FAILED)
      return nullptr;
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
    ::madvise(address, size, MADV_POPULATE_READ);
    return std::shared_ptr<EntryMapping>(
        new EntryMapping(static_cast<char *>(address), size));
  }
  ~EntryMapping() { ::munmap(address, length); }
  char *data() const { return address; }
  size_t size() const { return length; }

private:
  EntryMapping(char *address, size_t length)
      : address(address), length(length) {}
  char *address;
  size_t length;
};
} // namespace

void CompileCache::remove() const { llvm::sys::fs::remove(entryPath); }

std::optional<CachedSession> CompileCache::load() const {
  // Being written by a session of this process: read once written.
  if (std::shared_ptr<PendingStore> pending = findPendingStore(entryPath))
    pending->wait();
  int fd;
  if (llvm::sys::fs::openFileForRead(entryPath, fd))
    return std::nullopt;
  llvm::scope_exit closeFd([&] { ::close(fd); });
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(fd, status) ||
      status.type() != llvm::sys::fs::file_type::regular_file ||
      status.getSize() < kHeaderBytes)
    return std::nullopt;
  auto mapping = EntryMapping::map(fd, status.getSize());
  if (!mapping)
    return std::nullopt;
  // Used now: last out when the folder is pruned.
  llvm::sys::fs::setLastAccessAndModificationTime(
      fd, std::chrono::system_clock::now());

  llvm::StringRef file(mapping->data(), mapping->size());
  auto corrupt = [&]() -> std::optional<CachedSession> {
    remove();
    return std::nullopt;
  };
  Reader header(file.take_front(kHeaderBytes));
  if (!file.starts_with(llvm::StringRef(kMagic, sizeof(kMagic))))
    return corrupt();
  header.u64(); // magic
  if (header.u32() != kFormatVersion)
    return corrupt();
  header.u32();
  uint64_t metadataSize = header.u64(), metadataHash = header.u64();
  if (metadataSize > file.size() - kHeaderBytes)
    return corrupt();
  llvm::StringRef metadata = file.substr(kHeaderBytes, metadataSize);
  if (checksum(metadata) != metadataHash)
    return corrupt();

  Reader r(metadata);
  CachedSession session;
  if (r.str() != key)
    return corrupt();
  session.info.inputs = r.tensors();
  session.info.outputs = r.tensors();
  uint32_t regions = r.u32();
  for (uint32_t i = 0; i < regions && r.ok(); ++i) {
    std::string region = r.str();
    session.info.regions.emplace_back(region, r.str());
  }
  session.info.hasInit = r.u8();
  bool hasReport = r.u8();
  std::string report = r.str();
  if (hasReport)
    session.info.report = std::move(report);
  auto section = [&]() -> std::optional<llvm::StringRef> {
    uint64_t offset = r.u64(), size = r.u64(), hash = r.u64();
    if (!r.ok() || offset > file.size() || size > file.size() - offset)
      return std::nullopt;
    llvm::StringRef bytes = file.substr(offset, size);
    if (checksum(bytes) != hash)
      return std::nullopt;
    return bytes;
  };
  uint32_t objects = r.u32();
  for (uint32_t i = 0; i < objects && r.ok(); ++i) {
    std::optional<llvm::StringRef> object = section();
    if (!object)
      return corrupt();
    session.objects.push_back(
        llvm::MemoryBuffer::getMemBufferCopy(*object, entryPath));
  }
  if (session.objects.empty())
    return corrupt();
  uint32_t weights = r.u32();
  for (uint32_t i = 0; i < weights && r.ok(); ++i) {
    std::string name = r.str();
    std::optional<llvm::StringRef> bytes = section();
    auto creations = static_cast<int64_t>(r.u64());
    if (!bytes ||
        (bytes->size() &&
         reinterpret_cast<uintptr_t>(bytes->data()) % kAlignment != 0))
      return corrupt();
    // The private mapping: copy on write, so the code may treat it as its
    // own memory.
    char *data = mapping->data() + (bytes->data() - mapping->data());
    session.weights.addView(name, data, bytes->size(), mapping);
    if (creations >= 0)
      session.weights.markInitOnly(name, creations);
  }
  if (!r.ok() || !r.atEnd())
    return corrupt();
  return session;
}

} // namespace seam::detail
