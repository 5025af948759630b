// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-merge-composite="backends=test,testblas,test" --verify-diagnostics
// RUN: seam-opt %s --seam-annotate-target="backends=test,test" --verify-diagnostics

// expected-error @below {{backend 'test' is listed twice}}
module {
  func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
    %r = seam.relu %x : tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
