//===- OnnxMutator.h - Structure-aware mutations of ONNX models -*- C++ -*-===//
//
// libFuzzer's byte mutations of a serialized model mostly produce files that
// protobuf refuses to parse, so they never reach the importer's checks. This
// mutator parses the model, changes one thing a hostile or broken file could
// hold (a dimension, an attribute value, an element type, an initializer's
// shape or data, an edge of the graph, an operator, an opset) and serializes
// it back, so that nearly every mutant is a well-formed protobuf that tests
// the importer's and the compiler's own checks.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TEST_FUZZ_ONNXMUTATOR_H
#define SEAM_TEST_FUZZ_ONNXMUTATOR_H

#include <cstddef>
#include <cstdint>

namespace seam::fuzz {

/// Mutates the ONNX model in data[0, size) in place (up to maxSize bytes)
/// with the random choices of `seed`. Returns the new size, or 0 when the
/// bytes are not a model or the mutant would not fit: the caller then falls
/// back to libFuzzer's byte mutations.
size_t mutateOnnxModel(uint8_t *data, size_t size, size_t maxSize,
                       unsigned seed);

} // namespace seam::fuzz

#endif // SEAM_TEST_FUZZ_ONNXMUTATOR_H
