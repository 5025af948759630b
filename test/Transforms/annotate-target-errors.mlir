// REQUIRES: seam-test-backend
// RUN: seam-opt %s -split-input-file --seam-annotate-target="backends=test" --verify-diagnostics

// A composite must name a registered backend.
func.func @unknown_composite_backend(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{composite 'nosuch.relu' names unknown backend 'nosuch' (known: test, testblas}}
  %r = seam.composite "nosuch.relu" (%x) : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    %0 = seam.relu %a : tensor<2xf32>
    seam.yield %0 : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
