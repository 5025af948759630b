//===- RegionDesc.h - The description of one oneDNN region ------*- C++ -*-===//
//
// What the compiler knows about an offloaded region and the runtime needs to
// build its primitives: its values with their shapes, which are region
// inputs, weights (constants passed by pointer at creation) and outputs, and
// its ops in execution order with their attributes and post-ops.
//
// The compiler (lib/Backends/dnnl/DnnlRegionWriter.cpp) serializes it into a
// string global of the generated module; the runtime parses it once, when the
// session is created. The text is one line per item, readable in lit tests:
//
//   seam-dnnl-region 1 dnnl_0
//   value 0 1x3x8x8
//   value 1 8x3x3x3
//   value 2 1x8x8x8
//   input 0
//   weight 1
//   conv dst=2 src=0 weights=1 strides=1,1 pads=1,1,1,1 dilations=1,1 group=1 post=eltwise:relu:0:0
//   output 2
//
// Shapes are NCHW-style row-major dims joined by 'x'. `pads` are ONNX pads
// (all begins, then all ends) and `dilations` ONNX dilations (1: none).
// Floats are printed with 9 significant digits (exact for f32).
//
// This header is shared by the compiler and the runtime: it depends on the
// C++ standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKENDS_DNNL_RUNTIME_REGIONDESC_H
#define SEAM_BACKENDS_DNNL_RUNTIME_REGIONDESC_H

#include <cstdint>
#include <string>
#include <vector>

namespace seam::dnnl_region {

/// The first token of a description, followed by the format version.
inline constexpr const char *kMagic = "seam-dnnl-region";
inline constexpr int kVersion = 1;

/// The kinds of ops a region holds (the first token of an op line).
enum class OpKind {
  Conv,      // dst src weights [bias] strides pads dilations group
  MatMul,    // dst src weights [bias] trans_a trans_b alpha beta
  Pool,      // dst src alg kernel strides pads dilations
  Softmax,   // dst src axis
  Eltwise,   // dst src alg alpha beta
  Binary,    // dst src src1 alg
  BatchNorm, // dst src scale bias mean var epsilon
  Concat,    // dst srcs axis
  Reshape,   // dst src: the same row-major data with the dst's dims (a view)
  Transpose, // dst src perm: dst dim i is src dim perm[i]
  Slice,     // dst src offsets: the dst-sized block of src at offsets
  Reduce,    // dst src alg (mean, sum): over the dims where dst has 1
};

/// One fused post-op: an elementwise function of the result, or the sum
/// (accumulation) of a residual value into it.
struct PostOp {
  enum class Kind { Eltwise, Sum } kind = Kind::Eltwise;
  /// Eltwise: oneDNN algorithm name without "eltwise_" (relu, clip, ...).
  std::string alg;
  float alpha = 0, beta = 0;
  /// Sum: the residual value.
  int64_t value = -1;
};

/// One op of a region. Fields an op kind does not use keep their defaults.
struct OpDesc {
  OpKind kind = OpKind::Conv;
  int64_t dst = -1;
  /// Operands in order: conv/matmul src, weights; binary src0, src1;
  /// batch norm src, scale, bias, mean, var; concat every input; others src.
  std::vector<int64_t> srcs;
  /// Conv and matmul bias value, or -1.
  int64_t bias = -1;
  std::vector<int64_t> kernel, strides, pads, dilations, perm, offsets;
  int64_t group = 1;
  int64_t axis = 0;
  bool transA = false, transB = false;
  float alpha = 1, beta = 1, epsilon = 1e-5f;
  /// Pool: max, avg_include (padding counts), avg_exclude. Eltwise, binary
  /// and reduce: the oneDNN algorithm name without its prefix.
  std::string alg;
  std::vector<PostOp> postOps;
};

/// A whole region.
struct RegionDesc {
  std::string name;
  /// The dims of every value, by value number.
  std::vector<std::vector<int64_t>> values;
  /// Values that are region arguments / weights / results, in order.
  std::vector<int64_t> inputs, weights, outputs;
  std::vector<OpDesc> ops;
};

/// The keyword of an op kind ("conv", "matmul", ...).
const char *getOpKeyword(OpKind kind);

/// Writes `region` in the text format above.
std::string print(const RegionDesc &region);

/// Parses the text format; on error returns false and says why in `error`.
bool parse(const char *text, RegionDesc &region, std::string &error);

} // namespace seam::dnnl_region

#endif // SEAM_BACKENDS_DNNL_RUNTIME_REGIONDESC_H
