// RUN: seam-opt %s --seam-lower-backend-regions -split-input-file -verify-diagnostics | FileCheck %s
// REQUIRES: seam-test-backend

// seam-lower-backend-regions leaves the regions of a backend without a
// runtime (the test backends) to the compiled path: nothing changes.

// CHECK-LABEL: func.func @main
// CHECK: call @test_0
// CHECK-LABEL: func.func private @test_0
// CHECK-SAME: seam.backend = "test"
// CHECK: seam.composite "test.conv2d_relu"
// CHECK-NOT: @seam_init
func.func @main(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %0 = call @test_0(%x) : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
func.func private @test_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> attributes {seam.backend = "test", seam.composites = ["test.conv2d_relu"]} {
  %w = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  %0 = seam.composite "test.conv2d_relu"(%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %b: tensor<2x2x3x3xf32>):
    %1 = seam.conv %a, %b : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
    %2 = seam.relu %1 : tensor<1x2x2x2xf32>
    seam.yield %2 : tensor<1x2x2x2xf32>
  }
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// expected-error @below {{region of unknown backend 'nosuch' (known: test, testblas}}
func.func private @nosuch_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "nosuch"} {
  %r = seam.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
