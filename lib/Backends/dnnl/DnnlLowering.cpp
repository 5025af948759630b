//===- DnnlLowering.cpp - dnnl regions to runtime calls -------------------===//
//
// A region function, after this lowering (tensors in destination-passing
// style, so that one-shot bufferization passes the buffers it already has,
// with no copies; static memrefs become bare pointers):
//
//   llvm.mlir.global internal constant @__seam_dnnl_0_desc("seam-dnnl-region 1 dnnl_0\n...")
//   llvm.mlir.global internal @__seam_dnnl_0_handle() : !llvm.ptr
//
//   func.func private @dnnl_0(%x: tensor<...>) -> tensor<...> {
//     %in = bufferization.to_buffer %x read_only
//     %out = memref.alloc()              // the caller's buffer after
//                                        // buffer-results-to-out-params
//     %buffers = llvm.alloca ... x !llvm.array<2 x ptr>   (pointers of %in, %out)
//     %handle = llvm.load @__seam_dnnl_0_handle
//     call @seam_dnnl_run_region(%handle, %buffers)
//     %r = bufferization.to_tensor %out restrict writable
//     return %r
//   }
//
//   func.func @seam_init() -> i32 {        // once, when the session is created
//     %w = arith.constant dense_resource<...>   (each weight, by pointer)
//     %h = call @seam_dnnl_create_region(@__seam_dnnl_0_desc, %weights)
//     llvm.store %h, @__seam_dnnl_0_handle   (and fail when %h is null)
//   }
//   func.func @seam_deinit() { call @seam_dnnl_destroy_region(%handle) }
//
//===----------------------------------------------------------------------===//

#include "DnnlLowering.h"

#include "DnnlApi.h"
#include "DnnlRegionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::seam;
using namespace mlir::seam::dnnl;

namespace {

Type pointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context);
}

MemRefType bufferType(Type tensor) {
  auto type = cast<RankedTensorType>(tensor);
  return MemRefType::get(type.getShape(), type.getElementType());
}

/// The aligned data pointer of a memref, as an !llvm.ptr.
Value dataPointer(OpBuilder &b, Location loc, Value memref) {
  Value index = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return LLVM::IntToPtrOp::create(b, loc, pointerType(b.getContext()), address);
}

/// A stack array holding `pointers` (null when there are none).
Value pointerArray(OpBuilder &b, Location loc, ArrayRef<Value> pointers) {
  Type ptr = pointerType(b.getContext());
  if (pointers.empty())
    return LLVM::ZeroOp::create(b, loc, ptr);
  auto arrayType = LLVM::LLVMArrayType::get(ptr, pointers.size());
  Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1);
  Value array = LLVM::AllocaOp::create(b, loc, ptr, arrayType, one);
  for (auto [i, pointer] : llvm::enumerate(pointers)) {
    Value slot = LLVM::GEPOp::create(
        b, loc, ptr, arrayType, array,
        ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
    LLVM::StoreOp::create(b, loc, pointer, slot);
  }
  return array;
}

/// The globals of one region: its description and its handle.
struct RegionGlobals {
  LLVM::GlobalOp description, handle;
};

RegionGlobals createGlobals(func::FuncOp region, StringRef description) {
  MLIRContext *context = region.getContext();
  Location loc = region.getLoc();
  OpBuilder b(region);
  std::string text = description.str();
  text.push_back('\0');
  auto textType = LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                           text.size());
  auto desc = LLVM::GlobalOp::create(
      b, loc, textType, /*isConstant=*/true, LLVM::Linkage::Internal,
      ("__seam_" + region.getSymName() + "_desc").str(),
      b.getStringAttr(text));
  auto handle = LLVM::GlobalOp::create(
      b, loc, pointerType(context), /*isConstant=*/false,
      LLVM::Linkage::External, getHandleSymbol(region.getSymName()),
      Attribute());
  Block *init = b.createBlock(&handle.getInitializerRegion());
  b.setInsertionPointToStart(init);
  LLVM::ReturnOp::create(b, loc,
                         LLVM::ZeroOp::create(b, loc, pointerType(context)));
  return {desc, handle};
}

