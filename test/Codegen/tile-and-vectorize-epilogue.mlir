// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-tile-and-vectorize,canonicalize))' | FileCheck %s

// A 1x1 convolution's matmul (bias broadcast, collapsed to 2-D) and its Clip:
// the clip runs on each 8x32 register tile before it is stored, into the
// clip's output; each tile starts as its rows' biases in registers (the 8
// biases read as one vector, each broadcast along its row: not a read that
// broadcasts along the columns, which lowers through an element-by-element
// transpose), not as a broadcast into memory read back.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @clip_epilogue
// CHECK-SAME: %[[BIAS:[a-z0-9]+]]: tensor<16xf32>, %[[OUT:[a-z0-9]+]]: tensor<1x16x2x32xf32>
// CHECK-NOT: linalg.broadcast
// CHECK: tensor.collapse_shape %[[OUT]]
// CHECK-NOT: permutation_map
// CHECK: %[[BIASES:.*]] = vector.transfer_read %[[BIAS]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<16xf32>, vector<8xf32>
// CHECK: %[[COLUMN:.*]] = vector.shape_cast %[[BIASES]] : vector<8xf32> to vector<8x1xf32>
// CHECK: vector.broadcast %[[COLUMN]] : vector<8x1xf32> to vector<8x32xf32>
// CHECK: vector.contract
// CHECK: %[[LOW:.*]] = arith.maximumf %{{.*}}, %{{.*}} : vector<8x32xf32>
// CHECK: %[[HIGH:.*]] = arith.minimumf %[[LOW]], %{{.*}} : vector<8x32xf32>
// CHECK: vector.transfer_write %[[HIGH]]
// CHECK-NOT: linalg.generic
func.func @clip_epilogue(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>,
                         %bias: tensor<16xf32>, %out: tensor<1x16x2x32xf32>)
    -> tensor<1x16x2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<1x16x2x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<1x16x2x32xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x16x2x32xf32> into tensor<16x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 16, 2, 32] : tensor<16x64xf32> into tensor<1x16x2x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x16x2x32xf32>) outs(%out : tensor<1x16x2x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %lo = arith.maximumf %in, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> tensor<1x16x2x32xf32>
  return %y : tensor<1x16x2x32xf32>
}

// -----

// K = 256, two cache tiles of 128: the Relu applies to the tile stored after
// the last one only; the first starts from the fill's zeros in registers,
// the second from C.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @relu_over_k_tiles
// CHECK-DAG: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<8x32xf32>
// CHECK-DAG: %[[FIRST:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[LAST:.*]] = arith.constant 128 : index
// CHECK-NOT: linalg.fill
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[LAST]]
// CHECK: %[[IS_FIRST:.*]] = arith.cmpi eq, %[[K]], %[[FIRST]]
// CHECK: scf.if %[[IS_FIRST]] -> (vector<8x32xf32>)
// CHECK-NEXT: scf.yield %[[ZEROS]]
// CHECK: vector.transfer_read
// CHECK: %[[RELU:.*]] = arith.maximumf %{{.*}}, %{{.*}} : vector<8x32xf32>
// CHECK: %[[IS_LAST:.*]] = arith.cmpi eq, %[[K]], %[[LAST]]
// CHECK: %[[TILE:.*]] = arith.select %[[IS_LAST]], %[[RELU]], %{{.*}} : vector<8x32xf32>
// CHECK: vector.transfer_write %[[TILE]]
// CHECK-NOT: linalg.generic
func.func @relu_over_k_tiles(%a: tensor<8x256xf32>, %b: tensor<256x32xf32>,
                             %out: tensor<1x8x1x32xf32>) -> tensor<1x8x1x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x1x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x1x32xf32>) -> tensor<1x8x1x32xf32>
  %c = tensor.collapse_shape %f [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x256xf32>, tensor<256x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 8, 1, 32] : tensor<8x32xf32> into tensor<1x8x1x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x1x32xf32>) outs(%out : tensor<1x8x1x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x32xf32>
  return %y : tensor<1x8x1x32xf32>
}

// -----

