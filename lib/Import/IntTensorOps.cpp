//===- IntTensorOps.cpp - Import-time integer tensor arithmetic -----------===//

#include "IntTensorOps.h"

#include <cstdint>
#include <optional>
#include <utility>

using namespace mlir;
using namespace seam;

namespace seam::detail {

/// Row-major strides of `shape`.
static SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

FailureOr<IntTensor> evalIntBinary(IntBinaryKind kind, const IntTensor &lhs,
                                   const IntTensor &rhs,
                                   const OpDiagnostic &diag) {
  FailureOr<SmallVector<int64_t>> shape =
      broadcastShapes(lhs.shape, rhs.shape, diag);
  if (failed(shape))
    return failure();
  IntTensor result;
  result.dataType = lhs.dataType;
  result.shape = *shape;
  // The first element whose result int64 cannot hold (or a division by 0):
  // an error naming it, never undefined behaviour.
  std::optional<std::pair<int64_t, int64_t>> bad;
  bool divByZero = false;
  forEachBroadcastElement(*shape, lhs.shape, rhs.shape,
                          [&](int64_t, int64_t l, int64_t r) {
                            int64_t a = lhs.values[l], b = rhs.values[r], v = 0;
                            bool overflow = false;
                            switch (kind) {
                            case IntBinaryKind::Add:
                              overflow = __builtin_add_overflow(a, b, &v);
                              break;
                            case IntBinaryKind::Sub:
                              overflow = __builtin_sub_overflow(a, b, &v);
                              break;
                            case IntBinaryKind::Mul:
                              overflow = __builtin_mul_overflow(a, b, &v);
                              break;
                            case IntBinaryKind::Div:
                              divByZero |= b == 0;
                              overflow = b == -1 && a == INT64_MIN;
                              v = b == 0 || overflow ? 0 : a / b;
                              break;
                            }
                            if (overflow && !bad)
                              bad = std::make_pair(a, b);
                            result.values.push_back(v);
                          });
  if (divByZero) {
    diag.emit() << "integer division by zero in shape computation";
    return failure();
  }
  if (bad) {
    static const char *const kSymbols[] = {"+", "-", "*", "/"};
    diag.emit() << "integer overflow in shape computation: " << bad->first
                << " " << kSymbols[static_cast<int>(kind)] << " " << bad->second
                << " does not fit in int64";
    return failure();
  }
  return result;
}

FailureOr<IntTensor> evalIntGather(const IntTensor &data,
                                   const IntTensor &indices, int64_t axis,
                                   const OpDiagnostic &diag) {
  int64_t rank = data.shape.size();
  FailureOr<int64_t> a = normalizeAxis(axis, rank, "axis", diag);
  if (failed(a))
    return failure();
  int64_t dim = data.shape[*a];
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < *a; ++i)
    outer *= data.shape[i];
  for (int64_t i = *a + 1; i < rank; ++i)
    inner *= data.shape[i];
  IntTensor result;
  result.dataType = data.dataType;
  result.shape.assign(data.shape.begin(), data.shape.begin() + *a);
  result.shape.append(indices.shape.begin(), indices.shape.end());
  result.shape.append(data.shape.begin() + *a + 1, data.shape.end());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t idx : indices.values) {
      int64_t k = idx < 0 ? idx + dim : idx;
      if (k < 0 || k >= dim) {
        diag.emit() << "gather index " << idx
                    << " is out of range for a dimension of size " << dim;
        return failure();
      }
      for (int64_t in = 0; in < inner; ++in)
        result.values.push_back(data.values[(o * dim + k) * inner + in]);
    }
  return result;
}

FailureOr<IntTensor>
evalIntElementwise(ArrayRef<const IntTensor *> inputs, int32_t dataType,
                   function_ref<int64_t(ArrayRef<int64_t>)> fn,
                   const OpDiagnostic &diag) {
  SmallVector<int64_t> shape = inputs.front()->shape;
  for (const IntTensor *t : inputs.drop_front()) {
    FailureOr<SmallVector<int64_t>> s = broadcastShapes(shape, t->shape, diag);
    if (failed(s))
      return failure();
    shape = *s;
  }
  SmallVector<int64_t> resultStrides = stridesOf(shape);
  // Per input, the stride of each result dim in its elements (0 where it
  // broadcasts).
  SmallVector<SmallVector<int64_t>> strides;
  for (const IntTensor *t : inputs) {
    SmallVector<int64_t> own = stridesOf(t->shape), mapped(shape.size(), 0);
    size_t offset = shape.size() - t->shape.size();
    for (size_t d = 0; d < t->shape.size(); ++d)
      mapped[offset + d] = t->shape[d] == 1 ? 0 : own[d];
    strides.push_back(std::move(mapped));
  }
  IntTensor result;
  result.dataType = dataType;
  result.shape = shape;
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  SmallVector<int64_t> args(inputs.size());
  for (int64_t i = 0; i < count; ++i) {
    for (size_t k = 0; k < inputs.size(); ++k) {
      int64_t index = 0, rest = i;
      for (size_t d = 0; d < shape.size(); ++d) {
        index += rest / resultStrides[d] * strides[k][d];
        rest %= resultStrides[d];
      }
      args[k] = inputs[k]->values[index];
    }
    result.values.push_back(fn(args));
  }
  return result;
}

IntTensor evalIntConcat(ArrayRef<IntTensor> inputs, int64_t axis) {
  IntTensor result;
  result.dataType = inputs.front().dataType;
  result.shape = inputs.front().shape;
  result.shape[axis] = 0;
  for (const IntTensor &t : inputs)
    result.shape[axis] += t.shape[axis];
  int64_t outer = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= result.shape[i];
  for (int64_t o = 0; o < outer; ++o)
    for (const IntTensor &t : inputs) {
      int64_t chunk = t.values.size() / std::max<int64_t>(outer, 1);
      result.values.insert(result.values.end(), t.values.begin() + o * chunk,
                           t.values.begin() + (o + 1) * chunk);
    }
  return result;
}

IntTensor evalIntSlice(const IntTensor &data, ArrayRef<SliceDim> dims) {
  IntTensor result;
  result.dataType = data.dataType;
  int64_t count = 1;
  for (const SliceDim &d : dims) {
    result.shape.push_back(d.size);
    count *= d.size;
  }
  SmallVector<int64_t> inStrides = stridesOf(data.shape);
  SmallVector<int64_t> outStrides = stridesOf(result.shape);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t src = 0;
    for (size_t i = 0; i < dims.size(); ++i) {
      int64_t k = (flat / outStrides[i]) % dims[i].size;
      src += (dims[i].start + k * dims[i].step) * inStrides[i];
    }
    result.values.push_back(data.values[src]);
  }
  return result;
}

} // namespace seam::detail
