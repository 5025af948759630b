//===- ShareSimilarKernels.cpp - One function per kernel shape class ------===//
//
// A model's convolutions of different sizes become kernels whose LLVM
// functions differ only in integer constants: loop bounds, strides, offsets.
// Each set of such kernels becomes one function that takes the constants
// that differ as arguments; the calls pass their kernel's values. LLVM then
// optimizes and compiles one function instead of the set.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "KernelEquivalence.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace seam {
#define GEN_PASS_DEF_SEAMSHARESIMILARKERNELSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Whether `use` may read a run-time value where it reads a constant without
/// making the code slower or invalid: address and loop arithmetic, compares,
/// branch arguments (loop bounds and induction starts), selects, calls and
/// the bounds and steps of OpenMP loops. Not divisions (strength-reduced for
/// constants), masks and shifts, memcpy lengths, allocas or intrinsics with
/// immediate arguments.
bool takesRunTimeValue(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<LLVM::AddOp, LLVM::SubOp, LLVM::MulOp, LLVM::ICmpOp, LLVM::BrOp,
          LLVM::CondBrOp, omp::LoopNestOp>(user))
    return true;
  if (auto select = dyn_cast<LLVM::SelectOp>(user))
    return use.getOperandNumber() != 0;
  if (auto gep = dyn_cast<LLVM::GEPOp>(user))
    return use.get() != gep.getBase();
  if (auto call = dyn_cast<LLVM::CallOp>(user))
    return call.getCallee().has_value();
  return false;
}

/// A 64-bit integer constant.
LLVM::ConstantOp getInt64Constant(Value value) {
  auto constant = value.getDefiningOp<LLVM::ConstantOp>();
  if (!constant || !isa<IntegerAttr>(constant.getValue()))
    return {};
  auto type = dyn_cast<IntegerType>(constant.getType());
  return type && type.getWidth() == 64 ? constant : LLVM::ConstantOp();
}

/// Rewrites each `llvm.getelementptr` of `kernel` with one constant index
/// into a scalar or vector (`%p[12544]`, a tile's offset) to read that index
/// from a constant op: the same LLVM IR, but the offset may now become an
/// argument like any other.
void materializeConstantOffsets(LLVM::LLVMFuncOp kernel) {
  SmallVector<LLVM::GEPOp> geps;
  kernel.walk([&](LLVM::GEPOp gep) {
    if (gep.getRawConstantIndices().size() == 1 &&
        gep.getDynamicIndices().empty() &&
        !isa<LLVM::LLVMStructType, LLVM::LLVMArrayType>(gep.getElemType()))
      geps.push_back(gep);
  });
  OpBuilder builder(kernel.getContext());
  for (LLVM::GEPOp gep : geps) {
    builder.setInsertionPoint(gep);
    Value index = LLVM::ConstantOp::create(
        builder, gep.getLoc(), builder.getI64Type(),
        builder.getI64IntegerAttr(gep.getRawConstantIndices().front()));
    auto dynamic = LLVM::GEPOp::create(
        builder, gep.getLoc(), gep.getType(), gep.getElemType(),
        gep.getBase(), ValueRange{index}, gep.getNoWrapFlags());
    gep.replaceAllUsesWith(dynamic.getResult());
    gep.erase();
  }
}

/// Gives every use of a 64-bit integer constant in `kernel` a constant of
/// its own, created at the function's entry in the order of the uses. CSE
/// merged the constants of equal value: a kernel whose sizes coincide (a
/// dimension equal to a stride, say) had fewer constants than one of the
/// same code whose sizes do not, and the two did not compare equal. Once
/// each use has its own, they do, and each use is judged alone.
void giveEachUseItsConstant(LLVM::LLVMFuncOp kernel) {
  SmallVector<OpOperand *> uses;
  kernel.walk([&](Operation *op) {
    if (op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>() !=
        kernel.getOperation())
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (getInt64Constant(operand.get()))
        uses.push_back(&operand);
  });
  if (uses.empty())
    return;
  OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
  llvm::SetVector<Operation *> originals;
  for (OpOperand *use : uses) {
    LLVM::ConstantOp original = getInt64Constant(use->get());
    originals.insert(original);
    use->set(builder.clone(*original)->getResult(0));
  }
  for (Operation *original : originals)
    if (original->use_empty())
      original->erase();
}

