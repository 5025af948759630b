//===- SeamKernelCall.cpp - seam.kernel_call ------------------------------===//
//
// The verifier, memory effects and bufferization of seam.kernel_call, the
// destination-passing op every backend's regions become.
//
//===----------------------------------------------------------------------===//

#include "seam/SeamOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace seam;

#include "seam/SeamAttrInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Verifier and memory effects
//===----------------------------------------------------------------------===//

LogicalResult KernelCallOp::verify() {
  if (getBackend().empty() || getRegion().empty())
    return emitOpError("needs a backend and a region name");
  for (Type type : getOperandTypes())
    if (!isa<RankedTensorType, MemRefType>(type))
      return emitOpError("operands must be ranked tensors or memrefs, not ")
             << type;
  if (!hasPureTensorSemantics() && !hasPureBufferSemantics())
    return emitOpError("operands must be all tensors or all memrefs");
  if (hasPureTensorSemantics() && getResultTypes() != getInits().getTypes())
    return emitOpError("result types must be the types of the 'outs' operands");
  if (getInits().empty())
    return emitOpError("needs at least one 'outs' operand");
  return getDescription().verifyKernelCall(
      [&] { return emitOpError("description does not match the call: "); },
      getRegion(), getInputs().getTypes(), getWeights().getTypes(),
      getInits().getTypes());
}

void KernelCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &operand : getOperation()->getOpOperands()) {
    if (!isa<BaseMemRefType>(operand.get().getType()))
      continue;
    if (isDpsInit(&operand))
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
    else
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

//===----------------------------------------------------------------------===//
// Bufferization
//===----------------------------------------------------------------------===//

namespace {

/// Each result is the buffer of its `outs` operand, which the runtime writes
/// without reading it: a `tensor.empty` destination needs no copy or fill.
struct KernelCallBufferization
    : bufferization::DstBufferizableOpInterfaceExternalModel<
          KernelCallBufferization, KernelCallOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const bufferization::AnalysisState &) const {
    return !cast<KernelCallOp>(op).isDpsInit(&operand);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const bufferization::BufferizationOptions &options,
                          bufferization::BufferizationState &state) const {
    auto call = cast<KernelCallOp>(op);
    auto buffers = [&](ValueRange values) -> FailureOr<SmallVector<Value>> {
      SmallVector<Value> result;
      for (Value value : values) {
        FailureOr<Value> buffer =
            bufferization::getBuffer(rewriter, value, options, state);
        if (failed(buffer))
          return failure();
        result.push_back(*buffer);
      }
      return result;
    };
    FailureOr<SmallVector<Value>> inputs = buffers(call.getInputs());
    FailureOr<SmallVector<Value>> weights = buffers(call.getWeights());
    FailureOr<SmallVector<Value>> inits = buffers(call.getInits());
    if (failed(inputs) || failed(weights) || failed(inits))
      return failure();
    rewriter.setInsertionPoint(op);
    KernelCallOp::create(rewriter, call.getLoc(), TypeRange(),
                         call.getBackend(), call.getRegion(), *inputs, *weights,
                         *inits, call.getDescription());
    bufferization::replaceOpWithBufferizedValues(rewriter, op, *inits);
    return success();
  }
};

} // namespace

void seam::attachKernelCallInterfaces(MLIRContext *context) {
  KernelCallOp::attachInterface<KernelCallBufferization>(*context);
}