/// Adds to @seam_init the creation of the region from its description and
/// weights (cloned constants, passed by pointer) and to @seam_deinit its
/// destruction.
void addInitAndDeinit(ModuleOp module, const RegionGlobals &globals,
                      ArrayRef<Value> weights, Location loc) {
  InitFunctions fns = getOrCreateInitFunctions(module);
  Type ptr = pointerType(module.getContext());

  OpBuilder b(fns.init.getBody().back().getTerminator());
  SmallVector<Value> pointers;
  for (Value weight : weights) {
    Value constant = b.clone(*weight.getDefiningOp())->getResult(0);
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, bufferType(weight.getType()), constant, /*read_only=*/true);
    pointers.push_back(dataPointer(b, loc, buffer));
  }
  Value description = LLVM::AddressOfOp::create(b, loc, globals.description);
  Value handle =
      func::CallOp::create(b, loc, getOrDeclare(module, DnnlApi::CreateRegion),
                           ValueRange{description, pointerArray(b, loc, pointers)})
          .getResult(0);
  LLVM::StoreOp::create(b, loc, handle,
                        LLVM::AddressOfOp::create(b, loc, globals.handle));
  Value failed =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, handle,
                           LLVM::ZeroOp::create(b, loc, ptr));
  addInitFailure(fns.init, failed);

  b.setInsertionPoint(fns.deinit.getBody().back().getTerminator());
  Value stored = LLVM::LoadOp::create(
      b, loc, ptr, LLVM::AddressOfOp::create(b, loc, globals.handle));
  func::CallOp::create(b, loc, getOrDeclare(module, DnnlApi::DestroyRegion),
                       ValueRange{stored});
}

/// Replaces the body of `region` by the call of its primitives.
void replaceBody(func::FuncOp region, const RegionGlobals &globals) {
  ModuleOp module = region->getParentOfType<ModuleOp>();
  Location loc = region.getLoc();
  Type ptr = pointerType(region.getContext());
  region.getBody().getBlocks().clear();
  Block *entry = region.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(entry);

  SmallVector<Value> pointers, outputs;
  for (BlockArgument arg : entry->getArguments()) {
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, bufferType(arg.getType()), arg, /*read_only=*/true);
    pointers.push_back(dataPointer(b, loc, buffer));
  }
  for (Type type : region.getResultTypes()) {
    Value buffer = memref::AllocOp::create(b, loc, bufferType(type),
                                           b.getI64IntegerAttr(64));
    pointers.push_back(dataPointer(b, loc, buffer));
    outputs.push_back(buffer);
  }
  Value buffers = pointerArray(b, loc, pointers);
  Value handle = LLVM::LoadOp::create(
      b, loc, ptr, LLVM::AddressOfOp::create(b, loc, globals.handle));
  func::CallOp::create(b, loc, getOrDeclare(module, DnnlApi::RunRegion),
                       ValueRange{handle, buffers});
  SmallVector<Value> results;
  for (auto [buffer, type] : llvm::zip(outputs, region.getResultTypes()))
    results.push_back(bufferization::ToTensorOp::create(
        b, loc, type, buffer, /*restrict=*/true, /*writable=*/true));
  func::ReturnOp::create(b, loc, results);
}

} // namespace

std::string mlir::seam::dnnl::getHandleSymbol(StringRef region) {
  return ("__seam_" + region + "_handle").str();
}

LogicalResult mlir::seam::dnnl::lowerDnnlRegion(func::FuncOp region) {
  FailureOr<DescribedRegion> described = describeRegion(region);
  if (failed(described))
    return failure();
  ModuleOp module = region->getParentOfType<ModuleOp>();
  RegionGlobals globals =
      createGlobals(region, dnnl_region::print(described->desc));
  addInitAndDeinit(module, globals, described->weights, region.getLoc());
  replaceBody(region, globals);
  return success();
}
