#!/usr/bin/python3
"""Writes the fixtures of dft-unpool.test into Inputs/dft_unpool/: DFT and
MaxUnpool models (made with onnx.helper) with inputs and NumPy references
(numpy.fft; scatter of the values at their flat indices) for what ONNX's
node tests leave out: a onesided DFT, dft_length shorter and longer than
the signal, a complex forward DFT along a negative axis, an inverse of a
onesided length; MaxUnpool with output_shape a constant, with pads, and on
a 1-D signal.

Run with Debian's Python: /usr/bin/python3 test/e2e/make_dft_unpool_references.py.
Seeded, so reruns write the same numbers.
"""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "dft_unpool")


def save(name, nodes, inputs, outputs, inits, feeds, refs, opset):
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info(n, onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[
            a.dtype], a.shape) for n, a in zip(inputs, feeds)],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, a.shape)
         for n, a in zip(outputs, refs)], inits)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, name + ".onnx"))
    for i, a in enumerate(feeds):
        np.save(os.path.join(OUT, "%s_in%d.npy" % (name, i)), a)
    for i, a in enumerate(refs):
        np.save(os.path.join(OUT, "%s_out%d.npy" % (name, i)), a)


def as_parts(c):
    return np.stack([c.real, c.imag], axis=-1).astype(np.float32)


def dft_case(name, x, axis, rng, inverse=0, onesided=0, length=None):
    """x: [..., 1] real or [..., 2] complex; axis counts in x's rank."""
    signal = x[..., 0] + (1j * x[..., 1] if x.shape[-1] == 2 else 0)
    ax = axis if axis >= 0 else axis + x.ndim
    n = length or x.shape[ax]
    spectrum = (np.fft.ifft if inverse else np.fft.fft)(
        signal.astype(np.complex128), n=n, axis=ax)
    if onesided:
        spectrum = np.take(spectrum, np.arange(n // 2 + 1), axis=ax)
    inputs, inits = ["x"], []
    if length:
        inputs.append("len")
        inits.append(numpy_helper.from_array(np.array(length, np.int64),
                                             "len"))
    node = helper.make_node("DFT", inputs, ["y"], axis=axis, inverse=inverse,
                            onesided=onesided)
    save(name, [node], ["x"], ["y"], inits, [x], [as_parts(spectrum)], 17)


def unpool_case(name, x_shape, kernel, strides, pads, rng, output_shape=None):
    x = rng.standard_normal(x_shape).astype(np.float32)
    spatial = len(kernel)
    out = list(x_shape[:2]) + [
        (x_shape[2 + i] - 1) * strides[i] + kernel[i] - pads[i]
        - pads[i + spatial] for i in range(spatial)]
    if output_shape:
        out = output_shape
    total = int(np.prod(out))
    # Distinct flat indices, as a MaxPool would give them.
    idx = rng.choice(total, size=x.size, replace=False).astype(np.int64)
    y = np.zeros(total, np.float32)
    y[idx] = x.reshape(-1)
    inputs, inits = ["x", "i"], []
    if output_shape:
        inputs.append("shape")
        inits.append(numpy_helper.from_array(np.array(output_shape, np.int64),
                                             "shape"))
    node = helper.make_node("MaxUnpool", inputs, ["y"], kernel_shape=kernel,
                            strides=strides, pads=pads)
    save(name, [node], ["x", "i"], ["y"], inits,
         [x, idx.reshape(x_shape)], [y.reshape(out)], 11)


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(0)
    real = rng.standard_normal((2, 12, 3, 1)).astype(np.float32)
    dft_case("dft_onesided", real, 1, rng, onesided=1)
    dft_case("dft_length_short", real, 1, rng, length=8)
    dft_case("dft_length_long_onesided", real, 2, rng, onesided=1, length=7)
    cplx = rng.standard_normal((3, 2, 9, 2)).astype(np.float32)
    dft_case("dft_complex_negative_axis", cplx, -2, rng)
    dft_case("dft_complex_inverse", cplx, 0, rng, inverse=1)
    unpool_case("maxunpool_output_shape", (1, 2, 2, 3), [2, 2], [2, 2],
                [0, 0, 0, 0], rng, output_shape=[1, 2, 5, 7])
    unpool_case("maxunpool_pads", (2, 1, 3, 3), [3, 3], [2, 2],
                [1, 1, 1, 1], rng)
    unpool_case("maxunpool_1d", (1, 3, 4), [2], [3], [0, 1], rng)


if __name__ == "__main__":
    main()
