//===- Weights.cpp - Weights kept in memory, not in the generated code ----===//

#include "Weights.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstring>

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
  for (memref::GlobalOp global : globals) {
    size_t size = global.getType().getNumElements() *
                  elementBytes(global.getType().getElementType());
    auto value = cast<ElementsAttr>(*global.getInitialValue());
    Buffer buffer;
    buffer.storage.reset(new char[size + 64]);
    buffer.aligned = reinterpret_cast<char *>(
        (reinterpret_cast<uintptr_t>(buffer.storage.get()) + 63) &
        ~uintptr_t(63));
    if (failed(copyElements(value, buffer.aligned, size)))
      return global.emitError("cannot read the data of weight global @")
             << global.getSymName();
    // An external declaration, bound by the JIT to the buffer.
    global.removeInitialValueAttr();
    global.setConstant(false);
    global.setPublic();
    buffer.size = size;
    buffers[global.getSymName()] = std::move(buffer);
    bytes += size;
  }
  return success();
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

llvm::StringMap<void *> WeightStore::symbols() const {
  llvm::StringMap<void *> map;
  for (const auto &entry : buffers)
    map[entry.getKey()] = entry.getValue().aligned;
  return map;
}

} // namespace seam::detail
