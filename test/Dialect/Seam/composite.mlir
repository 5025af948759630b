// RUN: seam-opt %s -split-input-file | seam-opt | FileCheck %s

// CHECK-LABEL: func @composite_conv_relu
// CHECK: seam.composite "dnnl.conv2d_relu"(%{{.*}}, %{{.*}}) : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
// CHECK: ^bb0(%[[A:.*]]: tensor<1x3x8x8xf32>, %[[B:.*]]: tensor<8x3x3x3xf32>):
// CHECK:   %[[C:.*]] = seam.conv %[[A]], %[[B]]
// CHECK:   %[[R:.*]] = seam.relu %[[C]]
// CHECK:   seam.yield %[[R]] : tensor<1x8x6x6xf32>
func.func @composite_conv_relu(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %r = seam.composite "dnnl.conv2d_relu" (%x, %w) : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  ^bb0(%a: tensor<1x3x8x8xf32>, %b: tensor<8x3x3x3xf32>):
    %0 = seam.conv %a, %b : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
    %1 = seam.relu %0 : tensor<1x8x6x6xf32>
    seam.yield %1 : tensor<1x8x6x6xf32>
  }
  return %r : tensor<1x8x6x6xf32>
}
