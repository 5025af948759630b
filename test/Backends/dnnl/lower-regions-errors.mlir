// RUN: seam-opt %s --seam-lower-backend-regions -split-input-file -verify-diagnostics
// REQUIRES: seam-dnnl-backend

// A dnnl region holding an op the runtime has no primitive for.
func.func private @dnnl_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "dnnl"} {
  // expected-error @below {{dnnl region: no oneDNN primitive computes seam.erf}}
  %r = seam.erf %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An operand that is neither a value of the region nor an f32 or integer
// constant.
func.func private @dnnl_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {seam.backend = "dnnl"} {
  %c = arith.constant dense<1.0> : tensor<4xf16>
  // expected-error @below {{dnnl region: operand is neither computed in the region nor an f32 or integer constant}}
  %f = arith.extf %c : tensor<4xf16> to tensor<4xf32>
  %r = seam.add %x, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A composite whose chain holds an op oneDNN cannot fuse as a post-op.
func.func private @dnnl_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> attributes {seam.backend = "dnnl"} {
  %w = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  %0 = seam.composite "dnnl.conv"(%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %b: tensor<2x2x3x3xf32>):
    %1 = seam.conv %a, %b : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
    // expected-error @below {{dnnl region: cannot fuse seam.erf into the op before it}}
    %2 = seam.erf %1 : tensor<1x2x2x2xf32>
    seam.yield %2 : tensor<1x2x2x2xf32>
  }
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A composite that yields a value other than the end of its chain.
func.func private @dnnl_0(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> attributes {seam.backend = "dnnl"} {
  %w = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  // expected-error @below {{dnnl region: a composite must yield the end of its chain}}
  %0 = seam.composite "dnnl.conv"(%x, %w) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  ^bb0(%a: tensor<1x2x4x4xf32>, %b: tensor<2x2x3x3xf32>):
    %1 = seam.conv %a, %b : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
    %2 = seam.relu %1 : tensor<1x2x2x2xf32>
    seam.yield %1 : tensor<1x2x2x2xf32>
  }
  return %0 : tensor<1x2x2x2xf32>
}
