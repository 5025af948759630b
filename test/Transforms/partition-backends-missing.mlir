// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-merge-composite --verify-diagnostics
// RUN: seam-opt %s --seam-annotate-target --verify-diagnostics
// RUN: seam-opt %s --seam-partition --verify-diagnostics

// Without `backends=` the passes do not guess: backends=none is explicit.
// expected-error @below {{no backends given: pass backends=<names> in priority order, or backends=none (known: test, testblas}}
module {
  func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
    %r = seam.relu %x : tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
