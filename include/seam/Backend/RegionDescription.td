//===- RegionDescription.td - Parameters of region descriptions -*- tablegen -*-===//
//
// The attribute parameters a backend's typed region description is made of
// (`#seam_dnnl.region`, `#seam_xnnpack.region`): integer lists, value shapes,
// f32 and boolean fields, lists of nested attributes. Parsed and printed by
// the helpers of seam/Backend/RegionDescription.h, so that every backend's
// description reads the same way.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKEND_REGIONDESCRIPTION_TD
#define SEAM_BACKEND_REGIONDESCRIPTION_TD

include "mlir/IR/AttrTypeBase.td"

/// A list of integers printed in brackets: `[0, 2]`, `[]`.
def SeamDesc_IntList : OptionalArrayRefParameter<"int64_t"> {
  let parser = "::seam::desc::parseIntList($_parser)";
  let printer = "::seam::desc::printIntList($_printer, $_self)";
}

/// An f32 (held as an APFloat, which hashes) printed with 9 significant
/// digits, which round-trip exactly. Verifiers admit finite values only
/// (seam::desc::checkFinite), unless they say otherwise.
class SeamDesc_F32<string value>
    : DefaultValuedParameter<"::llvm::APFloat", "::llvm::APFloat(" # value # ")"> {
  let parser = "::seam::desc::parseF32($_parser)";
  let printer = "::seam::desc::printF32($_printer, $_self)";
  let comparator = "$_lhs.bitwiseIsEqual($_rhs)";
}

/// `true` or `false`.
def SeamDesc_Bool : DefaultValuedParameter<"bool", "false"> {
  let parser = "::seam::desc::parseBool($_parser)";
  let printer = "$_printer << ($_self ? \"true\" : \"false\")";
}

/// A bracketed list of attributes of type `attr`.
class SeamDesc_AttrList<string attr> : OptionalArrayRefParameter<attr> {
  let parser = "::seam::desc::parseAttrList<" # attr # ">($_parser)";
  let printer = "::seam::desc::printAttrList($_printer, $_self)";
}

/// Value shapes: `[[1, 3, 8, 8], [8], []]`.
def SeamDesc_ShapeList : ArrayRefParameter<"::mlir::DenseI64ArrayAttr"> {
  let parser = "::seam::desc::parseShapeList($_parser)";
  let printer = "::seam::desc::printShapeList($_printer, $_self)";
}

/// A bracketed list of f32s (held as APFloats): `[0.5, 2.0e-03]`.
def SeamDesc_F32List : OptionalArrayRefParameter<"::llvm::APFloat"> {
  let parser = "::seam::desc::parseF32List($_parser)";
  let printer = "::seam::desc::printF32List($_printer, $_self)";
  let comparator = "::seam::desc::bitwiseEqual($_lhs, $_rhs)";
}

#endif // SEAM_BACKEND_REGIONDESCRIPTION_TD
