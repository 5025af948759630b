#!/usr/bin/python3
"""Differential runs of seeded random graphs the pattern tables were not
written for: a matmul (2-D or batched) or a 3x3 conv, then a chain of
eltwise ops and binary ops whose second operand takes every broadcasting
form (the result's shape, a lower rank, leading ones, per channel, 0-d),
given as a constant or at run time, on either side. Each graph is written
as seam MLIR with a NumPy reference of its own (float64, then float32) and
run by seam-run with every backend asked for; a run that fails or differs
is reported with the graph's recipe.

  random_chains.py --seam-run PATH --out DIR [--seed S] [--count N]
                   [--backends none,dnnl,xnnpack]

Prints one line per failure and last "random chains: N graphs x K backends,
P passed, F failed"; exits 1 when anything failed."""

import argparse
import os
import subprocess
import sys

import numpy as np

ELTWISE_OPS = ("relu", "tanh", "sigmoid")
BIN_OPS = ("add", "sub", "mul", "div", "max", "min")


def tensor_type(shape):
    return "tensor<%sxf32>" % "x".join(map(str, shape)) if shape else \
        "tensor<f32>"


def dense(array):
    """An MLIR dense literal of `array` (float32)."""
    def nest(a):
        if a.ndim == 0:
            return "%.9g" % a
        return "[" + ", ".join(nest(s) for s in a) + "]"
    return "dense<%s> : %s" % (nest(array), tensor_type(array.shape))


def conv3x3(x, w):
    """NCHW, stride 1, pads 1, float64."""
    n, c, h, wd = x.shape
    padded = np.zeros((n, c, h + 2, wd + 2))
    padded[:, :, 1:-1, 1:-1] = x
    out = np.zeros((n, w.shape[0], h, wd))
    for i in range(3):
        for j in range(3):
            out += np.einsum("nchw,oc->nohw", padded[:, :, i:i + h, j:j + wd],
                             w[:, :, i, j])
    return out


class Graph:
    def __init__(self):
        self.args, self.arrays, self.body, self.recipe = [], [], [], []
        self.count = 0

    def value(self):
        self.count += 1
        return "%%v%d" % self.count

    def arg(self, array):
        name = "%%arg%d" % len(self.args)
        self.args.append((name, array.shape))
        self.arrays.append(array.astype(np.float32))
        return name

    def const(self, array):
        name = self.value()
        self.body.append("%s = arith.constant %s" %
                         (name, dense(array.astype(np.float32))))
        return name

    def operand(self, array, constant):
        return self.const(array) if constant else self.arg(array)


def broadcast_shapes(shape, kind):
    """The second-operand shapes that broadcast into `shape`."""
    rank = len(shape)
    shapes = {"full": shape, "scalar": (), "last": (shape[-1],),
              "ones": (1,) * (rank - 1) + (shape[-1],),
              "rows": shape[:-1] + (1,)}
    if kind == "conv":
        shapes["channel"] = (1, shape[1], 1, 1)
        shapes["channel3"] = (shape[1], 1, 1)
        shapes["spatial"] = (1, 1) + shape[2:]
    if rank == 3:
        shapes["batch"] = (shape[0], 1, 1)
        shapes["inner"] = shape[1:]
    return shapes


