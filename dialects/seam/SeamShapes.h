//===- SeamShapes.h - Shape rules of the seam ops ---------------*- C++ -*-===//
//
// The ONNX shape rules the seam ops verify and infer their result types with:
// NumPy broadcasting, sliding windows (conv, pooling, auto_pad, ceil_mode),
// matmul promotion, slice clamping. Lowerings reuse them so that the rules
// live in one place. Every function reports a failure through `diag`, which
// emits nothing when it carries no location.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_DIALECT_SEAM_SEAMSHAPES_H
#define SEAM_DIALECT_SEAM_SEAMSHAPES_H

#include "mlir/IR/Diagnostics.h"
#include "seam/SeamDialect.h"
#include "seam/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace seam {

/// The longest reduction (products per result) of seam.conv_integer and
/// seam.matmul_integer that the compiled path computes exactly: operands
/// less their zero points, split in base-16 digits, summed in float32
/// (lib/Conversion/SeamToLinalg/IntegerProductToLinalg.cpp).
inline constexpr int64_t kMaxExactIntegerReduction = int64_t(1) << 16;

/// Emits errors on behalf of one op, prefixed like Operation::emitOpError
/// ("'seam.conv' op ..."), or nothing when there is no location (as when
/// result types are inferred by a builder that does not want diagnostics).
class OpDiagnostic {
public:
  OpDiagnostic(std::optional<Location> loc, StringRef opName)
      : loc(loc), opName(opName) {}
  /// Errors that start with `prefix` instead of "'<op>' op " (the importer's
  /// "node 'div0' (Div): ").
  static OpDiagnostic withPrefix(Location loc, std::string prefix) {
    OpDiagnostic diag(loc, "");
    diag.prefix = std::move(prefix);
    return diag;
  }
  InFlightDiagnostic emit() const;

private:
  std::optional<Location> loc;
  StringRef opName;
  std::string prefix;
};

/// The number of elements of `shape`, or nullopt when a dim is negative or
/// the product overflows int64.
std::optional<int64_t> elementCount(ArrayRef<int64_t> shape);

/// Fails, naming `what` ("the result"), when a dim of `shape` is negative or
/// its element count overflows int64.
LogicalResult checkElementCount(ArrayRef<int64_t> shape, StringRef what,
                                const OpDiagnostic &diag);

/// NumPy broadcast of two shapes, or failure when they do not broadcast.
FailureOr<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs,
                                                ArrayRef<int64_t> rhs,
                                                const OpDiagnostic &diag);

/// Calls `fn(flat, lhsFlat, rhsFlat)` for every element of the NumPy
/// broadcast `result` of shapes `lhs` and `rhs`, with the row-major flat
/// indices of the element in the result and in each operand.
void forEachBroadcastElement(
    ArrayRef<int64_t> result, ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
    llvm::function_ref<void(int64_t, int64_t, int64_t)> fn);

/// Attributes of a sliding window over the spatial dims of an N x C x ...
/// input.
struct WindowAttrs {
  ArrayRef<int64_t> kernel;                 // spatial kernel sizes (required)
  std::optional<ArrayRef<int64_t>> strides; // default all ones
  std::optional<ArrayRef<int64_t>> pads; // [begins..., ends...], default zeros
  std::optional<ArrayRef<int64_t>> dilations; // default all ones
  AutoPad autoPad = AutoPad::notset;
  bool ceilMode = false;
  /// Pooling: explicit pads must be smaller than the kernel extent, or a
  /// window could hold nothing but padding (ONNX Runtime refuses such pads;
  /// an average over no element is NaN).
  bool padsBelowKernel = false;
};

/// Checks `attrs` against the spatial input sizes `spatial`, and returns the
/// spatial output sizes; `resolvedPads`, when given, receives the explicit
/// pads after resolving auto_pad. The kernel extent and the padded input size
/// are computed with overflow checks: an int64 overflow is an error.
FailureOr<SmallVector<int64_t>>
inferWindowOutput(ArrayRef<int64_t> spatial, const WindowAttrs &attrs,
                  const OpDiagnostic &diag,
                  SmallVectorImpl<int64_t> *resolvedPads = nullptr);

/// Attributes of a transposed convolution over the spatial dims of an
/// N x C x ... input.
struct TransposedWindowAttrs {
  ArrayRef<int64_t> kernel;                       // spatial kernel sizes
  std::optional<ArrayRef<int64_t>> strides;       // default all ones
  std::optional<ArrayRef<int64_t>> pads;          // default zeros; may be < 0
  std::optional<ArrayRef<int64_t>> dilations;     // default all ones
  std::optional<ArrayRef<int64_t>> outputPadding; // default zeros
};

/// Checks `attrs` against the spatial input sizes `spatial` and returns the
/// spatial output sizes of the transposed convolution,
/// `s * (in - 1) + output_padding + (k - 1) * d + 1 - pad_begin - pad_end`,
/// each at least 1. Also fails when the stride-dilated, padded input a
/// direct convolution would read (output + kernel extent - 1 per dim)
/// overflows int64.
FailureOr<SmallVector<int64_t>>
inferTransposedWindowOutput(ArrayRef<int64_t> spatial,
                            const TransposedWindowAttrs &attrs,
                            const OpDiagnostic &diag);

/// Normalizes `axis` of a rank-`rank` tensor from [-rank, rank) into
/// [0, rank) (with `allowRank`, from [-rank, rank] into [0, rank], as
/// Flatten's axis), or fails naming `what`.
FailureOr<int64_t> normalizeAxis(int64_t axis, int64_t rank, StringRef what,
                                 const OpDiagnostic &diag,
                                 bool allowRank = false);

/// One dimension of an ONNX Slice after clamping.
struct SliceDim {
  int64_t start, step, size;
};

/// Resolves ONNX Slice `starts`/`ends`/`axes`/`steps` over `shape`. A
/// dimension that keeps one element gets step 1 (its step does not matter,
/// and may be INT64_MIN, which MLIR reads as a dynamic stride).
FailureOr<SmallVector<SliceDim>>
inferSlice(ArrayRef<int64_t> shape, ArrayRef<int64_t> starts,
           ArrayRef<int64_t> ends, std::optional<ArrayRef<int64_t>> axes,
           std::optional<ArrayRef<int64_t>> steps, const OpDiagnostic &diag);

} // namespace seam

#endif // SEAM_DIALECT_SEAM_SEAMSHAPES_H
