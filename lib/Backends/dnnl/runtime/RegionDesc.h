//===- RegionDesc.h - The description of one oneDNN region ------*- C++ -*-===//
//
// What the compiler knows about an offloaded region and the runtime needs to
// build its primitives: its values with their shapes, which are region
// inputs, weights (constants passed by pointer at creation) and outputs, and
// its ops in execution order with their attributes and post-ops.
//
// The compiler holds it as the attribute #seam_dnnl.region<...>
// (lib/Backends/dnnl/IR), verified and printed in the IR, and serializes it
// with `serialize` into a constant of the generated module; the runtime reads
// it back with `deserialize` once, when the session is created. The blob is
// versioned: a runtime rejects a blob of another version by name.
//
// The enums below are the one definition of op kinds and algorithms: the
// attribute's parser and printer use these values and keywords too.
//
// This header is shared by the compiler and the runtime: it depends on the
// C++ standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_DNNL_RUNTIME_REGIONDESC_H
#define SEAM_BACKENDS_DNNL_RUNTIME_REGIONDESC_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace seam::dnnl_region {

/// The first bytes of a serialized description, then the format version.
inline constexpr char kMagic[8] = {'S', 'E', 'A', 'M', 'D', 'N', 'N', 'L'};
inline constexpr uint32_t kVersion = 4;

/// Largest rank oneDNN's memory descriptors take (DNNL_MAX_NDIMS).
inline constexpr int64_t kMaxRank = 12;

/// The kinds of ops a region holds.
enum class OpKind : uint8_t {
  Conv,      // src weights [bias] strides pads dilations group
  MatMul,    // src weights [bias] trans_a trans_b alpha beta
  Pool,      // src alg kernel strides pads dilations
  Softmax,   // src axis
  Eltwise,   // src alg alpha beta
  Binary,    // src src1 alg
  BatchNorm, // src scale bias mean var epsilon
  Concat,    // srcs axis
  Reshape,   // src: the same row-major data with the dst's dims (a view)
  Transpose, // src perm: dst dim i is src dim perm[i]
  Slice,     // src offsets: the dst-sized block of src at offsets
  Reduce,    // src alg (reduce_*): over the dims where dst has 1
  Deconv,    // src weights [bias] strides pads dilations group; ONNX
             // ConvTranspose weights, pads ends less output_padding
  LayerNorm, // src scale [bias: the shift] epsilon: over the last dim
  Resample,  // src alg: N x C x spatial, resized to the dst's dims
};
inline constexpr int kNumOpKinds = 15;

/// The oneDNN algorithm of an eltwise, binary, pooling or reduction op (or
/// of an eltwise post-op).
enum class Algorithm : uint8_t {
  None,
  // eltwise
  Relu,
  Tanh,
  Elu,
  Abs,
  Sqrt,
  Linear,
  Logistic,
  Exp,
  Log,
  Clip,
  HardSwish,
  GeluErf,
  Swish,
  SoftRelu,
  Square,
  GeluTanh,
  // binary
  Add,
  Sub,
  Mul,
  Div,
  Max,
  Min,
  // pooling
  PoolMax,
  PoolAvgInclude,
  PoolAvgExclude,
  // reduction
  ReduceMean,
  ReduceSum,
  ReduceMax,
  ReduceMin,
  ReduceProd,
  // resampling
  ResampleNearest,
  ResampleLinear,
};
inline constexpr int kNumAlgorithms = 33;

/// The element type of a value: f32, or the int8 products' types (their
/// operands, int32 biases and accumulators, requantized results).
enum class DataType : uint8_t { F32, S8, U8, S32 };
inline constexpr int kNumDataTypes = 4;

/// The keyword of an op kind ("conv", "matmul", ...).
const char *getOpKeyword(OpKind kind);
/// The keyword of an algorithm ("relu", "add", "pool_max", "reduce_mean").
const char *getAlgorithmKeyword(Algorithm algorithm);
/// The keyword of a data type ("f32", "s8", "u8", "s32").
const char *getDataTypeKeyword(DataType type);
std::optional<DataType> lookupDataType(const std::string &keyword);
/// The op kind or algorithm of a keyword.
std::optional<OpKind> lookupOpKind(const std::string &keyword);
std::optional<Algorithm> lookupAlgorithm(const std::string &keyword);
/// The op kind an algorithm belongs to (Eltwise, Binary, Pool, Reduce or
/// Resample);
/// nullopt for None.
std::optional<OpKind> getAlgorithmOpKind(Algorithm algorithm);

/// One fused post-op: an elementwise function of the result, the sum
/// (accumulation) of a residual value into it, or a binary function of the
/// result and a value that broadcasts into it (an attention score's scale
/// and additive mask).
struct PostOp {
  enum class Kind : uint8_t { Eltwise, Sum, Binary } kind = Kind::Eltwise;
  /// Eltwise and binary: the algorithm; eltwise: its parameters.
  Algorithm alg = Algorithm::None;
  float alpha = 0, beta = 0;
  /// Sum: the residual value; binary: the second operand.
  int64_t value = -1;
};
inline constexpr int kNumPostOpKinds = 3;

/// One op of a region. Fields an op kind does not use keep their defaults.
struct OpDesc {
  OpKind kind = OpKind::Conv;
  int64_t dst = -1;
  /// Operands in order: conv/matmul src, weights; binary src0, src1;
  /// batch norm src, scale, bias, mean, var; concat every input; others src.
  std::vector<int64_t> srcs;
  /// Conv and matmul bias value, layer norm shift, or -1.
  int64_t bias = -1;
  std::vector<int64_t> kernel, strides, pads, dilations, perm, offsets;
  int64_t group = 1;
  int64_t axis = 0;
  bool transA = false, transB = false;
  float alpha = 1, beta = 1, epsilon = 1e-5f;
  Algorithm alg = Algorithm::None;
  std::vector<PostOp> postOps;
  /// Int8 conv and matmul: the factors of the int32 accumulator (one, or
  /// one per output channel / column; none: 1) before it is rounded and
  /// the dst zero point added, and the zero points of the source, the
  /// weights and the dst.
  std::vector<float> scales;
  int64_t srcZeroPoint = 0, weightZeroPoint = 0, dstZeroPoint = 0;
};

/// A whole region.
struct RegionDesc {
  std::string name;
  /// The dims of every value, by value number (a 0-d value has none).
  std::vector<std::vector<int64_t>> values;
  /// The element type of every value, by value number.
  std::vector<DataType> types;
  /// Values that are region arguments / weights / results, in order.
  std::vector<int64_t> inputs, weights, outputs;
  std::vector<OpDesc> ops;
};

/// The versioned binary form of `region`.
std::vector<uint8_t> serialize(const RegionDesc &region);

/// Reads a serialized region of `size` bytes; on error (another version,
/// truncated or malformed data, a value number out of range, an unknown
/// enum) returns false and says why in `error`.
bool deserialize(const void *data, size_t size, RegionDesc &region,
                 std::string &error);

} // namespace seam::dnnl_region

#endif // SEAM_BACKENDS_DNNL_RUNTIME_REGIONDESC_H
