// REQUIRES: seam-test-backend
// RUN: seam-opt %s -split-input-file --seam-merge-composite="backends=testblas,test" | FileCheck %s --check-prefix=BLAS
// RUN: seam-opt %s -split-input-file --seam-merge-composite="backends=test,testblas" | FileCheck %s --check-prefix=TEST
// RUN: seam-opt %s -split-input-file --seam-merge-composite="backends=testblas" | FileCheck %s --check-prefix=ONLY
// RUN: seam-opt %s -split-input-file --seam-merge-composite="backends=none" | FileCheck %s --check-prefix=NONE

// `backends` is a priority order: the first backend's patterns run over the
// whole function before the next backend's. testblas has gemm without relu,
// so it takes the gemm and leaves the relu; test, first, takes both.
// testblas's matmul_add needs the add (a required step): without it the
// matmul falls through to test, or keeps testblas's reason.

// BLAS-LABEL: func @gemm_relu_matmul
// BLAS: %[[G:.*]] = seam.composite "testblas.gemm"(%arg0, %{{.*}}) :
// BLAS: seam.relu %[[G]]
// BLAS: seam.composite "test.matmul"

// TEST-LABEL: func @gemm_relu_matmul
// TEST: seam.composite "test.gemm_relu"(%arg0, %{{.*}}) :
// TEST: seam.composite "test.matmul"

// ONLY-LABEL: func @gemm_relu_matmul
// ONLY: seam.composite "testblas.gemm"
// ONLY: seam.matmul {{.*}}{seam.reason = "testblas.matmul_add: expected seam.add after seam.matmul, found func.return"}

// NONE-LABEL: func @gemm_relu_matmul
// NONE-NOT: seam.composite
func.func @gemm_relu_matmul(%x: tensor<2x3xf32>, %y: tensor<4x5xf32>) -> (tensor<2x4xf32>, tensor<2x5xf32>) {
  %w = arith.constant dense<1.0> : tensor<3x4xf32>
  %g = seam.gemm %x, %w : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r = seam.relu %g : tensor<2x4xf32>
  %m = seam.matmul %r, %y : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %r, %m : tensor<2x4xf32>, tensor<2x5xf32>
}

// -----

// The required step matches: the accumulator is the composite's last input.
// BLAS-LABEL: func @matmul_add
// BLAS: seam.composite "testblas.matmul_add"(%arg0, %arg1, %arg2) :
// BLAS:   seam.matmul
// BLAS:   seam.add

// A matmul whose result is also used elsewhere cannot take the add: the
// refusal of the required step is its reason.
// ONLY-LABEL: func @matmul_add
// ONLY: seam.composite "testblas.matmul_add"
// ONLY: seam.matmul {{.*}}{seam.reason = "testblas.matmul_add: the result of seam.matmul has more than one use"}
func.func @matmul_add(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %m = seam.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s = seam.add %m, %c : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %n = seam.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %t = seam.add %n, %c : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %s, %t, %n : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}
