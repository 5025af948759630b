#!/usr/bin/python3
"""Writes the fixtures of recurrent.test into Inputs/recurrent/: RNN, GRU and
LSTM models with inputs and reference outputs.

Two independent references:
  - PyTorch: torch.nn.LSTM (two layers, bidirectional, batch_first), GRU
    (bidirectional; linear_before_reset=1 as torch exports it) and RNN (ReLU)
    exported by torch.onnx.export, against torch's own outputs;
  - NumPy: ONNX's equations written per batch entry and step below
    (sequence_lens walked entry by entry), on graphs made with onnx.helper
    for what torch does not export: sequence_lens of mixed lengths (zero
    included) with reverse and bidirectional directions, initial states,
    peepholes, input_forget, clip, layout 1, GRU with linear_before_reset=0,
    and every activation that takes alpha/beta.

Run with Debian's Python: /usr/bin/python3 test/e2e/make_recurrent_references.py.
Seeded, so reruns write the same numbers.
"""
import os

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "recurrent")


def save(name, model, inputs, outputs):
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, name + ".onnx"))
    for i, a in enumerate(inputs):
        np.save(os.path.join(OUT, "%s_in%d.npy" % (name, i)), a)
    for i, a in enumerate(outputs):
        np.save(os.path.join(OUT, "%s_out%d.npy" % (name, i)), a)


# --- PyTorch ---------------------------------------------------------------

def torch_case(name, module, x):
    module.eval()
    with torch.no_grad():
        y, state = module(x)
    states = list(state) if isinstance(state, tuple) else [state]
    path = os.path.join(OUT, name + ".onnx")
    names = ["y"] + ["state%d" % i for i in range(len(states))]
    torch.onnx.export(module, (x,), path, input_names=["x"],
                      output_names=names, opset_version=14)
    model = onnx.load(path)
    save(name, model, [x.numpy()], [y.numpy()] + [s.numpy() for s in states])


def torch_cases():
    torch.manual_seed(0)
    torch_case("torch_lstm_2layer_bidirectional",
               torch.nn.LSTM(5, 6, num_layers=2, bidirectional=True,
                             batch_first=True),
               torch.randn(3, 7, 5))
    torch_case("torch_gru_bidirectional",
               torch.nn.GRU(4, 5, bidirectional=True), torch.randn(6, 2, 4))
    torch_case("torch_rnn_relu",
               torch.nn.RNN(4, 8, nonlinearity="relu"), torch.randn(5, 3, 4))


# --- NumPy -----------------------------------------------------------------

def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def activation(name, alpha, beta):
    name = name.lower()
    return {
        "relu": lambda x: np.maximum(x, 0),
        "tanh": np.tanh,
        "sigmoid": sigmoid,
        "affine": lambda x: alpha * x + beta,
        "leakyrelu": lambda x: np.where(x >= 0, x, alpha * x),
        "thresholdedrelu": lambda x: np.where(x > alpha, x, 0),
        "scaledtanh": lambda x: alpha * np.tanh(beta * x),
        "hardsigmoid": lambda x: np.clip(alpha * x + beta, 0, 1),
        "elu": lambda x: np.where(x > 0, x, alpha * (np.exp(x) - 1)),
        "softsign": lambda x: x / (1 + np.abs(x)),
        "softplus": lambda x: np.log(1 + np.exp(x)),
    }[name]


DEFAULT_ALPHA = {"leakyrelu": 0.01, "thresholdedrelu": 1.0, "elu": 1.0,
                 "hardsigmoid": 0.2}
DEFAULT_BETA = {"hardsigmoid": 0.5}
USES_ALPHA = {"affine", "leakyrelu", "thresholdedrelu", "scaledtanh",
              "hardsigmoid", "elu"}
USES_BETA = {"affine", "scaledtanh", "hardsigmoid"}


def functions(names, alphas, betas):
    alphas, betas, result = list(alphas), list(betas), []
    for n in names:
        key = n.lower()
        a = alphas.pop(0) if key in USES_ALPHA and alphas else \
            DEFAULT_ALPHA.get(key)
        b = betas.pop(0) if key in USES_BETA and betas else \
            DEFAULT_BETA.get(key)
        result.append(activation(key, a, b))
    return result


