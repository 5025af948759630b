"""Fully connected layers as Seam compiles them (seam.gemm with trans_b: B
read transposed, vectorized along k by seam-tile-and-vectorize), each against
NumPy: batch 1 and more, shapes with and without divisors of 16 and 8, K
without a divisor of 4 (left to the loops), B constant or given at run time,
with and without a bias, and a Flatten before the layer.

    gemm_transposed.py --seam-run PATH --out DIR [--threads N] [--backends B]

Prints one line per case and "gemm transposed: N cases, P passed, F failed".
"""

import argparse
import os
import subprocess
import sys

import numpy as np

# (name, M, K, N, B constant?, bias?, flatten from (C, H, W) or None)
CASES = [
    ("classifier_1280x1000", 1, 1280, 1000, True, True, None),
    ("flatten_16x6x6_to_64", 1, 576, 64, True, True, (16, 6, 6)),
    ("batch3_20x5_runtime_b", 3, 20, 5, False, False, None),
    ("batch4_64x24", 4, 64, 24, True, True, None),
    ("batch2_k7", 2, 7, 3, True, True, None),
    ("k3_left_to_loops", 1, 3, 4, True, False, None),
]


def tensor_type(shape):
    return "tensor<%sxf32>" % "x".join(map(str, shape))


def dense(array):
    # Hexadecimal (little-endian float32 bytes): MLIR parses a 1280x1000
    # constant written as decimal text in about 3 s, its hex form at once.
    return 'dense<"0x%s"> : %s' % (
        array.astype("<f4").tobytes().hex().upper(), tensor_type(array.shape))


def make_case(rng, m, k, n, const_b, bias, flatten):
    """The MLIR text, the run-time inputs by name and the reference."""
    x_shape = (m,) + flatten if flatten else (m, k)
    x = rng.standard_normal(x_shape).astype(np.float32)
    b = rng.standard_normal((n, k)).astype(np.float32)
    c = rng.standard_normal((n,)).astype(np.float32)
    args = ['%%x: %s {seam.name = "x"}' % tensor_type(x_shape)]
    inputs = {"x": x}
    body = []
    a = "%x"
    if flatten:
        body.append("%%f = seam.flatten %%x : (%s) -> %s" %
                    (tensor_type(x_shape), tensor_type((m, k))))
        a = "%f"
    if const_b:
        body.append("%%b = arith.constant %s" % dense(b))
    else:
        args.append('%%b: %s {seam.name = "b"}' % tensor_type((n, k)))
        inputs["b"] = b
    operands = [a, "%b"]
    types = [tensor_type((m, k)), tensor_type((n, k))]
    if bias:
        body.append("%%c = arith.constant %s" % dense(c))
        operands.append("%c")
        types.append(tensor_type((n,)))
    body.append("%%y = seam.gemm %s {trans_b = true} : (%s) -> %s" %
                (", ".join(operands), ", ".join(types), tensor_type((m, n))))
    text = ('func.func @main(%s) -> (%s {seam.name = "y"}) {\n  %s\n'
            "  return %%y : %s\n}\n" %
            (", ".join(args), tensor_type((m, n)), "\n  ".join(body),
             tensor_type((m, n))))
    ref = x.reshape(m, k).astype(np.float64) @ b.T.astype(np.float64)
    if bias:
        ref += c
    return text, inputs, ref.astype(np.float32)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seam-run", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--threads", default="1")
    parser.add_argument("--backends", default="none")
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    os.makedirs(args.out, exist_ok=True)
    passed = failed = 0
    for name, m, k, n, const_b, bias, flatten in CASES:
        text, inputs, ref = make_case(rng, m, k, n, const_b, bias, flatten)
        base = os.path.join(args.out, name)
        with open(base + ".mlir", "w") as f:
            f.write(text)
        command = [args.seam_run, base + ".mlir", "--no-cache",
                   "--backends=" + args.backends, "--threads", args.threads,
                   "--rtol", "1e-4", "--atol", "1e-4"]
        for input_name, array in inputs.items():
            np.save("%s.%s.npy" % (base, input_name), array)
            command += ["--input", "%s=%s.%s.npy" % (input_name, base,
                                                     input_name)]
        np.save(base + ".y.npy", ref)
        command += ["--expect", "y=%s.y.npy" % base]
        run = subprocess.run(command, capture_output=True, text=True)
        verdict = [l for l in run.stdout.splitlines()
                   if l.startswith("compare:")]
        if run.returncode == 0 and verdict and verdict[0].startswith(
                "compare: PASS"):
            passed += 1
            print("PASS %s" % name)
        else:
            failed += 1
            lines = (run.stdout + run.stderr).strip().splitlines()
            print("FAIL %s: %s" % (name, verdict[0] if verdict else
                                   (lines[-1] if lines else
                                    "exit %d" % run.returncode)))
    print("gemm transposed: %d cases, %d passed, %d failed" %
          (len(CASES), passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
