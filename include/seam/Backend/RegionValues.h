//===- RegionValues.h - Number the values of a region ----------*- C++ -*-===//
//
// What every backend's describeRegion does before it says anything of its own
// ops: number the values of an outlined region (its arguments are the
// inputs, constants become weights at their first use, each op's result a new
// value), map a composite's block arguments to the values they stand for,
// and list the outputs. A backend walks the region with `write` and gives
// the description of each op (a composite or a single op).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKEND_REGIONVALUES_H
#define SEAM_BACKEND_REGIONVALUES_H

#include "seam/Support/LLVM.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace seam {

class CompositeOp;

class RegionValues {
public:
  /// `backend` prefixes errors ("xnnpack region: ...").
  explicit RegionValues(StringRef backend) : backend(backend.str()) {}

  /// Numbers the region's arguments as inputs, calls `writeOp` on every op
  /// of the body that is not a constant (composites included), and numbers
  /// the returned values as outputs.
  LogicalResult write(func::FuncOp region,
                      function_ref<LogicalResult(Operation *)> writeOp);

  /// Numbers a new value (the result of an op).
  int64_t define(Value value);
  /// Makes `value` stand for the existing value `id` (an op the runtime
  /// fuses into the one that computes `id`).
  void alias(Value value, int64_t id) { ids[value] = id; }
  /// Numbers a value of the runtime's that has no value in the IR, of
  /// `elementType` (f32 when null).
  int64_t define(ArrayRef<int64_t> shape, Type elementType = {});
  /// The number of a used value; a constant (f32, or integer: int8 weights,
  /// int32 biases) becomes a weight at its first use. Anything else is an
  /// error at `user`.
  FailureOr<int64_t> use(Value value, Operation *user);
  /// The numbers of the operands of `op`, in order.
  FailureOr<SmallVector<int64_t>> useOperands(Operation *op);
  /// The value `value` stands for: a composite's input for a block argument
  /// of its body, else itself.
  Value resolve(Value value) const;
  /// Makes the block arguments of `composite`'s body stand for its inputs
  /// (numbered where used) and returns the ops of its chain, the root first;
  /// fails (with an error) unless it has one result and yields the end of a
  /// non-empty chain, each op using the result of the one before.
  FailureOr<SmallVector<Operation *>> bindComposite(CompositeOp composite);
  /// Moves the numbering into a runtime's region description (a struct with
  /// name, values, inputs, weights and outputs as these are).
  template <typename RegionDescT> void moveInto(RegionDescT &desc) {
    desc.name = std::move(name);
    desc.values = std::move(values);
    desc.inputs = std::move(inputs);
    desc.weights = std::move(weights);
    desc.outputs = std::move(outputs);
  }
  /// Whether value `id` is a weight.
  bool isWeight(int64_t id) const;
  /// `emitError` at `op` prefixed with the backend's name.
  InFlightDiagnostic emitError(Operation *op, const Twine &message) const;

  /// The region's name, the dims and element type (null: f32) of each
  /// value, the inputs, weights and outputs (value numbers), and the
  /// weights' constants (desc order).
  std::string name;
  std::vector<std::vector<int64_t>> values;
  SmallVector<Type> types;
  std::vector<int64_t> inputs, weights, outputs;
  SmallVector<Value> weightValues;

private:
  std::string backend;
  llvm::DenseMap<Value, int64_t> ids;
  llvm::DenseMap<Value, Value> forwarded;
};

} // namespace seam

#endif // SEAM_BACKEND_REGIONVALUES_H
