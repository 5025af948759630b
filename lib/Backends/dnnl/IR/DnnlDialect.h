//===- DnnlDialect.h - The seam_dnnl dialect --------------------*- C++ -*-===//
//
// The attributes that describe a region of the oneDNN backend
// (#seam_dnnl.region, #seam_dnnl.op, #seam_dnnl.post_op), their conversion
// from and to the runtime's RegionDesc, and the parsers and printers of
// their parameters.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_DNNL_IR_DNNLDIALECT_H
#define SEAM_LIB_BACKENDS_DNNL_IR_DNNLDIALECT_H

#include "runtime/RegionDesc.h"
#include "seam/Support/LLVM.h"

#include "seam/Backend/RegionDescription.h"
#include "seam/SeamInterfaces.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

namespace seam::dnnl {

/// The runtime's description of a region (runtime/RegionDesc.h).
namespace dnnl_region = ::seam::dnnl_region;

/// Parsers of the dnnl-specific parameters (used by the generated code); the
/// others are seam/Backend/RegionDescription.h's.
FailureOr<dnnl_region::PostOp::Kind> parsePostOpKind(AsmParser &parser);
/// The keyword of a post-op kind ("eltwise", "sum", "binary").
const char *getPostOpKeyword(dnnl_region::PostOp::Kind kind);
FailureOr<dnnl_region::OpKind> parseOpKind(AsmParser &parser);
FailureOr<dnnl_region::Algorithm> parseAlgorithm(AsmParser &parser);
FailureOr<SmallVector<dnnl_region::DataType>>
parseDataTypeList(AsmParser &parser);
void printDataTypeList(AsmPrinter &printer,
                       ArrayRef<dnnl_region::DataType> types);

} // namespace seam::dnnl

#include "IR/DnnlDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "IR/DnnlAttrs.h.inc"

namespace seam::dnnl {

/// The attribute form of a region description.
RegionAttr getRegionAttr(MLIRContext *context,
                         const dnnl_region::RegionDesc &region);

/// The runtime form of a region attribute.
dnnl_region::RegionDesc getRegionDesc(RegionAttr region);

/// The runtime's data type of an element type (f32, i8, ui8, i32), or
/// nothing for another.
std::optional<dnnl_region::DataType> getDataType(Type type);
/// The element type of a runtime data type.
Type getElementType(MLIRContext *context, dnnl_region::DataType type);

} // namespace seam::dnnl

#endif // SEAM_LIB_BACKENDS_DNNL_IR_DNNLDIALECT_H
