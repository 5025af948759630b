#!/usr/bin/env python3
"""Compiles a model with Seam's Python API, runs it and times it.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/run_model.py \\
        bench/models/tiny_resnet.onnx --backends dnnl --runs 50 --report
    ... run_model.py model.onnx input=image.npy --save outdir

Inputs are seeded random data unless given as .npy files after the model
(NAME=FILE, or bare files in input order). Prints the compile time, each output's shape and
the latency of the runs; --report adds the partition table, --profile where
the time of an offloaded region went.
"""

import argparse
import os
import time

import numpy as np

import seam


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", help=".onnx or .mlir file")
    parser.add_argument("--backends", default="none",
                        help=f"comma-separated, in priority order (this build: "
                             f"{', '.join(seam.backends()) or 'none'})")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("inputs", nargs="*", metavar="[NAME=]FILE.npy")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--save", metavar="DIR",
                        help="write DIR/<output>.npy")
    args = parser.parse_args()

    start = time.perf_counter()
    session = seam.Session(args.model, backends=args.backends,
                           threads=args.threads)
    compile_ms = (time.perf_counter() - start) * 1e3
    cached = " (from the cache)" if session.loaded_from_cache else ""
    print(f"seam {seam.__version__}: compiled in {compile_ms:.1f} ms{cached}")
    if args.report:
        print(session.partition_report(), end="")

    rng = np.random.default_rng(args.seed)
    # Each input in its dtype: floats normal, integers in [0, 10), bools.
    inputs = {i.name: (rng.standard_normal(i.shape) if i.dtype.kind == "f"
                       else rng.integers(0, 2 if i.dtype.kind == "b" else 10,
                                         i.shape)).astype(i.dtype)
              for i in session.inputs}
    for k, spec in enumerate(args.inputs):
        name, _, path = spec.rpartition("=")
        inputs[name or session.inputs[k].name] = np.load(path)

    outputs = session.run(inputs)  # warm-up
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        outputs = session.run(inputs)
        times.append((time.perf_counter() - start) * 1e3)
    for name, array in outputs.items():
        print(f"output {name}: {list(array.shape)}")
        if args.save:
            np.save(os.path.join(args.save, f"{name}.npy"), array)
    if times:
        print(f"latency_ms: median={np.median(times):.3f} min={min(times):.3f} "
              f"max={max(times):.3f} runs={len(times)}")
    if args.profile:
        for region in session.profile():
            per_run = region["milliseconds"] / max(region["runs"], 1)
            print(f"{region['region']} ({region['backend']}): {per_run:.3f} ms/run")
            for kernel, ms in region["kernels"]:
                shown = "untimed" if ms is None else f"{ms / region['runs']:.3f}"
                print(f"  {shown:>9} ms/run  {kernel}")


if __name__ == "__main__":
    main()
