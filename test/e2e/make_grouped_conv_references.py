#!/usr/bin/python3
"""Writes the fixtures of grouped-conv.test into Inputs/grouped_conv/: one
ONNX model with a batch-1 grouped Conv per case (each its own input and
output) and PyTorch's conv2d of the same weights as the reference.

Cases: 2 groups with bias and padding; 4 groups with stride 2, dilation 2
and asymmetric pads (applied by F.pad); grouped 1x1 (ShuffleNet v1 style);
8 groups of 16 channels (RegNet, ResNeXt) with stride 2 and a Relu after;
one input channel per group with two filters each (a depthwise multiplier,
not the depthwise op).

Run with Debian's Python: /usr/bin/python3 test/e2e/make_grouped_conv_references.py
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conv_fixture import add_conv  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "grouped_conv")

# name, input [C, H, W], out channels, kernel, group, strides, dilations,
# pads [top, left, bottom, right], bias, relu
CASES = [
    ("g2_bias", (8, 10, 10), 6, 3, 2, 1, 1, [1, 1, 1, 1], True, False),
    ("g4_strided_dilated", (8, 13, 11), 8, 3, 4, 2, 2, [2, 1, 0, 2], False,
     False),
    ("g3_pointwise", (6, 7, 7), 12, 1, 3, 1, 1, [0, 0, 0, 0], True, False),
    ("g8_width16_relu", (128, 14, 14), 128, 3, 8, 2, 1, [1, 1, 1, 1], True,
     True),
    ("g4_multiplier2", (4, 9, 9), 8, 3, 4, 1, 1, [1, 1, 1, 1], True, False),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261128)
    nodes, inputs, outputs, inits = [], [], [], []
    for (name, shape, cout, k, group, stride, dilation, pads, bias,
         relu) in CASES:
        x, w, b, conv_out, node = add_conv(
            rng, name, shape, cout, k, group, stride, dilation, pads,
            bias, bool(relu), inits)
        nodes.append(node)
        if relu:
            nodes.append(oh.make_node("Relu", [conv_out], [name + "_y"]))
        padded = F.pad(torch.from_numpy(x),
                       (pads[1], pads[3], pads[0], pads[2]))
        y = F.conv2d(padded, torch.from_numpy(w),
                     torch.from_numpy(b) if bias else None, stride=stride,
                     dilation=dilation, groups=group)
        if relu:
            y = torch.relu(y)
        y = y.numpy()
        inputs.append(oh.make_tensor_value_info(name + "_x",
                                                TensorProto.FLOAT, x.shape))
        outputs.append(oh.make_tensor_value_info(name + "_y",
                                                 TensorProto.FLOAT, y.shape))
        np.save(os.path.join(OUT, name + "_x.npy"), x)
        np.save(os.path.join(OUT, name + "_y.npy"), y)
    graph = oh.make_graph(nodes, "grouped_convs", inputs, outputs, inits)
    model = oh.make_model(graph, opset_imports=[oh.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, "grouped_convs.onnx"))


if __name__ == "__main__":
    main()
