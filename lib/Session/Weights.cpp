//===- Weights.cpp - Weights kept in memory, not in the generated code ----===//

#include "Weights.h"

#include "seam/Backend/Backend.h"
#include "seam/Runtime/SeamRuntime.h"
#include "seam/Support/DropPages.h"
#include "seam/Support/HugePages.h"
#include "seam/Support/WeightAlignment.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSet.h"

#include <cstring>
#include <malloc.h>
#include <sys/mman.h>

using namespace mlir;

namespace seam::detail {

/// The bytes of one element of a weight of `type` in memory (what LLVM
/// stores: an i1 takes a byte), or 0 when weights of it are left in the
/// generated code: integers and floats of whole bytes, and i1.
static size_t elementBytes(Type type) {
  if (type.isInteger(1))
    return 1;
  if (!isa<IntegerType, FloatType>(type))
    return 0;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits % 8 == 0 ? bits / 8 : 0;
}

/// Copies the bytes of `value` (dense, splat or dense_resource) to `out`.
static LogicalResult copyElements(ElementsAttr value, char *out, size_t size) {
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != size)
      return failure();
    std::memcpy(out, blob->getData().data(), size);
    return success();
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return failure();
  // A dense i1 attribute packs its elements as bits: one byte each here.
  if (dense.getElementType().isInteger(1)) {
    if (static_cast<size_t>(dense.getNumElements()) != size)
      return failure();
    size_t i = 0;
    for (bool bit : dense.getValues<bool>())
      out[i++] = bit ? 1 : 0;
    return success();
  }
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    size_t element = raw.size();
    for (size_t offset = 0; offset + element <= size; offset += element)
      std::memcpy(out + offset, raw.data(), element);
    return success();
  }
  if (raw.size() != size)
    return failure();
  std::memcpy(out, raw.data(), size);
  return success();
}

/// Memory for a weight of `size` bytes, 64-byte aligned. Large weights get
/// pages of their own, returned to the system when freed (from the heap they
/// could stay in the process after a release), huge ones where they can.
static constexpr size_t kOwnPagesBytes = size_t(1) << 20;

static std::shared_ptr<void> allocateWeight(size_t size, char *&aligned) {
  if (size >= kOwnPagesBytes) {
    void *pages = ::mmap(nullptr, size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages != MAP_FAILED) {
      adviseHugePages(pages, size);
      aligned = static_cast<char *>(pages);
      return std::shared_ptr<void>(pages,
                                   [size](void *p) { ::munmap(p, size); });
    }
  }
  std::shared_ptr<char[]> heap(new char[size + 64]);
  aligned = reinterpret_cast<char *>(
      (reinterpret_cast<uintptr_t>(heap.get()) + 63) & ~uintptr_t(63));
  return heap;
}

/// How many attributes of `module` reference each dense_resource blob, by
/// key.
static llvm::StringMap<int64_t> countBlobReferences(ModuleOp module) {
  llvm::StringMap<int64_t> counts;
  module->walk([&](Operation *op) {
    op->getAttrDictionary().walk([&](DenseResourceElementsAttr attr) {
      ++counts[attr.getRawHandle().getKey()];
    });
  });
  return counts;
}

/// The builtin dialect's blobs in `module`'s context.
static DialectResourceBlobManager &getBlobManager(ModuleOp module) {
  auto *dialect = module.getContext()->getLoadedDialect<BuiltinDialect>();
  return dialect->getRegisteredInterface<ResourceBlobManagerDialectInterface>()
      ->getBlobManager();
}

/// Frees the data of the blob named `key` (its deleter runs).
static void releaseBlob(DialectResourceBlobManager &manager, StringRef key) {
  if (DialectResourceBlobManager::BlobEntry *entry = manager.lookup(key))
    if (entry->getBlob() && !entry->getBlob()->getData().empty())
      entry->setBlob(AsmResourceBlob());
}

