// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-and-vectorize))' | FileCheck %s
// The tile an AVX2 target gets (16 ymm registers; the Session sizes it from
// the target, lib/Session/Compiler.h):
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-and-vectorize{m-register=4 n-register=16 m-register-large=6}))' | FileCheck %s --check-prefix=AVX2

// 256 x 512 x 256: cache tiles 128 x 256 x 128 in loop order n, k, m; A and B
// tiles packed into contiguous buffers (B's outside the m loop); an 8 x 32 x 4
// register tile as one vector.contract, the C tile read before the k loop,
// carried across it in registers (a vector iter_arg) and written after it.
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
// CHECK:                %[[C0:.*]] = vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK:                %[[K:.*]]:3 = scf.for {{.*}} iter_args({{.*}}, %[[ACC:.*]] = %[[C0]]) -> (tensor<128x256xf32>, tensor<8x32xf32>, vector<8x32xf32>)
// CHECK:                  tensor.extract_slice %[[A]]{{.*}} [8, 4] [1, 1]
// CHECK:                  tensor.extract_slice %[[B]]{{.*}} [4, 32] [1, 1]
// CHECK-NOT:              vector.transfer_write
// CHECK:                  %[[SUM:.*]] = vector.contract {{.*}}, %[[ACC]] : vector<8x4xf32>, vector<4x32xf32> into vector<8x32xf32>
// CHECK:                  scf.yield {{.*}}, %[[SUM]] :
// CHECK:                vector.transfer_write %[[K]]#2
// CHECK-NOT: linalg.matmul
// AVX2-LABEL: func @matmul
// AVX2:         scf.for {{.*}} -> (tensor<128x256xf32>, tensor<4x16xf32>, vector<4x16xf32>)
// AVX2:           vector.contract {{.*}} : vector<4x4xf32>, vector<4x16xf32> into vector<4x16xf32>
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

// -----

// N = 208 is not a multiple of the 32-wide register tile: the matmul is split
// along N into 192 (8 x 32 tiles) and the remaining 16 (8 x 16 tiles),
// instead of 8 x 16 tiles throughout; each part's result is inserted into C.
// CHECK-LABEL: func @split_along_n
// CHECK:      %[[B0:.*]] = tensor.extract_slice %arg1[0, 0] [16, 192] [1, 1] : tensor<16x208xf32> to tensor<16x192xf32>
// CHECK:      %[[C0:.*]] = tensor.extract_slice %arg2[0, 0] [8, 192] [1, 1] : tensor<8x208xf32> to tensor<8x192xf32>
// CHECK:      %[[P0:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[C0]]) -> (tensor<8x192xf32>)
// CHECK:        tensor.extract_slice %[[B0]]
// CHECK:        vector.contract {{.*}} : vector<8x4xf32>, vector<4x32xf32> into vector<8x32xf32>
// CHECK:      %[[C1:.*]] = tensor.insert_slice %[[P0]] into %arg2[0, 0] [8, 192] [1, 1] : tensor<8x192xf32> into tensor<8x208xf32>
// CHECK:      %[[B1:.*]] = tensor.extract_slice %arg1[0, 192] [16, 16] [1, 1] : tensor<16x208xf32> to tensor<16x16xf32>
// CHECK:      %[[C1S:.*]] = tensor.extract_slice %[[C1]][0, 192] [8, 16] [1, 1] : tensor<8x208xf32> to tensor<8x16xf32>
// CHECK:      %[[P1:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[C1S]]) -> (tensor<8x16xf32>)
// CHECK:        tensor.extract_slice %[[B1]]
// CHECK:        vector.contract {{.*}} : vector<8x4xf32>, vector<4x16xf32> into vector<8x16xf32>
// CHECK:      %[[R:.*]] = tensor.insert_slice %[[P1]] into %[[C1]][0, 192] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<8x208xf32>
// CHECK:      return %[[R]]
// CHECK-NOT: linalg.matmul
func.func @split_along_n(%a: tensor<8x16xf32>, %b: tensor<16x208xf32>, %c: tensor<8x208xf32>) -> tensor<8x208xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x208xf32>) outs(%c : tensor<8x208xf32>) -> tensor<8x208xf32>
  return %r : tensor<8x208xf32>
}

// -----

