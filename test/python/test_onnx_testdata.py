"""Models of ONNX's backend test data through seam.Session, compared with
their reference outputs, with backends "none" (all compiled) and "dnnl"."""

import numpy as np
import pytest

import seam

# ONNX's tolerances (onnx/backend/test/runner), as the C++ conformance test.
RTOL, ATOL = 1e-3, 1e-7

CASES = [
    "node/test_relu",
    "node/test_add_bcast",
    "node/test_conv_with_strides_padding",
    "node/test_maxpool_2d_pads",
    "node/test_averagepool_2d_strides",
    "node/test_softmax_axis_1",
    "node/test_gemm_all_attributes",
    "node/test_matmul_2d",
    "node/test_concat_2d_axis_1",
    "node/test_transpose_default",
    "pytorch-converted/test_Conv2d",
    "pytorch-converted/test_Conv2d_depthwise_padded",
    "pytorch-converted/test_Linear",
    "pytorch-converted/test_MaxPool2d",
    "pytorch-operator/test_operator_conv",
    "simple/test_single_relu_model",
]


@pytest.mark.parametrize("name", CASES)
def test_matches_reference(onnx_case, backend, name):
    case = onnx_case(name)
    session = seam.Session(str(case.model), backends=[backend], threads=1)
    outputs = session.run(case.feeds(session))
    assert list(outputs) == [o.name for o in session.outputs]
    assert len(case.outputs) == len(outputs)
    for info, expected in zip(session.outputs, case.outputs):
        actual = outputs[info.name]
        assert actual.shape == expected.shape == info.shape
        assert actual.dtype == np.float32
        np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL,
                                   err_msg=f"{name} output {info.name!r}")


def test_dnnl_runs_the_convolution(onnx_case):
    """With backends=["dnnl"] the conv really runs in oneDNN: its region is
    in the partition table and in the profile, with as many runs as made."""
    if "dnnl" not in seam.backends():
        pytest.skip("this build has no dnnl backend")
    case = onnx_case("pytorch-converted/test_Conv2d")
    session = seam.Session(case.model, backends=["dnnl"])
    assert "dnnl" in session.partition_report()
    for _ in range(3):
        outputs = session.run(case.feeds(session))
    np.testing.assert_allclose(next(iter(outputs.values())), case.outputs[0],
                               rtol=RTOL, atol=ATOL)
    profile = session.profile()
    assert [p["backend"] for p in profile] == ["dnnl"]
    region = profile[0]
    assert region["region"].startswith("dnnl_")
    assert region["runs"] == 3
    assert region["milliseconds"] > 0
    assert any(name.startswith("conv") for name, _ in region["kernels"])
    for name, ms in region["kernels"]:
        assert isinstance(name, str) and (ms is None or ms >= 0)


def test_model_given_as_bytes(onnx_case, backend):
    case = onnx_case("pytorch-converted/test_Conv2d")
    data = case.model.read_bytes()
    for model in (data, bytearray(data), memoryview(data)):
        session = seam.Session(model, backends=[backend])
        outputs = session.run(case.feeds(session))
        np.testing.assert_allclose(next(iter(outputs.values())),
                                   case.outputs[0], rtol=RTOL, atol=ATOL)
