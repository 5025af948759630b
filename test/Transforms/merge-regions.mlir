// RUN: seam-opt %s -split-input-file --seam-merge-regions | FileCheck %s

// A chain of ops of one backend is one region.
// CHECK-LABEL: func @chain
// CHECK: seam.relu %arg0 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu %{{.*}} {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu %{{.*}} {seam.backend = "test", seam.region = 0 : i64}
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  %b = seam.relu %a {seam.backend = "test"} : tensor<4xf32>
  %c = seam.relu %b {seam.backend = "test"} : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// The diamond: %a feeds %d directly and through %c, which the compiler runs.
// Merging %a and %d would make the region depend on itself through %c, so
// they stay apart; %b joins %a (a cycle-free edge).
// CHECK-LABEL: func @diamond
// CHECK: %[[A:.*]] = seam.relu %arg0 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: %[[B:.*]] = seam.relu %[[A]] {seam.backend = "test", seam.region = 0 : i64}
// CHECK: %[[C:.*]] = seam.softmax %[[A]] :
// CHECK: seam.add %[[B]], %[[C]] {seam.backend = "test", seam.region = 1 : i64}
func.func @diamond(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  %b = seam.relu %a {seam.backend = "test"} : tensor<4xf32>
  %c = seam.softmax %a : tensor<4xf32>
  %d = seam.add %b, %c {seam.backend = "test"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// The cycle can also run through a longer outside path.
// CHECK-LABEL: func @long_diamond
// CHECK: seam.relu %arg0 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.softmax
// CHECK: seam.sigmoid
// CHECK: seam.add {{.*}}seam.region = 1 : i64
func.func @long_diamond(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  %c = seam.softmax %a : tensor<4xf32>
  %e = seam.sigmoid %c : tensor<4xf32>
  %d = seam.add %a, %e {seam.backend = "test"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// Two consumers of one producer join its region; the region has two outputs.
// CHECK-LABEL: func @multi_output
// CHECK: seam.relu %arg0 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu %{{.*}} {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu %{{.*}} {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.concat
func.func @multi_output(%x: tensor<4xf32>) -> tensor<8xf32> {
  %a = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  %b = seam.relu %a {seam.backend = "test"} : tensor<4xf32>
  %c = seam.relu %a {seam.backend = "test"} : tensor<4xf32>
  %d = seam.concat %b, %c {axis = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %d : tensor<8xf32>
}

// -----

// Different backends never merge, and ops of one backend that no value
// connects stay in separate regions (numbered in program order).
// CHECK-LABEL: func @backends_and_islands
// CHECK: seam.relu %arg0 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu %{{.*}} {seam.backend = "testblas", seam.region = 1 : i64}
// CHECK: seam.relu %arg1 {seam.backend = "test", seam.region = 2 : i64}
func.func @backends_and_islands(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  %b = seam.relu %a {seam.backend = "testblas"} : tensor<4xf32>
  %c = seam.relu %y {seam.backend = "test"} : tensor<4xf32>
  return %b, %c : tensor<4xf32>, tensor<4xf32>
}

// -----

// A consumer of two regions merges both when no path leaves them.
// CHECK-LABEL: func @join
// CHECK: seam.relu %arg0 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu %arg1 {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.add {{.*}}seam.region = 0 : i64
func.func @join(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  %b = seam.relu %y {seam.backend = "test"} : tensor<4xf32>
  %c = seam.add %a, %b {seam.backend = "test"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// A composite is one op of its region.
// CHECK-LABEL: func @composite
// CHECK: seam.composite "test.conv2d"{{.*}} {seam.backend = "test", seam.region = 0 : i64}
// CHECK: seam.relu {{.*}}seam.region = 0 : i64
func.func @composite(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c = seam.composite "test.conv2d" (%x, %w) {seam.backend = "test"} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %k: tensor<2x2x1x1xf32>):
    %0 = seam.conv %a, %k : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
    seam.yield %0 : tensor<1x2x4x4xf32>
  }
  %r = seam.relu %c {seam.backend = "test"} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
