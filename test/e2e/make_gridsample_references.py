#!/usr/bin/python3
"""Writes the fixtures of gridsample.test into Inputs/gridsample/: one model
with a GridSample node per mode (nearest, bilinear, bicubic), padding mode
(zeros, border, reflection) and align_corners (0, 1), 18 outputs, on a grid
reaching to +-3.5 (several reflections) and an image of another size than
the output, with PyTorch's torch.nn.functional.grid_sample as the
reference (ONNX's GridSample follows it).

Run with Debian's Python: /usr/bin/python3 test/e2e/make_gridsample_references.py.
Seeded, so reruns write the same numbers.
"""
import os

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "gridsample")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3, 5, 7)).astype(np.float32)
    grid = rng.uniform(-3.5, 3.5, (2, 4, 6, 2)).astype(np.float32)
    nodes, outputs, refs = [], [], []
    for mode in ("nearest", "bilinear", "bicubic"):
        for padding in ("zeros", "border", "reflection"):
            for align in (0, 1):
                name = "%s_%s_%d" % (mode, padding, align)
                nodes.append(helper.make_node(
                    "GridSample", ["x", "grid"], [name], mode=mode,
                    padding_mode=padding, align_corners=align))
                y = torch.nn.functional.grid_sample(
                    torch.from_numpy(x).double(),
                    torch.from_numpy(grid).double(), mode=mode,
                    padding_mode=padding, align_corners=bool(align))
                refs.append(y.numpy().astype(np.float32))
                outputs.append(helper.make_tensor_value_info(
                    name, TensorProto.FLOAT, refs[-1].shape))
    graph = helper.make_graph(
        nodes, "gridsample",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape),
         helper.make_tensor_value_info("grid", TensorProto.FLOAT,
                                       grid.shape)], outputs)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 16)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, "gridsample_all.onnx"))
    np.save(os.path.join(OUT, "x.npy"), x)
    np.save(os.path.join(OUT, "grid.npy"), grid)
    for i, y in enumerate(refs):
        np.save(os.path.join(OUT, "out%02d.npy" % i), y)


if __name__ == "__main__":
    main()
