// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s

// Round trip of seam.top_k, seam.one_hot, seam.gather_nd,
// seam.scatter_elements and seam.scatter_nd; their result types are
// inferred and checked by the verifier.

// CHECK-LABEL: func @top_k(
// CHECK: %values, %indices = seam.top_k %{{.*}} {axis = 1 : i64, k = 2 : i64} : (tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
// CHECK: seam.top_k %{{.*}} {k = 3 : i64, largest = false} : (tensor<2x5xi32>) -> (tensor<2x3xi32>, tensor<2x3xi64>)
func.func @top_k(%x: tensor<3x4xf32>, %y: tensor<2x5xi32>) -> (tensor<3x2xf32>, tensor<3x2xi64>, tensor<2x3xi32>) {
  %v, %i = seam.top_k %x {k = 2 : i64, axis = 1 : i64} : (tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  %w, %j = seam.top_k %y {k = 3 : i64, largest = false} : (tensor<2x5xi32>) -> (tensor<2x3xi32>, tensor<2x3xi64>)
  return %v, %i, %w : tensor<3x2xf32>, tensor<3x2xi64>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func @one_hot(
// CHECK: seam.one_hot %{{.*}}, %{{.*}} {depth = 5 : i64} : (tensor<2x3xi64>, tensor<2xf32>) -> tensor<2x3x5xf32>
// CHECK: seam.one_hot %{{.*}}, %{{.*}} {axis = -3 : i64, depth = 4 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2x3xi64>
// CHECK: seam.one_hot %{{.*}}, %{{.*}} {axis = 1 : i64, depth = 4 : i64} : (tensor<2x3xi32>, tensor<2xi1>) -> tensor<2x4x3xi1>
func.func @one_hot(%i: tensor<2x3xi64>, %f: tensor<2x3xf32>, %n: tensor<2x3xi32>, %v: tensor<2xf32>, %w: tensor<2xi64>, %b: tensor<2xi1>) -> (tensor<2x3x5xf32>, tensor<4x2x3xi64>, tensor<2x4x3xi1>) {
  %0 = seam.one_hot %i, %v {depth = 5 : i64} : (tensor<2x3xi64>, tensor<2xf32>) -> tensor<2x3x5xf32>
  %1 = seam.one_hot %f, %w {depth = 4 : i64, axis = -3 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2x3xi64>
  %2 = seam.one_hot %n, %b {depth = 4 : i64, axis = 1 : i64} : (tensor<2x3xi32>, tensor<2xi1>) -> tensor<2x4x3xi1>
  return %0, %1, %2 : tensor<2x3x5xf32>, tensor<4x2x3xi64>, tensor<2x4x3xi1>
}

// -----

// CHECK-LABEL: func @gather_nd(
// CHECK: seam.gather_nd %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
// CHECK: seam.gather_nd %{{.*}}, %{{.*}} {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
func.func @gather_nd(%d: tensor<2x3x4xf32>, %i: tensor<5x2xi64>, %j: tensor<2x1xi32>) -> (tensor<5x4xf32>, tensor<2x4xf32>) {
  %0 = seam.gather_nd %d, %i : (tensor<2x3x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
  %1 = seam.gather_nd %d, %j {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<5x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @scatter(
// CHECK: seam.scatter_elements %{{.*}}, %{{.*}}, %{{.*}} {axis = 1 : i64, reduction = #seam<scatter_reduction add>} : (tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x4xf32>
// CHECK: seam.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} : (tensor<3x4xi1>, tensor<2x1xi64>, tensor<2x4xi1>) -> tensor<3x4xi1>
// CHECK: seam.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} {reduction = #seam<scatter_reduction mul>} : (tensor<3x4xi64>, tensor<2x2xi32>, tensor<2xi64>) -> tensor<3x4xi64>
func.func @scatter(%d: tensor<3x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>, %b: tensor<3x4xi1>, %bi: tensor<2x1xi64>, %bu: tensor<2x4xi1>, %n: tensor<3x4xi64>, %ni: tensor<2x2xi32>, %nu: tensor<2xi64>) -> (tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi64>) {
  %0 = seam.scatter_elements %d, %i, %u {axis = 1 : i64, reduction = #seam<scatter_reduction add>} : (tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x4xf32>
  %1 = seam.scatter_nd %b, %bi, %bu : (tensor<3x4xi1>, tensor<2x1xi64>, tensor<2x4xi1>) -> tensor<3x4xi1>
  %2 = seam.scatter_nd %n, %ni, %nu {reduction = #seam<scatter_reduction mul>} : (tensor<3x4xi64>, tensor<2x2xi32>, tensor<2xi64>) -> tensor<3x4xi64>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi64>
}