/// The names of the memref globals that something other than the kernel
/// creations of @seam_init reads (a memref.get_global with uses elsewhere).
static llvm::StringSet<> findGlobalsReadAtRunTime(ModuleOp module) {
  llvm::StringSet<> names;
  module->walk([&](memref::GetGlobalOp get) {
    auto function = get->getParentOfType<func::FuncOp>();
    if (!get->use_empty() &&
        (!function || function.getSymName() != seam::kInitFunctionName))
      names.insert(get.getName());
  });
  return names;
}

LogicalResult WeightStore::externalize(ModuleOp module, size_t minBytes) {
  SmallVector<memref::GlobalOp> globals;
  module.walk([&](memref::GlobalOp global) {
    auto type = global.getType();
    if (global.getConstant() && !global.isExternal() &&
        !global.isUninitialized() && type.hasStaticShape() &&
        elementBytes(type.getElementType()) != 0 &&
        type.getNumElements() * elementBytes(type.getElementType()) >= minBytes)
      globals.push_back(global);
  });
  // A blob is released as soon as no attribute of the module references it:
  // the context never holds a second copy of what the store took.
  llvm::StringMap<int64_t> references = countBlobReferences(module);
  llvm::StringSet<> readAtRunTime = findGlobalsReadAtRunTime(module);
  DialectResourceBlobManager &blobs = getBlobManager(module);
  for (memref::GlobalOp global : globals) {
    size_t size = global.getType().getNumElements() *
                  elementBytes(global.getType().getElementType());
    auto value = cast<ElementsAttr>(*global.getInitialValue());
    // Only kernel creations read it: free once they consumed it.
    auto creations =
        global->getAttrOfType<IntegerAttr>(seam::kKernelCreationsAttrName);
    Buffer buffer;
    buffer.initOnly = creations && !readAtRunTime.contains(global.getSymName());
    buffer.creations = creations ? creations.getInt() : 0;
    auto resource = dyn_cast<DenseResourceElementsAttr>(value);
    StringRef key = resource ? resource.getRawHandle().getKey() : "";
    AsmResourceBlob *blob =
        resource ? resource.getRawHandle().getBlob() : nullptr;
    // Generated code reads a weight with the alignment its global declares
    // (at least 64 bytes); kernel creations read it through a pointer.
    uint64_t alignment =
        std::max<uint64_t>(global.getAlignment().value_or(1), kWeightAlignment);
    auto address =
        blob ? reinterpret_cast<uintptr_t>(blob->getData().data()) : 0;
    bool aligned = blob && address % alignment == 0;
    // A weight viewed where the file has it (torchvision's exports put
    // payloads at any offset of 4): its global declares no alignment then,
    // and the code reads it as a float array (vector loads that assume no
    // alignment, as they do into packed tiles), where a copy onto a 64-byte
    // boundary cost VGG-11 a third of its compile (422 MB copied into
    // fresh pages).
    bool elementAligned =
        blob && address % elementBytes(global.getType().getElementType()) == 0;
    if ((buffer.initOnly || elementAligned) && blob &&
        blob->getData().size() == size && references.lookup(key) == 1) {
      // The store takes the blob as it is, without a copy into fresh pages.
      auto taken = std::make_shared<AsmResourceBlob>(std::move(*blob));
      *blob = AsmResourceBlob();
      buffer.aligned = const_cast<char *>(taken->getData().data());
      buffer.storage = std::move(taken);
      if (!aligned)
        global.removeAlignmentAttr();
      references[key] = 0;
    } else {
      buffer.storage = allocateWeight(size, buffer.aligned);
      buffer.copied = true;
      if (failed(copyElements(value, buffer.aligned, size)))
        return global.emitError("cannot read the data of weight global @")
               << global.getSymName();
      if (resource && --references[key] == 0)
        releaseBlob(blobs, key);
    }
    // An external declaration, bound by the JIT to the buffer.
    global.removeInitialValueAttr();
    global.setConstant(false);
    global.setPublic();
    buffer.size = size;
    buffers[global.getSymName()] = std::move(buffer);
    bytes += size;
  }
  // Blobs nothing references any more (weights folded into others).
  std::vector<std::string> unreferenced;
  blobs.getBlobMap(
      [&](const llvm::StringMap<DialectResourceBlobManager::BlobEntry> &map) {
        for (const auto &entry : map)
          if (references.lookup(entry.getKey()) <= 0)
            unreferenced.push_back(entry.getKey().str());
      });
  for (const std::string &key : unreferenced)
    releaseBlob(blobs, key);
  return success();
}

