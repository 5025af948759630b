// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-partition="backends=test" --seam-partition-report -o /dev/null | FileCheck %s
// RUN: seam-opt %s --seam-partition="backends=test report=true" -o /dev/null | FileCheck %s
// RUN: seam-opt %s --seam-merge-composite="backends=test" --seam-annotate-target="backends=test" --seam-partition-report -o /dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: seam-opt %s --seam-partition="backends=none report=true" -o /dev/null | FileCheck %s --check-prefix=NONE

// FLOPs: conv 2 * 64 outputs * (2 * 3 * 3) = 2304, relu 64, gemm
// 2 * 3 outputs * 64 = 384 offloaded (2752); softmax 64, flatten 0 left:
// 2752 / 2816 = 97.73 %.
// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: test 2 2 3 2752 97.73%
// CHECK-NEXT: compiler - - 2 64 2.27%
// CHECK-NEXT: total 2 2 5 2816 100.00%
// CHECK-NEXT: Ops left to the compiler: 2
// CHECK-NEXT: seam.softmax at partition-report.mlir:[[@LINE+18]]:8: test: seam.softmax is not supported
// CHECK-NEXT: seam.flatten at partition-report.mlir:[[@LINE+18]]:8: test: seam.flatten is not supported

// Before outlining, the ops a backend takes count as offloaded; the two
// composites are two regions (no merge-regions yet).
// BEFORE: test 2 2 3 2752 97.73%
// BEFORE-NEXT: compiler - - 2 64 2.27%

// NONE: compiler - - 5 2816 100.00%
// NONE-NEXT: total 0 0 5 2816 100.00%
// NONE-NEXT: Ops left to the compiler: 5
// NONE-NEXT: seam.conv at {{.*}}: no backend selected
func.func @main(%x: tensor<1x2x4x4xf32>) -> tensor<1x3xf32> {
  %w = arith.constant dense<1.0> : tensor<4x2x3x3xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %fc = arith.constant dense<0.1> : tensor<64x3xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %c : tensor<1x4x4x4xf32>
  %s = seam.softmax %r {axis = 1 : i64} : tensor<1x4x4x4xf32>
  %f = seam.flatten %s : (tensor<1x4x4x4xf32>) -> tensor<1x64xf32>
  %g = seam.gemm %f, %fc : (tensor<1x64xf32>, tensor<64x3xf32>) -> tensor<1x3xf32>
  return %g : tensor<1x3xf32>
}
