// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func @flatten
// CHECK-SAME: (%[[X:.*]]: tensor<1x32x1x1xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1, 2, 3]] : tensor<1x32x1x1xf32> into tensor<1x32xf32>
// CHECK: return %[[R]]
func.func @flatten(%x: tensor<1x32x1x1xf32>) -> tensor<1x32xf32> {
  %y = seam.flatten %x : (tensor<1x32x1x1xf32>) -> tensor<1x32xf32>
  return %y : tensor<1x32xf32>
}
