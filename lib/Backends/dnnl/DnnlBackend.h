//===- DnnlBackend.h - The oneDNN backend -----------------------*- C++ -*-===//
//
// `dnnl`: offloads convolutions, matrix products, pooling, normalization,
// softmax, eltwise/binary ops and concat to oneDNN 2.x. Regions become calls
// into the runtime library of runtime/ (oneDNN and libc only), whose
// primitives are built once per session with weights prepacked.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_BACKENDS_DNNL_DNNLBACKEND_H
#define SEAM_LIB_BACKENDS_DNNL_DNNLBACKEND_H

#include "seam/Backend/Backend.h"

#include <memory>

namespace mlir::seam {

/// The `dnnl` backend.
std::unique_ptr<Backend> createDnnlBackend();

} // namespace mlir::seam

#endif // SEAM_LIB_BACKENDS_DNNL_DNNLBACKEND_H
