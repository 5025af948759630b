"""What run() does with the caller's memory: outputs are fresh NumPy arrays
written in place; inputs are read (in place when C-contiguous and aligned,
from a copy otherwise) and never written."""

import numpy as np
import pytest

import seam


@pytest.fixture(scope="module")
def session(tiny_resnet):
    path, _, _ = tiny_resnet
    return seam.Session(path, threads=1)


def check(outputs, expected):
    np.testing.assert_allclose(outputs["output"], expected, rtol=1e-4, atol=1e-6)


def test_outputs_are_fresh_arrays(session, tiny_resnet):
    _, x, expected = tiny_resnet
    first = session.run({"input": x})["output"]
    second = session.run({"input": x})["output"]
    for out in (first, second):
        assert out.dtype == np.float32 and out.shape == (1, 10)
        assert out.flags.c_contiguous and out.flags.writeable
        assert out.flags.owndata and out.base is None
        assert not np.shares_memory(out, x)
    assert not np.shares_memory(first, second)
    np.testing.assert_array_equal(first, second)
    first[...] = 0  # the caller's to keep: a later run does not touch it
    check(session.run({"input": x}), expected)
    assert not first.any()


def test_inputs_untouched(session, tiny_resnet):
    _, x, expected = tiny_resnet
    x = x.copy()
    before = x.copy()
    check(session.run({"input": x}), expected)
    np.testing.assert_array_equal(x, before)


def test_read_only_input(session, tiny_resnet):
    _, x, expected = tiny_resnet
    assert not x.flags.writeable
    check(session.run({"input": x}), expected)


@pytest.mark.parametrize("layout", ["fortran", "strided", "negative", "unaligned"])
def test_other_layouts_are_copied(session, tiny_resnet, layout):
    _, x, expected = tiny_resnet
    if layout == "fortran":
        view = np.asfortranarray(x)
    elif layout == "strided":
        wide = np.zeros((1, 3, 32, 64), np.float32)
        wide[..., ::2] = x
        view = wide[..., ::2]
    elif layout == "negative":
        view = x[..., ::-1].copy()[..., ::-1]
    else:
        buffer = np.zeros(x.nbytes + 1, np.uint8)
        buffer[1:] = np.frombuffer(x.tobytes(), np.uint8)
        view = np.frombuffer(buffer.data, np.float32, x.size, 1).reshape(x.shape)
        assert not view.flags.aligned
    assert not (view.flags.c_contiguous and view.flags.aligned)
    before = view.copy()
    check(session.run({"input": view}), expected)
    np.testing.assert_array_equal(view, before)


def test_subclass_and_array_like(session, tiny_resnet):
    """Anything numpy.asarray makes a float32 array of is accepted."""
    _, x, expected = tiny_resnet

    class Wrapper:
        def __array__(self, dtype=None):
            return x

    check(session.run({"input": Wrapper()}), expected)
    check(session.run({"input": x.view(np.ma.MaskedArray)}), expected)
