//===- SeamConstants.h - Reading and making f32 constants -------*- C++ -*-===//
//
// The seam dialect's constants are `arith.constant` ops holding a dense or a
// dense_resource f32 tensor. These helpers read one whatever its storage, and
// make one, as a blob when it is large (one copy of the data).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_DIALECT_SEAM_SEAMCONSTANTS_H
#define SEAM_DIALECT_SEAM_SEAMCONSTANTS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "seam/Support/LLVM.h"
#include <optional>
#include <vector>

namespace seam {

/// Constants with more elements than this are stored as dense_resource.
constexpr int64_t kInlineConstantLimit = 16;

/// The elements of `value` if it is an f32 constant (dense, splat or
/// dense_resource), in row-major order; nullopt otherwise.
std::optional<std::vector<float>> getF32ConstantData(Value value);

/// True if `value` is an f32 constant that getF32ConstantData can read.
bool isF32Constant(Value value);

/// The elements of `value` if it is a dense integer constant (of any width,
/// sign- or zero-extended as its type says), in row-major order; nullopt
/// otherwise (the quantized products' zero points, biases, int8 weights).
std::optional<std::vector<int64_t>> getIntegerConstantData(Value value);

/// The one value every element of the integer constant `value` has
/// (a per-tensor zero point, however it is shaped); nullopt otherwise.
std::optional<int64_t> getUniformIntegerConstant(Value value);

/// True if `value` is a dense integer constant.
bool isIntegerConstant(Value value);

/// Creates an `arith.constant` of `tensor<shape x f32>` holding `data`: dense
/// up to `inlineLimit` elements, else a dense_resource blob named `name`.
Value createF32Constant(OpBuilder &builder, Location loc,
                        ArrayRef<int64_t> shape, ArrayRef<float> data,
                        StringRef name,
                        int64_t inlineLimit = kInlineConstantLimit);

} // namespace seam

#endif // SEAM_DIALECT_SEAM_SEAMCONSTANTS_H
