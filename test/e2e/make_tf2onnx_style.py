#!/usr/bin/python3
"""Writes the fixtures of tf2onnx-style.test into Inputs/tf2onnx_style/:
small Keras-like models built with onnx.helper in the forms tf2onnx
(opsets 13-17) emits them, with inputs and references at two shapes each.

tf2onnx is not installed here, so the graphs are written by hand after its
output: NHWC inputs with symbolic dims named unk__N, Transpose around each
Conv, Conv pads computed for TF's SAME (and auto_pad=SAME_UPPER), Relu6 as
Clip with constant min/max inputs, depthwise convolutions as grouped Conv,
the flatten as Shape -> Cast -> Slice -> Concat(-1) -> Cast -> Reshape,
Dense as MatMul + Add, opset 13's axes inputs (Unsqueeze, Squeeze,
ReduceSum), Keras LSTM/GRU as one ONNX node with initial states built from
Shape/Gather/Concat/Expand, image ops (Resize with empty roi/scales and
sizes from Shape or scaled through float arithmetic, Pad, strided Slice,
Split with a split input, ...), Keras MultiHeadAttention's Einsums, a
decoder head, a masked bidirectional LSTM, Keras mixed precision (float16
layers), and two models Seam refuses (tf.boolean_mask, a tf.while_loop with
a run-time trip count).

The references are independent of Seam and of the ONNX graphs: NumPy and
PyTorch functional ops written from TF's semantics on the Keras-layout
weights (HWIO kernels, [in, out] Dense kernels, Keras LSTM/GRU gate order),
which the builders below convert to ONNX's layouts as tf2onnx does; the
bidirectional and float16 LSTMs draw their weights in ONNX's layout and
write the same equations in ONNX's gate order.

Run with Debian's Python: /usr/bin/python3 test/e2e/make_tf2onnx_style.py.
Seeded, so reruns write the same numbers.
"""
import os

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "tf2onnx_style")
INT64_MAX = np.iinfo(np.int64).max
RNG = np.random.default_rng(20261125)


def rand(*shape, scale=0.5):
    return (RNG.standard_normal(shape) * scale).astype(np.float32)


class Graph:
    """Collects nodes and initializers of one tf2onnx-style graph."""

    def __init__(self):
        self.nodes = []
        self.inits = []
        self.count = 0

    def const(self, name, value):
        self.inits.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def node(self, op, inputs, name, outputs=1, **attrs):
        outs = [name if outputs == 1 else "%s:%d" % (name, i)
                for i in range(outputs)]
        self.nodes.append(helper.make_node(op, inputs, outs, name=name,
                                           **attrs))
        return outs[0] if outputs == 1 else outs

    def save(self, name, inputs, outputs, opset=13):
        graph = helper.make_graph(self.nodes, "tf2onnx", inputs, outputs,
                                  self.inits)
        model = helper.make_model(
            graph, producer_name="tf2onnx", producer_version="1.9.3",
            opset_imports=[helper.make_opsetid("", opset)])
        onnx.checker.check_model(model)
        onnx.save(model, os.path.join(OUT, name + ".onnx"))


def save_arrays(prefix, arrays):
    for key, value in arrays.items():
        np.save(os.path.join(OUT, "%s_%s.npy" % (prefix, key)), value)


def tensor(name, dtype, dims):
    return helper.make_tensor_value_info(name, dtype, dims)


# --- TF-semantics references -----------------------------------------------

