// RUN: seam-opt %s -split-input-file -verify-diagnostics
// REQUIRES: seam-xnnpack-backend

// The verifiers of #seam_xnnpack.op and #seam_xnnpack.region, and the errors
// of their parameter parsers: one case per error.

// Float parameters are finite f32 values, but the output bounds (+-inf:
// unbounded). A hexadecimal literal is an f32 bit pattern: 0x7F800000 is
// +inf.
// expected-error @+1 {{'alpha' must be finite}}
func.func private @f() attributes {a = #seam_xnnpack.op<leaky_relu, dst = 1, srcs = [0], alpha = 0x7F800000>}

// -----

// -inf.
// expected-error @+1 {{'pad_value' must be finite}}
func.func private @f() attributes {a = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [0, 1], pad_value = 0xFF800000>}

// -----

// NaN (0x7FC00000).
// expected-error @+1 {{'alpha' must be finite}}
func.func private @f() attributes {a = #seam_xnnpack.op<leaky_relu, dst = 1, srcs = [0], alpha = 0x7FC00000>}

// -----

// 1.0e+39 overflows f32 to inf.
// expected-error @+1 {{'pad_value' must be finite}}
func.func private @f() attributes {a = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [0, 1], pad_value = 1.0e+39>}

// -----

// The output clamp is an interval: min < max, neither NaN.
// expected-error @+1 {{output_min must be less than output_max}}
func.func private @f() attributes {a = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = 6.0, output_max = 0.0>}

// -----

// expected-error @+1 {{output_min must be less than output_max}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], output_min = 1.0, output_max = 1.0>}

// -----

// expected-error @+1 {{output_min must be less than output_max}}
func.func private @f() attributes {a = #seam_xnnpack.op<add, dst = 2, srcs = [0, 1], output_min = 0x7FC00000>}

// -----

// +inf as the lower bound leaves nothing below the default upper one.
// expected-error @+1 {{output_min must be less than output_max}}
func.func private @f() attributes {a = #seam_xnnpack.op<clamp, dst = 1, srcs = [0], output_min = 0x7F800000>}

// -----

// The number of sources of each kind.
// expected-error @+1 {{conv2d takes 2 sources, not 1}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 1, srcs = [0], kernel = [3, 3]>}

// -----

// A bias is no source.
// expected-error @+1 {{fully_connected takes 2 sources, not 3}}
func.func private @f() attributes {a = #seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1, 2]>}

// -----

// expected-error @+1 {{add takes 2 sources, not 1}}
func.func private @f() attributes {a = #seam_xnnpack.op<add, dst = 1, srcs = [0]>}

// -----

// expected-error @+1 {{divide takes 2 sources, not 3}}
func.func private @f() attributes {a = #seam_xnnpack.op<divide, dst = 3, srcs = [0, 1, 2]>}

// -----

// expected-error @+1 {{softmax takes 1 sources, not 2}}
func.func private @f() attributes {a = #seam_xnnpack.op<softmax, dst = 2, srcs = [0, 1]>}

// -----

// expected-error @+1 {{reshape takes 1 sources, not 0}}
func.func private @f() attributes {a = #seam_xnnpack.op<reshape, dst = 1, srcs = []>}

// -----

// expected-error @+1 {{concat takes at least 2 sources, not 1}}
func.func private @f() attributes {a = #seam_xnnpack.op<concat, dst = 1, srcs = [0], axis = 1>}

// -----

// Only conv2d and fully_connected have a bias.
// expected-error @+1 {{add has no bias}}
func.func private @f() attributes {a = #seam_xnnpack.op<add, dst = 3, srcs = [0, 1], bias = 2>}

// -----

// expected-error @+1 {{max_pool2d has no bias}}
func.func private @f() attributes {a = #seam_xnnpack.op<max_pool2d, dst = 2, srcs = [0], bias = 1, kernel = [2, 2]>}

// -----

// Only conv2d has a group, a positive one.
// expected-error @+1 {{group must be positive, not 0}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], group = 0>}

// -----

// expected-error @+1 {{group must be positive, not -2}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], group = -2>}

// -----

// expected-error @+1 {{avg_pool2d has no group}}
func.func private @f() attributes {a = #seam_xnnpack.op<avg_pool2d, dst = 1, srcs = [0], kernel = [2, 2], group = 2>}

// -----

// Only avg_pool2d counts padding.
// expected-error @+1 {{max_pool2d has no count_include_pad}}
func.func private @f() attributes {a = #seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [2, 2], count_include_pad = true>}

// -----

// Only fully_connected transposes its weight.
// expected-error @+1 {{conv2d has no trans_b}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 1], trans_b = true>}

// -----

// transpose and slice take one source.
// expected-error @+1 {{transpose takes 1 sources, not 2}}
func.func private @f() attributes {a = #seam_xnnpack.op<transpose, dst = 2, srcs = [0, 1], perm = [1, 0]>}

// -----

// expected-error @+1 {{slice takes 1 sources, not 0}}
func.func private @f() attributes {a = #seam_xnnpack.op<slice, dst = 1, srcs = [], starts = [0], steps = [1]>}

// -----

// Only transpose has a perm,
// expected-error @+1 {{reshape has no perm}}
func.func private @f() attributes {a = #seam_xnnpack.op<reshape, dst = 1, srcs = [0], perm = [1, 0]>}

// -----

// expected-error @+1 {{slice has no perm}}
func.func private @f() attributes {a = #seam_xnnpack.op<slice, dst = 1, srcs = [0], perm = [0], starts = [0], steps = [1]>}

// -----

// only slice has starts and steps,
// expected-error @+1 {{transpose has no starts or steps}}
func.func private @f() attributes {a = #seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [1, 0], starts = [0, 0]>}

// -----

// expected-error @+1 {{concat has no starts or steps}}
func.func private @f() attributes {a = #seam_xnnpack.op<concat, dst = 2, srcs = [0, 1], axis = 1, steps = [1, 1]>}

// -----

// and a step is not 0 (negative ones count down).
// expected-error @+1 {{slice: 'steps' has a 0}}
func.func private @f() attributes {a = #seam_xnnpack.op<slice, dst = 1, srcs = [0], starts = [0, 3], steps = [-1, 0]>}

// -----

// The window of conv2d, max_pool2d and avg_pool2d: a kernel of 2 entries
// (H, W), strides and dilations of 2 (or none: 1s), pads of 4 (or none: 0s).
// expected-error @+1 {{conv2d: 'kernel' has 0 entries, expected 2}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1]>}

// -----

// expected-error @+1 {{max_pool2d: 'kernel' has 3 entries, expected 2}}
func.func private @f() attributes {a = #seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [2, 2, 2]>}

// -----

// expected-error @+1 {{avg_pool2d: 'strides' has 1 entries, expected 2}}
func.func private @f() attributes {a = #seam_xnnpack.op<avg_pool2d, dst = 1, srcs = [0], kernel = [2, 2], strides = [2]>}

// -----

// expected-error @+1 {{conv2d: 'pads' has 2 entries, expected 4}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [3, 3], pads = [1, 1]>}

// -----

// expected-error @+1 {{max_pool2d: 'dilations' has 3 entries, expected 2}}
func.func private @f() attributes {a = #seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [2, 2], dilations = [1, 1, 1]>}

// -----

// Each entry has its minimum: 1, pads 0.
// expected-error @+1 {{conv2d: 'kernel' has 0, below 1}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [3, 0]>}

// -----

// expected-error @+1 {{avg_pool2d: 'strides' has 0, below 1}}
func.func private @f() attributes {a = #seam_xnnpack.op<avg_pool2d, dst = 1, srcs = [0], kernel = [2, 2], strides = [1, 0]>}

// -----

// expected-error @+1 {{max_pool2d: 'pads' has -1, below 0}}
func.func private @f() attributes {a = #seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [2, 2], pads = [0, 0, -1, 0]>}

// -----

// expected-error @+1 {{conv2d: 'dilations' has -2, below 1}}
func.func private @f() attributes {a = #seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [3, 3], dilations = [-2, 1]>}

// -----

// Other kinds have no window (constant_pad has pads, of its own).
// expected-error @+1 {{softmax has no window (kernel, strides, pads, dilations)}}
func.func private @f() attributes {a = #seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = 1, kernel = [2, 2]>}

// -----

// expected-error @+1 {{global_avg_pool2d has no window (kernel, strides, pads, dilations)}}
func.func private @f() attributes {a = #seam_xnnpack.op<global_avg_pool2d, dst = 1, srcs = [0], strides = [1, 1]>}

// -----

// expected-error @+1 {{add has no window (kernel, strides, pads, dilations)}}
func.func private @f() attributes {a = #seam_xnnpack.op<add, dst = 2, srcs = [0, 1], pads = [0, 0, 0, 0]>}

// -----

// expected-error @+1 {{fully_connected has no window (kernel, strides, pads, dilations)}}
func.func private @f() attributes {a = #seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1], dilations = [1, 1]>}

// -----

// expected-error @+1 {{constant_pad has no window (kernel, strides, pads, dilations)}}
func.func private @f() attributes {a = #seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [1, 1], kernel = [1]>}

// -----

// RegionAttr: the values' shapes: rank 0 to 6, dims >= 1.
// expected-error @+1 {{value 0 has rank 7 (XNNPACK takes at most 6)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 1, 1, 1, 1, 1, 8], [1, 1, 1, 1, 1, 1, 8]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<sigmoid, dst = 1, srcs = [0]>]>}

// -----

// expected-error @+1 {{value 1 has a dim of 0 (XNNPACK needs dims >= 1)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 0], [2, 0]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{value 2 has a dim of -1 (XNNPACK needs dims >= 1)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, -1]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// Value numbers are in range.
// expected-error @+1 {{input refers to value 3, but the region has 3 values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [3], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{weight refers to value -1, but the region has 3 values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [-1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{op 0 (fully_connected) refers to value 7, but the region has 3 values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 7]>]>}

// -----

// The bias too.
// expected-error @+1 {{op 0 (fully_connected) refers to value 3, but the region has 3 values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1], bias = 3>]>}

// -----

// The dst too.
// expected-error @+1 {{op 0 (fully_connected) refers to value 3, but the region has 3 values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 3, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{output refers to value 5, but the region has 3 values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [5], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// Each value is defined once: as an input, a weight or an op's dst.
// expected-error @+1 {{weight redefines value 0}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [0], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{input redefines value 0}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0, 0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{op 0 (fully_connected) redefines value 1}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 1, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{op 1 (sigmoid) redefines value 2}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>, #seam_xnnpack.op<sigmoid, dst = 2, srcs = [2]>]>}

// -----

// Values are defined before they are used: sources, bias, outputs.
// expected-error @+1 {{op 0 (fully_connected) uses value 2 before it is defined}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [2, 1]>]>}

// -----

// expected-error @+1 {{op 0 (conv2d) uses value 2 before it is defined}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 2, 4, 4], [4, 2, 1, 1], [4], [1, 4, 4, 4]], inputs = [0], weights = [1], outputs = [3], ops = [#seam_xnnpack.op<conv2d, dst = 3, srcs = [0, 1], bias = 2, kernel = [1, 1]>]>}

// -----

// Ops run in order: an op uses the dsts of the ops before it.
// expected-error @+1 {{op 0 (sigmoid) uses value 2 before it is defined}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[4], [4], [4]], inputs = [0], outputs = [2], ops = [#seam_xnnpack.op<sigmoid, dst = 1, srcs = [2]>, #seam_xnnpack.op<sigmoid, dst = 2, srcs = [1]>]>}

// -----

// Not its own dst.
// expected-error @+1 {{op 0 (sigmoid) uses value 1 before it is defined}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[4], [4]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<sigmoid, dst = 1, srcs = [1]>]>}

// -----

// expected-error @+1 {{output uses value 3 before it is defined}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4], [2, 4]], inputs = [0], weights = [1], outputs = [3], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// expected-error @+1 {{a region needs at least one output}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// 'outputs' may be omitted (it is an empty list), but a region has outputs.
// expected-error @+1 {{a region needs at least one output}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>}

// -----

// Windowed ops and global_avg_pool2d take a 4-D source (N, C, H, W).
// expected-error @+1 {{op 0 (conv2d) needs a 4-D source, not 3-D}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 2, 8], [4, 2, 3], [1, 4, 6]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<conv2d, dst = 2, srcs = [0, 1], kernel = [1, 3]>]>}

// -----

// expected-error @+1 {{op 0 (max_pool2d) needs a 4-D source, not 5-D}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 2, 4, 4, 4], [1, 2, 2, 2, 2]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<max_pool2d, dst = 1, srcs = [0], kernel = [2, 2], strides = [2, 2]>]>}

// -----

// expected-error @+1 {{op 0 (avg_pool2d) needs a 4-D source, not 2-D}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[4, 4], [2, 2]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<avg_pool2d, dst = 1, srcs = [0], kernel = [2, 2], strides = [2, 2]>]>}

// -----

// expected-error @+1 {{op 0 (global_avg_pool2d) needs a 4-D source, not 3-D}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 4, 8], [1, 4, 1]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<global_avg_pool2d, dst = 1, srcs = [0]>]>}

// -----

// constant_pad has 2 pads per dim of its source, begins then ends.
// expected-error @+1 {{op 0 (constant_pad): 'pads' has 4 entries, expected 6}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3, 4], [2, 4, 6]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<constant_pad, dst = 1, srcs = [0], pads = [0, 1, 0, 1]>]>}

// -----

// expected-error @+1 {{op 0 (constant_pad): 'pads' has 0 entries, expected 2}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[4], [4]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<constant_pad, dst = 1, srcs = [0]>]>}

// -----

// A transpose's perm is a permutation of its source's dims: each once,
// expected-error @+1 {{op 0 (transpose): 'perm' is not a permutation of the 3 dims of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3, 4], [2, 3, 4]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [0, 1, 1]>]>}

// -----

// in range,
// expected-error @+1 {{op 0 (transpose): 'perm' is not a permutation of the 3 dims of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3, 4], [2, 4, 3]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [0, 3, 1]>]>}

// -----

// expected-error @+1 {{op 0 (transpose): 'perm' is not a permutation of the 2 dims of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3], [3, 2]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [-1, 0]>]>}

// -----

// all of them (none: not even an identity).
// expected-error @+1 {{op 0 (transpose): 'perm' is not a permutation of the 4 dims of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 2, 3, 4], [2, 1, 3, 4]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [1, 0, 2]>]>}

// -----

// expected-error @+1 {{op 0 (transpose): 'perm' is not a permutation of the 2 dims of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0]>]>}

// -----

// A slice has one start and one step per dim of its source.
// expected-error @+1 {{op 0 (slice): 'starts' and 'steps' need 3 entries each, one per dim of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 6, 7], [2, 3, 7]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<slice, dst = 1, srcs = [0], starts = [0, 3], steps = [1, 1, 1]>]>}

// -----

// expected-error @+1 {{op 0 (slice): 'starts' and 'steps' need 3 entries each, one per dim of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 6, 7], [2, 3, 7]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<slice, dst = 1, srcs = [0], starts = [0, 3, 0], steps = [1, 1, 1, 1]>]>}

// -----

// expected-error @+1 {{op 0 (slice): 'starts' and 'steps' need 1 entries each, one per dim of its source}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[8], [4]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<slice, dst = 1, srcs = [0]>]>}

// -----

// softmax and concat have an axis of their first source, normalized.
// expected-error @+1 {{op 0 (softmax): axis 2 is not in [0, 2)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 8], [2, 8]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = 2>]>}

// -----

// expected-error @+1 {{op 0 (softmax): axis -1 is not in [0, 4)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 4, 2, 2], [1, 4, 2, 2]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<softmax, dst = 1, srcs = [0], axis = -1>]>}

// -----

// expected-error @+1 {{op 0 (concat): axis 4 is not in [0, 4)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 2, 3, 3], [1, 2, 3, 3], [1, 4, 3, 3]], inputs = [0, 1], outputs = [2], ops = [#seam_xnnpack.op<concat, dst = 2, srcs = [0, 1], axis = 4>]>}

// -----

// expected-error @+1 {{op 0 (concat): axis -3 is not in [0, 4)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[1, 2, 3, 3], [1, 2, 3, 3], [1, 4, 3, 3]], inputs = [0, 1], outputs = [2], ops = [#seam_xnnpack.op<concat, dst = 2, srcs = [0, 1], axis = -3>]>}

// -----

// Parser errors: unknown keywords, bad values, missing parameters.
// expected-error @+2 {{unknown op kind 'convolution'}}
// expected-error @+1 {{failed to parse SeamXnnpack_OpAttr parameter 'kind' which is to be a `::seam::xnnpack_region::OpKind`}}
func.func private @f() attributes {a = #seam_xnnpack.op<convolution, dst = 2, srcs = [0, 1]>}

// -----

// The keywords are the runtime's ("hardswish", not seam's "hard_swish").
// expected-error @+2 {{unknown op kind 'hard_swish'}}
// expected-error @+1 {{failed to parse SeamXnnpack_OpAttr parameter 'kind' which is to be a `::seam::xnnpack_region::OpKind`}}
func.func private @f() attributes {a = #seam_xnnpack.op<"hard_swish", dst = 1, srcs = [0]>}

// -----

// expected-error @+2 {{unknown op kind ''}}
// expected-error @+1 {{failed to parse SeamXnnpack_OpAttr parameter 'kind' which is to be a `::seam::xnnpack_region::OpKind`}}
func.func private @f() attributes {a = #seam_xnnpack.op<"", dst = 1, srcs = [0]>}

// -----

// expected-error @+2 {{expected 'true' or 'false'}}
// expected-error @+1 {{failed to parse SeamXnnpack_OpAttr parameter 'trans_b' which is to be a `bool`}}
func.func private @f() attributes {a = #seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1], trans_b = yes>}

// -----

// expected-error @+1 {{struct is missing required parameter: dst}}
func.func private @f() attributes {a = #seam_xnnpack.op<add, srcs = [0, 1]>}

// -----

// expected-error @+1 {{struct is missing required parameter: values}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", outputs = [0]>}

// -----

// seam.kernel_call checks its operands against the description (the
// interface's verifyKernelCall): the region's name,
func.func @f(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it runs region 'xnnpack_1', the description is of region 'xnnpack_0'}}
  seam.kernel_call "xnnpack" "xnnpack_1" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

// the number of inputs, weights and outputs,
func.func @f(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it has 2 inputs, the region 1}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x, %w : memref<2x8xf32>, memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

func.func @f(%x: memref<2x8xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it has 0 weights, the region 1}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<2x8xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

func.func @f(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it has 2 outputs, the region 1}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out, %out : memref<2x4xf32>, memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

// and the type of each: static, f32, of its value's dims.
func.func @f(%x: memref<2x8xf16>, %w: memref<8x4xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #0 has type 'memref<2x8xf16>', the region's value 0 is 2x8 f32}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<2x8xf16>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

func.func @f(%x: memref<?x8xf32>, %w: memref<8x4xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #0 has type 'memref<?x8xf32>', the region's value 0 is 2x8 f32}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<?x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

func.func @f(%x: memref<2x8xf32>, %w: memref<4x8xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: weight #0 has type 'memref<4x8xf32>', the region's value 1 is 8x4 f32}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<2x8xf32>) weights(%w : memref<4x8xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

func.func @f(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %out: memref<2x5xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: output #0 has type 'memref<2x5xf32>', the region's value 2 is 2x4 f32}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x5xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2], ops = [#seam_xnnpack.op<fully_connected, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

// A 0-d value is no [1].
func.func @f(%x: memref<2x8xf32>, %s: memref<1xf32>, %out: memref<2x8xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #1 has type 'memref<1xf32>', the region's value 1 is 0-d f32}}
  seam.kernel_call "xnnpack" "xnnpack_0" ins(%x, %s : memref<2x8xf32>, memref<1xf32>) outs(%out : memref<2x8xf32>)
      description(#seam_xnnpack.region<name = "xnnpack_0", values = [[2, 8], [], [2, 8]], inputs = [0, 1], outputs = [2], ops = [#seam_xnnpack.op<multiply, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

// A transpose's dst has its source's dims, permuted,
// expected-error @+1 {{op 0 (transpose): dst dim 1 is 3, source dim 2 is 4}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3, 4], [2, 3, 4]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [0, 2, 1]>]>}

// -----

// and its rank.
// expected-error @+1 {{op 0 (transpose): its dst has rank 2, its source 3}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 3, 4], [2, 12]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<transpose, dst = 1, srcs = [0], perm = [0, 2, 1]>]>}

// -----

// A slice takes only indices of its source: 3 elements from 2 by 2 end at 6,
// expected-error @+1 {{op 0 (slice): dim 1 takes 3 elements from 2 by 2, outside [0, 6)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 6], [2, 3]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<slice, dst = 1, srcs = [0], starts = [0, 2], steps = [1, 2]>]>}

// -----

// and 2 elements from 0 by -1 end at -1.
// expected-error @+1 {{op 0 (slice): dim 0 takes 2 elements from 0 by -1, outside [0, 2)}}
func.func private @f() attributes {a = #seam_xnnpack.region<name = "r", values = [[2, 6], [2, 6]], inputs = [0], outputs = [1], ops = [#seam_xnnpack.op<slice, dst = 1, srcs = [0], starts = [0, 0], steps = [-1, 1]>]>}
