// RUN: seam-opt %s --pass-pipeline='builtin.module(func.func(seam-decompose-aggregates))' | FileCheck %s

// linalg.softmax becomes max-reduce, sub + exp, sum-reduce and a division.
// CHECK-LABEL: func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: linalg.generic
// CHECK: arith.maxnumf
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: arith.divf
func.func @softmax(%x: tensor<2x16xf32>) -> tensor<2x16xf32> {
  %e = tensor.empty() : tensor<2x16xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x16xf32>) outs(%e : tensor<2x16xf32>) -> tensor<2x16xf32>
  return %s : tensor<2x16xf32>
}
