//===- RegionValues.cpp - Number the values of a region for a runtime -----===//

#include "seam/Backend/RegionValues.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace seam;

LogicalResult
RegionValues::write(func::FuncOp region,
                    function_ref<LogicalResult(Operation *)> writeOp) {
  name = region.getSymName().str();
  Block &body = region.getBody().front();
  for (BlockArgument arg : body.getArguments())
    inputs.push_back(define(arg));
  for (Operation &op : body.without_terminator()) {
    if (op.hasTrait<OpTrait::ConstantLike>())
      continue; // numbered where used, as weights
    if (failed(writeOp(&op)))
      return failure();
  }
  Operation *terminator = body.getTerminator();
  for (Value result : terminator->getOperands()) {
    FailureOr<int64_t> id = use(result, terminator);
    if (failed(id))
      return failure();
    outputs.push_back(*id);
  }
  return success();
}

int64_t RegionValues::define(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t id = define(type.getShape(), type.getElementType());
  ids[value] = id;
  return id;
}

int64_t RegionValues::define(ArrayRef<int64_t> shape, Type elementType) {
  values.emplace_back(shape.begin(), shape.end());
  types.push_back(elementType && !elementType.isF32() ? elementType : Type());
  return static_cast<int64_t>(values.size()) - 1;
}

Value RegionValues::resolve(Value value) const {
  auto it = forwarded.find(value);
  return it == forwarded.end() ? value : it->second;
}

FailureOr<int64_t> RegionValues::use(Value value, Operation *user) {
  value = resolve(value);
  if (auto it = ids.find(value); it != ids.end())
    return it->second;
  if (!isF32Constant(value) && !isIntegerConstant(value))
    return emitError(user, "operand is neither computed in the region nor an "
                           "f32 or integer constant");
  int64_t id = define(value);
  weights.push_back(id);
  weightValues.push_back(value);
  return id;
}

FailureOr<SmallVector<int64_t>> RegionValues::useOperands(Operation *op) {
  SmallVector<int64_t> result;
  for (Value operand : op->getOperands()) {
    FailureOr<int64_t> id = use(operand, op);
    if (failed(id))
      return failure();
    result.push_back(*id);
  }
  return result;
}

FailureOr<SmallVector<Operation *>>
RegionValues::bindComposite(CompositeOp composite) {
  Block &body = composite.getBody().front();
  // Numbered where used: a constant input the description does not use
  // (a batch_norm's parameters, folded into others) is no weight.
  for (auto [arg, input] :
       llvm::zip(body.getArguments(), composite.getInputs()))
    forwarded[arg] = resolve(input);
  SmallVector<Operation *> chain;
  // Each op's first result is its value (the others, a layer norm's
  // statistics, are unused in a composite).
  for (Operation &op : body.without_terminator()) {
    if (op.getNumResults() < 1 ||
        !llvm::all_of(op.getResults().drop_front(),
                      [](Value v) { return v.use_empty(); }) ||
        (!chain.empty() &&
         !llvm::is_contained(op.getOperands(), chain.back()->getResult(0))))
      return emitError(composite, "a composite must hold a chain of ops, each "
                                  "with one result used by the next");
    chain.push_back(&op);
  }
  if (chain.empty() || composite.getNumResults() != 1 ||
      composite.getYield().getOperand(0) != chain.back()->getResult(0))
    return emitError(composite, "a composite must yield the end of its chain");
  return chain;
}

bool RegionValues::isWeight(int64_t id) const {
  return llvm::is_contained(weights, id);
}

InFlightDiagnostic RegionValues::emitError(Operation *op,
                                           const Twine &message) const {
  return op->emitError(backend + " region: " + message);
}