def make_graph(rng):
    g = Graph()
    kind = rng.choice(["matmul", "batched", "conv"])
    u = lambda *s: rng.uniform(-1, 1, s)
    if kind == "conv":
        c, o = rng.choice([3, 8, 16]), rng.choice([1, 8, 16, 24])
        h, w = rng.choice([1, 5, 8]), rng.choice([1, 4, 7])
        x = u(1, c, h, w)
        weights = u(o, c, 3, 3) / (3 * c)
        ref = conv3x3(x, weights)
        a, k = g.arg(x), g.const(weights)
        cur = g.value()
        g.body.append("%s = seam.conv %s, %s {pads = array<i64: 1, 1, 1, 1>} "
                      ": (%s, %s) -> %s" % (cur, a, k, tensor_type(x.shape),
                                            tensor_type(weights.shape),
                                            tensor_type(ref.shape)))
        g.recipe.append("conv %s by %s" % (x.shape, weights.shape))
    else:
        batch = (rng.choice([1, 2, 3]),) if kind == "batched" else ()
        m, kk, n = rng.choice([1, 4, 7]), rng.choice([3, 16, 33]), \
            rng.choice([1, 5, 16, 20])
        x = u(*(batch + (m, kk)))
        weights = u(kk, n) / kk
        ref = np.matmul(x, weights)
        a, k = g.arg(x), g.const(weights)
        cur = g.value()
        g.body.append("%s = seam.matmul %s, %s : (%s, %s) -> %s" %
                      (cur, a, k, tensor_type(x.shape),
                       tensor_type(weights.shape), tensor_type(ref.shape)))
        g.recipe.append("matmul %s by %s" % (x.shape, weights.shape))
    shape = ref.shape
    shapes = broadcast_shapes(shape, kind)
    for _ in range(rng.integers(1, 5)):
        op = rng.choice(ELTWISE_OPS + BIN_OPS)
        out = g.value()
        if op in ELTWISE_OPS:
            ref = {"relu": lambda r: np.maximum(r, 0), "tanh": np.tanh,
                   "sigmoid": lambda r: 1 / (1 + np.exp(-r))}[op](ref)
            g.body.append("%s = seam.%s %s : %s" %
                          (out, op, cur, tensor_type(shape)))
            g.recipe.append(op)
        else:
            form = rng.choice(sorted(shapes))
            constant = bool(rng.integers(0, 2))
            # The chain's value first, except sometimes for a commutative
            # op or a sub (never a division by the chain).
            swap = op != "div" and bool(rng.integers(0, 4) == 0)
            other = rng.uniform(0.5, 1.5, shapes[form]) if op == "div" else \
                rng.uniform(-1, 1, shapes[form])
            other = np.asarray(other)
            name = g.operand(other, constant)
            first, second = (name, cur) if swap else (cur, name)
            fa, fb = (other, ref) if swap else (ref, other)
            ref = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
                   "div": np.divide, "max": np.maximum,
                   "min": np.minimum}[op](fa, fb)
            types = (tensor_type(other.shape), tensor_type(shape))
            if not swap:
                types = types[::-1]
            g.body.append("%s = seam.%s %s, %s : (%s, %s) -> %s" %
                          (out, op, first, second, types[0], types[1],
                           tensor_type(shape)))
            g.recipe.append("%s %s%s %s" % (op, "swapped " if swap else "",
                                            "constant" if constant else "input",
                                            other.shape))
        cur = out
    args = ", ".join("%s: %s" % (n, tensor_type(s)) for n, s in g.args)
    text = ["func.func @main(%s) -> %s {" % (args, tensor_type(shape))]
    text += ["  " + line for line in g.body]
    text.append("  return %s : %s" % (cur, tensor_type(shape)))
    text.append("}")
    return "\n".join(text) + "\n", g.arrays, ref.astype(np.float32), \
        "; ".join(g.recipe)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seam-run", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--backends", default="none,dnnl,xnnpack")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    backends = [b for b in args.backends.split(",") if b]
    os.makedirs(args.out, exist_ok=True)
    passed = failed = 0
    for i in range(args.count):
        text, inputs, ref, recipe = make_graph(rng)
        base = os.path.join(args.out, "chain%d" % i)
        with open(base + ".mlir", "w") as f:
            f.write(text)
        command = [args.seam_run, base + ".mlir", "--no-cache",
                   "--rtol", "1e-4", "--atol", "1e-5"]
        for k, array in enumerate(inputs):
            np.save("%s.in%d.npy" % (base, k), array)
            command += ["--input", "%s.in%d.npy" % (base, k)]
        np.save(base + ".ref.npy", ref)
        command += ["--expect", base + ".ref.npy"]
        for backend in backends:
            run = subprocess.run(command + ["--backends=" + backend],
                                 capture_output=True, text=True)
            lines = [l for l in (run.stdout + run.stderr).splitlines()
                     if not l.startswith("compile")]
            verdict = [l for l in lines if l.startswith("compare:")]
            if run.returncode == 0 and verdict and \
                    all(l.startswith("compare: PASS") for l in verdict):
                passed += 1
                continue
            failed += 1
            why = verdict[0] if verdict else (lines[-1] if lines else
                                              "exit %d" % run.returncode)
            print("FAIL chain%d [%s]: %s: %s" % (i, backend, recipe, why))
    print("random chains: %d graphs x %d backends, %d passed, %d failed" %
          (args.count, len(backends), passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
