#!/usr/bin/python3
"""Writes the fixtures of selection.test: TopK and OneHot against ONNX's own
backend tests (Debian's libonnx-testdata), plus TopK, OneHot, GatherND and
the scatters on cases those tests leave out, against NumPy.

ONNX's TopK and OneHot tests pass K and depth as graph inputs; they decide
the result's shape, which Seam needs at import, so here they become
initializers with the values of test_data_set_0. Every model is written
with its inputs and expected outputs as .npy:

  Inputs/selection/<test>.onnx, <test>_in<i>.npy, <test>_out<i>.npy

Run with Debian's Python: /usr/bin/python3 test/e2e/make_selection_references.py
"""
import os

import numpy as np
import onnx
from onnx import helper as oh
from onnx import numpy_helper as nh
from onnx.mapping import NP_TYPE_TO_TENSOR_TYPE as TENSOR_TYPE

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "selection")
DATA = "/usr/share/libonnx-testdata/data/node"
rng = np.random.default_rng(20261124)


def save(name, model, inputs, outputs):
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, name + ".onnx"))
    for i, a in enumerate(inputs):
        np.save(os.path.join(OUT, "%s_in%d.npy" % (name, i)),
                np.ascontiguousarray(a))
    for i, a in enumerate(outputs):
        np.save(os.path.join(OUT, "%s_out%d.npy" % (name, i)),
                np.ascontiguousarray(a))


def from_testdata(test, constant):
    """ONNX's test `test` with graph input `constant` as an initializer."""
    model = onnx.load(os.path.join(DATA, test, "model.onnx"))
    data = os.path.join(DATA, test, "test_data_set_0")
    graph = model.graph
    arrays = [nh.to_array(onnx.load_tensor(os.path.join(data, "input_%d.pb" % i)))
              for i in range(len(graph.input))]
    outputs = [nh.to_array(onnx.load_tensor(os.path.join(data, "output_%d.pb" % i)))
               for i in range(len(graph.output))]
    inputs = []
    for value, array in zip(list(graph.input), arrays):
        if value.name == constant:
            graph.initializer.append(nh.from_array(array, value.name))
            graph.input.remove(value)
        else:
            inputs.append(array)
    save(test[len("test_"):], model, inputs, outputs)


def single_node(name, op, inputs, consts, outputs, opset, order=None,
                **attrs):
    """A one-node model: `inputs` are graph inputs, `consts` initializers;
    the node takes them in the order of `order` (names), else inputs then
    consts."""
    graph_inputs = [oh.make_tensor_value_info(
        n, TENSOR_TYPE[a.dtype], a.shape) for n, a in inputs]
    graph_outputs = [oh.make_tensor_value_info(
        n, TENSOR_TYPE[a.dtype], a.shape) for n, a in outputs]
    node = oh.make_node(op, order or [n for n, _ in inputs + consts],
                        [n for n, _ in outputs], **attrs)
    graph = oh.make_graph([node], name, graph_inputs, graph_outputs,
                          [nh.from_array(a, n) for n, a in consts])
    model = oh.make_model(graph, opset_imports=[oh.make_opsetid("", opset)])
    save(name, model, [a for _, a in inputs], [a for _, a in outputs])


def top_k_ref(x, k, axis, largest):
    """Equal values in order of their index (ONNX's rule); a NaN is larger
    than every number (as in torch.topk)."""
    moved = np.moveaxis(x, axis, -1)
    order = np.empty(moved.shape, np.int64)
    for row in np.ndindex(*moved.shape[:-1]):
        v = moved[row]
        nan = np.isnan(v) if v.dtype.kind == "f" else np.zeros(v.shape, bool)
        key = lambda j: ((0 if nan[j] else 1, -v[j].item() if not nan[j] else 0, j)
                         if largest else
                         (1 if nan[j] else 0, v[j].item() if not nan[j] else 0, j))
        order[row] = sorted(range(v.shape[-1]), key=key)
    idx = np.moveaxis(order[..., :k], -1, axis)
    return np.take_along_axis(x, idx, axis=axis), idx


