//===- SeamInterfaces.td - Interfaces of the seam dialect --*- tablegen -*-===//
//
// The interface a backend's typed region description implements so that the
// shared kernel-call lowering can verify and serialize it without knowing the
// backend.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_INTERFACES_TD
#define SEAM_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Seam_KernelDescriptionAttrInterface
    : AttrInterface<"KernelDescriptionAttrInterface"> {
  let cppNamespace = "::seam";
  let description = [{
    The typed description of an offloaded region, carried by
    `seam.kernel_call` (e.g. `#seam_dnnl.region<...>`). The kernel runtime
    receives it once, when the session is created, as the bytes `serialize`
    returns (a versioned blob the runtime checks before it reads it).
  }];
  let methods = [
    InterfaceMethod<[{
        Checks the description against a call: the region it names and the
        types of its inputs, weights and outputs (their number and shapes);
        reports the first mismatch through `emitError`.
      }], "::mlir::LogicalResult", "verifyKernelCall",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::llvm::StringRef":$region, "::mlir::TypeRange":$inputs, "::mlir::TypeRange":$weights,
           "::mlir::TypeRange":$outputs)>,
    InterfaceMethod<[{
        The bytes the backend's runtime builds the region from.
      }], "std::vector<uint8_t>", "serialize", (ins)>,
  ];
}

#endif // SEAM_INTERFACES_TD
