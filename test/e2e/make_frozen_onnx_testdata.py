#!/usr/bin/python3
"""Writes the fixtures of frozen-onnx-testdata.test and data-dependent.test
from ONNX's own backend tests (Debian's libonnx-testdata) whose graph inputs
decide the result's shape: STFT's frame_step and frame_length,
MelWeightMatrix's five scalars, the window ops' size, NonZero's and
Unique's input, Compress's condition. Seam needs those at import, so here
they become initializers holding the values of test_data_set_0; the other
inputs stay graph inputs. The inputs left and ONNX's expected outputs are
written as .npy next to each model:

  Inputs/frozen/<test>.onnx, <test>_in<i>.npy, <test>_out<i>.npy

Run with Debian's Python: /usr/bin/python3 test/e2e/make_frozen_onnx_testdata.py
"""
import os

import numpy as np
import onnx
from onnx import numpy_helper as nh

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "frozen")
DATA = "/usr/share/libonnx-testdata/data/node"

# Test name -> the inputs that stay graph inputs.
TESTS = {"stft": ["signal"], "stft_with_window": ["signal", "window"],
         "melweightmatrix": []}
TESTS["nonzero_example"] = []
for variant in ("0", "1", "default_axis", "negative_axis"):
    TESTS["compress_" + variant] = ["input"]
for variant in ("not_sorted_without_axis", "sorted_with_axis",
                "sorted_with_axis_3d", "sorted_with_negative_axis",
                "sorted_without_axis"):
    TESTS["unique_" + variant] = []
for window in ("blackman", "hamming", "hann"):
    for variant in ("", "_symmetric", "_expanded", "_symmetric_expanded"):
        TESTS[window + "window" + variant] = []


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, kept_names in sorted(TESTS.items()):
        test = os.path.join(DATA, "test_" + name)
        model = onnx.load(os.path.join(test, "model.onnx"))
        data = os.path.join(test, "test_data_set_0")
        graph = model.graph
        arrays = [nh.to_array(onnx.load_tensor(
            os.path.join(data, "input_%d.pb" % i)))
            for i in range(len(graph.input))]
        kept = []
        for value, array in zip(list(graph.input), arrays):
            if value.name in kept_names:
                kept.append((value, array))
            else:
                graph.initializer.append(nh.from_array(array, value.name))
        del graph.input[:]
        for i, (value, array) in enumerate(kept):
            graph.input.append(value)
            np.save(os.path.join(OUT, "%s_in%d.npy" % (name, i)), array)
        onnx.checker.check_model(model)
        onnx.save(model, os.path.join(OUT, name + ".onnx"))
        for i in range(len(graph.output)):
            y = nh.to_array(onnx.load_tensor(
                os.path.join(data, "output_%d.pb" % i)))
            np.save(os.path.join(OUT, "%s_out%d.npy" % (name, i)), y)
        print(name)


if __name__ == "__main__":
    main()
