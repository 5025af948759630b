#!/usr/bin/python3
"""PyTorch side of bench/compare: one zoo model, TorchScript-frozen, timed.

    /usr/bin/python3 bench/compare_torch_runner.py --model resnet18 --zoo-dir DIR/resnet18
        --threads N --runs R [--warmup W] [--save-outputs DIR]
    /usr/bin/python3 bench/compare_torch_runner.py --model bert_base --zoo-dir DIR/bert_base
        --shape 1x128 ...     (a model of make_transformer_zoo.py, its inputs of that shape)

Builds the torchvision architecture (its random initialisation is not timed), then times as
"session creation": loading DIR/weights.pt (the zoo's state_dict), torch.jit.trace,
torch.jit.freeze and torch.jit.optimize_for_inference. Runs under torch.inference_mode()
with torch.set_num_threads(N) and one inter-op thread (Debian's PyTorch 1.13 defaults to one
thread). Prints one JSON line like bench/ort_runner.js:
    {"create_ms", "first_run_ms", "median_ms", "min_ms", "max_ms", "runs", "version", "outputs"}
"""

import argparse
import json
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_model_zoo  # noqa: E402  (the same constructors as the zoo)
import make_transformer_zoo  # noqa: E402


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", required=True, choices=sorted(
        set(make_model_zoo.ALL_MODELS) | set(make_transformer_zoo.MODELS)))
    parser.add_argument("--shape", help="a transformer model's input shape (its folder in "
                                        "--zoo-dir holds the inputs)")
    parser.add_argument("--zoo-dir", required=True, help="folder with weights.pt and input.npy")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=-1,
                        help="untimed runs after the first (default: min(runs, 5), at least 2 "
                             "for the profiling executor)")
    parser.add_argument("--save-outputs", default="")
    args = parser.parse_args(argv)
    warmup = args.warmup if args.warmup >= 0 else max(2, min(args.runs, 5))

    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    if args.shape:
        with open(os.path.join(args.zoo_dir, "model.json")) as f:
            spec = json.load(f)
        names = spec["outputs"]
        x = tuple(torch.from_numpy(np.load(os.path.join(args.zoo_dir, args.shape, n + ".npy")))
                  for n in spec["inputs"])
        model = make_transformer_zoo.build_model(args.model)
    else:
        names = ["output"]
        x = (torch.from_numpy(np.load(os.path.join(args.zoo_dir, "input.npy"))),)
        model = make_model_zoo.build_model(args.model)

    with torch.inference_mode():
        start = time.perf_counter()
        state = torch.load(os.path.join(args.zoo_dir, "weights.pt"))
        model.load_state_dict(state)
        traced = torch.jit.trace(model, x)
        frozen = torch.jit.optimize_for_inference(torch.jit.freeze(traced))
        create_ms = (time.perf_counter() - start) * 1e3

        start = time.perf_counter()
        y = frozen(*x)
        first_run_ms = (time.perf_counter() - start) * 1e3
        for _ in range(warmup):
            frozen(*x)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            frozen(*x)
            times.append((time.perf_counter() - start) * 1e3)

    outputs = {}
    if args.save_outputs:
        os.makedirs(args.save_outputs, exist_ok=True)
        for name, value in zip(names, y if isinstance(y, tuple) else (y,)):
            outputs[name] = os.path.join(args.save_outputs, name + ".npy")
            np.save(outputs[name], value.numpy())
    times.sort()
    print(json.dumps({
        "create_ms": create_ms, "first_run_ms": first_run_ms,
        "median_ms": float(np.median(times)) if times else float("nan"),
        "min_ms": times[0] if times else float("nan"),
        "max_ms": times[-1] if times else float("nan"),
        "runs": len(times), "version": torch.__version__, "outputs": outputs,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
