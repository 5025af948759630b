#!/usr/bin/python3
"""Writes the numeric tests of the dnnl backend (../numerics/*.mlir).

Each case is a small model (func @main of seam ops, weights inline) that
exercises one dnnl composite or single op, with its inputs and a NumPy
reference of its outputs (Inputs/<case>.in<i>.npy, .ref<i>.npy). The test
partitions it (the composites the dnnl backend takes are checked), then runs
it with --backends=dnnl and with --backends=none, each compared with the
reference at rtol 1e-4. The references are those of the linalg lowering's
numeric tests (ONNX semantics, plain loops; gen_numerics.py), not oneDNN's.
Inputs and weights are multiples of 1/8, so that convolutions and products
are exact in f32.

Run with Debian's Python (it has NumPy):  /usr/bin/python3 gen_cases.py
With case names (/usr/bin/python3 gen_cases.py layer_norm_0d_epsilon), only
those cases' files are written; every case is still built in order, so that
the random inputs of each case do not depend on which are written.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../../Conversion/SeamToLinalg/Inputs"))
import gen_numerics as ref  # noqa: E402  (references, literals, attributes)

OUT = os.path.join(HERE, "../numerics")
RTOL, ATOL = 1e-4, 1e-5
rng = np.random.default_rng(20261206)


def ttype(a):
    """The tensor type of `a` (also 0-d: tensor<f32>)."""
    return "tensor<%sf32>" % "".join("%dx" % d for d in a.shape)


def dense(a):
    a = np.asarray(a, np.float32)
    return "dense<%s> : %s" % (ref.literal(a), ttype(a))


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
    def __init__(self, name, composites, left=0, before=(), single_ops=(),
                 checks=(), absent=(), profile=(), profile_absent=(),
                 copied_once=None, profile_env=None):
        """`composites`: per dnnl region, its composite names, in order;
        `left`: how many ops the compiler keeps; `before`: text checked, in
        order, in the partitioned module before the first region's
        composites (ops the compiler keeps, in @main); `single_ops`: ops
        (e.g. "seam.silu") then `checks` (any text) checked, in order, after
        the last region's composites; `absent`: text the partitioned module
        must not hold at all (e.g. "seam.pad" folded away); `profile`: if
        given, text checked, in order, in the --profile output of
        --backends=dnnl (a RUN line of its own), which must then name no
        slow kernel (no oneDNN reference implementation) anywhere, nor any
        text of `profile_absent` (e.g. "reorder": no copies);
        `copied_once`: if given, an extended regex of reorder labels (e.g.
        "reorder 1x[0-9]*x5x5 "), none of which the profile may name twice
        (no value copied twice; a RUN line of its own); `profile_env`: an
        environment setting for the profile's run (e.g.
        "ONEDNN_MAX_CPU_ISA=AVX2": oneDNN's implementations of an AVX2 CPU
        also on an AVX-512 one)."""
        self.name, self.composites, self.left = name, composites, left
        self.before, self.single_ops = list(before), list(single_ops)
        self.checks, self.absent = list(checks), list(absent)
        self.profile = list(profile)
        self.profile_absent = ["slow"] + list(profile_absent)
        self.copied_once = copied_once
        self.profile_env = profile_env
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

    def conv_transpose(self, x, w, b=None, **attrs):
        y = ref.conv_transpose_ref(x.array, w.array,
                                   None if b is None else b.array,
                                   attrs.get("strides"), attrs.get("pads"),
                                   attrs.get("dilations"),
                                   attrs.get("output_padding"),
                                   attrs.get("group", 1))
        operands = [x, w] + ([b] if b is not None else [])
        return self.op("seam.conv_transpose", operands, y, attrs)

    def unary(self, name, x, **attrs):
        a = x.array.astype(np.float64)
        fns = {
            "relu": lambda: np.maximum(a, 0),
            "sigmoid": lambda: 1 / (1 + np.exp(-a)),
            "tanh": lambda: np.tanh(a),
            "erf": lambda: ref.erf(a),
            "exp": lambda: np.exp(a),
            "sqrt": lambda: np.sqrt(a),
            "leaky_relu": lambda: np.where(a >= 0, a, attrs.get("alpha", 0.01) * a),
            "clip": lambda: np.clip(a, attrs.get("min", -np.inf),
                                    attrs.get("max", np.inf)),
            "hard_swish": lambda: a * np.clip(a / 6 + 0.5, 0, 1),
            "hard_sigmoid": lambda: np.clip(attrs.get("alpha", 0.2) * a +
                                            attrs.get("beta", 0.5), 0, 1),
        }
        return self.op("seam." + name, [x], fns[name](), attrs, unary=True)

    def binary(self, name, a, b):
        fns = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
               "div": np.divide, "pow": np.power}
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

    def layer_norm(self, x, scale, bias=None, epsilon=1e-5):
        """seam.layer_norm over the last axis; returns (y, mean, inv_std_dev)."""
        a = x.array.astype(np.float64)
        mean = a.mean(axis=-1, keepdims=True)
        inv = 1 / np.sqrt(((a - mean) ** 2).mean(axis=-1, keepdims=True) +
                          epsilon)
        y = (a - mean) * inv * scale.array
        if bias is not None:
            y = y + bias.array
        values = [self._new(y), self._new(mean), self._new(inv)]
        operands = [x, scale] + ([bias] if bias is not None else [])
        attrs = {"axis": -1}
        if epsilon != 1e-5:
            attrs["epsilon"] = epsilon
        self.body.append("%s = seam.layer_norm %s%s : (%s) -> (%s)" % (
            ", ".join(v.name for v in values),
            ", ".join(o.name for o in operands), ref.attrs_text(attrs),
            ", ".join(o.type for o in operands),
            ", ".join(v.type for v in values)))
        return values

    def resize(self, x, scales, mode="nearest", ctm="half_pixel",
               nearest="round_prefer_floor"):
        """seam.resize with ONNX's Resize semantics in NumPy (exact integer
        output sizes), axis by axis."""
        y = x.array.astype(np.float64)
        for axis, scale in enumerate(scales):
            if scale == 1:
                continue
            n_in = y.shape[axis]
            n_out = int(round(n_in * scale))
            o = np.arange(n_out, dtype=np.float64)
            coord = {
                "half_pixel": (o + 0.5) / scale - 0.5,
                "pytorch_half_pixel": (o + 0.5) / scale - 0.5,
                "asymmetric": o / scale,
                "align_corners": o * (n_in - 1) / max(n_out - 1, 1),
            }[ctm]
            if mode == "nearest":
                index = {"round_prefer_floor": np.ceil(coord - 0.5),
                         "round_prefer_ceil": np.floor(coord + 0.5),
                         "floor": np.floor(coord),
                         "ceil": np.ceil(coord)}[nearest]
                index = np.clip(index, 0, n_in - 1).astype(int)
                y = np.take(y, index, axis=axis)
            else:
                coord = np.clip(coord, 0, n_in - 1)
                i0 = np.floor(coord).astype(int)
                i1 = np.minimum(i0 + 1, n_in - 1)
                w = coord - i0
                shape = [1] * y.ndim
                shape[axis] = n_out
                w = w.reshape(shape)
                y = np.take(y, i0, axis=axis) * (1 - w) + \
                    np.take(y, i1, axis=axis) * w
        attrs = {"scales": "array<f64: %s>" % ", ".join(repr(float(s))
                                                         for s in scales)}
        if mode != "nearest":
            attrs["mode"] = "#seam<resize_mode %s>" % mode
        if ctm != "half_pixel":
            attrs["coordinate_transformation_mode"] = \
                "#seam<coordinate_transform %s>" % ctm
        if nearest != "round_prefer_floor":
            attrs["nearest_mode"] = "#seam<nearest_mode %s>" % nearest
        return self.op("seam.resize", [x], y, attrs)

    def softmax(self, x, axis):
        return self.op("seam.softmax", [x], ref.softmax_ref(x.array, axis),
                       {"axis": axis}, unary=True)

    def pad(self, x, pads, value=0.0):
        """A constant pad: NumPy pads explicitly (what a conv after it then
        convolves, in the reference)."""
        n = x.array.ndim
        y = np.pad(x.array, list(zip(pads[:n], pads[n:])), constant_values=value)
        # -inf as MLIR writes it (its hexadecimal bits).
        text = "0xFF800000 : f32" if value == -np.inf else value
        return self.op("seam.pad", [x], y, {"pads": pads, "value": text})

    def reshape(self, x, shape):
        y = x.array.reshape(shape)
        return self.op("seam.reshape", [x], y)

    def transpose(self, x, perm):
        return self.op("seam.transpose", [x], x.array.transpose(perm), {"perm": perm})

    def slice(self, x, starts, ends, axes):
        index = [slice(None)] * x.array.ndim
        for a, b, e in zip(axes, starts, ends):
            index[a] = slice(b, e)
        return self.op("seam.slice", [x], x.array[tuple(index)],
                       {"starts": starts, "ends": ends, "axes": axes})

    def reduce(self, kind, x, axes, keepdims):
        fn = {
            "reduce_mean": np.mean, "reduce_sum": np.sum, "reduce_max": np.max,
            "reduce_min": np.min, "reduce_prod": np.prod,
            "reduce_l1": lambda a, **kw: np.sum(np.abs(a), **kw),
            "reduce_l2": lambda a, **kw: np.sqrt(np.sum(a * a, **kw)),
            "reduce_sum_square": lambda a, **kw: np.sum(a * a, **kw),
            "reduce_log_sum_exp": lambda a, **kw: np.log(np.sum(np.exp(a),
                                                                **kw)),
        }[kind]
        y = fn(x.array.astype(np.float64), axis=tuple(axes), keepdims=keepdims)
        return self.op("seam." + kind, [x], y, {"axes": axes, "keepdims": keepdims})

    def flatten(self, x):
        y = x.array.reshape(x.array.shape[0], -1)
        return self.op("seam.flatten", [x], y)

    def concat(self, values, axis):
        y = np.concatenate([v.array for v in values], axis=axis)
        return self.op("seam.concat", values, y, {"axis": axis})

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
            "// RUN: seam-opt %s --seam-partition=\"backends=dnnl\" "
            "| FileCheck %s --check-prefix=PARTITION",
            "// RUN: %s --backends=dnnl --report | FileCheck %%s" % run,
            "// RUN: %s --backends=none | FileCheck %%s --check-prefix=NONE" % run,
        ]
        if self.profile:
            env = "env %s " % self.profile_env if self.profile_env else ""
            lines.append("// RUN: %sseam-run %%s %s --backends=dnnl --bench 1 "
                         "--threads 1 --profile | FileCheck %%s "
                         "--check-prefix=PROFILE" % (env, inputs))
        if self.copied_once:
            # The profile's own "profile:" line too, so that grep matches
            # where a layout choice copies none of them (AVX2's blocks).
            lines.append("// RUN: seam-run %%s %s --backends=dnnl --bench 1 "
                         "--threads 1 --profile | grep -oE \"profile:|%s\" | "
                         "sort | uniq -c | FileCheck %%s --check-prefix=COPIES"
                         % (inputs, self.copied_once))
        lines += [
            "// REQUIRES: seam-dnnl-backend",
            "",
            "// Generated by Inputs/gen_cases.py: the composites the dnnl backend",
            "// takes, then the outputs of --backends=dnnl and --backends=none, each",
            "// against a NumPy reference (rtol %g, atol %g)." % (RTOL, ATOL),
            "",
        ]
        for text in self.absent:
            lines.append("// PARTITION-NOT: %s" % text)
        for text in self.before:
            lines.append("// PARTITION: %s" % text)
        for region in self.composites:
            lines.append("// PARTITION: seam.composites = [%s]" %
                         ", ".join('"dnnl.%s"' % c for c in region))
        for text in self.single_ops + self.checks:
            lines.append("// PARTITION: %s" % text)
        for text in self.absent:
            lines.append("// PARTITION-NOT: %s" % text)
        lines.append("// PARTITION-NOT: seam.composites")
        lines.append("// CHECK: Ops left to the compiler: %d" % self.left)
        for _ in self.results:
            lines.append("// CHECK: compare: PASS")
            lines.append("// NONE: compare: PASS")
        if self.profile:
            lines.append("// PROFILE: profile:")
            absent = ["// PROFILE-NOT: %s" % t for t in self.profile_absent]
            lines += absent
            for text in self.profile:
                lines.append("// PROFILE: %s" % text)
                lines += absent
        if self.copied_once:
            twice = "// COPIES-NOT: {{^ *([2-9]|[1-9][0-9]+) reorder}}"
            lines += [twice, "// COPIES: {{^ *1 profile:}}", twice]
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
    m = Model("conv2d_bias_relu", [["conv_bias_relu"]])
    x = m.arg(rand(1, 8, 10, 10))
    c = m.conv(x, m.const(rand(16, 8, 3, 3)), m.const(rand(16)), pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", c))
    yield m

    m = Model("conv2d_stem_nchw", [["conv_bias_relu"]])
    x = m.arg(rand(1, 3, 23, 23))
    c = m.conv(x, m.const(rand(16, 3, 7, 7)), m.const(rand(16)),
               strides=[2, 2], pads=[3, 3, 3, 3])
    m.ret(m.unary("relu", c))
    yield m

    m = Model("conv2d_asym_pads_strides_dilations", [["conv_bias"]])
    x = m.arg(rand(1, 4, 11, 9))
    m.ret(m.conv(x, m.const(rand(8, 4, 3, 2)), m.const(rand(8)),
                 pads=[1, 0, 2, 1], strides=[2, 1], dilations=[2, 1]))
    yield m

    m = Model("conv2d_same_upper_hard_sigmoid", [["conv_hard_sigmoid"]])
    x = m.arg(rand(1, 4, 9, 9))
    c = m.conv(x, m.const(rand(8, 4, 3, 3)), strides=[2, 2], auto_pad="same_upper")
    m.ret(m.unary("hard_sigmoid", c, alpha=0.25, beta=0.5))
    yield m

    m = Model("conv2d_grouped_clip", [["conv_bias_clip"]])
    x = m.arg(rand(1, 8, 8, 8))
    c = m.conv(x, m.const(rand(12, 4, 3, 3)), m.const(rand(12)), group=2,
               pads=[1, 1, 1, 1])
    m.ret(m.unary("clip", c, min=0.0, max=6.0))
    yield m

    m = Model("conv2d_depthwise_hard_swish", [["conv_bias_hard_swish"]])
    x = m.arg(rand(1, 16, 9, 9))
    c = m.conv(x, m.const(rand(16, 1, 3, 3)), m.const(rand(16)), group=16,
               strides=[2, 2], pads=[1, 1, 1, 1])
    m.ret(m.unary("hard_swish", c))
    yield m

    m = Model("conv2d_depthwise_multiplier_sigmoid", [["conv_sigmoid"]])
    x = m.arg(rand(1, 4, 7, 7))
    c = m.conv(x, m.const(rand(8, 1, 3, 3)), group=4)
    m.ret(m.unary("sigmoid", c))
    yield m

    m = Model("conv2d_leaky_relu_tanh", [["conv_leaky_relu", "conv_tanh"]])
    x = m.arg(rand(1, 8, 6, 6))
    c = m.conv(x, m.const(rand(8, 8, 1, 1)))
    c = m.unary("leaky_relu", c, alpha=0.125)
    c = m.conv(c, m.const(rand(8, 8, 3, 3)), pads=[1, 1, 1, 1])
    m.ret(m.unary("tanh", c))
    yield m

    # An 11x11 stride-4 stem over 3 channels (AlexNet's), which oneDNN 2.6
    # runs by im2col and sgemm on AVX2 (pinned for the profile's run), where
    # it applies eltwise post-ops in a scalar loop: the ReLU runs after the
    # convolution as a JIT eltwise of its own, in place.
    m = Model("conv2d_gemm_stem_relu_unfused", [["conv_bias_relu"]],
              profile=["conv 1x8x7x7 [x64:gemm:jit]",
                       "conv 1x8x7x7 (unfused post-op) [jit"],
              profile_env="ONEDNN_MAX_CPU_ISA=AVX2")
    x = m.arg(rand(1, 3, 31, 31))
    c = m.conv(x, m.const(rand(8, 3, 11, 11)), m.const(rand(8)),
               strides=[4, 4], pads=[2, 2, 2, 2])
    m.ret(m.unary("relu", c))
    yield m

    # Groups of 4 channels (ResNeXt's first stage), fewer than oneDNN's
    # blocks of 8 on AVX2 (pinned for the profile's run), which would run
    # im2col and sgemm per group: pairs of groups merged into groups of 8
    # with block-diagonal weights, on the direct JIT kernel.
    m = Model("conv2d_grouped_4_per_group_merged", [["conv_bias_relu"]],
              profile=["conv 1x32x10x10 [jit:avx2]"],
              profile_absent=["gemm", "unfused"],
              profile_env="ONEDNN_MAX_CPU_ISA=AVX2")
    x = m.arg(rand(1, 32, 10, 10))
    c = m.conv(x, m.const(rand(32, 4, 3, 3)), m.const(rand(32)), group=8,
               pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", c))
    yield m

    # Groups of 2 input and 4 output channels: four groups merged (8 in, 16
    # out), the most that is merged.
    m = Model("conv2d_grouped_2_to_4_per_group_merged", [["conv_bias_relu"]],
              profile=["conv 1x32x3x3 [jit:avx2]"],
              profile_absent=["gemm", "unfused"],
              profile_env="ONEDNN_MAX_CPU_ISA=AVX2")
    x = m.arg(rand(1, 16, 6, 6))
    c = m.conv(x, m.const(rand(32, 2, 3, 3)), m.const(rand(32)), group=8,
               pads=[1, 1, 1, 1], strides=[2, 2])
    m.ret(m.unary("relu", c))
    yield m

    # The same stem with a residual: the sum stays fused (the sgemm adds
    # onto the destination holding the residual), the ReLU after it runs
    # on its own.
    m = Model("conv2d_gemm_stem_sum_relu_unfused", [["conv_bias_sum_relu"]],
              profile=["conv 1x8x7x7 [x64:gemm:jit]",
                       "conv 1x8x7x7 (unfused post-op) [jit"],
              profile_absent=["binary"],
              profile_env="ONEDNN_MAX_CPU_ISA=AVX2")
    x = m.arg(rand(1, 3, 31, 31))
    r = m.arg(rand(1, 8, 7, 7))
    c = m.conv(x, m.const(rand(8, 3, 11, 11)), m.const(rand(8)),
               strides=[4, 4], pads=[2, 2, 2, 2])
    m.ret(m.unary("relu", m.binary("add", c, r)))
    yield m

    # The residual is the region's input: copied into the destination.
    m = Model("conv2d_sum_input_relu", [["conv_bias_sum_relu"]])
    x = m.arg(rand(1, 16, 8, 8))
    c = m.conv(x, m.const(rand(16, 16, 3, 3)), m.const(rand(16)), pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", m.binary("add", c, x)))
    yield m

    # The residual dies at the sum: accumulated in place (a ResNet block).
    m = Model("conv2d_sum_inplace_relu",
              [["conv_bias_relu", "conv_bias_relu", "conv_bias_sum_relu"]])
    x = m.arg(rand(1, 16, 8, 8))
    a = m.unary("relu", m.conv(x, m.const(rand(16, 16, 1, 1)), m.const(rand(16))))
    b = m.unary("relu", m.conv(a, m.const(rand(16, 16, 3, 3)), m.const(rand(16)),
                               pads=[1, 1, 1, 1]))
    c = m.conv(b, m.const(rand(16, 16, 3, 3)), m.const(rand(16)), pads=[1, 1, 1, 1])
    m.ret(m.unary("relu", m.binary("add", c, a)))
    yield m

    # The residual is the conv's own input: never its destination.
    m = Model("conv2d_sum_own_input",
              [["conv_bias_relu", "conv_bias_sum"]])
    x = m.arg(rand(1, 8, 6, 6))
    a = m.unary("relu", m.conv(x, m.const(rand(8, 8, 1, 1)), m.const(rand(8))))
    c = m.conv(a, m.const(rand(8, 8, 3, 3)), m.const(rand(8)), pads=[1, 1, 1, 1])
    m.ret(m.binary("add", c, a))
    yield m

    # Two full-shape adds after the conv: the first a sum post-op (the
    # destination holds it); the conv pattern stops there and the second
    # is a binary op of its own.
    m = Model("conv2d_sum_then_add", [["conv_bias_sum"]])
    x = m.arg(rand(1, 8, 6, 6))
    r = m.arg(rand(1, 8, 6, 6))
    c = m.conv(x, m.const(rand(8, 8, 3, 3)), m.const(rand(8)), pads=[1, 1, 1, 1])
    m.ret(m.binary("add", m.binary("add", c, x), r))
    yield m

    m = Model("conv1d_strides_pads_tanh", [["conv_bias_tanh"]])
    x = m.arg(rand(1, 4, 16))
    c = m.conv(x, m.const(rand(6, 4, 5)), m.const(rand(6)), strides=[2], pads=[2, 1])
    m.ret(m.unary("tanh", c))
    yield m

    m = Model("conv1d_depthwise_dilated_leaky_relu", [["conv_leaky_relu"]])
    x = m.arg(rand(1, 6, 15))
    c = m.conv(x, m.const(rand(6, 1, 3)), group=6, dilations=[2], pads=[2, 2])
    m.ret(m.unary("leaky_relu", c, alpha=0.5))
    yield m

    m = Model("conv3d_bias_relu", [["conv_bias_relu"]])
    x = m.arg(rand(1, 3, 6, 6, 5))
    c = m.conv(x, m.const(rand(4, 3, 3, 3, 3)), m.const(rand(4)),
               pads=[1, 1, 1, 1, 1, 1])
    m.ret(m.unary("relu", c))
    yield m

    m = Model("conv3d_grouped_strides", [["conv"]])
    x = m.arg(rand(1, 4, 7, 6, 6))
    m.ret(m.conv(x, m.const(rand(6, 2, 2, 3, 3)), group=2, strides=[2, 1, 2],
                 pads=[0, 1, 1, 1, 0, 1]))
    yield m


def matmul_cases():
    m = Model("gemm_bias_relu", [["gemm_bias_relu"]])
    a = m.arg(rand(4, 32))
    g = m.gemm(a, m.const(rand(16, 32)), m.const(rand(16)), trans_b=True)
    m.ret(m.unary("relu", g))
    yield m

    m = Model("gemm_trans_a_alpha_beta", [["gemm_bias"]])
    a = m.arg(rand(12, 5))
    m.ret(m.gemm(a, m.const(rand(12, 7)), m.const(rand(1, 7)), alpha=0.5,
                 beta=2.0, trans_a=True))
    yield m

    m = Model("gemm_sigmoid", [["gemm_sigmoid"]])
    a = m.arg(rand(3, 9))
    m.ret(m.unary("sigmoid", m.gemm(a, m.const(rand(9, 5)))))
    yield m

    m = Model("matmul_const_bias_clip", [["matmul_bias_clip"]])
    a = m.arg(rand(5, 12))
    mm = m.matmul(a, m.const(rand(12, 7)))
    m.ret(m.unary("clip", m.binary("add", mm, m.const(rand(7))), min=-1.0, max=1.0))
    yield m

    m = Model("matmul_3d_const_weight", [["matmul_bias"]])
    a = m.arg(rand(2, 4, 8))
    mm = m.matmul(a, m.const(rand(8, 6)))
    m.ret(m.binary("add", mm, m.const(rand(1, 6))))
    yield m

    m = Model("batched_matmul", [["matmul"]])
    a, b = m.arg(rand(3, 4, 8)), m.arg(rand(3, 8, 5))
    m.ret(m.matmul(a, b))
    yield m

    m = Model("batched_matmul_broadcast_tanh", [["matmul_tanh"]])
    a, b = m.arg(rand(2, 1, 4, 8)), m.arg(rand(3, 8, 6))
    m.ret(m.unary("tanh", m.matmul(a, b)))
    yield m

    m = Model("gemm_softmax", [["gemm_bias", "softmax"]])
    a = m.arg(rand(2, 16))
    g = m.gemm(a, m.const(rand(10, 16)), m.const(rand(10)), trans_b=True)
    m.ret(m.softmax(g, 1))
    yield m


def pool_cases():
    """Pooling alone is no heavy compute (pruned): each follows a conv."""
    def conv_then(name, kind, shape, **attrs):
        m = Model(name, [["conv", kind]])
        x = m.arg(rand(*shape))
        n = len(shape) - 2
        w = m.const(rand(*([shape[1], shape[1]] + [1] * n)))
        m.ret(m.pool(kind, m.conv(x, w), **attrs))
        return m

    yield conv_then("max_pool_strides_pads", "max_pool", [1, 8, 9, 9],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    yield conv_then("max_pool_asym_pads", "max_pool", [1, 8, 7, 8],
                    kernel_shape=[3, 2], pads=[0, 1, 2, 0])
    yield conv_then("max_pool_ceil", "max_pool", [1, 8, 8, 8],
                    kernel_shape=[3, 3], strides=[2, 2], ceil_mode=True)
    yield conv_then("max_pool_1d_dilated", "max_pool", [1, 4, 15],
                    kernel_shape=[3], dilations=[2], strides=[2])
    yield conv_then("max_pool_3d", "max_pool", [1, 4, 6, 6, 6],
                    kernel_shape=[2, 2, 2], strides=[2, 2, 2])
    yield conv_then("avg_pool_pads_exclude", "avg_pool", [1, 8, 8, 8],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    yield conv_then("avg_pool_pads_include", "avg_pool", [1, 8, 8, 8],
                    kernel_shape=[3, 3], pads=[1, 1, 1, 1], count_include_pad=True)
    yield conv_then("avg_pool_ceil_exclude", "avg_pool", [1, 8, 8, 8],
                    kernel_shape=[3, 3], strides=[2, 2], ceil_mode=True)
    yield conv_then("avg_pool_ceil_pads_include", "avg_pool", [1, 8, 9, 9],
                    kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                    ceil_mode=True, count_include_pad=True)
    yield conv_then("avg_pool_1d", "avg_pool", [1, 4, 12], kernel_shape=[4],
                    strides=[3])
    yield conv_then("global_avg_pool_2d", "global_avg_pool", [1, 16, 7, 7])
    yield conv_then("global_avg_pool_3d", "global_avg_pool", [1, 8, 3, 4, 5])


def other_cases():
    # A batch_norm that follows no conv stays unfolded.
    m = Model("batch_norm_relu", [["conv_relu", "batch_norm_relu"]])
    x = m.arg(rand(1, 8, 6, 6))
    c = m.unary("relu", m.conv(x, m.const(rand(8, 8, 3, 3)), pads=[1, 1, 1, 1]))
    n = m.batch_norm(c, m.const(rand(8)), m.const(rand(8)), m.const(rand(8)),
                     m.const(positive(8)), epsilon=1e-3)
    m.ret(m.unary("relu", n))
    yield m

    # Single eltwise and binary ops (broadcast second operands) in a region.
    m = Model("eltwise_binary_single_ops", [["conv_bias"]])
    x = m.arg(rand(1, 8, 5, 5))
    c = m.conv(x, m.const(rand(8, 8, 3, 3)), m.const(rand(8)), pads=[1, 1, 1, 1])
    c = m.binary("mul", c, m.const(rand(1, 8, 1, 1)))
    c = m.binary("sub", c, m.const(rand(5)))
    c = m.binary("div", c, m.const(positive(1, 1, 5, 1)))
    c = m.unary("tanh", c)
    c = m.binary("add", c, m.const(rand(8, 1, 1)))
    c = m.unary("hard_sigmoid", c)
    c = m.unary("exp", c)
    m.ret(m.unary("sqrt", c))
    yield m

    # A broadcast first operand of a commutative op: the operands swap.
    m = Model("binary_broadcast_first_operand", [["conv"]])
    x = m.arg(rand(1, 4, 5, 5))
    c = m.conv(x, m.const(rand(4, 4, 1, 1)))
    m.ret(m.binary("mul", m.arg(rand(1, 4, 1, 1)), c))
    yield m

    # An operand of lower rank whose dims match the result's once padded
    # with leading ones ([16] against [1, 16]), given at run time: read
    # through a view, not copied as a value of other dims.
    m = Model("binary_lower_rank_input", [["matmul_relu"]])
    a = m.arg(rand(1, 8))
    p = m.unary("relu", m.matmul(a, m.const(rand(8, 16) / 4)))
    m.ret(m.binary("mul", p, m.arg(rand(16))))
    yield m

    # After a conv and an eltwise: run-time operands of lower rank, a 0-d
    # scale and a per-channel [C, 1, 1] one, each a broadcast view.
    m = Model("binary_lower_rank_after_conv", [["conv_tanh"]])
    x = m.arg(rand(1, 8, 1, 1))
    c = m.unary("tanh", m.conv(x, m.const(rand(4, 8, 3, 3) / 4),
                               pads=[1, 1, 1, 1]))
    c = m.binary("mul", c, m.arg(np.float32(1.5)))
    m.ret(m.binary("sub", c, m.arg(rand(4, 1, 1))))
    yield m

    # Two convs of one input joined by concat (SqueezeNet's fire module).
    m = Model("concat_fire", [["conv_bias_relu", "conv_bias_relu",
                               "conv_bias_relu"]])
    x = m.arg(rand(1, 16, 6, 6))
    s = m.unary("relu", m.conv(x, m.const(rand(4, 16, 1, 1)), m.const(rand(4))))
    e1 = m.unary("relu", m.conv(s, m.const(rand(8, 4, 1, 1)), m.const(rand(8))))
    e3 = m.unary("relu", m.conv(s, m.const(rand(8, 4, 3, 3)), m.const(rand(8)),
                                pads=[1, 1, 1, 1]))
    m.ret(m.concat([e1, e3], 1))
    yield m

    # Two outputs, one of them also used inside the region.
    m = Model("two_outputs", [["conv_relu", "conv"]])
    x = m.arg(rand(1, 8, 6, 6))
    a = m.unary("relu", m.conv(x, m.const(rand(8, 8, 1, 1))))
    b = m.conv(a, m.const(rand(4, 8, 3, 3)))
    m.ret(a, b)
    yield m


def view_cases():
    """Flatten and reshape are views inside a region."""
    m = Model("classifier_flatten_gemm",
              [["conv_bias_relu", "global_avg_pool", "gemm_bias", "softmax"]])
    x = m.arg(rand(1, 8, 6, 6))
    c = m.unary("relu", m.conv(x, m.const(rand(16, 8, 3, 3)), m.const(rand(16))))
    f = m.flatten(m.pool("global_avg_pool", c))
    g = m.gemm(f, m.const(rand(10, 16)), m.const(rand(10)), trans_b=True)
    m.ret(m.softmax(g, 1))
    yield m

    # A view of a value whose last other use is a sum post-op, used after it.
    m = Model("reshape_view_outlives_sum",
              [["conv_relu", "conv_sum_relu", "gemm"]])
    x = m.arg(rand(1, 4, 4, 4))
    a = m.unary("relu", m.conv(x, m.const(rand(4, 4, 1, 1))))
    v = m.reshape(a, [1, 64])
    c = m.conv(a, m.const(rand(4, 4, 3, 3)), pads=[1, 1, 1, 1])
    c = m.unary("relu", m.binary("add", c, a))
    m.ret(c, m.gemm(v, m.const(rand(64, 6))))
    yield m


def shuffle_cases():
    """Transpose, slice and reductions inside a region (ShuffleNet's block).
    The concat of the shuffle's strided half with a conv's output is made by
    reorders into the result (oneDNN's "simple" concat walks a strided view
    element by element): --profile names no concat primitive."""
    m = Model("channel_shuffle_split", [["conv_relu", "conv_bias_relu"]],
              profile=["reorder"], profile_absent=["concat "])
    x = m.arg(rand(1, 8, 4, 4))
    c = m.unary("relu", m.conv(x, m.const(rand(8, 8, 1, 1))))
    s = m.reshape(m.transpose(m.reshape(c, [1, 2, 4, 4, 4]), [0, 2, 1, 3, 4]),
                  [1, 8, 4, 4])
    a = m.slice(s, [0], [3], [1])
    b = m.slice(s, [3, 1], [8, 4], [1, 2])
    b = m.unary("relu", m.conv(b, m.const(rand(3, 5, 3, 3)), m.const(rand(3)),
                               pads=[2, 1, 1, 1]))
    m.ret(m.concat([a, b], 1))
    yield m

    m = Model("reduce_mean_sum", [["conv", "gemm"]])
    x = m.arg(rand(1, 8, 5, 6))
    c = m.conv(x, m.const(rand(8, 8, 1, 1)))
    mean = m.reduce("reduce_mean", c, [2, 3], False)
    m.ret(m.gemm(mean, m.const(rand(8, 4))), m.reduce("reduce_sum", c, [1], True),
          m.reduce("reduce_mean", c, [3], False))
    yield m


def norm_cases():
    """A layer norm written out with a 0-d epsilon, as ConvNeXt's exports have
    it (x - mean, its square, reduce_mean, + epsilon, sqrt, div, then the
    affine scale and shift): the prepare passes raise it into one layer_norm
    (oneDNN's layer_normalization). With the epsilon an input of the model
    it stays arithmetic, and the 0-d value is an input of the region."""
    m = Model("layer_norm_0d_epsilon",
              [["conv_bias", "layer_norm_bias", "matmul_bias"]])
    x = m.arg(rand(1, 8, 4, 4))
    c = m.conv(x, m.const(rand(8, 1, 3, 3)), m.const(rand(8)), group=8,
               pads=[1, 1, 1, 1])
    t = m.transpose(c, [0, 2, 3, 1])
    mean = m.reduce("reduce_mean", t, [-1], True)
    d = m.binary("sub", t, mean)
    var = m.reduce("reduce_mean", m.binary("mul", d, d), [-1], True)
    eps = m.const(np.float32(1e-5))
    y = m.binary("div", d, m.unary("sqrt", m.binary("add", var, eps)))
    y = m.binary("add", m.binary("mul", y, m.const(rand(8))), m.const(rand(8)))
    m.ret(m.binary("add", m.matmul(y, m.const(rand(8, 16))), m.const(rand(16))))
    yield m

    # The same with the epsilon a 0-d input of the model (and of the region).
    m = Model("layer_norm_0d_epsilon_input", [["matmul", "matmul_bias"]])
    x = m.arg(rand(2, 6, 8))
    eps = m.arg(np.float32(1e-5))
    t = m.matmul(x, m.const(rand(8, 8)))
    d = m.binary("sub", t, m.reduce("reduce_mean", t, [-1], True))
    var = m.reduce("reduce_mean", m.binary("mul", d, d), [-1], True)
    y = m.binary("div", d, m.unary("sqrt", m.binary("add", var, eps)))
    m.ret(m.binary("add", m.matmul(y, m.const(rand(8, 4))), m.const(rand(4))))
    yield m


def transformer_cases():
    """GELU as exporters write it (erf form; tanh form with x * x * x) and a
    layer norm with pow(d, 2): the prepare passes raise them into gelu (an
    eltwise post-op of the matmul before it) and layer_norm. The matmuls
    multiply sequence-first rows [T, B, K] (PyTorch's export of
    nn.MultiheadAttention) by one weight matrix: oneDNN runs them as one 2-D
    product of all the rows (the profile names the flat shape)."""
    half, one = np.float32(0.5), np.float32(1)
    m = Model("matmul_rows_bias_gelu_erf", [["matmul_bias_gelu"]],
              profile=["matmul 6x2x16 as 12x16"])
    x = m.arg(rand(6, 2, 8) / 4)
    h = m.binary("add", m.matmul(x, m.const(rand(8, 16) / 16)),
                 m.const(rand(16) / 8))
    e = m.unary("erf", m.binary("div", h, m.const(np.float32(np.sqrt(2)))))
    m.ret(m.binary("mul", m.binary("mul", h, m.binary("add", e, m.const(one))),
                   m.const(half)))
    yield m

    m = Model("matmul_gelu_tanh_layer_norm",
              [["matmul_bias_gelu", "layer_norm_bias"]],
              profile=["matmul 2x5x8 as 10x8", "layernorm 2x5x8"])
    x = m.arg(rand(2, 5, 8) / 4)
    h = m.binary("add", m.matmul(x, m.const(rand(8, 8) / 16)),
                 m.const(rand(8) / 8))
    cube = m.binary("mul", h, m.binary("mul", h, h))
    inner = m.binary("add", h, m.binary("mul", m.const(np.float32(0.044715)),
                                        cube))
    t = m.unary("tanh", m.binary("mul", m.const(np.float32(0.7978846)), inner))
    g = m.binary("mul", m.const(half),
                 m.binary("mul", h, m.binary("add", m.const(one), t)))
    d = m.binary("sub", g, m.reduce("reduce_mean", g, [-1], True))
    var = m.reduce("reduce_mean", m.binary("pow", d, m.const(np.float32(2))),
                   [-1], True)
    y = m.binary("div", d, m.unary("sqrt", m.binary(
        "add", var, m.const(np.float32(1e-5)))))
    m.ret(m.binary("add", m.binary("mul", y, m.const(positive(8))),
                   m.const(rand(8))))
    yield m


def attention_cases():
    """Multi-head self-attention as BERT exports it: the projections' heads
    split by reshape and transpose, QK^T divided by a constant and added to
    an additive mask of shape [B, 1, 1, S] (a region input: computed), the
    softmax, the product with V, the heads merged by transpose and reshape.
    The scale and the mask are binary post-ops of the QK^T product; the
    products read the heads where the projections wrote them and the
    context product writes the merged heads in place: no binary primitive
    and no reorder in the profile."""
    m = Model("attention_scale_mask_heads",
              [["matmul_bias", "matmul_bias", "matmul_bias", "matmul_div_add",
                "softmax", "matmul", "matmul_bias"]],
              profile=["matmul 2x2x6x6 [", "softmax 2x2x6x6", "matmul 2x2x6x4 ["],
              profile_absent=["reorder", "binary", "unfused"])
    x = m.arg(rand(2, 6, 8) / 4)
    mask = m.arg(np.where(rand(2, 1, 1, 6) > 0, 0, -8).astype(np.float32))

    def heads(perm):
        h = m.binary("add", m.matmul(x, m.const(rand(8, 8) / 16)),
                     m.const(rand(8) / 8))
        return m.transpose(m.reshape(h, [2, 6, 2, 4]), perm)
    q, k, v = heads([0, 2, 1, 3]), heads([0, 2, 3, 1]), heads([0, 2, 1, 3])
    scores = m.binary("add", m.binary("div", m.matmul(q, k),
                                      m.const(np.float32(2))), mask)
    context = m.matmul(m.softmax(scores, -1), v)
    merged = m.reshape(m.transpose(context, [0, 2, 1, 3]), [2, 6, 8])
    m.ret(m.binary("add", m.matmul(merged, m.const(rand(8, 8) / 16)),
                   m.const(rand(8) / 8)))
    yield m

    # Binary post-ops of other shapes: a 2-D product times a computed scalar
    # minus a constant per column; the rows of a 3-D product (run as one
    # 2-D product) minus a computed row [1, 1, 5], divided by a computed
    # value per element.
    m = Model("matmul_binary_post_ops", [["matmul_mul_sub"], ["matmul_sub_div"]],
              profile=["matmul 6x5 [", "matmul 2x3x5 as 6x5 ["],
              profile_absent=["binary", "unfused"])
    a = m.arg(rand(6, 8) / 4)
    scalar = m.arg(rand(1, 1) / 4)
    p = m.binary("sub", m.binary("mul", m.matmul(a, m.const(rand(8, 5) / 8)),
                                 scalar), m.const(rand(5) / 8))
    b = m.arg(rand(2, 3, 8) / 4)
    shift, scale = m.arg(rand(1, 1, 5) / 4), m.arg(positive(2, 3, 5) + 1)
    q = m.binary("div", m.binary("sub", m.matmul(b, m.const(rand(8, 5) / 8)),
                                 shift), scale)
    m.ret(p, q)
    yield m

    # A scale per row ([6, 1] on a 6 x 5 product), which oneDNN 2.6's
    # matmul does not take as a post-op on this machine: the product, then
    # the binary op in place on its result (the profile says so, and names
    # no reference kernel).
    m = Model("matmul_row_scale_unfused", [["matmul_mul"]],
              profile=["matmul 6x5 [", "matmul 6x5 (unfused post-op) ["])
    a = m.arg(rand(6, 8) / 4)
    m.ret(m.binary("mul", m.matmul(a, m.const(rand(8, 5) / 8)),
                   m.arg(rand(6, 1) / 4)))
    yield m

    # A vision transformer's tokens: the patches (a product, its channels
    # transposed last) after a constant class token. oneDNN 2.6 has only its
    # reference concat for these sources: each is reordered into its block
    # of the result instead (the profile names no concat, no slow kernel).
    m = Model("concat_class_token_patches", [["matmul", "matmul_bias"]],
              single_ops=["seam.transpose", "seam.concat"],
              profile=["reorder 1x1x8 [", "reorder 1x4x8 [", "matmul 1x5x3"],
              profile_absent=["concat"])
    x = m.arg(rand(1, 6, 4) / 4)
    patches = m.transpose(m.matmul(m.const(rand(8, 6) / 8), x), [0, 2, 1])
    tokens = m.concat([m.const(rand(1, 1, 8) / 4), patches], 1)
    m.ret(m.binary("add", m.matmul(tokens, m.const(rand(8, 3) / 8)),
                   m.const(rand(3) / 8)))
    yield m

    # Two residual adds of the product's shape: a sum post-op, then a
    # binary add (a TfIdfVectorizer's counts of three n-gram lengths summed).
    m = Model("matmul_sum_then_add", [["matmul_sum_add"]])
    a = m.arg(rand(4, 8) / 4)
    r1 = m.arg(rand(4, 16))
    r2 = m.arg(rand(4, 16))
    p = m.matmul(a, m.const(rand(8, 16) / 8))
    m.ret(m.binary("add", m.binary("add", p, r1), r2))
    yield m

    # The product as the second operand of a sub or div is no post-op
    # (oneDNN's computes result - operand): the product alone, and the sub
    # left to the compiler (its first operand, a scalar, broadcasts).
    m = Model("matmul_reversed_sub", [["matmul"]], left=1,
              before=["seam.sub"])
    a = m.arg(rand(4, 8) / 4)
    m.ret(m.binary("sub", m.const(np.float32(1)),
                   m.matmul(a, m.const(rand(8, 5) / 8))))
    yield m


def shared_weight_cases():
    """A weight that a dnnl region and the compiled code both read: the
    session keeps it (only weights the kernel library alone reads are freed
    once it copied them), and both results are right."""
    m = Model("weight_read_by_region_and_compiled_code", [["matmul"]], left=1,
              before=["seam.sub"])
    x = m.arg(rand(4, 64) / 4)
    s = m.arg(rand(1, 1) / 4)
    w = m.const(rand(64, 32) / 8)
    m.ret(m.matmul(x, w), m.binary("sub", s, w))
    yield m


def hard_swish_product_cases():
    """x * hard_sigmoid(x) with alpha 1/6 and beta 1/2 (PyTorch's Hardswish
    at opset 13), in either operand order: the prepare passes rewrite it into
    hard_swish, which the conv before it takes as an eltwise_hardswish
    post-op. The reference is the product of the hard sigmoid and x; weights
    in [-1/2, 1/2] keep many values in [-3, 3], where the hard sigmoid is not
    clamped."""
    m = Model("hard_sigmoid_product_hard_swish",
              [["conv_hard_swish", "conv_bias_hard_swish"]])
    x = m.arg(rand(1, 8, 6, 5))
    c = m.conv(x, m.const(rand(16, 8, 3, 3, low=-4, high=4)), pads=[1, 1, 1, 1])
    h = m.binary("mul", c, m.unary("hard_sigmoid", c, alpha=1 / 6, beta=0.5))
    d = m.conv(h, m.const(rand(16, 1, 3, 3, low=-4, high=4)),
               m.const(rand(16)), group=16, strides=[2, 2], pads=[1, 1, 1, 1])
    m.ret(m.binary("mul", m.unary("hard_sigmoid", d, alpha=1 / 6, beta=0.5),
                   d))
    yield m


def silu_product_cases():
    """x * sigmoid(x) (SiLU, EfficientNet's activation, as exporters write
    it), in either operand order: the prepare passes rewrite it into silu,
    which the conv or gemm before it takes as an eltwise_swish (alpha 1)
    post-op, and which is a single op after anything else. The reference is
    x times NumPy's 1 / (1 + exp(-x)); weights in [-1/2, 1/2] keep most
    values where the sigmoid is not saturated."""
    sigmoid_product = ["seam.sigmoid", "seam.mul"]
    m = Model("silu_product_conv_bias",
              [["conv_bias_silu", "conv_bias_silu"]], absent=sigmoid_product)
    x = m.arg(rand(1, 8, 6, 5))
    c = m.conv(x, m.const(rand(16, 8, 3, 3, low=-4, high=4)),
               m.const(rand(16)), pads=[1, 1, 1, 1])
    h = m.binary("mul", c, m.unary("sigmoid", c))
    d = m.conv(h, m.const(rand(16, 1, 3, 3, low=-4, high=4)),
               m.const(rand(16)), group=16, strides=[2, 2], pads=[1, 1, 1, 1])
    m.ret(m.binary("mul", m.unary("sigmoid", d), d))
    yield m

    # After a per-channel add (no conv bias: a single binary op), silu is a
    # single eltwise op.
    m = Model("silu_product_after_add", [["conv"]],
              single_ops=["seam.add", "seam.silu"], absent=sigmoid_product)
    x = m.arg(rand(1, 6, 5, 4))
    c = m.conv(x, m.const(rand(6, 6, 1, 1, low=-4, high=4)))
    a = m.binary("add", c, m.const(rand(1, 6, 1, 1)))
    m.ret(m.binary("mul", m.unary("sigmoid", a), a))
    yield m

    m = Model("silu_product_gemm_bias", [["gemm_bias_silu"]],
              absent=sigmoid_product)
    a = m.arg(rand(3, 16))
    g = m.gemm(a, m.const(rand(10, 16, low=-4, high=4)), m.const(rand(10)),
               trans_b=True)
    m.ret(m.binary("mul", g, m.unary("sigmoid", g)))
    yield m


def pad_conv_cases():
    """A constant 0 pad of the spatial dims before a conv (TensorFlow's
    "same" padding, ZeroPad2d): the prepare passes fold it into the conv's
    own pads (after resolving its auto_pad), so no seam.pad is left. The
    reference pads explicitly, then convolves the padded image."""
    m = Model("pad_zero_into_conv", [["conv_bias_relu"]], absent=["seam.pad"],
              checks=["seam.conv {{.*}}{pads = array<i64: 1, 2, 3, 4>}"])
    x = m.arg(rand(1, 3, 8, 8))
    p = m.pad(x, [0, 0, 1, 2, 0, 0, 3, 4])
    c = m.conv(p, m.const(rand(4, 3, 3, 3)), m.const(rand(4)))
    m.ret(m.unary("relu", c))
    yield m

    # SAME_UPPER with stride 2 on the padded 10x10 image: pads 0 then 1 of
    # each spatial dim, so [1 + 0, 0 + 0, 2 + 1, 1 + 1] in all.
    m = Model("pad_zero_into_conv_same_upper", [["conv_bias"]],
              absent=["seam.pad", "auto_pad"],
              checks=["seam.conv {{.*}}{pads = array<i64: 1, 0, 3, 2>, "
                      "strides = array<i64: 2, 2>}"])
    x = m.arg(rand(1, 4, 7, 9))
    p = m.pad(x, [0, 0, 1, 0, 0, 0, 2, 1])
    m.ret(m.conv(p, m.const(rand(6, 4, 3, 3)), m.const(rand(6)),
                 strides=[2, 2], auto_pad="same_upper"))
    yield m

    # A pad of value 1 is no conv padding: it stays, for the compiler.
    m = Model("pad_one_before_conv", [["conv_bias_relu"]], left=1,
              before=["seam.pad {{.*}}value = 1.000000e+00"])
    x = m.arg(rand(1, 3, 6, 6))
    p = m.pad(x, [0, 0, 1, 1, 0, 0, 1, 1], value=1.0)
    c = m.conv(p, m.const(rand(4, 3, 3, 3)), m.const(rand(4)))
    m.ret(m.unary("relu", c))
    yield m


def pad_pool_cases():
    """An explicit spatial Pad before pooling (TensorFlow's "same" padding
    exported as a Pad, timm's MaxPool2dSame): the prepare passes fold it into
    the pool's own pads, so that pooling stays with the conv before it: a max
    pool's pad of -inf, or of 0 after a Relu (no element is below it); an
    average pool's 0 pad, counted in the divisor (the padded zeros were
    elements). The reference pads explicitly, then pools the padded image."""
    m = Model("pad_ninf_into_max_pool", [["conv", "max_pool"]],
              absent=["seam.pad"],
              checks=["seam.max_pool {{.*}}pads = array<i64: 0, 0, 1, 1>, "
                      "strides = array<i64: 2, 2>"])
    x = m.arg(rand(1, 8, 9, 9))
    c = m.conv(x, m.const(rand(8, 8, 1, 1)))
    p = m.pad(c, [0, 0, 0, 0, 0, 0, 1, 1], value=-np.inf)
    m.ret(m.pool("max_pool", p, kernel_shape=[3, 3], strides=[2, 2]))
    yield m

    # Zero pads after a Relu, added to the pool's own (SAME_UPPER on the
    # padded 10x10 image with stride 2: 0 before, 1 after, in H and W).
    m = Model("pad_zero_after_relu_into_max_pool", [["conv_relu", "max_pool"]],
              absent=["seam.pad", "auto_pad"],
              checks=["seam.max_pool {{.*}}pads = array<i64: 1, 1, 1, 1>"])
    x = m.arg(rand(1, 4, 9, 9))
    r = m.unary("relu", m.conv(x, m.const(rand(4, 4, 1, 1))))
    p = m.pad(r, [0, 0, 1, 1, 0, 0, 0, 0])
    m.ret(m.pool("max_pool", p, kernel_shape=[3, 3], strides=[2, 2],
                 auto_pad="same_upper"))
    yield m

    m = Model("pad_zero_into_avg_pool", [["conv", "avg_pool"]],
              absent=["seam.pad"],
              checks=["seam.avg_pool {{.*}}count_include_pad = true, "
                      "kernel_shape = array<i64: 3, 3>, "
                      "pads = array<i64: 1, 1, 1, 1>"])
    x = m.arg(rand(1, 8, 8, 8))
    c = m.conv(x, m.const(rand(8, 8, 1, 1)))
    p = m.pad(c, [0, 0, 1, 1, 0, 0, 1, 1])
    m.ret(m.pool("avg_pool", p, kernel_shape=[3, 3], strides=[1, 1]))
    yield m


def se_block_cases():
    """A RegNetY block with squeeze-and-excitation (width 48, group width 8:
    RegNetY-400MF's first stage; batch norms folded into conv biases): a 1x1
    conv, a grouped 3x3 conv, the SE gate (global average pool, 1x1 conv
    48->12 with relu, 1x1 conv 12->48 with sigmoid), the gated image, a 1x1
    conv and the residual. oneDNN keeps the grouped conv's output in
    8-channel blocks (aBcd8b), where its JIT binary has no per-channel
    broadcast on AVX-512: the runtime computes the SE multiply, a single op,
    in channels-last instead of with the reference implementation (--profile
    names no slow kernel). Weights in [-1/2, 1/2] keep most gates where the
    sigmoid is not saturated; the pool averages 64 pixels (exact)."""
    m = Model("se_block_grouped_conv",
              [["conv_bias_relu", "conv_bias_relu", "global_avg_pool",
                "conv_bias_relu", "conv_bias_sigmoid", "conv_bias_sum_relu"]],
              single_ops=["seam.mul"],
              profile=["conv 1x48x8x8 [", "conv 1x48x8x8 [", "pool 1x48x1x1 [",
                       "conv 1x12x1x1 [", "conv 1x48x1x1 [",
                       "binary 1x48x8x8 [jit", "conv 1x16x8x8 ["])
    x = m.arg(rand(1, 16, 8, 8))
    a = m.unary("relu", m.conv(x, m.const(rand(48, 16, 1, 1, low=-4, high=4)),
                               m.const(rand(48))))
    c = m.unary("relu", m.conv(a, m.const(rand(48, 8, 3, 3, low=-4, high=4)),
                               m.const(rand(48)), group=6, pads=[1, 1, 1, 1]))
    s = m.pool("global_avg_pool", c)
    s = m.unary("relu", m.conv(s, m.const(rand(12, 48, 1, 1, low=-4, high=4)),
                               m.const(rand(12))))
    s = m.unary("sigmoid", m.conv(s, m.const(rand(48, 12, 1, 1, low=-4, high=4)),
                                  m.const(rand(48))))
    e = m.binary("mul", c, s)
    o = m.conv(e, m.const(rand(16, 48, 1, 1, low=-4, high=4)), m.const(rand(16)))
    m.ret(m.unary("relu", m.binary("add", o, x)))
    yield m


def se_hard_sigmoid_cases():
    """A MobileNetV3 block with squeeze-and-excitation as torchvision exports
    it at opset 13 (width 16 -> 48; batch norms folded into conv biases): a
    1x1 conv and a depthwise 3x3 conv, each followed by hard-swish written
    as x * HardSigmoid(x) (alpha 1/6, beta 1/2), the SE gate (global average
    pool, 1x1 conv 48->16 with relu, 1x1 conv 16->48 with the hard-sigmoid
    gate), the gated image and a 1x1 projection with the residual. The
    products become hard_swish post-ops of their convs, the gate a
    hard_sigmoid post-op; the per-channel multiply of the depthwise conv's
    blocked output is a single op that --profile must not name as a
    reference kernel. The pool averages 64 pixels (exact)."""
    m = Model("se_block_hard_sigmoid_gate",
              [["conv_bias_hard_swish", "conv_bias_hard_swish",
                "global_avg_pool", "conv_bias_relu", "conv_bias_hard_sigmoid",
                "conv_bias_sum"]],
              single_ops=["seam.mul"], absent=["seam.hard_sigmoid %"],
              profile=["conv 1x48x8x8 [", "conv 1x48x8x8 [", "pool 1x48x1x1 [",
                       "conv 1x16x1x1 [", "conv 1x48x1x1 [",
                       "binary 1x48x8x8 [", "conv 1x16x8x8 ["])
    x = m.arg(rand(1, 16, 8, 8))

    def hard_swish(v):
        return m.binary("mul", v, m.unary("hard_sigmoid", v, alpha=1 / 6,
                                          beta=0.5))

    a = hard_swish(m.conv(x, m.const(rand(48, 16, 1, 1, low=-4, high=4)),
                          m.const(rand(48))))
    c = hard_swish(m.conv(a, m.const(rand(48, 1, 3, 3, low=-4, high=4)),
                          m.const(rand(48)), group=48, pads=[1, 1, 1, 1]))
    s = m.pool("global_avg_pool", c)
    s = m.unary("relu", m.conv(s, m.const(rand(16, 48, 1, 1, low=-4, high=4)),
                               m.const(rand(16))))
    s = m.unary("hard_sigmoid",
                m.conv(s, m.const(rand(48, 16, 1, 1, low=-4, high=4)),
                       m.const(rand(48))), alpha=1 / 6, beta=0.5)
    e = m.binary("mul", c, s)
    o = m.conv(e, m.const(rand(16, 48, 1, 1, low=-4, high=4)), m.const(rand(16)))
    m.ret(m.binary("add", o, x))
    yield m


def conv_gelu_cases():
    """A conv followed by GELU in the erf form exporters write
    (x * (erf(x / sqrt 2) + 1) * 0.5): the prepare passes raise it into gelu,
    which the conv takes as an eltwise_gelu_erf post-op (no erf op left)."""
    half, one = np.float32(0.5), np.float32(1)
    m = Model("conv2d_bias_gelu_erf", [["conv_bias_gelu"]],
              absent=["seam.erf"], profile=["conv 1x16x7x6 ["])
    x = m.arg(rand(1, 8, 7, 6))
    h = m.conv(x, m.const(rand(16, 8, 3, 3, low=-4, high=4)),
               m.const(rand(16)), pads=[1, 1, 1, 1])
    e = m.unary("erf", m.binary("div", h, m.const(np.float32(np.sqrt(2)))))
    m.ret(m.binary("mul", m.binary("mul", h, m.binary("add", e, m.const(one))),
                   m.const(half)))
    yield m


def layout_chain_cases():
    """A RegNetX block (width 64, group width 16; batch norms folded into
    conv biases): a 1x1 conv, a grouped 3x3 conv and a 1x1 conv with the
    residual. oneDNN runs the 1x1 convs channels-last and, left to choose,
    the grouped conv on 16-channel blocks: a reorder before and after it on
    each run. Its source written channels-last, the runtime asks for the
    same JIT kernel channels-last: the profile has no reorder between the
    convs (the region's input and output are row-major: one reorder each)."""
    m = Model("grouped_conv_between_1x1_convs",
              [["conv_bias_relu", "conv_bias_relu", "conv_bias_sum_relu"]],
              profile=["reorder 1x64x14x14 [", "conv 1x64x14x14 [",
                       "conv 1x64x14x14 [", "conv 1x64x14x14 [",
                       "reorder 1x64x14x14 ["],
              profile_absent=["reorder"])
    x = m.arg(rand(1, 64, 14, 14))
    a = m.unary("relu", m.conv(x, m.const(rand(64, 64, 1, 1, low=-4, high=4)),
                               m.const(rand(64))))
    c = m.unary("relu", m.conv(a, m.const(rand(64, 16, 3, 3, low=-4, high=4)),
                               m.const(rand(64)), group=4, pads=[1, 1, 1, 1]))
    o = m.conv(c, m.const(rand(64, 64, 1, 1, low=-4, high=4)), m.const(rand(64)))
    m.ret(m.unary("relu", m.binary("add", o, x)))
    yield m


def dense_block_cases():
    """DenseNet blocks: each layer (batch norm, ReLU, 1x1 conv, ReLU, 3x3 conv)
    reads the concatenation of the block's input and every feature so far,
    written at once (torchvision's export) or each concatenation extending
    the one before. The concatenations share one buffer in oneDNN's channel
    blocks: no value is copied twice (each concatenation copying every
    source copies the block's input three times), no concat primitive, no
    reference kernel. Channel counts differ so that each copy's label names
    its value: input 8, block input 32, features 48, 64 and 96, bottleneck
    16, concatenations 80, 144 and 240 (few, to keep the weights written
    into the test small). The second block also adds its
    first feature to a conv of the last concatenation at the feature's last
    use: no sum in place on the shared buffer (the batch norm after it
    reads the concatenation); that feature is copied into the sum's result,
    whose dims it shares, so the second block counts the copies of the
    others, and that no concatenation is copied."""
    def layer(m, x, growth):
        c = x.array.shape[1]
        n = m.unary("relu", m.batch_norm(x, m.const(rand(c) / 4), m.const(rand(c)),
                                         m.const(rand(c)), m.const(positive(c))))
        b = m.unary("relu", m.conv(n, m.const(rand(16, c, 1, 1, low=-2, high=2)),
                                   m.const(rand(16))))
        return m.conv(b, m.const(rand(growth, 16, 3, 3, low=-2, high=2)),
                      pads=[1, 1, 1, 1])

    layer_ops = ["batch_norm_relu", "conv_bias_relu", "conv"]
    for name, incremental in (("dense_block_concat_chain", False),
                              ("dense_block_concat_incremental", True)):
        composites = ["conv_relu"] + layer_ops * 3 + (
            ["conv_sum"] if incremental else []) + ["batch_norm_relu"]
        m = Model(name, [composites], profile=["conv 1x16x5x5 ["],
                  profile_absent=["concat"] + (
                      ["reorder 1x80x5x5", "reorder 1x144x5x5"]
                      if incremental else []),
                  copied_once="reorder 1x(32|64|96)x5x5 " if incremental
                  else "reorder 1x[0-9]+x5x5 ")
        x = m.arg(rand(1, 8, 5, 5))
        x0 = m.unary("relu", m.conv(x, m.const(rand(32, 8, 3, 3, low=-4, high=4)),
                                    pads=[1, 1, 1, 1]))
        f1 = layer(m, x0, 48)
        c1 = m.concat([x0, f1], 1)
        f2 = layer(m, c1, 64)
        c2 = m.concat([c1, f2] if incremental else [x0, f1, f2], 1)
        f3 = layer(m, c2, 96)
        c3 = m.concat([c2, f3] if incremental else [x0, f1, f2, f3], 1)
        results = []
        if incremental:
            results.append(m.binary("add", m.conv(
                c3, m.const(rand(48, 240, 1, 1, low=-1, high=1))), f1))
        c = 240
        results.append(m.unary("relu", m.batch_norm(
            c3, m.const(rand(c) / 4), m.const(rand(c)), m.const(rand(c)),
            m.const(positive(c)))))
        m.ret(*results)
        yield m

    # Two images: a channel block of a buffer of two is not dense, and the
    # concatenations copy their sources as before.
    m = Model("dense_block_two_images", [["conv_relu"] + layer_ops * 2])
    x0 = m.unary("relu", m.conv(m.arg(rand(2, 8, 5, 5)),
                                m.const(rand(32, 8, 3, 3, low=-4, high=4)),
                                pads=[1, 1, 1, 1]))
    f1 = layer(m, x0, 48)
    f2 = layer(m, m.concat([x0, f1], 1), 16)
    m.ret(m.concat([x0, f1, f2], 1))
    yield m


def conv_transpose_cases():
    """oneDNN's deconvolution: ONNX's C x M/g x k weights seen as oneDNN's
    M x C (g x M/g x C/g) weights; output_padding as less end padding."""
    m = Model("deconv2d_bias_outpad_relu", [["conv_transpose_bias_relu"]])
    x = m.arg(rand(1, 3, 5, 4))
    c = m.conv_transpose(x, m.const(rand(3, 4, 3, 3)), m.const(rand(4)),
                         strides=[2, 2], pads=[1, 1, 1, 1],
                         output_padding=[1, 0])
    m.ret(m.unary("relu", c))
    yield m

    # pads 0 and output_padding 1: oneDNN's end padding is -1.
    m = Model("deconv2d_outpad_no_pads", [["conv_transpose"]])
    x = m.arg(rand(1, 2, 3, 3))
    m.ret(m.conv_transpose(x, m.const(rand(2, 3, 3, 3)), strides=[3, 2],
                           output_padding=[1, 1]))
    yield m

    m = Model("deconv1d_grouped_dilated", [["conv_transpose"]])
    x = m.arg(rand(1, 4, 6))
    m.ret(m.conv_transpose(x, m.const(rand(4, 3, 3)), group=2,
                           dilations=[2], strides=[3]))
    yield m

    # Weights computed at run time (ONNX's node tests have them as inputs):
    # reordered from their view before each run.
    m = Model("deconv2d_runtime_weight_grouped", [["conv_transpose"]])
    x = m.arg(rand(1, 4, 3, 2))
    w = m.arg(rand(4, 2, 2, 3))
    m.ret(m.conv_transpose(x, w, group=2, strides=[1, 2], pads=[0, 1, 1, 0]))
    yield m

    m = Model("deconv3d_bias_strides_pads", [["conv_transpose_bias"]])
    x = m.arg(rand(1, 2, 3, 3, 2))
    m.ret(m.conv_transpose(x, m.const(rand(2, 3, 2, 2, 2)), m.const(rand(3)),
                           strides=[2, 1, 2], pads=[0, 1, 0, 1, 0, 0]))
    yield m


def reduction_cases():
    """The reductions oneDNN computes with JIT kernels (max, min, prod over
    the innermost axes, with and without keepdims) join the conv's region;
    those it has only reference kernels for (max over the channels, the
    lp-norms) and the log-sum-exp (no oneDNN algorithm) are compiled."""
    m = Model("reduce_family", [["conv"]], left=5)
    x = m.arg(rand(1, 6, 4, 5))
    c = m.conv(x, m.const(rand(6, 6, 1, 1) / 4))
    m.ret(m.reduce("reduce_max", c, [2, 3], True),
          m.reduce("reduce_min", c, [3], False),
          m.reduce("reduce_prod", c, [2, 3], False),
          m.reduce("reduce_max", c, [1], True),
          m.reduce("reduce_l1", c, [1], False),
          m.reduce("reduce_l2", c, [2, 3], True),
          m.reduce("reduce_sum_square", c, [3], False),
          m.reduce("reduce_log_sum_exp", c, [1], True))
    yield m


def layer_norm_cases():
    """A transformer block's tail: matmul + bias + the residual add (a sum
    post-op), a layer norm with scale and shift (on oneDNN's
    layer_normalization), a matmul;
    a layer norm without shift; one whose mean is an output (compiled: oneDNN
    keeps the statistics to itself)."""
    m = Model("layer_norm_block",
              [["matmul_bias_sum", "layer_norm_bias", "layer_norm", "matmul"]],
              left=1, profile=["layernorm 2x8x16"])
    x = m.arg(rand(2, 8, 16))
    h = m.binary("add", m.matmul(x, m.const(rand(16, 16) / 4)),
                 m.const(rand(16)))
    r = m.binary("add", h, x)
    y, _, _ = m.layer_norm(r, m.const(positive(16)), m.const(rand(16)),
                           epsilon=1e-3)
    z, _, _ = m.layer_norm(y, m.const(positive(16)))
    out = m.matmul(z, m.const(rand(16, 4)))
    _, mean, _ = m.layer_norm(r, m.const(positive(16)))
    m.ret(out, mean)
    yield m


def resize_cases():
    """Resizes oneDNN's resampling computes exactly, in the conv's region:
    nearest x2 (half_pixel, rounding either way), nearest x3 by asymmetric
    floor (PyTorch's export of nearest upsampling), linear half_pixel up and
    down (bilinear; trilinear on 3-D). Compiled, with their reasons: linear
    with align_corners, nearest with asymmetric rounding (ties where
    oneDNN rounds differently), nearest downscaling (the cubic mode's reason
    is in new-ops.mlir)."""
    m = Model("resize_modes", [["conv"], ["conv_relu"]], left=3)
    x = m.arg(rand(1, 3, 4, 6))
    c = m.conv(x, m.const(rand(4, 3, 1, 1) / 2))
    m.ret(m.resize(c, [1, 1, 2, 2]),
          m.resize(c, [1, 1, 2, 2], nearest="round_prefer_ceil"),
          m.resize(c, [1, 1, 3, 3], ctm="asymmetric", nearest="floor"),
          m.resize(c, [1, 1, 2, 2], mode="linear"),
          m.resize(c, [1, 1, 0.5, 0.5], mode="linear"),
          m.resize(c, [1, 1, 2, 2], mode="linear", ctm="align_corners"),
          m.resize(c, [1, 1, 2, 2], ctm="asymmetric"),
          m.resize(c, [1, 1, 0.5, 0.5]))
    v = m.arg(rand(1, 2, 3, 4, 4))
    cv = m.unary("relu", m.conv(v, m.const(rand(2, 2, 1, 1, 1) / 2)))
    m.ret(*m.results, m.resize(cv, [1, 1, 2, 2, 0.5], mode="linear"))
    yield m


def single_concat_cases():
    """A concatenation alone (a SqueezeNet fire module: a 1x1 squeeze, then
    1x1 and 3x3 expands concatenated): when only ops that run on oneDNN's
    channel blocks read it (here a max pool, then a conv), its sources'
    convolutions write their channels of one blocked buffer and no concat
    primitive copies them. When the region returns the concatenation, the
    concat primitive stays (its one copy writes the row-major result)."""
    for name, returned in (("fire_concat_in_blocks", False),
                           ("fire_concat_returned", True)):
        composites = ["conv_bias_relu"] * 3 + ([] if returned else
                                               ["max_pool", "conv_bias_relu"])
        m = Model(name, [composites],
                  # On AVX-512 (convolutions writing channels-last) the
                  # result is reordered rather than concatenated.
                  profile=["conv 1x16x6x6 ["] +
                  (["{{concat|reorder 1x32x6x6}}"] if returned else []),
                  profile_absent=[] if returned else ["concat", "reorder 1x32x"])
        x = m.arg(rand(1, 16, 6, 6))
        s = m.unary("relu", m.conv(x, m.const(rand(16, 16, 1, 1, low=-2, high=2)),
                                   m.const(rand(16))))
        e1 = m.unary("relu", m.conv(s, m.const(rand(16, 16, 1, 1, low=-2, high=2)),
                                    m.const(rand(16))))
        e3 = m.unary("relu", m.conv(s, m.const(rand(16, 16, 3, 3, low=-1, high=1)),
                                    m.const(rand(16)), pads=[1, 1, 1, 1]))
        c = m.concat([e1, e3], 1)
        if returned:
            m.ret(c)
        else:
            p = m.pool("max_pool", c, kernel_shape=[2, 2], strides=[2, 2])
            m.ret(m.unary("relu", m.conv(
                p, m.const(rand(8, 32, 1, 1, low=-1, high=1)), m.const(rand(8)))))
        yield m


def plain_implementation_cases():
    """Ops whose naive plan runs on a slow oneDNN implementation and whose
    plan avoids it. A layer norm of a convolution's result seen channels
    last (ConvNeXt's stem and blocks) reads oneDNN's channel blocks
    through the transpose, which only its reference kernel ("lnorm_ref")
    takes: the source is reordered to row-major for the C++ kernel first.
    A max pooling of a row-major convolution result (AlexNet's stem, a
    GEMM-based 11x11 stride-4 conv) had oneDNN's plain C++ loops
    ("simple_nchw"); the source is reordered for its JIT kernel."""
    m = Model("conv_transposed_layer_norm", [["conv_bias", "layer_norm_bias"]],
              profile=["layernorm 1x6x6x16 [simple_layer_normalization"])
    x = m.arg(rand(1, 16, 6, 6))
    c = m.conv(x, m.const(rand(16, 16, 1, 1) / 2), m.const(rand(16)))
    t = m.transpose(c, [0, 2, 3, 1])
    y, _, _ = m.layer_norm(t, m.const(positive(16)), m.const(rand(16)))
    m.ret(y)
    yield m

    m = Model("stem_conv_max_pool", [["conv_bias_relu", "max_pool"]],
              profile=["pool 1x16x7x7 [jit"], profile_absent=["simple_nchw"])
    x = m.arg(rand(1, 3, 63, 63))
    c = m.unary("relu", m.conv(x, m.const(rand(16, 3, 11, 11) / 8),
                               m.const(rand(16)), strides=[4, 4],
                               pads=[2, 2, 2, 2]))
    m.ret(m.pool("max_pool", c, kernel_shape=[3, 3], strides=[2, 2]))
    yield m


def blocked_pooling_cases():
    """Poolings of channel blocks run on Seam's kernel (BlockedPooling.cpp),
    not oneDNN's: channels padded to a whole block, a dilated window, and a
    pool that writes its channels of a concatenation's buffer (an Inception
    branch) read by a conv. On AVX-512 the convolutions write channels-last
    and oneDNN's AVX-512 JIT pools them (it is not the slow one), but for the
    dilated window, which oneDNN has only a reference kernel for: Seam's
    kernel takes channels-last too there."""
    m = Model("max_pool_padded_channel_block", [["conv_relu", "max_pool"]],
              profile=["pool 1x12x5x5 [{{seam:blocked|jit:avx512}}"])
    x = m.arg(rand(1, 6, 9, 9))
    c = m.unary("relu", m.conv(x, m.const(rand(12, 6, 3, 3)), pads=[1, 1, 1, 1]))
    m.ret(m.pool("max_pool", c, kernel_shape=[3, 3], strides=[2, 2],
                 pads=[1, 1, 1, 1], ceil_mode=True))
    yield m

    m = Model("avg_pool_batch2_blocks", [["conv", "avg_pool"]],
              profile=["pool 2x24x4x4 [{{seam:blocked|jit:avx512}}"])
    x = m.arg(rand(2, 24, 7, 7))
    c = m.conv(x, m.const(rand(24, 24, 1, 1)))
    m.ret(m.pool("avg_pool", c, kernel_shape=[3, 3], strides=[2, 2],
                 pads=[1, 1, 1, 1]))
    yield m

    m = Model("max_pool_dilated_2d", [["conv", "max_pool"]],
              profile=["pool 1x8x9x8 [seam:blocked"])
    x = m.arg(rand(1, 8, 10, 9))
    c = m.conv(x, m.const(rand(8, 8, 1, 1)))
    m.ret(m.pool("max_pool", c, kernel_shape=[2, 2], dilations=[2, 2],
                 strides=[1, 1], pads=[0, 0, 1, 1]))
    yield m

    m = Model("pool_branch_into_concat",
              [["conv_bias_relu", "conv_bias_relu", "max_pool", "conv_bias"]],
              profile=["pool 1x32x14x14 [{{seam:blocked|jit:avx512}}"])
    x = m.arg(rand(1, 16, 14, 14))
    y = m.unary("relu", m.conv(x, m.const(rand(32, 16, 3, 3, low=-1, high=1)),
                               m.const(rand(32)), pads=[1, 1, 1, 1]))
    a = m.unary("relu", m.conv(y, m.const(rand(16, 32, 1, 1, low=-1, high=1)),
                               m.const(rand(16))))
    b = m.pool("max_pool", y, kernel_shape=[3, 3], strides=[1, 1],
               pads=[1, 1, 1, 1])
    c = m.concat([a, b], 1)
    m.ret(m.conv(c, m.const(rand(8, 48, 1, 1, low=-1, high=1)), m.const(rand(8))))
    yield m


def main():
    only = set(sys.argv[1:])
    os.makedirs(OUT, exist_ok=True)
    written = set()
    for group in (conv_cases, matmul_cases, pool_cases, other_cases, view_cases,
                  shuffle_cases, norm_cases, hard_swish_product_cases,
                  silu_product_cases, pad_conv_cases, pad_pool_cases,
                  se_block_cases, se_hard_sigmoid_cases, conv_gelu_cases,
                  layout_chain_cases,
                  conv_transpose_cases, reduction_cases, layer_norm_cases,
                  resize_cases, transformer_cases, attention_cases,
                  shared_weight_cases, dense_block_cases,
                  single_concat_cases, plain_implementation_cases,
                  blocked_pooling_cases):
        for model in group():
            if not only or model.name in only:
                model.write()
                written.add(model.name)
    if only - written:
        sys.exit("gen_cases.py: no case named %s" % ", ".join(sorted(only - written)))


if __name__ == "__main__":
    main()
