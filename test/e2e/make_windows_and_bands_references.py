#!/usr/bin/python3
"""Writes the fixtures of windows-and-bands.test into Inputs/windows_and_bands/:
one ONNX model with a batch-1 case per window op or banded convolution (each
its own input and output, but the conv with two users, which has two outputs)
and PyTorch's conv2d / max_pool2d / avg_pool2d of the same weights as the
reference.

Cases, with the output widths they give the vector loops over output rows
(multiples of 16, remainders, 1):
depthwise 3x3 with bias and a Clip(0, 6) (width 20); depthwise 3x3 stride 2
on odd sizes (17); depthwise 5x5 stride 2 with bias (20); depthwise 3x3
dilation 2 (13); MaxPool 3x3 stride 2 pad 1 (18); AveragePool 3x3 pad 1
counting the pads (21); AveragePool 2x2 stride 2 (17); and convolutions
banded by output rows with their consumer: a tall 1x1 conv with bias and a
Relu (20); a 3x3 conv with bias, a residual Add of its input and a Relu (12);
a 3x3 stride 2 conv with bias whose result feeds a Relu and a Sigmoid, both
outputs (32); a 3x3 conv to an output one column wide (1).

Run with Debian's Python: /usr/bin/python3 test/e2e/make_windows_and_bands_references.py
Seeded, so reruns write the same numbers.
"""
import os
import sys

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import TensorProto
from onnx import helper as oh
from onnx import numpy_helper as nh

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conv_fixture import add_conv  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "windows_and_bands")

# Convolutions: name, input [C, H, W], out channels, kernel, group, stride,
# dilation, pad (all four sides), bias, consumer ("clip" for Clip(0, 6),
# "relu", "residual_relu" for Add of the conv input then Relu, "relu_sigmoid"
# for a Relu and a Sigmoid of the same conv, or None).
CONVS = [
    ("dw3_bias_clip", (8, 20, 20), 8, 3, 8, 1, 1, 1, True, "clip"),
    ("dw3_stride2_odd", (6, 27, 33), 6, 3, 6, 2, 1, 1, False, None),
    ("dw5_stride2_bias", (4, 32, 40), 4, 5, 4, 2, 1, 2, True, None),
    ("dw3_dilation2", (3, 13, 13), 3, 3, 3, 1, 2, 2, False, None),
    ("pw_bias_relu_tall", (16, 56, 20), 24, 1, 1, 1, 1, 0, True, "relu"),
    ("conv3_bias_residual_relu", (8, 40, 12), 8, 3, 1, 1, 1, 1, True,
     "residual_relu"),
    ("conv3_stride2_two_users", (3, 64, 64), 16, 3, 1, 2, 1, 1, True,
     "relu_sigmoid"),
    ("conv3_width1", (4, 30, 3), 4, 3, 1, 1, 1, 0, False, None),
]

# Pools: name, input [C, H, W], op, kernel, stride, pad (all four sides),
# count_include_pad (AveragePool only).
POOLS = [
    ("maxpool3_stride2_pad1", (5, 29, 35), "MaxPool", 3, 2, 1, None),
    ("avgpool3_pad1_count_pad", (4, 21, 21), "AveragePool", 3, 1, 1, 1),
    ("avgpool2_stride2", (3, 16, 34), "AveragePool", 2, 2, 0, 0),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261129)
    nodes, inputs, outputs, inits = [], [], [], []

    def add_case(name, x, ys):
        inputs.append(oh.make_tensor_value_info(name + "_x",
                                                TensorProto.FLOAT, x.shape))
        np.save(os.path.join(OUT, name + "_x.npy"), x)
        for out_name, y in ys:
            outputs.append(oh.make_tensor_value_info(out_name,
                                                     TensorProto.FLOAT,
                                                     y.shape))
            np.save(os.path.join(OUT, out_name + ".npy"), y)

    for (name, shape, cout, k, group, stride, dilation, pad, bias,
         consumer) in CONVS:
        x, w, b, conv_out, node = add_conv(
            rng, name, shape, cout, k, group, stride, dilation, [pad, pad, pad, pad],
            bias, bool(consumer), inits)
        nodes.append(node)
        y = F.conv2d(torch.from_numpy(x), torch.from_numpy(w),
                     torch.from_numpy(b) if bias else None, stride=stride,
                     padding=pad, dilation=dilation, groups=group)
        if consumer == "clip":
            inits.append(nh.from_array(np.array(0, np.float32),
                                       name + "_min"))
            inits.append(nh.from_array(np.array(6, np.float32),
                                       name + "_max"))
            nodes.append(oh.make_node(
                "Clip", [conv_out, name + "_min", name + "_max"],
                [name + "_y"]))
            ys = [(name + "_y", torch.clamp(y, 0, 6))]
        elif consumer == "relu":
            nodes.append(oh.make_node("Relu", [conv_out], [name + "_y"]))
            ys = [(name + "_y", torch.relu(y))]
        elif consumer == "residual_relu":
            nodes.append(oh.make_node("Add", [conv_out, name + "_x"],
                                      [name + "_sum"]))
            nodes.append(oh.make_node("Relu", [name + "_sum"],
                                      [name + "_y"]))
            ys = [(name + "_y", torch.relu(y + torch.from_numpy(x)))]
        elif consumer == "relu_sigmoid":
            nodes.append(oh.make_node("Relu", [conv_out],
                                      [name + "_relu_y"]))
            nodes.append(oh.make_node("Sigmoid", [conv_out],
                                      [name + "_sigmoid_y"]))
            ys = [(name + "_relu_y", torch.relu(y)),
                  (name + "_sigmoid_y", torch.sigmoid(y))]
        else:
            ys = [(name + "_y", y)]
        add_case(name, x, [(n, t.numpy()) for n, t in ys])

    for name, shape, op, k, stride, pad, count_include_pad in POOLS:
        x = rng.standard_normal((1,) + shape).astype(np.float32)
        attrs = dict(kernel_shape=[k, k], strides=[stride, stride],
                     pads=[pad, pad, pad, pad], ceil_mode=0)
        if op == "MaxPool":
            y = F.max_pool2d(torch.from_numpy(x), k, stride, pad)
        else:
            attrs["count_include_pad"] = count_include_pad
            y = F.avg_pool2d(torch.from_numpy(x), k, stride, pad,
                             count_include_pad=bool(count_include_pad))
        nodes.append(oh.make_node(op, [name + "_x"], [name + "_y"], **attrs))
        add_case(name, x, [(name + "_y", y.numpy())])

    graph = oh.make_graph(nodes, "windows_and_bands", inputs, outputs, inits)
    model = oh.make_model(graph, opset_imports=[oh.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, "windows_and_bands.onnx"))


if __name__ == "__main__":
    main()
