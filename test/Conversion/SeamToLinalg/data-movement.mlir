// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func @flatten
// CHECK-SAME: (%[[X:.*]]: tensor<1x32x1x1xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1, 2, 3]] : tensor<1x32x1x1xf32> into tensor<1x32xf32>
// CHECK: return %[[R]]
func.func @flatten(%x: tensor<1x32x1x1xf32>) -> tensor<1x32xf32> {
  %y = seam.flatten %x : (tensor<1x32x1x1xf32>) -> tensor<1x32xf32>
  return %y : tensor<1x32xf32>
}

// -----

// CHECK-LABEL: func @concat_negative_axis
// CHECK-SAME: (%[[A:.*]]: tensor<2x1x3xf32>, %[[B:.*]]: tensor<2x2x3xf32>)
// CHECK: %[[R:.*]] = tensor.concat dim(1) %[[A]], %[[B]] : (tensor<2x1x3xf32>, tensor<2x2x3xf32>) -> tensor<2x3x3xf32>
// CHECK: return %[[R]]
func.func @concat_negative_axis(%a: tensor<2x1x3xf32>, %b: tensor<2x2x3xf32>) -> tensor<2x3x3xf32> {
  %y = seam.concat %a, %b {axis = -2 : i64} : (tensor<2x1x3xf32>, tensor<2x2x3xf32>) -> tensor<2x3x3xf32>
  return %y : tensor<2x3x3xf32>
}

// -----

