// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-merge-composite="backends=test,nosuch" --verify-diagnostics
// RUN: seam-opt %s --seam-annotate-target="backends=nosuch" --verify-diagnostics
// RUN: seam-opt %s --seam-partition="backends=nosuch" --verify-diagnostics

// An unknown backend name is an error that names it and the known backends.
// expected-error @below {{unknown backend 'nosuch' (known: test, testblas}}
module {
  func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
    %r = seam.relu %x : tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