def reference(kind, x, w, r, b, lens, h0, c0, p, hidden, direction="forward",
              acts=None, alphas=(), betas=(), clip=None, input_forget=0,
              linear_before_reset=0):
    """ONNX's RNN/GRU/LSTM in layout 0, one batch entry at a time."""
    seq, batch, _ = x.shape
    dirs = 2 if direction == "bidirectional" else 1
    per = {"RNN": 1, "GRU": 2, "LSTM": 3}[kind]
    defaults = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"],
                "LSTM": ["Sigmoid", "Tanh", "Tanh"]}[kind]
    acts = acts or defaults * dirs
    if len(acts) == per and dirs == 2:
        acts = acts * 2
    fs = functions(acts, alphas, betas)
    cl = (lambda v: np.clip(v, -clip, clip)) if clip else (lambda v: v)
    y = np.zeros((seq, dirs, batch, hidden), np.float64)
    yh = np.zeros((dirs, batch, hidden), np.float64)
    yc = np.zeros((dirs, batch, hidden), np.float64)
    for d in range(dirs):
        f = fs[d * per:(d + 1) * per]
        g = len(w[d]) // hidden
        wb = b[d][:g * hidden] if b is not None else np.zeros(g * hidden)
        rb = b[d][g * hidden:] if b is not None else np.zeros(g * hidden)
        reverse = direction == "reverse" or d == 1
        for n in range(batch):
            length = seq if lens is None else int(lens[n])
            h = h0[d, n].astype(np.float64) if h0 is not None else \
                np.zeros(hidden)
            c = c0[d, n].astype(np.float64) if c0 is not None else \
                np.zeros(hidden)
            steps = range(length - 1, -1, -1) if reverse else range(length)
            for t in steps:
                xt = x[t, n].astype(np.float64)
                gx = w[d] @ xt + wb
                if kind == "RNN":
                    h = f[0](cl(gx + r[d] @ h + rb))
                elif kind == "GRU":
                    H = hidden
                    z = f[0](cl(gx[:H] + r[d][:H] @ h + rb[:H]))
                    rr = f[0](cl(gx[H:2 * H] + r[d][H:2 * H] @ h
                                 + rb[H:2 * H]))
                    if linear_before_reset:
                        hh = f[1](cl(gx[2 * H:] + rr * (r[d][2 * H:] @ h
                                                        + rb[2 * H:])))
                    else:
                        hh = f[1](cl(gx[2 * H:] + r[d][2 * H:] @ (rr * h)
                                     + rb[2 * H:]))
                    h = (1 - z) * hh + z * h
                else:
                    H = hidden
                    gates = gx + r[d] @ h + rb
                    pi, po, pf = (p[d][:H], p[d][H:2 * H], p[d][2 * H:]) \
                        if p is not None else (0, 0, 0)
                    i = f[0](cl(gates[:H] + pi * c))
                    if input_forget:
                        ff = 1 - i
                    else:
                        ff = f[0](cl(gates[2 * H:3 * H] + pf * c))
                    cc = f[1](cl(gates[3 * H:]))
                    c = ff * c + i * cc
                    o = f[0](cl(gates[H:2 * H] + po * c))
                    h = o * f[2](c)
                y[t, d, n] = h
            yh[d, n] = h
            yc[d, n] = c
    return [a.astype(np.float32) for a in (y, yh, yc)]


