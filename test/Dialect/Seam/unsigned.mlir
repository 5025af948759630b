// RUN: seam-opt %s | seam-opt | FileCheck %s

// Unsigned integer tensors through the ops that take numbers, and
// seam.bit_shift (round trip).

// CHECK-LABEL: func @unsigned_ops
// CHECK: seam.div %{{.*}}, %{{.*}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: seam.mod %{{.*}}, %{{.*}} : (tensor<4xui16>, tensor<1xui16>) -> tensor<4xui16>
// CHECK: seam.max %{{.*}}, %{{.*}} : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
// CHECK: seam.less %{{.*}}, %{{.*}} : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
// CHECK: seam.cast %{{.*}} : tensor<4xui8> to tensor<4xf32>
// CHECK: seam.reduce_max %{{.*}} {keepdims = false} : (tensor<4xui64>) -> tensor<ui64>
func.func @unsigned_ops(%a: tensor<4xui8>, %b: tensor<4xui16>, %c: tensor<1xui16>,
                        %d: tensor<4xui32>, %e: tensor<4xui64>)
    -> (tensor<4xui8>, tensor<4xui16>, tensor<4xui32>, tensor<4xi1>, tensor<4xf32>, tensor<ui64>) {
  %0 = seam.div %a, %a : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = seam.mod %b, %c : (tensor<4xui16>, tensor<1xui16>) -> tensor<4xui16>
  %2 = seam.max %d, %d : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  %3 = seam.less %e, %e : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  %4 = seam.cast %a : tensor<4xui8> to tensor<4xf32>
  %5 = seam.reduce_max %e {keepdims = false} : (tensor<4xui64>) -> tensor<ui64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xui8>, tensor<4xui16>, tensor<4xui32>, tensor<4xi1>, tensor<4xf32>, tensor<ui64>
}

// CHECK-LABEL: func @bit_shift
// CHECK: seam.bit_shift %{{.*}}, %{{.*}} {direction = #seam<shift_direction left>} : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
// CHECK: seam.bit_shift %{{.*}}, %{{.*}} {direction = #seam<shift_direction right>} : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2x3xui64>
func.func @bit_shift(%a: tensor<2x3xui8>, %b: tensor<3xui8>, %c: tensor<2x3xui64>, %d: tensor<ui64>)
    -> (tensor<2x3xui8>, tensor<2x3xui64>) {
  %0 = seam.bit_shift %a, %b {direction = #seam<shift_direction left>} : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
  %1 = seam.bit_shift %c, %d {direction = #seam<shift_direction right>} : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2x3xui64>
  return %0, %1 : tensor<2x3xui8>, tensor<2x3xui64>
}
