//===- OutlineRegions.cpp - Outline regions into backend functions --------===//

#include "seam/Transforms/Passes.h"

#include "seam/SeamOps.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

namespace seam {
#define GEN_PASS_DEF_SEAMOUTLINEREGIONSPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// What a region exchanges with the rest of its function.
struct RegionInterface {
  /// Values from outside, in the order the region first uses them.
  llvm::SetVector<Value> inputs;
  /// Constants the region uses; they are cloned into the function.
  llvm::SetVector<Operation *> constants;
  /// Values of the region used outside it, in program order.
  SmallVector<Value> outputs;
};

RegionInterface
getInterface(ArrayRef<Operation *> ops,
             const llvm::SmallPtrSetImpl<Operation *> &inRegion) {
  RegionInterface interface;
  Block *block = ops.front()->getBlock();
  for (Operation *op : ops) {
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && inRegion.contains(producer))
        continue;
      if (producer && producer->hasTrait<OpTrait::ConstantLike>())
        interface.constants.insert(producer);
      else
        interface.inputs.insert(operand);
    }
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inRegion.contains(block->findAncestorOpInBlock(*user));
          }))
        interface.outputs.push_back(result);
  }
  return interface;
}

class RegionOutliner {
public:
  explicit RegionOutliner(ModuleOp module) : symbols(module) {}

  /// Moves the region `ops` of `parent` into a new function placed after
  /// `insertAfter`, and calls it where the region's last op was. Returns the
  /// function.
  func::FuncOp outline(ArrayRef<Operation *> ops, Operation *insertAfter) {
    llvm::SmallPtrSet<Operation *, 16> inRegion(ops.begin(), ops.end());
    RegionInterface interface = getInterface(ops, inRegion);
    StringRef backend = *getAssignedBackend(ops.front());
    MLIRContext *context = ops.front()->getContext();
    SmallVector<Location> locs;
    SmallVector<Attribute> composites;
    for (Operation *op : ops) {
      locs.push_back(op->getLoc());
      if (auto composite = dyn_cast<CompositeOp>(op))
        composites.push_back(composite.getNameAttr());
    }
    Location loc = FusedLoc::get(context, locs);

    OpBuilder builder(context);
    builder.setInsertionPointAfter(insertAfter);
    auto type = FunctionType::get(
        context, ValueRange(interface.inputs.getArrayRef()).getTypes(),
        ValueRange(interface.outputs).getTypes());
    auto func = func::FuncOp::create(builder, loc, uniqueName(backend), type);
    func.setPrivate();
    func->setAttr(kBackendAttr, StringAttr::get(context, backend));
    func->setAttr(kCompositesAttr, ArrayAttr::get(context, composites));
    symbols.insert(func);

    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    IRMapping mapping;
    mapping.map(interface.inputs.getArrayRef(), entry->getArguments());
    for (Operation *constant : interface.constants)
      builder.clone(*constant, mapping);
    for (Operation *op : ops) {
      Operation *clone = builder.clone(*op, mapping);
      clone->removeAttr(kBackendAttr);
      clone->removeAttr(kRegionAttr);
    }
    SmallVector<Value> results;
    for (Value output : interface.outputs)
      results.push_back(mapping.lookup(output));
    func::ReturnOp::create(builder, loc, results);

    builder.setInsertionPoint(ops.back());
    auto call = func::CallOp::create(builder, loc, func,
                                     interface.inputs.getArrayRef());
    for (auto [output, result] :
         llvm::zip(interface.outputs, call.getResults()))
      output.replaceUsesWithIf(result, [&](OpOperand &use) {
        return !inRegion.contains(use.getOwner());
      });
    for (Operation *op : llvm::reverse(ops))
      op->erase();
    for (Operation *constant : interface.constants)
      if (constant->use_empty())
        constant->erase();
    return func;
  }

private:
  /// `<backend>_<n>` with the first n, counted per backend, that is free.
  std::string uniqueName(StringRef backend) {
    unsigned &next = nextIndex[backend];
    std::string name;
    do
      name = (backend + "_" + Twine(next++)).str();
    while (symbols.lookup(name));
    return name;
  }

  SymbolTable symbols;
  llvm::StringMap<unsigned> nextIndex;
};

struct SeamOutlineRegionsPass
    : public seam::impl::SeamOutlineRegionsPassBase<SeamOutlineRegionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    RegionOutliner outliner(module);
    for (func::FuncOp func : getFuncsToPartition(module)) {
      Operation *insertAfter = func;
      for (Block &block : func.getBody()) {
        FailureOr<RegionMap> regions = collectRegions(block);
        if (failed(regions))
          return signalPassFailure();
        for (auto &[index, ops] : *regions) {
          insertAfter = outliner.outline(ops, insertAfter);
          ++numOutlined;
        }
        // A user of a region's output may stand before the call that now
        // computes it.
        if (!sortTopologically(&block)) {
          func.emitError("outlining the regions of this function created a "
                         "cycle");
          return signalPassFailure();
        }
      }
    }
  }
};

} // namespace