/// The constants of `kernel` that may become arguments: those whose one use
/// takes a run-time value. In walk order.
SmallVector<LLVM::ConstantOp> parameterizable(LLVM::LLVMFuncOp kernel) {
  materializeConstantOffsets(kernel);
  giveEachUseItsConstant(kernel);
  SmallVector<LLVM::ConstantOp> constants;
  kernel.walk([&](LLVM::ConstantOp constant) {
    if (getInt64Constant(constant) && constant->hasOneUse() &&
        takesRunTimeValue(*constant->getUses().begin()))
      constants.push_back(constant);
  });
  return constants;
}

/// A kernel with its parameterizable constants replaced by their classes
/// while kernels are compared, their values, and its hash.
struct Kernel {
  LLVM::LLVMFuncOp func;
  SmallVector<LLVM::ConstantOp> constants;
  SmallVector<IntegerAttr> values;
  llvm::hash_code hash = 0;
};

/// Sizes below this are compared as themselves, not as arguments: a loop of
/// one to three iterations or a stride of one to three (a pad's border
/// column, a 3x3 window, a stride-2 convolution) is simpler code with the
/// constant. Measured on MobileNetV3-Small: its depthwise convolutions' edge
/// kernels took 0.074 ms per run shared with larger sizes, 0.027 kept apart.
constexpr int64_t kExactBelow = 4;

/// Makes `kernel`'s constants comparable: each use its own, each that may
/// become an argument replaced by its class (its value below kExactBelow,
/// else -1 for any larger one), its value kept; then hashes the kernel.
void prepare(Kernel &kernel) {
  kernel.constants = parameterizable(kernel.func);
  for (LLVM::ConstantOp constant : kernel.constants) {
    auto value = cast<IntegerAttr>(constant.getValue());
    kernel.values.push_back(value);
    int64_t v = value.getInt();
    constant.setValueAttr(
        IntegerAttr::get(value.getType(),
                         v >= 0 && v < kExactBelow ? v : int64_t(-1)));
  }
  kernel.hash =
      seam::hashKernel(kernel.func.getFunctionType(), kernel.func.getBody());
}

/// The function's attributes but its name.
DictionaryAttr attributesButName(LLVM::LLVMFuncOp kernel) {
  NamedAttrList attributes(kernel->getAttrDictionary());
  attributes.erase(kernel.getSymNameAttrName());
  return attributes.getDictionary(kernel.getContext());
}

bool areSimilar(Kernel &a, Kernel &b) {
  return a.func.getFunctionType() == b.func.getFunctionType() &&
         a.constants.size() == b.constants.size() &&
         attributesButName(a.func) == attributesButName(b.func) &&
         OperationEquivalence::isRegionEquivalentTo(
             &a.func.getBody(), &b.func.getBody(),
             seam::kKernelEquivalenceFlags);
}

/// Adds an argument of `type` after the others of `func`.
Value appendArgument(LLVM::LLVMFuncOp func, Type type, Location loc) {
  LLVM::LLVMFunctionType functionType = func.getFunctionType();
  SmallVector<Type> params(functionType.getParams());
  params.push_back(type);
  func.setFunctionType(LLVM::LLVMFunctionType::get(
      functionType.getReturnType(), params, functionType.isVarArg()));
  if (ArrayAttr argAttrs = func.getArgAttrsAttr()) {
    SmallVector<Attribute> attrs(argAttrs.getValue());
    attrs.push_back(DictionaryAttr::get(func.getContext()));
    func.setArgAttrsAttr(ArrayAttr::get(func.getContext(), attrs));
  }
  return func.getBody().front().addArgument(type, loc);
}

