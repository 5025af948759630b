//===- SeamModule.cpp - The _seam Python extension module -----------------===//
//
// The module itself: seam.Error, seam.backends(), seam.__version__; the
// Session bindings are in SessionBindings.cpp. The package seam/__init__.py
// re-exports all of it.
//
// Loading: the extension is an ordinary RTLD_LOCAL module. It links Seam's
// libraries statically and libMLIR.so / libLLVM.so dynamically (never the
// static LLVM archives), so there is one copy of LLVM's option registry and
// of MLIR's global state in the process; the JIT resolves generated code's
// symbols from the session's own table of addresses (not with dlsym), so
// nothing needs RTLD_GLOBAL. What the static libraries define keeps default
// visibility, so that MLIR's inline singletons unify with libMLIR.so's
// (CMakeLists.txt says why that matters).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "seam/Backend/Backend.h"
#include "seam/Version.h"

#include <pybind11/stl.h>

namespace py = pybind11;
using namespace seam::python;

PYBIND11_MODULE(_seam, m) {
  m.doc() = "Seam's Python API: compile an ONNX model once (MLIR, LLVM ORC "
            "JIT, kernel libraries such as oneDNN), run it on NumPy arrays.";

  auto &error =
      py::register_exception<SeamError>(m, "Error", PyExc_RuntimeError);
  error.attr("__module__") = "seam";
  error.attr("__doc__") =
      "Raised when Seam cannot load or compile a model, or refuses an "
      "option value (e.g. threads=-1). A subclass of RuntimeError; str() "
      "of it is Seam's full message (every diagnostic, with its location).";

  // A TypeError (the array is of the wrong type) that is also a ValueError,
  // which Seam raised for it before inputs had other dtypes than float32.
  // The module keeps it alive (a translator cannot capture it).
  static PyObject *dtypeError = PyErr_NewExceptionWithDoc(
      "seam.DTypeError",
      "Raised by Session.run for an input array whose dtype is not the "
      "model's (Session.inputs[i].dtype); nothing is converted. A subclass "
      "of TypeError and of ValueError.",
      py::make_tuple(py::handle(PyExc_TypeError), py::handle(PyExc_ValueError))
          .ptr(),
      nullptr);
  if (!dtypeError)
    throw py::error_already_set();
  m.attr("DTypeError") = py::handle(dtypeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const DTypeError &e) {
      PyErr_SetString(dtypeError, e.what());
    }
  });

  m.attr("__version__") = SEAM_VERSION_STRING;

  m.def(
      "backends",
      [] {
        std::vector<std::string> names;
        for (const seam::Backend *backend : seam::getRegisteredBackends())
          names.push_back(backend->getName().str());
        return names;
      },
      "The backends (kernel libraries) of this build, in registration "
      "order, e.g. ['test', 'testblas', 'dnnl', 'xnnpack'] (what "
      "`seam-run --list-backends` prints). 'test' and 'testblas' are "
      "test-only; 'none' (compile the whole model) is always accepted.");

  populateSessionBindings(m);
}