def onnx_case(name, kind, seq, batch, inp, hidden, rng, direction="forward",
              lens=None, initial=False, peepholes=False, layout=0, **attrs):
    dirs = 2 if direction == "bidirectional" else 1
    g = {"RNN": 1, "GRU": 3, "LSTM": 4}[kind]
    x = rng.standard_normal((seq, batch, inp)).astype(np.float32)
    w = (rng.standard_normal((dirs, g * hidden, inp)) * 0.5).astype(np.float32)
    r = (rng.standard_normal((dirs, g * hidden, hidden)) * 0.5) \
        .astype(np.float32)
    b = (rng.standard_normal((dirs, 2 * g * hidden)) * 0.3).astype(np.float32)
    h0 = rng.standard_normal((dirs, batch, hidden)).astype(np.float32) \
        if initial else None
    c0 = rng.standard_normal((dirs, batch, hidden)).astype(np.float32) \
        if initial and kind == "LSTM" else None
    p = (rng.standard_normal((dirs, 3 * hidden)) * 0.5).astype(np.float32) \
        if peepholes else None
    y, yh, yc = reference(
        kind, x, w, r, b, lens, h0, c0, p, hidden, direction,
        attrs.get("activations"), attrs.get("activation_alpha", ()),
        attrs.get("activation_beta", ()), attrs.get("clip"),
        attrs.get("input_forget", 0), attrs.get("linear_before_reset", 0))
    state_t = (1, 0, 2)
    if layout:
        x = x.transpose(1, 0, 2)
        y = y.transpose(2, 0, 1, 3)
        yh, yc = yh.transpose(state_t), yc.transpose(state_t)
        h0 = h0.transpose(state_t) if h0 is not None else None
        c0 = c0.transpose(state_t) if c0 is not None else None
    # X (and sequence_lens) are graph inputs; the weights initializers.
    inits = [numpy_helper.from_array(w, "W"), numpy_helper.from_array(r, "R"),
             numpy_helper.from_array(b, "B")]
    graph_inputs = [helper.make_tensor_value_info("X", TensorProto.FLOAT,
                                                  x.shape)]
    feeds = [x]
    names = ["X", "W", "R", "B"]
    if lens is not None:
        names.append("sequence_lens")
        graph_inputs.append(helper.make_tensor_value_info(
            "sequence_lens", TensorProto.INT32, [batch]))
        feeds.append(np.asarray(lens, np.int32))
    else:
        names.append("")
    for arr, n in [(h0, "initial_h"), (c0, "initial_c"), (p, "P")]:
        if kind != "LSTM" and n != "initial_h":
            continue
        if arr is None:
            names.append("")
        else:
            names.append(n)
            inits.append(numpy_helper.from_array(arr, n))
    while names[-1] == "":
        names.pop()
    outs = ["Y", "Y_h"] + (["Y_c"] if kind == "LSTM" else [])
    refs = [y, yh] + ([yc] if kind == "LSTM" else [])
    node = helper.make_node(kind, names, outs, hidden_size=hidden,
                            direction=direction, layout=layout, **attrs)
    graph = helper.make_graph(
        [node], name, graph_inputs,
        [helper.make_tensor_value_info(o, TensorProto.FLOAT, a.shape)
         for o, a in zip(outs, refs)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    save(name, model, feeds, refs)


def numpy_cases():
    rng = np.random.default_rng(0)
    onnx_case("lstm_bidirectional_lengths", "LSTM", 5, 4, 3, 4, rng,
              direction="bidirectional", lens=[5, 2, 0, 3], initial=True,
              peepholes=True, clip=1.5)
    onnx_case("lstm_reverse_input_forget_layout1", "LSTM", 4, 3, 2, 3, rng,
              direction="reverse", lens=[1, 4, 3], initial=True,
              layout=1, input_forget=1,
              activations=["HardSigmoid", "Softsign", "Elu"],
              activation_alpha=[0.3, 0.7], activation_beta=[0.4])
    onnx_case("gru_reverse_lengths_reset_after", "GRU", 6, 3, 4, 5, rng,
              direction="reverse", lens=[6, 3, 1], initial=True,
              linear_before_reset=0,
              activations=["LeakyRelu", "ScaledTanh"],
              activation_alpha=[0.2, 1.5], activation_beta=[0.6])
    onnx_case("gru_bidirectional_linear_before_reset", "GRU", 3, 2, 3, 4, rng,
              direction="bidirectional", initial=True, linear_before_reset=1,
              clip=2.0)
    onnx_case("rnn_bidirectional_activations", "RNN", 4, 2, 3, 5, rng,
              direction="bidirectional", lens=[2, 4],
              activations=["Affine", "ThresholdedRelu"],
              activation_alpha=[0.5, 0.1], activation_beta=[0.2])
    onnx_case("rnn_softplus_layout1", "RNN", 3, 2, 2, 3, rng,
              initial=True, layout=1, activations=["Softplus"])


def main():
    os.makedirs(OUT, exist_ok=True)
    torch_cases()
    numpy_cases()


if __name__ == "__main__":
    main()
