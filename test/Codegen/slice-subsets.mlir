// RUN: seam-opt %s --one-shot-bufferize="bufferize-function-boundaries" --split-input-file | FileCheck %s

// Seam's subset models of tensor slices (lib/Codegen/SliceSubsets.cpp)
// decide without a constraint solver whether an insert_slice writes the
// subset an extract_slice read: constants compared as numbers, one SSA
// value equal to itself. The same subset bufferizes in place (the fill
// writes a subview of the argument; the copy onto the same subview folds
// away later); another subset needs a buffer of its own.

// CHECK-LABEL: func.func @same_constant_slice(
// CHECK-SAME: %[[T:.+]]: memref<8x16xf32
// CHECK-NOT: memref.alloc
// CHECK: %[[V:.+]] = memref.subview %[[T]][2, 0] [2, 16] [1, 1]
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[V]] :
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @same_constant_slice(%t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = arith.constant 1.0 : f32
  %s = tensor.extract_slice %t[2, 0] [2, 16] [1, 1]
      : tensor<8x16xf32> to tensor<2x16xf32>
  %f = linalg.fill ins(%c : f32) outs(%s : tensor<2x16xf32>) -> tensor<2x16xf32>
  %u = tensor.insert_slice %f into %t[2, 0] [2, 16] [1, 1]
      : tensor<2x16xf32> into tensor<8x16xf32>
  return %u : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @other_constant_slice(
// CHECK: %[[A:.+]] = memref.alloc
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[A]] :
// CHECK: %[[V:.+]] = memref.subview %{{.+}}[4, 0] [2, 16] [1, 1]
// CHECK: memref.copy %[[A]], %[[V]]
func.func @other_constant_slice(%t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = arith.constant 1.0 : f32
  %s = tensor.extract_slice %t[2, 0] [2, 16] [1, 1]
      : tensor<8x16xf32> to tensor<2x16xf32>
  %f = linalg.fill ins(%c : f32) outs(%s : tensor<2x16xf32>) -> tensor<2x16xf32>
  %u = tensor.insert_slice %f into %t[4, 0] [2, 16] [1, 1]
      : tensor<2x16xf32> into tensor<8x16xf32>
  return %u : tensor<8x16xf32>
}

// -----

// A stride that differs is another subset too.

// CHECK-LABEL: func.func @other_stride(
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @other_stride(%t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = arith.constant 1.0 : f32
  %s = tensor.extract_slice %t[0, 0] [2, 16] [2, 1]
      : tensor<8x16xf32> to tensor<2x16xf32>
  %f = linalg.fill ins(%c : f32) outs(%s : tensor<2x16xf32>) -> tensor<2x16xf32>
  %u = tensor.insert_slice %f into %t[0, 0] [2, 16] [1, 1]
      : tensor<2x16xf32> into tensor<8x16xf32>
  return %u : tensor<8x16xf32>
}

// -----

// A band at a loop's induction variable: the same SSA offset is the same
// subset, in place.

// CHECK-LABEL: func.func @same_value_slice(
// CHECK-NOT: memref.alloc
// CHECK: scf.for
// CHECK: %[[V:.+]] = memref.subview
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[V]] :
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @same_value_slice(%t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%a = %t) -> tensor<8x16xf32> {
    %s = tensor.extract_slice %a[%i, 0] [2, 16] [1, 1]
        : tensor<8x16xf32> to tensor<2x16xf32>
    %f = linalg.fill ins(%c : f32) outs(%s : tensor<2x16xf32>) -> tensor<2x16xf32>
    %u = tensor.insert_slice %f into %a[%i, 0] [2, 16] [1, 1]
        : tensor<2x16xf32> into tensor<8x16xf32>
    scf.yield %u : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

// Two offsets that are different SSA values equal by arithmetic: the
// solver (upstream's model) decides, and proves them equal.

// CHECK-LABEL: func.func @equal_by_arithmetic(
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @equal_by_arithmetic(%t: tensor<8x16xf32>, %i: index) -> tensor<8x16xf32> {
  %c = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %j = arith.addi %i, %c1 : index
  %k = arith.addi %c1, %i : index
  %s = tensor.extract_slice %t[%j, 0] [2, 16] [1, 1]
      : tensor<8x16xf32> to tensor<2x16xf32>
  %f = linalg.fill ins(%c : f32) outs(%s : tensor<2x16xf32>) -> tensor<2x16xf32>
  %u = tensor.insert_slice %f into %t[%k, 0] [2, 16] [1, 1]
      : tensor<2x16xf32> into tensor<8x16xf32>
  return %u : tensor<8x16xf32>
}
