//===- InstrumentKernels.cpp - Per-kernel time counters -------------------===//
//
// Wraps every call of an outlined kernel in a clock read and a call that adds
// the elapsed time to the kernel's counter (seam_profile_add), so that a
// session can say where the time of its compiled code goes.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace seam {
#define GEN_PASS_DEF_SEAMINSTRUMENTKERNELSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kCounters = "__seam_kernel_ns";
constexpr llvm::StringLiteral kNames = "__seam_kernel_names";
constexpr llvm::StringLiteral kCount = "__seam_kernel_count";
/// How many ONNX node names a kernel's name lists.
constexpr size_t kMaxNodeNames = 3;

/// `kernel` and the ONNX nodes its ops come from: "main_kernel_3 [a, b]".
std::string kernelName(func::FuncOp kernel) {
  llvm::SetVector<StringRef> nodes;
  kernel.walk([&](Operation *op) {
    op->getLoc()->walk([&](Location loc) {
      if (auto name = dyn_cast<NameLoc>(loc))
        nodes.insert(name.getName().getValue());
      return WalkResult::advance();
    });
  });
  std::string name = kernel.getSymName().str();
  if (nodes.empty())
    return name;
  name += " [";
  for (auto [i, node] : llvm::enumerate(nodes)) {
    if (i == kMaxNodeNames) {
      name += ", +" + std::to_string(nodes.size() - kMaxNodeNames) + " more";
      break;
    }
    name += (i ? ", " : "") + node.str();
  }
  return name + "]";
}

/// The declaration of runtime function `name`, created the first time.
func::FuncOp declare(ModuleOp module, SymbolTable &symbols, StringRef name,
                     FunctionType type) {
  if (auto fn = symbols.lookup<func::FuncOp>(name))
    return fn;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto fn = func::FuncOp::create(b, module.getLoc(), name, type);
  fn.setPrivate();
  symbols.insert(fn);
  return fn;
}

struct SeamInstrumentKernelsPass
    : public seam::impl::SeamInstrumentKernelsPassBase<
          SeamInstrumentKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (callee && callee->hasAttr("seam.kernel"))
        calls.push_back(call);
    });
    if (calls.empty())
      return;
    for (StringRef name : {kCounters, kNames, kCount})
      if (symbols.lookup(name)) {
        module.emitError() << "the module already has a symbol named '"
                           << name << "' (instrumented twice?)";
        return signalPassFailure();
      }

    MLIRContext *ctx = &getContext();
    Location loc = module.getLoc();
    Type i64 = IntegerType::get(ctx, 64);
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    func::FuncOp clock = declare(module, symbols, "seam_profile_clock",
                                 FunctionType::get(ctx, {}, {i64}));
    func::FuncOp add = declare(module, symbols, "seam_profile_add",
                               FunctionType::get(ctx, {ptr, i64}, {}));
    func::FuncOp count = declare(module, symbols, "seam_profile_count",
                                 FunctionType::get(ctx, {ptr}, {}));

    // A counter per kernel called (in call order), then the runs.
    llvm::MapVector<func::FuncOp, int64_t> ids;
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      ids.insert({callee, static_cast<int64_t>(ids.size())});
    }
    int64_t kernels = static_cast<int64_t>(ids.size());
    std::string names;
    for (auto &entry : ids)
      names += kernelName(entry.first) + '\0';

    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    auto countersType = LLVM::LLVMArrayType::get(i64, kernels + 1);
    LLVM::GlobalOp::create(
        b, loc, countersType, /*isConstant=*/false, LLVM::Linkage::External,
        kCounters,
        DenseElementsAttr::get(
            RankedTensorType::get({kernels + 1}, i64),
            ArrayRef<int64_t>(SmallVector<int64_t>(kernels + 1, 0))));
    LLVM::GlobalOp::create(
        b, loc,
        LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), names.size()),
        /*isConstant=*/true, LLVM::Linkage::External, kNames,
        b.getStringAttr(names));
    LLVM::GlobalOp::create(b, loc, i64, /*isConstant=*/true,
                           LLVM::Linkage::External, kCount,
                           b.getI64IntegerAttr(kernels));

    auto counter = [&](OpBuilder &at, int64_t index) -> Value {
      Value base = LLVM::AddressOfOp::create(at, loc, ptr, kCounters);
      return LLVM::GEPOp::create(
          at, loc, ptr, countersType, base,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
    };
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      OpBuilder before(call);
      Value start = func::CallOp::create(before, call.getLoc(), clock)
                        .getResult(0);
      OpBuilder after(call->getBlock(), std::next(call->getIterator()));
      func::CallOp::create(after, call.getLoc(), add,
                           ValueRange{counter(after, ids[callee]), start});
    }
    if (auto main = symbols.lookup<func::FuncOp>("main");
        main && !main.isExternal()) {
      OpBuilder entry = OpBuilder::atBlockBegin(&main.getBody().front());
      func::CallOp::create(entry, loc, count,
                           ValueRange{counter(entry, kernels)});
    }
  }
};

} // namespace
