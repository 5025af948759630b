// REQUIRES: seam-test-backend
// RUN: seam-opt %s -split-input-file --seam-annotate-target="backends=test" | FileCheck %s
// RUN: seam-opt %s -split-input-file --seam-annotate-target="backends=testblas,test" | FileCheck %s --check-prefix=BOTH
// RUN: seam-opt %s -split-input-file --seam-annotate-target="backends=none" | FileCheck %s --check-prefix=NONE

// A composite goes to its backend; relu and a same-shape add have single-op
// support in test; softmax and a broadcasting add stay with the compiler,
// with the reason.
// CHECK-LABEL: func @mixed
// CHECK: seam.composite "test.conv2d"{{.*}} {seam.backend = "test"}
// The ops inside a composite are the composite's business.
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.conv %{{[a-z0-9]*}}, %{{[a-z0-9]*}} : (
// CHECK: seam.relu %{{.*}} {seam.backend = "test"}
// CHECK: seam.add %{{.*}} {seam.backend = "test"}
// CHECK: seam.add %{{.*}} {seam.reason = "test: seam.add broadcasts its operands"}
// CHECK: seam.softmax %{{.*}} {axis = 1 : i64, seam.reason = "test: seam.softmax is not supported"}

// BOTH-LABEL: func @mixed
// BOTH: seam.relu %{{.*}} {seam.backend = "test"}
// BOTH: seam.softmax %{{.*}} {axis = 1 : i64, seam.reason = "testblas: seam.softmax is not supported outside a pattern; test: seam.softmax is not supported"}

// NONE-LABEL: func @mixed
// NONE: seam.composite "test.conv2d"{{.*}} {seam.backend = "test"}
// NONE: seam.relu %{{.*}} {seam.reason = "no backend selected"}
func.func @mixed(%x: tensor<1x2x4x4xf32>, %b: tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c = seam.composite "test.conv2d" (%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %k: tensor<2x2x1x1xf32>):
    %0 = seam.conv %a, %k : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
    seam.yield %0 : tensor<1x2x4x4xf32>
  }
  %r = seam.relu %c : tensor<1x2x4x4xf32>
  %s = seam.add %r, %x : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %t = seam.add %s, %b : (tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %m = seam.softmax %t {axis = 1 : i64} : tensor<1x2x4x4xf32>
  return %m : tensor<1x2x4x4xf32>
}

// -----

// A pattern's refusal recorded by merge-composite is kept, and each backend's
// single-op refusal joins it.
// CHECK-LABEL: func @refused_conv
// CHECK: seam.conv %arg0, %arg1 {seam.reason = "test.conv2d: the weight (operand #1) of seam.conv is not a constant; test: seam.conv is not supported"}
func.func @refused_conv(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %c = seam.conv %x, %w {seam.reason = "test.conv2d: the weight (operand #1) of seam.conv is not a constant"} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %c : tensor<1x2x4x4xf32>
}

// -----

// Functions already outlined for a backend are left alone.
// CHECK-LABEL: func private @test_0
// CHECK: seam.softmax %arg0 : tensor<2x3xf32>
func.func private @test_0(%x: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {seam.backend = "test"} {
  %s = seam.softmax %x : tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
