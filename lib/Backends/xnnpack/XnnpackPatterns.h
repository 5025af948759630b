//===- XnnpackPatterns.h - The xnnpack pattern table ------------*- C++ -*-===//

#ifndef SEAM_LIB_BACKENDS_XNNPACK_XNNPACKPATTERNS_H
#define SEAM_LIB_BACKENDS_XNNPACK_XNNPACKPATTERNS_H

#include "seam/Backend/Backend.h"

namespace seam::xnnpack {

/// The composites the XNNPACK backend takes, in priority order.
ArrayRef<PatternEntry> getXnnpackPatterns();

/// The ops it runs on their own, outside a pattern.
Verdict supportsXnnpackOp(Operation *op);

} // namespace seam::xnnpack

#endif // SEAM_LIB_BACKENDS_XNNPACK_XNNPACKPATTERNS_H