def tf_conv(x, kernel, bias, strides, padding, groups=1):
    """TF's NHWC conv2d (kernel HWIO, or HW1M for depthwise with groups=C)."""
    t = torch.from_numpy(x).permute(0, 3, 1, 2).double()
    k = torch.from_numpy(kernel).double()
    if groups == 1:
        w = k.permute(3, 2, 0, 1)
    else:
        w = k.permute(2, 3, 0, 1).reshape(-1, 1, k.shape[0], k.shape[1])
    if padding == "SAME":
        pads = []
        for dim, size, stride in [(3, k.shape[1], strides[1]),
                                  (2, k.shape[0], strides[0])]:
            extent = t.shape[dim]
            out = -(-extent // stride)
            total = max((out - 1) * stride + size - extent, 0)
            pads += [total // 2, total - total // 2]
        t = F.pad(t, pads)
    y = F.conv2d(t, w, torch.from_numpy(bias).double(), stride=strides,
                 groups=groups)
    return y.permute(0, 2, 3, 1).numpy()


def tf_batch_norm(x, gamma, beta, mean, var, eps):
    return (x - mean) / np.sqrt(var + eps) * gamma + beta


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


# --- Keras CNN ---------------------------------------------------------------

def keras_cnn():
    """Conv/BN/Relu6, strided SAME conv, depthwise conv, residual Add, a
    ReduceMean head with Softmax and a flatten head."""
    g = Graph()
    k1, b1 = rand(3, 3, 3, 8), rand(8)
    gamma, beta = rand(8) + 1, rand(8)
    mean, var = rand(8), np.abs(rand(8)) + 0.5
    k2, b2 = rand(3, 3, 8, 8, scale=0.2), rand(8)
    kd, bd = rand(3, 3, 8, 1), rand(8)
    k3, b3 = rand(1, 1, 8, 8), rand(8)
    w_head, b_head = rand(8, 5), rand(5)
    w_flat, b_flat = rand(128, 4, scale=0.1), rand(4)

    def oihw(k):
        return np.ascontiguousarray(k.transpose(3, 2, 0, 1))

    x = g.node("Transpose", ["input_1"], "conv2d/Conv2D__6", perm=[0, 3, 1, 2])
    x = g.node("Conv", [x, g.const("conv2d/kernel", oihw(k1)),
                        g.const("conv2d/bias", b1)], "conv2d/BiasAdd",
               kernel_shape=[3, 3], strides=[1, 1], dilations=[1, 1],
               pads=[1, 1, 1, 1])
    x = g.node("BatchNormalization",
               [x, g.const("bn/gamma", gamma), g.const("bn/beta", beta),
                g.const("bn/mean", mean), g.const("bn/var", var)],
               "batch_normalization/FusedBatchNormV3", epsilon=0.001)
    x = g.node("Clip", [x, g.const("re_lu/Relu6__min", np.float32(0)),
                        g.const("re_lu/Relu6__max", np.float32(6))],
               "re_lu/Relu6")
    # A transpose pair the optimizer left behind.
    x = g.node("Transpose", [x], "re_lu/Relu6__12", perm=[0, 2, 3, 1])
    x = g.node("Identity", [x], "re_lu/Identity")
    x = g.node("Transpose", [x], "conv2d_1/Conv2D__14", perm=[0, 3, 1, 2])
    # Stride 2 SAME on 8: explicit asymmetric pads (0 before, 1 after).
    strided = g.node("Conv", [x, g.const("conv2d_1/kernel", oihw(k2)),
                              g.const("conv2d_1/bias", b2)],
                     "conv2d_1/BiasAdd", kernel_shape=[3, 3],
                     strides=[2, 2], pads=[0, 0, 1, 1])
    dw_weight = np.ascontiguousarray(kd.transpose(2, 3, 0, 1))
    dw = g.node("Conv", [x, g.const("depthwise/kernel", dw_weight),
                         g.const("depthwise/bias", bd)],
                "depthwise_conv2d/BiasAdd", kernel_shape=[3, 3],
                strides=[2, 2], group=8, auto_pad="SAME_UPPER")
    dw = g.node("Relu", [dw], "depthwise_conv2d/Relu")
    pw = g.node("Conv", [dw, g.const("conv2d_2/kernel", oihw(k3)),
                         g.const("conv2d_2/bias", b3)], "conv2d_2/BiasAdd",
                kernel_shape=[1, 1], strides=[1, 1], pads=[0, 0, 0, 0])
    x = g.node("Add", [pw, strided], "add/add")
    x = g.node("Transpose", [x], "add/add__20", perm=[0, 2, 3, 1])
    pooled = g.node("ReduceMean", [x], "global_average_pooling2d/Mean",
                    axes=[1, 2], keepdims=0)
    head = g.node("MatMul", [pooled, g.const("dense/kernel", w_head)],
                  "dense/MatMul")
    head = g.node("Add", [head, g.const("dense/bias", b_head)],
                  "dense/BiasAdd")
    head = g.node("Softmax", [head], "dense/Softmax", axis=-1)
    g.node("Identity", [head], "dense_1")
    shape = g.node("Shape", [x], "flatten/Shape")
    shape = g.node("Cast", [shape], "flatten/Shape__22", to=TensorProto.INT32)
    batch = g.node("Slice", [shape, g.const("flatten/begin", np.array([0])),
                             g.const("flatten/end", np.array([1])),
                             g.const("flatten/axes", np.array([0]))],
                   "flatten/strided_slice")
    new_shape = g.node("Concat", [batch, g.const("flatten/minus_one",
                                                 np.array([-1], np.int32))],
                       "flatten/Reshape/shape", axis=0)
    new_shape = g.node("Cast", [new_shape], "flatten/Reshape__24",
                       to=TensorProto.INT64)
    flat = g.node("Reshape", [x, new_shape], "flatten/Reshape")
    flat = g.node("MatMul", [flat, g.const("dense_2/kernel", w_flat)],
                  "dense_2/MatMul")
    flat = g.node("Add", [flat, g.const("dense_2/bias", b_flat)],
                  "dense_2/BiasAdd")
    g.node("Identity", [flat], "dense_2")
    g.save("keras_cnn", [tensor("input_1", TensorProto.FLOAT,
                                ["unk__16", 8, 8, 3])],
           [tensor("dense_1", TensorProto.FLOAT, ["unk__17", 5]),
            tensor("dense_2", TensorProto.FLOAT, ["unk__18", 4])])

    for batch in [1, 3]:
        image = rand(batch, 8, 8, 3, scale=1.0)
        y = tf_conv(image, k1, b1, (1, 1), "SAME")
        y = np.clip(tf_batch_norm(y, gamma, beta, mean, var, 0.001), 0, 6)
        strided_ref = tf_conv(y, k2, b2, (2, 2), "SAME")
        dw_ref = np.maximum(tf_conv(y, kd, bd, (2, 2), "SAME", groups=8), 0)
        y = tf_conv(dw_ref, k3, b3, (1, 1), "VALID") + strided_ref
        dense_1 = softmax(y.mean(axis=(1, 2)) @ w_head + b_head)
        dense_2 = y.reshape(batch, -1) @ w_flat + b_flat
        save_arrays("keras_cnn_b%d" % batch,
                    {"input_1": image,
                     "dense_1": dense_1.astype(np.float32),
                     "dense_2": dense_2.astype(np.float32)})


# --- Keras text classifier ---------------------------------------------------

def keras_text():
    """int32 ids, embedding Gathers (through a Cast and on int32 directly),
    a mask from Equal/Not, masked mean pooling, Dense layers, Sigmoid."""
    g = Graph()
    vocab, dim = 20, 8
    emb, emb2 = rand(vocab, dim), rand(vocab, 4)
    w1, b1 = rand(12, 6), rand(6)
    w2, b2 = rand(6, 1), rand(1)
    ids64 = g.node("Cast", ["input_ids"], "embedding/Cast",
                   to=TensorProto.INT64)
    x = g.node("Gather", [g.const("embedding/embeddings", emb), ids64],
               "embedding/embedding_lookup", axis=0)
    is_pad = g.node("Equal", ["input_ids", g.const("embedding/NotEqual/y",
                                                   np.array(0, np.int32))],
                    "embedding/NotEqual__5")
    mask = g.node("Not", [is_pad], "embedding/NotEqual")
    mask = g.node("Cast", [mask], "pooling/Cast", to=TensorProto.FLOAT)
    mask3 = g.node("Unsqueeze", [mask, g.const("pooling/ExpandDims/dim",
                                               np.array([2]))],
                   "pooling/ExpandDims")
    x = g.node("Mul", [x, mask3], "pooling/mul")
    total = g.node("ReduceSum", [x, g.const("pooling/Sum/axes",
                                            np.array([1]))],
                   "pooling/Sum", keepdims=0)
    count = g.node("ReduceSum", [mask, g.const("pooling/Sum_1/axes",
                                               np.array([1]))],
                   "pooling/Sum_1", keepdims=1)
    count = g.node("Max", [count, g.const("pooling/Maximum/y",
                                          np.array(1.0, np.float32))],
                   "pooling/Maximum")
    pooled = g.node("Div", [total, count], "pooling/truediv")
    x2 = g.node("Gather", [g.const("embedding_1/embeddings", emb2),
                           "input_ids"], "embedding_1/embedding_lookup",
                axis=0)
    pooled2 = g.node("ReduceMean", [x2], "pooling_1/Mean", axes=[1],
                     keepdims=0)
    x = g.node("Concat", [pooled, pooled2], "concatenate/concat", axis=-1)
    x = g.node("MatMul", [x, g.const("dense/kernel", w1)], "dense/MatMul")
    x = g.node("Add", [x, g.const("dense/bias", b1)], "dense/BiasAdd")
    x = g.node("Relu", [x], "dense/Relu")
    x = g.node("MatMul", [x, g.const("dense_1/kernel", w2)], "dense_1/MatMul")
    x = g.node("Add", [x, g.const("dense_1/bias", b2)], "dense_1/BiasAdd")
    x = g.node("Sigmoid", [x], "dense_1/Sigmoid")
    g.node("Identity", [x], "dense_1")
    g.save("keras_text", [tensor("input_ids", TensorProto.INT32,
                                 ["unk__7", "unk__8"])],
           [tensor("dense_1", TensorProto.FLOAT, ["unk__9", 1])])

    for batch, length in [(2, 7), (3, 11)]:
        ids = RNG.integers(1, vocab, (batch, length)).astype(np.int32)
        ids[:, length - 3:] = 0  # padded tails
        ids[0, :] = 0  # an all-padding row: the count clamps to 1
        mask = (ids != 0).astype(np.float64)
        pooled = (emb[ids] * mask[..., None]).sum(1) / np.maximum(
            mask.sum(1, keepdims=True), 1)
        pooled2 = emb2[ids].mean(1)
        h = np.maximum(np.concatenate([pooled, pooled2], 1) @ w1 + b1, 0)
        y = sigmoid(h @ w2 + b2)
        save_arrays("keras_text_%dx%d" % (batch, length),
                    {"input_ids": ids, "dense_1": y.astype(np.float32)})


# --- Keras LSTM and GRU --------------------------------------------------------

def keras_lstm_reference(x, kernel, rec, bias):
    """Keras LSTM (gates i, f, c, o; tanh; sigmoid recurrent activation)."""
    batch, steps, _ = x.shape
    units = rec.shape[0]
    h = np.zeros((batch, units))
    c = np.zeros((batch, units))
    seq = []
    for t in range(steps):
        z = x[:, t] @ kernel + h @ rec + bias
        i, f, cc, o = np.split(z, 4, axis=1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(cc)
        h = sigmoid(o) * np.tanh(c)
        seq.append(h)
    return np.stack(seq, 1), h


def keras_gru_reference(x, kernel, rec, bias):
    """Keras GRU with reset_after=True (gates z, r, h; bias [2, 3 units])."""
    batch, steps, _ = x.shape
    units = rec.shape[0]
    h = np.zeros((batch, units))
    for t in range(steps):
        xz, xr, xh = np.split(x[:, t] @ kernel + bias[0], 3, axis=1)
        hz, hr, hh = np.split(h @ rec + bias[1], 3, axis=1)
        z = sigmoid(xz + hz)
        r = sigmoid(xr + hr)
        cand = np.tanh(xh + r * hh)
        h = z * h + (1 - z) * cand
    return h


def zeros_state(g, prefix, units, use_expand):
    """[1, batch, units] zeros with the batch read from the input's shape."""
    shape = g.node("Shape", ["input_1"], prefix + "/Shape")
    batch = g.node("Gather", [shape, g.const(prefix + "/strided_slice/index",
                                             np.array(0))],
                   prefix + "/strided_slice", axis=0)
    batch = g.node("Unsqueeze", [batch, g.const(prefix + "/axes0",
                                                np.array([0]))],
                   prefix + "/strided_slice__1")
    dims = g.node("Concat", [g.const(prefix + "/one", np.array([1])), batch,
                             g.const(prefix + "/units", np.array([units]))],
                  prefix + "/zeros/packed", axis=0)
    if use_expand:
        return g.node("Expand", [g.const(prefix + "/zeros/Const",
                                         np.array(0, np.float32)), dims],
                      prefix + "/zeros")
    return g.node("ConstantOfShape", [dims], prefix + "/zeros",
                  value=helper.make_tensor("value", TensorProto.FLOAT, [1],
                                           [0.0]))


def keras_lstm():
    g = Graph()
    features, units = 5, 6
    kernel, rec, bias = rand(features, 4 * units), rand(units, 4 * units), \
        rand(4 * units)
    w_out, b_out = rand(units, 3), rand(3)

    def iofc(m):  # Keras i, f, c, o -> ONNX i, o, f, c along the last axis
        i, f, c, o = np.split(m, 4, axis=-1)
        return np.concatenate([i, o, f, c], axis=-1)

    w = iofc(kernel).T[None]
    r = iofc(rec).T[None]
    b = np.concatenate([iofc(bias), np.zeros(4 * units, np.float32)])[None]
    x = g.node("Transpose", ["input_1"], "lstm/transpose", perm=[1, 0, 2])
    h0 = zeros_state(g, "lstm/h", units, use_expand=True)
    c0 = zeros_state(g, "lstm/c", units, use_expand=False)
    y, _, _ = g.node("LSTM", [x, g.const("lstm/W", w), g.const("lstm/R", r),
                              g.const("lstm/B", b), "", h0, c0], "lstm/LSTM",
                     outputs=3, hidden_size=units, direction="forward")
    y = g.node("Squeeze", [y, g.const("lstm/squeeze_axes", np.array([1]))],
               "lstm/Squeeze")
    seq = g.node("Transpose", [y], "lstm/transpose_1", perm=[1, 0, 2])
    g.node("Identity", [seq], "lstm")
    last = g.node("Slice", [y, g.const("lstm/last/begin", np.array([-1])),
                            g.const("lstm/last/end", np.array([INT64_MAX])),
                            g.const("lstm/last/axes", np.array([0]))],
                  "lstm/strided_slice")
    last = g.node("Squeeze", [last, g.const("lstm/last/axes0",
                                            np.array([0]))],
                  "lstm/strided_slice__3")
    out = g.node("MatMul", [last, g.const("dense/kernel", w_out)],
                 "dense/MatMul")
    out = g.node("Add", [out, g.const("dense/bias", b_out)], "dense/BiasAdd")
    g.node("Identity", [out], "dense_1")
    g.save("keras_lstm", [tensor("input_1", TensorProto.FLOAT,
                                 ["unk__3", "unk__4", features])],
           [tensor("lstm", TensorProto.FLOAT, ["unk__5", "unk__6", units]),
            tensor("dense_1", TensorProto.FLOAT, ["unk__7", 3])])
    for batch, steps in [(2, 4), (3, 7)]:
        xs = rand(batch, steps, features, scale=1.0)
        seq_ref, last_ref = keras_lstm_reference(xs.astype(np.float64),
                                                 kernel, rec, bias)
        save_arrays("keras_lstm_%dx%d" % (batch, steps),
                    {"input_1": xs, "lstm": seq_ref.astype(np.float32),
                     "dense_1": (last_ref @ w_out + b_out).astype(
                         np.float32)})


def keras_gru():
    g = Graph()
    features, units = 5, 4
    kernel, rec, bias = rand(features, 3 * units), rand(units, 3 * units), \
        rand(2, 3 * units)
    x = g.node("Transpose", ["input_1"], "gru/transpose", perm=[1, 0, 2])
    h0 = zeros_state(g, "gru/h", units, use_expand=False)
    _, h = g.node("GRU", [x, g.const("gru/W", kernel.T[None].copy()),
                          g.const("gru/R", rec.T[None].copy()),
                          g.const("gru/B", bias.reshape(1, -1)), "", h0],
                  "gru/GRU", outputs=2, hidden_size=units,
                  direction="forward", linear_before_reset=1)
    h = g.node("Squeeze", [h, g.const("gru/squeeze_axes", np.array([0]))],
               "gru/Squeeze")
    g.node("Identity", [h], "gru")
    g.save("keras_gru", [tensor("input_1", TensorProto.FLOAT,
                                ["unk__3", "unk__4", features])],
           [tensor("gru", TensorProto.FLOAT, ["unk__5", units])])
    for batch, steps in [(1, 3), (4, 6)]:
        xs = rand(batch, steps, features, scale=1.0)
        ref = keras_gru_reference(xs.astype(np.float64), kernel, rec, bias)
        save_arrays("keras_gru_%dx%d" % (batch, steps),
                    {"input_1": xs, "gru": ref.astype(np.float32)})


# --- Image ops -----------------------------------------------------------------

def resize_model():
    """tf.image.resize (bilinear, half_pixel_centers), ResizeBilinear with
    align_corners, ResizeNearestNeighbor (asymmetric, floor)."""
    g = Graph()
    x = g.node("Transpose", ["images"], "Resize__6", perm=[0, 3, 1, 2])
    empty = g.const("roi_empty", np.zeros([0], np.float32))
    no_scales = g.const("scales_empty", np.zeros([0], np.float32))
    shape = g.node("Shape", [x], "Resize__8")
    head = g.node("Slice", [shape, g.const("Resize__begin", np.array([0])),
                            g.const("Resize__end", np.array([2]))],
                  "Resize__10")
    sizes = g.node("Concat", [head, g.const("resize/size",
                                            np.array([8, 12]))],
                   "Resize__12", axis=0)
    y = g.node("Resize", [x, empty, no_scales, sizes], "resize/Resize",
               mode="linear", coordinate_transformation_mode="half_pixel")
    g.node("Transpose", [y], "bilinear", perm=[0, 2, 3, 1])
    sizes2 = g.node("Concat", [head, g.const("resize_1/size",
                                             np.array([7, 9]))],
                    "Resize__14", axis=0)
    y = g.node("Resize", [x, "", "", sizes2], "resize_1/ResizeBilinear",
               mode="linear", coordinate_transformation_mode="align_corners")
    g.node("Transpose", [y], "align_corners", perm=[0, 2, 3, 1])
    y = g.node("Resize", [x, empty, g.const("resize_2/scales",
                                            np.array([1, 1, 2, 2],
                                                     np.float32))],
               "resize_2/ResizeNearestNeighbor", mode="nearest",
               coordinate_transformation_mode="asymmetric",
               nearest_mode="floor")
    g.node("Transpose", [y], "nearest", perm=[0, 2, 3, 1])
    g.save("resize", [tensor("images", TensorProto.FLOAT,
                             ["unk__2", 4, 6, 3])],
           [tensor("bilinear", TensorProto.FLOAT, ["unk__3", 8, 12, 3]),
            tensor("align_corners", TensorProto.FLOAT, ["unk__4", 7, 9, 3]),
            tensor("nearest", TensorProto.FLOAT, ["unk__5", 8, 12, 3])])
    for batch in [1, 2]:
        images = rand(batch, 4, 6, 3, scale=1.0)
        t = torch.from_numpy(images).permute(0, 3, 1, 2).double()

        def back(y):
            return y.permute(0, 2, 3, 1).float().numpy()
        save_arrays("resize_b%d" % batch, {
            "images": images,
            "bilinear": back(F.interpolate(t, size=(8, 12), mode="bilinear",
                                           align_corners=False)),
            "align_corners": back(F.interpolate(t, size=(7, 9),
                                                mode="bilinear",
                                                align_corners=True)),
            "nearest": back(F.interpolate(t, size=(8, 12), mode="nearest"))})


def misc_model():
    """Pad, strided Slice, Split with a split input, Tile, Where, TopK with
    a K input, Range, ConstantOfShape of a Shape, Less/Greater + Cast."""
    g = Graph()
    x = "x"
    g.node("Pad", [x, g.const("pad/paddings", np.array([0, 1, 2, 0, 1, 2]))],
           "pad_reflect", mode="reflect")
    g.node("Pad", [x, g.const("pad_1/paddings", np.array([0, 0, 1, 0, 2, 3])),
                   g.const("pad_1/constant_values", np.float32(1.5))],
           "pad_constant", mode="constant")
    g.node("Slice", [x, g.const("strided_slice/begin", np.array([1, -1])),
                     g.const("strided_slice/end",
                             np.array([-1, -INT64_MAX])),
                     g.const("strided_slice/axes", np.array([1, 2])),
                     g.const("strided_slice/strides", np.array([2, -2]))],
           "strided_slice")
    g.node("Split", [x, g.const("split/size_splits", np.array([2, 4]))],
           "split", outputs=2, axis=1)
    g.node("Tile", [x, g.const("tile/multiples", np.array([1, 2, 1]))],
           "tile")
    positive = g.node("Greater", [x, g.const("zero", np.float32(0))],
                      "Greater")
    leaky = g.node("Mul", [x, g.const("alpha", np.float32(0.1))], "mul")
    g.node("Where", [positive, x, leaky], "where")
    values, indices = g.node("TopK", [x, g.const("top_k/k", np.array([3]))],
                             "top_k", outputs=2, axis=-1, largest=1,
                             sorted=1)
    g.node("Identity", [values], "topk_values")
    g.node("Cast", [indices], "topk_indices", to=TensorProto.INT32)
    r = g.node("Range", [g.const("range/start", np.array(0, np.int64)),
                         g.const("range/limit", np.array(8, np.int64)),
                         g.const("range/delta", np.array(1, np.int64))],
               "range")
    r = g.node("Cast", [r], "range/Cast", to=TensorProto.FLOAT)
    g.node("Add", [x, r], "range_add")
    shape = g.node("Shape", [x], "ones_like/Shape")
    ones = g.node("ConstantOfShape", [shape], "ones_like/ConstantOfShape",
                  value=helper.make_tensor("value", TensorProto.FLOAT, [1],
                                           [1.0]))
    g.node("Sub", [x, ones], "ones_sub")
    less = g.node("Less", [x, g.const("half", np.float32(0.5))], "Less")
    g.node("Cast", [less], "less_float", to=TensorProto.FLOAT)
    g.node("Cast", [x], "nonzero", to=TensorProto.BOOL)
    f = TensorProto.FLOAT
    g.save("misc", [tensor("x", f, ["unk__1", 6, 8])], [
        tensor("pad_reflect", f, ["unk__2", 8, 12]),
        tensor("pad_constant", f, ["unk__3", 8, 12]),
        tensor("strided_slice", f, ["unk__4", 2, 4]),
        tensor("split:0", f, ["unk__5", 2, 8]),
        tensor("split:1", f, ["unk__6", 4, 8]),
        tensor("tile", f, ["unk__7", 12, 8]),
        tensor("where", f, ["unk__8", 6, 8]),
        tensor("topk_values", f, ["unk__9", 6, 3]),
        tensor("topk_indices", TensorProto.INT32, ["unk__10", 6, 3]),
        tensor("range_add", f, ["unk__11", 6, 8]),
        tensor("ones_sub", f, ["unk__12", 6, 8]),
        tensor("less_float", f, ["unk__13", 6, 8]),
        tensor("nonzero", TensorProto.BOOL, ["unk__14", 6, 8])])
    for batch in [1, 3]:
        # Distinct values so that TopK's order is unique.
        xs = RNG.permutation(batch * 48).reshape(batch, 6, 8)
        xs = ((xs - 20) / 8.0).astype(np.float32)
        xs[0, 0, 0] = 0.0
        order = np.argsort(-xs, axis=-1, kind="stable")[..., :3]
        save_arrays("misc_b%d" % batch, {
            "x": xs,
            "pad_reflect": np.pad(xs, [(0, 0), (1, 1), (2, 2)], "reflect"),
            "pad_constant": np.pad(xs, [(0, 0), (0, 2), (1, 3)], "constant",
                                   constant_values=1.5),
            "strided_slice": xs[:, 1:-1:2, ::-2],
            "split_0": xs[:, :2], "split_1": xs[:, 2:],
            "tile": np.tile(xs, (1, 2, 1)),
            "where": np.where(xs > 0, xs, xs * np.float32(0.1)),
            "topk_values": np.take_along_axis(xs, order, -1),
            "topk_indices": order.astype(np.int32),
            "range_add": xs + np.arange(8, dtype=np.float32),
            "ones_sub": xs - 1,
            "less_float": (xs < 0.5).astype(np.float32),
            "nonzero": xs != 0})


def attention_model():
    """Keras MultiHeadAttention as tf2onnx writes it (Einsum projections and
    scores), and the same attention as Transpose/MatMul."""
    g = Graph()
    dim, heads, key_dim = 8, 2, 4
    wq, wk, wv = (rand(dim, heads, key_dim) for _ in range(3))
    bq, bk, bv = (rand(heads, key_dim) for _ in range(3))
    wo, bo = rand(heads, key_dim, dim), rand(dim)
    q = g.node("Einsum", ["query", g.const("mha/query/kernel", wq)],
               "mha/query/einsum/Einsum", equation="abc,cde->abde")
    q = g.node("Add", [q, g.const("mha/query/bias", bq)], "mha/query/add")
    k = g.node("Einsum", ["value", g.const("mha/key/kernel", wk)],
               "mha/key/einsum/Einsum", equation="abc,cde->abde")
    k = g.node("Add", [k, g.const("mha/key/bias", bk)], "mha/key/add")
    v = g.node("Einsum", ["value", g.const("mha/value/kernel", wv)],
               "mha/value/einsum/Einsum", equation="abc,cde->abde")
    v = g.node("Add", [v, g.const("mha/value/bias", bv)], "mha/value/add")
    q = g.node("Mul", [q, g.const("mha/Mul/y",
                                  np.float32(1 / np.sqrt(key_dim)))],
               "mha/Mul")
    s = g.node("Einsum", [k, q], "mha/einsum/Einsum",
               equation="aecd,abcd->acbe")
    p = g.node("Softmax", [s], "mha/softmax/Softmax", axis=-1)
    o = g.node("Einsum", [p, v], "mha/einsum_1/Einsum",
               equation="acbe,aecd->abcd")
    o = g.node("Einsum", [o, g.const("mha/attention_output/kernel", wo)],
               "mha/attention_output/einsum/Einsum", equation="abcd,cde->abe")
    g.node("Add", [o, g.const("mha/attention_output/bias", bo)],
           "multi_head_attention")
    # The same scores as Transpose + batched MatMul.
    qt = g.node("Transpose", [q], "mha2/q_t", perm=[0, 2, 1, 3])
    kt = g.node("Transpose", [k], "mha2/k_t", perm=[0, 2, 3, 1])
    vt = g.node("Transpose", [v], "mha2/v_t", perm=[0, 2, 1, 3])
    s2 = g.node("MatMul", [qt, kt], "mha2/MatMul")
    p2 = g.node("Softmax", [s2], "mha2/Softmax", axis=-1)
    o2 = g.node("MatMul", [p2, vt], "mha2/MatMul_1")
    o2 = g.node("Transpose", [o2], "mha2/transpose", perm=[0, 2, 1, 3])
    shape = g.node("Shape", [o2], "mha2/Shape")
    head = g.node("Slice", [shape, g.const("mha2/begin", np.array([0])),
                            g.const("mha2/end", np.array([2])),
                            g.const("mha2/axes", np.array([0]))],
                  "mha2/strided_slice")
    dims = g.node("Concat", [head, g.const("mha2/minus_one",
                                           np.array([-1]))],
                  "mha2/Reshape/shape", axis=0)
    g.node("Reshape", [o2, dims], "attention_heads")
    f = TensorProto.FLOAT
    g.save("attention", [tensor("query", f, ["unk__1", "unk__2", dim]),
                         tensor("value", f, ["unk__1", "unk__3", dim])],
           [tensor("multi_head_attention", f, ["unk__4", "unk__5", dim]),
            tensor("attention_heads", f, ["unk__6", "unk__7",
                                          heads * key_dim])])
    for batch, tq, tv in [(1, 3, 5), (2, 6, 4)]:
        query = rand(batch, tq, dim, scale=1.0)
        value = rand(batch, tv, dim, scale=1.0)
        qd = query.astype(np.float64)
        vd = value.astype(np.float64)
        qp = np.einsum("btd,dnk->btnk", qd, wq) + bq
        kp = np.einsum("bsd,dnk->bsnk", vd, wk) + bk
        vp = np.einsum("bsd,dnk->bsnk", vd, wv) + bv
        scores = np.einsum("btnk,bsnk->bnts", qp / np.sqrt(key_dim), kp)
        ctx = np.einsum("bnts,bsnk->btnk", softmax(scores), vp)
        out = np.einsum("btnk,nkd->btd", ctx, wo) + bo
        save_arrays("attention_%dx%dx%d" % (batch, tq, tv), {
            "query": query, "value": value,
            "multi_head_attention": out.astype(np.float32),
            "attention_heads": ctx.reshape(batch, tq, -1).astype(
                np.float32)})


def keras_upsample():
    """Open height and width: Conv and MaxPool with auto_pad=SAME_UPPER,
    tf.image.resize by a scale (sizes from Shape -> Cast -> Mul -> Floor ->
    Cast) and UpSampling2D (sizes from Shape * 2 in int32)."""
    g = Graph()
    kernel, bias = rand(3, 3, 3, 4), rand(4)
    x = g.node("Transpose", ["input_1"], "conv2d/Conv2D__5", perm=[0, 3, 1, 2])
    x = g.node("Conv", [x, g.const("conv2d/kernel", np.ascontiguousarray(
        kernel.transpose(3, 2, 0, 1))), g.const("conv2d/bias", bias)],
        "conv2d/BiasAdd", kernel_shape=[3, 3], strides=[1, 1],
        auto_pad="SAME_UPPER")
    x = g.node("Relu", [x], "conv2d/Relu")
    x = g.node("MaxPool", [x], "max_pooling2d/MaxPool", kernel_shape=[2, 2],
               strides=[2, 2], auto_pad="SAME_UPPER")
    shape = g.node("Shape", [x], "resize/Shape")
    head = g.node("Slice", [shape, g.const("resize/begin0", np.array([0])),
                            g.const("resize/end0", np.array([2]))],
                  "resize/Shape__7")
    hw = g.node("Slice", [shape, g.const("resize/begin2", np.array([2])),
                          g.const("resize/end4", np.array([4]))],
                "resize/strided_slice")
    hw = g.node("Cast", [hw], "resize/Cast", to=TensorProto.FLOAT)
    hw = g.node("Mul", [hw, g.const("resize/mul/y", np.float32(1.5))],
                "resize/mul")
    hw = g.node("Floor", [hw], "resize/Floor")
    hw = g.node("Cast", [hw], "resize/Cast_1", to=TensorProto.INT32)
    hw = g.node("Cast", [hw], "resize/Resize__12", to=TensorProto.INT64)
    sizes = g.node("Concat", [head, hw], "resize/Resize__13", axis=0)
    x = g.node("Resize", [x, g.const("resize/roi", np.zeros([0], np.float32)),
                          g.const("resize/scales", np.zeros([0], np.float32)),
                          sizes], "resize/ResizeBilinear", mode="linear",
               coordinate_transformation_mode="half_pixel")
    shape = g.node("Shape", [x], "up_sampling2d/Shape")
    shape = g.node("Cast", [shape], "up_sampling2d/Shape__15",
                   to=TensorProto.INT32)
    head = g.node("Slice", [shape, g.const("up/begin0", np.array([0])),
                            g.const("up/end0", np.array([2]))],
                  "up_sampling2d/Slice_nc")
    hw = g.node("Slice", [shape, g.const("up/begin2", np.array([2])),
                          g.const("up/end4", np.array([4]))],
                "up_sampling2d/strided_slice")
    hw = g.node("Mul", [hw, g.const("up_sampling2d/Const",
                                    np.array([2, 2], np.int32))],
                "up_sampling2d/mul")
    sizes = g.node("Concat", [head, hw], "up_sampling2d/sizes", axis=0)
    sizes = g.node("Cast", [sizes], "up_sampling2d/sizes__17",
                   to=TensorProto.INT64)
    x = g.node("Resize", [x, "", "", sizes],
               "up_sampling2d/resize/ResizeNearestNeighbor", mode="nearest",
               coordinate_transformation_mode="asymmetric",
               nearest_mode="floor")
    g.node("Transpose", [x], "up_sampling2d", perm=[0, 2, 3, 1])
    g.save("keras_upsample", [tensor("input_1", TensorProto.FLOAT,
                                     ["unk__20", "unk__21", "unk__22", 3])],
           [tensor("up_sampling2d", TensorProto.FLOAT,
                   ["unk__23", "unk__24", "unk__25", 4])])
    for batch, height, width in [(1, 8, 8), (2, 6, 10)]:
        image = rand(batch, height, width, 3, scale=1.0)
        y = np.maximum(tf_conv(image, kernel, bias, (1, 1), "SAME"), 0)
        t = torch.from_numpy(y).permute(0, 3, 1, 2)
        # SAME max pooling: the padding (after) never wins.
        t = F.pad(t, [0, t.shape[3] % 2, 0, t.shape[2] % 2],
                  value=-float("inf"))
        t = F.max_pool2d(t, 2, 2)
        size = (int(np.floor(np.float32(t.shape[2]) * np.float32(1.5))),
                int(np.floor(np.float32(t.shape[3]) * np.float32(1.5))))
        t = F.interpolate(t, size=size, mode="bilinear", align_corners=False)
        t = F.interpolate(t, scale_factor=2, mode="nearest")
        save_arrays("keras_upsample_%dx%dx%d" % (batch, height, width), {
            "input_1": image,
            "up_sampling2d": t.permute(0, 2, 3, 1).float().numpy()})


def keras_sequence():
    """Token and position embeddings (Range over the sequence length from
    Shape), LayerNormalization as tf2onnx writes Keras' (moments
    arithmetic), a causal mask from Trilu of ConstantOfShape (opset 14),
    Dense on [batch, time, features], GlobalMaxPooling1D as ReduceMax."""
    g = Graph()
    vocab, dim, max_len = 12, 6, 16
    tokens, positions = rand(vocab, dim), rand(max_len, dim)
    gamma, beta = rand(dim) + 1, rand(dim)
    w1, b1 = rand(dim, dim), rand(dim)
    w2, b2 = rand(dim, 2), rand(2)
    ids = "input_ids"
    x = g.node("Gather", [g.const("token_emb/embeddings", tokens), ids],
               "token_emb/embedding_lookup", axis=0)
    shape = g.node("Shape", [ids], "pos/Shape")
    length = g.node("Gather", [shape, g.const("pos/index", np.array(1))],
                    "pos/strided_slice", axis=0)
    steps = g.node("Range", [g.const("pos/start", np.array(0)), length,
                             g.const("pos/delta", np.array(1))], "pos/range")
    pos = g.node("Gather", [g.const("pos_emb/embeddings", positions), steps],
                 "pos_emb/embedding_lookup", axis=0)
    x = g.node("Add", [x, pos], "add")
    mean = g.node("ReduceMean", [x], "layer_norm/moments/mean", axes=[-1],
                  keepdims=1)
    centered = g.node("Sub", [x, mean], "layer_norm/moments/sub")
    sq = g.node("Mul", [centered, centered],
                "layer_norm/moments/SquaredDifference")
    var = g.node("ReduceMean", [sq], "layer_norm/moments/variance",
                 axes=[-1], keepdims=1)
    var = g.node("Add", [var, g.const("layer_norm/eps",
                                      np.float32(0.001))],
                 "layer_norm/batchnorm/add")
    inv = g.node("Sqrt", [var], "layer_norm/batchnorm/Sqrt")
    inv = g.node("Reciprocal", [inv], "layer_norm/batchnorm/Rsqrt")
    inv = g.node("Mul", [inv, g.const("layer_norm/gamma", gamma)],
                 "layer_norm/batchnorm/mul")
    scaled = g.node("Mul", [x, inv], "layer_norm/batchnorm/mul_1")
    shift = g.node("Mul", [mean, inv], "layer_norm/batchnorm/mul_2")
    shift = g.node("Sub", [g.const("layer_norm/beta", beta), shift],
                   "layer_norm/batchnorm/sub")
    x = g.node("Add", [scaled, shift], "layer_norm/batchnorm/add_1")
    # Causal mixing: each step averages the steps up to it.
    square = g.node("Concat", [g.node("Unsqueeze", [length, g.const(
        "mask/axes", np.array([0]))], "mask/ExpandDims")] * 2,
        "mask/shape", axis=0)
    ones = g.node("ConstantOfShape", [square], "mask/ones",
                  value=helper.make_tensor("value", TensorProto.FLOAT, [1],
                                           [1.0]))
    causal = g.node("Trilu", [ones], "mask/band_part", upper=0)
    count = g.node("ReduceSum", [causal, g.const("mask/sum_axes",
                                                 np.array([1]))],
                   "mask/Sum", keepdims=1)
    causal = g.node("Div", [causal, count], "mask/truediv")
    x = g.node("MatMul", [causal, x], "causal/MatMul")
    x = g.node("MatMul", [x, g.const("dense/kernel", w1)], "dense/Tensordot")
    x = g.node("Add", [x, g.const("dense/bias", b1)], "dense/BiasAdd")
    x = g.node("Relu", [x], "dense/Relu")
    x = g.node("ReduceMax", [x], "global_max_pooling1d/Max", axes=[1],
               keepdims=0)
    x = g.node("MatMul", [x, g.const("dense_1/kernel", w2)], "dense_1/MatMul")
    x = g.node("Add", [x, g.const("dense_1/bias", b2)], "dense_1/BiasAdd")
    g.node("Softmax", [x], "dense_1", axis=-1)
    g.save("keras_sequence", [tensor("input_ids", TensorProto.INT64,
                                     ["unk__1", "unk__2"])],
           [tensor("dense_1", TensorProto.FLOAT, ["unk__3", 2])], opset=14)
    for batch, length in [(1, 5), (3, 9)]:
        ids = RNG.integers(0, vocab, (batch, length)).astype(np.int64)
        h = tokens[ids].astype(np.float64) + positions[:length]
        mean = h.mean(-1, keepdims=True)
        var = ((h - mean) ** 2).mean(-1, keepdims=True)
        h = (h - mean) / np.sqrt(var + 0.001) * gamma + beta
        causal = np.tril(np.ones((length, length)))
        h = (causal / causal.sum(1, keepdims=True)) @ h
        h = np.maximum(h @ w1 + b1, 0).max(1)
        save_arrays("keras_sequence_%dx%d" % (batch, length), {
            "input_ids": ids,
            "dense_1": softmax(h @ w2 + b2).astype(np.float32)})


def refused():
    """What Seam cannot run, and must say so in one line naming the node and
    the input: tf.boolean_mask (NonZero: a result shape of the data) and a
    tf.while_loop whose trip count is a value of the data."""
    g = Graph()
    keep = g.node("Greater", ["x", g.const("zero", np.float32(0))],
                  "boolean_mask/Greater")
    where = g.node("NonZero", [keep], "boolean_mask/Where")
    where = g.node("Transpose", [where], "boolean_mask/Where__3",
                   perm=[1, 0])
    g.node("GatherND", ["x", where], "boolean_mask/GatherV2")
    g.save("boolean_mask", [tensor("x", TensorProto.FLOAT, ["unk__1", 4])],
           [tensor("boolean_mask/GatherV2", TensorProto.FLOAT, ["unk__2"])])
    g = Graph()
    body = helper.make_graph(
        [helper.make_node("Mul", ["acc", "two"], ["acc_next"], name="mul"),
         helper.make_node("Identity", ["cond"], ["cond_next"], name="cond")],
        "while/body",
        [tensor("i", TensorProto.INT64, []),
         tensor("cond", TensorProto.BOOL, []),
         tensor("acc", TensorProto.FLOAT, ["unk__1", 4])],
        [tensor("cond_next", TensorProto.BOOL, []),
         tensor("acc_next", TensorProto.FLOAT, ["unk__1", 4])],
        [numpy_helper.from_array(np.float32(2), "two")])
    trips = g.node("Cast", ["n"], "while/maximum_iterations",
                   to=TensorProto.INT64)
    g.node("Loop", [trips, g.const("while/cond", np.array(True)), "x"],
           "while", body=body)
    g.save("while_loop", [tensor("x", TensorProto.FLOAT, ["unk__1", 4]),
                          tensor("n", TensorProto.INT32, [])],
           [tensor("while", TensorProto.FLOAT, ["unk__1", 4])])


def keras_mixed_precision():
    """Keras' mixed_float16 policy: the input cast to float16, Conv,
    BatchNormalization, Relu, MaxPool, mean pooling and Dense in float16
    (float16 weights), the output layer's Softmax in float32."""
    g = Graph()
    half = np.float16
    kernel = rand(3, 3, 3, 8).astype(half)
    bias = rand(8).astype(half)
    gamma, beta = (rand(8) + 1).astype(half), rand(8).astype(half)
    mean, var = rand(8).astype(half), (np.abs(rand(8)) + 0.5).astype(half)
    w, b = rand(8, 4).astype(half), rand(4).astype(half)
    x = g.node("Cast", ["input_1"], "conv2d/Cast", to=TensorProto.FLOAT16)
    x = g.node("Transpose", [x], "conv2d/Conv2D__6", perm=[0, 3, 1, 2])
    x = g.node("Conv", [x, g.const("conv2d/kernel", np.ascontiguousarray(
        kernel.transpose(3, 2, 0, 1))), g.const("conv2d/bias", bias)],
        "conv2d/BiasAdd", kernel_shape=[3, 3], auto_pad="SAME_UPPER")
    x = g.node("BatchNormalization",
               [x, g.const("bn/gamma", gamma), g.const("bn/beta", beta),
                g.const("bn/mean", mean), g.const("bn/var", var)],
               "batch_normalization/FusedBatchNormV3", epsilon=0.001)
    x = g.node("Relu", [x], "re_lu/Relu")
    x = g.node("MaxPool", [x], "max_pooling2d/MaxPool", kernel_shape=[2, 2],
               strides=[2, 2])
    x = g.node("Transpose", [x], "max_pooling2d/MaxPool__12",
               perm=[0, 2, 3, 1])
    x = g.node("ReduceMean", [x], "global_average_pooling2d/Mean",
               axes=[1, 2], keepdims=0)
    x = g.node("MatMul", [x, g.const("dense/kernel", w)], "dense/MatMul")
    x = g.node("Add", [x, g.const("dense/bias", b)], "dense/BiasAdd")
    x = g.node("Cast", [x], "dense/Softmax/Cast", to=TensorProto.FLOAT)
    g.node("Softmax", [x], "dense", axis=-1)
    g.save("keras_mixed_precision",
           [tensor("input_1", TensorProto.FLOAT, ["unk__30", 8, 8, 3])],
           [tensor("dense", TensorProto.FLOAT, ["unk__31", 4])])

    def r16(a):  # Each op's float16 result, from exact (float64) math.
        return np.asarray(a).astype(half).astype(np.float64)
    for batch in [1, 2]:
        image = rand(batch, 8, 8, 3, scale=1.0)
        y = r16(tf_conv(r16(image), kernel.astype(np.float64),
                        bias.astype(np.float64), (1, 1), "SAME"))
        y = r16(tf_batch_norm(y, gamma.astype(np.float64),
                              beta.astype(np.float64),
                              mean.astype(np.float64),
                              var.astype(np.float64), 0.001))
        y = np.maximum(y, 0)
        y = y.reshape(batch, 4, 2, 4, 2, 8).max(axis=(2, 4))
        y = r16(y.mean(axis=(1, 2)))
        y = r16(r16(y @ w.astype(np.float64)) + b.astype(np.float64))
        save_arrays("keras_mixed_precision_b%d" % batch, {
            "input_1": image, "dense": softmax(y).astype(np.float32)})


def keras_decoder():
    """A decoder head: Conv2DTranspose (SAME, stride 2: ConvTranspose with
    output_shape and auto_pad=SAME_UPPER), depth_to_space (DepthToSpace DCR
    between Transposes), a squeeze-and-excitation block with swish and
    hard-swish (Clip of Add), ResizeNearestNeighbor with half_pixel_centers
    (tf_half_pixel_for_nn) and ResizeBicubic (cubic, a = -0.5)."""
    g = Graph()
    kt, bt = rand(3, 3, 8, 3), rand(8)  # TF's [h, w, out, in]
    k1, b1 = rand(2, 4), rand(4)  # SE squeeze, 1x1 as [in, out]
    k2, b2 = rand(4, 2), rand(2)
    x = g.node("Transpose", ["input_1"], "conv2d_transpose__5",
               perm=[0, 3, 1, 2])
    x = g.node("ConvTranspose", [x, g.const(
        "conv2d_transpose/kernel", np.ascontiguousarray(kt.transpose(3, 2, 0,
                                                                    1))),
        g.const("conv2d_transpose/bias", bt)], "conv2d_transpose/BiasAdd",
        kernel_shape=[3, 3], strides=[2, 2], output_shape=[8, 8],
        auto_pad="SAME_UPPER")
    x = g.node("DepthToSpace", [x], "depth_to_space", blocksize=2,
               mode="DCR")  # [N, 2, 16, 16]
    x = g.node("Mul", [x, g.node("Sigmoid", [x], "swish/Sigmoid")],
               "swish/mul")
    x = g.node("Transpose", [x], "swish/mul__9", perm=[0, 2, 3, 1])
    squeeze = g.node("ReduceMean", [x], "se/Mean", axes=[1, 2], keepdims=1)
    squeeze = g.node("Transpose", [squeeze], "se/conv__11",
                     perm=[0, 3, 1, 2])
    squeeze = g.node("Conv", [squeeze, g.const(
        "se/reduce/kernel", np.ascontiguousarray(k1.T[:, :, None, None])),
        g.const("se/reduce/bias", b1)], "se/reduce/BiasAdd",
        kernel_shape=[1, 1])
    squeeze = g.node("Relu", [squeeze], "se/reduce/Relu")
    squeeze = g.node("Conv", [squeeze, g.const(
        "se/expand/kernel", np.ascontiguousarray(k2.T[:, :, None, None])),
        g.const("se/expand/bias", b2)], "se/expand/BiasAdd",
        kernel_shape=[1, 1])
    gate = g.node("Add", [squeeze, g.const("hs/three", np.float32(3))],
                  "hs/add")
    gate = g.node("Clip", [gate, g.const("hs/min", np.float32(0)),
                           g.const("hs/max", np.float32(6))], "hs/Relu6")
    gate = g.node("Mul", [squeeze, gate], "hs/mul")
    gate = g.node("Div", [gate, g.const("hs/six", np.float32(6))],
                  "hs/truediv")
    gate = g.node("Transpose", [gate], "se/gate__15", perm=[0, 2, 3, 1])
    x = g.node("Mul", [x, gate], "se/mul")
    x = g.node("Transpose", [x], "resize__17", perm=[0, 3, 1, 2])
    empty = g.const("resize/roi", np.zeros([0], np.float32))
    x = g.node("Resize", [x, empty, g.const("resize/scales", np.array(
        [1, 1, 0.5, 0.5], np.float32))], "resize/ResizeNearestNeighbor",
        mode="nearest", coordinate_transformation_mode="tf_half_pixel_for_nn",
        nearest_mode="floor")  # [N, 2, 8, 8]
    shape = g.node("Shape", [x], "resize_1/Shape")
    head = g.node("Slice", [shape, g.const("resize_1/begin", np.array([0])),
                            g.const("resize_1/end", np.array([2]))],
                  "resize_1/Slice")
    sizes = g.node("Concat", [head, g.const("resize_1/size",
                                            np.array([5, 11]))],
                   "resize_1/sizes", axis=0)
    x = g.node("Resize", [x, empty, g.const("resize_1/scales", np.zeros(
        [0], np.float32)), sizes], "resize_1/ResizeBicubic", mode="cubic",
        cubic_coeff_a=-0.5, coordinate_transformation_mode="half_pixel")
    g.node("Transpose", [x], "decoder", perm=[0, 2, 3, 1])
    g.save("keras_decoder", [tensor("input_1", TensorProto.FLOAT,
                                    ["unk__40", 4, 4, 3])],
           [tensor("decoder", TensorProto.FLOAT, ["unk__41", 5, 11, 2])],
           opset=15)

    def cubic(s, a=-0.5):
        s = np.abs(s)
        return np.where(s <= 1, ((a + 2) * s - (a + 3)) * s * s + 1,
                        np.where(s < 2, ((a * s - 5 * a) * s + 8 * a) * s
                                 - 4 * a, 0.0))

    def bicubic_axis(v, axis, out):
        """Keys' cubic, half-pixel centers, edge indices clamped."""
        n = v.shape[axis]
        rows = []
        for o in range(out):
            src = (o + 0.5) * n / out - 0.5
            base = np.floor(src)
            acc = 0
            for j in range(-1, 3):
                idx = int(min(max(base + j, 0), n - 1))
                acc = acc + cubic(src - (base + j)) * np.take(v, idx, axis)
            rows.append(acc)
        return np.stack(rows, axis)

    for batch in [1, 2]:
        image = rand(batch, 4, 4, 3, scale=1.0)
        t = torch.from_numpy(image).permute(0, 3, 1, 2).double()
        w = torch.from_numpy(np.ascontiguousarray(kt.transpose(3, 2, 0, 1)))
        full = F.conv_transpose2d(t, w.double(),
                                  torch.from_numpy(bt).double(), stride=2)
        # TF's SAME: 4 * 2 = 8 outputs, the one padding row at the end.
        y = full[:, :, :8, :8].permute(0, 2, 3, 1).numpy()  # NHWC [N,8,8,8]
        n = y.shape[0]
        y = y.reshape(n, 8, 8, 2, 2, 2).transpose(0, 1, 3, 2, 4, 5).reshape(
            n, 16, 16, 2)  # TF's depth_to_space
        y = y * sigmoid(y)
        s = np.maximum(y.mean((1, 2)) @ k1 + b1, 0) @ k2 + b2
        s = s * np.clip(s + 3, 0, 6) / 6
        y = y * s[:, None, None, :]
        # Nearest with half-pixel centers: source floor((i + 0.5) * 2).
        pick = np.floor((np.arange(8) + 0.5) * 2).astype(int)
        y = y[:, pick][:, :, pick]
        y = bicubic_axis(bicubic_axis(y, 1, 5), 2, 11)
        save_arrays("keras_decoder_b%d" % batch, {
            "input_1": image, "decoder": y.astype(np.float32)})


def keras_bilstm():
    """Embedding(mask_zero=True) into Bidirectional(LSTM): sequence_lens
    from the mask (Equal/Not/Cast/ReduceSum, int32), one bidirectional LSTM
    node, the two final states concatenated."""
    g = Graph()
    vocab, dim, units = 10, 3, 4
    emb = rand(vocab, dim)
    w, r, b = rand(2, 4 * units, dim), rand(2, 4 * units, units), \
        rand(2, 8 * units)
    x = g.node("Gather", [g.const("embedding/embeddings", emb), "input_ids"],
               "embedding/embedding_lookup", axis=0)
    x = g.node("Transpose", [x], "bidirectional/transpose", perm=[1, 0, 2])
    pad = g.node("Equal", ["input_ids", g.const("embedding/zero",
                                                np.array(0, np.int32))],
                 "embedding/NotEqual__3")
    mask = g.node("Cast", [g.node("Not", [pad], "embedding/NotEqual")],
                  "bidirectional/Cast", to=TensorProto.INT32)
    lens = g.node("ReduceSum", [mask, g.const("bidirectional/axes",
                                              np.array([1]))],
                  "bidirectional/Sum", keepdims=0)
    _, h, _ = g.node("LSTM", [x, g.const("bidirectional/W", w),
                              g.const("bidirectional/R", r),
                              g.const("bidirectional/B", b), lens],
                     "bidirectional/LSTM", outputs=3, hidden_size=units,
                     direction="bidirectional")
    h = g.node("Transpose", [h], "bidirectional/concat__7", perm=[1, 0, 2])
    shape = g.node("Shape", [h], "bidirectional/Shape")
    batch = g.node("Slice", [shape, g.const("bidirectional/begin",
                                            np.array([0])),
                             g.const("bidirectional/end", np.array([1]))],
                   "bidirectional/strided_slice")
    dims = g.node("Concat", [batch, g.const("bidirectional/minus_one",
                                            np.array([-1]))],
                  "bidirectional/Reshape/shape", axis=0)
    g.node("Reshape", [h, dims], "bidirectional")
    g.save("keras_bilstm", [tensor("input_ids", TensorProto.INT32,
                                   ["unk__1", "unk__2"])],
           [tensor("bidirectional", TensorProto.FLOAT, ["unk__3",
                                                         2 * units])],
           opset=17)

    def run(xs, wd, rd, bd, steps):
        h = np.zeros(units)
        c = np.zeros(units)
        for t in steps:
            z = wd @ xs[t] + rd @ h + bd[:4 * units] + bd[4 * units:]
            i, o, f, cc = np.split(z, 4)  # ONNX's gate order
            c = sigmoid(f) * c + sigmoid(i) * np.tanh(cc)
            h = sigmoid(o) * np.tanh(c)
        return h

    for batch, length in [(2, 5), (3, 8)]:
        ids = RNG.integers(1, vocab, (batch, length)).astype(np.int32)
        for row in range(batch):
            ids[row, length - row - 1:] = 0  # right padding, one row full
        ids[0, :] = RNG.integers(1, vocab, length)
        out = []
        for row in range(batch):
            n = int((ids[row] != 0).sum())
            xs = emb[ids[row]].astype(np.float64)
            out.append(np.concatenate([
                run(xs, w[0], r[0], b[0], range(n)),
                run(xs, w[1], r[1], b[1], range(n - 1, -1, -1))]))
        save_arrays("keras_bilstm_%dx%d" % (batch, length), {
            "input_ids": ids,
            "bidirectional": np.stack(out).astype(np.float32)})


def keras_mixed_lstm():
    """A Keras LSTM under mixed_float16: the float16 sequence into one
    float16 LSTM node (float16 W, R, B; zero initial states), the last
    state cast back to float32."""
    g = Graph()
    half = np.float16
    features, units = 3, 4
    w = rand(1, 4 * units, features).astype(half)
    r = rand(1, 4 * units, units).astype(half)
    b = rand(1, 8 * units).astype(half)
    x = g.node("Cast", ["input_1"], "lstm/Cast", to=TensorProto.FLOAT16)
    x = g.node("Transpose", [x], "lstm/transpose", perm=[1, 0, 2])
    _, h, _ = g.node("LSTM", [x, g.const("lstm/W", w), g.const("lstm/R", r),
                              g.const("lstm/B", b)], "lstm/LSTM", outputs=3,
                     hidden_size=units)
    h = g.node("Squeeze", [h, g.const("lstm/axes", np.array([0]))],
               "lstm/Squeeze")
    g.node("Cast", [h], "lstm", to=TensorProto.FLOAT)
    g.save("keras_mixed_lstm", [tensor("input_1", TensorProto.FLOAT,
                                       ["unk__1", "unk__2", features])],
           [tensor("lstm", TensorProto.FLOAT, ["unk__3", units])],
           opset=16)
    wd, rd, bd = (a.astype(np.float64)[0] for a in (w, r, b))
    for batch, steps in [(1, 3), (2, 6)]:
        xs = rand(batch, steps, features, scale=1.0)
        xd = xs.astype(half).astype(np.float64)
        h = np.zeros((batch, units))
        c = np.zeros((batch, units))
        for t in range(steps):
            z = xd[:, t] @ wd.T + h @ rd.T + bd[:4 * units] + bd[4 * units:]
            i, o, f, cc = np.split(z, 4, axis=1)  # ONNX's gate order
            c = sigmoid(f) * c + sigmoid(i) * np.tanh(cc)
            h = sigmoid(o) * np.tanh(c)
        save_arrays("keras_mixed_lstm_%dx%d" % (batch, steps), {
            "input_1": xs,
            "lstm": h.astype(half).astype(np.float32)})


def main():
    os.makedirs(OUT, exist_ok=True)
    keras_cnn()
    keras_text()
    keras_lstm()
    keras_gru()
    resize_model()
    misc_model()
    attention_model()
    keras_upsample()
    keras_sequence()
    refused()
    keras_mixed_precision()
    keras_decoder()
    keras_bilstm()
    keras_mixed_lstm()


if __name__ == "__main__":
    main()
