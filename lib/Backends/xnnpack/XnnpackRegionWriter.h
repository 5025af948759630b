//===- XnnpackRegionWriter.h - Describe a region for the runtime -*- C++
//-*-===//

#ifndef SEAM_LIB_BACKENDS_XNNPACK_XNNPACKREGIONWRITER_H
#define SEAM_LIB_BACKENDS_XNNPACK_XNNPACKREGIONWRITER_H

#include "seam/Backend/Backend.h"

namespace seam::xnnpack {

/// Describes the outlined region `region` as a #seam_xnnpack.region with the
/// constants it uses as weights; emits an error naming the op it cannot
/// describe.
FailureOr<KernelRegion> describeRegion(func::FuncOp region);

} // namespace seam::xnnpack

#endif // SEAM_LIB_BACKENDS_XNNPACK_XNNPACKREGIONWRITER_H
