// RUN: seam-opt %s --seam-lower-backend-regions -split-input-file -verify-diagnostics
// REQUIRES: seam-xnnpack-backend

// The errors of the xnnpack region writer (describeRegion) on regions it
// cannot describe: the partitioner does not make them, but a region
// written by hand (or by a pattern and a writer that disagree) is
// refused with the op and the reason.

// A region holding an op XNNPACK has no node for.
func.func private @xnnpack_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "xnnpack"} {
  // expected-error @below {{xnnpack region: no XNNPACK node computes seam.erf}}
  %r = seam.erf %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An operand that is neither a value of the region nor an f32 or integer
// constant.
func.func private @xnnpack_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "xnnpack"} {
  %c = arith.constant dense<1.0> : tensor<4xf16>
  // expected-error @below {{xnnpack region: operand is neither computed in the region nor an f32 or integer constant}}
  %f = arith.extf %c : tensor<4xf16> to tensor<4xf32>
  %r = seam.add %x, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A composite whose chain holds an op that is no output clamp.
func.func private @xnnpack_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  %0 = seam.composite "xnnpack.conv2d"(%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %b: tensor<2x2x3x3xf32>):
    %1 = seam.conv %a, %b : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
    // expected-error @below {{xnnpack region: cannot fuse seam.sigmoid into the node before it}}
    %2 = seam.sigmoid %1 : tensor<1x2x2x2xf32>
    seam.yield %2 : tensor<1x2x2x2xf32>
  }
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A composite that yields a value other than the end of its chain.
func.func private @xnnpack_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  // expected-error @below {{xnnpack region: a composite must yield the end of its chain}}
  %0 = seam.composite "xnnpack.conv2d"(%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %b: tensor<2x2x3x3xf32>):
    %1 = seam.conv %a, %b : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
    %2 = seam.relu %1 : tensor<1x2x2x2xf32>
    seam.yield %1 : tensor<1x2x2x2xf32>
  }
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A pooling window XNNPACK refuses (the pattern refuses it too).
func.func private @xnnpack_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> attributes {seam.backend = "xnnpack"} {
  // expected-error @below {{xnnpack region: a 1x1 pooling window (XNNPACK refuses it)}}
  %0 = seam.max_pool %x {kernel_shape = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// A conv that is not 2-D.
func.func private @xnnpack_0(%x: tensor<1x2x8xf32>) -> tensor<1x2x6xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<2x2x3xf32>
  // expected-error @below {{xnnpack region: no XNNPACK node computes seam.conv}}
  %0 = seam.conv %x, %w : (tensor<1x2x8xf32>, tensor<2x2x3xf32>) -> tensor<1x2x6xf32>
  return %0 : tensor<1x2x6xf32>
}

// -----

// A gemm with transA.
func.func private @xnnpack_0(%x: tensor<8x2xf32>) -> tensor<2x4xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  // expected-error @below {{xnnpack region: no XNNPACK node computes seam.gemm}}
  %0 = seam.gemm %x, %w {trans_a = true} : (tensor<8x2xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A pad in a mode other than constant.
func.func private @xnnpack_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32> attributes {seam.backend = "xnnpack"} {
  // expected-error @below {{xnnpack region: no XNNPACK node computes seam.pad}}
  %0 = seam.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, mode = #seam<pad_mode edge>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32>
  return %0 : tensor<1x2x6x6xf32>
}

// -----

// A batch_norm whose parameters are not all constants.
func.func private @xnnpack_0(%x: tensor<1x2x4x4xf32>, %v: tensor<2xf32>) -> tensor<1x2x4x4xf32> attributes {seam.backend = "xnnpack"} {
  %s = arith.constant dense<1.5> : tensor<2xf32>
  // expected-error @below {{xnnpack region: batch_norm whose parameters are not f32 constants}}
  %0 = seam.batch_norm %x, %s, %s, %s, %v : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// A bias add after the clamp (the node's bias is added before its clamp).
func.func private @xnnpack_0(%x: tensor<2x8xf32>) -> tensor<2x4xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  %c = arith.constant dense<0.5> : tensor<4xf32>
  %0 = seam.composite "xnnpack.matmul_bias"(%x, %w, %c) : (tensor<2x8xf32>, tensor<8x4xf32>, tensor<4xf32>) -> tensor<2x4xf32> {
  ^bb0(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>, %d: tensor<4xf32>):
    %1 = seam.matmul %a, %b : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %2 = seam.relu %1 : tensor<2x4xf32>
    // expected-error @below {{xnnpack region: cannot fuse seam.add into the node before it}}
    %3 = seam.add %2, %d : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
    seam.yield %3 : tensor<2x4xf32>
  }
  return %0 : tensor<2x4xf32>
}

// -----

// A bias add of a value that is no weight (XNNPACK packs the bias).
func.func private @xnnpack_0(%x: tensor<2x8xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  %0 = seam.composite "xnnpack.matmul_bias"(%x, %w, %c) : (tensor<2x8xf32>, tensor<8x4xf32>, tensor<4xf32>) -> tensor<2x4xf32> {
  ^bb0(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>, %d: tensor<4xf32>):
    %1 = seam.matmul %a, %b : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    // expected-error @below {{xnnpack region: cannot fuse seam.add into the node before it}}
    %3 = seam.add %1, %d : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
    seam.yield %3 : tensor<2x4xf32>
  }
  return %0 : tensor<2x4xf32>
}

// -----

// A composite whose ops are no chain (the relu does not use the conv).
func.func private @xnnpack_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> attributes {seam.backend = "xnnpack"} {
  %w = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  // expected-error @below {{xnnpack region: a composite must hold a chain of ops, each with one result used by the next}}
  %0 = seam.composite "xnnpack.conv2d"(%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %b: tensor<2x2x3x3xf32>):
    %1 = seam.conv %a, %b : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
    %2 = seam.relu %a : tensor<1x2x4x4xf32>
    seam.yield %2 : tensor<1x2x4x4xf32>
  }
  return %0 : tensor<1x2x4x4xf32>
}
