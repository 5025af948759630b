//===- SeamShapes.cpp - Shape rules of the seam ops -----------------------===//

#include "seam/SeamShapes.h"

#include "mlir/Dialect/Traits.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace seam;

InFlightDiagnostic OpDiagnostic::emit() const {
  if (!loc)
    return InFlightDiagnostic();
  InFlightDiagnostic d = emitError(*loc);
  if (!prefix.empty())
    d << prefix;
  else
    d << "'" << opName << "' op ";
  return d;
}

std::optional<int64_t> seam::elementCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape) {
    std::optional<int64_t> next = llvm::checkedMul(count, d);
    if (d < 0 || !next)
      return std::nullopt;
    count = *next;
  }
  return count;
}

LogicalResult seam::checkElementCount(ArrayRef<int64_t> shape, StringRef what,
                                      const OpDiagnostic &diag) {
  // An empty InFlightDiagnostic (no location) converts to success: the
  // failure is returned explicitly.
  if (llvm::any_of(shape, [](int64_t d) { return d < 0; })) {
    diag.emit() << what << " [" << shape << "] has a negative dimension";
    return failure();
  }
  if (!elementCount(shape)) {
    diag.emit() << "element count of " << what << " [" << shape
                << "] overflows int64";
    return failure();
  }
  return success();
}

FailureOr<SmallVector<int64_t>>
seam::broadcastShapes(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
                      const OpDiagnostic &diag) {
  SmallVector<int64_t> result;
  if (!OpTrait::util::getBroadcastedShape(lhs, rhs, result)) {
    diag.emit() << "operand shapes [" << lhs << "] and [" << rhs
                << "] are not broadcast-compatible";
    return failure();
  }
  return result;
}

/// Row-major strides of `shape`, with 0 for the broadcast (size-1) dims of an
/// operand right-aligned into a result of rank `rank`.
static SmallVector<int64_t> broadcastStrides(ArrayRef<int64_t> shape,
                                             size_t rank) {
  SmallVector<int64_t> strides(rank, 0);
  int64_t stride = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    size_t dim = shape.size() - 1 - i;
    strides[rank - 1 - i] = shape[dim] == 1 ? 0 : stride;
    stride *= shape[dim];
  }
  return strides;
}

void seam::forEachBroadcastElement(
    ArrayRef<int64_t> result, ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
    llvm::function_ref<void(int64_t, int64_t, int64_t)> fn) {
  size_t rank = result.size();
  SmallVector<int64_t> ls = broadcastStrides(lhs, rank);
  SmallVector<int64_t> rs = broadcastStrides(rhs, rank);
  int64_t count = 1;
  for (int64_t d : result)
    count *= d;
  SmallVector<int64_t> index(rank, 0);
  int64_t l = 0, r = 0;
  for (int64_t flat = 0; flat < count; ++flat) {
    fn(flat, l, r);
    // Advance the multi-index (odometer) and both operand offsets.
    for (int64_t d = static_cast<int64_t>(rank) - 1; d >= 0; --d) {
      l += ls[d];
      r += rs[d];
      if (++index[d] < result[d])
        break;
      l -= ls[d] * result[d];
      r -= rs[d] * result[d];
      index[d] = 0;
    }
  }
}

FailureOr<int64_t> seam::normalizeAxis(int64_t axis, int64_t rank,
                                       StringRef what, const OpDiagnostic &diag,
                                       bool allowRank) {
  int64_t upper = allowRank ? rank : rank - 1;
  if (axis < -rank || axis > upper) {
    diag.emit() << what << " " << axis << " is out of range [" << -rank << ", "
                << upper << "] for rank " << rank;
    return failure();
  }
  return axis < 0 ? axis + rank : axis;
}

/// Checks that an optional per-spatial-dim attribute has `n` positive values.
static LogicalResult checkPositiveList(std::optional<ArrayRef<int64_t>> values,
                                       size_t n, StringRef name,
                                       const OpDiagnostic &diag) {
  if (!values)
    return success();
  // Failures are returned explicitly: an empty InFlightDiagnostic (no
  // location) would convert to success.
  if (values->size() != n) {
    diag.emit() << name << " has " << values->size()
                << " values but the input has " << n << " spatial dimensions";
    return failure();
  }
  for (int64_t v : *values)
    if (v <= 0) {
      diag.emit() << name << " must be positive, got [" << *values << "]";
      return failure();
    }
  return success();
}

/// `n` spatial dims (1 to 3), and kernel sizes, strides and dilations with
/// `n` positive values each (the last two optional).
static LogicalResult
checkWindowLists(size_t n, ArrayRef<int64_t> kernel,
                 std::optional<ArrayRef<int64_t>> strides,
                 std::optional<ArrayRef<int64_t>> dilations,
                 const OpDiagnostic &diag) {
  if (n < 1 || n > 3) {
    diag.emit() << "supports 1 to 3 spatial dimensions, got " << n;
    return failure();
  }
  if (failed(checkPositiveList(kernel, n, "kernel_shape", diag)) ||
      failed(checkPositiveList(strides, n, "strides", diag)) ||
      failed(checkPositiveList(dilations, n, "dilations", diag)))
    return failure();
  return success();
}

