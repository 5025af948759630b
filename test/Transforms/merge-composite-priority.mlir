// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-merge-composite="backends=testblas,test" | FileCheck %s --check-prefix=BLAS
// RUN: seam-opt %s --seam-merge-composite="backends=test,testblas" | FileCheck %s --check-prefix=TEST
// RUN: seam-opt %s --seam-merge-composite="backends=none" | FileCheck %s --check-prefix=NONE

// `backends` is a priority order: the first backend's patterns run over the
// whole function before the next backend's. testblas has gemm without relu,
// so it takes the gemm and leaves the relu; test, first, takes both.

// BLAS: %[[G:.*]] = seam.composite "testblas.gemm"(%arg0, %{{.*}}) :
// BLAS: seam.relu %[[G]]
// BLAS: seam.composite "testblas.matmul"

// TEST: seam.composite "test.gemm_relu"(%arg0, %{{.*}}) :
// TEST: seam.composite "test.matmul"

// NONE-NOT: seam.composite
func.func @gemm_relu_matmul(%x: tensor<2x3xf32>, %y: tensor<4x5xf32>) -> (tensor<2x4xf32>, tensor<2x5xf32>) {
  %w = arith.constant dense<1.0> : tensor<3x4xf32>
  %g = seam.gemm %x, %w : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r = seam.relu %g : tensor<2x4xf32>
  %m = seam.matmul %r, %y : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %r, %m : tensor<2x4xf32>, tensor<2x5xf32>
}
