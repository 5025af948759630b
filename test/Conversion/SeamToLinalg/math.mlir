// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// Float math goes to the math dialect with constants of the operand's type.
// CHECK-LABEL: func @math_f64
// CHECK: ^bb0(%[[X:.*]]: f64, %{{.*}}: f64):
// CHECK: math.sin %[[X]] : f64
// CHECK: math.roundeven %{{.*}} : f64
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: arith.divf %[[ONE]], %{{.*}} : f64
func.func @math_f64(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %0 = seam.sin %x : tensor<4xf64>
  %1 = seam.round %x : tensor<4xf64>
  %2 = seam.reciprocal %x : tensor<4xf64>
  return %0, %1, %2 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// f16 is a storage type: the body extends to f32, computes and truncates.
// CHECK-LABEL: func @math_f16
// CHECK: ^bb0(%[[H:.*]]: f16, %{{.*}}: f16):
// CHECK: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK: %[[L:.*]] = math.log %[[W]] : f32
// CHECK: %[[T:.*]] = arith.truncf %[[L]] : f32 to f16
// CHECK: linalg.yield %[[T]] : f16
func.func @math_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = seam.log %x : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Integers: neg is 0 - x, abs is math.absi, relu is maxsi.
// CHECK-LABEL: func @integer_unary
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: arith.subi %[[Z]], %{{.*}} : i64
// CHECK: math.absi %{{.*}} : i64
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i64
func.func @integer_unary(%x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) {
  %0 = seam.neg %x : tensor<4xi64>
  %1 = seam.abs %x : tensor<4xi64>
  %2 = seam.relu %x : tensor<4xi64>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
}

// -----

// Min and max propagate NaN for floats, compare signed for integers.
// CHECK-LABEL: func @min_max
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i32
func.func @min_max(%a: tensor<4xf32>, %b: tensor<1xf32>, %c: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = seam.min %a, %b : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %1 = seam.max %c, %c : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Mod: frem for floats (C fmod); for integers without fmod, a non-zero
// remainder whose sign differs from the divisor's gets the divisor added.
// CHECK-LABEL: func @mod
// CHECK: arith.remf %{{.*}}, %{{.*}} : f32
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[R:.*]] = arith.remsi %[[A]], %[[B]] : i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[R]], %[[Z]] : i32
// CHECK: %[[RN:.*]] = arith.cmpi slt, %[[R]], %[[Z]] : i32
// CHECK: %[[BN:.*]] = arith.cmpi slt, %[[B]], %[[Z]] : i32
// CHECK: %[[D:.*]] = arith.xori %[[RN]], %[[BN]] : i1
// CHECK: %[[ADJ:.*]] = arith.andi %[[NZ]], %[[D]] : i1
// CHECK: %[[S:.*]] = arith.addi %[[R]], %[[B]] : i32
// CHECK: arith.select %[[ADJ]], %[[S]], %[[R]] : i32
// CHECK: ^bb0(%[[C:.*]]: i32, %[[E:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[R2:.*]] = arith.remsi %[[C]], %[[E]] : i32
// CHECK-NEXT: linalg.yield %[[R2]] : i32
func.func @mod(%a: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = seam.mod %a, %a {fmod = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = seam.mod %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = seam.mod %i, %i {fmod = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Softplus without overflow: max(x, 0) + log1p(exp(-|x|)); elu with expm1.
// CHECK-LABEL: func @activations
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = arith.maximumf %[[X]], %[[Z]] : f32
// CHECK: %[[A:.*]] = math.absf %[[X]] : f32
// CHECK: %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK: %[[E:.*]] = math.exp %[[N]] : f32
// CHECK: %[[L:.*]] = math.log1p %[[E]] : f32
// CHECK: arith.addf %[[P]], %[[L]] : f32
// CHECK: math.expm1
// CHECK: arith.cmpf ogt
// CHECK: arith.select
func.func @activations(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = seam.softplus %x : tensor<4xf32>
  %1 = seam.elu %x {alpha = 2.0 : f32} : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
