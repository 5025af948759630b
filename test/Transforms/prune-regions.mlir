// RUN: seam-opt %s -split-input-file --seam-prune-regions | FileCheck %s

// A region without conv, matmul or gemm goes back to the compiler: its ops
// lose backend and region, and say why; its composites are unwrapped. A
// region with a conv (inside a composite) stays.
// CHECK-LABEL: func @prune_light_region
// CHECK: %[[P:.*]] = seam.max_pool %arg0 {kernel_shape = array<i64: 2, 2>, seam.reason = "pruned: its test region has no conv, matmul or gemm (was in test.max_pool)", strides = array<i64: 2, 2>}
// CHECK: %[[R:.*]] = seam.relu %[[P]] {seam.reason = "pruned: its test region has no conv, matmul or gemm"}
// CHECK: seam.softmax %[[R]]
// CHECK: seam.composite "test.conv2d"{{.*}} {seam.backend = "test", seam.region = 1 : i64}
// CHECK: seam.relu %{{.*}} {seam.backend = "test", seam.region = 1 : i64}
func.func @prune_light_region(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %p = seam.composite "test.max_pool" (%x) {seam.backend = "test", seam.region = 0 : i64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>):
    %0 = seam.max_pool %a {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    seam.yield %0 : tensor<1x2x2x2xf32>
  }
  %r = seam.relu %p {seam.backend = "test", seam.region = 0 : i64} : tensor<1x2x2x2xf32>
  %s = seam.softmax %r {seam.reason = "test: seam.softmax is not supported"} : tensor<1x2x2x2xf32>
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c = seam.composite "test.conv2d" (%s, %w) {seam.backend = "test", seam.region = 1 : i64} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x2x2xf32>, %k: tensor<2x2x1x1xf32>):
    %0 = seam.conv %a, %k : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
    seam.yield %0 : tensor<1x2x2x2xf32>
  }
  %t = seam.relu %c {seam.backend = "test", seam.region = 1 : i64} : tensor<1x2x2x2xf32>
  return %t : tensor<1x2x2x2xf32>
}

// -----

// Single gemm or matmul ops count as heavy compute too.
// CHECK-LABEL: func @single_heavy_ops
// CHECK: seam.matmul {{.*}}{seam.backend = "testblas", seam.region = 0 : i64}
// CHECK: seam.gemm {{.*}}{seam.backend = "testblas", seam.region = 1 : i64}
func.func @single_heavy_ops(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %m = seam.matmul %a, %b {seam.backend = "testblas", seam.region = 0 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %g = seam.gemm %a, %b {seam.backend = "testblas", seam.region = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %m, %g : tensor<2x4xf32>, tensor<2x4xf32>
}
