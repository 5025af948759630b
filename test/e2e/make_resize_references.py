#!/usr/bin/python3
"""Writes the fixtures of resize-onnx-testdata.test from ONNX's own backend
tests of Resize and Upsample (Debian's libonnx-testdata).

Those tests pass scales, sizes and roi as graph inputs; Seam needs them at
import (they give the result its static shape), so here they become
initializers with the values of test_data_set_0, and empty Constants
(opset 11's absent inputs) are dropped, making that model opset 13. The input X and ONNX's
expected output are written as .npy next to each model:

  Inputs/resize/<test>.onnx, <test>_x.npy, <test>_y.npy

Run with Debian's Python: /usr/bin/python3 test/e2e/make_resize_references.py
"""
import glob
import os

import numpy as np
import onnx
from onnx import numpy_helper as nh

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "resize")
DATA = "/usr/share/libonnx-testdata/data/node"


def main():
    os.makedirs(OUT, exist_ok=True)
    tests = sorted(glob.glob(os.path.join(DATA, "test_resize_*")))
    tests.append(os.path.join(DATA, "test_upsample_nearest"))
    for test in tests:
        name = os.path.basename(test)[len("test_"):]
        model = onnx.load(os.path.join(test, "model.onnx"))
        data = os.path.join(test, "test_data_set_0")
        inputs = [nh.to_array(onnx.load_tensor(
            os.path.join(data, "input_%d.pb" % i)))
            for i in range(len(model.graph.input))]
        graph = model.graph
        # Opset 11 writes absent inputs as empty Constants; Seam refuses
        # empty tensors, so they become absent ('') here.
        for node in [n for n in graph.node if n.op_type == "Constant" and
                     0 in n.attribute[0].t.dims]:
            for user in graph.node:
                user.input[:] = ["" if i == node.output[0] else i
                                 for i in user.input]
            graph.node.remove(node)
            # Resize-11 requires them; Resize-13, which the importer
            # converts to anyway, takes '' (and keeps the attributes).
            model.opset_import[0].version = 13
        for value, array in list(zip(graph.input, inputs))[1:]:
            graph.initializer.append(nh.from_array(array, value.name))
        kept = graph.input[0]
        del graph.input[:]
        graph.input.append(kept)
        onnx.checker.check_model(model)
        onnx.save(model, os.path.join(OUT, name + ".onnx"))
        np.save(os.path.join(OUT, name + "_x.npy"), inputs[0])
        y = nh.to_array(onnx.load_tensor(os.path.join(data, "output_0.pb")))
        np.save(os.path.join(OUT, name + "_y.npy"), y)
        print(name)


if __name__ == "__main__":
    main()