def top_k_cases():
    # Many ties (small integers), k of 7 along a row of 40, both directions.
    x = rng.integers(-5, 6, size=(3, 40)).astype(np.float32)
    for largest in (1, 0):
        v, i = top_k_ref(x, 7, 1, largest)
        single_node("top_k_ties_%s" % ("largest" if largest else "smallest"),
                    "TopK", [("x", x)], [("k", np.array([7], np.int64))],
                    [("values", v), ("indices", i)], 11, axis=1,
                    largest=largest)
    # int32 along axis 0 of a 3-D tensor.
    y = rng.integers(-100, 100, size=(6, 2, 3)).astype(np.int32)
    v, i = top_k_ref(y, 4, 0, True)
    single_node("top_k_int32_axis0", "TopK", [("x", y)],
                [("k", np.array([4], np.int64))],
                [("values", v), ("indices", i)], 11, axis=0)
    # Rows longer than the lowering's ranking limit (128): the selection
    # loop, with ties, both directions; int64 smallest along axis 0.
    w = rng.integers(-30, 31, size=(3, 1000)).astype(np.float32)
    for largest in (1, 0):
        v, i = top_k_ref(w, 6, 1, largest)
        single_node("top_k_long_%s" % ("largest" if largest else "smallest"),
                    "TopK", [("x", w)], [("k", np.array([6], np.int64))],
                    [("values", v), ("indices", i)], 11, axis=1,
                    largest=largest)
    u = rng.integers(-50, 50, size=(200, 2)).astype(np.int64)
    v, i = top_k_ref(u, 9, 0, False)
    single_node("top_k_long_int64_axis0", "TopK", [("x", u)],
                [("k", np.array([9], np.int64))],
                [("values", v), ("indices", i)], 11, axis=0, largest=0)
    # NaNs (larger than every number) in short and long rows.
    for n in (10, 300):
        nx = rng.integers(-5, 6, size=(2, n)).astype(np.float32)
        nx[0, [1, 4]] = np.nan
        nx[1, n - 1] = np.nan
        for largest in (1, 0):
            v, i = top_k_ref(nx, 4, 1, largest)
            single_node("top_k_nan_%d_%s" % (
                n, "largest" if largest else "smallest"), "TopK",
                [("x", nx)], [("k", np.array([4], np.int64))],
                [("values", v), ("indices", i)], 11, largest=largest)
    # Opset 9 takes k as an attribute (and floats only); the default axis -1.
    z = rng.standard_normal((2, 3, 6)).astype(np.float32)
    v, i = top_k_ref(z, 2, 2, True)
    single_node("top_k_opset9", "TopK", [("x", z)], [],
                [("values", v), ("indices", i)], 9, k=2)


def one_hot_ref(indices, depth, values, axis):
    idx = np.trunc(indices).astype(np.int64)
    idx = np.where(idx < 0, idx + depth, idx)
    rank = idx.ndim + 1
    axis = axis + rank if axis < 0 else axis
    shape = [1] * rank
    shape[axis] = depth
    positions = np.arange(depth).reshape(shape)
    hit = np.expand_dims(idx, axis) == positions
    return np.where(hit, values[1], values[0]).astype(values.dtype)


def one_hot_cases():
    # int32 indices, some out of [-depth, depth), int64 values, axis 0.
    idx = np.array([[0, 3, -1], [4, -4, 7]], np.int32)
    values = np.array([-2, 5], np.int64)
    single_node("one_hot_int32_out_of_range", "OneHot",
                [("indices", idx), ("values", values)],
                [("depth", np.array(4, np.int64))],
                [("y", one_hot_ref(idx, 4, values, 0))], 11,
                order=["indices", "depth", "values"], axis=0)


def gather_nd_ref(data, indices, batch_dims):
    batch = data.shape[:batch_dims]
    m = indices.shape[-1]
    out = np.empty(indices.shape[:-1] + data.shape[batch_dims + m:],
                   data.dtype)
    for pos in np.ndindex(*indices.shape[:-1]):
        tup = tuple(int(t) for t in indices[pos])
        out[pos] = data[pos[:batch_dims] + tup]
    return out


def gather_nd_cases():
    data = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    # batch_dims 1, tuples of 2 with negative entries: a [2, 2, 5] result.
    indices = np.array([[[0, -1], [2, 3]], [[-3, 0], [1, -4]]], np.int64)
    single_node("gather_nd_batch1_negative", "GatherND",
                [("data", data), ("indices", indices)], [],
                [("y", gather_nd_ref(data, indices, 1))], 13, batch_dims=1)


