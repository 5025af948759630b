#!/usr/bin/python3
"""Seam's hostile-input suite: malformed and hostile models and input files.

Each case in the tables below has a name, a function that writes its file(s)
into a fresh folder, the tools to run on them with their arguments, and the
text their error must contain. For every tool run, the case checks that the
tool
  - exits non-zero, and not by a signal;
  - prints the expected text on one line of stderr (a tuple of texts: all on
    the same line);
  - prints no sanitizer report, LLVM fatal error, stack dump, uncaught
    exception or assertion (FORBIDDEN);
  - ends within TIMEOUT seconds and within 4 GiB of address space
    (RLIMIT_AS; not when SEAM_HOSTILE_NO_RLIMIT is set, since sanitizers
    reserve terabytes of it: the cases marked `big` are then skipped);
  - leaves no output: no `-o` file of seam-translate, nothing in seam-run's
    --save-outputs folder, none of the case's `absent` paths.
seam-run is a thin tool over the C++ Session API (Session::create, then
Session::run), so its runs check the API too.

The files are generated when the tests run, never committed: lit makes one
test per case (lit.local.cfg, hostile_format.py; one case alone: `lit -v
build/test/hostile --filter CASE`). Run with Debian's Python, which has onnx
1.12 and numpy:

  make_hostile.py list
      the cases, one JSON object per line (name, category, xfail, big)
  make_hostile.py run --tools BIN --dir DIR [-v] [CASE...]
      builds and checks the cases (all by default), each in DIR/CASE; prints
      `PASS|FAIL|XFAIL|XPASS|SKIP: CASE` per case and exits 1 on a FAIL or an
      XPASS; -v prints every command and its stderr

A case that exposes a bug today (a crash, a hang, an unclear message, an
input accepted that must not be) keeps the message it should print and says
what happens instead in `xfail`: lit reports it XFAIL until the tool is
fixed, then XPASS (remove the `xfail` then).
"""

import argparse
import json
import os
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Callable, Tuple, Union

import numpy as np
from onnx import TensorProto as TP
from onnx import external_data_helper
from onnx import helper as h
from onnx import numpy_helper as nh

INT64_MAX = 2**63 - 1
INT64_MIN = -2**63
UINT64_MAX = 2**64 - 1
BIG = 2**40
TIMEOUT = 60                  # seconds per tool run
ADDRESS_SPACE = 4 << 30       # bytes of RLIMIT_AS per tool run

TRANSLATE, RUN = "translate", "run"
BOTH = (TRANSLATE, RUN)

# Text that must never appear on stderr: a sanitizer report, an LLVM fatal
# error or crash handler, an uncaught C++ exception, an assertion.
FORBIDDEN = [
    "AddressSanitizer", "LeakSanitizer", "ThreadSanitizer",
    "MemorySanitizer", "UndefinedBehaviorSanitizer", "runtime error:",
    "LLVM ERROR", "Stack dump", "PLEASE submit a bug report",
    "terminate called", "pure virtual method called", "Assertion `",
]

#===------------------------------------------------------------------------===#
# Cases
#===------------------------------------------------------------------------===#

Expect = Union[str, Tuple[str, ...]]


@dataclass
class Case:
    name: str
    category: str
    build: Callable[[str], None]      # writes the case's files into a folder
    expect: Expect                    # on one line of each tool's stderr
    tools: Tuple[str, ...] = BOTH
    args: Tuple[str, ...] = ()        # for every tool; "{d}" is the folder
    run_args: Tuple[str, ...] = ()    # for seam-run only
    model: str = "model.onnx"         # relative to the folder
    absent: Tuple[str, ...] = ()      # paths that must not exist afterwards
    xfail: str = ""                   # what happens today (a bug to fix)
    big: bool = False                 # safe only under the RLIMIT_AS bound
    timeout: int = TIMEOUT            # seconds per tool run

    def expected(self):
        """The texts that one line of stderr must all contain."""
        e = self.expect
        return (e,) if isinstance(e, str) else tuple(e)


#===------------------------------------------------------------------------===#
# Model and file helpers
#===------------------------------------------------------------------------===#


def vi(name, shape, dtype=TP.FLOAT):
    """A graph input or output. An int as shape is a rank: symbolic dims (the
    ONNX checker wants a shape on every graph input and output); None: no
    shape."""
    if isinstance(shape, int):
        shape = ["%s_%d" % (name, i) for i in range(shape)]
    return h.make_tensor_value_info(name, dtype, shape)


def f32(name, shape):
    """A small float32 initializer of `shape`."""
    count = int(np.prod(shape))
    return nh.from_array(
        (np.arange(count, dtype=np.float32) * 0.25 + 0.5).reshape(shape), name)


def i64(name, values):
    return nh.from_array(np.asarray(values, dtype=np.int64), name)


def raw_tensor(name, dims, raw, dtype=TP.FLOAT):
    """A tensor with exactly these dims and raw bytes (unchecked)."""
    t = TP()
    t.name, t.data_type = name, dtype
    t.dims.extend(dims)
    t.raw_data = raw
    return t


def node(op, inputs, outputs, name, domain=None, **attrs):
    return h.make_node(op, inputs, outputs, name=name, domain=domain, **attrs)


def make(nodes, inputs, outputs, inits=(), opset=13, opsets=(),
         ir_version=None):
    """An unchecked ModelProto: these models are broken on purpose. `opset`
    None imports no default-domain opset."""
    graph = h.make_graph(nodes, "hostile", inputs, outputs, list(inits))
    imports = [h.make_opsetid("", opset)] if opset is not None else []
    imports += [h.make_opsetid(d, v) for d, v in opsets]
    m = h.make_model(graph, producer_name="seam-make-hostile",
                     opset_imports=imports)
    if ir_version is not None:
        m.ir_version = ir_version
    return m


def one_op(op, inputs, inits=(), rank=None, out_type=TP.FLOAT, **attrs):
    """One node `<op>0` (lower case) on the graph inputs `inputs` ({name:
    shape}) then the initializers, to the output y of `rank` (by default the
    first input's)."""
    names = list(inputs) + [t.name for t in inits]
    if rank is None:
        rank = len(next(iter(inputs.values())))
    return make([node(op, names, ["y"], op.lower() + "0", **attrs)],
                [vi(n, s) for n, s in inputs.items()],
                [vi("y", rank, out_type)], inits)


def relu_model(shape=(1, 3, 4, 4), **kw):
    """x -> Relu -> y: the valid model of the input-file cases."""
    return make([node("Relu", ["x"], ["y"], "relu0")], [vi("x", list(shape))],
                [vi("y", list(shape))], **kw)


def conv_model(w=None, **attrs):
    """Conv `conv0` of x 1x3x8x8 with the initializer w (4x3x3x3)."""
    return one_op("Conv", {"x": [1, 3, 8, 8]},
                  [w if w is not None else f32("w", (4, 3, 3, 3))], **attrs)


def pool_model(op, **attrs):
    """MaxPool/AveragePool `<op>0` of x 1x3x8x8."""
    return one_op(op, {"x": [1, 3, 8, 8]}, **attrs)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def save(m, path="model.onnx"):
    """Builder: writes ModelProto `m` (or bytes) to `path`."""
    data = m if isinstance(m, bytes) else m.SerializeToString()
    return lambda d: write(os.path.join(d, path), data)


def sparse(path, size):
    """Builder: a file of `size` bytes that takes no disk space."""
    def build(d):
        os.makedirs(os.path.dirname(os.path.join(d, path)), exist_ok=True)
        with open(os.path.join(d, path), "wb") as f:
            f.truncate(size)
    return build


def fifo(path):
    """Builder: a named pipe nobody writes to."""
    def build(d):
        os.makedirs(os.path.dirname(os.path.join(d, path)), exist_ok=True)
        os.mkfifo(os.path.join(d, path))
    return build


def folder(path):
    return lambda d: os.makedirs(os.path.join(d, path))


def symlink(target, path):
    """Builder: `path` -> `target` ("{d}" in it is the case's folder)."""
    def build(d):
        os.makedirs(os.path.dirname(os.path.join(d, path)), exist_ok=True)
        os.symlink(target.format(d=d), os.path.join(d, path))
    return build


def also(*builders):
    """Builder: runs every builder in order."""
    def build(d):
        for b in builders:
            b(d)
    return build


def model_case(name, category, m, expect, **kw):
    return Case(name, category, save(m), expect, **kw)


def onnx_error(node_name, text):
    """An error of ONNX's checker or shape inference about node `node_name`:
    both on one line."""
    return ("node name: " + node_name, text)


#===------------------------------------------------------------------------===#
# Malformed files
#===------------------------------------------------------------------------===#

NOT_ONNX = ("not a valid ONNX model (the file is empty, truncated or not an "
            "ONNX protobuf)")
NO_NODES = "the ONNX model has no graph nodes"


def pb_varint(v):
    """A protobuf varint."""
    out = bytearray()
    while True:
        b, v = v & 0x7F, v >> 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def pb_field(number, payload):
    """A length-delimited protobuf field."""
    return pb_varint(number << 3 | 2) + pb_varint(len(payload)) + payload


def deeply_nested(depth):
    """A ModelProto whose graph has a node with a graph attribute holding a
    node with a graph attribute ... `depth` levels deep."""
    graph = b""
    for _ in range(depth):
        attr = pb_field(1, b"g") + pb_field(6, graph)   # name, g
        n = pb_field(4, b"If") + pb_field(5, attr)      # op_type, attribute
        graph = pb_field(1, n)                          # GraphProto.node
    return pb_varint(1 << 3) + pb_varint(8) + pb_field(7, graph)


