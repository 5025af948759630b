// RUN: seam-opt %s --seam-lower-to-llvm | FileCheck %s

// Two matmuls that differ only in K (480 and 416: a DenseNet layer's 1x1
// convolutions over 15 and 13 blocks of 32 channels) get K tiles of 120 and
// 104 floats. Their packed rows are moved as vectors of 64 and one vector
// of 64 ending at the row's end, so the two kernels differ only in
// constants and become one (seam-share-similar-kernels), called twice with
// each one's sizes. With one shorter vector for the rest of a row (56 or
// 40 floats) they stayed two kernels.
// CHECK-COUNT-2: llvm.func @main_kernel_
// CHECK-NOT: llvm.func @main_kernel_
// CHECK: llvm.func @main(
// CHECK: llvm.call @[[FILL:main_kernel_[0-9]+]](
// CHECK: llvm.call @[[MATMUL:main_kernel_[0-9]+]](%arg1, {{.*}}, %arg0, {{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
// CHECK: llvm.call @[[MATMUL]](%arg3, {{.*}}, %arg2, {{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
func.func @main(%a1: tensor<128x480xf32>, %b1: tensor<480x192xf32>,
                %a2: tensor<128x416xf32>, %b2: tensor<416x192xf32>)
    -> (tensor<128x192xf32>, tensor<128x192xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %m1 = linalg.matmul ins(%a1, %b1 : tensor<128x480xf32>, tensor<480x192xf32>)
                      outs(%f : tensor<128x192xf32>) -> tensor<128x192xf32>
  %m2 = linalg.matmul ins(%a2, %b2 : tensor<128x416xf32>, tensor<416x192xf32>)
                      outs(%f : tensor<128x192xf32>) -> tensor<128x192xf32>
  return %m1, %m2 : tensor<128x192xf32>, tensor<128x192xf32>
}
