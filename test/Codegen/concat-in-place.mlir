// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-concat-in-place))' | FileCheck %s
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-concat-in-place),eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,cse,canonicalize)' | FileCheck %s --check-prefix=BUF

// A DenseNet block: each layer reads the concatenation of every feature so
// far (into a buffer of its own, as a batch-norm does) and adds a feature.
// The concatenations share one buffer of the last one's shape, made at the
// top; each feature is inserted once, right after it is computed; the first
// becomes a leading slice of the buffer, the last the buffer itself.
// CHECK-LABEL: func.func @dense_block
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<1x10x2x2xf32>
// CHECK:         %[[X0:.*]] = linalg.exp
// CHECK-NEXT:    %[[B0:.*]] = tensor.insert_slice %[[X0]] into %[[E]][0, 0, 0, 0] [1, 4, 2, 2] [1, 1, 1, 1]
// CHECK:         %[[H1:.*]] = linalg.exp ins(%[[X0]] : tensor<1x4x2x2xf32>)
// CHECK:         %[[X1:.*]] = linalg.exp ins(%[[H1]] : tensor<1x4x2x2xf32>)
// CHECK-NEXT:    %[[B1:.*]] = tensor.insert_slice %[[X1]] into %[[B0]][0, 4, 0, 0] [1, 4, 2, 2] [1, 1, 1, 1]
// CHECK-NEXT:    %[[C1:.*]] = tensor.extract_slice %[[B1]][0, 0, 0, 0] [1, 8, 2, 2] [1, 1, 1, 1]
// CHECK:         %[[H2:.*]] = linalg.exp ins(%[[C1]] : tensor<1x8x2x2xf32>)
// CHECK:         %[[X2:.*]] = linalg.exp
// CHECK-NEXT:    %[[B2:.*]] = tensor.insert_slice %[[X2]] into %[[B1]][0, 8, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1]
// CHECK-NOT:     tensor.concat
// CHECK:         return %[[B2]]
// After bufferization: the block's buffer and the two layers' own, each
// feature written into its slice by its producer, no copy.
// BUF-LABEL: func.func @dense_block
// BUF-COUNT-3: memref.alloc()
// BUF-NOT:     memref.alloc()
// BUF-NOT:     memref.copy
// BUF:         return
func.func @dense_block(%in: tensor<1x4x2x2xf32>) -> tensor<1x10x2x2xf32> {
  %e0 = tensor.empty() : tensor<1x4x2x2xf32>
  %x0 = linalg.exp ins(%in : tensor<1x4x2x2xf32>) outs(%e0 : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %eh1 = tensor.empty() : tensor<1x4x2x2xf32>
  %h1 = linalg.exp ins(%x0 : tensor<1x4x2x2xf32>) outs(%eh1 : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %e1 = tensor.empty() : tensor<1x4x2x2xf32>
  %x1 = linalg.exp ins(%h1 : tensor<1x4x2x2xf32>) outs(%e1 : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %c1 = tensor.concat dim(1) %x0, %x1 : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x8x2x2xf32>
  %eh2 = tensor.empty() : tensor<1x8x2x2xf32>
  %h2 = linalg.exp ins(%c1 : tensor<1x8x2x2xf32>) outs(%eh2 : tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
  %s = tensor.extract_slice %h2[0, 0, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x8x2x2xf32> to tensor<1x2x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2xf32>
  %x2 = linalg.exp ins(%s : tensor<1x2x2x2xf32>) outs(%e2 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %c2 = tensor.concat dim(1) %x0, %x1, %x2 : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x10x2x2xf32>
  return %c2 : tensor<1x10x2x2xf32>
}

// -----

// An Inception module: four branches concatenated once. Each branch's
// result is inserted right after it is computed, so that the next
// branch's producer can write into its own slice.
// CHECK-LABEL: func.func @branches
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<6x3xf32>
// CHECK:         %[[A:.*]] = linalg.exp
// CHECK-NEXT:    %[[R0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [2, 3] [1, 1]
// CHECK:         %[[B:.*]] = linalg.exp
// CHECK-NEXT:    %[[R1:.*]] = tensor.insert_slice %[[B]] into %[[R0]][2, 0] [1, 3] [1, 1]
// CHECK:         %[[C:.*]] = linalg.exp
// CHECK-NEXT:    %[[R2:.*]] = tensor.insert_slice %[[C]] into %[[R1]][3, 0] [3, 3] [1, 1]
// CHECK-NEXT:    return %[[R2]]
// BUF-LABEL: func.func @branches
// BUF-COUNT-1: memref.alloc()
// BUF-NOT:     memref.alloc()
// BUF-NOT:     memref.copy
// BUF:         return
func.func @branches(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>, %z: tensor<3x3xf32>) -> tensor<6x3xf32> {
  %ea = tensor.empty() : tensor<2x3xf32>
  %a = linalg.exp ins(%x : tensor<2x3xf32>) outs(%ea : tensor<2x3xf32>) -> tensor<2x3xf32>
  %eb = tensor.empty() : tensor<1x3xf32>
  %b = linalg.exp ins(%y : tensor<1x3xf32>) outs(%eb : tensor<1x3xf32>) -> tensor<1x3xf32>
  %ec = tensor.empty() : tensor<3x3xf32>
  %c = linalg.exp ins(%z : tensor<3x3xf32>) outs(%ec : tensor<3x3xf32>) -> tensor<3x3xf32>
  %r = tensor.concat dim(0) %a, %b, %c : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<6x3xf32>
  return %r : tensor<6x3xf32>
}

// -----

// The buffer is made just before the first producer of an operand, or of the
// tensor it writes into, not at the top: a concatenation late in a model is
// not alive from its start. (An op that reads one slice of the buffer and
// writes another, exp(b) into the slice after b's, would make bufferization
// copy: it cannot tell the two slices apart.)
// CHECK-LABEL: func.func @placed_late
// CHECK:         %[[A:.*]] = linalg.exp
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-NEXT:    %[[EB:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[B:.*]] = linalg.exp ins(%[[A]] : tensor<4xf32>) outs(%[[EB]] : tensor<4xf32>)
// CHECK-NEXT:    tensor.insert_slice %[[B]] into %[[E]][0] [4] [1]
// BUF-LABEL: func.func @placed_late
// BUF-COUNT-2: memref.alloc()
// BUF-NOT:     memref.alloc()
// BUF-NOT:     memref.copy
// BUF:         return
func.func @placed_late(%x: tensor<4xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.exp ins(%x : tensor<4xf32>) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %b = linalg.exp ins(%a : tensor<4xf32>) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %c = linalg.exp ins(%a : tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.concat dim(0) %b, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A concatenation extended by two others: the first continues its chain,
// the second gets a buffer of its own (both would write columns 2-3 of one
// buffer otherwise). The values are what concat computes: a's buffer
// holds x, y, z; b's x, y, w.
// CHECK-LABEL: func.func @two_extensions
// CHECK-SAME:    (%[[X:.*]]: tensor<2x2xf32>, %[[Y:.*]]: tensor<2x1xf32>, %[[Z:.*]]: tensor<2x1xf32>, %[[W:.*]]: tensor<2x1xf32>)
// CHECK-NEXT:    %[[EB:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT:    %[[B0:.*]] = tensor.insert_slice %[[X]] into %[[EB]][0, 0]
// CHECK-NEXT:    %[[B1:.*]] = tensor.insert_slice %[[Y]] into %[[B0]][0, 2]
// CHECK-NEXT:    %[[B2:.*]] = tensor.insert_slice %[[W]] into %[[B1]][0, 3]
// CHECK-NEXT:    %[[EA:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT:    %[[A0:.*]] = tensor.insert_slice %[[X]] into %[[EA]][0, 0]
// CHECK-NEXT:    %[[A1:.*]] = tensor.insert_slice %[[Y]] into %[[A0]][0, 2]
// CHECK-NEXT:    %[[A2:.*]] = tensor.insert_slice %[[Z]] into %[[A1]][0, 3]
// CHECK-NEXT:    %[[P:.*]] = tensor.extract_slice %[[A1]][0, 0] [2, 3] [1, 1]
// CHECK-NEXT:    return %[[P]], %[[A2]], %[[B2]]
func.func @two_extensions(%x: tensor<2x2xf32>, %y: tensor<2x1xf32>, %z: tensor<2x1xf32>, %w: tensor<2x1xf32>) -> (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %p = tensor.concat dim(1) %x, %y : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %a = tensor.concat dim(1) %x, %y, %z : (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %b = tensor.concat dim(1) %x, %y, %w : (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %p, %a, %b : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Not a chain: another dim, or operands that are not a prefix. Each
// concatenation is rewritten on its own.
// CHECK-LABEL: func.func @not_chains
// CHECK-COUNT-3: tensor.empty()
// CHECK-NOT:     tensor.extract_slice
// CHECK:         return
func.func @not_chains(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> (tensor<2x4xf32>, tensor<4x4xf32>, tensor<2x6xf32>) {
  %a = tensor.concat dim(1) %x, %y : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  %b = tensor.concat dim(0) %a, %a : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %c = tensor.concat dim(1) %y, %x, %y : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
  return %a, %b, %c : tensor<2x4xf32>, tensor<4x4xf32>, tensor<2x6xf32>
}

// -----

// Dynamic shapes are left to tensor.concat's own bufferization.
// CHECK-LABEL: func.func @dynamic
// CHECK:         tensor.concat
func.func @dynamic(%x: tensor<?x2xf32>, %y: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %r = tensor.concat dim(0) %x, %y : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
