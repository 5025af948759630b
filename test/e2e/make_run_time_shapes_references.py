#!/usr/bin/python3
"""Writes the inputs and NumPy references of run-time-shapes.test into
Inputs/run_time_shapes/: for test/Import/Inputs/run_time_shapes.onnx
(x [b, t, 4] float32 and mask [b, t] int64; y = 2 * relu(x) * mask and
z = x @ w with w[i][j] = i - j), one set per shape.

Run with Debian's Python: /usr/bin/python3 test/e2e/make_run_time_shapes_references.py.
Seeded, so reruns write the same numbers.
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "run_time_shapes")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261124)
    w = np.array([[i - j for j in range(3)] for i in range(4)], np.float32)
    for b, t in [(1, 5), (2, 9), (1, 16)]:
        x = rng.standard_normal((b, t, 4)).astype(np.float32)
        mask = (rng.random((b, t)) > 0.3).astype(np.int64)
        y = 2 * np.maximum(x, 0) * mask[..., None].astype(np.float32)
        z = (x.astype(np.float64) @ w.astype(np.float64)).astype(np.float32)
        prefix = os.path.join(OUT, "b%d_t%d_" % (b, t))
        for name, array in [("x", x), ("mask", mask), ("y", y), ("z", z)]:
            np.save(prefix + name + ".npy", array)


if __name__ == "__main__":
    main()
