// RUN: seam-opt %s -split-input-file -verify-diagnostics
// REQUIRES: seam-dnnl-backend

// The verifiers of #seam_dnnl.post_op, #seam_dnnl.op and #seam_dnnl.region,
// and the errors of their parameter parsers: one case per error.

// A sum post-op adds a value.
// expected-error @+1 {{a sum post-op needs the value it adds}}
func.func private @f() attributes {a = #seam_dnnl.post_op<sum, alpha = 1.0>}

// -----

// expected-error @+1 {{a sum post-op has no algorithm}}
func.func private @f() attributes {a = #seam_dnnl.post_op<sum, alg = relu, value = 1>}

// -----

// An eltwise post-op needs an algorithm, and one of eltwise.
// expected-error @+1 {{an eltwise post-op needs an eltwise algorithm, not 'none'}}
func.func private @f() attributes {a = #seam_dnnl.post_op<eltwise, alpha = 1.0>}

// -----

// expected-error @+1 {{an eltwise post-op needs an eltwise algorithm, not 'add'}}
func.func private @f() attributes {a = #seam_dnnl.post_op<eltwise, alg = add>}

// -----

// expected-error @+1 {{an eltwise post-op has no value}}
func.func private @f() attributes {a = #seam_dnnl.post_op<eltwise, alg = relu, value = 0>}

// -----

// The number of sources of each kind.
// expected-error @+1 {{conv takes 2 sources, not 1}}
func.func private @f() attributes {a = #seam_dnnl.op<conv, dst = 1, srcs = [0]>}

// -----

// expected-error @+1 {{matmul takes 2 sources, not 3}}
func.func private @f() attributes {a = #seam_dnnl.op<matmul, dst = 3, srcs = [0, 1, 2]>}

// -----

// The destination holds one value to sum before the primitive runs.
// expected-error @+1 {{matmul has more than one sum post-op; a later value to add is a binary post-op}}
func.func private @f() attributes {a = #seam_dnnl.op<matmul, dst = 2, srcs = [0, 1], post_ops = [#seam_dnnl.post_op<sum, value = 3>, #seam_dnnl.post_op<sum, value = 4>]>}

// -----

// expected-error @+1 {{binary takes 2 sources, not 1}}
func.func private @f() attributes {a = #seam_dnnl.op<binary, dst = 1, srcs = [0], alg = add>}

// -----

// expected-error @+1 {{batchnorm takes 5 sources, not 4}}
func.func private @f() attributes {a = #seam_dnnl.op<batchnorm, dst = 4, srcs = [0, 1, 2, 3]>}

// -----

// expected-error @+1 {{concat takes at least 1 sources, not 0}}
func.func private @f() attributes {a = #seam_dnnl.op<concat, dst = 0>}

// -----

// expected-error @+1 {{softmax takes 1 sources, not 2}}
func.func private @f() attributes {a = #seam_dnnl.op<softmax, dst = 2, srcs = [0, 1]>}

// -----

// Eltwise, binary, pool and reduce ops need one of their own algorithms.
// expected-error @+1 {{eltwise needs one of its algorithms, not 'none'}}
func.func private @f() attributes {a = #seam_dnnl.op<eltwise, dst = 1, srcs = [0]>}

// -----

// expected-error @+1 {{binary needs one of its algorithms, not 'relu'}}
func.func private @f() attributes {a = #seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = relu>}

// -----

// expected-error @+1 {{pool needs one of its algorithms, not 'reduce_mean'}}
func.func private @f() attributes {a = #seam_dnnl.op<pool, dst = 1, srcs = [0], alg = reduce_mean>}

// -----

// expected-error @+1 {{reduce needs one of its algorithms, not 'pool_avg_exclude'}}
func.func private @f() attributes {a = #seam_dnnl.op<reduce, dst = 1, srcs = [0], alg = pool_avg_exclude>}

// -----

// Other kinds have none.
// expected-error @+1 {{conv has no algorithm}}
func.func private @f() attributes {a = #seam_dnnl.op<conv, dst = 2, srcs = [0, 1], alg = relu>}

// -----

// Only conv and matmul have a bias.
// expected-error @+1 {{batchnorm has no bias}}
func.func private @f() attributes {a = #seam_dnnl.op<batchnorm, dst = 5, srcs = [0, 1, 2, 3, 4], bias = 2>}

// -----

// expected-error @+1 {{group must be positive, not 0}}
func.func private @f() attributes {a = #seam_dnnl.op<conv, dst = 2, srcs = [0, 1], group = 0>}

// -----

// Parser errors: unknown keywords.
// expected-error @+2 {{unknown op kind 'convolution'}}
// expected-error @+1 {{failed to parse SeamDnnl_OpAttr parameter 'kind' which is to be a `::seam::dnnl_region::OpKind`}}
func.func private @f() attributes {a = #seam_dnnl.op<convolution, dst = 2, srcs = [0, 1]>}

// -----

// expected-error @+2 {{unknown op kind ''}}
// expected-error @+1 {{failed to parse SeamDnnl_OpAttr parameter 'kind' which is to be a `::seam::dnnl_region::OpKind`}}
func.func private @f() attributes {a = #seam_dnnl.op<"", dst = 2, srcs = [0, 1]>}

// -----

// expected-error @+2 {{unknown algorithm 'gelu'}}
// expected-error @+1 {{failed to parse SeamDnnl_OpAttr parameter 'alg' which is to be a `::seam::dnnl_region::Algorithm`}}
func.func private @f() attributes {a = #seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = gelu>}

// -----

// expected-error @+2 {{unknown algorithm 'Relu'}}
// expected-error @+1 {{failed to parse SeamDnnl_PostOpAttr parameter 'alg' which is to be a `::seam::dnnl_region::Algorithm`}}
func.func private @f() attributes {a = #seam_dnnl.post_op<eltwise, alg = "Relu">}

// -----

// expected-error @+2 {{expected post-op kind 'eltwise', 'sum' or 'binary'}}
// expected-error @+1 {{failed to parse SeamDnnl_PostOpAttr parameter 'kind' which is to be a `::seam::dnnl_region::PostOp::Kind`}}
func.func private @f() attributes {a = #seam_dnnl.post_op<ternary, alg = add>}

// -----

// A binary post-op reads a second operand.
// expected-error @+1 {{a binary post-op needs its second operand}}
func.func private @f() attributes {a = #seam_dnnl.post_op<binary, alg = add>}

// -----

// expected-error @+1 {{a binary post-op needs a binary algorithm, not 'relu'}}
func.func private @f() attributes {a = #seam_dnnl.post_op<binary, alg = relu, value = 1>}

// -----

// expected-error @+2 {{expected 'true' or 'false'}}
// expected-error @+1 {{failed to parse SeamDnnl_OpAttr parameter 'trans_a' which is to be a `bool`}}
func.func private @f() attributes {a = #seam_dnnl.op<matmul, dst = 2, srcs = [0, 1], trans_a = yes>}

// -----

// expected-error @+1 {{struct is missing required parameter: dst}}
func.func private @f() attributes {a = #seam_dnnl.op<matmul, srcs = [0, 1]>}

// -----

// RegionAttr: the values' shapes.
// expected-error @+1 {{value 0 has rank 13 (oneDNN takes at most 12)}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{value 1 has a dim of -4 (oneDNN needs dims >= 0)}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, -4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// Value numbers are in range.
// expected-error @+1 {{input refers to value 3, but the region has 3 values}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [3], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{weight refers to value -1, but the region has 3 values}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [-1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{op 0 (matmul) refers to value 7, but the region has 3 values}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 7]>]>}

// -----

// expected-error @+1 {{output refers to value 5, but the region has 3 values}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [5], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// Each value is defined once: as an input, a weight or an op's dst.
// expected-error @+1 {{weight redefines value 0}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [0], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{op 0 (matmul) redefines value 1}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 1, srcs = [0, 1]>]>}

// -----

// Values are defined before they are used: sources, bias, sum post-ops, outputs.
// expected-error @+1 {{op 0 (matmul) uses value 2 before it is defined}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [2, 1]>]>}

// -----

// expected-error @+1 {{op 0 (matmul) uses value 2 before it is defined}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [4], [2, 4]], inputs = [0], weights = [1], outputs = [3], ops = [#seam_dnnl.op<matmul, dst = 3, srcs = [0, 1], bias = 2>]>}

// -----

// expected-error @+1 {{op 0 (matmul) uses value 3 before it is defined}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1], post_ops = [#seam_dnnl.post_op<sum, value = 3>]>]>}

// -----

// expected-error @+1 {{output uses value 3 before it is defined}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4], [2, 4]], inputs = [0], weights = [1], outputs = [3], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{a region needs at least one output}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [], ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>}

// -----

// The window of a conv or pool fits its source's rank.
// expected-error @+1 {{op 0 (conv) needs a source of rank 3 or more}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1]>]>}

// -----

// expected-error @+1 {{op 0 (conv): 'strides' has 2 entries, expected 1}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[1, 2, 8], [4, 2, 3], [1, 4, 6]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1, 1], pads = [0, 0], dilations = [1]>]>}

// -----

// expected-error @+1 {{op 0 (conv): 'pads' has 1 entries, expected 2}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[1, 2, 8], [4, 2, 3], [1, 4, 6]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1], pads = [0], dilations = [1]>]>}

// -----

// expected-error @+1 {{op 0 (conv): 'dilations' has 0 entries, expected 1}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[1, 2, 8], [4, 2, 3], [1, 4, 6]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], strides = [1], pads = [0, 0]>]>}

// -----

// A conv's kernel is its weights' shape: optional, but of the right size.
// expected-error @+1 {{op 0 (conv): 'kernel' has 2 entries, expected 1}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[1, 2, 8], [4, 2, 3], [1, 4, 6]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_dnnl.op<conv, dst = 2, srcs = [0, 1], kernel = [3, 3], strides = [1], pads = [0, 0], dilations = [1]>]>}

// -----

// A pool needs its kernel.
// expected-error @+1 {{op 0 (pool): 'kernel' has 0 entries, expected 1}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[1, 2, 8], [1, 2, 4]], inputs = [0], weights = [], outputs = [1], ops = [#seam_dnnl.op<pool, dst = 1, srcs = [0], strides = [2], pads = [0, 0], dilations = [1], alg = pool_max>]>}

// -----

// Float parameters are finite f32 values (they print as decimal literals):
// 1.0e+39 overflows to inf.
// expected-error @+1 {{'beta' must be finite}}
func.func private @f() attributes {a = #seam_dnnl.post_op<eltwise, alg = clip, beta = 1.0e+39>}

// -----

// A sum post-op adds a value computed before its op, not the op's own result.
// expected-error @+1 {{op 0 (eltwise) uses value 1 before it is defined}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[4], [4]], inputs = [0], outputs = [1],
  ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu, post_ops = [#seam_dnnl.post_op<sum, value = 1>]>]>}

// -----

// So does a binary post-op's second operand.
// expected-error @+1 {{op 0 (matmul) uses value 3 before it is defined}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[4, 4], [4, 4], [4, 4], [1, 4]], inputs = [0, 1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1], post_ops = [#seam_dnnl.post_op<binary, alg = add, value = 3>]>]>}

// -----

// A hexadecimal literal is an f32 bit pattern: 0x7F800000 is inf.
// expected-error @+1 {{'alpha' must be finite}}
func.func private @f() attributes {a = #seam_dnnl.post_op<eltwise, alg = linear, alpha = 0x7F800000>}

// -----

// One type per value.
// expected-error @+1 {{types has 1 entries for 2 values}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[4], [4]], types = [u8], inputs = [0], outputs = [1],
  ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>}

// -----

// expected-error @+2 {{unknown data type 'u16'}}
// expected-error @+1 {{failed to parse SeamDnnl_RegionAttr parameter 'types'}}
func.func private @f() attributes {a = #seam_dnnl.region<name = "r", values = [[4], [4]], types = [u8, u16], inputs = [0], outputs = [1],
  ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>}

// -----

// Scales and zero points belong to int8 convolutions and matrix products.
// expected-error @+1 {{pool has no scales or zero points}}
func.func private @f() attributes {a = #seam_dnnl.op<pool, dst = 1, srcs = [0], kernel = [2], strides = [2], pads = [0, 0], dilations = [1], alg = pool_max, dst_zero_point = 1>}

// -----

// The call's element types are the description's.
func.func @f(%x: memref<4xf32>, %out: memref<4xi8>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #0 has type 'memref<4xf32>', the region's value 0 is 4 ui8}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<4xf32>) outs(%out : memref<4xi8>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[4], [4]], types = [u8, u8], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}
