"""Every error path of the Python API, with the text of its message:
seam.Error (Seam's message) for models Seam cannot load or compile and for
option values it refuses, ValueError for bad run() arguments, TypeError for
arguments of the wrong type."""

import pathlib

import numpy as np
import pytest

import seam


@pytest.fixture(scope="module")
def session():
    """y = relu(x), x of shape (2, 3), from an .mlir module."""
    root = pathlib.Path(__file__).resolve().parents[2]
    return seam.Session(root / "test" / "e2e" / "Inputs" / "repeated_outputs.mlir")


@pytest.fixture
def x():
    return np.arange(6, dtype=np.float32).reshape(2, 3)


# Loading and compiling ----------------------------------------------------


def test_missing_onnx_file(tmp_path):
    path = tmp_path / "missing.onnx"
    with pytest.raises(seam.Error) as info:
        seam.Session(path)
    assert str(info.value).startswith(f"cannot load '{path}':")
    assert f"cannot read '{path}': No such file or directory" in str(info.value)


def test_missing_mlir_file(tmp_path):
    path = tmp_path / "missing.mlir"
    with pytest.raises(seam.Error, match=f"cannot load '{path}'"):
        seam.Session(str(path))


NOT_ONNX = ("cannot import the ONNX model:\n<memory>:0:0: error: not a valid "
            "ONNX model (the file is empty, truncated or not an ONNX protobuf)")


@pytest.mark.parametrize("data, message", [
    (b"", NOT_ONNX),
    (b"not an onnx model", NOT_ONNX),
    (b"\xff" * 64, NOT_ONNX),
    # A valid protobuf (ir_version = 7, repeated): a model without a graph.
    (b"\x08\x07" * 50, "cannot import the ONNX model:\n<memory>:0:0: error: "
                        "the ONNX model has no graph nodes"),
], ids=["empty", "text", "garbage", "no-graph"])
def test_malformed_bytes(data, message):
    with pytest.raises(seam.Error) as info:
        seam.Session(data)
    assert str(info.value) == message


def test_malformed_file(tmp_path):
    path = tmp_path / "broken.onnx"
    path.write_bytes(b"\xff" * 64)
    with pytest.raises(seam.Error, match="not a valid ONNX model"):
        seam.Session(path)


def test_unsupported_op(make_model):
    helper = pytest.importorskip("onnx.helper")
    model = make_model(
        [helper.make_node("Relu", ["x"], ["r"], name="relu0"),
         helper.make_node("RandomUniformLike", ["r"], ["y"], name="ru0")],
        [("x", [2, 3])], [("y", [2, 3])])
    with pytest.raises(seam.Error) as info:
        seam.Session(model)
    message = str(info.value)
    assert "ops Seam does not support: RandomUniformLike (1 node)" in message
    assert ("node 'ru0': op RandomUniformLike (domain 'ai.onnx', opset 13) "
            "is not supported") in message
    assert isinstance(info.value, RuntimeError)


def test_tensor_over_max_tensor_bytes(tiny_resnet):
    path, _, _ = tiny_resnet
    with pytest.raises(seam.Error) as info:
        seam.Session(path, max_tensor_bytes=1000)
    assert ("input 'input' of type 'tensor<1x3x32x32xf32>' is 12288 bytes, over "
            "the limit of 1000 bytes per tensor") in str(info.value)


# Option values --------------------------------------------------------------


@pytest.mark.parametrize("options, message", [
    ({"threads": -1},
     "CompileOptions::threads must be 0 (the library default) or more, got -1"),
    ({"opt_level": -1}, "CompileOptions::optLevel must be 0 to 3, got -1"),
    ({"opt_level": 4}, "CompileOptions::optLevel must be 0 to 3, got 4"),
    ({"max_tensor_bytes": 0}, "CompileOptions::maxTensorBytes must be positive, got 0"),
    ({"max_tensor_bytes": -5}, "CompileOptions::maxTensorBytes must be positive, got -5"),
])
def test_bad_option_values(tiny_resnet, options, message):
    path, _, _ = tiny_resnet
    with pytest.raises(seam.Error) as info:
        seam.Session(path, **options)
    assert str(info.value) == message


def test_unknown_backend(tiny_resnet):
    path, _, _ = tiny_resnet
    with pytest.raises(seam.Error) as info:
        seam.Session(path, backends=["nosuch"])
    known = ", ".join(seam.backends())
    assert f"unknown backend 'nosuch' (known: {known})" in str(info.value)