def scatter_elements_ref(data, indices, updates, axis, reduction):
    out = data.copy()
    for pos in np.ndindex(*indices.shape):
        target = list(pos)
        target[axis] = int(indices[pos])
        target = tuple(target)
        u = updates[pos]
        if reduction == "add":
            out[target] += u
        elif reduction == "mul":
            out[target] *= u
        elif reduction == "max":
            out[target] = max(out[target], u)
        elif reduction == "min":
            out[target] = min(out[target], u)
        else:
            out[target] = u
    return out


def scatter_nd_ref(data, indices, updates, reduction):
    out = data.copy()
    for pos in np.ndindex(*indices.shape[:-1]):
        target = tuple(int(t) for t in indices[pos])
        if reduction == "add":
            out[target] += updates[pos]
        elif reduction == "mul":
            out[target] *= updates[pos]
        else:
            out[target] = updates[pos]
    return out


def scatter_cases():
    # int64 data, duplicate and negative indices along axis 0, the
    # reductions of opset 16 (max and min, of opset 18, are newer than
    # Debian's ONNX library).
    data = rng.integers(-9, 10, size=(4, 3)).astype(np.int64)
    indices = np.array([[1, -1, 0], [1, 3, -4]], np.int64)
    updates = rng.integers(-9, 10, size=(2, 3)).astype(np.int64)
    for reduction in ("add", "mul"):
        single_node("scatter_elements_int64_%s" % reduction,
                    "ScatterElements",
                    [("data", data), ("indices", indices),
                     ("updates", updates)], [],
                    [("y", scatter_elements_ref(data, indices, updates, 0,
                                                reduction))], 16,
                    axis=0, reduction=reduction)
    # f64 data, tuples addressing whole rows (m = 1) with duplicates, add.
    fdata = rng.standard_normal((5, 2, 3)).astype(np.float64)
    findices = np.array([[[4], [-5]], [[4], [2]]], np.int64)
    fupdates = rng.standard_normal((2, 2, 2, 3)).astype(np.float64)
    single_node("scatter_nd_f64_add", "ScatterND",
                [("data", fdata), ("indices", findices),
                 ("updates", fupdates)], [],
                [("y", scatter_nd_ref(fdata, findices, fupdates, "add"))], 16,
                reduction="add")


def float16_cases():
    # float16 (a storage type): TopK by ranking and by the selection loop,
    # smallest first with ties; OneHot of float16 indices.
    for n in (20, 300):
        x = rng.integers(-8, 8, size=(3, n)).astype(np.float16)
        v, i = top_k_ref(x, 5, 1, False)
        single_node("top_k_f16_%d" % n, "TopK", [("x", x)],
                    [("k", np.array([5], np.int64))],
                    [("values", v), ("indices", i)], 11, axis=1, largest=0)
    idx = np.array([[0.5, -1.75, 3.0], [2.9, -4.0, 9.0]], np.float16)
    values = np.array([0.25, -3.5], np.float16)
    single_node("one_hot_f16", "OneHot", [("indices", idx), ("values", values)],
                [("depth", np.array([4.0], np.float32))],
                [("y", one_hot_ref(idx, 4, values, -1))], 11,
                order=["indices", "depth", "values"])


def unsigned_cases():
    """uint8 TopK and OneHot with values of the top bit set: compared
    unsigned, zero-extended (a signed comparison or extension puts 200
    below 3)."""
    x = np.array([[200, 3, 130, 7, 255, 0, 128, 127]], np.uint8)
    for largest in (1, 0):
        v, i = top_k_ref(x, 3, 1, largest)
        single_node("top_k_uint8_%s" % ("largest" if largest else "smallest"),
                    "TopK", [("x", x)], [("k", np.array([3], np.int64))],
                    [("values", v), ("indices", i)], 11, largest=largest)
    values = np.array([0, 1], np.float32)
    single_node("one_hot_uint8_depth_300", "OneHot",
                [("indices", x), ("values", values)],
                [("depth", np.array(300, np.int64))],
                [("y", one_hot_ref(x, 300, values, -1))], 11,
                order=["indices", "depth", "values"])


def main():
    os.makedirs(OUT, exist_ok=True)
    for test in ("test_top_k", "test_top_k_negative_axis",
                 "test_top_k_smallest"):
        from_testdata(test, "k")
    for test in ("test_onehot_negative_indices", "test_onehot_with_axis",
                 "test_onehot_with_negative_axis", "test_onehot_without_axis"):
        from_testdata(test, "depth")
    top_k_cases()
    one_hot_cases()
    gather_nd_cases()
    scatter_cases()
    float16_cases()
    unsigned_cases()


if __name__ == "__main__":
    main()
