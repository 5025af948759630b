#!/usr/bin/python3
"""Writes the fixtures of jit-layernorm-torch.test: torch.nn.LayerNorm (and
a small pre-norm block around it) exported by torch.onnx.export at opset 17,
an input, and PyTorch's own output as the reference; and those of
jit-layernorm-fp16.test: inputs of test/Import's layernorm_stats_fp16.onnx
(float16, axis 1, Mean and InvStdDev outputs) and NumPy's results, computed
in float32 as ONNX's stash type says.

Run with Debian's Python, which has torch: /usr/bin/python3
test/e2e/make_layernorm_torch.py. Seeded, so reruns write the same numbers
(the .onnx bytes may differ between torch versions).
"""
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs")


class Block(torch.nn.Module):
    """x + Linear(GELU(Linear(LayerNorm(x)))), then a final LayerNorm over
    the last two dims, as transformer blocks use it."""

    def __init__(self, dim):
        super().__init__()
        self.norm = torch.nn.LayerNorm(dim, eps=1e-5)
        self.up = torch.nn.Linear(dim, 2 * dim)
        self.down = torch.nn.Linear(2 * dim, dim)
        self.final = torch.nn.LayerNorm([8, dim], eps=1e-6)

    def forward(self, x):
        h = self.down(torch.nn.functional.gelu(self.up(self.norm(x))))
        return self.final(x + h)


def fp16_fixture():
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((2, 3, 4)) * 2 + 1).astype(np.float16)
    g = rng.uniform(0.5, 1.5, (3, 4)).astype(np.float16)
    v = x.astype(np.float32)
    mean = v.mean(axis=(1, 2), keepdims=True)
    var = ((v - mean) ** 2).mean(axis=(1, 2), keepdims=True)
    inv = (1 / np.sqrt(var + np.float32(1e-5))).astype(np.float32)
    y = ((v - mean) * inv * g.astype(np.float32)).astype(np.float16)
    for name, a in [("x", x), ("g", g), ("y", y), ("mean", mean),
                    ("inv", inv)]:
        np.save(os.path.join(OUT, "layernorm_fp16_%s.npy" % name), a)


def main():
    fp16_fixture()
    torch.manual_seed(0)
    block = Block(32).eval()
    with torch.no_grad():
        # Non-trivial affine parameters (PyTorch initializes them to 1 and 0).
        for norm in (block.norm, block.final):
            norm.weight.uniform_(0.5, 1.5)
            norm.bias.uniform_(-0.5, 0.5)
    x = torch.randn(2, 8, 32) * 3 + 1
    with torch.no_grad():
        y = block(x)
    torch.onnx.export(block, (x,), os.path.join(OUT, "layernorm_torch.onnx"),
                      input_names=["x"], output_names=["y"], opset_version=17,
                      do_constant_folding=True)
    np.save(os.path.join(OUT, "layernorm_torch_x.npy"), x.numpy())
    np.save(os.path.join(OUT, "layernorm_torch_y.npy"), y.numpy())


if __name__ == "__main__":
    main()
