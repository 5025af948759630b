// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// Gather reads the indices in place over the result dims they fill and the
// data with tensor.extract; a negative index wraps, and every index is
// clamped into [0, d - 1].
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func @gather_axis0
// CHECK-SAME: (%[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<2x3xi64>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #[[ID]]], {{.*}} ins(%[[I]] : tensor<2x3xi64>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[C:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[C]], %{{.*}} : index
// CHECK: %[[W:.*]] = arith.addi %[[C]], %{{.*}} : index
// CHECK: %[[S:.*]] = arith.select %[[NEG]], %[[W]], %[[C]] : index
// CHECK: %[[LO:.*]] = arith.maxsi %[[S]], %{{.*}} : index
// CHECK: %[[R:.*]] = arith.minsi %[[LO]], %{{.*}} : index
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: tensor.extract %[[T]][%[[R]], %[[J]]] : tensor<10x4xf32>
func.func @gather_axis0(%t: tensor<10x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = seam.gather %t, %i {axis = 0 : i64} : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// GatherElements: the index replaces the axis dim only.
// CHECK-LABEL: func @gather_elements_axis1
// CHECK: ^bb0(%[[K:.*]]: i32, %{{.*}}: i64):
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: arith.index_cast %[[K]] : i32 to index
// CHECK: %[[R:.*]] = arith.minsi
// CHECK: tensor.extract %{{.*}}[%[[I0]], %[[R]]] : tensor<3x4xi64>
func.func @gather_elements_axis1(%d: tensor<3x4xi64>, %i: tensor<3x2xi32>) -> tensor<3x2xi64> {
  %0 = seam.gather_elements %d, %i {axis = 1 : i64} : (tensor<3x4xi64>, tensor<3x2xi32>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// Expand is a broadcasting copy; Tile reads (i mod size); Trilu selects on
// col - row against k.
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func @expand_tile_trilu
// CHECK: linalg.generic {indexing_maps = [#[[B]], #{{.*}}]
// CHECK: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: arith.remui %[[I]], %{{.*}} : index
// CHECK: tensor.extract
// CHECK: %[[R:.*]] = linalg.index 0 : index
// CHECK: %[[C:.*]] = linalg.index 1 : index
// CHECK: %[[D:.*]] = arith.subi %[[C]], %[[R]] : index
// CHECK: %[[K:.*]] = arith.constant -1 : index
// CHECK: %[[KEEP:.*]] = arith.cmpi sle, %[[D]], %[[K]] : index
// CHECK: arith.select %[[KEEP]]
func.func @expand_tile_trilu(%a: tensor<1x4xf32>, %b: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x8xf32>, tensor<3x4xf32>) {
  %0 = seam.expand %a : (tensor<1x4xf32>) -> tensor<3x4xf32>
  %1 = seam.tile %b {repeats = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<3x8xf32>
  %2 = seam.trilu %b {k = -1 : i64, upper = false} : tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x8xf32>, tensor<3x4xf32>
}

// -----

// A negative axis counts from the end.
// CHECK-LABEL: func @gather_negative_axis
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[R:.*]] = arith.minsi
// CHECK: tensor.extract %{{.*}}[%[[I0]], %[[R]]] : tensor<3x4xf32>
func.func @gather_negative_axis(%d: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<3x2xf32> {
  %0 = seam.gather %d, %i {axis = -1 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
