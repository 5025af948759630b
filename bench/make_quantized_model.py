#!/usr/bin/python3
"""Writes a quantized convolution stack as exporters write one (QuantizeLinear,
QLinearConv with constant int8 weights, a scale per output channel and an
int32 bias, DequantizeLinear), with random weights and an input, to compare
oneDNN's int8 kernels with the compiled path:

  /usr/bin/python3 bench/make_quantized_model.py bench/models/qconv_stack
  for b in none dnnl; do
    build/bin/seam-run bench/models/qconv_stack.onnx --backends=$b \\
      --input x=bench/models/qconv_stack/x.npy --bench 30 --threads 1
  done

Nothing is downloaded; the model is generated (about 150 KB)."""

import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="path without extension: OUT.onnx, OUT/x.npy")
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--channels", type=int, default=64)
    parser.add_argument("--size", type=int, default=56)
    args = parser.parse_args()
    rng = np.random.RandomState(0)
    c, n = args.channels, args.size
    inits = [numpy_helper.from_array(np.array(np.float32(0.02)), "s"),
             numpy_helper.from_array(np.array(np.uint8(128)), "zp"),
             numpy_helper.from_array(np.array(np.int8(0)), "wzp")]
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "zp"], ["q0"])]
    for i in range(args.layers):
        inits += [
            numpy_helper.from_array(
                rng.randint(-127, 128, (c, c, 3, 3)).astype(np.int8), f"w{i}"),
            numpy_helper.from_array(
                rng.uniform(0.001, 0.003, c).astype(np.float32), f"ws{i}"),
            numpy_helper.from_array(
                rng.randint(-1000, 1000, c).astype(np.int32), f"b{i}")]
        nodes.append(helper.make_node(
            "QLinearConv", [f"q{i}", "s", "zp", f"w{i}", f"ws{i}", "wzp", "s",
                            "zp", f"b{i}"], [f"q{i + 1}"], pads=[1, 1, 1, 1]))
    nodes.append(helper.make_node("DequantizeLinear",
                                  [f"q{args.layers}", "s", "zp"], ["y"]))
    shape = [1, c, n, n]
    graph = helper.make_graph(
        nodes, "qconv_stack",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)], inits)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, args.out + ".onnx")
    os.makedirs(args.out, exist_ok=True)
    np.save(os.path.join(args.out, "x.npy"),
            rng.uniform(-1, 1, shape).astype(np.float32))


if __name__ == "__main__":
    main()
