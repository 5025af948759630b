"""ONNX models whose large float32 initializers the compiled path reads where
the importer found them, not from a copy: in the model file's mapping at any
4-byte-aligned offset, else where the importer parsed them (moved onto a
64-byte boundary inside their own storage); each with
NumPy's output for a seeded input. Where each weight's bytes lie in the file
(their offset modulo 64) is chosen, by the length of the model's doc string.

    make_weights_in_place.py OUT_DIR

Writes OUT_DIR/<case>.onnx, <case>_x.npy, <case>_y.npy for:
  fc          MatMul by a 256x512 weight (512 KiB, on a 64-byte boundary in
              the file: read from its mapping), Add of a 512 bias (2 KiB,
              under the 4 KiB below which weights stay in the generated code)
  two_uses    one 128x128 weight (64 KiB, at an odd offset: parsed and moved)
              read by two MatMuls: one copy, one blob, read in place once
  nonzero     a 128x128 weight (64 KiB, a third zeros, on a 64-byte boundary)
              read by a MatMul and, through an Identity, by NonZero, which
              the importer evaluates from the tensor's bytes in the mapping
  misaligned  a MatMul by a 128x128 weight (64 KiB) 4 bytes past a 64-byte
              boundary in the file, then a Gemm with transB by another (24
              bytes past one): read in the mapping, there (the MatMul's
              packed into tiles, the Gemm's read by dot products in place)
  folded      a 192x128 weight that is the Mul of two initializers: folded
              at compile time into a new tensor, made on a 64-byte boundary
              too (96 KiB, the two inputs freed)
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def place(model, offsets):
    """Pads the model's doc string until each initializer named in `offsets`
    has its bytes at that offset modulo 64 in the serialized model."""
    tensors = {t.name: t.raw_data for t in model.graph.initializer}
    for pad in range(4096):
        model.doc_string = "." * pad
        data = model.SerializeToString()
        if all(data.find(tensors[k]) % 64 == v for k, v in offsets.items()):
            return
    sys.exit("no doc string places the weights at %s" % offsets)


def save(out, name, nodes, inputs, initializers, x, y, extra=None,
         offsets=None):
    """`extra`: a second output, (name, ONNX type, NumPy value); `offsets`:
    where initializers' bytes lie in the file (see place)."""
    outputs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, list(y.shape))]
    if extra:
        outputs.append(helper.make_tensor_value_info(extra[0], extra[1],
                                                     list(extra[2].shape)))
        np.save(os.path.join(out, name + "_" + extra[0] + ".npy"), extra[2])
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
        outputs,
        [numpy_helper.from_array(v, k) for k, v in initializers.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    place(model, offsets or {})
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_x.npy"), x)
    np.save(os.path.join(out, name + "_y.npy"), y.astype(np.float32))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(3)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)

    x, w, b = f32(4, 256), f32(256, 512), f32(512)
    save(out, "fc",
         [helper.make_node("MatMul", ["x", "w"], ["h"]),
          helper.make_node("Add", ["h", "b"], ["y"])],
         None, {"w": w, "b": b}, x,
         x.astype(np.float64) @ w.astype(np.float64) + b, offsets={"w": 0})

    x, w = f32(2, 128), f32(128, 128)
    h = x.astype(np.float64) @ w.astype(np.float64)
    save(out, "two_uses",
         [helper.make_node("MatMul", ["x", "w"], ["h"]),
          helper.make_node("Tanh", ["h"], ["t"]),
          helper.make_node("MatMul", ["t", "w"], ["y"])],
         None, {"w": w}, x, np.tanh(h) @ w.astype(np.float64),
         offsets={"w": 1})

    x, w = f32(2, 128), f32(128, 128)
    w[rng.random(w.shape) < 1 / 3] = 0
    save(out, "nonzero",
         [helper.make_node("MatMul", ["x", "w"], ["y"]),
          helper.make_node("Identity", ["w"], ["w2"]),
          helper.make_node("NonZero", ["w2"], ["idx"])],
         None, {"w": w}, x, x.astype(np.float64) @ w.astype(np.float64),
         ("idx", TensorProto.INT64, np.array(np.nonzero(w), dtype=np.int64)),
         offsets={"w": 0})

    x, w, vt = f32(2, 128), f32(128, 128), f32(128, 128)
    save(out, "misaligned",
         [helper.make_node("MatMul", ["x", "w"], ["h"]),
          helper.make_node("Gemm", ["h", "vt"], ["y"], transB=1)],
         None, {"w": w, "vt": vt}, x,
         x.astype(np.float64) @ w.astype(np.float64) @ vt.T.astype(np.float64),
         offsets={"w": 4, "vt": 24})

    x, w1, w2 = f32(3, 192), f32(192, 128), f32(192, 128)
    save(out, "folded",
         [helper.make_node("Mul", ["w1", "w2"], ["w"]),
          helper.make_node("MatMul", ["x", "w"], ["y"])],
         None, {"w1": w1, "w2": w2}, x,
         x.astype(np.float64) @ (w1 * w2).astype(np.float64))


if __name__ == "__main__":
    main()
