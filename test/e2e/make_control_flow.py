#!/usr/bin/python3
"""Writes the control-flow models of control-flow.test and their inputs and
references, computed with NumPy from the ONNX definitions of If and Loop (not
by Seam):

  Inputs/cf_if_shape.onnx      If on a condition computed from the input's
                               shape (known at import: one branch inlined)
  Inputs/cf_if_runtime.onnx    If on a bool input (both branches computed,
                               then selected), run with cond true and false
  Inputs/cf_loop.onnx          Loop with a constant trip count, a
                               loop-carried value, a scan output, the
                               iteration number in the body, an early exit by
                               the body's condition and an If on the
                               iteration number's parity inside the body

Run with Debian's Python: /usr/bin/python3 test/e2e/make_control_flow.py
"""
import os

import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper as h
from onnx import numpy_helper as nh

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs")


def save_model(name, graph, opset=16):
    m = h.make_model(graph, producer_name="seam-make-control-flow",
                     opset_imports=[h.make_opsetid("", opset)])
    onnx.checker.check_model(m)
    onnx.shape_inference.infer_shapes(m, check_type=True, strict_mode=True)
    onnx.save(m, os.path.join(OUT, name + ".onnx"))


def save(name, array):
    np.save(os.path.join(OUT, name + ".npy"), array)


def const(name, array):
    return h.make_node("Constant", [], [name], name=name + "_const",
                       value=nh.from_array(np.asarray(array), name))


def if_shape():
    """y = Relu(x) * 2 if x.shape[1] > 3 else -x (the branch reads x from the
    outer graph and has a Constant of its own)."""
    then_g = h.make_graph(
        [h.make_node("Relu", ["x"], ["r"], name="relu_then"),
         const("two", np.float32(2)),
         h.make_node("Mul", ["r", "two"], ["t_out"], name="mul_then")],
        "then", [], [h.make_tensor_value_info("t_out", TP.FLOAT, [2, 5])])
    else_g = h.make_graph(
        [h.make_node("Neg", ["x"], ["e_out"], name="neg_else")],
        "else", [], [h.make_tensor_value_info("e_out", TP.FLOAT, [2, 5])])
    nodes = [
        h.make_node("Shape", ["x"], ["s"], name="shape0"),
        const("one", np.int64(1)),
        h.make_node("Gather", ["s", "one"], ["d1"], name="gather0", axis=0),
        const("three", np.int64(3)),
        h.make_node("Greater", ["d1", "three"], ["c"], name="greater0"),
        h.make_node("If", ["c"], ["y"], name="if0", then_branch=then_g,
                    else_branch=else_g),
    ]
    graph = h.make_graph(nodes, "cf_if_shape",
                         [h.make_tensor_value_info("x", TP.FLOAT, [2, 5])],
                         [h.make_tensor_value_info("y", TP.FLOAT, [2, 5])])
    save_model("cf_if_shape", graph)
    x = np.random.default_rng(3).standard_normal((2, 5)).astype(np.float32)
    save("cf_if_shape_x", x)
    save("cf_if_shape_y", np.maximum(x, 0) * np.float32(2))


def if_runtime():
    """y = x + b if cond else x * 3 (two outputs: the other is x - 1 in both
    branches, shared)."""
    then_g = h.make_graph(
        [h.make_node("Add", ["x", "b"], ["t0"], name="add_then"),
         const("one_t", np.float32(1)),
         h.make_node("Sub", ["x", "one_t"], ["t1"], name="sub_then")],
        "then", [], [h.make_tensor_value_info("t0", TP.FLOAT, [3, 4]),
                     h.make_tensor_value_info("t1", TP.FLOAT, [3, 4])])
    else_g = h.make_graph(
        [const("three", np.float32(3)),
         h.make_node("Mul", ["x", "three"], ["e0"], name="mul_else"),
         const("one_e", np.float32(1)),
         h.make_node("Sub", ["x", "one_e"], ["e1"], name="sub_else")],
        "else", [], [h.make_tensor_value_info("e0", TP.FLOAT, [3, 4]),
                     h.make_tensor_value_info("e1", TP.FLOAT, [3, 4])])
    graph = h.make_graph(
        [h.make_node("If", ["cond"], ["y", "z"], name="if0",
                     then_branch=then_g, else_branch=else_g)],
        "cf_if_runtime",
        [h.make_tensor_value_info("x", TP.FLOAT, [3, 4]),
         h.make_tensor_value_info("b", TP.FLOAT, [4]),
         h.make_tensor_value_info("cond", TP.BOOL, [])],
        [h.make_tensor_value_info("y", TP.FLOAT, [3, 4]),
         h.make_tensor_value_info("z", TP.FLOAT, [3, 4])])
    save_model("cf_if_runtime", graph)
    rng = np.random.default_rng(4)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal(4).astype(np.float32)
    save("cf_if_runtime_x", x)
    save("cf_if_runtime_b", b)
    save("cf_if_runtime_true", np.array(True))
    save("cf_if_runtime_false", np.array(False))
    save("cf_if_runtime_y_true", x + b)
    save("cf_if_runtime_y_false", x * np.float32(3))
    save("cf_if_runtime_z", x - np.float32(1))


