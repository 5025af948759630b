//===- HoistVectorTransfers.cpp - Keep accumulator tiles in registers -----===//
//
// The C tiles of vectorized matmuls are read before and written after the
// k loop instead of in every iteration (upstream's
// hoistRedundantVectorTransfers).
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"

namespace seam {
#define GEN_PASS_DEF_SEAMHOISTVECTORTRANSFERSPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

struct SeamHoistVectorTransfersPass
    : public seam::impl::SeamHoistVectorTransfersPassBase<
          SeamHoistVectorTransfersPass> {
  void runOnOperation() override {
    linalg::hoistRedundantVectorTransfers(getOperation());
  }
};

} // namespace
