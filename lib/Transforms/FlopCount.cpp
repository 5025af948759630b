//===- FlopCount.cpp - Floating-point operations of seam ops --------------===//

#include "seam/Transforms/FlopCount.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace seam;

namespace {

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

int64_t elementsOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getNumElements();
}

int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

/// Every output element of a conv is a dot product over Cin/group x kernel.
int64_t convFlops(ConvOp conv) {
  ArrayRef<int64_t> weight = shapeOf(conv.getWeight());
  return 2 * elementsOf(conv.getOutput()) * product(weight.drop_front());
}

/// Every output element of a matrix product is a dot product over K.
int64_t matrixProductFlops(Value output, int64_t k) {
  return 2 * elementsOf(output) * k;
}

} // namespace

int64_t seam::countFlops(Operation *op) {
  return llvm::TypeSwitch<Operation *, int64_t>(op)
      .Case([](ConvOp conv) { return convFlops(conv); })
      .Case([](ConvTransposeOp conv) {
        // Every input element meets M/group x kernel weights.
        ArrayRef<int64_t> weight = shapeOf(conv.getWeight());
        return 2 * elementsOf(conv.getInput()) * product(weight.drop_front());
      })
      .Case([](GemmOp gemm) {
        ArrayRef<int64_t> a = shapeOf(gemm.getA());
        return matrixProductFlops(gemm.getOutput(),
                                  gemm.getTransA() ? a[0] : a[1]);
      })
      .Case([](MatMulOp matmul) {
        return matrixProductFlops(matmul.getOutput(),
                                  shapeOf(matmul.getA()).back());
      })
      .Case<MaxPoolOp, AvgPoolOp, LpPoolOp>([](auto pool) {
        return elementsOf(pool.getOutput()) * product(pool.getKernelShape());
      })
      .Case<ReshapeOp, FlattenOp, TransposeOp, ConcatOp, PadOp, SliceOp,
            YieldOp>([](Operation *) { return int64_t(0); })
      .Case([](CompositeOp composite) {
        int64_t flops = 0;
        for (Operation &inner : composite.getBody().front())
          flops += countFlops(&inner);
        return flops;
      })
      .Default([](Operation *op) -> int64_t {
        if (!isa<SeamDialect>(op->getDialect()) || op->getNumResults() != 1)
          return 0;
        int64_t elements = elementsOf(op->getResult(0));
        if (op->getNumOperands() > 0)
          elements = std::max(elements, elementsOf(op->getOperand(0)));
        return elements;
      });
}
