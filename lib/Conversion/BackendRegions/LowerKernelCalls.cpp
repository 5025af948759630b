//===- LowerKernelCalls.cpp - seam.kernel_call on buffers to runtime calls
//-===//
//
// After bufferization, each seam.kernel_call becomes plain calls of its
// backend's entry points (the ABI of KernelEntryPoints in Backend.h), the same
// for every backend:
//
//   llvm.mlir.global internal constant @__seam_dnnl_0_desc("SEAMDNNL...")
//   llvm.mlir.global external @__seam_dnnl_0_handle() : !llvm.ptr
//
//   // the region: the buffers it already has, no copies
//   %buffers = llvm.alloca ... x !llvm.array<2 x ptr>  (inputs, then outputs)
//   %handle = llvm.load @__seam_dnnl_0_handle
//   call @seam_dnnl_run_region(%handle, %buffers)
//
//   func.func @seam_init() -> i32 {       // once, when the session is created
//     %w = memref.get_global @weight0     (each weight, by pointer)
//     %h = call @seam_dnnl_create_region(@__seam_dnnl_0_desc, %size, %weights)
//     llvm.store %h, @__seam_dnnl_0_handle   (and fail when %h is null)
//   }
//   func.func @seam_deinit() { call @seam_dnnl_destroy_region(%handle) }
//
//===----------------------------------------------------------------------===//

#include "seam/Conversion/Passes.h"

#include "seam/Backend/Backend.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace seam {
#define GEN_PASS_DEF_SEAMLOWERKERNELCALLSPASS
#include "seam/Conversion/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

Type pointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context);
}

/// The aligned data pointer of an identity-layout memref, as an !llvm.ptr.
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
    Value slot =
        LLVM::GEPOp::create(b, loc, ptr, arrayType, array,
                            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
    LLVM::StoreOp::create(b, loc, pointer, slot);
  }
  return array;
}

/// The declaration of entry point `symbol` in `module`, added the first time.
FailureOr<func::FuncOp>
getOrDeclare(ModuleOp module, const RuntimeSymbol &symbol, Operation *user) {
  FunctionType type = symbol.getType(module.getContext());
  if (auto func = module.lookupSymbol<func::FuncOp>(symbol.name)) {
    if (func.getFunctionType() != type)
      return user->emitError("entry point @")
             << symbol.name << " is already declared with type "
             << func.getFunctionType() << ", expected " << type;
    return func;
  }
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  auto func = func::FuncOp::create(builder, module.getLoc(), symbol.name, type);
  func.setPrivate();
  return func;
}

/// The globals of one region: its serialized description and its handle.
struct RegionGlobals {
  LLVM::GlobalOp description, handle;
  int64_t size;
};

FailureOr<RegionGlobals> createGlobals(ModuleOp module, KernelCallOp call) {
  MLIRContext *context = module.getContext();
  Location loc = call.getLoc();
  std::string descName = getKernelDescriptionSymbol(call.getRegion());
  std::string handleName = getKernelHandleSymbol(call.getRegion());
  if (module.lookupSymbol(descName) || module.lookupSymbol(handleName))
    return call.emitOpError("region '")
           << call.getRegion() << "' is called more than once";
  std::vector<uint8_t> bytes = call.getDescription().serialize();
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto bytesType =
      LLVM::LLVMArrayType::get(IntegerType::get(context, 8), bytes.size());
  auto desc = LLVM::GlobalOp::create(
      b, loc, bytesType, /*isConstant=*/true, LLVM::Linkage::Internal, descName,
      b.getStringAttr(StringRef(reinterpret_cast<const char *>(bytes.data()),
                                bytes.size())),
      /*alignment=*/8);
  auto handle =
      LLVM::GlobalOp::create(b, loc, pointerType(context), /*isConstant=*/false,
                             LLVM::Linkage::External, handleName, Attribute());
  Block *init = b.createBlock(&handle.getInitializerRegion());
  b.setInsertionPointToStart(init);
  LLVM::ReturnOp::create(b, loc,
                         LLVM::ZeroOp::create(b, loc, pointerType(context)));
  return RegionGlobals{desc, handle, static_cast<int64_t>(bytes.size())};
}

