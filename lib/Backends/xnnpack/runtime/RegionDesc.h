//===- RegionDesc.h - The description of one XNNPACK region -----*- C++ -*-===//
//
// What the compiler knows about an offloaded region and the runtime needs to
// build its XNNPACK subgraph: its values with their shapes, which are region
// inputs, weights (constants passed by pointer at creation) and outputs, and
// its ops in execution order with their attributes.
//
// The compiler holds it as its typed region attribute and serializes it with
// `serialize` into a constant of the generated module; the runtime reads it
// back with `deserialize` once, when the session is created. The blob is
// versioned: a runtime rejects a blob of another version, naming both.
//
// The description speaks ONNX: every value is a row-major tensor with the
// dims the graph gives it (4-D activations NCHW, conv filters OIHW). The
// runtime alone knows that XNNPACK computes in NHWC; it converts at the
// region boundary (see "Layout" below) and repacks weights once.
//
// This header is shared by the compiler and the runtime: it depends on the
// C++ standard library only. The op kinds and their keywords below are the
// one definition both sides use.
//
//===----------------------------------------------------------------------===//
//
// Values
// ------
// `values[v]` are the dims of value v (rank 0 to kMaxRank, every dim >= 1).
// Each value is a region input, a weight, or the dst of exactly one op, and
// is defined before any op uses it. A value may not be both an input (or a
// weight) and an output. Outputs are dsts of ops.
//
// Weights are f32 data of their dims, row-major. Conv filters and biases
// and fully_connected weights and biases must be weights (XNNPACK packs them
// when the region is built); any other source may be a weight too (e.g. a
// constant operand of a binary op). Every dim is checked: the dst dims of
// each op must be exactly what it computes (XNNPACK itself does not check).
//
// Ops
// ---
// Every op computes dst = clamp(op(srcs), outputMin, outputMax): the fused
// clamp (relu is [0, +inf], relu6 [0, 6]) is part of every op kind; ±inf
// (the defaults) when there is none. outputMin < outputMax, neither NaN.
// Fields an op kind does not list keep their defaults. Spatial attributes
// are for (H, W): kernel, strides and dilations have 2 entries; pads have 4
// in ONNX order, begins then ends: [top, left, bottom, right]. kernel is
// required; empty strides/dilations mean 1s and empty pads 0s. Output sizes
// use floor: (in + begin + end - ((k - 1) * dilation + 1)) / stride + 1;
// express ONNX ceil_mode by enlarging the end pads (see each pool below).
//
//   conv2d            srcs [input, filter], bias (or -1), kernel, strides,
//                     pads, dilations, group.
//                     input [N, C, H, W]; filter [O, C / group, kh, kw] (OIHW,
//                     kernel == [kh, kw]); bias [O]; dst [N, O, OH, OW].
//                     group > 1 and group == C is a depthwise convolution
//                     (O = C * multiplier).
//   fully_connected   srcs [input, weight], bias (or -1), transB.
//                     input [..., K] of any rank but 4; weight [K, N] when
//                     transB is false (ONNX MatMul, Gemm transB=0) or [N, K]
//                     when true (Gemm transB=1); bias [N]; dst [..., N].
//                     No alpha/beta/transA: fold them or refuse.
//   max_pool2d        srcs [input], kernel, strides, pads, dilations.
//                     input [N, C, H, W]. Padding never wins the max. The
//                     window must not be 1x1 (XNNPACK refuses it).
//   avg_pool2d        srcs [input], kernel, strides, pads, countIncludePad;
//                     dilations empty or [1, 1]. XNNPACK's average pooling
//                     divides by the number of input pixels under the window
//                     (count_include_pad = 0); with countIncludePad the
//                     runtime zero-pads explicitly first, so every padded
//                     pixel counts. With countIncludePad, ONNX ceil_mode may
//                     only be expressed by larger end pads if ONNX would count
//                     those pixels too (it does not: refuse ceil_mode with
//                     count_include_pad when it changes the output size). The
//                     window must not be 1x1.
//   global_avg_pool2d srcs [input]: input [N, C, H, W], dst [N, C, 1, 1] or
//                     [N, C] (ONNX ReduceMean over H and W, keepdims 0).
//   add, multiply,    srcs [a, b], NumPy broadcasting, ranks <= 6, dst the
//   subtract, divide  broadcast shape. When dst is 4-D, an operand of lower
//                     rank is aligned to 4-D as NumPy does; if it is not a
//                     weight it must then have C == 1 or H * W == 1 (e.g.
//                     [C, 1, 1] or [W]). When dst has rank 5 or 6, a 4-D
//                     operand that is not a weight must have C == 1 or
//                     H * W == 1.
//   clamp             srcs [x]; the bounds are outputMin/outputMax.
//   hardswish,        srcs [x]: elementwise, dst dims == x dims.
//   sigmoid
//   leaky_relu        srcs [x], alpha (the slope for x < 0).
//   softmax           srcs [x], axis (0 <= axis < rank, normalized): over
//                     one axis (ONNX opset 13). XNNPACK normalizes the
//                     innermost dim of its layout only, so axis must be the
//                     last one (rank - 1), or 1 (C) for a 4-D x.
//   constant_pad      srcs [x], pads (2 * rank entries, begins then ends,
//                     each >= 0: no cropping), padValue.
//   concat            srcs [x0, x1, ...] (at least 2, same rank, dims equal
//                     but on axis), axis (0 <= axis < rank). This XNNPACK
//                     has no concatenate node: the runtime copies the
//                     sources itself (a host step between XNNPACK segments,
//                     see "Steps" below); exact.
//   reshape           srcs [x]: the row-major data of x with the dst's dims
//                     (same element count), any ranks. When x or the dst is
//                     4-D with C == 1 or H * W == 1 (e.g. [N, C, 1, 1] ->
//                     [N, C]) its data is the same in NHWC, and the reshape
//                     is an XNNPACK view; otherwise (e.g. a flatten
//                     [N, 256, 6, 6] -> [N, 9216]) the runtime transposes
//                     NHWC -> NCHW order, or back for a 4-D dst, in a host
//                     step.
//   transpose         srcs [x], perm (a permutation of [0, rank)): dst dim i
//                     is x's dim perm[i], as ONNX Transpose. A host step.
//   slice             srcs [x], starts, steps (one of each per dim of x,
//                     steps nonzero): dst element i of dim d is x's element
//                     starts[d] + i * steps[d], every index in range (ONNX
//                     Slice with its bounds resolved; the dst's dims are the
//                     counts). A host step.
//
// Layout
// ------
// Inside a region every 4-D value is NHWC (XNNPACK's layout), every other
// value row-major as in ONNX. 4-D region inputs are transposed NCHW -> NHWC
// before each run and 4-D outputs NHWC -> NCHW after it, except values with
// C == 1 or H * W == 1, whose data is the same in both layouts. Axis and pad
// attributes of 4-D values are mapped by the runtime.
//
// Steps
// -----
// The runtime computes concat, transpose, slice and layout-changing
// reshapes itself (host steps); the other ops run in XNNPACK. A region is run
// as a sequence of steps: XNNPACK segments (each run of consecutive XNNPACK ops
// is one XNNPACK subgraph) and host steps between them, in op order. A region
// without such ops is one subgraph. This is the runtime's business: the
// description is the same either way, and any op may use any value defined
// before it.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_XNNPACK_RUNTIME_REGIONDESC_H
#define SEAM_BACKENDS_XNNPACK_RUNTIME_REGIONDESC_H

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace seam::xnnpack_region {

/// The first bytes of a serialized description, then the format version.
inline constexpr char kMagic[8] = {'S', 'E', 'A', 'M', 'X', 'N', 'N', 'P'};
inline constexpr uint32_t kVersion = 2;

/// Largest rank XNNPACK's tensors take (XNN_MAX_TENSOR_DIMS).
inline constexpr int64_t kMaxRank = 6;

/// The kinds of ops a region holds (fields used: see the top of this file).
enum class OpKind : uint8_t {
  Conv2d,
  FullyConnected,
  MaxPool2d,
  AvgPool2d,
  GlobalAvgPool2d,
  Add,
  Multiply,
  Subtract,
  Divide,
  Clamp,
  HardSwish,
  Sigmoid,
  LeakyRelu,
  Softmax,
  ConstantPad,
  Concat,
  Reshape,
  Transpose,
  Slice,
};
inline constexpr int kNumOpKinds = 19;

/// The keyword of an op kind ("conv2d", "fully_connected", ...).
const char *getOpKeyword(OpKind kind);
/// The op kind of a keyword.
std::optional<OpKind> lookupOpKind(const std::string &keyword);

/// One op of a region. Fields an op kind does not use keep their defaults.
struct OpDesc {
  OpKind kind = OpKind::Conv2d;
  /// Operands in order (see the op kinds above).
  std::vector<int64_t> srcs;
  int64_t dst = -1;
  /// conv2d and fully_connected: the bias value, or -1.
  int64_t bias = -1;
  /// Spatial attributes (H, W); pads [top, left, bottom, right]. For
  /// constant_pad, pads has 2 * rank entries: begins then ends.
  std::vector<int64_t> kernel, strides, pads, dilations;
  int64_t group = 1;
  int64_t axis = 0;
  /// fully_connected: the weight is [N, K] (else [K, N]).
  bool transB = false;
  /// avg_pool2d: padded pixels count in the average.
  bool countIncludePad = false;
  /// The fused clamp of the result (clamp: its bounds).
  float outputMin = -std::numeric_limits<float>::infinity();
  float outputMax = std::numeric_limits<float>::infinity();
  /// leaky_relu: the slope for negative inputs.
  float alpha = 0.01f;
  /// constant_pad: the value of padded elements.
  float padValue = 0;
  /// transpose: dst dim i is src dim perm[i].
  std::vector<int64_t> perm;
  /// slice: per src dim, the first index and the step.
  std::vector<int64_t> starts, steps;
};

/// A whole region.
struct RegionDesc {
  std::string name;
  /// The dims of every value, by value number (a 0-d value has none).
  std::vector<std::vector<int64_t>> values;
  /// Values that are region arguments / weights / results, in order.
  std::vector<int64_t> inputs, weights, outputs;
  std::vector<OpDesc> ops;
};

/// The versioned binary form of `region`.
std::vector<uint8_t> serialize(const RegionDesc &region);

/// Reads a serialized region of `size` bytes; on error (another version,
/// truncated or malformed data, a value number out of range, an unknown
/// op kind) returns false and says why in `error`.
bool deserialize(const void *data, size_t size, RegionDesc &region,
                 std::string &error);

} // namespace seam::xnnpack_region

#endif // SEAM_BACKENDS_XNNPACK_RUNTIME_REGIONDESC_H
