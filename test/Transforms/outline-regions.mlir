// RUN: seam-opt %s -split-input-file --seam-outline-regions | FileCheck %s

// A region becomes a private function of its backend, called where the region
// was. Its weights move into the function; a constant the rest of @main still
// uses is cloned and stays.
// CHECK-LABEL: func @main
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK: %[[SHARED:.*]] = arith.constant dense<2.000000e+00> : tensor<1x2x4x4xf32>
// CHECK-NOT: arith.constant
// CHECK: %[[R:.*]] = call @test_0(%[[X]]) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[S:.*]] = seam.add %[[R]], %[[SHARED]]
// CHECK: return %[[S]]
// CHECK: func private @test_0(%[[A:.*]]: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.conv2d_sum"]}
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.000000e+00> : tensor<2x2x1x1xf32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<1x2x4x4xf32>
// CHECK: %[[OUT:.*]] = seam.composite "test.conv2d_sum"(%[[A]], %[[W]], %[[C]]) : (
// CHECK-NOT: seam.region
// CHECK: %[[RELU:.*]] = seam.relu %[[OUT]] : tensor<1x2x4x4xf32>
// CHECK: return %[[RELU]]
func.func @main(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %shared = arith.constant dense<2.0> : tensor<1x2x4x4xf32>
  %c = seam.composite "test.conv2d_sum" (%x, %w, %shared) {seam.backend = "test", seam.region = 0 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %k: tensor<2x2x1x1xf32>, %r: tensor<1x2x4x4xf32>):
    %0 = seam.conv %a, %k : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
    %1 = seam.add %0, %r : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    seam.yield %1 : tensor<1x2x4x4xf32>
  }
  %r = seam.relu %c {seam.backend = "test", seam.region = 0 : i64} : tensor<1x2x4x4xf32>
  %s = seam.add %r, %shared : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %s : tensor<1x2x4x4xf32>
}

// -----

// A region with two outputs returns both. The compiler's softmax stood between
// the region's ops and uses its first output: it moves after the call.
// CHECK-LABEL: func @multi_output
// CHECK: %[[R:.*]]:2 = call @test_0(%arg0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: %[[S:.*]] = seam.softmax %[[R]]#0
// CHECK: seam.concat %[[R]]#1, %[[S]]
// CHECK: func private @test_0(%[[A:.*]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = []}
// CHECK: %[[P:.*]] = seam.relu %[[A]]
// CHECK: %[[Q:.*]] = seam.relu %[[P]]
// CHECK: return %[[P]], %[[Q]]
func.func @multi_output(%x: tensor<4xf32>) -> tensor<8xf32> {
  %a = seam.relu %x {seam.backend = "test", seam.region = 0 : i64} : tensor<4xf32>
  %s = seam.softmax %a : tensor<4xf32>
  %b = seam.relu %a {seam.backend = "test", seam.region = 0 : i64} : tensor<4xf32>
  %c = seam.concat %b, %s {axis = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %c : tensor<8xf32>
}

// -----

// Functions are numbered per backend over the module, skipping taken names.
// CHECK-LABEL: func @first
// CHECK: call @test_1
// CHECK: call @testblas_0
// CHECK-LABEL: func private @test_1
// CHECK-LABEL: func private @testblas_0
// CHECK-LABEL: func @second
// CHECK: call @test_2
// CHECK-LABEL: func private @test_2
// CHECK-LABEL: func private @test_0
func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = seam.relu %x {seam.backend = "test", seam.region = 0 : i64} : tensor<4xf32>
  %b = seam.relu %a {seam.backend = "testblas", seam.region = 1 : i64} : tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @second(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = seam.relu %x {seam.backend = "test", seam.region = 0 : i64} : tensor<4xf32>
  return %a : tensor<4xf32>
}
func.func private @test_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "test"} {
  return %x : tensor<4xf32>
}
