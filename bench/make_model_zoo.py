#!/usr/bin/python3
"""Builds the benchmark model zoo of bench/compare from torchvision, with random weights.

    /usr/bin/python3 bench/make_model_zoo.py [DIR] [--models resnet18,alexnet] [--extra] [--force]

For each model: torch.manual_seed(0), the torchvision constructor with weights=None (nothing
is ever downloaded), eval(), then DIR/<model>/
    model.onnx   torch.onnx.export, opset 13, batch 1, input `input` 1x3x224x224, output `output`
    input.npy    a seeded input (standard normal, float32)
    output.npy   PyTorch's (eager) output for that input
    weights.pt   the state_dict, so that the PyTorch runner of bench/compare times the same model
DIR defaults to $SEAM_BENCH_DIR/models or ~/.cache/seam-bench/models: the models are tens of
MB each and never go into the repository. --extra builds the models of EXTRA_MODELS
(families outside the zoo) instead of the zoo's. A model whose four files exist is skipped unless
--force. Needs Debian's python3-torch, python3-torchvision, python3-onnx and python3-numpy
(bench/compare installs them when missing).
"""

import argparse
import os
import sys
import time

import numpy as np

# Name -> (torchvision constructor, extra keyword arguments). The order is the table's.
MODELS = {
    "resnet18": ("resnet18", {}),
    "resnet50": ("resnet50", {}),
    "mobilenet_v2": ("mobilenet_v2", {}),
    "squeezenet1_1": ("squeezenet1_1", {}),
    "alexnet": ("alexnet", {}),
    # No auxiliary classifiers (unused in eval()), explicit init: no warning, same weights.
    "googlenet": ("googlenet", {"aux_logits": False, "init_weights": True}),
    "shufflenet_v2_x1_0": ("shufflenet_v2_x1_0", {}),
    "vgg11": ("vgg11", {}),
    "efficientnet_b0": ("efficientnet_b0", {}),
    "densenet121": ("densenet121", {}),
}
# Families outside the zoo (--extra), with the blocks modern CNNs are made of: squeeze-and-
# excitation (MobileNetV3, RegNetY), hard-swish written as x * HardSigmoid(x) (MobileNetV3),
# grouped convolutions (ResNeXt, RegNetX), inverted residuals (MNASNet), SiLU written as
# x * Sigmoid(x) (EfficientNet-B1).
EXTRA_MODELS = {
    "mobilenet_v3_small": ("mobilenet_v3_small", {}),
    "mobilenet_v3_large": ("mobilenet_v3_large", {}),
    "mnasnet1_0": ("mnasnet1_0", {}),
    "regnet_x_400mf": ("regnet_x_400mf", {}),
    "regnet_y_400mf": ("regnet_y_400mf", {}),
    "resnext50_32x4d": ("resnext50_32x4d", {}),
    "efficientnet_b1": ("efficientnet_b1", {}),
    # Added 2026-12-01: LayerNorm over channels (a permute either side), GELU and 7x7
    # depthwise convolutions with a layer scale (ConvNeXt); fused MBConv blocks with SE
    # (EfficientNetV2); a wider RegNetY; the first SqueezeNet; the narrow ShuffleNetV2
    # and MNASNet.
    "convnext_tiny": ("convnext_tiny", {}),
    "efficientnet_v2_s": ("efficientnet_v2_s", {}),
    "regnet_y_800mf": ("regnet_y_800mf", {}),
    "squeezenet1_0": ("squeezenet1_0", {}),
    "shufflenet_v2_x0_5": ("shufflenet_v2_x0_5", {}),
    "mnasnet0_5": ("mnasnet0_5", {}),
}
ALL_MODELS = {**MODELS, **EXTRA_MODELS}
FILES = ("model.onnx", "input.npy", "output.npy", "weights.pt")
INPUT_SHAPE = (1, 3, 224, 224)


def default_dir():
    base = os.environ.get("SEAM_BENCH_DIR") or os.path.expanduser("~/.cache/seam-bench")
    return os.path.join(base, "models")


def build_model(name):
    """The torchvision model `name` in eval() mode with the seed-0 random weights."""
    import torch
    import torchvision

    constructor, kwargs = ALL_MODELS[name]
    torch.manual_seed(0)
    model = getattr(torchvision.models, constructor)(weights=None, **kwargs)
    return model.eval()


def seeded_input():
    return np.random.default_rng(0).standard_normal(INPUT_SHAPE).astype(np.float32)


def make(name, folder, force=False):
    import torch

    paths = [os.path.join(folder, f) for f in FILES]
    if not force and all(os.path.exists(p) for p in paths):
        print(f"{name}: present in {folder}")
        return
    os.makedirs(folder, exist_ok=True)
    start = time.time()
    model = build_model(name)
    x = seeded_input()
    with torch.no_grad():
        y = model(torch.from_numpy(x)).numpy()
    # Write to temporary names first: an interrupted run never leaves a partial zoo entry.
    onnx_tmp = paths[0] + ".tmp"
    torch.onnx.export(model, torch.from_numpy(x), onnx_tmp, opset_version=13,
                      input_names=["input"], output_names=["output"],
                      do_constant_folding=True)
    import onnx
    onnx.checker.check_model(onnx.load(onnx_tmp))
    torch.save(model.state_dict(), paths[3] + ".tmp")
    np.save(paths[1] + ".tmp.npy", x)
    np.save(paths[2] + ".tmp.npy", y)
    os.replace(onnx_tmp, paths[0])
    os.replace(paths[3] + ".tmp", paths[3])
    os.replace(paths[1] + ".tmp.npy", paths[1])
    os.replace(paths[2] + ".tmp.npy", paths[2])
    size = os.path.getsize(paths[0]) / 2**20
    print(f"{name}: {size:.1f} MB, output {list(y.shape)}, {time.time() - start:.1f} s -> {folder}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir", nargs="?", default=default_dir(), help="zoo folder")
    parser.add_argument("--models",
                        help="comma-separated subset of: " + ", ".join(ALL_MODELS))
    parser.add_argument("--extra", action="store_true",
                        help="the models outside the zoo: " + ", ".join(EXTRA_MODELS))
    parser.add_argument("--force", action="store_true", help="rebuild models already present")
    args = parser.parse_args(argv)
    default = EXTRA_MODELS if args.extra else MODELS
    names = [m for m in (args.models or ",".join(default)).split(",") if m]
    unknown = [m for m in names if m not in ALL_MODELS]
    if unknown:
        parser.error(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(ALL_MODELS)}")
    for name in names:
        make(name, os.path.join(args.dir, name), args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