// Cache tiles that are whole operands with rows of at most n-cache (256)
// elements are read in place: no linalg.copy packing.
// CHECK-LABEL: func @whole_operands_not_packed
// CHECK-NOT: linalg.copy
// CHECK: vector.contract
// CHECK-NOT: linalg.copy
func.func @whole_operands_not_packed(%a: tensor<24x16xf32>, %b: tensor<16x64xf32>, %c: tensor<24x64xf32>) -> tensor<24x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<24x16xf32>, tensor<16x64xf32>) outs(%c : tensor<24x64xf32>) -> tensor<24x64xf32>
  return %r : tensor<24x64xf32>
}

// -----

// B is whole but sliced from a tensor with 512-element rows (more than
// n-cache): its tile is still packed; A's (whole, 16-element rows) is not.
// CHECK-LABEL: func @strided_operand_packed
// CHECK:     %[[BV:.*]] = tensor.extract_slice %arg1[0, 0] [16, 64] [1, 1] : tensor<16x512xf32> to tensor<16x64xf32>
// CHECK-NOT: linalg.copy
// CHECK:     %[[BT:.*]] = tensor.extract_slice %[[BV]]
// CHECK:     linalg.copy ins(%[[BT]] : tensor<16x64xf32>)
// CHECK-NOT: linalg.copy
// CHECK:     vector.contract
// CHECK-NOT: linalg.copy
func.func @strided_operand_packed(%a: tensor<24x16xf32>, %bb: tensor<16x512xf32>, %c: tensor<24x64xf32>) -> tensor<24x64xf32> {
  %b = tensor.extract_slice %bb[0, 0] [16, 64] [1, 1] : tensor<16x512xf32> to tensor<16x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<24x16xf32>, tensor<16x64xf32>) outs(%c : tensor<24x64xf32>) -> tensor<24x64xf32>
  return %r : tensor<24x64xf32>
}

// -----

// B read transposed (a fully connected layer's Gemm, transB): dot products
// vectorized along k. Blocks of 8 rows of B (n loop), each row of A (m
// loop), 8 accumulators of 16 lanes carried across k, each reduced into C:
// 128 floats, within the 8 x 32 register tile's 256.
// CHECK-LABEL: func @matmul_transposed_b
// CHECK:      %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:      %[[C1000:.*]] = arith.constant 1000 : index
// CHECK:      %[[C8:.*]] = arith.constant 8 : index
// CHECK:      scf.for %[[N:.*]] = %{{.*}} to %[[C1000]] step %[[C8]] iter_args(%[[CN:.*]] = %arg2) -> (tensor<2x1000xf32>)
// CHECK:        %[[C2:.*]] = arith.constant 2 : index
// CHECK:        scf.for %[[M:.*]] = %{{.*}} to %[[C2]] step %{{.*}} iter_args(%[[CM:.*]] = %[[CN]]) -> (tensor<2x1000xf32>)
// CHECK:          %[[C1280:.*]] = arith.constant 1280 : index
// CHECK:          %[[C16:.*]] = arith.constant 16 : index
// CHECK:          %[[ACC:.*]]:8 = scf.for %[[K:.*]] = %{{.*}} to %[[C1280]] step %[[C16]] iter_args(%{{.*}} = %[[ZERO]], {{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:            %[[X:.*]] = vector.transfer_read %arg0[%[[M]], %[[K]]]{{.*}} {in_bounds = [true]} : tensor<2x1280xf32>, vector<16xf32>
// CHECK:            %[[W:.*]] = vector.transfer_read %arg1[%[[N]], %[[K]]]{{.*}} {in_bounds = [true]} : tensor<1000x1280xf32>, vector<16xf32>
// CHECK:            vector.fma %[[X]], %[[W]], %{{.*}} : vector<16xf32>
// CHECK-COUNT-7:    vector.fma
// CHECK:          %[[OLD:.*]] = tensor.extract %[[CM]][%[[M]], %[[N]]]
// CHECK:          %[[SUM:.*]] = vector.reduction <add>, %[[ACC]]#0, %[[OLD]] : vector<16xf32> into f32
// CHECK:          tensor.insert %[[SUM]] into %[[CM]][%[[M]], %[[N]]]
// CHECK-COUNT-7:  vector.reduction <add>
// CHECK-NOT: linalg.matmul
// On AVX2, 4 rows of B: their 4 accumulators of 16 lanes are 8 ymm, the
// register tile's share (8 would be all 16 ymm registers, spilled).
// AVX2-LABEL: func @matmul_transposed_b
// AVX2:         %[[C4:.*]] = arith.constant 4 : index
// AVX2:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C4]] iter_args(%{{.*}} = %arg2) -> (tensor<2x1000xf32>)
// AVX2:           scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// AVX2-COUNT-4:     vector.fma
// AVX2-NOT:         vector.fma
// AVX2:             scf.yield
// AVX2-COUNT-4:   vector.reduction <add>
// AVX2-NOT:       vector.reduction
// AVX2:         return
func.func @matmul_transposed_b(%a: tensor<2x1280xf32>, %b: tensor<1000x1280xf32>, %c: tensor<2x1000xf32>) -> tensor<2x1000xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<2x1280xf32>, tensor<1000x1280xf32>) outs(%c : tensor<2x1000xf32>) -> tensor<2x1000xf32>
  return %r : tensor<2x1000xf32>
}