/// Adds to @seam_init the creation of the region from its description and
/// weights (their defining ops cloned there) and to @seam_deinit its
/// destruction.
LogicalResult addInitAndDeinit(ModuleOp module, KernelCallOp call,
                               const KernelEntryPoints &entries,
                               const RegionGlobals &globals) {
  InitFunctions fns = getOrCreateInitFunctions(module);
  Location loc = call.getLoc();
  Type ptr = pointerType(module.getContext());
  FailureOr<func::FuncOp> create = getOrDeclare(module, entries.create, call);
  FailureOr<func::FuncOp> destroy = getOrDeclare(module, entries.destroy, call);
  if (failed(create) || failed(destroy))
    return failure();

  OpBuilder b(fns.init.getBody().back().getTerminator());
  SmallVector<Value> pointers;
  for (auto [i, weight] : llvm::enumerate(call.getWeights())) {
    Operation *def = weight.getDefiningOp();
    if (!def || def->getNumOperands() != 0 || def->getNumResults() != 1 ||
        !(isa<memref::GetGlobalOp>(def) ||
          def->hasTrait<OpTrait::ConstantLike>()))
      return call.emitOpError("weight #")
             << i << " must come from an op without operands (a constant or "
             << "memref.get_global), to be cloned into @" << kInitFunctionName;
    pointers.push_back(dataPointer(b, loc, b.clone(*def)->getResult(0)));
    // The global counts the creations it is given to (the session frees
    // it once they all consumed it).
    if (auto get = dyn_cast<memref::GetGlobalOp>(def))
      if (auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
              get, get.getNameAttr())) {
        auto count =
            global->getAttrOfType<IntegerAttr>(kKernelCreationsAttrName);
        global->setAttr(kKernelCreationsAttrName,
                        b.getI64IntegerAttr(count ? count.getInt() + 1 : 1));
      }
  }
  Value description = LLVM::AddressOfOp::create(b, loc, globals.description);
  Value size = arith::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(globals.size));
  Value handle =
      func::CallOp::create(
          b, loc, *create,
          ValueRange{description, size, pointerArray(b, loc, pointers)})
          .getResult(0);
  LLVM::StoreOp::create(b, loc, handle,
                        LLVM::AddressOfOp::create(b, loc, globals.handle));
  Value failed = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, handle,
                                      LLVM::ZeroOp::create(b, loc, ptr));
  addInitFailure(fns.init, failed);

  b.setInsertionPoint(fns.deinit.getBody().back().getTerminator());
  Value stored = LLVM::LoadOp::create(
      b, loc, ptr, LLVM::AddressOfOp::create(b, loc, globals.handle));
  func::CallOp::create(b, loc, *destroy, ValueRange{stored});
  return success();
}

/// An existing @seam_init / @seam_deinit must be a definition of the type
/// the Session calls.
LogicalResult checkInitFunctions(ModuleOp module, KernelCallOp call) {
  MLIRContext *context = module.getContext();
  for (auto [name, type] :
       {std::make_pair(
            kInitFunctionName,
            FunctionType::get(context, {}, {IntegerType::get(context, 32)})),
        std::make_pair(kDeinitFunctionName,
                       FunctionType::get(context, {}, {}))}) {
    Operation *symbol = module.lookupSymbol(name);
    if (!symbol)
      continue;
    auto func = dyn_cast<func::FuncOp>(symbol);
    if (!func || func.isDeclaration() || func.getFunctionType() != type)
      return call.emitOpError("the module's @")
             << name << " must be a function definition of type " << type;
  }
  return success();
}

LogicalResult lowerCall(ModuleOp module, KernelCallOp call) {
  if (!call.hasPureBufferSemantics())
    return call.emitOpError("must be bufferized before it is lowered to "
                            "runtime calls");
  const Backend *backend = lookupBackend(call.getBackend());
  if (!backend)
    return call.emitOpError("unknown backend '")
           << call.getBackend() << "' (known: " << getRegisteredBackendNames()
           << ")";
  const KernelEntryPoints *entries = backend->getEntryPoints();
  if (!entries)
    return call.emitOpError("backend '")
           << call.getBackend() << "' has no runtime entry points";
  if (failed(checkInitFunctions(module, call)))
    return failure();
  for (Value buffer : llvm::concat<Value>(call.getInputs(), call.getWeights(),
                                          call.getInits())) {
    auto type = cast<MemRefType>(buffer.getType());
    if (!type.getLayout().isIdentity())
      return call.emitOpError("operand of type ")
             << type << " is not a contiguous buffer (identity layout)";
  }
  FailureOr<func::FuncOp> run = getOrDeclare(module, entries->run, call);
  FailureOr<RegionGlobals> globals = createGlobals(module, call);
  if (failed(run) || failed(globals) ||
      failed(addInitAndDeinit(module, call, *entries, *globals)))
    return failure();

  OpBuilder b(call);
  Location loc = call.getLoc();
  SmallVector<Value> pointers;
  for (Value buffer : llvm::concat<Value>(call.getInputs(), call.getInits()))
    pointers.push_back(dataPointer(b, loc, buffer));
  Value buffers = pointerArray(b, loc, pointers);
  Value handle =
      LLVM::LoadOp::create(b, loc, pointerType(b.getContext()),
                           LLVM::AddressOfOp::create(b, loc, globals->handle));
  func::CallOp::create(b, loc, *run, ValueRange{handle, buffers});
  call.erase();
  return success();
}

struct SeamLowerKernelCallsPass
    : public seam::impl::SeamLowerKernelCallsPassBase<
          SeamLowerKernelCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<KernelCallOp> calls;
    module.walk([&](KernelCallOp call) { calls.push_back(call); });
    for (KernelCallOp call : calls) {
      if (failed(lowerCall(module, call)))
        return signalPassFailure();
      ++numLowered;
    }
  }
};

} // namespace
