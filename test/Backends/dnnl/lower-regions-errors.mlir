// RUN: seam-opt %s --seam-lower-backend-regions -split-input-file -verify-diagnostics
// REQUIRES: seam-dnnl-backend

// A dnnl region holding an op the runtime has no primitive for.
func.func private @dnnl_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "dnnl"} {
  // expected-error @below {{dnnl region: no oneDNN primitive computes seam.erf}}
  %r = seam.erf %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
