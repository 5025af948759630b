// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-eliminate-empty-tensors))' | FileCheck %s

// A value computed into a tensor.empty and inserted into a slice of a
// concatenation is computed into that slice.

// CHECK-LABEL: func.func @into_a_slice
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4x8xf32>, %[[DEST:[a-z0-9]+]]: tensor<8x8xf32>
// CHECK-NOT: tensor.empty
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[DEST]][4, 0] [4, 8] [1, 1]
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4x8xf32>) outs(%[[SLICE]] : tensor<4x8xf32>)
// CHECK: tensor.insert_slice %[[Y]] into %[[DEST]][4, 0] [4, 8] [1, 1]
// CHECK-NOT: tensor.empty
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @into_a_slice(%x: tensor<4x8xf32>, %dest: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.negf %in : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %r = tensor.insert_slice %y into %dest[4, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A loop computes its result into its iter_arg's tensor.empty; the padded
// tensor it is inserted into is made after the loop (its border filled): the
// pad's definitions move up, before the loop, and the loop computes into the
// pad's interior.

// CHECK-LABEL: func.func @loop_into_a_pad_interior
// CHECK-NOT: tensor.empty() : tensor<8xf32>
// CHECK: %[[PAD:.*]] = tensor.empty() : tensor<10xf32>
// CHECK: %[[FILLED:.*]] = linalg.fill {{.*}} outs(%[[PAD]] : tensor<10xf32>)
// CHECK: %[[INTERIOR:.*]] = tensor.extract_slice %[[FILLED]][1] [8] [1]
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INTERIOR]])
// CHECK: tensor.insert_slice %[[LOOP]] into %[[FILLED]][1] [8] [1]
// CHECK-NOT: tensor.empty
func.func @loop_into_a_pad_interior(%x: tensor<8xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %l = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %e) -> (tensor<8xf32>) {
    %v = vector.transfer_read %x[%i], %zero {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
    %w = vector.transfer_write %v, %acc[%i] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
    scf.yield %w : tensor<8xf32>
  }
  %p = tensor.empty() : tensor<10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%p : tensor<10xf32>) -> tensor<10xf32>
  %r = tensor.insert_slice %l into %f[1] [8] [1] : tensor<8xf32> into tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

// The destination is only known inside the loop that inserts into it
// (scf.forall's shared output): the tensor.empty moves nowhere and the slice
// is extracted where the loop's thread writes it.

// CHECK-LABEL: func.func @parallel_insert
// CHECK: scf.forall (%[[I:.*]]) in (2) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK-NOT: tensor.empty
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[OUT]][%{{.*}}] [4] [1]
// CHECK: linalg.fill {{.*}} outs(%[[SLICE]] : tensor<4xf32>)
// CHECK-NOT: tensor.empty
// CHECK: tensor.parallel_insert_slice
func.func @parallel_insert(%dest: tensor<8xf32>) -> tensor<8xf32> {
  %one = arith.constant 1.0 : f32
  %r = scf.forall (%i) in (2) shared_outs(%out = %dest) -> (tensor<8xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %out[%o] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// A chain through an op that is not destination-passing (a reshape) is left
// alone, as is a value that is not computed into a tensor.empty.

// CHECK-LABEL: func.func @left_alone
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: linalg.fill {{.*}} outs(%[[E]] : tensor<2x4xf32>)
// CHECK: tensor.collapse_shape
// CHECK-NOT: tensor.extract_slice
func.func @left_alone(%dest: tensor<16xf32>, %x: tensor<4xf32>) -> tensor<16xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = tensor.collapse_shape %f [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %r = tensor.insert_slice %c into %dest[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
  %s = tensor.insert_slice %x into %r[8] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %s : tensor<16xf32>
}