def file_cases():
    valid = conv_model().SerializeToString()
    noise = np.random.RandomState(1234).randint(0, 256, 4096)
    # ir_version 8 and opset 13, no graph.
    no_graph = pb_varint(1 << 3) + pb_varint(8) + \
        pb_field(8, pb_varint(2 << 3) + pb_varint(13))
    c = lambda name, build, expect, **kw: Case(name, "file", build, expect,
                                               **kw)
    return [
        c("empty_file", save(b""), NOT_ONNX),
        c("truncated_half", save(valid[:len(valid) // 2]), NOT_ONNX),
        c("truncated_last_byte", save(valid[:-1]), NOT_ONNX),
        c("random_bytes", save(noise.astype(np.uint8).tobytes()), NOT_ONNX),
        c("zero_bytes", save(bytes(1024)), NOT_ONNX),
        c("text_file", save(b"ir_version: 8\ngraph { }\n"), NOT_ONNX),
        c("no_graph", save(no_graph), NO_NODES),
        c("no_nodes", save(make([], [vi("x", [1])], [vi("x", [1])])),
          NO_NODES),
        # 200 nested subgraphs, 600 nested messages: over protobuf's
        # recursion limit (100).
        c("deeply_nested", save(deeply_nested(200)), NOT_ONNX),
        c("model_is_directory", folder("model.onnx"),
          ("cannot read '", "model.onnx': Is a directory")),
        c("model_is_fifo", fifo("model.onnx"),
          ("model.onnx", "is not a regular file (a FIFO)"), timeout=10),
        c("model_missing", lambda d: None,
          ("cannot read '", "model.onnx': No such file or directory")),
        # Over protobuf's 2 GiB limit (sparse: no disk space; mapped, not
        # read).
        c("model_over_2gib", sparse("model.onnx", (2 << 30) + 16),
          "model of 2147483664 bytes exceeds protobuf's 2 GiB limit"),
    ]


#===------------------------------------------------------------------------===#
# Graph structure: cycles, undefined and duplicate names
#===------------------------------------------------------------------------===#


def graph_cases():
    x, y = vi("x", [1, 3, 4, 4]), vi("y", [1, 3, 4, 4])
    relu = lambda i, o, n: node("Relu", [i], [o], n)
    c = lambda name, m, expect, **kw: model_case(name, "graph", m, expect,
                                                 **kw)
    unsorted = ("Nodes in a graph must be topologically sorted, however "
                "input '%s' of node")
    return [
        c("cycle_two_nodes",
          make([relu("b", "a", "relu_a"), relu("a", "b", "relu_b"),
                node("Add", ["x", "b"], ["y"], "add0")], [x], [y]),
          unsorted % "b"),
        c("cycle_self_loop",
          make([node("Add", ["x", "y"], ["y"], "add0")], [x], [y]),
          unsorted % "y"),
        c("undefined_node_input",
          make([node("Add", ["x", "ghost"], ["y"], "add0")], [x], [y]),
          unsorted % "ghost"),
        c("undefined_graph_output",
          make([relu("x", "y", "relu0")], [x], [y, vi("z", [1])]),
          "output 'z' is not produced by any node"),
        c("duplicate_node_output",
          make([relu("x", "y", "relu0"), relu("x", "y", "relu1")], [x], [y]),
          "'y' has been used as output names multiple times"),
        c("node_output_shadows_input",
          make([relu("x", "x", "relu0"), relu("x", "y", "relu1")], [x], [y]),
          "'x' has been used as output names multiple times"),
        c("duplicate_initializer",
          make([node("Add", ["x", "c"], ["y"], "add0")], [x], [y],
               [f32("c", (1, 3, 4, 4)), f32("c", (1, 3, 4, 4))]),
          "c initializer name is not unique"),
        c("duplicate_graph_input",
          make([relu("x", "y", "relu0")], [x, x], [y]),
          "'x' has been used as graph input names multiple times"),
        c("duplicate_graph_output",
          make([relu("x", "y", "relu0")], [x], [y, y]),
          "graph output 'y' is listed more than once"),
        c("no_graph_output", make([relu("x", "y", "relu0")], [x], []),
          "the ONNX model has no graph outputs"),
        c("empty_op_type", make([node("", ["x"], ["y"], "nameless")], [x],
                                [y]),
          "node 'nameless' has no op_type"),
        c("empty_input_name",
          make([node("Relu", [""], ["y"], "relu0")], [vi("", [1, 3, 4, 4])],
               [y]),
          "Field 'name' of 'value_info' is required to be non-empty"),
        c("relu_two_inputs",
          make([node("Relu", ["x", "x"], ["y"], "relu0")], [x], [y]),
          "Node (relu0) has input size 2 not in range [min=1, max=1]"),
        c("relu_no_input", make([node("Relu", [], ["y"], "relu0")], [x], [y]),
          "Node (relu0) has input size 0 not in range [min=1, max=1]"),
        c("concat_no_inputs",
          make([node("Concat", [], ["y"], "concat0", axis=0)], [x], [y]),
          "Node (concat0) has input size 0 not in range"),
        # The declared output shape contradicts the computed one.
        c("output_shape_mismatch",
          make([relu("x", "y", "relu0")], [x], [vi("y", [5, 5])]),
          "node 'relu0' (Relu): output 'y' has shape [1, 3, 4, 4] but the "
          "model declares [5, 5]"),
    ]


#===------------------------------------------------------------------------===#
# Dims: huge, negative, zero, overflowing shape arithmetic
#===------------------------------------------------------------------------===#

OVER_4GIB = "over the limit of 4294967296 bytes per tensor"


SHAPE_FLOAT = ("node 'reshape0' (Reshape): input 'q' must be an integer tensor "
               "known at import time")


def shape_float(op, value):
    """Reshape(x, Cast INT64 (Cast FLOAT (Shape x) <op> value))."""
    return make(
        [node("Shape", ["x"], ["s"], "shape0"),
         node("Cast", ["s"], ["sf"], "cast0", to=TP.FLOAT),
         node(op, ["sf", "k"], ["qf"], op.lower() + "0"),
         node("Cast", ["qf"], ["q"], "cast1", to=TP.INT64),
         node("Reshape", ["x", "q"], ["y"], "reshape0")],
        [vi("x", [1, 3, 4, 4])], [vi("y", 4)],
        [nh.from_array(np.array([value], np.float32), "k")])


def dims_cases():
    c = lambda name, m, expect, **kw: model_case(name, "dims", m, expect,
                                                 **kw)
    add_init = lambda init: make(
        [node("Add", ["x", init.name], ["y"], "add0")], [vi("x", [1])],
        [vi("y", len(init.dims))], [init])
    reshape = lambda shape: one_op("Reshape", {"x": [2, 3]},
                                   [i64("shape", shape)], rank=len(shape))
    pad = lambda pads: one_op("Pad", {"x": [1, 3, 4, 4]}, [i64("pads", pads)])
    slice_ = lambda steps: one_op(
        "Slice", {"x": [4, 6]},
        [i64("starts", [2 if steps == [1] else 0]), i64("ends", [2]),
         i64("axes", [0]), i64("steps", steps)])
    shape_arith = lambda op, name, const, order: make(
        [node("Shape", ["x"], ["s"], "shape0"),
         node(op, ["s", "k"][::order], ["q"], name),
         node("Reshape", ["x", "q"], ["y"], "reshape0")],
        [vi("x", [1, 3, 4, 4])], [vi("y", 4)], [i64("k", const)])
    return [
        # A 4 TiB input: only a type for seam-translate; too big for a
        # session.
        c("input_dim_huge", relu_model((1, BIG)),
          ("input 'x' of type 'tensor<1x1099511627776xf32>' is "
           "4398046511104 bytes", OVER_4GIB), tools=(RUN,)),
        c("input_dims_overflow",
          make([node("Relu", ["x"], ["y"], "relu0")],
               [vi("x", [BIG, BIG, BIG])], [vi("y", 3)]),
          "input 'x': element count of [1099511627776, 1099511627776, "
          "1099511627776] overflows int64"),
        c("input_dim_negative", relu_model((1, -3, 4, 4)),
          "input 'x' has dimension 1 of size -3 (input dims must be "
          "positive)"),
        c("input_dim_zero", relu_model((1, 3, 0, 4)),
          "input 'x' has dimension 2 of size 0 (input dims must be "
          "positive)"),
        c("initializer_dim_negative",
          add_init(raw_tensor("c", [2, -1], bytes(8))),
          "initializer 'c': dims [2, -1] are negative or their element "
          "count overflows int64"),
        c("initializer_dims_overflow",
          add_init(raw_tensor("c", [BIG, BIG], b"")),
          "initializer 'c': dims [1099511627776, 1099511627776] are negative "
          "or their element count overflows int64"),
        c("initializer_dim_zero",
          conv_model(raw_tensor("w", [0, 3, 3, 3], b"")),
          "node 'conv0' (Conv): 'w' is an empty tensor of shape [0, 3, 3, 3]; "
          "Seam does not support empty tensors"),
        c("slice_empty_result", slice_([1]),
          "node 'slice0' (Slice): output 'y' is an empty tensor of shape "
          "[0, 6]; Seam does not support empty tensors"),
        # A step of INT64_MIN (whose negation overflows) on [2, 2): empty.
        c("slice_step_int64_min", slice_([INT64_MIN]),
          "node 'slice0' (Slice): output 'y' is an empty tensor of shape "
          "[0, 6]"),
        c("reshape_product_overflow", reshape([2**62, 4, 1]),
          "node 'reshape0' (Reshape): element count of shape "
          "[4611686018427387904, 4, 1] overflows int64"),
        c("reshape_count_mismatch", reshape([4, 4]),
          "node 'reshape0' (Reshape): cannot reshape [2, 3] (6 elements) to "
          "[4, 4] (16 elements)"),
        c("reshape_two_minus_one", reshape([-1, -1]),
          onnx_error("reshape0",
                     "Target shape may not have multiple -1 dimensions")),
        c("reshape_negative_dim", reshape([-2, 3]),
          onnx_error("reshape0", "Invalid dimension value: -2")),
        c("pad_int64_max", pad([0, 0, INT64_MAX, 0, 0, 0, 0, 0]),
          "node 'pad0' (Pad): 'seam.pad' op padded size of dimension 2 "
          "overflows int64 (size 4, pads 9223372036854775807 and 0)"),
        c("pad_negative_past_size", pad([0, 0, -5, 0, 0, 0, 0, 0]),
          "node 'pad0' (Pad): 'seam.pad' op pads [0, 0, -5, 0, 0, 0, 0, 0] "
          "crop dimension 2 of size 4 below zero"),
        c("pad_wrong_length", pad([1, 1]),
          onnx_error("pad0", "Pads has incorrect number of values")),
        c("pad_huge_result", pad([0, 0, 2**20, 2**20, 0, 0, 2**20, 2**20]),
          ("output 'y' of type 'tensor<1x3x2097156x2097156xf32>'",
           OVER_4GIB), tools=(RUN,)),
        # Every dim fits int64, their product does not.
        c("pad_count_overflow", pad([0, 0, BIG, BIG, 0, 0, BIG, BIG]),
          "node 'pad0' (Pad): 'seam.pad' op element count of the result "
          "[1, 3, 2199023255556, 2199023255556] overflows int64"),
        c("conv_pads_int64_max", conv_model(pads=[INT64_MAX, 0, 0, 0]),
          "node 'conv0' (Conv): 'seam.conv' op padded input size of spatial "
          "dimension 0 overflows int64 (input 8, pads 9223372036854775807 "
          "and 0)"),
        c("conv_dilation_int64_max", conv_model(dilations=[INT64_MAX, 1]),
          "node 'conv0' (Conv): 'seam.conv' op kernel extent of spatial "
          "dimension 0 overflows int64 (kernel 3, dilation "
          "9223372036854775807)"),
        c("maxpool_pads_int64_max",
          pool_model("MaxPool", kernel_shape=[2, 2],
                     pads=[0, 0, INT64_MAX, INT64_MAX]),
          "node 'maxpool0' (MaxPool): 'seam.max_pool' op padded input size "
          "of spatial dimension 0 overflows int64 (input 8, pads 0 and "
          "9223372036854775807)"),
        c("maxpool_kernel_int64_max",
          pool_model("MaxPool", kernel_shape=[INT64_MAX, 2]),
          "node 'maxpool0' (MaxPool): 'seam.max_pool' op kernel extent "
          "9223372036854775807 (kernel 9223372036854775807, dilation 1) "
          "exceeds the padded input size 8"),
        c("constant_of_shape_overflow",
          one_op("ConstantOfShape", {}, [i64("shape", [BIG, BIG])], rank=2),
          "node 'constantofshape0' (ConstantOfShape): shape "
          "[1099511627776, 1099511627776] has more elements than int64 can "
          "count"),
        c("constant_of_shape_16gib",
          one_op("ConstantOfShape", {}, [i64("shape", [2**16, 2**16])],
                 rank=2),
          ("output 'y' of type 'tensor<65536x65536xf32>' is 17179869184 "
           "bytes", OVER_4GIB), tools=(RUN,)),
        c("shape_div_by_zero", shape_arith("Div", "div0", [0], 1),
          "node 'div0' (Div): integer division by zero in shape computation"),
        c("shape_add_overflow",
          shape_arith("Add", "add0", [INT64_MAX, 0, 0, 0], 1),
          "node 'add0' (Add): integer overflow in shape computation: 1 + "
          "9223372036854775807 does not fit in int64"),
        c("shape_sub_overflow",
          shape_arith("Sub", "sub0", [INT64_MIN, 0, 0, 0], -1),
          "node 'sub0' (Sub): integer overflow in shape computation: "
          "-9223372036854775808 - 1 does not fit in int64"),
        # Float shape arithmetic (tf2onnx's resize by a scale) whose values
        # int64 cannot hold, or a division by zero: not folded, so the
        # Reshape names its shape input.
        c("shape_float_nan", shape_float("Mul", np.nan), SHAPE_FLOAT),
        c("shape_float_overflow", shape_float("Mul", 3e38), SHAPE_FLOAT),
        c("shape_float_div_by_zero", shape_float("Div", 0.0), SHAPE_FLOAT),
        # An empty float16 weight of an op computed through float32.
        c("half_weight_empty",
          make([node("MatMul", ["x", "w"], ["y"], "matmul0")],
               [vi("x", [2, 2], TP.FLOAT16)], [vi("y", 2, TP.FLOAT16)],
               [nh.from_array(np.zeros((2, 0), np.float16), "w")]),
          "'w' is an empty tensor of shape [2, 0]; Seam does not support "
          "empty tensors"),
    ]


#===------------------------------------------------------------------------===#
# Wrong attribute values, per op
#===------------------------------------------------------------------------===#


def attr_cases():
    bn = lambda scale: one_op(
        "BatchNormalization", {"x": [1, 3, 4, 4]},
        [f32("scale", (scale,)), f32("bias", (3,)), f32("mean", (3,)),
         f32("var", (3,))])
    slice_ = lambda starts, ends, axes, steps: one_op(
        "Slice", {"x": [4, 6]},
        [i64("starts", starts), i64("ends", ends), i64("axes", axes),
         i64("steps", steps)])
    # Gather of a constant index out of the shape vector (folded at import).
    gather = lambda index: make(
        [node("Shape", ["x"], ["s"], "shape0"),
         node("Gather", ["s", "i"], ["g"], "gather0", axis=0),
         node("Reshape", ["x", "g"], ["y"], "reshape0")],
        [vi("x", [1, 3, 4, 4])], [vi("y", 1)], [i64("i", [index])])
    concat = lambda b, **kw: one_op("Concat", {"a": [2, 3], "b": b}, **kw)
    transpose = lambda perm: one_op("Transpose", {"x": [2, 3, 4]}, perm=perm)
    conv = lambda text: "node 'conv0' (Conv): 'seam.conv' op " + text
    maxpool = lambda text: "node 'maxpool0' (MaxPool): 'seam.max_pool' op " + \
        text
    axis_range = "axis must be in [-rank, rank-1]"
    c = lambda name, m, expect, **kw: model_case(name, "attr", m, expect,
                                                 **kw)
    return [
        c("conv_negative_stride", conv_model(strides=[-1, 1]),
          "node 'conv0' (Conv): strides must be positive, got [-1, 1]"),
        # A rank-3 input for a rank-4 weight, directly and through a Relu:
        # ONNX 1.12's shape inference reads past the input's dims (found by
        # seam-fuzz-import: SIGSEGV in onnx::convPoolShapeInference).
        c("conv_input_rank_below_kernel",
          one_op("Conv", {"x": [1, 3, 8]}, [f32("w", (4, 3, 3, 3))], rank=3),
          "node 'conv0' (Conv): input 'x' has rank 3 but the kernel has 2 "
          "spatial dims (the input needs rank 4)"),
        c("conv_input_rank_through_relu",
          make([node("Relu", ["x"], ["r"], "relu0"),
                node("Conv", ["r", "w"], ["y"], "conv0")],
               [vi("x", [1, 3, 8])], [vi("y", 3)], [f32("w", (4, 3, 3, 3))]),
          "node 'conv0' (Conv): input 'r' has rank 3 but the kernel has 2 "
          "spatial dims (the input needs rank 4)"),
        # The same inference in ConvInteger and QLinearConv (whose weight
        # is input 3).
        c("convinteger_input_rank_below_kernel",
          make([node("ConvInteger", ["x", "w"], ["y"], "convinteger0")],
               [vi("x", [1, 3, 8], TP.UINT8), vi("w", [4, 3, 3, 3], TP.UINT8)],
               [vi("y", 3, TP.INT32)], opset=10),
          "node 'convinteger0' (ConvInteger): input 'x' has rank 3 but the "
          "kernel has 2 spatial dims (the input needs rank 4)"),
        c("qlinearconv_input_rank_below_kernel",
          make([node("QLinearConv", ["x", "s", "zp", "w", "s", "zp", "s",
                                     "zp"], ["y"], "qlinearconv0")],
               [vi("x", [1, 3, 8], TP.UINT8), vi("s", []),
                vi("zp", [], TP.UINT8), vi("w", [4, 3, 3, 3], TP.UINT8)],
               [vi("y", 3, TP.UINT8)], opset=10),
          "node 'qlinearconv0' (QLinearConv): input 'x' has rank 3 but the "
          "kernel has 2 spatial dims (the input needs rank 4)"),
        # Seam's own checks of the quantized products: a zero point per
        # output channel of the wrong length, a reduction too long to sum
        # exactly in float32.
        c("convinteger_w_zero_point_length",
          make([node("ConvInteger", ["x", "w", "", "wzp"], ["y"],
                     "convinteger0")],
               [vi("x", [1, 3, 8, 8], TP.INT8), vi("w", [4, 3, 3, 3], TP.INT8),
                vi("wzp", [5], TP.INT8)], [vi("y", 4, TP.INT32)], opset=10),
          "node 'convinteger0' (ConvInteger): w_zero_point must be a scalar, "
          "1-D with one value per output channel (4), got shape [5]"),
        c("matmulinteger_reduction_too_long",
          make([node("MatMulInteger", ["a", "b"], ["y"], "matmulinteger0")],
               [vi("a", [1, 1 << 20], TP.UINT8),
                vi("b", [1 << 20, 1], TP.UINT8)], [vi("y", 2, TP.INT32)],
               opset=10),
          "node 'matmulinteger0' (MatMulInteger): a sum of 1048576 products "
          "per result is longer than Seam computes exactly in float32"),
        c("maxpool_input_rank_below_kernel",
          one_op("MaxPool", {"x": [1, 3, 8]}, kernel_shape=[2, 2]),
          "node 'maxpool0' (MaxPool): input 'x' has rank 3 but the kernel "
          "has 2 spatial dims (the input needs rank 4)"),
        c("conv_zero_dilation", conv_model(dilations=[1, 0]),
          "node 'conv0' (Conv): dilations must be positive, got [1, 0]"),
        c("conv_kernel_shape_mismatch", conv_model(kernel_shape=[5, 5]),
          conv("kernel_shape [5, 5] does not match the weight's spatial dims "
               "[3, 3]")),
        c("conv_group_not_dividing", conv_model(group=2),
          conv("group 2 must divide the input channels (3) and the output "
               "channels (4)")),
        c("conv_group_zero", conv_model(group=0), conv("group 0 must divide")),
        c("conv_group_negative", conv_model(group=-3),
          conv("group -3 must divide")),
        c("conv_negative_pads", conv_model(pads=[-1, -1, -1, -1]),
          conv("pads must be non-negative, got [-1, -1, -1, -1]")),
        c("conv_pads_wrong_length", conv_model(pads=[1, 1, 1]),
          onnx_error("conv0", "Attribute pads has incorrect size")),
        c("conv_auto_pad_unknown", conv_model(auto_pad="EVERYWHERE"),
          "node 'conv0' (Conv): auto_pad 'EVERYWHERE' is not one of NOTSET, "
          "SAME_UPPER, SAME_LOWER, VALID"),
        c("conv_weight_rank1", conv_model(f32("w", (3,))),
          conv("weight rank 1 does not match input rank 4")),
        c("conv_bias_length",
          one_op("Conv", {"x": [1, 3, 8, 8]},
                 [f32("w", (4, 3, 3, 3)), f32("b", (5,))]),
          conv("bias must have shape [4] (output channels), got [5]")),
        c("conv_kernel_larger_than_input",
          one_op("Conv", {"x": [1, 3, 2, 2]}, [f32("w", (4, 3, 3, 3))]),
          conv("kernel extent 3 (kernel 3, dilation 1) exceeds the padded "
               "input size 2 in spatial dimension 0")),
        c("maxpool_kernel_zero", pool_model("MaxPool", kernel_shape=[0, 0]),
          maxpool("kernel_shape must be positive, got [0, 0]")),
        c("maxpool_kernel_negative",
          pool_model("MaxPool", kernel_shape=[-2, 2]),
          maxpool("kernel_shape must be positive, got [-2, 2]")),
        c("maxpool_kernel_larger_than_input",
          pool_model("MaxPool", kernel_shape=[9, 9]),
          maxpool("kernel extent 9 (kernel 9, dilation 1) exceeds the padded "
                  "input size 8")),
        c("maxpool_no_kernel_shape", pool_model("MaxPool"),
          "Required attribute 'kernel_shape' is missing"),
        c("maxpool_zero_stride",
          pool_model("MaxPool", kernel_shape=[2, 2], strides=[0, 0]),
          "node 'maxpool0' (MaxPool): strides must be positive, got [0, 0]"),
        c("averagepool_kernel_zero",
          pool_model("AveragePool", kernel_shape=[0, 0]),
          "node 'averagepool0' (AveragePool): 'seam.avg_pool' op kernel_shape "
          "must be positive, got [0, 0]"),
        c("gemm_transa_rank3",
          one_op("Gemm", {"a": [2, 3, 4]}, [f32("b", (3, 5))], rank=2,
                 transA=1),
          "node 'gemm0' (Gemm): input 'a' has rank 3 but Gemm takes "
          "matrices (rank 2)"),
        # A 1-D B: ONNX 1.12's Gemm inference reads B's second dim anyway
        # (found by seam-fuzz-import: SIGSEGV in shape inference).
        c("gemm_b_rank1",
          one_op("Gemm", {"a": [2, 3]}, [f32("b", (3,))], rank=2),
          "node 'gemm0' (Gemm): input 'b' has rank 1 but Gemm takes "
          "matrices (rank 2)"),
        c("gemm_inner_mismatch",
          one_op("Gemm", {"a": [2, 3]}, [f32("b", (4, 5))]),
          "node 'gemm0' (Gemm): 'seam.gemm' op inner dimensions differ: A is "
          "2x3 but B is 4x5"),
        c("matmul_inner_mismatch",
          one_op("MatMul", {"a": [2, 3]}, [f32("b", (4, 5))]),
          onnx_error("matmul0",
                     "Incompatible dimensions for matrix multiplication")),
        c("concat_axis_out_of_range", concat([2, 3], axis=5),
          onnx_error("concat0", axis_range)),
        c("concat_axis_negative_out_of_range", concat([2, 3], axis=-3),
          onnx_error("concat0", axis_range)),
        c("concat_rank_mismatch", concat([2, 3, 1], axis=0),
          onnx_error("concat0", "All inputs to Concat must have same rank. "
                     "Input 1 has rank 3 != 2")),
        c("softmax_axis_out_of_range",
          one_op("Softmax", {"x": [2, 3]}, axis=4),
          onnx_error("softmax0",
                     "'axis' must be in [-2 , 1]. Its actual value is: 4")),
        c("transpose_perm_repeated", transpose([0, 0, 1]),
          onnx_error("transpose0",
                     "Attribute perm for Transpose has repeated value: 0")),
        c("transpose_perm_out_of_range", transpose([0, 1, 7]),
          onnx_error("transpose0", "Invalid attribute perm {0, 1, 7}")),
        c("transpose_perm_wrong_length", transpose([1, 0]),
          "node 'transpose0' (Transpose): 'seam.transpose' op perm [1, 0] is "
          "not a permutation of the 3 input dimensions"),
        # Split is not supported: refused before its sizes are looked at.
        c("split_sizes_not_summing",
          make([node("Split", ["x", "split"], ["a", "b"], "split0", axis=0)],
               [vi("x", [6, 2])], [vi("a", 2), vi("b", 2)],
               [i64("split", [2, 2])]),
          onnx_error("split0", "Mismatch between the sum of 'split' (4) and "
                     "the split dimension of the input (6)")),
        c("slice_zero_step", slice_([0], [4], [0], [0]),
          onnx_error("slice0", "'step' cannot be 0 for Slice")),
        c("slice_axis_out_of_range", slice_([0], [4], [5], [1]),
          onnx_error("slice0", "Input axes has invalid data")),
        c("slice_axis_repeated", slice_([0, 0], [2, 2], [1, 1], [1, 1]),
          onnx_error("slice0", "'axes' has duplicates")),
        c("gather_index_out_of_range", gather(7),
          onnx_error("gather0", "indices must be in [-rank, rank-1]")),
        c("gather_negative_index_out_of_range", gather(-9),
          onnx_error("gather0", "indices must be in [-rank, rank-1]")),
        c("flatten_axis_out_of_range",
          one_op("Flatten", {"x": [2, 3]}, rank=2, axis=5),
          onnx_error("flatten0", "Invalid value(5) for attribute 'axis'")),
        c("flatten_axis_int64_min",
          one_op("Flatten", {"x": [2, 3]}, rank=2, axis=INT64_MIN),
          "node 'flatten0' (Flatten): 'seam.flatten' op axis "
          "-9223372036854775808 is out of range [-2, 2] for rank 2"),
        c("reducemean_axis_out_of_range",
          one_op("ReduceMean", {"x": [2, 3]}, axes=[3]),
          onnx_error("reducemean0", axis_range)),
        c("reducemean_axis_repeated",
          one_op("ReduceMean", {"x": [2, 3]}, axes=[1, 1]),
          "node 'reducemean0' (ReduceMean): 'seam.reduce_mean' op reduction "
          "axis 1 is repeated"),
        c("squeeze_dim_not_one",
          one_op("Squeeze", {"x": [2, 3]}, [i64("axes", [0])], rank=1),
          onnx_error("squeeze0",
                     "Dimension of input 0 must be 1 instead of 2")),
        c("unsqueeze_axis_out_of_range",
          one_op("Unsqueeze", {"x": [2, 3]}, [i64("axes", [9])], rank=3),
          onnx_error("unsqueeze0", "values in 'axes' are beyond the bounds")),
        c("clip_min_not_scalar",
          one_op("Clip", {"x": [2, 3]}, [f32("min", (2,))]),
          "node 'clip0' (Clip): min must be a scalar, got 2 values"),
        c("pad_mode_unknown",
          one_op("Pad", {"x": [1, 3, 4, 4]},
                 [i64("pads", [0, 0, 1, 1, 0, 0, 1, 1])], mode="wrap"),
          "node 'pad0' (Pad): pad mode 'wrap' is not supported (constant, "
          "reflect, edge)"),
        c("cast_to_string",
          one_op("Cast", {"x": [2, 3]}, out_type=TP.STRING, to=TP.STRING),
          "node 'cast0' (Cast): cast to STRING is not supported"),
        c("leakyrelu_alpha_string",
          one_op("LeakyRelu", {"x": [2, 3]}, alpha="big"),
          "Mismatched attribute type in 'leakyrelu0 : alpha'"),
        c("constant_without_value",
          make([node("Constant", [], ["c"], "constant0"),
                node("Add", ["x", "c"], ["y"], "add0")],
               [vi("x", [2, 3])], [vi("y", 2)]),
          onnx_error("constant0", "One and only one of the attributes "
                     "'value', 'value_*' or 'sparse_value' must be "
                     "specified")),
        c("softmax_axis_int64_min",
          one_op("Softmax", {"x": [2, 3]}, axis=INT64_MIN),
          "node 'softmax0' (Softmax): 'seam.softmax' op axis "
          "-9223372036854775808 is out of range [-2, 1] for rank 2"),
        c("batchnorm_scale_length", bn(2),
          "node 'batchnormalization0' (BatchNormalization): scale must have "
          "shape [3] (one value per channel of X), got [2]"),
        # Shapes from import-time arithmetic that no int64 holds: the
        # conversion from double was undefined behaviour, and an integer
        # Range of 2^64 values filled memory until it ran out.
        c("range_int64_full_span",
          make([node("Range", ["s", "l", "d"], ["y"], "range0")], [],
               [vi("y", 1, TP.INT64)],
               [nh.from_array(np.array(INT64_MIN, np.int64), "s"),
                nh.from_array(np.array(2**63 - 1, np.int64), "l"),
                nh.from_array(np.array(1, np.int64), "d")]),
          "node 'range0' (Range): the range from -9223372036854775808 to "
          "9223372036854775807 by 1 has"),
        c("range_float_infinite_limit",
          make([node("Range", ["s", "l", "d"], ["y"], "range0")], [],
               [vi("y", 1)],
               [nh.from_array(np.array(0, np.float32), "s"),
                nh.from_array(np.array(np.inf, np.float32), "l"),
                nh.from_array(np.array(1, np.float32), "d")]),
          ["node 'range0' (Range): start", "do not give a finite number of "
           "elements"]),
        c("resize_scale_beyond_int64",
          make([node("Resize", ["x", "", "sc"], ["y"], "resize0")],
               [vi("x", [1, 1, 2, 2])], [vi("y", 4)],
               [nh.from_array(np.array([1, 1, 1e30, 1], np.float32), "sc")]),
          ["node 'resize0' (Resize): dim 2 of size 2 resizes to",
           "elements, not a valid dim"]),
        # ONNX 1.12's own shape inference indexes dims with these unchecked
        # (SIGSEGV, SIGFPE; found by seam-fuzz-import and -compile).
        c("layernorm_axis_below_rank",
          make([node("LayerNormalization", ["x", "g"], ["y"], "ln0",
                     axis=-5)],
               [vi("x", [2, 3, 4])], [vi("y", 3)], [f32("g", (4,))],
               opset=17),
          "node 'ln0' (LayerNormalization): axis -5 is out of range for "
          "input 'x' of rank 3"),
        c("gemm_constant_b_rank_1",
          make([node("Constant", [], ["b"], "constant0",
                     value=nh.from_array(np.zeros(3, np.float32), "v")),
                node("Gemm", ["a", "b"], ["y"], "gemm0")],
               [vi("a", [2, 1])], [vi("y", 2)]),
          "node 'gemm0' (Gemm): input 'b' has rank 1 but Gemm takes "
          "matrices (rank 2)"),
        # A stride of 0 in an If's branch: ONNX 1.12 infers the branch too
        # (SIGFPE in its Conv inference before the check looked into
        # subgraphs).
        c("if_branch_conv_stride_0",
          make([node("If", ["cond"], ["y"], "if0",
                     then_branch=h.make_graph(
                         [node("Conv", ["x", "w"], ["t"], "conv_then",
                               strides=[0, 0])], "then", [],
                         [vi("t", [1, 1, 2, 2])]),
                     else_branch=h.make_graph(
                         [node("Conv", ["x", "w"], ["e"], "conv_else",
                               strides=[2, 2])], "else", [],
                         [vi("e", [1, 1, 2, 2])]))],
               [vi("x", [1, 1, 4, 4]), vi("cond", [], TP.BOOL)],
               [vi("y", [1, 1, 2, 2])], [f32("w", [1, 1, 2, 2])]),
          "node 'conv_then' (Conv): strides must be positive, got [0, 0]"),
        c("gathernd_negative_batch_dims",
          one_op("GatherND", {"x": [2, 3, 4, 5]},
                 [i64("i", np.zeros((2, 2, 2), np.int64))], batch_dims=-5),
          "node 'gathernd0' (GatherND): batch_dims -5 must be >= 0 and "
          "below the ranks of data and indices"),
        c("depthtospace_blocksize_2_32",
          one_op("DepthToSpace", {"x": [1, 8, 2, 3]}, blocksize=2**32),
          "node 'depthtospace0' (DepthToSpace): blocksize 4294967296 is not "
          "in [1, 46340]"),
        # ONNX 1.12's Scan inference sizes vectors by num_scan_inputs before
        # checking it (16 GiB for 2^31 - 1; found by seam-fuzz-compile).
        c("scan_num_scan_inputs_2_31",
          make([node("Scan", ["s", "x"], ["y"], "scan0",
                     num_scan_inputs=2**31 - 1,
                     body=h.make_graph(
                         [node("Add", ["si", "xi"], ["so"], "add0")], "body",
                         [vi("si", [2]), vi("xi", [2])], [vi("so", [2])]))],
               [vi("s", [2]), vi("x", [3, 2])], [vi("y", 1)], opset=11),
          "node 'scan0' (Scan): num_scan_inputs 2147483647 is not in [1, 2] "
          "(the node's inputs)"),
        # A window entirely in the padding would average 0 elements (NaN);
        # ONNX Runtime refuses pads >= kernel.
        c("averagepool_pads_exceed_kernel",
          pool_model("AveragePool", kernel_shape=[2, 2], pads=[3, 3, 3, 3]),
          "node 'averagepool0' (AveragePool): 'seam.avg_pool' op pads "
          "[3, 3, 3, 3] must be smaller than the kernel extent 2 of spatial "
          "dimension 0 (a window would hold only padding)"),
        # TopK, OneHot, GatherND and the scatters: attribute values and
        # constant inputs outside their ranges.
        c("topk_k_negative",
          make([node("TopK", ["x", "k"], ["v", "i"], "topk0")],
               [vi("x", [3, 4])], [vi("v", 2), vi("i", 2, TP.INT64)],
               [i64("k", [-1])], opset=11),
          "node 'topk0' (TopK): 'seam.top_k' op k (-1) must be in [1, 4], "
          "the size of axis 1"),
        c("onehot_depth_overflow",
          make([node("OneHot", ["i", "d", "v"], ["y"], "onehot0")],
               [vi("i", [4], TP.INT64), vi("v", [2])], [vi("y", 2)],
               [nh.from_array(np.array([2.0**62], np.float32), "d")],
               opset=11),
          "node 'onehot0' (OneHot): 'seam.one_hot' op element count of the "
          "result [4, 4611686018427387904] overflows int64"),
        c("onehot_depth_infinite",
          make([node("OneHot", ["i", "d", "v"], ["y"], "onehot0")],
               [vi("i", [4], TP.INT64), vi("v", [2])], [vi("y", 2)],
               [nh.from_array(np.array([np.inf], np.float32), "d")],
               opset=11),
          "node 'onehot0' (OneHot): input 'd' (depth) is not a finite "
          "int64: INF"),
        c("gathernd_batch_dims_int64_min",
          make([node("GatherND", ["x", "i"], ["y"], "gathernd0",
                     batch_dims=INT64_MIN)],
               [vi("x", [3, 4]), vi("i", [2, 1], TP.INT64)], [vi("y", 1)]),
          "node 'gathernd0' (GatherND): batch_dims -9223372036854775808 "
          "must be >= 0 and below the ranks of data and indices"),
        c("scatterelements_axis_int64_min",
          make([node("ScatterElements", ["x", "i", "u"], ["y"],
                     "scatterelements0", axis=INT64_MIN)],
               [vi("x", [3, 4]), vi("i", [2, 4], TP.INT64), vi("u", [2, 4])],
               [vi("y", 2)]),
          "node 'scatterelements0' (ScatterElements): "
          "'seam.scatter_elements' op axis -9223372036854775808 is out of "
          "range [-2, 1] for rank 2"),
        c("scatternd_tuple_beyond_rank",
          make([node("ScatterND", ["x", "i", "u"], ["y"], "scatternd0")],
               [vi("x", [3, 4]), vi("i", [2, 3], TP.INT64), vi("u", [2])],
               [vi("y", 2)]),
          "node 'scatternd0' (ScatterND): 'seam.scatter_nd' op the last dim "
          "of indices (3) must be in [1, 2] (the rank of data)"),
    ]


#===------------------------------------------------------------------------===#
# External data
#===------------------------------------------------------------------------===#

W_BYTES = 4 * 3 * 3 * 3 * 4           # the conv weight w, float32
EXT = "initializer 'w': external data "


def external(location, offset=None, length=None):
    """Conv's w 4x3x3x3 as external data at `location`."""
    w = f32("w", (4, 3, 3, 3))
    external_data_helper.set_external_data(w, location, offset, length)
    w.ClearField("raw_data")
    return conv_model(w)


def external_raw(entries):
    """Conv's w with the external_data key/value pairs `entries` as given."""
    w = f32("w", (4, 3, 3, 3))
    w.ClearField("raw_data")
    w.data_location = TP.EXTERNAL
    for k, v in entries:
        e = w.external_data.add()
        e.key, e.value = k, v
    return conv_model(w)


def weights(path, size=W_BYTES):
    return lambda d: write(os.path.join(d, path), bytes(size))


def ext_cases():
    M = "m/model.onnx"        # the model in its own folder m/
    c = lambda name, m, extra, expect, **kw: Case(
        name, "extdata", also(save(m, M), *extra), expect, model=M, **kw)
    in_m = [weights("m/weights.bin")]
    cst = nh.from_array(np.zeros((2, 3), np.float32), "v")
    external_data_helper.set_external_data(cst, "../../../etc/passwd")
    cst.ClearField("raw_data")
    return [
        c("ext_traversal", external("../../../../../../etc/passwd"), [],
          EXT + "location '../../../../../../etc/passwd' must not contain "
          "'..' (it would leave the model's folder)"),
        c("ext_traversal_inside_name", external("sub/../../secret.bin"),
          [weights("secret.bin")],
          EXT + "location 'sub/../../secret.bin' must not contain '..'"),
        c("ext_traversal_in_constant",
          make([node("Constant", [], ["c"], "constant0", value=cst),
                node("Add", ["x", "c"], ["y"], "add0")],
               [vi("x", [2, 3])], [vi("y", [2, 3])]), [],
          "'v': external data location '../../../etc/passwd' must not "
          "contain '..'"),
        c("ext_absolute", external("/etc/passwd"), [],
          EXT + "location '/etc/passwd' must be a relative path inside the "
          "model's folder"),
        c("ext_backslash", external("..\\..\\etc\\passwd"), [],
          EXT + "location '..\\..\\etc\\passwd' must be a relative path"),
        c("ext_symlink_outside", external("weights.bin"),
          [weights("outside/weights.bin"),
           symlink("{d}/outside/weights.bin", "m/weights.bin")],
          (EXT + "location 'weights.bin' resolves to '",
           "outside/weights.bin', outside the model's folder")),
        c("ext_symlink_to_dev_zero", external("weights.bin"),
          [symlink("/dev/zero", "m/weights.bin")],
          EXT + "location 'weights.bin' resolves to '/dev/zero', outside the "
          "model's folder"),
        c("ext_fifo", external("weights.bin"), [fifo("m/weights.bin")],
          EXT + "'weights.bin' cannot be read: is not a regular file (a "
          "FIFO)"),
        c("ext_directory", external("weights.bin"), [folder("m/weights.bin")],
          EXT + "'weights.bin' cannot be read: Is a directory"),
        c("ext_the_folder_itself", external("."), [],
          EXT + "'.' cannot be read: Is a directory"),
        c("ext_missing_file", external("nowhere.bin"), [],
          EXT + "file 'nowhere.bin' does not exist in '"),
        c("ext_offset_past_end", external("weights.bin", 100000), in_m,
          EXT + "offset 100000 is past the end of 'weights.bin' (432 "
          "bytes)"),
        c("ext_length_past_end", external("weights.bin", 400, W_BYTES), in_m,
          EXT + "offset 400 + length 432 is past the end of 'weights.bin' "
          "(432 bytes)"),
        c("ext_length_uint64_max",
          external_raw([("location", "weights.bin"), ("offset", "16"),
                        ("length", str(UINT64_MAX))]), in_m,
          EXT + "offset 16 + length 18446744073709551615 is past the end"),
        c("ext_length_negative",
          external_raw([("location", "weights.bin"), ("length", "-1")]),
          in_m, EXT + "length '-1' is not a non-negative integer"),
        c("ext_offset_not_a_number",
          external_raw([("location", "weights.bin"), ("offset", "0x10")]),
          in_m, EXT + "offset '0x10' is not a non-negative integer"),
        c("ext_no_location", external_raw([("offset", "0")]), in_m,
          EXT + "has no location"),
        # A file shorter / longer than the tensor, no length given.
        c("ext_file_too_short", external("weights.bin"),
          [weights("m/weights.bin", W_BYTES - 4)],
          "initializer 'w': external data 'weights.bin' has 428 bytes (from "
          "offset 0) but FLOAT [4, 3, 3, 3] needs 432"),
        c("ext_file_too_long", external("weights.bin"),
          [weights("m/weights.bin", W_BYTES + 4)],
          "initializer 'w': external data 'weights.bin' has 436 bytes (from "
          "offset 0) but FLOAT [4, 3, 3, 3] needs 432"),
        # 8 GiB (sparse) of external data for a 432-byte tensor: to be
        # refused before anything is mapped or copied.
        c("ext_oversized_file", external("weights.bin"),
          [sparse("m/weights.bin", 8 << 30)],
          "initializer 'w': external data 'weights.bin' has 8589934592 bytes "
          "(from offset 0) but FLOAT [4, 3, 3, 3] needs 432", big=True),
    ]


#===------------------------------------------------------------------------===#
# Opsets, domains, IR versions, unsupported ops
#===------------------------------------------------------------------------===#


def opset_cases():
    io = ([vi("x", [1, 3, 4, 4])], [vi("y", [1, 3, 4, 4])])
    c = lambda name, m, expect, **kw: model_case(name, "opset", m, expect,
                                                 **kw)
    unsupported = "the model uses 1 node(s) with ops Seam does not support: "
    return [
        c("opset_too_new", relu_model(opset=99),
          "opset 99 is newer than the newest this ONNX library supports "
          "(17)"),
        c("opset_int64_max", relu_model(opset=INT64_MAX),
          "opset 9223372036854775807 is newer than the newest"),
        c("opset_negative", relu_model(opset=-1),
          "opset -1 of the default domain is not a valid version; Seam "
          "imports opsets 1 to 17"),
        c("opset_zero", relu_model(opset=0),
          "the ONNX model imports no default-domain opset"),
        c("opset_missing",
          make([node("Relu", ["x"], ["y"], "relu0")], *io, opset=None,
               opsets=[("com.example", 1)]),
          "the ONNX model imports no default-domain opset"),
        # HardSwish came with opset 14.
        c("op_newer_than_opset",
          make([node("HardSwish", ["x"], ["y"], "hardswish0")], *io,
               opset=9),
          "No Op registered for HardSwish"),
        c("unknown_domain_op",
          make([node("Frobnicate", ["x"], ["y"], "frob0",
                     domain="com.example")], *io,
               opsets=[("com.example", 1)]),
          unsupported + "com.example::Frobnicate (1 node)"),
        c("undeclared_domain_op",
          make([node("Relu", ["x"], ["y"], "relu0",
                     domain="org.undeclared")], *io),
          unsupported + "org.undeclared::Relu (1 node)"),
        c("ml_domain_op",
          make([node("FeatureVectorizer", ["x"], ["y"], "fv0",
                     domain="ai.onnx.ml")], *io,
               opsets=[("ai.onnx.ml", 3)]),
          unsupported + "ai.onnx.ml::FeatureVectorizer (1 node)"),
        # An ai.onnx.ml op Seam converts, given an input it does not take.
        c("ml_domain_op_rank",
          make([node("Normalizer", ["x"], ["y"], "norm0",
                     domain="ai.onnx.ml")], *io,
               opsets=[("ai.onnx.ml", 3)]),
          "node 'norm0' (Normalizer): input 'x' has shape [1, 3, 4, 4]; "
          "expected [C] or [N, C]"),
        c("unsupported_op",
          make([node("StringNormalizer", ["x"], ["y"], "normalizer0")],
               [vi("x", [2], TP.STRING)], [vi("y", 1, TP.STRING)]),
          unsupported + "StringNormalizer (1 node)"),
        # The note that names the node, on seam-run.
        c("unsupported_op_names_node",
          make([node("RandomUniformLike", ["x"], ["y"], "random0")],
               [vi("x", [2, 3, 3])], [vi("y", [2, 3, 3])]),
          "node 'random0': op RandomUniformLike (domain 'ai.onnx', opset 13) "
          "is not supported", tools=(RUN,)),
        c("ir_version_zero", relu_model(ir_version=0),
          "The model does not have an ir_version set properly"),
        c("ir_version_too_new", relu_model(ir_version=99),
          "Your model ir_version is higher than the checker's"),
        c("ir_version_negative", relu_model(ir_version=-5),
          "model with IR version < 3 cannot have opset_import specified"),
    ]


#===------------------------------------------------------------------------===#
# Tensor data and data types
#===------------------------------------------------------------------------===#


def data_cases():
    add = lambda init: make([node("Add", ["x", init.name], ["y"], "add0")],
                            [vi("x", [2, 3])], [vi("y", 2)], [init])
    c = lambda name, m, expect, **kw: model_case(name, "data", m, expect,
                                                 **kw)
    float_data = TP()
    float_data.name, float_data.data_type = "c", TP.FLOAT
    float_data.dims.extend([2, 3])
    float_data.float_data.extend([1.0, 2.0])
    sparse_init = make([node("Add", ["x", "c"], ["y"], "add0")],
                       [vi("x", [4])], [vi("y", [4])])
    s = sparse_init.graph.sparse_initializer.add()
    s.values.CopyFrom(nh.from_array(np.array([1.0], np.float32), "c"))
    s.indices.CopyFrom(nh.from_array(np.array([2], np.int64), "c_indices"))
    s.dims.extend([4])
    relu = lambda x: make([node("Relu", ["x"], ["y"], "relu0")], [x],
                          [vi("y", 2)])
    return [
        c("raw_data_too_short", add(raw_tensor("c", [2, 3], bytes(1))),
          "initializer 'c': has 1 bytes of data but FLOAT [2, 3] needs 24"),
        # A Reshape's shape with 6 bytes for two int64s: ONNX 1.12's shape
        # inference copies it into a vector sized from the bytes (found by
        # seam-fuzz-import: SIGSEGV in onnx::ParseData).
        c("raw_data_short_shape_input",
          make([node("Reshape", ["x", "shape"], ["y"], "reshape0")],
               [vi("x", [2, 3])], [vi("y", [3, 2])],
               [raw_tensor("shape", [2], bytes(6), TP.INT64)]),
          "initializer 'shape': has 6 bytes of data but INT64 [2] needs 16"),
        c("raw_data_too_long", add(raw_tensor("c", [2, 3], bytes(4096))),
          "initializer 'c': has 4096 bytes of data but FLOAT [2, 3] needs "
          "24"),
        c("float_data_count", add(float_data),
          "initializer 'c': has 2 values but shape [2, 3] needs 6"),
        c("initializer_dtype_mismatch",
          conv_model(i64("w", np.zeros((4, 3, 3, 3)))),
          onnx_error("conv0", "W typestr: T, has unsupported type: "
                     "tensor(int64)")),
        c("initializer_dtype_undefined",
          add(raw_tensor("c", [2, 3], bytes(24), TP.UNDEFINED)),
          "setting data_type field (tensor name: c) to UNDEFINED is not "
          "allowed"),
        c("initializer_dtype_999", add(raw_tensor("c", [2, 3], bytes(24),
                                                  999)),
          "Invalid tensor data type 999"),
        c("initializer_string",
          add(h.make_tensor("c", TP.STRING, [2, 3], [b"a"] * 6)),
          onnx_error("add0", "has unsupported type: tensor(string)")),
        c("sparse_initializer", sparse_init,
          onnx_error("add0", "has unsupported type: sparse_tensor(float)")),
        # An initializer named like an input, of another shape.
        c("initializer_shadows_input",
          make([node("Relu", ["x"], ["y"], "relu0")], [vi("x", [1, 3, 4, 4])],
               [vi("y", [1, 3, 4, 4])], [f32("x", (2,))]),
          "initializer 'x' has shape [2] but graph input 'x' of the same name "
          "declares [1, 3, 4, 4]"),
        c("input_int16",
          make([node("Identity", ["x"], ["y"], "id0")],
               [vi("x", [2, 3], TP.INT16)], [vi("y", [2, 3], TP.INT16)]),
          "input 'x' has data type INT16; Seam supports float32, float64, "
          "float16, int64, int32, int8, uint64, uint32, uint16, uint8 and "
          "bool inputs"),
        c("input_not_a_tensor",
          relu(h.make_tensor_sequence_value_info("x", TP.FLOAT, [2, 3])),
          "input 'x' is not a tensor; Seam imports tensor inputs only"),
        c("input_no_shape", relu(vi("x", None)),
          "input 'x' has no shape; give one with --input-shape x=DxDx..."),
    ]


#===------------------------------------------------------------------------===#
# Input files and options given to seam-run, --input-shape to both tools
#===------------------------------------------------------------------------===#


def npy(shape=(1, 3, 4, 4), dtype="<f4", fortran=False, header=None,
        data=None, cut=0):
    """The bytes of a .npy (v1) file; `header` replaces the dict numpy
    would write, `data` the zeros of `shape`, `cut` drops bytes from the
    end."""
    if header is None:
        header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
            np.dtype(dtype).str, fortran, tuple(shape))
    header = header.encode("latin1")
    header += b" " * (-(10 + len(header) + 1) % 64) + b"\n"
    if data is None:
        data = np.zeros(shape, dtype=dtype).tobytes()
    out = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header + \
        data
    return out[:len(out) - cut]


def pb_tensor(shape=(1, 3, 4, 4), dtype=np.float32, raw=None, dims=None):
    t = nh.from_array(np.zeros(shape, dtype=dtype), "x")
    if raw is not None:
        t.raw_data = raw
    if dims is not None:
        del t.dims[:]
        t.dims.extend(dims)
    return t.SerializeToString()


def input_cases():
    """A valid Relu model (x: 1x3x4x4) given bad input files or options."""
    model = save(relu_model())

    def c(name, files, args, expect, extra=(), **kw):
        """seam-run with the input files {name: bytes} and `args`."""
        builders = [model] + [lambda d, p=p, b=b: write(os.path.join(d, p), b)
                              for p, b in files.items()] + list(extra)
        return Case(name, "inputs", also(*builders), expect, tools=(RUN,),
                    run_args=tuple(args), **kw)

    x_npy, x_pb = ["--input", "x={d}/x.npy"], ["--input", "x={d}/x.pb"]
    unsupported = ("x.npy': unsupported .npy dtype '>f4' (supported: <f4, "
                   "<f8, <f2, <i8, <i4, |i1, |u1, <u2, <u4, <u8, |b1), "
                   "header: ")
    dyn = save(relu_model(("N", "C", "H", "W")))

    def shape(name, specs, expect, **kw):
        """--input-shape to both tools (`specs` separated by spaces)."""
        args = tuple(a for s in specs.split() for a in ("--input-shape", s))
        return Case(name, "inputs", dyn, expect, args=args, **kw)

    return [
        c("npy_int64", {"x.npy": npy(dtype="<i8")}, x_npy,
          "x.npy' has element type int64 but the model expects float32"),
        c("npy_float64", {"x.npy": npy(dtype="<f8")}, x_npy,
          "x.npy' has element type float64 but the model expects float32"),
        c("npy_big_endian", {"x.npy": npy(dtype=">f4")}, x_npy,
          unsupported + "{'descr': '>f4'"),
        c("npy_wrong_shape", {"x.npy": npy(shape=(1, 3, 4, 5))}, x_npy,
          "input 'x' has shape [1, 3, 4, 5] but the model expects "
          "[1, 3, 4, 4]"),
        c("npy_wrong_rank", {"x.npy": npy(shape=(48,))}, x_npy,
          "input 'x' has shape [48] but the model expects [1, 3, 4, 4]"),
        c("npy_truncated_data", {"x.npy": npy(cut=5)}, x_npy,
          "x.npy': holds 187 bytes of data but its shape needs 192"),
        c("npy_extra_data", {"x.npy": npy(data=bytes(200))}, x_npy,
          "x.npy': holds 200 bytes of data but its shape needs 192"),
        c("npy_truncated_header", {"x.npy": npy()[:40]}, x_npy,
          "x.npy': truncated .npy header"),
        c("npy_bad_magic", {"x.npy": b"\x93NUMPZ" + npy()[6:]}, x_npy,
          "x.npy': not a .npy file"),
        c("npy_header_without_shape",
          {"x.npy": npy(header="{'descr': '<f4', 'fortran_order': False}",
                        data=b"")}, x_npy,
          "x.npy': no shape in the .npy header"),
        c("npy_header_garbage_dim",
          {"x.npy": npy(header="{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (1, three, 4, 4), }", data=b"")},
          x_npy, "x.npy': bad dimension ' three' in the .npy header"),
        c("npy_header_negative_dim",
          {"x.npy": npy(shape=(1, -3, 4, 4), data=b"")}, x_npy,
          "x.npy': bad dimension ' -3' in the .npy header"),
        c("npy_header_huge_shape", {"x.npy": npy(shape=(BIG, BIG), data=b"")},
          x_npy, "x.npy': shape [1099511627776, 1099511627776] has more "
          "bytes than int64 can count"),
        c("npy_fortran_order", {"x.npy": npy(fortran=True)}, x_npy,
          "x.npy': Fortran-order .npy files are not supported"),
        c("npy_v2_header_length_huge",
          {"x.npy": b"\x93NUMPY\x02\x00\xff\xff\xff\xff{'descr'"}, x_npy,
          "x.npy': truncated .npy header"),
        c("pb_int64", {"x.pb": pb_tensor(dtype=np.int64)}, x_pb,
          "x.pb' has element type int64 but the model expects float32"),
        c("pb_raw_size", {"x.pb": pb_tensor(raw=bytes(7))}, x_pb,
          "x.pb': raw data size does not match its dims [1, 3, 4, 4]"),
        c("pb_huge_dims", {"x.pb": pb_tensor(raw=b"", dims=[BIG, BIG])}, x_pb,
          "x.pb': dims [1099511627776, 1099511627776] are negative or have "
          "more bytes than int64 can count"),
        c("pb_garbage", {"x.pb": b"\xff" * 64}, x_pb,
          "x.pb': not an ONNX TensorProto"),
        c("input_unknown_name", {"x.npy": npy()},
          ["--input", "nope={d}/x.npy"],
          "the model has no input named 'nope' (inputs: 'x')"),
        c("input_too_many_files", {"x.npy": npy()},
          ["--input", "{d}/x.npy", "--input", "{d}/x.npy"],
          "more input files than the model has inputs"),
        c("input_missing_file", {}, ["--input", "x={d}/absent.npy"],
          "absent.npy': No such file or directory"),
        c("input_empty_binding", {}, ["--input", "x="],
          "'x=': No such file or directory"),
        c("input_is_directory", {}, x_npy, "x.npy': Is a directory",
          extra=[folder("x.npy")]),
        c("input_is_fifo", {}, x_npy,
          ("x.npy", "is not a regular file (a FIFO)"),
          extra=[fifo("x.npy")], timeout=10),
        c("input_unknown_extension", {"x.txt": b"1 2 3"},
          ["--input", "x={d}/x.txt"],
          "x.txt': unknown tensor file type (use .npy or .pb)"),
        c("threads_negative", {}, ["--threads=-1"],
          "--threads needs a non-negative integer, got '-1'"),
        c("max_tensor_bytes_negative", {}, ["--max-tensor-bytes=-1"],
          "--max-tensor-bytes must be positive, got -1"),
        shape("input_shape_zero", "x=0x3x4x4",
              "--input-shape 'x=0x3x4x4': '0' is not a positive dimension"),
        shape("input_shape_negative", "x=-1x3x4x4",
              "--input-shape 'x=-1x3x4x4': '-1' is not a positive "
              "dimension"),
        shape("input_shape_garbage", "x=axb",
              "--input-shape 'x=axb': 'a' is not a positive dimension"),
        shape("input_shape_no_name", "1x3x4x4",
              "--input-shape '1x3x4x4' must look like name=1x3x224x224"),
        shape("input_shape_unknown_input", "x=1x3x4x4 nope=1x3x4x4",
              "--input-shape names 'nope', which is not an input of the "
              "model"),
        shape("input_shape_rank_mismatch", "x=1x3",
              "--input-shape x has rank 2 but input 'x' has rank 4"),
        shape("input_shape_overflow", "x=%dx%dx%dx1" % (BIG, BIG, BIG),
              "input 'x': element count of [1099511627776, 1099511627776, "
              "1099511627776, 1] overflows int64"),
    ]


#===------------------------------------------------------------------------===#
# Outputs written by seam-run --save-outputs
#===------------------------------------------------------------------------===#


def output_cases():
    def outputs(*names):
        """Relu, Sigmoid, ... of x, to outputs named `names`."""
        ops = ["Relu", "Sigmoid", "Tanh"]
        return make([node(ops[i], ["x"], [n], "op%d" % i)
                     for i, n in enumerate(names)],
                    [vi("x", [1, 3, 4, 4])],
                    [vi(n, [1, 3, 4, 4]) for n in names])
    c = lambda name, m, expect, **kw: Case(name, "outputs", save(m), expect,
                                           tools=(RUN,), **kw)
    return [
        c("save_outputs_missing_folder", relu_model(),
          "no/such/folder/y.npy': No such file or directory",
          run_args=("--save-outputs", "{d}/no/such/folder")),
        # An output name that leaves the --save-outputs folder.
        c("output_name_traversal", outputs("../escape"),
          "output '../escape' cannot be saved: its name is not a plain file "
          "name", absent=("escape.npy",)),
        # The second output cannot be written: the first must not be left.
        c("output_name_slash", outputs("good", "sub/bad"),
          "output 'sub/bad' cannot be saved: its name is not a plain file "
          "name"),
    ]


#===------------------------------------------------------------------------===#
# MLIR modules given to seam-run
#===------------------------------------------------------------------------===#


def mlir_cases():
    c = lambda name, text, expect: Case(
        name, "mlir", save(text.encode(), "model.mlir"), expect,
        tools=(RUN,), model="model.mlir")
    conv = ("func.func @main(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x1x1xf32>)"
            " -> tensor<1x1x4x4xf32> {\n"
            "  %y = seam.conv %x, %w {strides = array<i64: 0, 0>} : "
            "(tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> "
            "tensor<1x1x4x4xf32>\n"
            "  return %y : tensor<1x1x4x4xf32>\n}\n")
    return [
        c("mlir_garbage", "this is not MLIR {{{\n",
          "custom op 'this' is unknown"),
        c("mlir_no_main",
          "func.func @other(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
          "  return %a : tensor<2xf32>\n}\n",
          "the module has no func.func @main"),
        c("mlir_unknown_op",
          "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
          "  %b = seam.frobnicate %a : tensor<2xf32>\n"
          "  return %b : tensor<2xf32>\n}\n",
          "custom op 'seam.frobnicate' is unknown"),
        c("mlir_conv_zero_stride", conv,
          "'seam.conv' op strides must be positive, got [0, 0]"),
    ]


CATEGORIES = [file_cases, graph_cases, dims_cases, attr_cases, ext_cases,
              opset_cases, data_cases, input_cases, output_cases, mlir_cases]


_CASES = None


def all_cases():
    """Every case, in table order (built once)."""
    global _CASES
    if _CASES is None:
        _CASES = [c for category in CATEGORIES for c in category()]
        names = [c.name for c in _CASES]
        assert len(names) == len(set(names)), "duplicate case names"
    return _CASES


#===------------------------------------------------------------------------===#
# Running and checking
#===------------------------------------------------------------------------===#


def rlimit_from_env():
    """Whether to bound the tools' address space: not when
    SEAM_HOSTILE_NO_RLIMIT is set (sanitized tools)."""
    return not os.environ.get("SEAM_HOSTILE_NO_RLIMIT")


def run_tool(cmd, cwd, timeout, rlimit, env=None):
    """Runs `cmd` with no core file and, if `rlimit`, a bounded address
    space; returns (exit status or None on a timeout, stderr, seconds)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if rlimit:
            resource.setrlimit(resource.RLIMIT_AS,
                               (ADDRESS_SPACE, ADDRESS_SPACE))
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=limit, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        code = None
    return code, err.decode("utf-8", "replace"), time.monotonic() - start


def commands(case, d, tools_dir):
    """(tool, command, output path it must not leave) of each tool run."""
    fmt = lambda args: [a.format(d=d) for a in args]
    model = os.path.join(d, case.model)
    out = []
    if TRANSLATE in case.tools:
        mlir = os.path.join(d, "out.mlir")
        out.append((TRANSLATE,
                    [os.path.join(tools_dir, "seam-translate"),
                     "--import-onnx", model, "-o", mlir] + fmt(case.args),
                    mlir))
    if RUN in case.tools:
        saved = os.path.join(d, "outputs")
        os.makedirs(saved)
        out.append((RUN,
                    [os.path.join(tools_dir, "seam-run"), model,
                     "--save-outputs", saved] + fmt(case.args) +
                    fmt(case.run_args), saved))
    return out


def check_run(case, code, err, output, d):
    """The problems of one tool run (none: it failed cleanly)."""
    problems = []
    if code is None:
        problems.append("timed out after %d s (killed)" % case.timeout)
    elif code < 0:
        problems.append("killed by signal %d (%s)" %
                        (-code, signal.Signals(-code).name))
    elif code == 0:
        problems.append("exit status 0 on a hostile input")
    elif code >= 128:
        problems.append("exit status %d (a signal through a shell?)" % code)
    problems += ["stderr contains %r" % m for m in FORBIDDEN if m in err]
    expected = case.expected()
    if not any(all(e in line for e in expected) for line in err.splitlines()):
        problems.append("no stderr line contains %s" %
                        " and ".join(repr(e) for e in expected))
    if os.path.isdir(output):
        left = sorted(os.listdir(output))
        if left:
            problems.append("left files in %s: %s" % (output,
                                                      ", ".join(left)))
    elif os.path.lexists(output):
        problems.append("left the output file %s" % output)
    for path in case.absent:
        if os.path.lexists(os.path.join(d, path)):
            problems.append("wrote %s" % os.path.join(d, path))
            os.remove(os.path.join(d, path))
    return problems


def run_case(case, root, tools_dir, rlimit, verbose=False, log=sys.stdout,
             env=None):
    """Builds `case` in root/<name> and checks every tool run (in `env`,
    by default this process's); returns PASS, FAIL, XFAIL, XPASS or SKIP (a
    `big` case without `rlimit`)."""
    if case.big and not rlimit:
        print("the case needs the address-space limit", file=log)
        return "SKIP"
    d = os.path.join(root, case.name)
    if os.path.lexists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    case.build(d)
    ok = True
    for _, cmd, output in commands(case, d, tools_dir):
        code, err, seconds = run_tool(cmd, d, case.timeout, rlimit, env)
        problems = check_run(case, code, err, output, d)
        ok &= not problems
        if verbose or problems:
            print("$ " + " ".join(cmd), file=log)
            print("  exit status %s after %.1f s; stderr:" % (code, seconds),
                  file=log)
            for line in err.splitlines()[-30:]:
                print("  | " + line, file=log)
            for p in problems:
                print("  problem: " + p, file=log)
    # Sparse giants are of no use once checked.
    for dirpath, _, files in os.walk(d):
        for f in files:
            p = os.path.join(dirpath, f)
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode) and st.st_size > (64 << 20):
                os.remove(p)
    if case.xfail:
        print("expected to fail today: " + case.xfail, file=log)
    return {(True, False): "PASS", (False, False): "FAIL",
            (False, True): "XFAIL", (True, True): "XPASS"}[
                (ok, bool(case.xfail))]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__[__doc__.index("  make_hostile.py list"):])
    parser.add_argument("mode", choices=["list", "run"])
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    parser.add_argument("--tools", help="the folder of seam-translate and "
                        "seam-run")
    parser.add_argument("--dir", help="where to write the cases' files")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every command and its stderr")
    args = parser.parse_intermixed_args()
    cases = all_cases()
    if args.mode == "list":
        for c in cases:
            print(json.dumps({"name": c.name, "category": c.category,
                              "xfail": c.xfail, "big": c.big}))
        return 0
    if not args.tools or not args.dir:
        parser.error("run needs --tools and --dir")
    by_name = {c.name: c for c in cases}
    unknown = [n for n in args.cases if n not in by_name]
    if unknown:
        parser.error("unknown case(s): " + ", ".join(unknown))
    unexpected = 0
    for c in [by_name[n] for n in args.cases] if args.cases else cases:
        status = run_case(c, os.path.abspath(args.dir), args.tools,
                          rlimit_from_env(), args.verbose)
        unexpected += status in ("FAIL", "XPASS")
        print("%s: %s" % (status, c.name), flush=True)
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