struct SeamShareSimilarKernelsPass
    : public seam::impl::SeamShareSimilarKernelsPassBase<
          SeamShareSimilarKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Functions named other than as the callee of a call (their address
    // taken, say) keep their signature.
    llvm::DenseSet<StringAttr> pinned =
        seam::getSymbolsNotOnlyCalled<LLVM::CallOp>(module);
    std::vector<Kernel> kernels;
    for (LLVM::LLVMFuncOp func : module.getOps<LLVM::LLVMFuncOp>())
      if (!func.isExternal() && func->hasAttr("seam.kernel") &&
          !pinned.contains(func.getSymNameAttr()) &&
          func.getFunctionType().getReturnType() ==
              LLVM::LLVMVoidType::get(&getContext()) &&
          !func.getFunctionType().isVarArg())
        kernels.push_back({func, {}, {}});
    // Each kernel is isolated from the others: prepared on the context's
    // threads.
    parallelForEach(&getContext(), kernels, prepare);
    // Sets of similar kernels, the first of each its representative.
    SmallVector<Kernel *> all;
    for (Kernel &kernel : kernels)
      all.push_back(&kernel);
    std::vector<SmallVector<Kernel *>> sets = seam::groupEquivalent<Kernel>(
        all, [](Kernel &k) { return k.hash; }, areSimilar);

    llvm::DenseMap<StringAttr, std::pair<Kernel *, SmallVector<unsigned>>>
        sharedBy;
    SmallVector<LLVM::LLVMFuncOp> erased;
    for (SmallVector<Kernel *> &members : sets) {
      SmallVector<Kernel *> *set = &members;
      Kernel &shared = *set->front();
      // The constants equal in every kernel of the set stay constants; the
      // others become arguments, in walk order, after the kernel's own.
      SmallVector<unsigned> differing;
      for (unsigned i = 0; i < shared.constants.size(); ++i) {
        bool equal = llvm::all_of(
            *set, [&](Kernel *k) { return k->values[i] == shared.values[i]; });
        if (equal)
          shared.constants[i].setValueAttr(shared.values[i]);
        else
          differing.push_back(i);
      }
      if (set->size() == 1)
        continue;
      // One argument per distinct list of values across the set: uses that
      // read the same size in every kernel read one argument.
      SmallVector<unsigned> arguments;
      SmallVector<Value> argumentValues;
      for (unsigned i : differing) {
        LLVM::ConstantOp constant = shared.constants[i];
        auto same = llvm::find_if(arguments, [&](unsigned j) {
          return llvm::all_of(*set, [&](Kernel *k) {
            return k->values[i] == k->values[j];
          });
        });
        Value argument;
        if (same != arguments.end()) {
          argument = argumentValues[same - arguments.begin()];
        } else {
          argument = appendArgument(shared.func, constant.getType(),
                                    constant.getLoc());
          arguments.push_back(i);
          argumentValues.push_back(argument);
        }
        constant.replaceAllUsesWith(argument);
        constant.erase();
      }
      for (Kernel *kernel : *set) {
        sharedBy[kernel->func.getSymNameAttr()] = {kernel, arguments};
        if (kernel != &shared)
          erased.push_back(kernel->func);
      }
      // Every kernel of the set is called as the shared one.
      for (Kernel *kernel : *set)
        kernel->func = shared.func;
    }
    if (erased.empty())
      return;

    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      if (std::optional<StringRef> callee = call.getCallee())
        if (sharedBy.count(StringAttr::get(&getContext(), *callee)))
          calls.push_back(call);
    });
    OpBuilder builder(&getContext());
    for (LLVM::CallOp call : calls) {
      auto &[kernel, differing] =
          sharedBy[StringAttr::get(&getContext(), *call.getCallee())];
      builder.setInsertionPoint(call);
      SmallVector<Value> operands(call.getArgOperands());
      for (unsigned i : differing)
        operands.push_back(LLVM::ConstantOp::create(
            builder, call.getLoc(), builder.getI64Type(), kernel->values[i]));
      auto shared =
          LLVM::CallOp::create(builder, call.getLoc(), kernel->func, operands);
      shared->setDiscardableAttrs(call->getDiscardableAttrDictionary());
      call.erase();
    }
    for (LLVM::LLVMFuncOp func : erased)
      func.erase();
  }
};

} // namespace