FailureOr<SmallVector<int64_t>>
seam::inferWindowOutput(ArrayRef<int64_t> spatial, const WindowAttrs &attrs,
                        const OpDiagnostic &diag,
                        SmallVectorImpl<int64_t> *resolvedPads) {
  size_t n = spatial.size();
  if (failed(checkWindowLists(n, attrs.kernel, attrs.strides, attrs.dilations,
                              diag)))
    return failure();
  if (attrs.pads) {
    if (attrs.autoPad != AutoPad::notset) {
      diag.emit() << "pads must not be given together with auto_pad = "
                  << stringifyAutoPad(attrs.autoPad);
      return failure();
    }
    if (attrs.pads->size() != 2 * n) {
      diag.emit() << "pads has " << attrs.pads->size() << " values but needs "
                  << 2 * n << " (begin and end of " << n
                  << " spatial dimensions)";
      return failure();
    }
    if (llvm::any_of(*attrs.pads, [](int64_t p) { return p < 0; })) {
      diag.emit() << "pads must be non-negative, got [" << *attrs.pads << "]";
      return failure();
    }
  }

  SmallVector<int64_t> out(n), padsBegin(n, 0), padsEnd(n, 0);
  for (size_t i = 0; i < n; ++i) {
    int64_t in = spatial[i];
    int64_t kernel = attrs.kernel[i];
    int64_t stride = attrs.strides ? (*attrs.strides)[i] : 1;
    int64_t dilation = attrs.dilations ? (*attrs.dilations)[i] : 1;
    // Every value here is checked positive above; the sums and products can
    // still overflow int64, which is an error, never a wrapped size.
    std::optional<int64_t> extentOr =
        llvm::checkedMulAdd<int64_t>(kernel - 1, dilation, 1);
    if (!extentOr) {
      diag.emit() << "kernel extent of spatial dimension " << i
                  << " overflows int64 (kernel " << kernel << ", dilation "
                  << dilation << ")";
      return failure();
    }
    int64_t extent = *extentOr;
    bool same = attrs.autoPad == AutoPad::same_upper ||
                attrs.autoPad == AutoPad::same_lower;
    if (same) {
      out[i] = llvm::divideCeilSigned(in, stride);
      // (out - 1) * stride < in: the total is below the extent, no overflow.
      int64_t total =
          std::max<int64_t>(0, (extent - in) + (out[i] - 1) * stride);
      int64_t small = total / 2;
      padsBegin[i] =
          attrs.autoPad == AutoPad::same_upper ? small : total - small;
      padsEnd[i] = total - padsBegin[i];
    } else if (attrs.pads) {
      padsBegin[i] = (*attrs.pads)[i];
      padsEnd[i] = (*attrs.pads)[i + n];
    }
    std::optional<int64_t> padded = llvm::checkedAdd(in, padsBegin[i]);
    if (padded)
      padded = llvm::checkedAdd(*padded, padsEnd[i]);
    if (!padded) {
      diag.emit() << "padded input size of spatial dimension " << i
                  << " overflows int64 (input " << in << ", pads "
                  << padsBegin[i] << " and " << padsEnd[i] << ")";
      return failure();
    }
    if (same)
      continue;
    if (attrs.padsBelowKernel &&
        (padsBegin[i] >= extent || padsEnd[i] >= extent)) {
      diag.emit() << "pads [" << *attrs.pads
                  << "] must be smaller than the kernel extent " << extent
                  << " of spatial dimension " << i
                  << " (a window would hold only padding)";
      return failure();
    }
    if (*padded < extent) {
      diag.emit() << "kernel extent " << extent << " (kernel " << kernel
                  << ", dilation " << dilation
                  << ") exceeds the padded input size " << *padded
                  << " in spatial dimension " << i;
      return failure();
    }
    int64_t span = *padded - extent;
    out[i] = (attrs.ceilMode ? llvm::divideCeilSigned(span, stride)
                             : span / stride) +
             1;
    // As ONNX Runtime and PyTorch: with ceil_mode, a last window that would
    // start inside the end padding is dropped.
    if (attrs.ceilMode && (out[i] - 1) * stride >= in + padsBegin[i])
      --out[i];
  }
  if (resolvedPads) {
    resolvedPads->assign(padsBegin.begin(), padsBegin.end());
    resolvedPads->append(padsEnd.begin(), padsEnd.end());
  }
  return out;
}

