"""Shared fixtures of the tests of Seam's Python API (the package `seam`).

Run by ctest (`ctest -R python`) with PYTHONPATH=build/python and
SEAM_CACHE=off, or directly:

    PYTHONPATH=build/python /usr/bin/python3 -m pytest -q test/python

References are independent of Seam: ONNX's backend test data (Debian's
libonnx-testdata, read with onnx.numpy_helper) and NumPy.
"""

import os
import pathlib
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TESTDATA = pathlib.Path("/usr/share/libonnx-testdata/data")
TINY_RESNET = ROOT / "bench" / "models" / "tiny_resnet.onnx"
E2E_INPUTS = ROOT / "test" / "e2e" / "Inputs"

# Sessions compile here rather than load from (or fill) the user's cache.
os.environ.setdefault("SEAM_CACHE", "off")

try:
    import seam  # noqa: F401
except ImportError:  # run directly, without PYTHONPATH: the default build
    sys.path.insert(0, str(ROOT / "build" / "python"))
    import seam  # noqa: F401


def runtime_backends():
    """The backends the Python tests run besides "none": dnnl, when built."""
    return [b for b in ("dnnl",) if b in seam.backends()]


@pytest.fixture(params=["none", "dnnl"])
def backend(request):
    """Each backend under test; dnnl is skipped when the build lacks it."""
    if request.param != "none" and request.param not in seam.backends():
        pytest.skip(f"this build has no {request.param} backend")
    return request.param


def read_pb(path):
    """A TensorProto file as (name, numpy array)."""
    from onnx import TensorProto, numpy_helper

    tensor = TensorProto()
    tensor.ParseFromString(pathlib.Path(path).read_bytes())
    return tensor.name, numpy_helper.to_array(tensor)


def _numbered(folder, prefix):
    # input_2.pb before input_10.pb.
    files = list(folder.glob(f"{prefix}_*.pb"))
    return sorted(files, key=lambda f: int(f.stem.split("_")[1]))


class OnnxCase:
    """One model of ONNX's backend test data and its test_data_set_0."""

    def __init__(self, name):
        self.name = name
        self.folder = TESTDATA / name
        self.model = self.folder / "model.onnx"
        data = self.folder / "test_data_set_0"
        self.inputs = [read_pb(f) for f in _numbered(data, "input")]
        self.outputs = [read_pb(f)[1] for f in _numbered(data, "output")]

    def feeds(self, session):
        """The inputs by the model's input names (by the name stored in
        the file when the model has it, else in order)."""
        names = [i.name for i in session.inputs]
        return {
            (name if name in names else names[k]): array
            for k, (name, array) in enumerate(self.inputs)
        }


@pytest.fixture
def onnx_case():
    """Loads a case of the backend test data, e.g. onnx_case("node/test_relu");
    skips when libonnx-testdata or the Python onnx package is missing."""
    pytest.importorskip("onnx")

    def load(name):
        if not (TESTDATA / name / "model.onnx").exists():
            pytest.skip(f"{TESTDATA / name} not installed (libonnx-testdata)")
        return OnnxCase(name)

    return load


@pytest.fixture(scope="session")
def tiny_resnet():
    """The bundled demo model with a NumPy reference: (path, input, output);
    the arrays are read-only (shared by the tests)."""
    x = np.load(E2E_INPUTS / "tiny_resnet_input.npy")
    expected = np.load(E2E_INPUTS / "tiny_resnet_output.npy")
    x.flags.writeable = expected.flags.writeable = False
    return TINY_RESNET, x, expected


def make_onnx_model(nodes, inputs, outputs, initializers=(), opset=13):
    """A serialized ONNX model (bytes) of `nodes`; inputs and outputs are
    (name, shape) pairs of float tensors, initializers (name, array)."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in outputs],
        [numpy_helper.from_array(a, n) for n, a in initializers],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    return model.SerializeToString()


@pytest.fixture
def make_model():
    """make_onnx_model as a fixture (skips without the onnx package)."""
    return make_onnx_model
