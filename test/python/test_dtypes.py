"""Element types other than float32: Session.inputs/outputs report the
model's NumPy dtypes, run() takes arrays of exactly those dtypes and returns
arrays of the outputs' dtypes, and an array of another dtype is refused with
seam.DTypeError (a TypeError and a ValueError) naming the input, its dtype
and the model's. The model is test/e2e/Inputs/typed_io.mlir: y = a + 1
(int64), m = not b (bool), d = 2 * c (float64); references are NumPy's."""

import numpy as np
import pytest

import seam
from conftest import E2E_INPUTS

TYPED_IO = E2E_INPUTS / "typed_io.mlir"


@pytest.fixture(scope="module")
def typed():
    return seam.Session(TYPED_IO)


def arguments():
    a = np.array([[0, -1, 2 ** 40], [7, -(2 ** 62), 41]], np.int64)
    b = np.array([[True, False, False], [True, True, False]])
    c = np.array([0.5, -1.25, 1e300, 1 / 3])
    return a, b, c


def test_dtypes_of_inputs_and_outputs(typed):
    assert [(i.name, i.dtype) for i in typed.inputs] == [
        ("a", np.dtype(np.int64)), ("b", np.dtype(np.bool_)),
        ("c", np.dtype(np.float64))]
    assert [(o.name, o.dtype) for o in typed.outputs] == [
        ("y", np.dtype(np.int64)), ("m", np.dtype(np.bool_)),
        ("d", np.dtype(np.float64))]
    assert repr(typed.inputs[1]) == "TensorInfo(name='b', shape=(2, 3), dtype=bool)"
    assert typed.outputs[0].dtype == np.int64


def test_outputs_are_numpys(typed):
    a, b, c = arguments()
    out = typed.run({"a": a, "b": b, "c": c})
    assert out["y"].dtype == np.int64 and out["m"].dtype == np.bool_
    assert out["d"].dtype == np.float64
    np.testing.assert_array_equal(out["y"], a + 1)
    np.testing.assert_array_equal(out["m"], np.logical_not(b))
    np.testing.assert_array_equal(out["d"], 2 * c)  # 2e300: no float32 on the way
    # In input order too, and from non-contiguous views (copied first).
    wide = np.zeros((2, 6), np.int64)
    wide[:, ::2] = a
    out = typed.run([wide[:, ::2], b, c])
    np.testing.assert_array_equal(out["y"], a + 1)


@pytest.mark.parametrize("name,dtype,expected", [
    ("a", np.int32, "int64"), ("a", np.float64, "int64"),
    ("a", np.uint64, "int64"), ("b", np.uint8, "bool"), ("b", np.int64, "bool"),
    ("c", np.float32, "float64"), ("c", np.float16, "float64")])
def test_wrong_dtype_names_input_and_both_dtypes(typed, name, dtype, expected):
    args = dict(zip("abc", arguments()))
    with np.errstate(over="ignore"):  # 1e300 as float32 or float16
        args[name] = args[name].astype(dtype)
    with pytest.raises(seam.DTypeError) as info:
        typed.run(args)
    assert str(info.value) == (f"input '{name}' has dtype {np.dtype(dtype)}, "
                               f"but the model expects {expected}")
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, ValueError)


def test_big_endian_int64_is_refused(typed):
    a, b, c = arguments()
    with pytest.raises(TypeError, match="input 'a' has dtype >i8, but the "
                                        "model expects int64"):
        typed.run([a.astype(">i8"), b, c])


def test_python_lists_are_not_converted(typed):
    # np.asarray of a list of Python bools is bool, of Python floats float64,
    # of Python ints int64: exactly the model's dtypes here.
    _, b, c = arguments()
    out = typed.run({"a": [[1, 2, 3], [4, 5, 6]], "b": b.tolist(),
                     "c": c.tolist()})
    np.testing.assert_array_equal(out["y"], [[2, 3, 4], [5, 6, 7]])
    with pytest.raises(TypeError, match="input 'a' has dtype float64"):
        typed.run({"a": [[1.0] * 3] * 2, "b": b, "c": c})