// -----

// Shapes without a divisor of 16 or 8: the largest divisors (k 10 of 20, n 5
// of 5).
// CHECK-LABEL: func @matmul_transposed_b_odd
// CHECK:      scf.for {{.*}} -> (tensor<3x5xf32>)
// CHECK:        scf.for {{.*}} -> (tensor<3x5xf32>)
// CHECK:          scf.for {{.*}} -> (vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>)
// CHECK-COUNT-5: vector.reduction <add>
func.func @matmul_transposed_b_odd(%a: tensor<3x20xf32>, %b: tensor<5x20xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<3x20xf32>, tensor<5x20xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// K with no divisor of at least 4 (3), A read transposed, or dynamic shapes:
// left as they are.
// CHECK-LABEL: func @matmul_transposed_left_alone
// CHECK-COUNT-3: linalg.matmul
// CHECK-NOT: vector.reduction
func.func @matmul_transposed_left_alone(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x4xf32>,
                                        %at: tensor<8x2xf32>, %bt: tensor<4x8xf32>,
                                        %ad: tensor<?x16xf32>, %cd: tensor<?x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<?x4xf32>) {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<2x3xf32>, tensor<4x3xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%at, %bt : tensor<8x2xf32>, tensor<4x8xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  %bd = tensor.empty() : tensor<4x16xf32>
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%ad, %bd : tensor<?x16xf32>, tensor<4x16xf32>) outs(%cd : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r, %s, %d : tensor<2x4xf32>, tensor<2x4xf32>, tensor<?x4xf32>
}

// -----

// A slice of a slice: the N split of a B sliced from 512-element rows. Its
// parts are whole tiles, but their rows are 512 elements apart in memory:
// both are packed (one linalg.copy of B per part).
// CHECK-LABEL: func @split_of_strided_operand
// CHECK-COUNT-2: linalg.copy ins(%{{.*}} : tensor<16x{{64|16}}xf32>)
// CHECK-NOT: linalg.copy
func.func @split_of_strided_operand(%a: tensor<24x16xf32>, %bb: tensor<16x512xf32>, %c: tensor<24x80xf32>) -> tensor<24x80xf32> {
  %b = tensor.extract_slice %bb[0, 0] [16, 80] [1, 1] : tensor<16x512xf32> to tensor<16x80xf32>
  %r = linalg.matmul ins(%a, %b : tensor<24x16xf32>, tensor<16x80xf32>) outs(%c : tensor<24x80xf32>) -> tensor<24x80xf32>
  return %r : tensor<24x80xf32>
}

// -----

// B is the collapse of a band of rows of a 1x1 convolution's input: 4 x 16
// positions of each of 16 channels. A whole tile of rows of 64 floats: read
// in place, not packed.
// CHECK-LABEL: func @collapsed_band_in_place
// CHECK-NOT: linalg.copy
// CHECK: vector.contract
// CHECK-NOT: linalg.copy
func.func @collapsed_band_in_place(%a: tensor<24x16xf32>, %x: tensor<1x16x64x16xf32>, %c: tensor<24x64xf32>) -> tensor<24x64xf32> {
  %band = tensor.extract_slice %x[0, 0, 8, 0] [1, 16, 4, 16] [1, 1, 1, 1] : tensor<1x16x64x16xf32> to tensor<1x16x4x16xf32>
  %b = tensor.collapse_shape %band [[0, 1], [2, 3]] : tensor<1x16x4x16xf32> into tensor<16x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<24x16xf32>, tensor<16x64xf32>) outs(%c : tensor<24x64xf32>) -> tensor<24x64xf32>
  return %r : tensor<24x64xf32>
}
