"""seam.Session's API: models from paths, bytes and .mlir files; inputs,
outputs and their descriptions; the partition report, profile, stage times,
cache flag; the module's version and backends."""

import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import seam

ROOT = pathlib.Path(__file__).resolve().parents[2]
E2E_INPUTS = ROOT / "test" / "e2e" / "Inputs"


def test_version_is_the_projects():
    cmake = (ROOT / "CMakeLists.txt").read_text()
    version = re.search(r"project\(seam VERSION ([0-9.]+)", cmake).group(1)
    assert seam.__version__ == version


def test_backends_are_those_of_seam_run():
    names = seam.backends()
    assert isinstance(names, list) and all(isinstance(n, str) for n in names)
    tool = pathlib.Path(seam.__file__).resolve().parents[2] / "bin" / "seam-run"
    if not tool.exists():
        pytest.skip(f"{tool} not built")
    listed = subprocess.run([tool, "--list-backends"], check=True,
                            capture_output=True, text=True).stdout.split()
    assert names == listed


def test_exports():
    assert issubclass(seam.Error, RuntimeError)
    assert issubclass(seam.DTypeError, TypeError)
    assert issubclass(seam.DTypeError, ValueError)
    assert set(seam.__all__) == {"DTypeError", "Error", "Session", "TensorInfo",
                                 "backends", "__version__"}
    for obj in (seam, seam.Session, seam.Session.run, seam.Session.inputs,
                seam.Session.outputs, seam.Session.partition_report,
                seam.Session.profile, seam.Session.loaded_from_cache,
                seam.Session.stage_times, seam.TensorInfo, seam.Error,
                seam.DTypeError,
                seam.backends):
        assert obj.__doc__ and len(obj.__doc__) > 20, obj


def test_inputs_outputs_and_repr(tiny_resnet):
    path, x, expected = tiny_resnet
    session = seam.Session(path)
    (inp,), (out,) = session.inputs, session.outputs
    assert (inp.name, inp.shape, out.name, out.shape) == (
        "input", (1, 3, 32, 32), "output", (1, 10))
    assert inp.dtype == np.float32 and out.dtype == np.float32
    assert repr(inp) == "TensorInfo(name='input', shape=(1, 3, 32, 32), dtype=float32)"
    assert repr(session) == "<seam.Session inputs: input (1, 3, 32, 32); outputs: output (1, 10)>"
    np.testing.assert_allclose(session.run({"input": x})["output"], expected,
                               rtol=1e-4, atol=1e-6)


def test_path_like_and_positional_inputs(tiny_resnet):
    path, x, expected = tiny_resnet
    session = seam.Session(pathlib.Path(path), backends="none", opt_level=1,
                           threads=2, max_tensor_bytes=1 << 20)
    for outputs in (session.run([x]), session.run((x,))):
        np.testing.assert_allclose(outputs["output"], expected,
                                   rtol=1e-4, atol=1e-6)


def test_mlir_module_with_several_outputs():
    """A .mlir module (seam dialect, func.func @main): one value returned as
    three outputs comes back as three arrays of their own."""
    session = seam.Session(E2E_INPUTS / "repeated_outputs.mlir")
    assert [o.name for o in session.outputs] == ["y1", "y2", "z", "y3"]
    x = np.load(E2E_INPUTS / "repeated_outputs_x.npy")
    relu = np.load(E2E_INPUTS / "repeated_outputs_relu.npy")
    exp = np.load(E2E_INPUTS / "repeated_outputs_exp.npy")
    out = session.run({"x": x})
    for name in ("y1", "y2", "y3"):
        np.testing.assert_allclose(out[name], relu, rtol=1e-6)
    np.testing.assert_allclose(out["z"], exp, rtol=1e-5)
    assert not np.shares_memory(out["y1"], out["y2"])
    assert not np.shares_memory(out["y2"], out["y3"])


def test_input_shapes_fix_dynamic_dims(make_model):
    """input_shapes gives an ONNX input with a dynamic batch its shape."""
    helper = pytest.importorskip("onnx.helper")
    model = make_model(
        [helper.make_node("Relu", ["x"], ["y"])],
        [("x", ["N", 4])], [("y", ["N", 4])])
    session = seam.Session(model, input_shapes={"x": [3, np.int64(4)]})
    assert session.inputs[0].shape == (3, 4)
    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(session.run({"x": x})["y"], np.maximum(x, 0))


def test_partition_report_and_stage_times(tiny_resnet):
    path, _, _ = tiny_resnet
    session = seam.Session(path, backends=["none"])
    report = session.partition_report()
    assert report.startswith("Seam partition report")
    assert "no backend selected" in report
    assert session.profile() == []
    stages = list(session.stage_times)
    assert stages[0] == "import" and "jit" in stages
    assert all(ms >= 0 for ms in session.stage_times.values())
    assert session.loaded_from_cache is False


def test_cache_off_compiles(tiny_resnet, tmp_path):
    """cache=False compiles even with a cache folder given, and leaves the
    folder empty."""
    path, x, expected = tiny_resnet
    for _ in range(2):
        session = seam.Session(path, cache=False, cache_dir=tmp_path)
        assert session.loaded_from_cache is False
    assert list(tmp_path.iterdir()) == []
    np.testing.assert_allclose(session.run([x])["output"], expected,
                               rtol=1e-4, atol=1e-6)


def test_cache_loads_the_second_session(tiny_resnet, tmp_path, monkeypatch):
    """cache=True with a cache folder: the second session of the same model
    and options is loaded from it and computes the same."""
    monkeypatch.delenv("SEAM_CACHE", raising=False)
    path, x, expected = tiny_resnet
    first = seam.Session(path, cache_dir=tmp_path)
    second = seam.Session(os.fspath(path), cache_dir=str(tmp_path))
    assert (first.loaded_from_cache, second.loaded_from_cache) == (False, True)
    # The partition table comes with the cached session.
    assert second.partition_report() == first.partition_report() != ""
    np.testing.assert_allclose(second.run([x])["output"], expected,
                               rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("backends", [None, [], "", "none", ["none"], " none "])
def test_no_backend_spellings(backends):
    session = seam.Session(E2E_INPUTS / "repeated_outputs.mlir", backends=backends)
    report = session.partition_report()
    assert report.startswith("Seam partition report")
    assert "\n  compiler            -           -      2 " in report


def test_backends_as_one_string(tiny_resnet):
    """"a,b" is split as seam-run's --backends (spaces and empty items
    ignored): the test backend takes the convolutions."""
    if "test" not in seam.backends():
        pytest.skip("built without the test backends")
    path, x, expected = tiny_resnet
    session = seam.Session(path, backends=" test ,")
    assert "\n  test " in session.partition_report()
    np.testing.assert_allclose(session.run([x])["output"], expected,
                               rtol=1e-4, atol=1e-6)


def test_loads_next_to_onnx_in_either_order(tiny_resnet):
    """The extension shares Debian's libonnx/libprotobuf with the onnx
    package (one protobuf descriptor pool): importing either first works."""
    pytest.importorskip("onnx")
    path, _, _ = tiny_resnet
    code = f"""
import sys
order = sys.argv[1].split(",")
for name in order:
    __import__(name)
import numpy as np, onnx, seam
model = onnx.load({str(path)!r})
onnx.checker.check_model(model)
s = seam.Session(model.SerializeToString())
print(s.run([np.zeros((1, 3, 32, 32), np.float32)])["output"].shape)
"""
    for order in ("onnx,seam", "seam,onnx"):
        result = subprocess.run([sys.executable, "-c", code, order],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "(1, 10)"
