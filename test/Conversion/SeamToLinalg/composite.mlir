// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// The composite's body is inlined in its place and lowered like any other
// ops; its block arguments become the composite's operands.
// CHECK-LABEL: func @composite_inlined
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>)
// CHECK-NOT: seam.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X]], %[[W]] : tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<1x8x6x6xf32>)
// CHECK: arith.maximumf
// CHECK: return %[[R]]
func.func @composite_inlined(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %r = seam.composite "dnnl.conv2d_relu" (%x, %w) : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  ^bb0(%a: tensor<1x3x8x8xf32>, %b: tensor<8x3x3x3xf32>):
    %0 = seam.conv %a, %b : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
    %1 = seam.relu %0 : tensor<1x8x6x6xf32>
    seam.yield %1 : tensor<1x8x6x6xf32>
  }
  return %r : tensor<1x8x6x6xf32>
}

// -----

// A yielded block argument stands for the composite's operand.
// CHECK-LABEL: func @composite_yields_argument
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>)
// CHECK: return %[[X]], %[[R]] : tensor<4xf32>, tensor<4xf32>
func.func @composite_yields_argument(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = seam.composite "dnnl.identity" (%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %0 = seam.relu %a : tensor<4xf32>
    seam.yield %a, %0 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Composites in an outlined region function are inlined too; constants and
// non-seam ops stay as they are.
// CHECK-LABEL: func private @dnnl_0
// CHECK-SAME: attributes {seam.backend = "dnnl"}
// CHECK: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[CST]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.addf
// CHECK-LABEL: func @main
// CHECK: call @dnnl_0
func.func private @dnnl_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "dnnl"} {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %r = seam.composite "dnnl.add" (%x, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %0 = seam.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    seam.yield %0 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @dnnl_0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
