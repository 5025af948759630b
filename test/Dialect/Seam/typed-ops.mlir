// RUN: seam-opt %s -split-input-file | seam-opt -split-input-file | FileCheck %s

// Round trip of the ops of non-f32 element types: casts, comparisons to i1,
// logic, where, integer arithmetic and data movement, and the math ops on
// f16/f64. Result types are inferred and checked by the verifier.

// CHECK-LABEL: func @cast_and_compare(
// CHECK: seam.cast %{{.*}} : tensor<2x3xi64> to tensor<2x3xf32>
// CHECK: seam.equal %{{.*}}, %{{.*}} : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi1>
// CHECK: seam.not %{{.*}} : tensor<2x3xi1>
// CHECK: seam.where %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
func.func @cast_and_compare(%x: tensor<2x3xi64>, %y: tensor<3xi64>, %z: tensor<f32>) -> tensor<2x3xf32> {
  %f = seam.cast %x : tensor<2x3xi64> to tensor<2x3xf32>
  %e = seam.equal %x, %y : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi1>
  %n = seam.not %e : tensor<2x3xi1>
  %w = seam.where %n, %f, %z : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %w : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @integer_ops(
// CHECK: seam.add %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: seam.mod %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: seam.max %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: seam.concat %{{.*}}, %{{.*}} {axis = 0 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<8xi32>
// CHECK: seam.reshape %{{.*}} : (tensor<8xi32>) -> tensor<2x4xi32>
func.func @integer_ops(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<2x4xi32> {
  %0 = seam.add %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = seam.mod %0, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = seam.max %1, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = seam.concat %2, %a {axis = 0 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<8xi32>
  %4 = seam.reshape %3 : (tensor<8xi32>) -> tensor<2x4xi32>
  return %4 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func @float_math(
// CHECK: seam.sin %{{.*}} : tensor<3xf64>
// CHECK: seam.elu %{{.*}} {alpha = 5.000000e-01 : f32} : tensor<3xf16>
// CHECK: seam.selu %{{.*}} : tensor<3xf32>
// CHECK: seam.mod %{{.*}}, %{{.*}} {fmod = true} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
func.func @float_math(%d: tensor<3xf64>, %h: tensor<3xf16>, %f: tensor<3xf32>) -> (tensor<3xf64>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>) {
  %0 = seam.sin %d : tensor<3xf64>
  %1 = seam.elu %h {alpha = 0.5 : f32} : tensor<3xf16>
  %2 = seam.selu %f : tensor<3xf32>
  %3 = seam.mod %f, %f {fmod = true} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2, %3 : tensor<3xf64>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>
}
