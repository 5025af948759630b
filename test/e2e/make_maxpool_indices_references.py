#!/usr/bin/python3
"""Writes the fixtures of maxpool-indices.test into Inputs/maxpool_indices/:
MaxPool models whose Indices output is used (made with onnx.helper), with
inputs and references from a NumPy loop over the windows as ONNX defines
them: positions in the padding skipped, the first maximum in window order
among equal ones, the index flat in N x C x spatial with the spatial part
row major (storage_order 0) or column major (1). Cases ONNX's two node tests
leave out: ties, 1-D with dilation, 3-D with ceil_mode, auto_pad, a
non-square column-major window, uint8, and MaxPool -> MaxUnpool.

Run with Debian's Python: /usr/bin/python3 test/e2e/make_maxpool_indices_references.py.
Seeded, so reruns write the same numbers.
"""
import itertools
import math
import os

import numpy as np
import onnx
from onnx import TensorProto, helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "maxpool_indices")


def geometry(spatial, kernel, strides, pads, dilations, ceil_mode, auto_pad):
    """Output sizes and begin pads, as ONNX (and PyTorch) define them."""
    rank = len(spatial)
    extent = [(k - 1) * d + 1 for k, d in zip(kernel, dilations)]
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        out = [math.ceil(s / st) for s, st in zip(spatial, strides)]
        total = [max(0, (o - 1) * st + e - s)
                 for o, st, e, s in zip(out, strides, extent, spatial)]
        begin = [t // 2 if auto_pad == "SAME_UPPER" else t - t // 2
                 for t in total]
        return out, begin
    out = []
    for d in range(rank):
        span = spatial[d] + pads[d] + pads[d + rank] - extent[d]
        o = (math.ceil if ceil_mode else math.floor)(span / strides[d]) + 1
        # A window that would start in the end padding is dropped.
        if ceil_mode and (o - 1) * strides[d] >= spatial[d] + pads[d]:
            o -= 1
        out.append(o)
    return out, list(pads[:rank])


def max_pool(x, kernel, strides, pads, dilations, ceil_mode, auto_pad,
             storage_order):
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    out, begin = geometry(spatial, kernel, strides, pads, dilations,
                          ceil_mode, auto_pad)
    y = np.zeros([n, c] + out, x.dtype)
    idx = np.zeros([n, c] + out, np.int64)
    plane = int(np.prod(spatial))
    for b, ch in itertools.product(range(n), range(c)):
        for w in itertools.product(*[range(o) for o in out]):
            best, where = None, None
            for t in itertools.product(*[range(k) for k in kernel]):
                pos = [w[d] * strides[d] - begin[d] + t[d] * dilations[d]
                       for d in range(len(kernel))]
                if any(p < 0 or p >= s for p, s in zip(pos, spatial)):
                    continue
                v = x[(b, ch) + tuple(pos)]
                if best is None or v > best:
                    best, where = v, pos
            if storage_order == 0:
                flat = int(np.ravel_multi_index(where, spatial))
            else:
                flat = int(np.ravel_multi_index(where, spatial, order="F"))
            y[(b, ch) + w] = best
            idx[(b, ch) + w] = (b * c + ch) * plane + flat
    return y, idx


def info(name, array):
    return helper.make_tensor_value_info(
        name, onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype], array.shape)


def save(name, nodes, x, outputs):
    graph = helper.make_graph(nodes, name, [info("x", x)],
                              [info(n, a) for n, a in outputs])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 12)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, name + ".onnx"))
    np.save(os.path.join(OUT, name + "_x.npy"), x)
    for n, a in outputs:
        np.save(os.path.join(OUT, "%s_%s.npy" % (name, n)), a)


def case(name, x, kernel, strides=None, pads=None, dilations=None,
         ceil_mode=0, auto_pad="NOTSET", storage_order=0):
    rank = len(kernel)
    strides = strides or [1] * rank
    dilations = dilations or [1] * rank
    attrs = dict(kernel_shape=kernel, strides=strides, dilations=dilations,
                 ceil_mode=ceil_mode, storage_order=storage_order)
    if auto_pad != "NOTSET":
        attrs["auto_pad"] = auto_pad
        pads = [0] * (2 * rank)
    else:
        pads = pads or [0] * (2 * rank)
        attrs["pads"] = pads
    y, i = max_pool(x, kernel, strides, pads, dilations, ceil_mode,
                    auto_pad, storage_order)
    node = helper.make_node("MaxPool", ["x"], ["y", "i"], **attrs)
    save(name, [node], x, [("y", y), ("i", i)])


def unpool_case(name, x, kernel, strides):
    """MaxPool's values scattered back where they came from."""
    rank = len(kernel)
    y, i = max_pool(x, kernel, strides, [0] * (2 * rank), [1] * rank, 0,
                    "NOTSET", 0)
    z = np.zeros(x.size, np.float32)
    z[i.reshape(-1)] = y.reshape(-1)
    nodes = [helper.make_node("MaxPool", ["x"], ["y", "i"],
                              kernel_shape=kernel, strides=strides),
             helper.make_node("MaxUnpool", ["y", "i"], ["z"],
                              kernel_shape=kernel, strides=strides)]
    save(name, nodes, x, [("z", z.reshape(x.shape))])


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261124)
    normal = lambda *s: rng.standard_normal(s).astype(np.float32)
    case("pads_strides", normal(1, 3, 9, 9), [3, 3], [2, 2], [1, 1, 1, 1])
    # Values in {0, 1, 2}: most windows hold the maximum several times.
    case("ties", rng.integers(0, 3, (2, 2, 5, 5)).astype(np.float32),
         [2, 2], [1, 1], [1, 0, 0, 1])
    case("column_major", normal(2, 2, 5, 7), [3, 2], [2, 1], [0, 1, 1, 0],
         storage_order=1)
    case("dilated_1d", normal(1, 2, 11), [3], [2], [2, 1], dilations=[2])
    case("ceil_3d", normal(1, 2, 4, 5, 6), [2, 2, 2], [2, 2, 2],
         ceil_mode=1)
    case("same_upper", normal(1, 1, 6, 7), [3, 3], [2, 2],
         auto_pad="SAME_UPPER")
    case("uint8_ties", rng.integers(0, 4, (1, 2, 6, 6)).astype(np.uint8),
         [2, 2], [2, 2])
    unpool_case("pool_unpool", normal(1, 2, 6, 8), [2, 2], [2, 2])


if __name__ == "__main__":
    main()
