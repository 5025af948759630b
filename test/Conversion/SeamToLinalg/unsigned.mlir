// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// Unsigned integers: the bodies use the unsigned arith ops, and every type
// ends signless (function boundary, tensors, scalars, constants).

// CHECK-LABEL: func @div_mod_min_max
// CHECK-SAME: (%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>)
// CHECK: arith.divui %{{.*}}, %{{.*}} : i8
// CHECK: arith.remui %{{.*}}, %{{.*}} : i8
// CHECK: arith.minui %{{.*}}, %{{.*}} : i8
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i8
// CHECK-NOT: ui8
func.func @div_mod_min_max(%a: tensor<4xui8>, %b: tensor<4xui8>)
    -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>) {
  %0 = seam.div %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = seam.mod %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %2 = seam.min %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %3 = seam.max %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0, %1, %2, %3 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>
}

// -----

// Comparisons are unsigned.
// CHECK-LABEL: func @compare
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : i64
func.func @compare(%a: tensor<4xui64>, %b: tensor<4xui64>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = seam.less %a, %b : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  %1 = seam.greater_equal %a, %b : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Casts from unsigned convert and widen without a sign; floats convert to
// unsigned with fptoui; a cast between ui8 and i8 keeps the bits.
// CHECK-LABEL: func @casts
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.fptoui %{{.*}} : f32 to i16
// CHECK: arith.bitcast %{{.*}} : i8 to i8
// CHECK: arith.extsi %{{.*}} : i8 to i16
func.func @casts(%a: tensor<4xui8>, %f: tensor<4xf32>, %s: tensor<4xi8>)
    -> (tensor<4xf32>, tensor<4xi32>, tensor<4xui16>, tensor<4xi8>, tensor<4xui16>) {
  %0 = seam.cast %a : tensor<4xui8> to tensor<4xf32>
  %1 = seam.cast %a : tensor<4xui8> to tensor<4xi32>
  %2 = seam.cast %f : tensor<4xf32> to tensor<4xui16>
  %3 = seam.cast %a : tensor<4xui8> to tensor<4xi8>
  %4 = seam.cast %s : tensor<4xi8> to tensor<4xui16>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi32>, tensor<4xui16>, tensor<4xi8>, tensor<4xui16>
}

// -----

// A shift by the bit width or more is 0: the amount is clamped to 0 first
// (arith.shli / shrui of 8 or more bits would be poison) and the result
// selected.
// CHECK-LABEL: func @bit_shift
// CHECK: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK-DAG: %[[W:.*]] = arith.constant 8 : i8
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[Y]], %[[W]] : i8
// CHECK: %[[N:.*]] = arith.select %[[OK]], %[[Y]], %[[Z]] : i8
// CHECK: %[[S:.*]] = arith.shli %[[X]], %[[N]] : i8
// CHECK: %[[R:.*]] = arith.select %[[OK]], %[[S]], %[[Z]] : i8
// CHECK: linalg.yield %[[R]] : i8
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK: arith.shrui %{{.*}}, %{{.*}} : i32
func.func @bit_shift(%a: tensor<4xui8>, %b: tensor<4xui8>, %c: tensor<4xui32>, %d: tensor<ui32>)
    -> (tensor<4xui8>, tensor<4xui32>) {
  %0 = seam.bit_shift %a, %b {direction = #seam<shift_direction left>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = seam.bit_shift %c, %d {direction = #seam<shift_direction right>} : (tensor<4xui32>, tensor<ui32>) -> tensor<4xui32>
  return %0, %1 : tensor<4xui8>, tensor<4xui32>
}

// -----

// Reductions start from the unsigned limits; arg_max compares unsigned.
// CHECK-LABEL: func @reductions
// CHECK: %[[LO:.*]] = arith.constant 0 : i16
// CHECK: linalg.fill ins(%[[LO]] : i16)
// CHECK: arith.maxui
// CHECK: %[[HI:.*]] = arith.constant -1 : i16
// CHECK: linalg.fill ins(%[[HI]] : i16)
// CHECK: arith.minui
// CHECK: arith.cmpi ugt
func.func @reductions(%a: tensor<2x3xui16>) -> (tensor<2xui16>, tensor<2xui16>, tensor<2x1xi64>) {
  %0 = seam.reduce_max %a {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xui16>) -> tensor<2xui16>
  %1 = seam.reduce_min %a {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xui16>) -> tensor<2xui16>
  %2 = seam.arg_max %a {axis = 1 : i64} : (tensor<2x3xui16>) -> tensor<2x1xi64>
  return %0, %1, %2 : tensor<2xui16>, tensor<2xui16>, tensor<2x1xi64>
}

// -----

// Constants of unsigned types keep their bits.
// CHECK-LABEL: func @constant
// CHECK: arith.constant dense<[-1, 1]> : tensor<2xi8>
func.func @constant(%a: tensor<2xui8>) -> tensor<2xui8> {
  %c = arith.constant dense<[255, 1]> : tensor<2xui8>
  %0 = seam.add %a, %c : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

// |x| of an unsigned integer is x: reduce_l1 sums the elements.
// CHECK-LABEL: func @reduce_l1
// CHECK-NOT: math.absi
// CHECK: arith.addi
func.func @reduce_l1(%a: tensor<2x3xui32>) -> tensor<2xui32> {
  %0 = seam.reduce_l1 %a {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xui32>) -> tensor<2xui32>
  return %0 : tensor<2xui32>
}

// -----

// The same for abs, and sign is 0 or 1.
// CHECK-LABEL: func @abs_sign
// CHECK-NOT: math.absi
// CHECK: arith.cmpi ugt
// CHECK: arith.cmpi ult
func.func @abs_sign(%a: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>) {
  %0 = seam.abs %a : tensor<4xui8>
  %1 = seam.sign %a : tensor<4xui8>
  return %0, %1 : tensor<4xui8>, tensor<4xui8>
}
