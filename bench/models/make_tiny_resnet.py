#!/usr/bin/env python3
"""Writes tiny_resnet.onnx, Seam's bundled demo model: a small ResNet-style CNN
with random weights (seeded), as an exporter would write it (Conv +
BatchNormalization + Relu, residual Add, MaxPool, GlobalAveragePool, Flatten,
Gemm, Softmax), opset 13, input 'input' 1x3x32x32, output 'output' 1x10.

Run with Debian's Python, which has the onnx module:
    /usr/bin/python3 bench/models/make_tiny_resnet.py
"""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(0)
nodes, inits = [], []


def weight(name, shape, scale=None):
    fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
    scale = scale if scale is not None else np.sqrt(2.0 / fan_in)
    inits.append(numpy_helper.from_array(
        (rng.standard_normal(shape) * scale).astype(np.float32), name))
    return name


def conv_bn(x, name, cin, cout, k, stride, relu=True):
    pad = k // 2
    w = weight(f"{name}.weight", (cout, cin, k, k))
    nodes.append(helper.make_node(
        "Conv", [x, w], [f"{name}.conv"], name=f"{name}/Conv",
        kernel_shape=[k, k], strides=[stride, stride], pads=[pad] * 4))
    bn = [f"{name}.bn.{p}" for p in ("scale", "bias", "mean", "var")]
    inits.append(numpy_helper.from_array(
        rng.uniform(0.5, 1.5, cout).astype(np.float32), bn[0]))
    inits.append(numpy_helper.from_array(
        rng.uniform(-0.1, 0.1, cout).astype(np.float32), bn[1]))
    inits.append(numpy_helper.from_array(
        rng.uniform(-0.1, 0.1, cout).astype(np.float32), bn[2]))
    inits.append(numpy_helper.from_array(
        rng.uniform(0.5, 1.5, cout).astype(np.float32), bn[3]))
    out = f"{name}.bn"
    nodes.append(helper.make_node(
        "BatchNormalization", [f"{name}.conv"] + bn, [out],
        name=f"{name}/BatchNormalization", epsilon=1e-5))
    if relu:
        nodes.append(helper.make_node("Relu", [out], [f"{name}.relu"],
                                      name=f"{name}/Relu"))
        out = f"{name}.relu"
    return out


def basic_block(x, name, cin, cout, stride):
    y = conv_bn(x, f"{name}.conv1", cin, cout, 3, stride)
    y = conv_bn(y, f"{name}.conv2", cout, cout, 3, 1, relu=False)
    shortcut = x
    if stride != 1 or cin != cout:
        shortcut = conv_bn(x, f"{name}.downsample", cin, cout, 1, stride,
                           relu=False)
    nodes.append(helper.make_node("Add", [y, shortcut], [f"{name}.add"],
                                  name=f"{name}/Add"))
    nodes.append(helper.make_node("Relu", [f"{name}.add"], [f"{name}.out"],
                                  name=f"{name}/Relu"))
    return f"{name}.out"


x = conv_bn("input", "stem", 3, 16, 3, 1)
nodes.append(helper.make_node("MaxPool", [x], ["stem.pool"], name="stem/MaxPool",
                              kernel_shape=[3, 3], strides=[2, 2],
                              pads=[1, 1, 1, 1]))
x = basic_block("stem.pool", "layer1", 16, 16, 1)
x = basic_block(x, "layer2", 16, 32, 2)
nodes.append(helper.make_node("GlobalAveragePool", [x], ["pool"], name="GlobalAveragePool"))
nodes.append(helper.make_node("Flatten", ["pool"], ["flat"], name="Flatten", axis=1))
weight("fc.weight", (10, 32))
inits.append(numpy_helper.from_array(
    rng.uniform(-0.1, 0.1, 10).astype(np.float32), "fc.bias"))
nodes.append(helper.make_node("Gemm", ["flat", "fc.weight", "fc.bias"], ["logits"],
                              name="fc/Gemm", transB=1))
nodes.append(helper.make_node("Softmax", ["logits"], ["output"], name="Softmax", axis=1))

graph = helper.make_graph(
    nodes, "tiny_resnet",
    [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, 32, 32])],
    [helper.make_tensor_value_info("output", TensorProto.FLOAT, [1, 10])],
    inits)
model = helper.make_model(graph, producer_name="seam-make-tiny-resnet",
                          opset_imports=[helper.make_opsetid("", 13)])
model.ir_version = 7
onnx.checker.check_model(model)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tiny_resnet.onnx")
onnx.save(model, out)
print(f"wrote {out} ({os.path.getsize(out)} bytes)")
