#!/usr/bin/python3
"""Builds the transformer models of bench/compare with Debian's PyTorch, with random weights.

    /usr/bin/python3 bench/make_transformer_zoo.py [DIR] [--models bert_base,gpt_small] [--force]

For each model: torch.manual_seed(0), the architecture below (or torchvision's ViT) with its
random initialisation (nothing is ever downloaded), eval(), then DIR/<model>/
    model.onnx    torch.onnx.export with symbolic batch and sequence dims (`batch`, `seq`)
    weights.pt    the state_dict, so that the PyTorch runner of bench/compare times the same model
    model.json    {"inputs": [...], "outputs": [...], "shapes": ["1x16", ...]}
    <shape>/      for each shape (batch x sequence; batch only for ViT): the seeded inputs
                  <input>.npy and PyTorch's (eager) outputs <output>.npy
DIR defaults to $SEAM_BENCH_DIR/transformers or ~/.cache/seam-bench/transformers (BERT-base
and GPT-2 small are about 0.5 GB each: never in the repository). A model whose files exist is
skipped unless --force.

The models (the issue's four, each at a benchmark size and a small one for quick runs):
  bert_base, bert_small   BERT-style encoder: token + position embeddings, LayerNorm, N layers
                          of multi-head self-attention with an additive attention mask built
                          from the int64 `mask` input, erf-GELU MLP, post-LayerNorm; outputs
                          the sequence (`last_hidden`) and the tanh pooler (`pooled`).
                          Opset 14: LayerNorm exported as its arithmetic.
  gpt2_small, gpt_small   GPT-style decoder: causal mask built in the graph (tril -> Trilu,
                          masked_fill -> Where), pre-LayerNorm, tanh-GELU MLP, tied embeddings,
                          logits for every position. Opset 17: LayerNormalization.
  transformer_encoder     torch.nn.TransformerEncoder (d_model 512, 8 heads, 6 layers, batch
                          first) with a key padding mask, as PyTorch exports it (opset 14).
  vit_b_16                torchvision's ViT-B/16 on 224x224 images (opset 14; its classifier,
                          zeros in torchvision, drawn at random). Exported
                          outside torch.no_grad(): Debian's torch 1.13 traces the fused
                          attention fast path otherwise.
Text models run at batch x sequence 1x16, 1x128, 1x512 and 8x128; ViT at batch 1 and 8.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

TEXT_SHAPES = ("1x16", "1x128", "1x512", "8x128")
IMAGE_SHAPES = ("1", "8")

# Name -> (kind, configuration). The order is the table's.
MODELS = {
    "bert_base": ("bert", dict(vocab=30522, hidden=768, heads=12, layers=12, ffn=3072,
                               max_positions=512)),
    "gpt2_small": ("gpt", dict(vocab=50257, hidden=768, heads=12, layers=12, max_positions=1024)),
    "transformer_encoder": ("encoder", dict(hidden=512, heads=8, layers=6, ffn=2048)),
    "vit_b_16": ("vit", {}),
    "bert_small": ("bert", dict(vocab=1000, hidden=128, heads=2, layers=4, ffn=512,
                                max_positions=512)),
    "gpt_small": ("gpt", dict(vocab=1000, hidden=128, heads=4, layers=2, max_positions=512)),
}
SMALL_MODELS = ("bert_small", "gpt_small")


def default_dir():
    base = os.environ.get("SEAM_BENCH_DIR") or os.path.expanduser("~/.cache/seam-bench")
    return os.path.join(base, "transformers")


def _modules():
    """The architectures, defined on first use so that importing this file needs no torch."""
    import torch
    from torch import nn

    class SelfAttention(nn.Module):
        def __init__(self, hidden, heads):
            super().__init__()
            self.heads = heads
            self.qkv = nn.ModuleList(nn.Linear(hidden, hidden) for _ in range(3))
            self.out = nn.Linear(hidden, hidden)

        def forward(self, x, additive_mask):
            b, t, c = x.shape
            d = c // self.heads
            q, k, v = (f(x).view(b, t, self.heads, d).transpose(1, 2) for f in self.qkv)
            scores = q @ k.transpose(-1, -2) / math.sqrt(d) + additive_mask
            context = torch.softmax(scores, dim=-1) @ v
            return self.out(context.transpose(1, 2).reshape(b, t, c))

    class Bert(nn.Module):
        def __init__(self, vocab, hidden, heads, layers, ffn, max_positions):
            super().__init__()
            self.tokens = nn.Embedding(vocab, hidden)
            self.positions = nn.Embedding(max_positions, hidden)
            self.embedding_norm = nn.LayerNorm(hidden, eps=1e-12)
            self.attention = nn.ModuleList(SelfAttention(hidden, heads) for _ in range(layers))
            self.attention_norm = nn.ModuleList(nn.LayerNorm(hidden, eps=1e-12)
                                                for _ in range(layers))
            self.mlp = nn.ModuleList(
                nn.Sequential(nn.Linear(hidden, ffn), nn.GELU(), nn.Linear(ffn, hidden))
                for _ in range(layers))
            self.mlp_norm = nn.ModuleList(nn.LayerNorm(hidden, eps=1e-12) for _ in range(layers))
            self.pooler = nn.Linear(hidden, hidden)

        def forward(self, ids, mask):
            positions = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
            x = self.embedding_norm(self.tokens(ids) + self.positions(positions))
            additive = (1.0 - mask[:, None, None, :].to(x.dtype)) * -10000.0
            for attention, norm1, mlp, norm2 in zip(self.attention, self.attention_norm,
                                                   self.mlp, self.mlp_norm):
                x = norm1(x + attention(x, additive))
                x = norm2(x + mlp(x))
            return x, torch.tanh(self.pooler(x[:, 0]))

    class Gpt(nn.Module):
        def __init__(self, vocab, hidden, heads, layers, max_positions):
            super().__init__()
            self.tokens = nn.Embedding(vocab, hidden)
            self.positions = nn.Embedding(max_positions, hidden)
            self.attention_norm = nn.ModuleList(nn.LayerNorm(hidden) for _ in range(layers))
            self.attention = nn.ModuleList(SelfAttention(hidden, heads) for _ in range(layers))
            self.mlp_norm = nn.ModuleList(nn.LayerNorm(hidden) for _ in range(layers))
            self.mlp = nn.ModuleList(
                nn.Sequential(nn.Linear(hidden, 4 * hidden), nn.GELU(approximate="tanh"),
                              nn.Linear(4 * hidden, hidden))
                for _ in range(layers))
            self.final_norm = nn.LayerNorm(hidden)

        def forward(self, ids):
            t = ids.shape[1]
            positions = torch.arange(t, device=ids.device).unsqueeze(0)
            x = self.tokens(ids) + self.positions(positions)
            causal = torch.ones(t, t, device=ids.device).tril()
            additive = torch.zeros(t, t).masked_fill(causal == 0, float("-inf"))
            for norm1, attention, norm2, mlp in zip(self.attention_norm, self.attention,
                                                   self.mlp_norm, self.mlp):
                x = x + attention(norm1(x), additive)
                x = x + mlp(norm2(x))
            # Tied embeddings: the output projection is the token table.
            return self.final_norm(x) @ self.tokens.weight.t()

    class Encoder(nn.Module):
        def __init__(self, hidden, heads, layers, ffn):
            super().__init__()
            layer = nn.TransformerEncoderLayer(hidden, heads, ffn, dropout=0.1,
                                               batch_first=True)
            self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)

        def forward(self, src, padding_mask):
            return self.encoder(src, src_key_padding_mask=padding_mask == 0)

    return {"bert": Bert, "gpt": Gpt, "encoder": Encoder}


def build_model(name):
    """The model `name` in eval() mode with the seed-0 random weights."""
    import torch

    kind, config = MODELS[name]
    torch.manual_seed(0)
    if kind == "vit":
        import torchvision
        model = torchvision.models.vit_b_16(weights=None)
        # torchvision initialises the classifier to zeros: every logit would be its bias.
        torch.nn.init.normal_(model.heads.head.weight, std=0.02)
        torch.nn.init.normal_(model.heads.head.bias, std=0.02)
    else:
        model = _modules()[kind](**config)
    return model.eval()


def signature(name):
    """(input names, output names, shapes, opset) of a model."""
    kind = MODELS[name][0]
    return {
        "bert": (["ids", "mask"], ["last_hidden", "pooled"], TEXT_SHAPES, 14),
        "gpt": (["ids"], ["logits"], TEXT_SHAPES, 17),
        "encoder": (["src", "mask"], ["output"], TEXT_SHAPES, 14),
        "vit": (["image"], ["logits"], IMAGE_SHAPES, 14),
    }[kind]


def seeded_inputs(name, shape):
    """The inputs of `name` at `shape` ("BxT" or "B"): token ids, and masks whose rows after
    the first end in padding, so that the mask changes the result."""
    kind, config = MODELS[name]
    dims = [int(d) for d in shape.split("x")]
    rng = np.random.default_rng(dims[0] * 1000 + dims[-1])
    if kind == "vit":
        return [rng.standard_normal((dims[0], 3, 224, 224)).astype(np.float32)]
    batch, seq = dims
    mask = np.ones((batch, seq), np.int64)
    for row in range(1, batch):
        mask[row, seq - int(rng.integers(1, max(2, seq // 4))):] = 0
    if kind == "encoder":
        src = rng.standard_normal((batch, seq, config["hidden"])).astype(np.float32)
        return [src, mask]
    ids = rng.integers(0, config["vocab"], (batch, seq), dtype=np.int64)
    return [ids, mask] if kind == "bert" else [ids]


def export_onnx(model, example, path, inputs, outputs, opset, image):
    """torch.onnx.export with dim 0 of every input and output symbolic (`batch`) and, unless
    `image`, dim 1 too (`seq`; not of `pooled`, which has none)."""
    import torch

    dims = {0: "batch"} if image else {0: "batch", 1: "seq"}
    axes = {n: dict(dims) for n in inputs + outputs}
    if "pooled" in axes:
        axes["pooled"] = {0: "batch"}
    torch.onnx.export(model, tuple(example), path, opset_version=opset, input_names=inputs,
                      output_names=outputs, do_constant_folding=True, dynamic_axes=axes)


def export(name, model, path):
    import torch

    inputs, outputs, shapes, opset = signature(name)
    example = [torch.from_numpy(x) for x in seeded_inputs(name, shapes[0])]
    export_onnx(model, example, path, inputs, outputs, opset, MODELS[name][0] == "vit")


def make(name, folder, force=False):
    import torch

    inputs, outputs, shapes, _ = signature(name)
    done = os.path.join(folder, "model.json")
    if not force and os.path.exists(done):
        print(f"{name}: present in {folder}")
        return
    os.makedirs(folder, exist_ok=True)
    start = time.time()
    model = build_model(name)
    # Write to temporary names first: an interrupted run never leaves a partial entry
    # (model.json, written last, marks a complete one).
    onnx_tmp = os.path.join(folder, "model.onnx.tmp")
    export(name, model, onnx_tmp)
    import onnx
    onnx.checker.check_model(onnx_tmp)
    os.replace(onnx_tmp, os.path.join(folder, "model.onnx"))
    torch.save(model.state_dict(), os.path.join(folder, "weights.pt"))
    for shape in shapes:
        data = seeded_inputs(name, shape)
        with torch.no_grad():
            result = model(*[torch.from_numpy(x) for x in data])
        result = result if isinstance(result, tuple) else (result,)
        os.makedirs(os.path.join(folder, shape), exist_ok=True)
        for n, x in zip(inputs, data):
            np.save(os.path.join(folder, shape, n + ".npy"), x)
        for n, y in zip(outputs, result):
            np.save(os.path.join(folder, shape, n + ".npy"), y.numpy())
    with open(done, "w") as f:
        json.dump({"inputs": inputs, "outputs": outputs, "shapes": list(shapes)}, f)
    size = os.path.getsize(os.path.join(folder, "model.onnx")) / 2**20
    print(f"{name}: {size:.1f} MB, shapes {', '.join(shapes)}, {time.time() - start:.1f} s "
          f"-> {folder}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir", nargs="?", default=default_dir(), help="zoo folder")
    parser.add_argument("--models", help="comma-separated subset of: " + ", ".join(MODELS))
    parser.add_argument("--force", action="store_true", help="rebuild models already present")
    args = parser.parse_args(argv)
    names = [m for m in (args.models or ",".join(MODELS)).split(",") if m]
    unknown = [m for m in names if m not in MODELS]
    if unknown:
        parser.error(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(MODELS)}")
    for name in names:
        make(name, os.path.join(args.dir, name), args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