// CHECK-LABEL: func @flatten_axis2
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
func.func @flatten_axis2(%x: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %y = seam.flatten %x {axis = 2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x20xf32>
  return %y : tensor<6x20xf32>
}

// -----

// CHECK-LABEL: func @reshape_expand
// CHECK-SAME: (%[[X:.*]]: tensor<6x4xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK: return %[[R]]
func.func @reshape_expand(%x: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %y = seam.reshape %x : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// 2x3x4 -> 4x6 has no single reassociation: through 24 elements.
// CHECK-LABEL: func @reshape_through_1d
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [4, 6] : tensor<24xf32> into tensor<4x6xf32>
// CHECK: return %[[R]]
func.func @reshape_through_1d(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %y = seam.reshape %x : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func @reshape_to_scalar
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @reshape_to_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %y = seam.reshape %x : (tensor<1x1xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// CHECK-LABEL: func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK: %[[R:.*]] = linalg.transpose ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[E]] : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK: return %[[R]]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %y = seam.transpose %x {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %y : tensor<4x2x3xf32>
}

// -----

// Negative pads crop with extract_slice; the rest is tensor.pad with `value`.
// CHECK-LABEL: func @pad_constant_crop
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[C:.*]] = tensor.extract_slice %[[X]][0, 0, 1] [2, 3, 3] [1, 1, 1] : tensor<2x3x4xf32> to tensor<2x3x3xf32>
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[R:.*]] = tensor.pad %[[C]] low[0, 1, 0] high[1, 0, 2]
// CHECK: tensor.yield %[[V]] : f32
// CHECK: } : tensor<2x3x3xf32> to tensor<3x4x5xf32>
// CHECK: return %[[R]]
func.func @pad_constant_crop(%x: tensor<2x3x4xf32>) -> tensor<3x4x5xf32> {
  %y = seam.pad %x {pads = array<i64: 0, 1, -1, 1, 0, 2>, value = 1.5 : f32} : (tensor<2x3x4xf32>) -> tensor<3x4x5xf32>
  return %y : tensor<3x4x5xf32>
}

// -----

// reflect: output index i reads j = i - begin, mirrored at both ends:
// j < 0 -> -j, j > n - 1 -> 2 (n - 1) - j.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @pad_reflect
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<5x5xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]]], iterator_types = ["parallel", "parallel"]} outs(%[[E]] : tensor<5x5xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[B:.*]] = arith.constant 2 : index
// CHECK: %[[J:.*]] = arith.subi %[[I]], %[[B]] : index
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[LAST:.*]] = arith.constant 2 : index
// CHECK: %[[NEGJ:.*]] = arith.subi %[[ZERO]], %[[J]] : index
// CHECK: %[[BEFORE:.*]] = arith.cmpi slt, %[[J]], %[[ZERO]] : index
// CHECK: %[[J1:.*]] = arith.select %[[BEFORE]], %[[NEGJ]], %[[J]] : index
// CHECK: %[[AFTER:.*]] = arith.cmpi sgt, %[[J1]], %[[LAST]] : index
// CHECK: %[[TWICE:.*]] = arith.constant 4 : index
// CHECK: %[[MIRROR:.*]] = arith.subi %[[TWICE]], %[[J1]] : index
// CHECK: %[[ROW:.*]] = arith.select %[[AFTER]], %[[MIRROR]], %[[J1]] : index
// CHECK: linalg.index 1 : index
// CHECK: arith.select
// CHECK: %[[COL:.*]] = arith.select
// CHECK: %[[V:.*]] = tensor.extract %[[X]][%[[ROW]], %[[COL]]] : tensor<3x4xf32>
// CHECK: linalg.yield %[[V]] : f32
func.func @pad_reflect(%x: tensor<3x4xf32>) -> tensor<5x5xf32> {
  %y = seam.pad %x {pads = array<i64: 2, 0, 0, 1>, mode = #seam<pad_mode reflect>} : (tensor<3x4xf32>) -> tensor<5x5xf32>
  return %y : tensor<5x5xf32>
}

// -----

// edge: clamp j = i - begin into [0, n - 1]; unpadded dims read i itself.
// CHECK-LABEL: func @pad_edge
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3x7xf32>)
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[B:.*]] = arith.constant 1 : index
// CHECK: %[[J:.*]] = arith.subi %[[I]], %[[B]] : index
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[LAST:.*]] = arith.constant 3 : index
// CHECK: %[[LO:.*]] = arith.maxsi %[[J]], %[[ZERO]] : index
// CHECK: %[[COL:.*]] = arith.minsi %[[LO]], %[[LAST]] : index
// CHECK: %[[V:.*]] = tensor.extract %[[X]][%[[ROW]], %[[COL]]] : tensor<3x4xf32>
// CHECK: linalg.yield %[[V]] : f32
func.func @pad_edge(%x: tensor<3x4xf32>) -> tensor<3x7xf32> {
  %y = seam.pad %x {pads = array<i64: 0, 1, 0, 2>, mode = #seam<pad_mode edge>} : (tensor<3x4xf32>) -> tensor<3x7xf32>
  return %y : tensor<3x7xf32>
}

// -----

// Negative pads crop before reflecting.
// CHECK-LABEL: func @pad_reflect_crop
// CHECK: %[[C:.*]] = tensor.extract_slice %{{.*}}[1, 0] [2, 4] [1, 1] : tensor<3x4xf32> to tensor<2x4xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x5xf32>)
// CHECK: tensor.extract %[[C]]
func.func @pad_reflect_crop(%x: tensor<3x4xf32>) -> tensor<2x5xf32> {
  %y = seam.pad %x {pads = array<i64: -1, 0, 0, 1>, mode = #seam<pad_mode reflect>} : (tensor<3x4xf32>) -> tensor<2x5xf32>
  return %y : tensor<2x5xf32>
}

// -----

// Positive steps: one strided extract_slice (start -5 of 6 is 1).
// CHECK-LABEL: func @slice_positive_steps
// CHECK-SAME: (%[[X:.*]]: tensor<4x5x6xf32>)
// CHECK: %[[R:.*]] = tensor.extract_slice %[[X]][1, 0, 1] [2, 5, 3] [2, 1, 2] : tensor<4x5x6xf32> to tensor<2x5x3xf32>
// CHECK: return %[[R]]
func.func @slice_positive_steps(%x: tensor<4x5x6xf32>) -> tensor<2x5x3xf32> {
  %y = seam.slice %x {starts = array<i64: 1, -5>, ends = array<i64: 4, 6>, axes = array<i64: 0, 2>, steps = array<i64: 2, 2>} : (tensor<4x5x6xf32>) -> tensor<2x5x3xf32>
  return %y : tensor<2x5x3xf32>
}

// -----

// Negative steps: out[i, j, k] = in[i, 4 - j, 5 - 2 k] in one generic.
// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1, d2) -> (d0, -d1 + 4, d2 * -2 + 5)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func @slice_negative_steps
// CHECK-SAME: (%[[X:.*]]: tensor<4x5x6xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x4x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[REV]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<4x5x6xf32>) outs(%[[E]] : tensor<4x4x3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: linalg.yield %[[IN]] : f32
// CHECK: return %[[R]]
func.func @slice_negative_steps(%x: tensor<4x5x6xf32>) -> tensor<4x4x3xf32> {
  %y = seam.slice %x {starts = array<i64: -1, 4>, ends = array<i64: -100, 0>, axes = array<i64: 2, 1>, steps = array<i64: -2, -1>} : (tensor<4x5x6xf32>) -> tensor<4x4x3xf32>
  return %y : tensor<4x4x3xf32>
}

// -----

// An empty result needs no data.
// CHECK-LABEL: func @slice_empty
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<0x5xf32>
// CHECK-NEXT: return %[[E]]
func.func @slice_empty(%x: tensor<4x5xf32>) -> tensor<0x5xf32> {
  %y = seam.slice %x {starts = array<i64: 3>, ends = array<i64: 1>, axes = array<i64: 0>} : (tensor<4x5xf32>) -> tensor<0x5xf32>
  return %y : tensor<0x5xf32>
}

// -----

// Empty tensors reshape through 1-D as well.
// CHECK-LABEL: func @reshape_empty
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<0x3xf32> into tensor<0xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [3, 0] : tensor<0xf32> into tensor<3x0xf32>
func.func @reshape_empty(%x: tensor<0x3xf32>) -> tensor<3x0xf32> {
  %y = seam.reshape %x : (tensor<0x3xf32>) -> tensor<3x0xf32>
  return %y : tensor<3x0xf32>
}
