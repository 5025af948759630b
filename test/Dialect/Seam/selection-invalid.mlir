// RUN: seam-opt %s -split-input-file -verify-diagnostics

// The shape and attribute rules of seam.top_k, seam.one_hot,
// seam.gather_nd, seam.scatter_elements and seam.scatter_nd, one case per
// diagnostic.

func.func @top_k_k_too_large(%x: tensor<3x4xf32>) -> tensor<3x5xf32> {
  // expected-error @+2 {{'seam.top_k' op k (5) must be in [1, 4], the size of axis 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = seam.top_k %x {k = 5 : i64} : (tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
  return %v : tensor<3x5xf32>
}

// -----

func.func @top_k_axis(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'seam.top_k' op axis 2 is out of range}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = seam.top_k %x {k = 2 : i64, axis = 2 : i64} : (tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  return %v : tensor<3x2xf32>
}

// -----

func.func @top_k_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{'seam.top_k' op input must have rank >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = seam.top_k %x {k = 1 : i64} : (tensor<f32>) -> (tensor<f32>, tensor<i64>)
  return %v : tensor<f32>
}

// -----

func.func @one_hot_values(%i: tensor<3xi64>, %v: tensor<3xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.one_hot' op values must have shape [2] (off, on), got [3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.one_hot %i, %v {depth = 4 : i64} : (tensor<3xi64>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @one_hot_depth(%i: tensor<3xi64>, %v: tensor<2xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.one_hot' op depth must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.one_hot %i, %v {depth = 0 : i64} : (tensor<3xi64>, tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @one_hot_axis(%i: tensor<3xi64>, %v: tensor<2xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.one_hot' op axis -3 is out of range}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.one_hot %i, %v {depth = 4 : i64, axis = -3 : i64} : (tensor<3xi64>, tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @gather_nd_batch_dims(%d: tensor<2x3xf32>, %i: tensor<2x1xi64>) -> tensor<2xf32> {
  // expected-error @+2 {{'seam.gather_nd' op batch_dims (2) must be in [0, min(rank(data), rank(indices))) = [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gather_nd %d, %i {batch_dims = 2 : i64} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_nd_batch_mismatch(%d: tensor<2x3xf32>, %i: tensor<3x1xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'seam.gather_nd' op the first 1 dims of indices [3, 1] and data [2, 3] must agree}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gather_nd %d, %i {batch_dims = 1 : i64} : (tensor<2x3xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @gather_nd_tuple(%d: tensor<2x3xf32>, %i: tensor<4x3xi64>) -> tensor<4xf32> {
  // expected-error @+2 {{'seam.gather_nd' op the last dim of indices (3) must be in [1, 2] (rank of data minus batch_dims)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gather_nd %d, %i : (tensor<2x3xf32>, tensor<4x3xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scatter_elements_shapes(%d: tensor<3x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x3xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.scatter_elements' op indices [3, 2] and updates [3, 3] must have one shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_elements %d, %i, %u : (tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_elements_rank(%d: tensor<3x4xf32>, %i: tensor<6xi64>, %u: tensor<6xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.scatter_elements' op indices [6] must have the rank of data [3, 4] (at least 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_elements %d, %i, %u : (tensor<3x4xf32>, tensor<6xi64>, tensor<6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_elements_larger(%d: tensor<3x4xf32>, %i: tensor<4x2xi64>, %u: tensor<4x2xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.scatter_elements' op indices [4, 2] must not be larger than data [3, 4] outside axis 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_elements %d, %i, %u {axis = 1 : i64} : (tensor<3x4xf32>, tensor<4x2xi64>, tensor<4x2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_elements_bool_add(%d: tensor<3xi1>, %i: tensor<2xi64>, %u: tensor<2xi1>) -> tensor<3xi1> {
  // expected-error @+2 {{'seam.scatter_elements' op reduction 'add' needs a numeric element type, got 'i1'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_elements %d, %i, %u {reduction = #seam<scatter_reduction add>} : (tensor<3xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @scatter_nd_tuple(%d: tensor<3x4xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.scatter_nd' op the last dim of indices (3) must be in [1, 2] (the rank of data)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_nd %d, %i, %u : (tensor<3x4xf32>, tensor<2x3xi64>, tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_nd_updates(%d: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'seam.scatter_nd' op updates [2, 3] must have shape [2, 4] (indices.shape[:-1] + data.shape[1:])}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_nd %d, %i, %u : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_nd_types(%d: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf64>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'seam.scatter_nd' op failed to verify that all of {data, updates, output} have same element type}}
  %0 = seam.scatter_nd %d, %i, %u : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_elements_empty_axis(%d: tensor<2x0xf32>, %i: tensor<2x1xi64>, %u: tensor<2x1xf32>) -> tensor<2x0xf32> {
  // expected-error @+2 {{'seam.scatter_elements' op indices address the dims [0] of data, and one is 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_elements %d, %i, %u {axis = 1 : i64} : (tensor<2x0xf32>, tensor<2x1xi64>, tensor<2x1xf32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

func.func @gather_nd_empty_dim(%d: tensor<3x0x2xf32>, %i: tensor<4x2xi64>) -> tensor<4x2xf32> {
  // expected-error @+2 {{'seam.gather_nd' op indices address the dims [3, 0] of data, and one is 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.gather_nd %d, %i : (tensor<3x0x2xf32>, tensor<4x2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @scatter_nd_empty_dim(%d: tensor<0x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) -> tensor<0x4xf32> {
  // expected-error @+2 {{'seam.scatter_nd' op indices address the dims [0] of data, and one is 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = seam.scatter_nd %d, %i, %u : (tensor<0x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}
