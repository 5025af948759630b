#!/usr/bin/env python3
"""Writes the end-to-end fixtures and their references, computed with NumPy
straight from the operator definitions (not by Seam):

  Inputs/matmul_64x96x128.mlir + a.npy b.npy c.npy    (vectorized matmul path)
  Inputs/matmul_odd_k.mlir + matmul_odd_k_*.npy  (K tiles packed in rows of
      100, 128 and 52 floats: overlapping last vectors, multiples of 64, one
      vector)
  Inputs/matmul_band_tiles.mlir + matmul_band_tiles_*.npy  (two matmuls whose
      bands differ only in the sizes of their packed tiles)
  Inputs/tiny_resnet_input.npy + tiny_resnet_output.npy  (the bundled model,
      evaluated node by node from its ONNX initializers)
  Inputs/reduction_family_*.npy  (inputs and outputs of
      Inputs/reduction_family.mlir: NaNs, ties, large values, integers, f16)

Run with Debian's Python: /usr/bin/python3 test/e2e/make_references.py
"""
import os

import numpy as np
import onnx
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs")
ROOT = os.path.dirname(os.path.dirname(HERE))


def matmul_fixture():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 96)).astype(np.float32)
    b = rng.standard_normal((96, 128)).astype(np.float32)
    np.save(os.path.join(OUT, "matmul_a.npy"), a)
    np.save(os.path.join(OUT, "matmul_b.npy"), b)
    np.save(os.path.join(OUT, "matmul_c.npy"),
            (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
    t = lambda m, n: f"tensor<{m}x{n}xf32>"
    with open(os.path.join(OUT, "matmul_64x96x128.mlir"), "w") as f:
        f.write(f"""func.func @main(%a: {t(64, 96)} {{seam.name = "a"}}, %b: {t(96, 128)} {{seam.name = "b"}}) -> ({t(64, 128)} {{seam.name = "c"}}) {{
  %c = seam.matmul %a, %b : ({t(64, 96)}, {t(96, 128)}) -> {t(64, 128)}
  return %c : {t(64, 128)}
}}
""")


def matmul_odd_k_fixture():
    # K = 500, 256 and 260 give K tiles of 100, 128 and 52 floats, whose
    # packed rows seam-vectorize-copies moves as 64 + 64 (overlapping by 28),
    # 64 + 64 and one vector of 52.
    write_matmuls("matmul_odd_k", [(8, 500, 72), (8, 256, 40), (8, 260, 24)], seed=7)


def matmul_band_tiles_fixture():
    # K = 500 and 360 give K tiles of 100 and 120 floats, packed the same way
    # (a vector of 64 and an overlapping one): on two threads the two bands'
    # kernels differ only in the sizes of the tiles they allocate, and
    # seam-share-kernels-across-shapes makes them one kernel that allocates
    # its tiles with run-time sizes.
    write_matmuls("matmul_band_tiles", [(8, 500, 64), (8, 360, 64)], seed=11)


def write_matmuls(name, shapes, seed):
    """Inputs/<name>.mlir: one seam.matmul per (m, k, n) of `shapes`, with its
    operands and NumPy's product (in f64) as <name>_{a,b,c}<i>.npy."""
    rng = np.random.default_rng(seed)
    t = lambda m, n: f"tensor<{m}x{n}xf32>"
    args, results, body, returns = [], [], [], []
    for i, (m, k, n) in enumerate(shapes):
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((k, n)).astype(np.float32)
        np.save(os.path.join(OUT, f"{name}_a{i}.npy"), a)
        np.save(os.path.join(OUT, f"{name}_b{i}.npy"), b)
        np.save(os.path.join(OUT, f"{name}_c{i}.npy"),
                (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
        args += [f'%a{i}: {t(m, k)} {{seam.name = "a{i}"}}',
                 f'%b{i}: {t(k, n)} {{seam.name = "b{i}"}}']
        results.append(f'{t(m, n)} {{seam.name = "c{i}"}}')
        body.append(f"  %c{i} = seam.matmul %a{i}, %b{i} : ({t(m, k)}, {t(k, n)}) -> {t(m, n)}")
        returns.append((f"%c{i}", t(m, n)))
    with open(os.path.join(OUT, f"{name}.mlir"), "w") as f:
        f.write(f"func.func @main({', '.join(args)}) -> ({', '.join(results)}) {{\n")
        f.write("\n".join(body) + "\n")
        f.write(f"  return {', '.join(v for v, _ in returns)} : {', '.join(ty for _, ty in returns)}\n}}\n")


def exp_odd_values_fixture():
    # Exp, Sigmoid, SiLU and Softmax on the values where an approximation of
    # exp goes wrong first: NaN, the infinities, the edges of overflow
    # (88.72) and of the normal range (-87.34: below it Seam flushes to 0,
    # so atol covers the subnormals), signed zeros, a subnormal, and a ramp.
    odd = [np.nan, np.inf, -np.inf, 88.7, 88.72, 88.8, 89.0, 100.0, -87.3,
           -87.4, -88.0, -100.0, -103.0, 0.0, -0.0, 1e-30, -1e-30, 1e-45,
           3.4e38, -3.4e38, 0.5, -0.5, 1.0, -1.0, 10.0, -10.0, 30.0, -30.0,
           50.0, -50.0, 80.0, -80.0]
    x = np.array(odd + list(np.linspace(-20, 20, 32)), np.float32)
    rows = np.array([[1000.0, 0.0, -1000.0, 1.0], [np.inf, 1.0, 2.0, 3.0],
                     [-np.inf, 0.0, 1.0, 2.0], [88.0, 88.5, 89.0, 87.0]],
                    np.float32)
    np.save(os.path.join(OUT, "exp_odd_x.npy"), x)
    np.save(os.path.join(OUT, "exp_odd_rows.npy"), rows)
    with np.errstate(all="ignore"):
        d = x.astype(np.float64)
        sig = 1 / (1 + np.exp(-d))
        r = rows.astype(np.float64)
        shifted = np.exp(r - r.max(axis=1, keepdims=True))
        refs = {"e": np.exp(d), "s": sig, "silu": d * sig,
                "soft": shifted / shifted.sum(axis=1, keepdims=True)}
    for name, value in refs.items():
        np.save(os.path.join(OUT, f"exp_odd_{name}.npy"), value.astype(np.float32))
    t = "tensor<64xf32>"
    with open(os.path.join(OUT, "exp_odd.mlir"), "w") as f:
        f.write(f"""func.func @main(%x: {t} {{seam.name = "x"}}, %rows: tensor<4x4xf32> {{seam.name = "rows"}}) -> ({t} {{seam.name = "e"}}, {t} {{seam.name = "s"}}, {t} {{seam.name = "silu"}}, tensor<4x4xf32> {{seam.name = "soft"}}) {{
  %e = seam.exp %x : {t}
  %s = seam.sigmoid %x : {t}
  %silu = seam.silu %x : {t}
  %soft = seam.softmax %rows : tensor<4x4xf32>
  return %e, %s, %silu, %soft : {t}, {t}, {t}, tensor<4x4xf32>
}}
""")


def conv_epilogue_fixture():
    # 1x1 convolutions with a bias and an activation that the compiled path
    # computes on each register tile of the matmul before storing it: Clip
    # with K = 16 (one K tile) and N = 196 (a matmul split into 192 + 4
    # columns), Relu with K = 320 (four K tiles of 80: applied to a partial
    # sum, it would zero its negative values) and HardSwish.
    rng = np.random.default_rng(11)
    cases = [("clip", 16, 96, 14), ("relu", 320, 40, 8),
             ("hard_swish", 48, 32, 10)]
    t = lambda *d: "tensor<%sxf32>" % "x".join(map(str, d))
    args, results, body, returns = [], [], [], []
    for i, (act, c, m, hw) in enumerate(cases):
        x = rng.standard_normal((1, c, hw, hw)).astype(np.float32)
        w = rng.standard_normal((m, c, 1, 1)).astype(np.float32)
        b = rng.standard_normal(m).astype(np.float32)
        y = conv2d(x.astype(np.float64), w.astype(np.float64),
                   b.astype(np.float64), 1, 0)
        y = {"clip": lambda v: np.clip(v, 0, 6),
             "relu": lambda v: np.maximum(v, 0),
             "hard_swish": lambda v: v * np.clip(v / 6 + 0.5, 0, 1)}[act](y)
        for name, value in (("x", x), ("w", w), ("b", b)):
            np.save(os.path.join(OUT, f"conv_epilogue_{name}{i}.npy"), value)
        np.save(os.path.join(OUT, f"conv_epilogue_y{i}.npy"), y.astype(np.float32))
        xt, wt, yt = t(1, c, hw, hw), t(m, c, 1, 1), t(1, m, hw, hw)
        args += [f'%x{i}: {xt} {{seam.name = "x{i}"}}',
                 f'%w{i}: {wt} {{seam.name = "w{i}"}}',
                 f'%b{i}: {t(m)} {{seam.name = "b{i}"}}']
        results.append(f'{yt} {{seam.name = "y{i}"}}')
        body.append(f"  %c{i} = seam.conv %x{i}, %w{i}, %b{i} : ({xt}, {wt}, {t(m)}) -> {yt}")
        if act == "clip":
            body.append(f"  %y{i} = seam.clip %c{i} {{min = 0.0 : f32, max = 6.0 : f32}} : {yt}")
        elif act == "relu":
            body.append(f"  %y{i} = seam.relu %c{i} : {yt}")
        else:
            body.append(f"  %y{i} = seam.hard_swish %c{i} : {yt}")
        returns.append((f"%y{i}", yt))
    # An inverted residual (MobileNetV2's): r = a 1x1 conv (16 -> 24
    # channels), e = Relu of a 1x1 conv of r (24 -> 144), the sum of r and
    # a 1x1 conv of e (144 -> 24: two K tiles of 72), and a last 1x1 conv
    # of the sum (which keeps it inside the model, as in a network). The
    # sum stays after its matmul (seam-tile-and-vectorize fuses activations
    # of one input only).
    i = len(cases)
    x = rng.standard_normal((1, 16, 28, 28)).astype(np.float32)
    shapes = {"w": (24, 16), "v": (144, 24), "u": (24, 144), "z": (24, 24)}
    ws = {n: (rng.standard_normal(d + (1, 1)) / np.sqrt(d[1])).astype(np.float32)
          for n, d in shapes.items()}
    bs = {n: rng.standard_normal(d[0]).astype(np.float32) for n, d in shapes.items()}
    f64 = lambda v: v.astype(np.float64)
    r = conv2d(f64(x), f64(ws["w"]), f64(bs["w"]), 1, 0)
    e = np.maximum(conv2d(r, f64(ws["v"]), f64(bs["v"]), 1, 0), 0)
    s = conv2d(e, f64(ws["u"]), f64(bs["u"]), 1, 0) + r
    y = conv2d(s, f64(ws["z"]), f64(bs["z"]), 1, 0)
    np.save(os.path.join(OUT, f"conv_epilogue_x{i}.npy"), x)
    for n in shapes:
        np.save(os.path.join(OUT, f"conv_epilogue_{n}{i}.npy"), ws[n])
        np.save(os.path.join(OUT, f"conv_epilogue_{n}b{i}.npy"), bs[n])
    np.save(os.path.join(OUT, f"conv_epilogue_y{i}.npy"), y.astype(np.float32))
    dims = {"x": (1, 16, 28, 28), "r": (1, 24, 28, 28), "e": (1, 144, 28, 28)}
    args.append(f'%x{i}: {t(*dims["x"])} {{seam.name = "x{i}"}}')
    for n, d in shapes.items():
        args += [f'%{n}{i}: {t(*d, 1, 1)} {{seam.name = "{n}{i}"}}',
                 f'%{n}b{i}: {t(d[0])} {{seam.name = "{n}b{i}"}}']
    results.append(f'{t(*dims["r"])} {{seam.name = "y{i}"}}')
    conv = lambda out, src, n, d_in, d_out: (
        f"  %{out}{i} = seam.conv %{src}{i}, %{n}{i}, %{n}b{i} : "
        f"({t(*d_in)}, {t(*shapes[n], 1, 1)}, {t(shapes[n][0])}) -> {t(*d_out)}")
    body += [conv("r", "x", "w", dims["x"], dims["r"]),
             conv("p", "r", "v", dims["r"], dims["e"]),
             f"  %e{i} = seam.relu %p{i} : {t(*dims['e'])}",
             conv("q", "e", "u", dims["e"], dims["r"]),
             f"  %s{i} = seam.add %q{i}, %r{i} : ({t(*dims['r'])}, {t(*dims['r'])}) -> {t(*dims['r'])}",
             conv("y", "s", "z", dims["r"], dims["r"])]
    returns.append((f"%y{i}", t(*dims["r"])))
    with open(os.path.join(OUT, "conv_epilogue.mlir"), "w") as f:
        f.write(f"func.func @main({', '.join(args)}) -> ({', '.join(results)}) {{\n")
        f.write("\n".join(body) + "\n")
        f.write(f"  return {', '.join(v for v, _ in returns)} : {', '.join(ty for _, ty in returns)}\n}}\n")


def conv2d(x, w, b, stride, pad):
    n, c, h, wd = x.shape
    m, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh = (h + 2 * pad - kh) // stride + 1
    ow = (wd + 2 * pad - kw) // stride + 1
    y = np.zeros((n, m, oh, ow), np.float64)
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + stride * oh:stride, j:j + stride * ow:stride]
            y += np.einsum("nchw,mc->nmhw", patch, w[:, :, i, j])
    return y + (b.reshape(1, m, 1, 1) if b is not None else 0)


def max_pool(x, k, stride, pad):
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), constant_values=-np.inf)
    oh = (x.shape[2] + 2 * pad - k) // stride + 1
    ow = (x.shape[3] + 2 * pad - k) // stride + 1
    y = np.full(x.shape[:2] + (oh, ow), -np.inf)
    for i in range(k):
        for j in range(k):
            y = np.maximum(y, xp[:, :, i:i + stride * oh:stride, j:j + stride * ow:stride])
    return y


def run_onnx_in_numpy(model, x):
    """Evaluates the ops the tiny ResNet uses, in float64."""
    env = {i.name: numpy_helper.to_array(i).astype(np.float64) for i in model.graph.initializer}
    env[model.graph.input[0].name] = x.astype(np.float64)
    for node in model.graph.node:
        a = {at.name: onnx.helper.get_attribute_value(at) for at in node.attribute}
        ins = [env[i] for i in node.input]
        if node.op_type == "Conv":
            y = conv2d(ins[0], ins[1], ins[2] if len(ins) > 2 else None,
                       a["strides"][0], a["pads"][0])
        elif node.op_type == "BatchNormalization":
            x_, s, bias, mean, var = ins
            shape = (1, -1, 1, 1)
            y = (x_ - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + a["epsilon"]) \
                * s.reshape(shape) + bias.reshape(shape)
        elif node.op_type == "Relu":
            y = np.maximum(ins[0], 0)
        elif node.op_type == "Add":
            y = ins[0] + ins[1]
        elif node.op_type == "MaxPool":
            y = max_pool(ins[0], a["kernel_shape"][0], a["strides"][0], a["pads"][0])
        elif node.op_type == "GlobalAveragePool":
            y = ins[0].mean(axis=(2, 3), keepdims=True)
        elif node.op_type == "Flatten":
            y = ins[0].reshape(ins[0].shape[0], -1)
        elif node.op_type == "Gemm":
            y = ins[0] @ (ins[1].T if a.get("transB") else ins[1]) + ins[2]
        elif node.op_type == "Softmax":
            e = np.exp(ins[0] - ins[0].max(axis=a["axis"], keepdims=True))
            y = e / e.sum(axis=a["axis"], keepdims=True)
        else:
            raise NotImplementedError(node.op_type)
        env[node.output[0]] = y
    return env[model.graph.output[0].name]


def tiny_resnet_fixture():
    model = onnx.load(os.path.join(ROOT, "bench", "models", "tiny_resnet.onnx"))
    x = np.random.default_rng(2).standard_normal((1, 3, 32, 32)).astype(np.float32)
    np.save(os.path.join(OUT, "tiny_resnet_input.npy"), x)
    # The logits are compared before softmax flattens differences: keep both.
    np.save(os.path.join(OUT, "tiny_resnet_output.npy"),
            run_onnx_in_numpy(model, x).astype(np.float32))


def hardmax(x, axis):
    """ONNX Hardmax (opset 13): one-hot of the first maximum along axis."""
    out = np.zeros_like(x)
    idx = np.expand_dims(np.argmax(x, axis=axis), axis)
    np.put_along_axis(out, idx, 1, axis=axis)
    return out


def cumsum(x, axis, exclusive=False, reverse=False):
    """ONNX CumSum."""
    if reverse:
        x = np.flip(x, axis)
    out = np.cumsum(x, axis=axis)
    if exclusive:  # Shifted by one (not out - x, which a NaN would spoil).
        out = np.concatenate([np.zeros_like(np.take(out, [0], axis)),
                              np.delete(out, -1, axis)], axis)
    return np.flip(out, axis) if reverse else out


def reduction_family_fixture():
    x = np.array([[100.0, 101.5, 99.0, 101.5, -3.0],      # ties, large
                  [1.0, np.nan, 2.0, np.nan, -1.0],      # NaNs
                  [-2.0, -2.0, 0.5, -7.0, -7.0]],        # ties at the min
                 dtype=np.float32)
    n = np.random.default_rng(3).integers(-5, 6, (3, 4)).astype(np.int64)
    h = np.array([[0.5, -1.25, 3.0, 3.0], [2.0, -0.75, 1.5, -4.0]],
                 dtype=np.float16)
    x64 = x.astype(np.float64)
    last = lambda f, a, axis: a.shape[axis] - 1 - f(np.flip(a, axis), axis)
    m = np.max(x64, axis=1, keepdims=True)
    refs = {
        "max_x": np.max(x, axis=1),
        "min_x": np.min(x, axis=0, keepdims=True),
        "argmax_first": np.argmax(x, axis=1),
        "argmax_last": last(np.argmax, x, 1),
        "argmin_last": last(np.argmin, x, 0)[None, :],
        "lse": (m[:, 0] + np.log(np.sum(np.exp(x64 - m), axis=1))),
        "cumsum_rev_excl": cumsum(x64, 1, exclusive=True, reverse=True),
        "hardmax_x": hardmax(x, 1),
        "cumsum_n": cumsum(n, 0),
        "prod_n": np.prod(n, axis=1),
        "max_n": np.max(n, axis=0, keepdims=True),
        "sum_square_n": np.full(2, np.sum(n * n)),
        "l2_h": np.sqrt(np.sum(h.astype(np.float64) ** 2, axis=1,
                               keepdims=True)).astype(np.float16),
        "hardmax_h": hardmax(h, 1),
        "cumsum_h": cumsum(h.astype(np.float64), 1).astype(np.float16),
    }
    np.save(os.path.join(OUT, "reduction_family_x.npy"), x)
    np.save(os.path.join(OUT, "reduction_family_n.npy"), n)
    np.save(os.path.join(OUT, "reduction_family_h.npy"), h)
    for name, value in refs.items():
        dtype = {np.dtype(np.float64): np.float32}.get(value.dtype, value.dtype)
        np.save(os.path.join(OUT, "reduction_family_%s.npy" % name),
                value.astype(dtype))


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    matmul_fixture()
    matmul_odd_k_fixture()
    matmul_band_tiles_fixture()
    conv_epilogue_fixture()
    exp_odd_values_fixture()
    tiny_resnet_fixture()
    reduction_family_fixture()
