#!/usr/bin/env python3
"""Writes the fixtures of Seam's element-type tests with NumPy and ONNX's own
helpers (the independent reference; Seam writes none of them):

test/e2e/Inputs/typed/<dtype>.npy, <dtype>.pb
    one small tensor per element type Seam has; the .pb keeps its values in
    the typed field (float_data, double_data, int64_data, int32_data for
    int32/int8/uint8/uint16/bool/float16, uint64_data for uint32/uint64),
    not raw_data, as onnx.helper.make_tensor
    does with raw=False (ONNX's backend test data all use raw_data).
test/tools/seam-run/Inputs/typed_io/
    inputs and expected outputs of test/e2e/Inputs/typed_io.mlir
    (y = a + 1, m = not b, d = 2 * c).

Run from anywhere: /usr/bin/python3 test/e2e/Inputs/make_typed_tensors.py
"""

import pathlib

import numpy as np
import onnx
from onnx import helper

ROOT = pathlib.Path(__file__).resolve().parents[3]
TYPED = ROOT / "test/e2e/Inputs/typed"
SEAM_RUN = ROOT / "test/tools/seam-run/Inputs/typed_io"

# One tensor per element type: values that differ from one another and,
# for the narrow types, the edges of their range.
TENSORS = {
    "float32": np.array([[1.5, -2.25, 3e-8], [0.0, -0.0, 1e30]], np.float32),
    "float64": np.array([1e300, -1.0 / 3.0, 2.0 ** -1070, 7.0], np.float64),
    "float16": np.array([[1.0, -0.5, 65504.0], [6e-8, 0.099975586, -3.0]],
                        np.float16),
    "int64": np.array([[2 ** 62, -(2 ** 40)], [0, -1], [7, 1]], np.int64),
    "int32": np.array([2 ** 31 - 1, -(2 ** 31), 0, -7, 123456], np.int32),
    "int8": np.array([[-128, 127, 0], [-1, 5, 9]], np.int8),
    "uint8": np.array([0, 255, 128, 7], np.uint8),
    "uint16": np.array([[0, 65535], [32768, 9]], np.uint16),
    "uint32": np.array([2 ** 32 - 1, 2 ** 31, 0, 12], np.uint32),
    "uint64": np.array([2 ** 64 - 1, 2 ** 63 + 5, 0], np.uint64),
    "bool": np.array([[True, False, True], [False, False, True]], np.bool_),
}


def write_typed():
    TYPED.mkdir(parents=True, exist_ok=True)
    for name, array in TENSORS.items():
        np.save(TYPED / f"{name}.npy", array)
        data_type = onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype]
        # For float16, make_tensor stores the bits of the values in
        # int32_data itself (onnx.proto).
        values = array.flatten().tolist()
        tensor = helper.make_tensor(name, data_type, array.shape, values,
                                    raw=False)
        assert not tensor.HasField("raw_data")
        (TYPED / f"{name}.pb").write_bytes(tensor.SerializeToString())


def write_seam_run():
    SEAM_RUN.mkdir(parents=True, exist_ok=True)
    a = np.array([[0, 1, 2], [3, 4, -5]], np.int64)
    b = np.array([[True, False, True], [False, False, True]], np.bool_)
    c = np.array([0.5, -1.25, 1e300, 3.0], np.float64)
    np.save(SEAM_RUN / "a.npy", a)
    np.save(SEAM_RUN / "b.npy", b)
    np.save(SEAM_RUN / "c.npy", c)
    np.save(SEAM_RUN / "y.npy", a + 1)
    np.save(SEAM_RUN / "m.npy", np.logical_not(b))
    np.save(SEAM_RUN / "d.npy", 2 * c)
    # The same input a as an ONNX TensorProto (int64_data), and wrong ones:
    # a of another dtype, a reference of y with its element 4 off by one.
    (SEAM_RUN / "a.pb").write_bytes(
        helper.make_tensor("a", onnx.TensorProto.INT64, a.shape,
                           a.flatten().tolist()).SerializeToString())
    np.save(SEAM_RUN / "a_int32.npy", a.astype(np.int32))
    wrong = a + 1
    wrong.flat[4] += 1
    np.save(SEAM_RUN / "y_wrong.npy", wrong)


if __name__ == "__main__":
    write_typed()
    write_seam_run()
