"""Seeded inputs of a matmul and its NumPy reference (float64, rounded to
float32), written as a.npy, b.npy and c.npy into --out."""
import argparse
import os

import numpy as np

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--out", required=True)
parser.add_argument("--m", type=int, required=True)
parser.add_argument("--k", type=int, required=True)
parser.add_argument("--n", type=int, required=True)
parser.add_argument("--seed", type=int, default=7)
args = parser.parse_args()

rng = np.random.default_rng(args.seed)
a = rng.standard_normal((args.m, args.k)).astype(np.float32)
b = rng.standard_normal((args.k, args.n)).astype(np.float32)
c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
os.makedirs(args.out, exist_ok=True)
for name, value in (("a", a), ("b", b), ("c", c)):
    np.save(os.path.join(args.out, name + ".npy"), value)
