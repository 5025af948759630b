//===- DnnlAttrs.td - The seam_dnnl dialect: region descriptions -*- tablegen -*-===//
//
// The typed description of a region the oneDNN backend runs, as
// seam.kernel_call carries it. Op kinds and algorithms are the runtime's own
// enums (runtime/RegionDesc.h), read and written by their keywords.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_DNNL_ATTRS_TD
#define SEAM_DNNL_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "seam/SeamInterfaces.td"
include "seam/Backend/RegionDescription.td"

def SeamDnnl_Dialect : Dialect {
  let name = "seam_dnnl";
  let cppNamespace = "::seam::dnnl";
  let summary = "Region descriptions of Seam's oneDNN backend";
  let description = [{
    Attributes only: `#seam_dnnl.region` describes one region offloaded to
    oneDNN (values and their shapes, inputs, weights, outputs, ops with
    their fused post-ops) for the backend's runtime, which receives it
    serialized as a versioned blob.
  }];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

def SeamDnnl_OpKind : AttrParameter<"::seam::dnnl_region::OpKind", "op kind"> {
  let parser = "::seam::dnnl::parseOpKind($_parser)";
  let printer = "$_printer << ::seam::dnnl_region::getOpKeyword($_self)";
}

/// What a post-op is: an elementwise function (`eltwise`), a sum (`sum`) or
/// a binary function with a second operand (`binary`).
def SeamDnnl_PostOpKind
    : AttrParameter<"::seam::dnnl_region::PostOp::Kind", "post-op kind"> {
  let parser = "::seam::dnnl::parsePostOpKind($_parser)";
  let printer = "$_printer << ::seam::dnnl::getPostOpKeyword($_self)";
}

/// Value element types by the runtime's keywords (`f32`, `s8`, `u8`,
/// `s32`): not MLIR types, which the compiled path makes signless.
def SeamDnnl_DataTypeList
    : OptionalArrayRefParameter<"::seam::dnnl_region::DataType"> {
  let parser = "::seam::dnnl::parseDataTypeList($_parser)";
  let printer = "::seam::dnnl::printDataTypeList($_printer, $_self)";
}

def SeamDnnl_Algorithm
    : DefaultValuedParameter<"::seam::dnnl_region::Algorithm",
                             "::seam::dnnl_region::Algorithm::None"> {
  let parser = "::seam::dnnl::parseAlgorithm($_parser)";
  let printer = "$_printer << ::seam::dnnl_region::getAlgorithmKeyword($_self)";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class SeamDnnl_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<SeamDnnl_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def SeamDnnl_PostOpAttr : SeamDnnl_Attr<"PostOp", "post_op"> {
  let summary = "a post-op fused into a oneDNN primitive";
  let description = [{
    `eltwise`: an elementwise function of the result (`alg`, with `alpha`
    and `beta` as oneDNN defines them); `sum`: adds the region value
    `value` into the result in place; `binary`: the binary function `alg`
    (add, sub, mul, div, max, min) of the result and the region value
    `value`, which broadcasts into the result (an attention score's scale
    and additive mask).

    ```mlir
    #seam_dnnl.post_op<eltwise, alg = clip, beta = 6.0>
    #seam_dnnl.post_op<sum, value = 1>
    #seam_dnnl.post_op<binary, alg = add, value = 4>
    ```
  }];
  let parameters = (ins
    SeamDnnl_PostOpKind:$kind,
    SeamDnnl_Algorithm:$alg,
    SeamDesc_F32<"0.0f">:$alpha,
    SeamDesc_F32<"0.0f">:$beta,
    DefaultValuedParameter<"int64_t", "-1">:$value
  );
  let assemblyFormat = [{
    `<` $kind `,` struct($alg, $alpha, $beta, $value) `>`
  }];
  let genVerifyDecl = 1;
}

def SeamDnnl_OpAttr : SeamDnnl_Attr<"Op", "op"> {
  let summary = "one oneDNN primitive of a region";
  let description = [{
    An op of kind `conv`, `matmul`, `pool`, `softmax`, `eltwise`, `binary`,
    `batchnorm`, `concat`, `reshape`, `transpose`, `slice`, `reduce`,
    `deconv` (a transposed convolution: ONNX ConvTranspose weights, the end
    pads less output_padding, so possibly negative), `layernorm` (its `bias`
    is the shift) or `resample`
    computing the region value `dst` from the values `srcs`; the other
    parameters are the kind's attributes in oneDNN's terms (ONNX `pads`:
    all begins then all ends; `dilations`: 1 is none) and are omitted when
    they have their default. An int8 `conv` or `matmul` (its source and
    weights of type i8 or ui8) multiplies its int32 accumulator (plus its
    int32 bias) by `scales` (one, or one per output channel or column;
    none is 1), rounds it, adds `dst_zero_point` and saturates to the dst's
    type; `src_zero_point` and `weight_zero_point` are subtracted from its
    operands first.

    ```mlir
    #seam_dnnl.op<conv, dst = 4, srcs = [0, 2], bias = 3, strides = [1, 1],
                  pads = [1, 1, 1, 1], dilations = [1, 1],
                  post_ops = [#seam_dnnl.post_op<eltwise, alg = relu>]>
    ```
  }];
  let parameters = (ins
    SeamDnnl_OpKind:$kind,
    "int64_t":$dst,
    SeamDesc_IntList:$srcs,
    DefaultValuedParameter<"int64_t", "-1">:$bias,
    SeamDesc_IntList:$kernel,
    SeamDesc_IntList:$strides,
    SeamDesc_IntList:$pads,
    SeamDesc_IntList:$dilations,
    SeamDesc_IntList:$perm,
    SeamDesc_IntList:$offsets,
    DefaultValuedParameter<"int64_t", "1">:$group,
    DefaultValuedParameter<"int64_t", "0">:$axis,
    SeamDesc_Bool:$trans_a,
    SeamDesc_Bool:$trans_b,
    SeamDesc_F32<"1.0f">:$alpha,
    SeamDesc_F32<"1.0f">:$beta,
    SeamDesc_F32<"1e-5f">:$epsilon,
    SeamDnnl_Algorithm:$alg,
    SeamDesc_AttrList<"PostOpAttr">:$post_ops,
    SeamDesc_F32List:$scales,
    DefaultValuedParameter<"int64_t", "0">:$src_zero_point,
    DefaultValuedParameter<"int64_t", "0">:$weight_zero_point,
    DefaultValuedParameter<"int64_t", "0">:$dst_zero_point
  );
  let assemblyFormat = [{
    `<` $kind `,` struct($dst, $srcs, $bias, $kernel, $strides, $pads,
        $dilations, $perm, $offsets, $group, $axis, $trans_a, $trans_b,
        $alpha, $beta, $epsilon, $alg, $post_ops, $scales, $src_zero_point,
        $weight_zero_point, $dst_zero_point) `>`
  }];
  let genVerifyDecl = 1;
}

def SeamDnnl_RegionAttr : SeamDnnl_Attr<"Region", "region",
    [DeclareAttrInterfaceMethods<Seam_KernelDescriptionAttrInterface>]> {
  let summary = "a region the oneDNN backend runs";
  let description = [{
    The values of the region, numbered from 0 by their position in
    `values` (each value's dims; `[]` is a 0-d value) and `types` (each
    value's element type, `f32`, `s8`, `u8` or `s32`; omitted when all are
    `f32`), which of them are
    the region's `inputs` (the run's input buffers, in order), `weights`
    (constants given once, when the session is created) and `outputs`, and
    the `ops` in the order they run. Verified: every value number is in
    range and defined (as an input, a weight or an op's `dst`) before it is
    used, each op has the sources and attributes its kind needs.

    ```mlir
    #seam_dnnl.region<name = "dnnl_0",
      values = [[1, 4, 8, 8], [4, 4, 3, 3], [1, 4, 8, 8]],
      inputs = [0], weights = [1], outputs = [2],
      ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1, 1],
                           pads = [1, 1, 1, 1], dilations = [1, 1]>]>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the region's name">:$name,
    SeamDesc_ShapeList:$values,
    SeamDnnl_DataTypeList:$types,
    SeamDesc_IntList:$inputs,
    SeamDesc_IntList:$weights,
    SeamDesc_IntList:$outputs,
    SeamDesc_AttrList<"OpAttr">:$ops
  );
  let assemblyFormat = [{
    `<` struct($name, $values, $types, $inputs, $weights, $outputs, $ops) `>`
  }];
  let genVerifyDecl = 1;
}

#endif // SEAM_DNNL_ATTRS_TD
