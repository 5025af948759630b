"""Seam: compile an ONNX model once (MLIR, LLVM ORC JIT, kernel libraries such
as oneDNN), then run it on NumPy arrays.

    import numpy as np
    import seam

    s = seam.Session("model.onnx", backends=["dnnl"], threads=2)
    print(s.inputs, s.outputs)
    outputs = s.run({"input": np.zeros((1, 3, 224, 224), np.float32)})
    print(s.partition_report())

Everything is defined by the extension module seam._seam (pybind11, built
with Seam's C++ API, seam::Session) and re-exported here:

Session     a compiled model: run(), inputs, outputs, partition_report(),
            profile(), stage_times, loaded_from_cache
TensorInfo  name, shape and dtype of an input or output
Error       raised when Seam cannot load or compile a model (RuntimeError)
DTypeError  raised by run() for an input of the wrong dtype (TypeError and
            ValueError)
backends()  the backends (kernel libraries) of this build
__version__ Seam's version
"""

from ._seam import (DTypeError, Error, Session, TensorInfo, backends,
                    __version__)

__all__ = ["DTypeError", "Error", "Session", "TensorInfo", "backends",
           "__version__"]
