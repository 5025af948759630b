// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-fill-pad-borders))' | FileCheck %s

// A 3x3 convolution's pad of a 1x2x4x4 activation by 1 on each spatial side:
// four border slabs of the 1x2x6x6 result are filled (rows 0 and 5 over the
// whole width, then columns 0 and 5 over rows 1-4 only: no element twice),
// and the source is inserted into the interior.
// CHECK-LABEL: func @spatial
// CHECK: %[[PAD:.*]] = arith.constant 0.0
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x2x6x6xf32>
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[E]][0, 0, 0, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[PAD]] : f32) outs(%[[S0]] : tensor<1x2x1x6xf32>)
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[F0]] into %[[E]][0, 0, 0, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[R0]][0, 0, 5, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[PAD]] : f32) outs(%[[S1]]
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[F1]] into %[[R0]][0, 0, 5, 0] [1, 2, 1, 6]
// CHECK: %[[S2:.*]] = tensor.extract_slice %[[R1]][0, 0, 1, 0] [1, 2, 4, 1] [1, 1, 1, 1]
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[PAD]] : f32) outs(%[[S2]] : tensor<1x2x4x1xf32>)
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[F2]] into %[[R1]][0, 0, 1, 0] [1, 2, 4, 1]
// CHECK: %[[S3:.*]] = tensor.extract_slice %[[R2]][0, 0, 1, 5] [1, 2, 4, 1] [1, 1, 1, 1]
// CHECK: %[[F3:.*]] = linalg.fill ins(%[[PAD]] : f32) outs(%[[S3]]
// CHECK: %[[R3:.*]] = tensor.insert_slice %[[F3]] into %[[R2]][0, 0, 1, 5] [1, 2, 4, 1]
// CHECK: %[[R:.*]] = tensor.insert_slice %arg0 into %[[R3]][0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 1, 1]
// CHECK: return %[[R]]
// CHECK-NOT: tensor.pad
func.func @spatial(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  return %p : tensor<1x2x6x6xf32>
}

// -----

// Only the padded sides get a slab: high padding of the columns alone (the
// matmul's columns rounded up to a multiple of 16), with -inf (max pooling's
// padding) kept as the value.
// CHECK-LABEL: func @high_only
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x64xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[E]][0, 49] [3, 15] [1, 1]
// CHECK: %[[F:.*]] = linalg.fill ins(%[[NEG]] : f32) outs(%[[S]] : tensor<3x15xf32>)
// CHECK: %[[R:.*]] = tensor.insert_slice %[[F]] into %[[E]][0, 49] [3, 15] [1, 1]
// CHECK: tensor.insert_slice %arg0 into %[[R]][0, 0] [3, 49] [1, 1]
// CHECK-NOT: linalg.fill
func.func @high_only(%x: tensor<3x49xf32>) -> tensor<3x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0] high[0, 15] {
  ^bb0(%a: index, %b: index):
    tensor.yield %ninf : f32
  } : tensor<3x49xf32> to tensor<3x64xf32>
  return %p : tensor<3x64xf32>
}

// -----

// Dynamic shapes, and a padding value computed from the position, are left
// as pads.
// CHECK-LABEL: func @left_alone
// CHECK-COUNT-2: tensor.pad
// CHECK-NOT: linalg.fill
func.func @left_alone(%x: tensor<?x4xf32>, %y: tensor<2x4xi32>) -> (tensor<?x6xf32>, tensor<2x6xi32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<?x4xf32> to tensor<?x6xf32>
  %q = tensor.pad %y low[0, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    %i = arith.index_cast %b : index to i32
    tensor.yield %i : i32
  } : tensor<2x4xi32> to tensor<2x6xi32>
  return %p, %q : tensor<?x6xf32>, tensor<2x6xi32>
}