void WeightStore::markInitOnly(llvm::StringRef name, int64_t creations) {
  auto it = buffers.find(name);
  if (it == buffers.end())
    return;
  it->getValue().initOnly = true;
  it->getValue().creations = creations;
}

int64_t WeightStore::getInitOnlyCreations(llvm::StringRef name) const {
  auto it = buffers.find(name);
  if (it == buffers.end() || !it->getValue().initOnly)
    return -1;
  return it->getValue().creations;
}

void WeightStore::release(Buffer &buffer) {
  if (!buffer.size)
    return;
  if (buffer.storage) {
    if (releaseHook)
      releaseHook(buffer.aligned);
    buffer.storage.reset();
  } else {
    // A view of a mapping others share: its whole pages are dropped.
    dropWholePages(buffer.aligned, buffer.aligned + buffer.size);
  }
  buffer.size = 0;
}

void WeightStore::consumed(const void *data) {
  Buffer *buffer = byAddress.lookup(data);
  if (buffer && buffer->initOnly && buffer->creations > 0 &&
      --buffer->creations == 0)
    release(*buffer);
}

std::shared_ptr<void> WeightStore::handleConsumedWeights() {
  byAddress.clear();
  for (auto &entry : buffers)
    if (entry.getValue().initOnly)
      byAddress[entry.getValue().aligned] = &entry.getValue();
  seam_set_weight_consumed_handler(
      [](void *store, const void *data) {
        static_cast<WeightStore *>(store)->consumed(data);
      },
      this);
  return std::shared_ptr<void>(nullptr, [this](void *) {
    seam_set_weight_consumed_handler(nullptr, nullptr);
    byAddress.clear();
  });
}

size_t WeightStore::getHeldBytes() const {
  size_t held = 0;
  for (const auto &entry : buffers)
    held += entry.getValue().size;
  return held;
}

size_t WeightStore::getCopiedBytes() const {
  size_t copied = 0;
  for (const auto &entry : buffers)
    if (entry.getValue().copied)
      copied += entry.getValue().size;
  return copied;
}

void WeightStore::releaseInitOnly() {
  bool freedHeap = false;
  for (auto &entry : buffers) {
    Buffer &buffer = entry.getValue();
    if (!buffer.initOnly || !buffer.size)
      continue;
    freedHeap |= buffer.storage && buffer.size < kOwnPagesBytes;
    release(buffer);
  }
  // Small weights were on the heap: give its free pages back.
  if (freedHeap)
    ::malloc_trim(0);
}

void WeightStore::addView(llvm::StringRef name, char *data, size_t size,
                          std::shared_ptr<const void> owner) {
  buffers[name] = Buffer{nullptr, data, size};
  owners.push_back(std::move(owner));
  bytes += size;
}

void WeightStore::forEach(
    llvm::function_ref<void(llvm::StringRef, const char *, size_t)> fn) const {
  std::vector<llvm::StringRef> names;
  for (const auto &entry : buffers)
    names.push_back(entry.getKey());
  llvm::sort(names);
  for (llvm::StringRef name : names) {
    const Buffer &buffer = buffers.find(name)->getValue();
    fn(name, buffer.aligned, buffer.size);
  }
}

std::vector<WeightStore::SharedWeight> WeightStore::share() const {
  std::vector<SharedWeight> weights;
  forEach([&](llvm::StringRef name, const char *data, size_t size) {
    weights.push_back({name.str(), data, size, getInitOnlyCreations(name),
                       buffers.find(name)->getValue().storage});
  });
  return weights;
}

llvm::StringMap<void *> WeightStore::symbols() const {
  llvm::StringMap<void *> map;
  for (const auto &entry : buffers)
    map[entry.getKey()] = entry.getValue().aligned;
  return map;
}

} // namespace seam::detail
