// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s
// RUN: seam-opt %s -split-input-file --mlir-print-op-generic | seam-opt -split-input-file | FileCheck %s
// REQUIRES: seam-dnnl-backend

// seam.kernel_call round-trips in its tensor form (one result per 'outs'
// operand) and its buffer form (no result), with and without the optional
// 'ins' and 'weights' lists. The description is the dnnl backend's
// #seam_dnnl.region (its own round-trip is in test/Backends/dnnl).

// CHECK-LABEL: func.func @tensor_form
// CHECK-SAME: (%[[X:.*]]: tensor<2x8xf32>, %[[W:.*]]: tensor<8x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[R:.*]] = seam.kernel_call "dnnl" "dnnl_0"
// CHECK-SAME: ins(%[[X]] : tensor<2x8xf32>)
// CHECK-SAME: weights(%[[W]] : tensor<8x4xf32>)
// CHECK-SAME: outs(%[[E]] : tensor<2x4xf32>)
// CHECK-SAME: description(#seam_dnnl.region<name = "dnnl_0", values = {{\[}}[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
// CHECK-SAME: -> tensor<2x4xf32>
// CHECK: return %[[R]]
func.func @tensor_form(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>)
      weights(%w : tensor<8x4xf32>) outs(%e : tensor<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0",
        values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1],
        outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
      -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Two results, one per 'outs' operand, in order; no weights.
// CHECK-LABEL: func.func @tensor_form_two_results
// CHECK-SAME: (%[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK-DAG: %[[E0:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK: %[[R:.*]]:2 = seam.kernel_call "dnnl" "dnnl_1"
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<3x4xf32>, tensor<3x4xf32>)
// CHECK-NOT: weights(
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<3x4xf32>)
// CHECK-SAME: -> tensor<3x4xf32>, tensor<3x4xf32>{{$}}
// CHECK: return %[[R]]#1, %[[R]]#0
func.func @tensor_form_two_results(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %e0 = tensor.empty() : tensor<3x4xf32>
  %e1 = tensor.empty() : tensor<3x4xf32>
  %r:2 = seam.kernel_call "dnnl" "dnnl_1" ins(%a, %b : tensor<3x4xf32>, tensor<3x4xf32>)
      outs(%e0, %e1 : tensor<3x4xf32>, tensor<3x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_1",
        values = [[3, 4], [3, 4], [3, 4], [3, 4]], inputs = [0, 1], outputs = [2, 3],
        ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>,
               #seam_dnnl.op<eltwise, dst = 3, srcs = [2], alg = relu>]>)
      -> tensor<3x4xf32>, tensor<3x4xf32>
  return %r#1, %r#0 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// The buffer form: memref operands, no result. A 0-d weight is a value
// with no dims ([]).
// CHECK-LABEL: func.func @buffer_form
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[EPS:.*]]: memref<f32>, %[[OUT:.*]]: memref<2x3xf32>)
// CHECK-NEXT: seam.kernel_call "dnnl" "dnnl_2"
// CHECK-SAME: ins(%[[X]] : memref<2x3xf32>)
// CHECK-SAME: weights(%[[EPS]] : memref<f32>)
// CHECK-SAME: outs(%[[OUT]] : memref<2x3xf32>)
// CHECK-SAME: values = {{\[}}[2, 3], [], [2, 3]]
// CHECK-SAME: ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>]>)
// CHECK-NOT: ->
// CHECK-NEXT: return
func.func @buffer_form(%x: memref<2x3xf32>, %eps: memref<f32>, %out: memref<2x3xf32>) {
  seam.kernel_call "dnnl" "dnnl_2" ins(%x : memref<2x3xf32>)
      weights(%eps : memref<f32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_2", values = [[2, 3], [], [2, 3]],
        inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>]>)
  return
}

// -----

// A region without inputs: only weights (the 'ins' list is omitted).
// CHECK-LABEL: func.func @buffer_form_no_inputs
// CHECK: seam.kernel_call "dnnl" "dnnl_3" weights(%{{.*}} : memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
func.func @buffer_form_no_inputs(%w: memref<4xf32>, %out: memref<4xf32>) {
  seam.kernel_call "dnnl" "dnnl_3" weights(%w : memref<4xf32>) outs(%out : memref<4xf32>)
      description(#seam_dnnl.region<name = "dnnl_3", values = [[4], [4]],
        weights = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = exp>]>)
  return
}
