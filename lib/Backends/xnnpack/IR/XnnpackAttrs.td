//===- XnnpackAttrs.td - The seam_xnnpack dialect: region descriptions -*- tablegen -*-===//
//
// The typed description of a region the XNNPACK backend runs, as
// seam.kernel_call carries it. Op kinds are the runtime's own enum
// (runtime/RegionDesc.h), read and written by their keywords.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_XNNPACK_ATTRS_TD
#define SEAM_XNNPACK_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "seam/SeamInterfaces.td"
include "seam/Backend/RegionDescription.td"

def SeamXnnpack_Dialect : Dialect {
  let name = "seam_xnnpack";
  let cppNamespace = "::seam::xnnpack";
  let summary = "Region descriptions of Seam's XNNPACK backend";
  let description = [{
    Attributes only: `#seam_xnnpack.region` describes one region offloaded
    to XNNPACK (values and their shapes in ONNX terms, inputs, weights,
    outputs, ops with their fused output clamp) for the backend's runtime,
    which receives it serialized as a versioned blob and builds one XNNPACK
    subgraph of it.
  }];
  let useDefaultAttributePrinterParser = 1;
}

def SeamXnnpack_OpKind
    : AttrParameter<"::seam::xnnpack_region::OpKind", "op kind"> {
  let parser = "::seam::xnnpack::parseOpKind($_parser)";
  let printer = "$_printer << ::seam::xnnpack_region::getOpKeyword($_self)";
}

class SeamXnnpack_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<SeamXnnpack_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def SeamXnnpack_OpAttr : SeamXnnpack_Attr<"Op", "op"> {
  let summary = "one XNNPACK node of a region";
  let description = [{
    An op of kind `conv2d`, `fully_connected`, `max_pool2d`, `avg_pool2d`,
    `global_avg_pool2d`, `add`, `multiply`, `subtract`, `divide`, `clamp`,
    `hardswish`, `sigmoid`, `leaky_relu`, `softmax`, `constant_pad`,
    `concat`, `reshape`, `transpose` (by `perm`) or `slice` (from `starts`
    by `steps`, the dst's dims giving the counts) computing the region value `dst` from the values
    `srcs`, then clamping it to [`output_min`, `output_max`] (a fused ReLU
    or Clip; unbounded when omitted). Spatial attributes are for (H, W);
    `pads` are ONNX's, begins then ends. Parameters with their default are
    omitted. runtime/RegionDesc.h defines each kind's operands.

    ```mlir
    #seam_xnnpack.op<conv2d, dst = 4, srcs = [0, 2], bias = 3,
                     kernel = [3, 3], pads = [1, 1, 1, 1], output_min = 0.0>
    ```
  }];
  let parameters = (ins
    SeamXnnpack_OpKind:$kind,
    "int64_t":$dst,
    SeamDesc_IntList:$srcs,
    DefaultValuedParameter<"int64_t", "-1">:$bias,
    SeamDesc_IntList:$kernel,
    SeamDesc_IntList:$strides,
    SeamDesc_IntList:$pads,
    SeamDesc_IntList:$dilations,
    DefaultValuedParameter<"int64_t", "1">:$group,
    DefaultValuedParameter<"int64_t", "0">:$axis,
    SeamDesc_Bool:$trans_b,
    SeamDesc_Bool:$count_include_pad,
    SeamDesc_F32<"-std::numeric_limits<float>::infinity()">:$output_min,
    SeamDesc_F32<"std::numeric_limits<float>::infinity()">:$output_max,
    SeamDesc_F32<"0.01f">:$alpha,
    SeamDesc_F32<"0.0f">:$pad_value,
    SeamDesc_IntList:$perm,
    SeamDesc_IntList:$starts,
    SeamDesc_IntList:$steps
  );
  let assemblyFormat = [{
    `<` $kind `,` struct($dst, $srcs, $bias, $kernel, $strides, $pads,
        $dilations, $group, $axis, $trans_b, $count_include_pad, $output_min,
        $output_max, $alpha, $pad_value, $perm, $starts, $steps) `>`
  }];
  let genVerifyDecl = 1;
}

def SeamXnnpack_RegionAttr : SeamXnnpack_Attr<"Region", "region",
    [DeclareAttrInterfaceMethods<Seam_KernelDescriptionAttrInterface>]> {
  let summary = "a region the XNNPACK backend runs";
  let description = [{
    The values of the region, numbered from 0 by their position in
    `values` (each value's dims, every dim at least 1, rank at most 6),
    which of them are the region's `inputs` (the run's input buffers, in
    order), `weights` (constants given once, when the session is created)
    and `outputs`, and the `ops` in the order they run. Verified: every
    value number is in range and defined (as an input, a weight or an op's
    `dst`) before it is used, each op has the sources and attributes its
    kind needs. The runtime checks the shapes each op computes.

    ```mlir
    #seam_xnnpack.region<name = "xnnpack_0",
      values = [[1, 4, 8, 8], [4, 4, 3, 3], [1, 4, 8, 8]],
      inputs = [0], weights = [1], outputs = [2],
      ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1],
                              kernel = [3, 3], pads = [1, 1, 1, 1]>]>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the region's name">:$name,
    SeamDesc_ShapeList:$values,
    SeamDesc_IntList:$inputs,
    SeamDesc_IntList:$weights,
    SeamDesc_IntList:$outputs,
    SeamDesc_AttrList<"OpAttr">:$ops
  );
  let assemblyFormat = [{
    `<` struct($name, $values, $inputs, $weights, $outputs, $ops) `>`
  }];
  let genVerifyDecl = 1;
}

#endif // SEAM_XNNPACK_ATTRS_TD
