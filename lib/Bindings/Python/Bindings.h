//===- Bindings.h - Shared pieces of the _seam Python extension -*- C++ -*-===//
//
// What the files of the extension module share: the C++ exceptions that
// become seam.Error and seam.DTypeError, and the function that adds each
// file's bindings.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BINDINGS_PYTHON_BINDINGS_H
#define SEAM_BINDINGS_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

#include <stdexcept>

namespace seam::python {

/// Thrown for a model Seam cannot load or compile and for option values it
/// refuses; pybind11 translates it into seam.Error (a RuntimeError) carrying
/// Seam's message.
class SeamError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Thrown for an input array of another dtype than the model's; becomes
/// seam.DTypeError, a subclass of both TypeError and ValueError.
class DTypeError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Adds seam.Session and seam.TensorInfo to `module`.
void populateSessionBindings(pybind11::module_ &module);

} // namespace seam::python

#endif // SEAM_BINDINGS_PYTHON_BINDINGS_H
