#!/usr/bin/python3
"""Writes the small transformers of transformers.test into Inputs/transformers/: the
architectures of bench/make_transformer_zoo.py (a BERT-style encoder, a GPT-style decoder,
torch.nn.TransformerEncoder) and torchvision's VisionTransformer, at test sizes, exported
by Debian's PyTorch with symbolic batch and sequence dims, with seeded inputs and
PyTorch's outputs at two shapes each (<model>.onnx, <model>_<shape>_<name>.npy).

Run with Debian's Python: /usr/bin/python3 test/e2e/make_transformer_references.py.
Seeded, so reruns write the same models and numbers.
"""
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "transformers")
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench"))
import make_transformer_zoo as zoo  # noqa: E402

SHAPES = ("1x5", "2x9")  # batch x sequence; ViT: batch 1 and 2
VIT_SHAPES = ("1", "2")


def small_models():
    """name -> (module, input names, output names, opset, kind)."""
    modules = zoo._modules()
    torch.manual_seed(0)
    models = {
        "bert": (modules["bert"](vocab=50, hidden=16, heads=2, layers=2, ffn=32,
                                 max_positions=16),
                 ["ids", "mask"], ["last_hidden", "pooled"], 14, "bert"),
        "gpt": (modules["gpt"](vocab=50, hidden=16, heads=4, layers=2, max_positions=16),
                ["ids"], ["logits"], 17, "gpt"),
        "encoder": (modules["encoder"](hidden=16, heads=2, layers=2, ffn=32),
                    ["src", "mask"], ["output"], 14, "encoder"),
    }
    from torchvision.models.vision_transformer import VisionTransformer
    vit = VisionTransformer(image_size=16, patch_size=8, num_layers=2, num_heads=2,
                            hidden_dim=16, mlp_dim=32, num_classes=10)
    torch.nn.init.normal_(vit.heads.head.weight, std=0.5)
    models["vit"] = (vit, ["image"], ["logits"], 14, "vit")
    return models


def inputs_of(kind, shape, rng):
    if kind == "vit":
        return [rng.standard_normal((int(shape), 3, 16, 16)).astype(np.float32)]
    batch, seq = (int(d) for d in shape.split("x"))
    mask = np.ones((batch, seq), np.int64)
    for row in range(1, batch):
        mask[row, seq - 1 - row:] = 0
    if kind == "encoder":
        return [rng.standard_normal((batch, seq, 16)).astype(np.float32), mask]
    ids = rng.integers(0, 50, (batch, seq), dtype=np.int64)
    return [ids, mask] if kind == "bert" else [ids]


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261125)
    for name, (model, inputs, outputs, opset, kind) in small_models().items():
        model.eval()
        shapes = VIT_SHAPES if kind == "vit" else SHAPES
        example = [torch.from_numpy(x) for x in inputs_of(kind, shapes[0], rng)]
        # Outside no_grad: torch 1.13 traces nn.MultiheadAttention's fused path otherwise.
        zoo.export_onnx(model, example, os.path.join(OUT, name + ".onnx"), inputs, outputs,
                        opset, kind == "vit")
        for shape in shapes:
            data = inputs_of(kind, shape, rng)
            with torch.no_grad():
                result = model(*[torch.from_numpy(x) for x in data])
            result = result if isinstance(result, tuple) else (result,)
            for n, x in zip(inputs, data):
                np.save(os.path.join(OUT, f"{name}_{shape}_{n}.npy"), x)
            for n, y in zip(outputs, result):
                np.save(os.path.join(OUT, f"{name}_{shape}_{n}.npy"), y.numpy())


if __name__ == "__main__":
    main()