def loop():
    """M = 5, cond = true; body(i, cond, acc):
         acc' = acc * 0.5 + (x if i is even else -x)   (an If inside)
         scan = acc' * float(i)
         cond' = i < 3                                 (stops after i = 3)
    Outputs: the final acc and the stacked scan values (4 iterations)."""
    even_g = h.make_graph([h.make_node("Identity", ["x"], ["ev"],
                                       name="id_even")],
                          "even", [], [h.make_tensor_value_info(
                              "ev", TP.FLOAT, [2, 3])])
    odd_g = h.make_graph([h.make_node("Neg", ["x"], ["od"], name="neg_odd")],
                         "odd", [], [h.make_tensor_value_info(
                             "od", TP.FLOAT, [2, 3])])
    body = h.make_graph(
        [const("half", np.float32(0.5)),
         h.make_node("Mul", ["acc", "half"], ["scaled"], name="mul_half"),
         const("two", np.int64(2)),
         h.make_node("Mod", ["i", "two"], ["parity"], name="mod0"),
         const("zero", np.int64(0)),
         h.make_node("Equal", ["parity", "zero"], ["even"], name="equal0"),
         h.make_node("If", ["even"], ["term"], name="if_parity",
                     then_branch=even_g, else_branch=odd_g),
         h.make_node("Add", ["scaled", "term"], ["acc_out"], name="add0"),
         h.make_node("Cast", ["i"], ["fi"], name="cast0", to=TP.FLOAT),
         h.make_node("Mul", ["acc_out", "fi"], ["scan"], name="mul_i"),
         const("three", np.int64(3)),
         h.make_node("Less", ["i", "three"], ["cond_out"], name="less0")],
        "body",
        [h.make_tensor_value_info("i", TP.INT64, []),
         h.make_tensor_value_info("cond_in", TP.BOOL, []),
         h.make_tensor_value_info("acc", TP.FLOAT, [2, 3])],
        [h.make_tensor_value_info("cond_out", TP.BOOL, []),
         h.make_tensor_value_info("acc_out", TP.FLOAT, [2, 3]),
         h.make_tensor_value_info("scan", TP.FLOAT, [2, 3])])
    graph = h.make_graph(
        [h.make_node("Loop", ["M", "cond", "acc0"], ["acc_final", "scans"],
                     name="loop0", body=body)],
        "cf_loop",
        [h.make_tensor_value_info("x", TP.FLOAT, [2, 3]),
         h.make_tensor_value_info("acc0", TP.FLOAT, [2, 3])],
        [h.make_tensor_value_info("acc_final", TP.FLOAT, [2, 3]),
         h.make_tensor_value_info("scans", TP.FLOAT, [4, 2, 3])],
        [nh.from_array(np.array(5, np.int64), "M"),
         nh.from_array(np.array(True), "cond")])
    save_model("cf_loop", graph)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 3)).astype(np.float32)
    acc = rng.standard_normal((2, 3)).astype(np.float32)
    save("cf_loop_x", x)
    save("cf_loop_acc0", acc)
    scans = []
    for i in range(5):
        acc = acc * np.float32(0.5) + (x if i % 2 == 0 else -x)
        scans.append(acc * np.float32(i))
        if not i < 3:
            break
    save("cf_loop_acc_final", acc)
    save("cf_loop_scans", np.stack(scans))


def main():
    os.makedirs(OUT, exist_ok=True)
    if_shape()
    if_runtime()
    loop()


if __name__ == "__main__":
    main()
