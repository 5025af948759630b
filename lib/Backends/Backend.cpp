//===- Backend.cpp - The interface of a kernel-library backend ------------===//

#include "seam/Backend/Backend.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace seam;

Backend::~Backend() = default;

void Backend::registerDialects(DialectRegistry &) const {}

const KernelEntryPoints *Backend::getEntryPoints() const { return nullptr; }

Backend::PrepareFunction Backend::getPrepareFunction() const {
  return nullptr;
}

FailureOr<KernelRegion> Backend::describeRegion(func::FuncOp region) const {
  return region.emitError("backend '")
         << getName() << "' has no runtime to run its regions";
}

SmallVector<RuntimeSymbol> Backend::getRuntimeSymbols() const {
  const KernelEntryPoints *entries = getEntryPoints();
  if (!entries)
    return {};
  return {entries->create, entries->run, entries->destroy};
}

SmallVector<llvm::Triple::ArchType> Backend::getRuntimeArchitectures() const {
  return {llvm::Triple(llvm::sys::getProcessTriple()).getArch()};
}

SmallVector<std::string> Backend::getRuntimeLinkLibraries() const {
  return {"seam_" + getName().str() + "_runtime"};
}

//===----------------------------------------------------------------------===//
// The shared entry-point ABI
//===----------------------------------------------------------------------===//

static Type pointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context);
}

FunctionType seam::getKernelCreateType(MLIRContext *context) {
  Type ptr = pointerType(context);
  return FunctionType::get(context, {ptr, IntegerType::get(context, 64), ptr},
                           {ptr});
}

FunctionType seam::getKernelRunType(MLIRContext *context) {
  Type ptr = pointerType(context);
  return FunctionType::get(context, {ptr, ptr}, {});
}

FunctionType seam::getKernelDestroyType(MLIRContext *context) {
  return FunctionType::get(context, {pointerType(context)}, {});
}

std::string seam::getKernelHandleSymbol(StringRef region) {
  return ("__seam_" + region + "_handle").str();
}

std::string seam::getKernelDescriptionSymbol(StringRef region) {
  return ("__seam_" + region + "_desc").str();
}

std::optional<RegionStats>
Backend::getRegionStats(StringRef, function_ref<void *(StringRef)>) const {
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// @seam_init and @seam_deinit
//===----------------------------------------------------------------------===//

InitFunctions seam::getOrCreateInitFunctions(ModuleOp module) {
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  auto getOrCreate = [&](StringRef name, TypeRange results) {
    if (auto func = module.lookupSymbol<func::FuncOp>(name))
      return func;
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto func = func::FuncOp::create(builder, loc, name,
                                     FunctionType::get(context, {}, results));
    builder.setInsertionPointToStart(func.addEntryBlock());
    SmallVector<Value> values;
    for (Type type : results)
      values.push_back(arith::ConstantOp::create(
          builder, loc, type, builder.getIntegerAttr(type, 0)));
    func::ReturnOp::create(builder, loc, values);
    return func;
  };
  return {getOrCreate(kInitFunctionName, IntegerType::get(context, 32)),
          getOrCreate(kDeinitFunctionName, {})};
}

void seam::addInitFailure(func::FuncOp init, Value failed) {
  auto ret = cast<func::ReturnOp>(init.getBody().back().getTerminator());
  OpBuilder builder(ret);
  Value status = arith::ExtUIOp::create(builder, ret.getLoc(),
                                        builder.getI32Type(), failed);
  ret->setOperand(0, arith::OrIOp::create(builder, ret.getLoc(),
                                          ret.getOperand(0), status));
}