// N = 40: split into 32 + 8 columns, each part's tiles get the hard swish
// (x * clamp(x / 6 + 1 / 2, 0, 1)).

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @hard_swish_split_along_n
// CHECK: arith.minimumf {{.*}} : vector<8x32xf32>
// CHECK: arith.mulf {{.*}} : vector<8x32xf32>
// CHECK: vector.transfer_write
// CHECK: arith.minimumf {{.*}} : vector<8x8xf32>
// CHECK: arith.mulf {{.*}} : vector<8x8xf32>
// CHECK: vector.transfer_write
// CHECK-NOT: linalg.generic
func.func @hard_swish_split_along_n(%a: tensor<8x8xf32>, %b: tensor<8x40xf32>,
                                    %bias: tensor<8xf32>, %out: tensor<1x8x1x40xf32>)
    -> tensor<1x8x1x40xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %sixth = arith.constant 0.16666667 : f32
  %e = tensor.empty() : tensor<1x8x1x40xf32>
  %bc = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x1x40xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x8x1x40xf32> into tensor<8x40xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x40xf32>) outs(%c : tensor<8x40xf32>) -> tensor<8x40xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 8, 1, 40] : tensor<8x40xf32> into tensor<1x8x1x40xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x1x40xf32>) outs(%out : tensor<1x8x1x40xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.mulf %in, %sixth : f32
    %t = arith.addf %s, %half : f32
    %lo = arith.maximumf %t, %zero : f32
    %hi = arith.minimumf %lo, %one : f32
    %r = arith.mulf %in, %hi : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x40xf32>
  return %y : tensor<1x8x1x40xf32>
}

// -----

// Not epilogues: a residual add (a second input) and an op that reads its
// output stay after the matmul.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @residual_stays
// CHECK: vector.contract
// CHECK: linalg.generic
// CHECK: arith.addf {{.*}} : f32
func.func @residual_stays(%a: tensor<8x8xf32>, %b: tensor<8x32xf32>,
                          %bias: tensor<8xf32>, %res: tensor<1x8x1x32xf32>)
    -> tensor<1x8x1x32xf32> {
  %e = tensor.empty() : tensor<1x8x1x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x1x32xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 8, 1, 32] : tensor<8x32xf32> into tensor<1x8x1x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %res : tensor<1x8x1x32xf32>, tensor<1x8x1x32xf32>) outs(%e : tensor<1x8x1x32xf32>) {
  ^bb0(%in: f32, %r: f32, %o: f32):
    %s = arith.addf %in, %r : f32
    linalg.yield %s : f32
  } -> tensor<1x8x1x32xf32>
  return %y : tensor<1x8x1x32xf32>
}

// CHECK-LABEL: func.func @accumulating_stays
// CHECK: vector.contract
// CHECK: linalg.generic
// CHECK: arith.addf {{.*}} : f32
func.func @accumulating_stays(%a: tensor<8x8xf32>, %b: tensor<8x32xf32>,
                              %bias: tensor<8xf32>, %acc: tensor<1x8x1x32xf32>)
    -> tensor<1x8x1x32xf32> {
  %e = tensor.empty() : tensor<1x8x1x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x1x32xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 8, 1, 32] : tensor<8x32xf32> into tensor<1x8x1x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x1x32xf32>) outs(%acc : tensor<1x8x1x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  } -> tensor<1x8x1x32xf32>
  return %y : tensor<1x8x1x32xf32>
}

// A math op (SiLU's exp): on the 2-D tile it would be a libm call per lane;
// the generic's loop stays (LLVM vectorizes it with libmvec).
// CHECK-LABEL: func.func @silu_stays
// CHECK: vector.contract
// CHECK: linalg.generic
// CHECK: math.exp {{.*}} : f32
func.func @silu_stays(%a: tensor<8x8xf32>, %b: tensor<8x32xf32>,
                      %bias: tensor<8xf32>, %out: tensor<1x8x1x32xf32>)
    -> tensor<1x8x1x32xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1x8x1x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x1x32xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 8, 1, 32] : tensor<8x32xf32> into tensor<1x8x1x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x1x32xf32>) outs(%out : tensor<1x8x1x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %in, %d : f32
    linalg.yield %s : f32
  } -> tensor<1x8x1x32xf32>
  return %y : tensor<1x8x1x32xf32>
}

// A value the body reads that is computed after the matmul: it would not be
// there in the matmul's loops, so the generic stays.
// CHECK-LABEL: func.func @late_operand_stays
// CHECK: vector.contract
// CHECK: %[[LATE:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: arith.minimumf %{{.*}}, %[[LATE]] : f32
func.func @late_operand_stays(%a: tensor<8x8xf32>, %b: tensor<8x32xf32>,
                              %bias: tensor<8xf32>, %out: tensor<1x8x1x32xf32>,
                              %s: f32, %t: f32) -> tensor<1x8x1x32xf32> {
  %e = tensor.empty() : tensor<1x8x1x32xf32>
  %bc = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x1x32xf32>) dimensions = [0, 2, 3]
  %c = tensor.collapse_shape %bc [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = tensor.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 8, 1, 32] : tensor<8x32xf32> into tensor<1x8x1x32xf32>
  %late = arith.addf %s, %t : f32
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x1x32xf32>) outs(%out : tensor<1x8x1x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.minimumf %in, %late : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x32xf32>
  return %y : tensor<1x8x1x32xf32>
}
