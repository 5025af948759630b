// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-and-vectorize{m-register=4 n-register=16 m-register-large=6 large-multiply-adds=0},canonicalize))' | FileCheck %s
// The default threshold (2^28 multiply-adds): these matmuls are small and
// keep m-register's 4 rows, in one loop nest.
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-and-vectorize{m-register=4 n-register=16 m-register-large=6},canonicalize))' | FileCheck %s --check-prefix=SMALL

// With every matmul large (large-multiply-adds=0), M = 16 on a 6 x 16
// register tile: 12 rows of 6 x 16 tiles, then 4 rows of
// one 4 x 16 tile, not 4 x 16 tiles throughout. Both parts keep the bias
// and the Relu in registers; the second part's tile reads the biases of its
// own rows (12 to 15: the offset of its part, through the insertion of the
// first part's result), and the broadcast into memory is gone.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @bias_relu_split_along_m
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<16x8xf32>, %{{[a-z0-9]+}}: tensor<8x64xf32>, %[[BIAS:[a-z0-9]+]]: tensor<16xf32>
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-NOT: linalg.broadcast
// CHECK: %[[A0:.*]] = tensor.extract_slice %[[A]][0, 0] [12, 8] [1, 1]
// CHECK: %[[P0:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %[[C12]] step %{{.*}} iter_args
// CHECK: vector.transfer_read %[[BIAS]][%[[ROW]]], %{{.*}} : tensor<16xf32>, vector<6xf32>
// CHECK: vector.contract {{.*}} : vector<6x4xf32>, vector<4x16xf32> into vector<6x16xf32>
// CHECK: arith.maximumf {{.*}} : vector<6x16xf32>
// CHECK: %[[C0:.*]] = tensor.insert_slice %[[P0]] into %{{.*}}[0, 0] [12, 64] [1, 1] : tensor<12x64xf32> into tensor<16x64xf32>
// CHECK: tensor.extract_slice %[[A]][12, 0] [4, 8] [1, 1]
// CHECK: tensor.extract_slice %[[C0]][12, 0] [4, 64] [1, 1]
// CHECK: vector.transfer_read %[[BIAS]][%[[C12]]], %{{.*}} : tensor<16xf32>, vector<4xf32>
// CHECK: vector.contract {{.*}} : vector<4x4xf32>, vector<4x16xf32> into vector<4x16xf32>
// CHECK: arith.maximumf {{.*}} : vector<4x16xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[C0]][12, 0] [4, 64] [1, 1]
// CHECK-NOT: linalg.generic
// SMALL-LABEL: func.func @bias_relu_split_along_m
// SMALL-NOT: [12, 8] [1, 1]
// SMALL: vector.contract {{.*}} : vector<4x4xf32>, vector<4x16xf32> into vector<4x16xf32>
// SMALL-NOT: vector.contract
func.func @bias_relu_split_along_m(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>,
                                   %bias: tensor<16xf32>, %out: tensor<1x16x2x32xf32>)
    -> tensor<1x16x2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x2x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<1x16x2x32xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x16x2x32xf32> into tensor<16x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 16, 2, 32] : tensor<16x64xf32> into tensor<1x16x2x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x16x2x32xf32>) outs(%out : tensor<1x16x2x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x16x2x32xf32>
  return %y : tensor<1x16x2x32xf32>
}

// -----

// M = 4 is below the register tile: no split, one 4 x 16 tile per block of
// columns. M = 12 is a multiple of it: no split either.
// (A part of A would be a slice of all its 8 columns.)
// CHECK-LABEL: func.func @no_split
// SMALL-LABEL: func.func @no_split
// CHECK-NOT: , 8] [1, 1]
// CHECK: vector.contract {{.*}} : vector<4x4xf32>, vector<4x16xf32> into vector<4x16xf32>
// CHECK-NOT: , 8] [1, 1]
// CHECK: vector.contract {{.*}} : vector<6x4xf32>, vector<4x16xf32> into vector<6x16xf32>
// CHECK-NOT: vector.contract
func.func @no_split(%a: tensor<4x8xf32>, %b: tensor<8x64xf32>, %c: tensor<4x64xf32>,
                    %a2: tensor<12x8xf32>, %c2: tensor<12x64xf32>) -> (tensor<4x64xf32>, tensor<12x64xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x64xf32>) outs(%c : tensor<4x64xf32>) -> tensor<4x64xf32>
  %r2 = linalg.matmul ins(%a2, %b : tensor<12x8xf32>, tensor<8x64xf32>) outs(%c2 : tensor<12x64xf32>) -> tensor<12x64xf32>
  return %r, %r2 : tensor<4x64xf32>, tensor<12x64xf32>
}