@pytest.mark.parametrize("shape, message", [
    ([1, 3, 0, 32], "sets dimension 2 to 0 (input dims must be positive)"),
    ([1, 3, 16, 32], "sets dimension 2 to 16 but the model fixes it to 32"),
])
def test_bad_input_shapes(tiny_resnet, shape, message):
    path, _, _ = tiny_resnet
    with pytest.raises(seam.Error, match=message.replace("(", r"\(").replace(")", r"\)")):
        seam.Session(path, input_shapes={"input": shape})


@pytest.mark.parametrize("kwargs, message", [
    ({"backends": 3}, "backends must be a list of backend names (str), got int"),
    ({"backends": ["dnnl", 1]},
     "backends must be a list of backend names (str), got an item of type int"),
    ({"input_shapes": [1, 2]},
     "input_shapes must be a dict of input name -> list of dims, got list"),
    ({"input_shapes": {"input": "1x3"}},
     "input_shapes['input'] must be a list of dims (int), got str"),
    ({"input_shapes": {1: [1]}}, "input_shapes keys must be input names (str), got int"),
    ({"threads": 1.5}, "incompatible constructor arguments"),
])
def test_wrong_option_types(tiny_resnet, kwargs, message):
    path, _, _ = tiny_resnet
    with pytest.raises(TypeError) as info:
        seam.Session(path, **kwargs)
    assert message in str(info.value)


def test_wrong_model_type():
    with pytest.raises(TypeError) as info:
        seam.Session(42)
    assert str(info.value) == ("model must be a path (str or os.PathLike) or the "
                               "bytes of an ONNX model, got int")


# run() ------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float64, np.float16, np.int32, np.uint8])
def test_wrong_dtype(session, x, dtype):
    with pytest.raises(ValueError) as info:
        session.run({"x": x.astype(dtype)})
    assert str(info.value) == (f"input 'x' has dtype {np.dtype(dtype)}, but the "
                               "model expects float32")


def test_wrong_byte_order(session, x):
    with pytest.raises(ValueError, match="input 'x' has dtype >f4, but the model expects float32"):
        session.run({"x": x.astype(">f4")})


def test_python_list_is_not_float32(session):
    with pytest.raises(ValueError, match="input 'x' has dtype float64"):
        session.run({"x": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]})


@pytest.mark.parametrize("shape", [(3, 2), (2, 3, 1), (6,), ()])
def test_wrong_shape(session, shape):
    x = np.zeros(shape, np.float32)
    with pytest.raises(ValueError) as info:
        session.run({"x": x})
    dims = ", ".join(str(d) for d in shape)
    assert str(info.value) == (f"input 'x' has shape [{dims}] but the model "
                               "expects [2, 3]")


def test_unknown_input_name(session, x):
    with pytest.raises(ValueError) as info:
        session.run({"x": x, "bogus": x})
    assert str(info.value) == "the model has no input named 'bogus' (inputs: 'x')"


def test_unknown_input_name_of_any_type(session, x):
    with pytest.raises(ValueError, match="the model has no input named 'bogus'"):
        session.run({"x": x, "bogus": "not an array"})


def test_missing_input(session, x):
    with pytest.raises(ValueError) as info:
        session.run({})
    assert str(info.value) == "input 'x' is missing"
    with pytest.raises(ValueError, match="input 'x' is missing"):
        session.run({"y": x})


def test_wrong_number_of_positional_inputs(session, x):
    with pytest.raises(ValueError) as info:
        session.run([x, x])
    assert str(info.value) == "run() got 2 arrays for the model's 1 inputs"


@pytest.mark.parametrize("inputs, message", [
    (np.zeros((2, 3), np.float32),
     "inputs must be a dict {name: array} or a list of arrays in input order, got ndarray"),
    ({1: np.zeros((2, 3), np.float32)}, "input names must be str, got int"),
])
def test_wrong_input_types(session, inputs, message):
    with pytest.raises(TypeError) as info:
        session.run(inputs)
    assert str(info.value) == message


def test_session_still_works_after_errors(session, x):
    for bad in ({}, {"x": x.T}, {"x": x.astype(np.float64)}):
        with pytest.raises(ValueError):
            session.run(bad)
    np.testing.assert_array_equal(session.run({"x": x})["y1"], np.maximum(x, 0))
