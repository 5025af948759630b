//===- DnnlApi.cpp - The runtime functions dnnl regions call --------------===//

#include "DnnlApi.h"

#include "runtime/DnnlRuntime.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::seam;
using namespace mlir::seam::dnnl;

namespace {

Type ptr(MLIRContext *context) { return LLVM::LLVMPointerType::get(context); }

/// One row per DnnlApi value, in its order.
const RuntimeSymbol kApi[] = {
    {"seam_dnnl_create_region",
     [](MLIRContext *c) {
       return FunctionType::get(c, {ptr(c), ptr(c)}, {ptr(c)});
     },
     reinterpret_cast<void *>(&seam_dnnl_create_region)},
    {"seam_dnnl_run_region",
     [](MLIRContext *c) { return FunctionType::get(c, {ptr(c), ptr(c)}, {}); },
     reinterpret_cast<void *>(&seam_dnnl_run_region)},
    {"seam_dnnl_destroy_region",
     [](MLIRContext *c) { return FunctionType::get(c, {ptr(c)}, {}); },
     reinterpret_cast<void *>(&seam_dnnl_destroy_region)},
};

} // namespace

ArrayRef<RuntimeSymbol> mlir::seam::dnnl::getDnnlApi() { return kApi; }

func::FuncOp mlir::seam::dnnl::getOrDeclare(ModuleOp module, DnnlApi fn) {
  const RuntimeSymbol &symbol = kApi[static_cast<size_t>(fn)];
  if (auto func = module.lookupSymbol<func::FuncOp>(symbol.name))
    return func;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  auto func = func::FuncOp::create(builder, module.getLoc(), symbol.name,
                                   symbol.getType(module.getContext()));
  func.setPrivate();
  return func;
}
