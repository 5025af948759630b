#!/usr/bin/python3
"""The oneDNN backend against the compiled path and against oneDNN itself.

    /usr/bin/python3 bench/dnnl_bench.py [--models resnet18,mobilenet_v2,squeezenet1_1]
        [--threads 1,2] [--runs 30] [--rounds 3] [--build build] [--zoo DIR]

For each model and thread count, in interleaved rounds (A, B, C, D, A, B, ...):
  dnnl      seam-run MODEL --backends=dnnl --bench N  (the whole model)
  none      seam-run MODEL --backends=none --bench N  (the whole model, compiled)
  convs     the model's convolutions run directly by oneDNN primitives in the
            layouts oneDNN chooses (bench/dnnl_convs.cpp; no Seam code)
  convs16   the same in nChw16c (blocked) activations
and prints the median of the rounds' medians (ms), the ratios dnnl/convs and
dnnl/none, Seam's session creation time with the dnnl backend (import,
partition, compile, JIT, primitive creation) and whether the outputs matched
the model's reference (PyTorch) at rtol 1e-3.

The models are those of bench/compare's zoo (torchvision, random weights; built
by bench/make_model_zoo.py into a folder outside the repository, by default
~/.cache/seam-bench/models). On this shared 2-core machine, 2-thread figures
collapse when anything else runs: the script prints the load average before
each round; quote 1-thread figures first.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def default_zoo():
    base = os.environ.get("SEAM_BENCH_DIR") or os.path.expanduser("~/.cache/seam-bench")
    return os.path.join(base, "models")


def run(cmd):
    """Runs `cmd`; returns its stdout (stderr is dropped unless it fails)."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in (0, 2):
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return p.stdout


def median_of(output):
    m = re.search(r"latency_ms: median=([0-9.]+)", output)
    if not m:
        sys.exit("no latency line in:\n" + output)
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default="resnet18,mobilenet_v2,squeezenet1_1")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--zoo", default=default_zoo())
    args = ap.parse_args()

    models = args.models.split(",")
    missing = [m for m in models
               if not os.path.exists(os.path.join(args.zoo, m, "model.onnx"))]
    if missing:
        subprocess.run([sys.executable, os.path.join(HERE, "make_model_zoo.py"),
                        os.path.dirname(args.zoo + "/"), "--models", ",".join(missing)],
                       check=True)

    seam_run = os.path.join(args.build, "bin", "seam-run")
    convs = os.path.join(args.build, "bench", "seam-bench-dnnl-convs")
    rows = []
    for threads in args.threads.split(","):
        for model in models:
            folder = os.path.join(args.zoo, model)
            onnx = os.path.join(folder, "model.onnx")
            common = [onnx, "--threads", threads, "--bench", str(args.runs)]
            check = ["--input", os.path.join(folder, "input.npy"),
                     "--expect", os.path.join(folder, "output.npy"),
                     "--rtol", "1e-3", "--atol", "1e-4"]
            variants = {
                "dnnl": [seam_run] + common + check + ["--backends=dnnl"],
                "none": [seam_run] + common + ["--backends=none"],
                "convs": [convs, onnx, "--threads", threads, "--runs", str(args.runs)],
                "convs16": [convs, onnx, "--threads", threads, "--runs",
                            str(args.runs), "--nchw16c"],
            }
            medians = {k: [] for k in variants}
            create, matched = [], True
            for r in range(args.rounds):
                load = open("/proc/loadavg").read().split()[0]
                print("%s, %s thread(s), round %d (load %s)" % (model, threads, r + 1, load),
                      file=sys.stderr)
                for name, cmd in variants.items():
                    out = run(cmd)
                    medians[name].append(median_of(out))
                    if name == "dnnl":
                        create.append(float(re.search(r"compile_ms: ([0-9.]+)", out).group(1)))
                        matched &= "compare: PASS" in out
            rows.append((model, threads, {k: statistics.median(v) for k, v in medians.items()},
                         statistics.median(create), matched))

    print("\nmedian latency (ms) of %d rounds x %d runs; batch 1, f32" % (args.rounds, args.runs))
    print("%-16s %3s %9s %9s %9s %9s %11s %10s %11s %7s" % (
        "model", "thr", "dnnl", "none", "convs", "convs16", "dnnl/convs",
        "dnnl/none", "create_ms", "match"))
    for model, threads, m, create, matched in rows:
        best = min(m["convs"], m["convs16"])
        print("%-16s %3s %9.2f %9.2f %9.2f %9.2f %11.2f %10.2f %11.0f %7s" % (
            model, threads, m["dnnl"], m["none"], m["convs"], m["convs16"],
            m["dnnl"] / best, m["dnnl"] / m["none"], create, "yes" if matched else "NO"))
    print("convs/convs16: the model's convolutions alone, directly in oneDNN, in the "
          "layouts it chooses / in nChw16c; dnnl/convs uses the faster of the two.")


if __name__ == "__main__":
    main()
