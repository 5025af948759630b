// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-and-vectorize))' | FileCheck %s

// 256 x 512 x 256: cache tiles 128 x 256 x 128 in loop order n, k, m; A and B
// tiles packed into contiguous buffers (B's outside the m loop); an 8 x 32 x 4
// register tile as one vector.contract, the C tile carried across k.
// CHECK-LABEL: func @matmul
// CHECK:      scf.for
// CHECK:        scf.for
// CHECK:          %[[BS:.*]] = tensor.extract_slice %arg1[{{.*}}] [128, 256] [1, 1]
// CHECK:          %[[B:.*]] = linalg.copy ins(%[[BS]] : tensor<128x256xf32>)
// CHECK:          scf.for
// CHECK:            %[[AS:.*]] = tensor.extract_slice %arg0[{{.*}}] [128, 128] [1, 1]
// CHECK:            %[[A:.*]] = linalg.copy ins(%[[AS]] : tensor<128x128xf32>)
// CHECK:            scf.for
// CHECK:              scf.for
// CHECK:                scf.for {{.*}} -> (tensor<128x256xf32>, tensor<8x32xf32>)
// CHECK:                  tensor.extract_slice %[[A]]{{.*}} [8, 4] [1, 1]
// CHECK:                  tensor.extract_slice %[[B]]{{.*}} [4, 32] [1, 1]
// CHECK:                  vector.contract {{.*}} : vector<8x4xf32>, vector<4x32xf32> into vector<8x32xf32>
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: tensor<256x256xf32>, %b: tensor<256x512xf32>, %c: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x512xf32>) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}

// -----

// Cache tiles shrink to divisors of small dims (M 24 -> 24, N 64 -> 64).
// CHECK-LABEL: func @small_matmul
// CHECK: vector.contract
// CHECK-NOT: linalg.matmul
func.func @small_matmul(%a: tensor<24x16xf32>, %b: tensor<16x64xf32>, %c: tensor<24x64xf32>) -> tensor<24x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<24x16xf32>, tensor<16x64xf32>) outs(%c : tensor<24x64xf32>) -> tensor<24x64xf32>
  return %r : tensor<24x64xf32>
}

// -----

// N = 10 does not take the 32-wide register tile: the largest divisor of
// each dim up to the register tile (8 x 10 x 4) is used, so every tile is
// full (no masks, no remainder loops).
// CHECK-LABEL: func @ragged_matmul
// CHECK: vector.contract {{.*}} : vector<8x4xf32>, vector<4x10xf32> into vector<8x10xf32>
// CHECK-NOT: linalg.matmul
func.func @ragged_matmul(%a: tensor<8x4xf32>, %b: tensor<4x10xf32>, %c: tensor<8x10xf32>) -> tensor<8x10xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x10xf32>) outs(%c : tensor<8x10xf32>) -> tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}
