#!/usr/bin/python3
"""Compile time against graph size: chains of elementwise ops through seam-run.

    /usr/bin/python3 bench/compile_time.py [--sizes 1000,5000,10000] [--seam-run PATH]
                                           [--backends none] [--rounds 1]

For each size N, a model of N alternating Sigmoid and Relu nodes on a 1x16 tensor (the
shape of a long chain of small ops in a transformer export) is written to a temporary folder
and compiled by `seam-run --no-cache` (one run, outputs checked against NumPy's; without
--no-cache every round after the first would load the compiled-object cache); the line per size
gives N, the median of `compile_ms` over the rounds, ms per op, and the ratio to the
previous size's time per op (1.0: linear). Not a test: nothing is asserted.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper


def chain_model(n):
    nodes, prev = [], "x"
    for i in range(n):
        out = "y" if i == n - 1 else f"v{i}"
        nodes.append(helper.make_node("Sigmoid" if i % 2 == 0 else "Relu",
                                      [prev], [out], name=f"n{i}"))
        prev = out
    graph = helper.make_graph(
        nodes, "chain", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 16])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


def reference(x, n):
    for i in range(n):
        x = 1 / (1 + np.exp(-x)) if i % 2 == 0 else np.maximum(x, 0)
    return x.astype(np.float32)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,10000")
    parser.add_argument("--seam-run", default=os.path.join(root, "build/bin/seam-run"))
    parser.add_argument("--backends", default="none")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 16)).astype(np.float32)
    previous = None
    print(f"{'ops':>7} {'compile_ms':>11} {'ms/op':>7} {'vs previous':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        np.save(os.path.join(tmp, "x.npy"), x)
        for n in (int(s) for s in args.sizes.split(",")):
            model = os.path.join(tmp, f"chain{n}.onnx")
            onnx.save(chain_model(n), model)
            np.save(os.path.join(tmp, "y.npy"), reference(x.astype(np.float64), n))
            times = []
            for _ in range(args.rounds):
                out = subprocess.run(
                    [args.seam_run, model, f"--backends={args.backends}", "--no-cache",
                     f"--input=x={tmp}/x.npy", f"--expect=y={tmp}/y.npy",
                     "--rtol=1e-4", "--atol=1e-5"],
                    capture_output=True, text=True)
                if out.returncode != 0:
                    sys.exit(f"seam-run failed on {n} ops:\n{out.stderr}{out.stdout}")
                times.append(float(re.search(r"compile_ms: ([0-9.]+)", out.stdout).group(1)))
            ms = statistics.median(times)
            per_op = ms / n
            ratio = f"{per_op / previous:.2f}" if previous else "-"
            print(f"{n:>7} {ms:>11.1f} {per_op:>7.3f} {ratio:>12}", flush=True)
            previous = per_op


if __name__ == "__main__":
    main()
