#!/usr/bin/python3
"""Writes the numeric tests of the xnnpack backend (../numerics/*.mlir).

Each case is a small model (func @main of seam ops, weights inline) that
exercises one xnnpack composite or single op, with its inputs and a NumPy
reference of its outputs (Inputs/<case>.in<i>.npy, .ref<i>.npy). The test
partitions it (the composites the xnnpack backend takes are checked), then
runs it with --backends=xnnpack and with --backends=none, each compared with
the reference at rtol 1e-4; a few cases also run with both kernel backends
(--backends=xnnpack,dnnl and --backends=dnnl,xnnpack: they then also need the
dnnl backend). The references are those of the linalg lowering's numeric
tests (ONNX semantics, plain loops; gen_numerics.py), not XNNPACK's. Inputs
and weights are multiples of 1/8, so that convolutions and products are
exact in f32.

A region without a conv, matmul or gemm is pruned (given back to the
compiler): pools, softmax and single ops follow a conv or a gemm here.

Inside a region XNNPACK holds 4-D values in NHWC: the cases use channel
counts > 1 and images > 1x1 (but where a case says otherwise), so that a
wrong layout conversion shows.

Run with Debian's Python (it has NumPy):  /usr/bin/python3 gen_cases.py
With case names (/usr/bin/python3 gen_cases.py classifier), only those
cases' files are written; every case is still built in order, so that the
random inputs of each case do not depend on which are written.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../../Conversion/SeamToLinalg/Inputs"))
import gen_numerics as ref  # noqa: E402  (references, literals, attributes)

OUT = os.path.join(HERE, "../numerics")
RTOL, ATOL = 1e-4, 1e-5
rng = np.random.default_rng(20261123)


def ttype(a):
    """The tensor type of `a` (also 0-d: tensor<f32>)."""
    return "tensor<%sf32>" % "".join("%dx" % d for d in a.shape)


def dense(a):
    a = np.asarray(a, np.float32)
    return "dense<%s> : %s" % (ref.literal(a), ttype(a))


def alone(backend, regions, composites, ops):
    """The report rows of a run whose one backend takes everything."""
    return ["%s %d %d %d {{[0-9]+}} 100.00%%" % (backend, regions, composites,
                                                 ops),
            "compiler - - 0 0 0.00%"]


def rand(*shape, low=-16, high=16):
    return (rng.integers(low, high + 1, size=shape) / 8.0).astype(np.float32)


def positive(*shape):
    return rand(*shape, low=1, high=16)


# ---------------------------------------------------------------------------
# A model: seam ops in text, with the NumPy value of every result
# ---------------------------------------------------------------------------


class Value:
    def __init__(self, name, array):
        self.name, self.array = name, np.asarray(array, np.float32)
        self.type = ttype(self.array)


class Model:
    def __init__(self, name, composites, left=0, mixed=None, single_ops=(),
                 checks=(), absent=()):
        """`composites`: per xnnpack region, its composite names, in order;
        `left`: how many ops the compiler keeps with --backends=xnnpack;
        `mixed`: if given, also run with --backends=xnnpack,dnnl (prefix XD)
        and --backends=dnnl,xnnpack (prefix DX); it maps each prefix to the
        rows of the partition report (after the header) its run prints;
        `single_ops`: ops (e.g. "seam.reduce_mean") checked, in order, in
        the partitioned module after the last region's composites, then
        `checks` (any text); `absent`: text the partitioned module must not
        hold at all (e.g. "seam.pad" folded away)."""
        self.name, self.composites, self.left = name, composites, left
        self.mixed, self.single_ops = mixed, list(single_ops)
        self.checks, self.absent = list(checks), list(absent)
        self.args, self.body, self.results = [], [], []
        self.count = 0

    def _new(self, array):
        self.count += 1
        return Value("%%v%d" % self.count, array)

    def arg(self, array):
        v = Value("%%arg%d" % len(self.args), array)
        self.args.append(v)
        return v

    def const(self, array):
        v = self._new(array)
        self.body.append("%s = arith.constant %s" % (v.name, dense(v.array)))
        return v

    def op(self, name, operands, array, attrs=None, unary=False):
        v = self._new(array)
        text = ref.attrs_text(attrs or {})
        names = ", ".join(o.name for o in operands)
        if unary:
            sig = v.type
        else:
            sig = "(%s) -> %s" % (", ".join(o.type for o in operands), v.type)
        self.body.append("%s = %s %s%s : %s" % (v.name, name, names, text, sig))
        return v

    # Ops with their references ------------------------------------------

    def conv(self, x, w, b=None, **attrs):
        y = ref.conv_ref(x.array, w.array, None if b is None else b.array,
                         attrs.get("strides"), attrs.get("pads"),
                         attrs.get("dilations"), attrs.get("group", 1),
                         attrs.get("auto_pad", "notset"))
        operands = [x, w] + ([b] if b is not None else [])
        if "auto_pad" in attrs:
            attrs["auto_pad"] = "#seam<auto_pad %s>" % attrs["auto_pad"]
        return self.op("seam.conv", operands, y, attrs)

    def unary(self, name, x, **attrs):
        a = x.array.astype(np.float64)
        fns = {
            "relu": lambda: np.maximum(a, 0),
            "sigmoid": lambda: 1 / (1 + np.exp(-a)),
            "leaky_relu": lambda: np.where(a >= 0, a, attrs.get("alpha", 0.01) * a),
            "clip": lambda: np.clip(a, attrs.get("min", -np.inf),
                                    attrs.get("max", np.inf)),
            "hard_swish": lambda: a * np.clip(a / 6 + 0.5, 0, 1),
            "hard_sigmoid": lambda: np.clip(attrs.get("alpha", 0.2) * a +
                                            attrs.get("beta", 0.5), 0, 1),
            "tanh": lambda: np.tanh(a),
        }
        return self.op("seam." + name, [x], fns[name](), attrs, unary=True)

    def binary(self, name, a, b):
        fns = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
               "div": np.divide}
        y = fns[name](a.array.astype(np.float64), b.array)
        return self.op("seam." + name, [a, b], y)

    def gemm(self, a, b, c=None, **attrs):
        y = ref.gemm_ref(a.array, b.array, None if c is None else c.array,
                         attrs.get("alpha", 1.0), attrs.get("beta", 1.0),
                         attrs.get("trans_a", False), attrs.get("trans_b", False))
        operands = [a, b] + ([c] if c is not None else [])
        return self.op("seam.gemm", operands, y, attrs)

    def matmul(self, a, b):
        y = np.matmul(a.array.astype(np.float64), b.array)
        return self.op("seam.matmul", [a, b], y)

    def pool(self, kind, x, **attrs):
        if kind == "global_avg_pool":
            axes = tuple(range(2, x.array.ndim))
            y = x.array.astype(np.float64).mean(axis=axes, keepdims=True)
            return self.op("seam.global_avg_pool", [x], y)
        y = ref.pool_ref(x.array, "max" if kind == "max_pool" else "avg",
                         attrs["kernel_shape"], attrs.get("strides"),
                         attrs.get("pads"), attrs.get("dilations"),
                         attrs.get("ceil_mode", False),
                         attrs.get("count_include_pad", False),
                         attrs.get("auto_pad", "notset"))
        if "auto_pad" in attrs:
            attrs["auto_pad"] = "#seam<auto_pad %s>" % attrs["auto_pad"]
        return self.op("seam." + kind, [x], y, attrs)

    def batch_norm(self, x, scale, bias, mean, var, epsilon=1e-5):
        y = ref.batch_norm_ref(x.array, scale.array, bias.array, mean.array,
                               var.array, epsilon)
        return self.op("seam.batch_norm", [x, scale, bias, mean, var], y,
                       {"epsilon": epsilon} if epsilon != 1e-5 else {})

    def softmax(self, x, axis):
        return self.op("seam.softmax", [x], ref.softmax_ref(x.array, axis),
                       {"axis": axis}, unary=True)

    def flatten(self, x):
        y = x.array.reshape(x.array.shape[0], -1)
        return self.op("seam.flatten", [x], y)

    def reduce_mean(self, x, axes, keepdims):
        y = x.array.astype(np.float64).mean(axis=tuple(axes), keepdims=keepdims)
        return self.op("seam.reduce_mean", [x], y,
                       {"axes": axes, "keepdims": keepdims})

    def reshape(self, x, shape):
        return self.op("seam.reshape", [x], x.array.reshape(shape))

    def concat(self, values, axis):
        y = np.concatenate([v.array for v in values], axis=axis)
        return self.op("seam.concat", values, y, {"axis": axis})

    def transpose(self, x, perm):
        return self.op("seam.transpose", [x], x.array.transpose(perm),
                       {"perm": perm})

    def slice(self, x, starts, ends, axes, steps=None):
        """ONNX Slice: NumPy's basic slicing clamps the bounds as ONNX does
        (also for negative steps)."""
        index = [slice(None)] * x.array.ndim
        for i, (a, b, e) in enumerate(zip(axes, starts, ends)):
            index[a] = slice(b, e, steps[i] if steps else None)
        attrs = {"starts": starts, "ends": ends, "axes": axes}
        if steps:
            attrs["steps"] = steps
        return self.op("seam.slice", [x], x.array[tuple(index)], attrs)

    def pad(self, x, pads, value=0.0):
        n = x.array.ndim
        y = np.pad(x.array, list(zip(pads[:n], pads[n:])), constant_values=value)
        return self.op("seam.pad", [x], y, {"pads": pads, "value": value})

    def ret(self, *values):
        self.results = list(values)

    # Writing ----------------------------------------------------------------

    def write(self):
        inputs = " ".join("--input %%S/../Inputs/%s.in%d.npy" % (self.name, i)
                          for i in range(len(self.args)))
        expects = " ".join("--expect %%S/../Inputs/%s.ref%d.npy" % (self.name, i)
                           for i in range(len(self.results)))
        run = "seam-run %%s %s %s --rtol %g --atol %g" % (inputs, expects, RTOL, ATOL)
        lines = [
            "// RUN: seam-opt %s --seam-partition=\"backends=xnnpack\" "
            "| FileCheck %s --check-prefix=PARTITION",
            "// RUN: %s --backends=xnnpack --report | FileCheck %%s" % run,
            "// RUN: %s --backends=none | FileCheck %%s --check-prefix=NONE" % run,
        ]
        if self.mixed is not None:
            lines += [
                "// RUN: %s --backends=xnnpack,dnnl --report | FileCheck %%s "
                "--check-prefix=XD" % run,
                "// RUN: %s --backends=dnnl,xnnpack --report | FileCheck %%s "
                "--check-prefix=DX" % run,
                "// REQUIRES: seam-xnnpack-backend, seam-dnnl-backend",
            ]
        else:
            lines.append("// REQUIRES: seam-xnnpack-backend")
        lines += [
            "",
            "// Generated by Inputs/gen_cases.py: the composites the xnnpack backend",
            "// takes, then the outputs of --backends=xnnpack and --backends=none,",
            "// each against a NumPy reference (rtol %g, atol %g)." % (RTOL, ATOL),
        ]
        if self.mixed is not None:
            lines += [
                "// Also with both kernel backends, in either order: the rows of",
                "// the partition report, then the outputs.",
            ]
        lines += [""]
        for text in self.absent:
            lines.append("// PARTITION-NOT: %s" % text)
        for region in self.composites:
            lines.append("// PARTITION: seam.composites = [%s]" %
                         ", ".join('"xnnpack.%s"' % c for c in region))
        for name in self.single_ops + self.checks:
            lines.append("// PARTITION: %s" % name)
        for text in self.absent:
            lines.append("// PARTITION-NOT: %s" % text)
        lines.append("// PARTITION-NOT: seam.composites")
        lines.append("// CHECK: Ops left to the compiler: %d" % self.left)
        for prefix in ("XD", "DX") if self.mixed is not None else ():
            lines.append("// %s: backend regions composites ops FLOPs share"
                         % prefix)
            for row in self.mixed[prefix]:
                lines.append("// %s-NEXT: %s" % (prefix, row))
        for _ in self.results:
            lines.append("// CHECK: compare: PASS")
            lines.append("// NONE: compare: PASS")
            if self.mixed is not None:
                lines.append("// XD: compare: PASS")
                lines.append("// DX: compare: PASS")
        lines.append("")
        args = ", ".join("%s: %s" % (a.name, a.type) for a in self.args)
        results = ", ".join(r.type for r in self.results)
        lines.append("func.func @main(%s) -> (%s) {" % (args, results))
        lines += ["  " + line for line in self.body]
        lines.append("  return %s : %s" % (", ".join(r.name for r in self.results),
                                           results))
        lines.append("}")
        with open(os.path.join(OUT, self.name + ".mlir"), "w") as f:
            f.write("\n".join(lines) + "\n")
        for i, a in enumerate(self.args):
            np.save(os.path.join(HERE, "%s.in%d.npy" % (self.name, i)), a.array)
        for i, r in enumerate(self.results):
            np.save(os.path.join(HERE, "%s.ref%d.npy" % (self.name, i)), r.array)


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def conv_cases():
    # Two images: the layout conversions run per image.
    m = Model("conv2d_plain", [["conv2d"]])
    x = m.arg(rand(2, 3, 7, 6))
    m.ret(m.conv(x, m.const(rand(5, 3, 3, 3))))
    yield m

    m = Model("conv2d_bias_relu", [["conv2d_bias_relu"]],
              mixed={"XD": alone("xnnpack", 1, 1, 2),
                     "DX": alone("dnnl", 1, 1, 2)})
    x = m.arg(rand(1, 8, 6, 6))
    c = m.conv(x, m.const(rand(12, 8, 3, 3)), m.const(rand(12)), pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", c))
    yield m

    # Relu6: the clip is the conv's output clamp [0, 6] (sums reach past 6).
    m = Model("conv2d_relu6", [["conv2d_bias_clip"]])
    x = m.arg(rand(1, 4, 6, 6, low=-32, high=32))
    c = m.conv(x, m.const(rand(8, 4, 3, 3)), m.const(rand(8)), pads=[1, 1, 1, 1])
    m.ret(m.unary("clip", c, min=0.0, max=6.0))
    yield m

    m = Model("conv2d_grouped", [["conv2d_bias"]])
    x = m.arg(rand(1, 8, 6, 5))
    m.ret(m.conv(x, m.const(rand(6, 4, 3, 3)), m.const(rand(6)), group=2,
                 pads=[1, 1, 1, 1]))
    yield m

    # group == C: XNNPACK's depthwise convolution.
    m = Model("conv2d_depthwise", [["conv2d_bias_relu"]])
    x = m.arg(rand(1, 6, 7, 7))
    c = m.conv(x, m.const(rand(6, 1, 3, 3)), m.const(rand(6)), group=6,
               strides=[2, 2], pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", c))
    yield m

    m = Model("conv2d_depthwise_multiplier2", [["conv2d"]])
    x = m.arg(rand(1, 4, 6, 7))
    m.ret(m.conv(x, m.const(rand(8, 1, 3, 2)), group=4, pads=[0, 1, 1, 0]))
    yield m

    m = Model("conv2d_stride2_asym_pads", [["conv2d_bias"]])
    x = m.arg(rand(1, 4, 9, 8))
    m.ret(m.conv(x, m.const(rand(6, 4, 3, 2)), m.const(rand(6)),
                 strides=[2, 2], pads=[1, 0, 2, 1]))
    yield m

    # One input channel: the region's input needs no layout conversion.
    m = Model("conv2d_dilation2", [["conv2d"]])
    x = m.arg(rand(1, 1, 9, 9))
    m.ret(m.conv(x, m.const(rand(4, 1, 3, 3)), dilations=[2, 2],
                 pads=[1, 2, 1, 2]))
    yield m


    # auto_pad: the pads the compiler resolves (odd totals: the extra pad at
    # the end for same_upper).
    m = Model("conv2d_same_upper", [["conv2d"]])
    x = m.arg(rand(1, 3, 8, 7))
    m.ret(m.conv(x, m.const(rand(4, 3, 3, 2)), strides=[2, 2],
                 auto_pad="same_upper"))
    yield m


def matmul_cases():
    m = Model("gemm_bias_relu", [["fully_connected_bias_relu"]],
              mixed={"XD": alone("xnnpack", 1, 1, 2),
                     "DX": alone("dnnl", 1, 1, 2)})
    a = m.arg(rand(3, 16))
    g = m.gemm(a, m.const(rand(16, 10)), m.const(rand(10)))
    m.ret(m.unary("relu", g))
    yield m

    m = Model("gemm_trans_b_bias_relu", [["fully_connected_bias_relu"]])
    a = m.arg(rand(4, 12))
    g = m.gemm(a, m.const(rand(7, 12)), m.const(rand(7)), trans_b=True)
    m.ret(m.unary("relu", g))
    yield m

    m = Model("matmul_2d_bias", [["matmul_bias"]])
    a = m.arg(rand(5, 12))
    mm = m.matmul(a, m.const(rand(12, 7)))
    m.ret(m.binary("add", mm, m.const(rand(7))))
    yield m

    m = Model("matmul_3d_bias", [["matmul_bias"]])
    a = m.arg(rand(2, 4, 8))
    mm = m.matmul(a, m.const(rand(8, 6)))
    m.ret(m.binary("add", mm, m.const(rand(6))))
    yield m

    # The ranks of A other than 2 and 3 that XNNPACK's fully connected
    # takes (not 4, an image): 1 and 5, then a softmax over the last axis of
    # the rank-5 product.
    m = Model("matmul_1d_5d", [["matmul_bias_relu"], ["matmul", "softmax"]])
    v, a = m.arg(rand(8)), m.arg(rand(2, 1, 2, 3, 8))
    w = m.const(rand(8, 4))
    mv = m.unary("relu", m.binary("add", m.matmul(v, w), m.const(rand(4))))
    m.ret(mv, m.softmax(m.matmul(a, w), 4))
    yield m


def pool_cases():
    """Pooling alone is no heavy compute (pruned): each follows a conv."""
    def conv_then(name, kind, shape, **attrs):
        m = Model(name, [["conv2d", kind]])
        x = m.arg(rand(*shape))
        w = m.const(rand(shape[1], shape[1], 1, 1))
        m.ret(m.pool(kind, m.conv(x, w), **attrs))
        return m

    yield conv_then("max_pool_pads", "max_pool", [1, 4, 7, 8],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 0])
    yield conv_then("max_pool_ceil", "max_pool", [1, 4, 8, 7],
                    kernel_shape=[3, 3], strides=[2, 2], ceil_mode=True)
    yield conv_then("max_pool_dilation", "max_pool", [1, 4, 9, 8],
                    kernel_shape=[2, 3], dilations=[2, 2], strides=[1, 2])
    yield conv_then("avg_pool_pads_exclude", "avg_pool", [1, 4, 8, 8],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    yield conv_then("avg_pool_pads_include", "avg_pool", [1, 4, 7, 7],
                    kernel_shape=[3, 3], pads=[1, 1, 1, 1], count_include_pad=True)
    yield conv_then("avg_pool_ceil_exclude", "avg_pool", [1, 4, 8, 8],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 0, 0],
                    ceil_mode=True)
    # ceil_mode with count_include_pad where the last window stays within
    # the pads (the output size is floor's): taken.
    yield conv_then("avg_pool_ceil_pads_include", "avg_pool", [1, 4, 9, 9],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                    ceil_mode=True, count_include_pad=True)
    yield conv_then("global_avg_pool", "global_avg_pool", [1, 6, 5, 7])

    # auto_pad on a conv and two pools (same_lower: the extra pad at the
    # beginning), the avg pool counting the pads.
    m = Model("pools_auto_pad", [["conv2d", "max_pool", "avg_pool"]])
    x = m.arg(rand(1, 3, 8, 7))
    c = m.conv(x, m.const(rand(4, 3, 2, 2)), auto_pad="same_lower")
    p = m.pool("max_pool", c, kernel_shape=[2, 3], strides=[2, 2],
               auto_pad="same_lower")
    m.ret(m.pool("avg_pool", p, kernel_shape=[2, 2], auto_pad="same_upper",
                 count_include_pad=True))
    yield m


def softmax_cases():
    # The last axis of a 2-D value, written as 1: the pattern does not take
    # the same axis written -1 (ONNX's default) yet.
    m = Model("softmax_last_axis", [["fully_connected_bias", "softmax"]])
    a = m.arg(rand(3, 8))
    g = m.gemm(a, m.const(rand(8, 10)), m.const(rand(10)))
    m.ret(m.softmax(g, 1))
    yield m

    # Axis 1 (C) of a 4-D value: the innermost dim inside (NHWC).
    m = Model("softmax_axis1_4d", [["conv2d", "softmax"]])
    x = m.arg(rand(1, 5, 4, 3))
    m.ret(m.softmax(m.conv(x, m.const(rand(5, 5, 1, 1))), 1))
    yield m


def binary_cases():
    # A constant [1, C, 1, 1] operand: a weight, in NHWC.
    m = Model("add_const_channel", [["conv2d"]])
    x = m.arg(rand(1, 4, 5, 6))
    c = m.conv(x, m.const(rand(6, 4, 1, 1)))
    m.ret(m.binary("add", c, m.const(rand(1, 6, 1, 1))))
    yield m

    # A residual add of two computed values, then a relu: the relu is the
    # add node's output clamp.
    m = Model("residual_add_relu", [["conv2d_bias_relu", "conv2d_bias"]],
              mixed={"XD": alone("xnnpack", 1, 2, 5),
                     "DX": alone("dnnl", 1, 2, 5)})
    x = m.arg(rand(1, 4, 6, 6))
    a = m.unary("relu", m.conv(x, m.const(rand(4, 4, 1, 1)), m.const(rand(4))))
    b = m.conv(a, m.const(rand(4, 4, 3, 3)), m.const(rand(4)), pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", m.binary("add", b, a)))
    yield m

    # Constant operands of every rank a 4-D result takes: a 4-D one with
    # C > 1 and H * W > 1, ones of lower rank (broadcast as NumPy aligns
    # them; the first operand of the subtraction), a positive divisor.
    m = Model("mul_sub_div", [["conv2d"]])
    x = m.arg(rand(1, 4, 3, 5))
    c = m.conv(x, m.const(rand(4, 4, 1, 1)))
    c = m.binary("mul", m.const(rand(1, 4, 3, 5)), c)
    c = m.binary("sub", m.const(rand(4, 1, 5)), c)
    m.ret(m.binary("div", c, m.const(positive(3, 1))))
    yield m

    # Computed operands of lower rank whose data NHWC keeps: [C, 1, 1]
    # (H * W == 1) and [W] (C == 1), each a region input.
    m = Model("binary_broadcast_computed", [["conv2d"]])
    x = m.arg(rand(1, 4, 3, 5))
    s = m.arg(rand(4, 1, 1))
    t = m.arg(rand(5))
    c = m.conv(x, m.const(rand(4, 4, 1, 1)))
    m.ret(m.binary("sub", m.binary("mul", c, s), t))
    yield m

    # A rank-5 result: a computed 4-D operand with H * W == 1 (its data is
    # the same in NHWC), and a constant 4-D one with C > 1 and H * W > 1
    # (a weight, read row-major).
    m = Model("binary_rank5", [["conv2d", "global_avg_pool"]])
    x = m.arg(rand(1, 3, 4, 2))
    y = m.arg(rand(2, 1, 3, 4, 2))
    g = m.pool("global_avg_pool", m.conv(x, m.const(rand(3, 3, 3, 3)),
                                         pads=[1, 1, 1, 1]))
    m.ret(m.binary("add", m.binary("mul", y, g), m.const(rand(1, 3, 4, 2))))
    yield m


def unary_cases():
    def conv_then(name, fn, **attrs):
        m = Model(name, [["conv2d"]])
        x = m.arg(rand(1, 4, 5, 4))
        c = m.conv(x, m.const(rand(6, 4, 3, 3)), pads=[1, 1, 1, 1])
        m.ret(m.unary(fn, c, **attrs))
        return m

    yield conv_then("hard_swish", "hard_swish")
    yield conv_then("sigmoid", "sigmoid")
    yield conv_then("leaky_relu", "leaky_relu", alpha=0.125)


def batch_norm_cases():
    """A batch_norm that follows no conv (here: a relu, a gemm) stays
    unfolded: the composite batch_norm (with the ReLU after it as its clamp),
    a multiply and an add per channel, by constants the region writer
    makes."""
    m = Model("batch_norm_relu", [["conv2d_relu", "batch_norm_relu"]])
    x = m.arg(rand(1, 6, 5, 4))
    c = m.unary("relu", m.conv(x, m.const(rand(6, 6, 3, 3)), pads=[1, 1, 1, 1]))
    n = m.batch_norm(c, m.const(rand(6)), m.const(rand(6)), m.const(rand(6)),
                     m.const(positive(6)), epsilon=1e-3)
    m.ret(m.unary("relu", n))
    yield m

    m = Model("gemm_batch_norm", [["fully_connected", "batch_norm"]])
    a = m.arg(rand(3, 8))
    g = m.gemm(a, m.const(rand(8, 5)))
    m.ret(m.batch_norm(g, m.const(rand(5)), m.const(rand(5)), m.const(rand(5)),
                       m.const(positive(5))))
    yield m


def data_cases():
    m = Model("pad_constant_value", [["conv2d"]])
    x = m.arg(rand(1, 3, 4, 5))
    c = m.conv(x, m.const(rand(4, 3, 1, 1)))
    m.ret(m.pad(c, [0, 1, 2, 0, 0, 0, 1, 3], value=1.5))
    yield m

    m = Model("concat_channels_2", [["conv2d_bias_relu", "conv2d_bias_relu"]])
    x = m.arg(rand(1, 4, 5, 5))
    a = m.unary("relu", m.conv(x, m.const(rand(3, 4, 1, 1)), m.const(rand(3))))
    b = m.unary("relu", m.conv(x, m.const(rand(5, 4, 3, 3)), m.const(rand(5)),
                               pads=[1, 1, 1, 1]))
    m.ret(m.concat([a, b], 1))
    yield m

    # Three sources, the first the region's input, the axis negative.
    m = Model("concat_channels_3", [["conv2d", "conv2d"]],
              mixed={"XD": alone("xnnpack", 1, 2, 3),
                     "DX": alone("dnnl", 1, 2, 3)})
    x = m.arg(rand(1, 2, 4, 3))
    a = m.conv(x, m.const(rand(3, 2, 1, 1)))
    b = m.conv(x, m.const(rand(4, 2, 3, 3)), pads=[1, 1, 1, 1])
    m.ret(m.concat([x, a, b], -3))
    yield m


def more_data_cases():
    # Concat of images on every axis (two of each), sources computed and
    # region inputs, a softmax over C after the concat on C.
    m = Model("concat_axes", [["conv2d", "softmax"]])
    x = m.arg(rand(2, 3, 4, 5))
    c = m.conv(x, m.const(rand(3, 3, 1, 1)))
    m.ret(m.concat([c, x], 0), m.concat([c, x], 2), m.concat([x, c], 3),
          m.softmax(m.concat([c, x], 1), 1))
    yield m

    # Single ops on 2-D values (no layout to map): concat, pad, a computed
    # 1-D operand, activations.
    m = Model("ops_2d", [["fully_connected"]])
    a = m.arg(rand(3, 8))
    g = m.gemm(a, m.const(rand(8, 5)))
    k = m.concat([g, m.unary("hard_swish", g)], 0)
    p = m.binary("sub", m.pad(k, [1, 0, 0, 2], value=-1.0), m.arg(rand(7)))
    m.ret(m.unary("sigmoid", p), m.unary("leaky_relu", g, alpha=0.5))
    yield m


def model_cases():
    m = Model("classifier", [["conv2d_bias_relu", "max_pool", "global_avg_pool",
                              "fully_connected_bias", "softmax"]],
              mixed={"XD": alone("xnnpack", 1, 5, 7),
                     "DX": alone("dnnl", 1, 5, 7)})
    x = m.arg(rand(1, 3, 8, 8))
    c = m.unary("relu", m.conv(x, m.const(rand(8, 3, 3, 3)), m.const(rand(8)),
                               pads=[1, 1, 1, 1]))
    p = m.pool("max_pool", c, kernel_shape=[2, 2], strides=[2, 2])
    f = m.flatten(m.pool("global_avg_pool", p))
    g = m.gemm(f, m.const(rand(8, 10)), m.const(rand(10)))
    m.ret(m.softmax(g, 1))
    yield m


def mixed_cases():
    """Both kernel backends: xnnpack takes the 2-D conv and the reshape of
    its image (a copy into NCHW order in its runtime); the 1-D conv it
    refuses goes to dnnl after it, to the compiler without it; with dnnl
    first, dnnl takes everything."""
    m = Model("mixed_conv1d_after_conv2d", [["conv2d_bias_relu"]], left=2,
              mixed={"XD": ["xnnpack 1 1 3 {{[0-9]+}}",
                            "dnnl 1 1 2 {{[0-9]+}}",
                            "compiler - - 0 0 0.00%"],
                     "DX": alone("dnnl", 1, 2, 5)})
    x = m.arg(rand(1, 4, 5, 6))
    c = m.unary("relu", m.conv(x, m.const(rand(4, 4, 3, 3)), m.const(rand(4)),
                               pads=[1, 1, 1, 1]))
    c = m.conv(m.reshape(c, [1, 4, 30]), m.const(rand(6, 4, 3)), pads=[1, 1])
    m.ret(m.unary("tanh", c))
    yield m

    # Single ops after the node they follow: a relu after a flatten and a
    # clip after a concat are those nodes' output clamps (XNNPACK's reshape
    # and this runtime's concat apply them as a separate clamp); a second
    # output also used in the region.
    m = Model("clamp_after_reshape_concat", [["conv2d", "global_avg_pool"]])
    x = m.arg(rand(1, 4, 3, 3))
    c = m.conv(x, m.const(rand(4, 4, 1, 1)))
    f = m.unary("relu", m.flatten(m.pool("global_avg_pool", c)))
    k = m.unary("clip", m.concat([c, x], 1), min=-0.5, max=0.75)
    m.ret(f, k, c)
    yield m


def hard_sigmoid_cases():
    """hard_sigmoid, which XNNPACK has no node for: a multiply and an add by
    one-element constants the region writer makes, clamped to [0, 1]; as a
    squeeze-and-excitation gate (MobileNetV3) multiplying the image."""
    m = Model("hard_sigmoid_gate", [["conv2d", "global_avg_pool"]])
    x = m.arg(rand(1, 4, 5, 4))
    c = m.conv(x, m.const(rand(6, 4, 3, 3)), pads=[1, 1, 1, 1])
    gate = m.unary("hard_sigmoid", m.pool("global_avg_pool", c), alpha=0.25,
                   beta=0.375)
    m.ret(m.binary("mul", c, gate))
    yield m


def shuffle_slice_cases():
    """transpose and slice, which the runtime computes itself (strided
    copies from the layout inside of their source: NHWC for 4-D values)."""
    # ShuffleNet's channel shuffle after a conv (reshape to 5-D, swap the
    # groups, reshape back), then torch's chunk of the two channel halves:
    # one half through another conv, concatenated back.
    m = Model("channel_shuffle_chunk", [["conv2d_relu", "conv2d_bias_relu"]])
    x = m.arg(rand(1, 8, 5, 6))
    c = m.unary("relu", m.conv(x, m.const(rand(8, 8, 1, 1))))
    s = m.reshape(m.transpose(m.reshape(c, [1, 2, 4, 5, 6]), [0, 2, 1, 3, 4]),
                  [1, 8, 5, 6])
    a = m.slice(s, [0], [4], [1])
    b = m.slice(s, [4], [8], [1])
    b = m.unary("relu", m.conv(b, m.const(rand(4, 4, 3, 3)), m.const(rand(4)),
                               pads=[1, 1, 1, 1]))
    m.ret(m.concat([a, b], 1))
    yield m

    # Steps > 1 and negative on a 4-D computed value (every dim but N), and
    # a reversal of W (ONNX's end before the first index) added to the conv.
    m = Model("slice_steps_4d", [["conv2d"]])
    x = m.arg(rand(2, 4, 7, 8))
    c = m.conv(x, m.const(rand(6, 4, 1, 1)))
    strided = m.slice(c, [0, 6, 1], [6, 0, 8], [1, 2, 3], [2, -2, 3])
    reversed_w = m.slice(c, [-1], [-9], [3], [-1])
    m.ret(strided, m.binary("add", c, reversed_w))
    yield m

    # A 3-D product: its batch reversed, steps > 1 and < -1 on its other
    # dims, then a sigmoid.
    m = Model("slice_steps_3d", [["matmul"]])
    a = m.arg(rand(3, 5, 8))
    mm = m.matmul(a, m.const(rand(8, 7)))
    sliced = m.slice(mm, [2, 0, 6], [-4, 5, -8], [0, 1, 2], [-1, 2, -3])
    m.ret(m.unary("sigmoid", sliced))
    yield m

    # 4-D transposes of a conv result: to [N, H, W, C] (then a hard-swish),
    # and to [N, W, C, H], an image whose channels are the conv's W (then
    # another conv).
    m = Model("transpose_4d_conv", [["conv2d_bias", "conv2d"]])
    x = m.arg(rand(1, 3, 5, 7))
    c = m.conv(x, m.const(rand(6, 3, 3, 3)), m.const(rand(6)),
               pads=[1, 1, 1, 1])
    nhwc = m.transpose(c, [0, 2, 3, 1])
    nwch = m.transpose(c, [0, 3, 1, 2])
    m.ret(m.unary("hard_swish", nhwc),
          m.conv(nwch, m.const(rand(4, 7, 1, 1))))
    yield m

    # A relu and a clip after transposes: each the transpose's output clamp
    # (applied while copying).
    m = Model("transpose_clamp", [["conv2d"]])
    x = m.arg(rand(1, 4, 6, 5))
    c = m.conv(x, m.const(rand(8, 4, 3, 3)), pads=[1, 1, 1, 1])
    r = m.unary("relu", m.transpose(c, [0, 1, 3, 2]))
    k = m.unary("clip", m.transpose(c, [2, 0, 3, 1]), min=-0.5, max=0.75)
    m.ret(r, k)
    yield m

    # Constant operands moved: a transposed one added to a product (the
    # compiler folds the transpose of a constant before partitioning), sliced
    # ones (not folded: a slice of a weight, read row-major, also 4-D into
    # NHWC) multiplying it and added to a conv's image.
    m = Model("transpose_slice_const", [["matmul"], ["conv2d"]])
    a = m.arg(rand(3, 2, 8))
    g = m.matmul(a, m.const(rand(8, 5)))
    g = m.binary("add", g, m.transpose(m.const(rand(5, 2, 3)), [2, 1, 0]))
    g = m.binary("mul", g, m.slice(m.const(rand(3, 4, 10)), [3, 9], [0, 0],
                                   [1, 2], [-2, -2]))
    x = m.arg(rand(1, 4, 5, 6))
    c = m.conv(x, m.const(rand(6, 4, 3, 3)), pads=[1, 1, 1, 1])
    w = m.slice(m.const(rand(1, 12, 5, 7)), [0, 6], [12, 0], [1, 3], [2, -1])
    m.ret(g, m.binary("add", c, w))
    yield m


def reduce_mean_cases():
    """reduce_mean over H and W of a 4-D value (normalized axes [2, 3]), a
    single op computed as global average pooling: with keepdims into
    [N, C, 1, 1], without into [N, C] (the runtime pools into [N, C, 1, 1]
    and reshapes)."""
    # ShuffleNet's head: conv, ReLU, the mean over the image without
    # keepdims, a gemm on [N, C]; two images.
    m = Model("reduce_mean_hw_gemm",
              [["conv2d_bias_relu", "fully_connected_bias"]],
              single_ops=["seam.reduce_mean"])
    x = m.arg(rand(2, 4, 5, 6))
    c = m.unary("relu", m.conv(x, m.const(rand(8, 4, 3, 3)), m.const(rand(8)),
                               pads=[1, 1, 1, 1]))
    mean = m.reduce_mean(c, [2, 3], False)
    m.ret(m.gemm(mean, m.const(rand(8, 5)), m.const(rand(5))))
    yield m

    # With keepdims: [N, C, 1, 1], an output and a per-channel factor of
    # the conv's image (as a squeeze-and-excitation gate).
    m = Model("reduce_mean_hw_keepdims", [["conv2d"]],
              single_ops=["seam.reduce_mean", "seam.mul"])
    x = m.arg(rand(1, 4, 5, 6))
    c = m.conv(x, m.const(rand(6, 4, 3, 3)), pads=[1, 1, 1, 1])
    mean = m.reduce_mean(c, [2, 3], True)
    m.ret(mean, m.binary("mul", c, mean))
    yield m

    # Negative axes [-1, -2] (normalized [2, 3]): without keepdims, a matmul
    # on [N, C]; with keepdims, an output; two images.
    m = Model("reduce_mean_negative_axes", [["conv2d_bias", "matmul"]],
              single_ops=["seam.reduce_mean", "seam.reduce_mean"])
    x = m.arg(rand(2, 3, 4, 5))
    c = m.conv(x, m.const(rand(6, 3, 1, 1)), m.const(rand(6)))
    flat = m.reduce_mean(c, [-1, -2], False)
    kept = m.reduce_mean(c, [-1, -2], True)
    m.ret(m.matmul(flat, m.const(rand(6, 3))), kept)
    yield m


def hard_swish_product_cases():
    """x * hard_sigmoid(x) with alpha 1/6 and beta 1/2 (PyTorch's Hardswish
    at opset 13), in either operand order: the prepare passes rewrite it into
    hard_swish (XNNPACK's hardswish node). The reference is the product of
    the hard sigmoid and x; weights in [-1/2, 1/2] keep many values in
    [-3, 3], where the hard sigmoid is not clamped."""
    m = Model("hard_sigmoid_product_hard_swish", [["conv2d", "conv2d_bias"]],
              single_ops=["seam.hard_swish", "seam.hard_swish"])
    x = m.arg(rand(1, 4, 6, 5))
    c = m.conv(x, m.const(rand(8, 4, 3, 3, low=-4, high=4)), pads=[1, 1, 1, 1])
    h = m.binary("mul", c, m.unary("hard_sigmoid", c, alpha=1 / 6, beta=0.5))
    d = m.conv(h, m.const(rand(8, 1, 3, 3, low=-4, high=4)),
               m.const(rand(8)), group=8, pads=[1, 1, 1, 1])
    m.ret(m.binary("mul", m.unary("hard_sigmoid", d, alpha=1 / 6, beta=0.5),
                   d))
    yield m


def silu_product_cases():
    """x * sigmoid(x) (SiLU, EfficientNet's activation, as exporters write
    it), in either operand order: the prepare passes rewrite it into silu, a
    single op (XNNPACK has no node for it: the region writer makes a sigmoid
    node and a multiply node). The reference is x times NumPy's
    1 / (1 + exp(-x)); weights in [-1/2, 1/2] keep most values where the
    sigmoid is not saturated."""
    sigmoid_product = ["seam.sigmoid", "seam.mul"]
    m = Model("silu_product_conv_bias", [["conv2d_bias", "conv2d_bias"]],
              single_ops=["seam.silu", "seam.silu"], absent=sigmoid_product)
    x = m.arg(rand(1, 4, 6, 5))
    c = m.conv(x, m.const(rand(8, 4, 3, 3, low=-4, high=4)),
               m.const(rand(8)), pads=[1, 1, 1, 1])
    h = m.binary("mul", c, m.unary("sigmoid", c))
    d = m.conv(h, m.const(rand(8, 1, 3, 3, low=-4, high=4)),
               m.const(rand(8)), group=8, strides=[2, 2], pads=[1, 1, 1, 1])
    m.ret(m.binary("mul", m.unary("sigmoid", d), d))
    yield m

    # After a per-channel add (a single op), silu is a single op too.
    m = Model("silu_product_after_add", [["conv2d"]],
              single_ops=["seam.add", "seam.silu"], absent=sigmoid_product)
    x = m.arg(rand(1, 6, 5, 4))
    c = m.conv(x, m.const(rand(6, 6, 1, 1, low=-4, high=4)))
    a = m.binary("add", c, m.const(rand(1, 6, 1, 1)))
    m.ret(m.binary("mul", m.unary("sigmoid", a), a))
    yield m


def pad_conv_cases():
    """A constant 0 pad of the spatial dims before a conv (TensorFlow's
    "same" padding, ZeroPad2d): the prepare passes fold it into the conv's
    own pads (after resolving its auto_pad), so no seam.pad is left. The
    reference pads explicitly, then convolves the padded image."""
    m = Model("pad_zero_into_conv", [["conv2d_bias_relu"]],
              absent=["seam.pad"],
              checks=["seam.conv {{.*}}{pads = array<i64: 1, 2, 3, 4>}"])
    x = m.arg(rand(1, 3, 8, 8))
    p = m.pad(x, [0, 0, 1, 2, 0, 0, 3, 4])
    c = m.conv(p, m.const(rand(4, 3, 3, 3)), m.const(rand(4)))
    m.ret(m.unary("relu", c))
    yield m

    # SAME_UPPER with stride 2 on the padded 10x10 image: pads 0 then 1 of
    # each spatial dim, so [1 + 0, 0 + 0, 2 + 1, 1 + 1] in all.
    m = Model("pad_zero_into_conv_same_upper", [["conv2d_bias"]],
              absent=["seam.pad", "auto_pad"],
              checks=["seam.conv {{.*}}{pads = array<i64: 1, 0, 3, 2>, "
                      "strides = array<i64: 2, 2>}"])
    x = m.arg(rand(1, 4, 7, 9))
    p = m.pad(x, [0, 0, 1, 0, 0, 0, 2, 1])
    m.ret(m.conv(p, m.const(rand(6, 4, 3, 3)), m.const(rand(6)),
                 strides=[2, 2], auto_pad="same_upper"))
    yield m

    # A pad of value 1 is no conv padding: it stays, a single op.
    m = Model("pad_one_before_conv", [["conv2d_bias_relu"]],
              single_ops=["seam.pad {{.*}}value = 1.000000e+00"])
    x = m.arg(rand(1, 3, 6, 6))
    p = m.pad(x, [0, 0, 1, 1, 0, 0, 1, 1], value=1.0)
    c = m.conv(p, m.const(rand(4, 3, 3, 3)), m.const(rand(4)))
    m.ret(m.unary("relu", c))
    yield m


def main():
    only = set(sys.argv[1:])
    os.makedirs(OUT, exist_ok=True)
    written = set()
    for group in (conv_cases, matmul_cases, pool_cases, softmax_cases,
                  binary_cases, unary_cases, batch_norm_cases, data_cases,
                  more_data_cases, model_cases, mixed_cases,
                  hard_sigmoid_cases, shuffle_slice_cases, reduce_mean_cases,
                  hard_swish_product_cases, silu_product_cases,
                  pad_conv_cases):
        for model in group():
            if not only or model.name in only:
                model.write()
                written.add(model.name)
    if only - written:
        sys.exit("gen_cases.py: no case named %s" % ", ".join(sorted(only - written)))


if __name__ == "__main__":
    main()
