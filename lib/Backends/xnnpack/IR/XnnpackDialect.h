//===- XnnpackDialect.h - The seam_xnnpack dialect --------------*- C++ -*-===//
//
// The attributes that describe a region of the XNNPACK backend
// (#seam_xnnpack.region, #seam_xnnpack.op) and their conversion from and to
// the runtime's RegionDesc.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_XNNPACK_IR_XNNPACKDIALECT_H
#define SEAM_LIB_BACKENDS_XNNPACK_IR_XNNPACKDIALECT_H

#include "runtime/RegionDesc.h"
#include "seam/Backend/RegionDescription.h"
#include "seam/SeamInterfaces.h"
#include "seam/Support/LLVM.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include <limits>

namespace seam::xnnpack {

/// The runtime's description of a region (runtime/RegionDesc.h).
namespace xnnpack_region = ::seam::xnnpack_region;

/// Parses an op kind keyword (used by the generated code).
FailureOr<xnnpack_region::OpKind> parseOpKind(AsmParser &parser);

} // namespace seam::xnnpack

#include "IR/XnnpackDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "IR/XnnpackAttrs.h.inc"

namespace seam::xnnpack {

/// The attribute form of a region description.
RegionAttr getRegionAttr(MLIRContext *context,
                         const xnnpack_region::RegionDesc &region);

/// The runtime form of a region attribute.
xnnpack_region::RegionDesc getRegionDesc(RegionAttr region);

} // namespace seam::xnnpack

#endif // SEAM_LIB_BACKENDS_XNNPACK_IR_XNNPACKDIALECT_H