FailureOr<SmallVector<int64_t>>
seam::inferTransposedWindowOutput(ArrayRef<int64_t> spatial,
                                  const TransposedWindowAttrs &attrs,
                                  const OpDiagnostic &diag) {
  size_t n = spatial.size();
  if (failed(checkWindowLists(n, attrs.kernel, attrs.strides, attrs.dilations,
                              diag)))
    return failure();
  if (attrs.pads && attrs.pads->size() != 2 * n) {
    diag.emit() << "pads has " << attrs.pads->size() << " values but needs "
                << 2 * n << " (begin and end of " << n
                << " spatial dimensions)";
    return failure();
  }
  if (attrs.outputPadding) {
    if (attrs.outputPadding->size() != n) {
      diag.emit() << "output_padding has " << attrs.outputPadding->size()
                  << " values but the input has " << n << " spatial dimensions";
      return failure();
    }
    if (llvm::any_of(*attrs.outputPadding, [](int64_t p) { return p < 0; })) {
      diag.emit() << "output_padding must be non-negative, got ["
                  << *attrs.outputPadding << "]";
      return failure();
    }
  }
  SmallVector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t stride = attrs.strides ? (*attrs.strides)[i] : 1;
    int64_t dilation = attrs.dilations ? (*attrs.dilations)[i] : 1;
    int64_t begin = attrs.pads ? (*attrs.pads)[i] : 0;
    int64_t end = attrs.pads ? (*attrs.pads)[i + n] : 0;
    int64_t adj = attrs.outputPadding ? (*attrs.outputPadding)[i] : 0;
    // Every step is checked: attribute values may be anything.
    std::optional<int64_t> extent =
        llvm::checkedMulAdd<int64_t>(attrs.kernel[i] - 1, dilation, 1);
    std::optional<int64_t> size =
        llvm::checkedMul<int64_t>(stride, spatial[i] - 1);
    if (size && extent)
      size = llvm::checkedAdd(*size, *extent);
    if (size)
      size = llvm::checkedAdd(*size, adj);
    if (size)
      size = llvm::checkedSub(*size, begin);
    if (size)
      size = llvm::checkedSub(*size, end);
    // The direct convolution's input: output + extent - 1.
    std::optional<int64_t> read =
        size && extent ? llvm::checkedAdd(*size, *extent - 1) : std::nullopt;
    if (!read) {
      diag.emit() << "output size of spatial dimension " << i
                  << " overflows int64 (input " << spatial[i] << ", kernel "
                  << attrs.kernel[i] << ", stride " << stride << ", dilation "
                  << dilation << ", pads " << begin << " and " << end
                  << ", output_padding " << adj << ")";
      return failure();
    }
    if (*size < 1) {
      diag.emit() << "output size of spatial dimension " << i << " is " << *size
                  << " (input " << spatial[i] << ", kernel " << attrs.kernel[i]
                  << ", stride " << stride << ", dilation " << dilation
                  << ", pads " << begin << " and " << end << ", output_padding "
                  << adj << "); it must be positive";
      return failure();
    }
    out[i] = *size;
  }
  return out;
}

FailureOr<SmallVector<SliceDim>>
seam::inferSlice(ArrayRef<int64_t> shape, ArrayRef<int64_t> starts,
                 ArrayRef<int64_t> ends, std::optional<ArrayRef<int64_t>> axes,
                 std::optional<ArrayRef<int64_t>> steps,
                 const OpDiagnostic &diag) {
  int64_t rank = shape.size();
  if (starts.size() != ends.size() || (axes && axes->size() != starts.size()) ||
      (steps && steps->size() != starts.size())) {
    diag.emit()
        << "starts, ends, axes and steps must have the same length, got "
        << starts.size() << ", " << ends.size() << ", "
        << (axes ? axes->size() : starts.size()) << ", "
        << (steps ? steps->size() : starts.size());
    return failure();
  }
  SmallVector<SliceDim> dims;
  for (int64_t d : shape)
    dims.push_back({0, 1, d});
  llvm::SmallSet<int64_t, 4> seen;
  for (size_t i = 0; i < starts.size(); ++i) {
    int64_t rawAxis = axes ? (*axes)[i] : static_cast<int64_t>(i);
    FailureOr<int64_t> axis = normalizeAxis(rawAxis, rank, "slice axis", diag);
    if (failed(axis))
      return failure();
    if (!seen.insert(*axis).second) {
      diag.emit() << "slice axis " << rawAxis << " is repeated";
      return failure();
    }
    int64_t step = steps ? (*steps)[i] : 1;
    if (step == 0) {
      diag.emit() << "slice step for axis " << rawAxis << " must not be 0";
      return failure();
    }
    int64_t dim = shape[*axis];
    int64_t start = starts[i], end = ends[i];
    if (start < 0)
      start += dim;
    if (end < 0)
      end += dim;
    int64_t size;
    if (dim == 0) {
      start = 0;
      size = 0;
    } else if (step > 0) {
      start = std::clamp<int64_t>(start, 0, dim);
      end = std::clamp<int64_t>(end, 0, dim);
      size = end > start ? llvm::divideCeilSigned(end - start, step) : 0;
    } else {
      start = std::clamp<int64_t>(start, 0, dim - 1);
      end = std::clamp<int64_t>(end, -1, dim - 1);
      // -INT64_MIN overflows; a step that large takes one element.
      if (start <= end)
        size = 0;
      else if (step == std::numeric_limits<int64_t>::min())
        size = 1;
      else
        size = llvm::divideCeilSigned(start - end, -step);
    }
    if (size == 1)
      step = 1;
    dims[*axis] = {start, step, size};
  }
  return dims;
}
