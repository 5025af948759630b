//===- DnnlPatterns.h - The dnnl pattern table and single ops ---*- C++ -*-===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLPATTERNS_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLPATTERNS_H

#include "seam/Backend/Backend.h"
#include "seam/Support/LLVM.h"

namespace seam::dnnl {

/// The pattern table of the dnnl backend, in priority order.
ArrayRef<PatternEntry> getDnnlPatterns();

/// Whether the dnnl backend runs `op` on its own (eltwise, binary, concat,
/// reshape, flatten, transpose, slice, the reductions oneDNN has).
Verdict supportsDnnlOp(Operation *op);

} // namespace seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLPATTERNS_H
