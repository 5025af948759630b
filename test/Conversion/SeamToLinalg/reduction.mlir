// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<1x10xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x10xf32>
// CHECK: %[[R:.*]] = linalg.softmax dimension(1) ins(%[[X]] : tensor<1x10xf32>) outs(%[[E]] : tensor<1x10xf32>)
// CHECK: return %[[R]]
func.func @softmax(%x: tensor<1x10xf32>) -> tensor<1x10xf32> {
  %y = seam.softmax %x {axis = 1 : i64} : tensor<1x10xf32>
  return %y : tensor<1x10xf32>
}
