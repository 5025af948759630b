// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// Floats to integers truncate toward zero (fptosi); the result is a new
// tensor of the target element type.
// CHECK-LABEL: func @cast_f32_to_i64
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xi64>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xi64>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: i64):
// CHECK: %[[C:.*]] = arith.fptosi %[[IN]] : f32 to i64
// CHECK: linalg.yield %[[C]] : i64
func.func @cast_f32_to_i64(%x: tensor<2x3xf32>) -> tensor<2x3xi64> {
  %y = seam.cast %x : tensor<2x3xf32> to tensor<2x3xi64>
  return %y : tensor<2x3xi64>
}

// -----

// Anything to bool is x != 0 (unordered for floats: NaN is true).
// CHECK-LABEL: func @cast_to_bool
// CHECK: ^bb0(%[[F:.*]]: f32, %{{.*}}: i1):
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, %[[F]], %[[Z]] : f32
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: i1):
// CHECK: %[[ZI:.*]] = arith.constant 0 : i32
// CHECK: arith.cmpi ne, %[[I]], %[[ZI]] : i32
func.func @cast_to_bool(%x: tensor<4xf32>, %y: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %a = seam.cast %x : tensor<4xf32> to tensor<4xi1>
  %b = seam.cast %y : tensor<4xi32> to tensor<4xi1>
  return %a, %b : tensor<4xi1>, tensor<4xi1>
}

// -----

// Bools are 0 or 1 (unsigned); other integers keep their sign.
// CHECK-LABEL: func @cast_from_integers
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: arith.extui %{{.*}} : i1 to i64
// CHECK: arith.sitofp %{{.*}} : i8 to f64
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.trunci %{{.*}} : i64 to i32
func.func @cast_from_integers(%b: tensor<4xi1>, %c: tensor<4xi8>, %d: tensor<4xi32>, %e: tensor<4xi64>)
    -> (tensor<4xf32>, tensor<4xi64>, tensor<4xf64>, tensor<4xi64>, tensor<4xi32>) {
  %0 = seam.cast %b : tensor<4xi1> to tensor<4xf32>
  %1 = seam.cast %b : tensor<4xi1> to tensor<4xi64>
  %2 = seam.cast %c : tensor<4xi8> to tensor<4xf64>
  %3 = seam.cast %d : tensor<4xi32> to tensor<4xi64>
  %4 = seam.cast %e : tensor<4xi64> to tensor<4xi32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi64>, tensor<4xf64>, tensor<4xi64>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func @cast_between_floats
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @cast_between_floats(%h: tensor<4xf16>, %d: tensor<4xf64>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = seam.cast %h : tensor<4xf16> to tensor<4xf32>
  %1 = seam.cast %d : tensor<4xf64> to tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Comparisons broadcast and give i1: ordered for floats (NaN compares
// false), signed for integers, unsigned for bools.
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @compare
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x4xi1>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[B]], #[[ID]]], {{.*}} outs(%[[E]] : tensor<3x4xi1>)
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpf ole, %{{.*}}, %{{.*}} : f32
func.func @compare(%x: tensor<3x4xf32>, %y: tensor<1x4xf32>, %i: tensor<3x4xi64>, %j: tensor<4xi64>, %b: tensor<3x4xi1>)
    -> (tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>) {
  %0 = seam.less %x, %y : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xi1>
  %1 = seam.greater_equal %i, %j : (tensor<3x4xi64>, tensor<4xi64>) -> tensor<3x4xi1>
  %2 = seam.equal %i, %j : (tensor<3x4xi64>, tensor<4xi64>) -> tensor<3x4xi1>
  %3 = seam.greater %b, %b : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  %4 = seam.less_equal %x, %y : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xi1>
  return %0, %1, %2, %3, %4 : tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>
}

// -----

// CHECK-LABEL: func @logic
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: arith.ori %{{.*}}, %{{.*}} : i1
// CHECK: arith.xori %{{.*}}, %{{.*}} : i1
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: arith.xori %{{.*}}, %[[T]] : i1
func.func @logic(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = seam.and %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = seam.or %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = seam.xor %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = seam.not %a : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Where broadcasts all three operands; the result has x's element type.
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @where
// CHECK: linalg.generic {indexing_maps = [#[[C]], #[[ID]], #[[Y]], #[[ID]]]
// CHECK: ^bb0(%[[P:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: i64, %{{.*}}: i64):
// CHECK: arith.select %[[P]], %[[A]], %[[B]] : i64
func.func @where(%c: tensor<2x1xi1>, %x: tensor<2x3xi64>, %y: tensor<3xi64>) -> tensor<2x3xi64> {
  %0 = seam.where %c, %x, %y : (tensor<2x1xi1>, tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// Integer arithmetic: addi, subi, muli and divsi (ONNX's integer Div
// truncates toward zero).
// CHECK-LABEL: func @integer_arith
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: arith.subi %{{.*}}, %{{.*}} : i32
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: arith.divsi %{{.*}}, %{{.*}} : i32
func.func @integer_arith(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = seam.add %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = seam.sub %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = seam.mul %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = seam.div %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Data movement keeps the element type; a reduction of integers adds with
// addi from an integer zero.
// CHECK-LABEL: func @typed_data_movement
// CHECK: tensor.collapse_shape %{{.*}} {{.*}} : tensor<2x3xi64> into tensor<6xi64>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3xi1>) outs(%{{.*}} : tensor<3x2xi1>)
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: linalg.fill ins(%[[Z]] : i32)
// CHECK: linalg.reduce
// CHECK: arith.addi
func.func @typed_data_movement(%a: tensor<2x3xi64>, %b: tensor<2x3xi1>, %c: tensor<2x3xi32>)
    -> (tensor<6xi64>, tensor<3x2xi1>, tensor<2x1xi32>) {
  %0 = seam.reshape %a : (tensor<2x3xi64>) -> tensor<6xi64>
  %1 = seam.transpose %b {perm = array<i64: 1, 0>} : (tensor<2x3xi1>) -> tensor<3x2xi1>
  %2 = seam.reduce_sum %c {axes = array<i64: 1>} : (tensor<2x3xi32>) -> tensor<2x1xi32>
  return %0, %1, %2 : tensor<6xi64>, tensor<3x2xi1>, tensor<2x1xi32>
}
