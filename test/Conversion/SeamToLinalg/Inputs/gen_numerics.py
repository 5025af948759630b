#!/usr/bin/python3
"""Writes the numeric tests of seam-lower-to-linalg (../numerics-*.mlir).

Each case is a function of seam ops; main() calls it on fixed inputs and
prints how many output elements differ from a NumPy reference computed here
(|y - ref| > atol + rtol * |ref|, NaN counting as a mismatch). The references
follow the ONNX operator definitions directly (plain loops for windows), not
the lowering's code. Inputs are multiples of 1/8, exact in f32 and in text.

Run with Debian's Python (it has NumPy):  /usr/bin/python3 gen_numerics.py
"""

import itertools
import math
import os

import numpy as np

RTOL, ATOL = 1e-5, 1e-6
HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261121)


def rand(*shape):
    return (rng.integers(-16, 17, size=shape) / 8.0).astype(np.float32)


def ttype(a):
    return "tensor<%sxf32>" % "x".join(str(d) for d in a.shape)


def literal(a):
    """Nested-bracket literal of `a` with every value written exactly."""
    if a.ndim == 0:
        return np.format_float_scientific(a, unique=True, trim="0")
    return "[" + ", ".join(literal(x) for x in a) + "]"


def dense(a):
    a = np.asarray(a, np.float32)
    return "dense<%s> : %s" % (literal(a), ttype(a))


# ---------------------------------------------------------------------------
# References (ONNX semantics)
# ---------------------------------------------------------------------------


def resolve_pads(spatial, kernel, strides, dilations, pads, auto_pad):
    n = len(spatial)
    if auto_pad in ("same_upper", "same_lower"):
        begin, end = [], []
        for i in range(n):
            out = -(-spatial[i] // strides[i])
            extent = (kernel[i] - 1) * dilations[i] + 1
            total = max(0, (out - 1) * strides[i] + extent - spatial[i])
            small = total // 2
            b = small if auto_pad == "same_upper" else total - small
            begin.append(b)
            end.append(total - b)
        return begin, end
    pads = pads or [0] * (2 * n)
    return list(pads[:n]), list(pads[n:])


def window_out(spatial, kernel, strides, dilations, begin, end, ceil):
    out = []
    for i in range(len(spatial)):
        extent = (kernel[i] - 1) * dilations[i] + 1
        span = spatial[i] + begin[i] + end[i] - extent
        o = (-(-span // strides[i]) if ceil else span // strides[i]) + 1
        if ceil and (o - 1) * strides[i] >= spatial[i] + begin[i]:
            o -= 1
        out.append(o)
    return out


def conv_ref(x, w, b=None, strides=None, pads=None, dilations=None, group=1,
             auto_pad="notset"):
    n = x.ndim - 2
    kernel = list(w.shape[2:])
    strides = strides or [1] * n
    dilations = dilations or [1] * n
    begin, end = resolve_pads(x.shape[2:], kernel, strides, dilations, pads,
                              auto_pad)
    out = window_out(x.shape[2:], kernel, strides, dilations, begin, end, False)
    N, C = x.shape[:2]
    M = w.shape[0]
    cg, mg = C // group, M // group
    y = np.zeros([N, M] + out, np.float64)
    for nn, m in itertools.product(range(N), range(M)):
        g = m // mg
        for o in itertools.product(*[range(v) for v in out]):
            acc = 0.0 if b is None else float(b[m])
            for c in range(cg):
                for k in itertools.product(*[range(v) for v in kernel]):
                    idx = [o[i] * strides[i] + k[i] * dilations[i] - begin[i]
                           for i in range(n)]
                    if all(0 <= idx[i] < x.shape[2 + i] for i in range(n)):
                        acc += float(x[(nn, g * cg + c) + tuple(idx)]) * \
                            float(w[(m, c) + k])
            y[(nn, m) + o] = acc
    return y.astype(np.float32)


def pool_ref(x, kind, kernel, strides=None, pads=None, dilations=None,
             ceil=False, count_include_pad=False, auto_pad="notset"):
    n = x.ndim - 2
    strides = strides or [1] * n
    dilations = dilations or [1] * n
    begin, end = resolve_pads(x.shape[2:], kernel, strides, dilations, pads,
                              auto_pad)
    out = window_out(x.shape[2:], kernel, strides, dilations, begin, end, ceil)
    y = np.zeros(list(x.shape[:2]) + out, np.float64)
    for nc in itertools.product(*[range(v) for v in x.shape[:2]]):
        for o in itertools.product(*[range(v) for v in out]):
            vals, counted = [], 0
            for k in itertools.product(*[range(v) for v in kernel]):
                idx = [o[i] * strides[i] + k[i] * dilations[i] - begin[i]
                       for i in range(n)]
                inside = all(0 <= idx[i] < x.shape[2 + i] for i in range(n))
                # count_include_pad counts explicit pads, never the part of a
                # ceil_mode window beyond them (ONNX Runtime, PyTorch).
                in_pads = all(-begin[i] <= idx[i] < x.shape[2 + i] + end[i]
                              for i in range(n))
                if inside:
                    vals.append(float(x[nc + tuple(idx)]))
                if inside or (count_include_pad and in_pads):
                    counted += 1
            if kind == "max":
                y[nc + o] = max(vals)
            else:
                y[nc + o] = sum(vals) / counted
    return y.astype(np.float32)


def softmax_ref(x, axis):
    e = np.exp(x.astype(np.float64) - x.max(axis=axis, keepdims=True))
    return (e / e.sum(axis=axis, keepdims=True)).astype(np.float32)


def erf(x):
    return np.vectorize(math.erf)(x.astype(np.float64)).astype(np.float32)


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def attrs_text(attrs):
    parts = []
    for k, v in attrs.items():
        if isinstance(v, bool):
            parts.append("%s = %s" % (k, "true" if v else "false"))
        elif isinstance(v, list):
            parts.append("%s = array<i64: %s>" % (k, ", ".join(map(str, v))))
        elif isinstance(v, float):
            parts.append("%s = %s : f32" % (k, repr(v)))
        elif isinstance(v, int):
            parts.append("%s = %d : i64" % (k, v))
        else:
            parts.append("%s = %s" % (k, v))
    return " {%s}" % ", ".join(parts) if parts else ""


class Case:
    """One seam op applied to `args` (function arguments) and `consts`
    (constants inside the function, for compile-time paths)."""

    def __init__(self, name, op, args, expected, attrs=None, consts=(),
                 fmt="functional"):
        self.name, self.op, self.args = name, op, list(args)
        self.expected = np.asarray(expected, np.float32)
        self.attrs, self.consts, self.fmt = attrs or {}, list(consts), fmt

    def function(self):
        params = ", ".join("%%a%d: %s" % (i, ttype(a))
                           for i, a in enumerate(self.args))
        lines = ["func.func @%s(%s) -> %s {" % (self.name, params,
                                                 ttype(self.expected))]
        operands = ["%%a%d" % i for i in range(len(self.args))]
        for i, c in enumerate(self.consts):
            lines.append("  %%c%d = arith.constant %s" % (i, dense(c)))
            operands.append("%%c%d" % i)
        types = [ttype(a) for a in self.args + self.consts]
        if self.fmt == "same":
            sig = ttype(self.expected)
        else:
            sig = "(%s) -> %s" % (", ".join(types), ttype(self.expected))
        lines.append("  %%y = seam.%s %s%s : %s" % (
            self.op, ", ".join(operands), attrs_text(self.attrs), sig))
        lines.append("  return %%y : %s" % ttype(self.expected))
        lines.append("}")
        return "\n".join(lines)

    def main_part(self):
        out = []
        names = []
        for i, a in enumerate(self.args):
            out.append("  %%%s_in%d = arith.constant %s" % (self.name, i,
                                                            dense(a)))
            names.append("%%%s_in%d" % (self.name, i))
        t = ttype(self.expected)
        size = self.expected.size
        out.append("  %%%s_y = call @%s(%s) : (%s) -> %s" % (
            self.name, self.name, ", ".join(names),
            ", ".join(ttype(a) for a in self.args), t))
        out.append("  %%%s_ref = arith.constant %s" % (self.name,
                                                      dense(self.expected)))
        group = "[%s]" % ", ".join(str(i) for i in range(self.expected.ndim))
        for v in ("y", "ref"):
            out.append("  %%%s_%s_flat = tensor.collapse_shape %%%s_%s [%s] : "
                       "%s into tensor<%dxf32>" % (self.name, v, self.name, v,
                                                   group, t, size))
            out.append("  %%%s_%s_dyn = tensor.cast %%%s_%s_flat : "
                       "tensor<%dxf32> to tensor<?xf32>" % (
                           self.name, v, self.name, v, size))
        out.append("  %%%s_bad = call @mismatches(%%%s_y_dyn, %%%s_ref_dyn) : "
                   "(tensor<?xf32>, tensor<?xf32>) -> i64" % (
                       self.name, self.name, self.name))
        out.append('  vector.print str "%s mismatches: "' % self.name)
        out.append("  vector.print %%%s_bad : i64" % self.name)
        return "\n".join(out)


MISMATCHES = """\
// Number of elements with |y - ref| > %g + %g * |ref| (NaN counts).
func.func @mismatches(%%y: tensor<?xf32>, %%ref: tensor<?xf32>) -> i64 {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%zero = arith.constant 0 : i64
  %%atol = arith.constant %e : f32
  %%rtol = arith.constant %e : f32
  %%n = tensor.dim %%y, %%c0 : tensor<?xf32>
  %%count = scf.for %%i = %%c0 to %%n step %%c1 iter_args(%%acc = %%zero) -> (i64) {
    %%a = tensor.extract %%y[%%i] : tensor<?xf32>
    %%b = tensor.extract %%ref[%%i] : tensor<?xf32>
    %%diff = arith.subf %%a, %%b : f32
    %%err = math.absf %%diff : f32
    %%mag = math.absf %%b : f32
    %%rel = arith.mulf %%mag, %%rtol : f32
    %%tol = arith.addf %%rel, %%atol : f32
    %%bad = arith.cmpf ugt, %%err, %%tol : f32
    %%inc = arith.extui %%bad : i1 to i64
    %%next = arith.addi %%acc, %%inc : i64
    scf.yield %%next : i64
  }
  return %%count : i64
}""" % (ATOL, RTOL, ATOL, RTOL)

RUN = """\
// RUN: seam-opt %%s --seam-lower-to-linalg \\
// RUN: | %%mlir_opt --pass-pipeline="builtin.module(transform-preload-library{transform-library-paths=%%S/Inputs/decompose-softmax.mlir},transform-interpreter,canonicalize,one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-loops),convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)" \\
// RUN: | %%mlir_runner -e main -entry-point-result=void -shared-libs=%%runner_utils_libs \\
// RUN: | FileCheck %%s

// Generated by Inputs/gen_numerics.py (%s): seam ops lowered by
// seam-lower-to-linalg, run through upstream passes only, and compared with
// NumPy references of the ONNX operators (rtol %g, atol %g).
"""


def write(filename, title, cases):
    parts = [RUN % (title, RTOL, ATOL)]
    for c in cases:
        parts.append("// CHECK: %s mismatches: 0" % c.name)
    parts.append("")
    parts.append(MISMATCHES)
    for c in cases:
        parts.append("")
        parts.append(c.function())
    parts.append("")
    parts.append("func.func @main() {")
    for c in cases:
        parts.append(c.main_part())
    parts.append("  return")
    parts.append("}")
    with open(os.path.join(HERE, "..", filename), "w") as f:
        f.write("\n".join(parts) + "\n")


def conv_case(name, x, w, b=None, **attrs):
    args = [x, w] + ([b] if b is not None else [])
    ref = conv_ref(x, w, b, strides=attrs.get("strides"),
                   pads=attrs.get("pads"), dilations=attrs.get("dilations"),
                   group=attrs.get("group", 1),
                   auto_pad=attrs.get("auto_pad", "notset"))
    a = dict(attrs)
    if "auto_pad" in a:
        a["auto_pad"] = "#seam<auto_pad %s>" % a["auto_pad"]
    return Case(name, "conv", args, ref, a)


def pool_case(name, kind, x, **attrs):
    ref = pool_ref(x, kind, attrs["kernel_shape"], attrs.get("strides"),
                   attrs.get("pads"), attrs.get("dilations"),
                   attrs.get("ceil_mode", False),
                   attrs.get("count_include_pad", False))
    return Case(name, kind + "_pool", [x], ref, attrs, fmt="functional")


def conv_pool_cases():
    return [
        conv_case("conv2d_bias_asym_pads_strides_dilations", rand(1, 3, 7, 8),
                  rand(4, 3, 3, 2), rand(4), pads=[1, 0, 2, 1],
                  strides=[2, 1], dilations=[1, 2]),
        conv_case("conv2d_grouped", rand(2, 4, 6, 6), rand(6, 2, 3, 3),
                  rand(6), group=2, pads=[1, 1, 1, 1], strides=[2, 2]),
        conv_case("conv2d_depthwise", rand(1, 3, 7, 7), rand(3, 1, 3, 3),
                  rand(3), group=3, pads=[1, 1, 1, 1], strides=[2, 2]),
        conv_case("conv2d_depthwise_multiplier", rand(1, 3, 5, 5),
                  rand(6, 1, 2, 2), None, group=3),
        conv_case("conv2d_same_upper", rand(1, 2, 7, 6), rand(3, 2, 3, 3),
                  rand(3), auto_pad="same_upper", strides=[2, 2]),
        conv_case("conv1d_grouped_dilated", rand(1, 4, 9), rand(4, 2, 3),
                  rand(4), group=2, dilations=[2], pads=[1, 2]),
        conv_case("conv1d_depthwise", rand(1, 2, 6), rand(2, 1, 3), None,
                  group=2, pads=[1, 1]),
        conv_case("conv3d_pads", rand(1, 2, 4, 4, 3), rand(2, 2, 2, 3, 2),
                  rand(2), pads=[1, 0, 1, 0, 1, 0]),
        conv_case("conv3d_grouped", rand(1, 4, 3, 4, 4), rand(4, 2, 2, 2, 2),
                  None, group=2, strides=[1, 2, 2]),
        pool_case("max_pool_asym_pads", "max", rand(1, 2, 7, 6),
                  kernel_shape=[3, 2], strides=[2, 2], pads=[1, 0, 1, 1]),
        pool_case("max_pool_ceil", "max", rand(1, 2, 6, 6),
                  kernel_shape=[3, 3], strides=[2, 2], ceil_mode=True),
        pool_case("max_pool_1d_dilated", "max", rand(1, 2, 9),
                  kernel_shape=[3], dilations=[2], pads=[2, 2]),
        pool_case("max_pool_3d", "max", rand(1, 2, 4, 5, 5),
                  kernel_shape=[2, 3, 3], strides=[2, 2, 2], pads=[0, 1, 1, 1, 1, 1]),
        pool_case("avg_pool_plain", "avg", rand(1, 2, 6, 6),
                  kernel_shape=[2, 2], strides=[2, 2]),
        pool_case("avg_pool_pads_exclude", "avg", rand(1, 2, 5, 6),
                  kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]),
        pool_case("avg_pool_pads_include", "avg", rand(1, 2, 5, 6),
                  kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                  count_include_pad=True),
        pool_case("avg_pool_ceil_exclude", "avg", rand(1, 2, 6, 7),
                  kernel_shape=[3, 3], strides=[2, 2], ceil_mode=True),
        pool_case("avg_pool_ceil_pads_include", "avg", rand(1, 1, 6, 7),
                  kernel_shape=[3, 2], strides=[2, 2], pads=[1, 0, 0, 1],
                  ceil_mode=True, count_include_pad=True),
        pool_case("avg_pool_1d_include", "avg", rand(1, 2, 7),
                  kernel_shape=[3], strides=[2], pads=[1, 1],
                  count_include_pad=True),
        pool_case("avg_pool_3d_exclude", "avg", rand(1, 1, 4, 5, 3),
                  kernel_shape=[2, 3, 2], strides=[2, 2, 1],
                  pads=[1, 1, 0, 0, 1, 1]),
        unary_case("global_avg_pool", "global_avg_pool", rand(2, 3, 4, 5),
                   lambda x: x.mean(axis=(2, 3), keepdims=True)),
    ]


def unary_case(name, op, x, fn, fmt="functional", **attrs):
    return Case(name, op, [x], fn(x), attrs, fmt=fmt)


def binary_case(name, op, a, b, fn):
    return Case(name, op, [a, b], fn(a, b))


def gemm_ref(a, b, c=None, alpha=1.0, beta=1.0, trans_a=False, trans_b=False):
    a = a.T if trans_a else a
    b = b.T if trans_b else b
    y = alpha * (a.astype(np.float64) @ b)
    if c is not None:
        y = y + beta * c
    return y.astype(np.float32)


def gemm_case(name, a, b, c=None, **attrs):
    args = [a, b] + ([c] if c is not None else [])
    return Case(name, "gemm", args, gemm_ref(a, b, c, **attrs), attrs)


def matmul_case(name, a, b):
    ref = np.matmul(a.astype(np.float64), b).astype(np.float32)
    return Case(name, "matmul", [a, b], ref)


def matmul_cases():
    return [
        matmul_case("matmul_2d", rand(3, 5), rand(5, 4)),
        matmul_case("matmul_vec_mat", rand(5), rand(5, 4)),
        matmul_case("matmul_mat_vec", rand(3, 5), rand(5)),
        matmul_case("matmul_batched_lhs", rand(2, 3, 3, 5), rand(5, 4)),
        matmul_case("matmul_batched_rhs", rand(3, 5), rand(2, 5, 4)),
        matmul_case("matmul_vec_batched", rand(5), rand(2, 5, 4)),
        matmul_case("matmul_same_batch", rand(2, 3, 5), rand(2, 5, 4)),
        matmul_case("matmul_broadcast_batch", rand(2, 1, 3, 5),
                    rand(3, 5, 4)),
        gemm_case("gemm_plain", rand(3, 5), rand(5, 4)),
        gemm_case("gemm_trans_b_bias", rand(2, 6), rand(4, 6), rand(4),
                  trans_b=True),
        gemm_case("gemm_trans_a_alpha_beta", rand(5, 3), rand(5, 4),
                  rand(3, 1), alpha=0.5, beta=2.0, trans_a=True),
        gemm_case("gemm_trans_both_beta", rand(5, 3), rand(4, 5), rand(3, 4),
                  beta=-1.5, trans_a=True, trans_b=True),
        gemm_case("gemm_alpha_no_c", rand(3, 5), rand(5, 2), alpha=-2.0),
    ]


def slice_ref(x, starts, ends, axes, steps):
    index = [slice(None)] * x.ndim
    for s, e, a, st in zip(starts, ends, axes, steps):
        index[a] = slice(s, e, st)
    return x[tuple(index)]


def batch_norm_ref(x, scale, bias, mean, var, eps=1e-5):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    r = lambda p: p.astype(np.float64).reshape(shape)
    y = r(scale) * (x - r(mean)) / np.sqrt(r(var) + eps) + r(bias)
    return y.astype(np.float32)


def other_cases():
    x = rand(2, 3, 4)
    sx = rand(2, 3, 4)
    cx = rand(2, 3, 4)
    scale, bias, mean = rand(3), rand(3), rand(3)
    var = np.abs(rand(3)) + 0.5
    bnx = rand(2, 3, 2, 2)
    ca, cb = rand(2, 1, 3), rand(2, 2, 3)
    sigmoid = lambda v: (1.0 / (1.0 + np.exp(-v.astype(np.float64))))
    return [
        unary_case("softmax_axis1", "softmax", sx, lambda v: softmax_ref(v, 1),
                   fmt="same", axis=1),
        unary_case("softmax_last", "softmax", sx, lambda v: softmax_ref(v, -1),
                   fmt="same"),
        unary_case("relu", "relu", x, lambda v: np.maximum(v, 0), fmt="same"),
        unary_case("sigmoid", "sigmoid", x, sigmoid, fmt="same"),
        unary_case("tanh", "tanh", x, np.tanh, fmt="same"),
        unary_case("erf", "erf", x, erf, fmt="same"),
        unary_case("hard_swish", "hard_swish", x,
                   lambda v: v * np.clip(v / 6 + 0.5, 0, 1), fmt="same"),
        unary_case("hard_sigmoid", "hard_sigmoid", x,
                   lambda v: np.clip(0.25 * v + 0.5, 0, 1), fmt="same",
                   alpha=0.25, beta=0.5),
        unary_case("leaky_relu", "leaky_relu", x,
                   lambda v: np.where(v >= 0, v, 0.125 * v), fmt="same",
                   alpha=0.125),
        unary_case("clip_both", "clip", x, lambda v: np.clip(v, -0.5, 1.0),
                   fmt="same", min=-0.5, max=1.0),
        unary_case("clip_max_only", "clip", x, lambda v: np.minimum(v, 0.25),
                   fmt="same", max=0.25),
        binary_case("add_broadcast", "add", rand(2, 3, 4), rand(3, 1),
                    lambda a, b: a + b),
        binary_case("sub_broadcast_both", "sub", rand(2, 1, 4), rand(3, 1),
                    lambda a, b: a - b),
        binary_case("div_broadcast", "div", rand(2, 3, 4),
                    np.abs(rand(4)) + 0.5, lambda a, b: a / b),
        binary_case("pow_positive_base", "pow", np.abs(rand(2, 3)) + 0.25,
                    rand(3), lambda a, b: np.power(a.astype(np.float64), b)),
        Case("pow_square_negative_base", "pow", [x], np.square(x),
             consts=[np.array([2.0], np.float32)]),
        Case("pow_cube_broadcast", "pow", [x[0, 0]],
             np.power(x[0, 0].astype(np.float64), 3) * np.ones((2, 1)),
             consts=[np.full((2, 1), 3.0, np.float32)]),
        Case("batch_norm_const", "batch_norm", [bnx],
             batch_norm_ref(bnx, scale, bias, mean, var),
             consts=[scale, bias, mean, var]),
        Case("batch_norm_args", "batch_norm", [bnx, scale, bias, mean, var],
             batch_norm_ref(bnx, scale, bias, mean, var, 0.25),
             {"epsilon": 0.25}),
        unary_case("reduce_mean_keepdims", "reduce_mean", x,
                   lambda v: v.mean(axis=(0, 2), keepdims=True), axes=[0, -1]),
        unary_case("reduce_sum_no_keepdims", "reduce_sum", x,
                   lambda v: v.sum(axis=1), axes=[1], keepdims=False),
        unary_case("reduce_sum_all", "reduce_sum", x,
                   lambda v: v.sum(keepdims=True).reshape(1, 1, 1)),
        Case("concat_axis1", "concat", [ca, cb],
             np.concatenate([ca, cb], axis=1), {"axis": 1}),
        unary_case("transpose", "transpose", cx,
                   lambda v: v.transpose(2, 0, 1), perm=[2, 0, 1]),
        unary_case("reshape_through_1d", "reshape", cx,
                   lambda v: v.reshape(4, 6)),
        unary_case("flatten_axis2", "flatten", cx,
                   lambda v: v.reshape(6, 4), axis=2),
        unary_case("pad_constant_crop", "pad", cx,
                   lambda v: np.pad(v[:, :, 1:], [(0, 1), (1, 0), (0, 2)],
                                    constant_values=1.5),
                   pads=[0, 1, -1, 1, 0, 2], value=1.5),
        unary_case("pad_reflect", "pad", cx,
                   lambda v: np.pad(v, [(1, 0), (2, 1), (0, 3)], "reflect"),
                   pads=[1, 2, 0, 0, 1, 3], mode="#seam<pad_mode reflect>"),
        unary_case("pad_edge", "pad", cx,
                   lambda v: np.pad(v, [(0, 2), (1, 1), (3, 0)], "edge"),
                   pads=[0, 1, 3, 2, 1, 0], mode="#seam<pad_mode edge>"),
        unary_case("pad_reflect_crop", "pad", cx,
                   lambda v: np.pad(v[:, 1:, :3], [(0, 0), (0, 1), (2, 0)],
                                    "reflect"),
                   pads=[0, -1, 2, 0, 1, -1], mode="#seam<pad_mode reflect>"),
        unary_case("slice_positive_steps", "slice", rand(4, 5, 6),
                   lambda v: slice_ref(v, [1, 0, -5], [4, 5, 6], [0, 1, 2],
                                       [2, 1, 2]),
                   starts=[1, 0, -5], ends=[4, 5, 6], steps=[2, 1, 2]),
        unary_case("slice_negative_step", "slice", rand(4, 5, 6),
                   lambda v: slice_ref(v, [-1, 4], [-100, 0], [2, 1],
                                       [-2, -1]),
                   starts=[-1, 4], ends=[-100, 0], axes=[2, 1],
                   steps=[-2, -1]),
    ]


def instance_norm_ref(x, scale, bias, eps):
    axes = tuple(range(2, x.ndim))
    v = x.astype(np.float64)
    mean = v.mean(axis=axes, keepdims=True)
    var = ((v - mean) ** 2).mean(axis=axes, keepdims=True)
    shape = (1, -1) + (1,) * (x.ndim - 2)
    y = (v - mean) / np.sqrt(var + eps) * scale.reshape(shape) + \
        bias.reshape(shape)
    return y.astype(np.float32)


def lp_norm_ref(x, axis, p):
    v = x.astype(np.float64)
    norm = np.abs(v).sum(axis=axis, keepdims=True) if p == 1 else \
        np.sqrt((v * v).sum(axis=axis, keepdims=True))
    return (v / norm).astype(np.float32)


def normalization_cases():
    ix, scale, bias = rand(2, 3, 2, 3), rand(3), rand(3)
    lx = rand(3, 4)
    lx[lx == 0] = 0.5  # No zero vectors: ONNX divides by their zero norm.
    return [
        Case("instance_norm", "instance_norm", [ix, scale, bias],
             instance_norm_ref(ix, scale, bias, 0.25), {"epsilon": 0.25}),
        unary_case("lp_norm_l2_last", "lp_norm", lx,
                   lambda v: lp_norm_ref(v, -1, 2), fmt="same"),
        unary_case("lp_norm_l1_axis0", "lp_norm", lx,
                   lambda v: lp_norm_ref(v, 0, 1), fmt="same", axis=0, p=1),
    ]


# ---------------------------------------------------------------------------
# convpool: conv_transpose, lp_pool, lrn
# ---------------------------------------------------------------------------


def conv_transpose_ref(x, w, b=None, strides=None, pads=None, dilations=None,
                       output_padding=None, group=1):
    """ONNX ConvTranspose as a scatter: x[n, c, i] adds x * w[c, m, k] at
    output position i * s + k * d - pad_begin (pads may be negative)."""
    n = x.ndim - 2
    strides = strides or [1] * n
    dilations = dilations or [1] * n
    pads = pads or [0] * (2 * n)
    adj = output_padding or [0] * n
    kernel = w.shape[2:]
    cg, mg = x.shape[1] // group, w.shape[1]
    out = [strides[i] * (x.shape[2 + i] - 1) + adj[i] +
           (kernel[i] - 1) * dilations[i] + 1 - pads[i] - pads[n + i]
           for i in range(n)]
    y = np.zeros([x.shape[0], mg * group] + out, np.float64)
    for nn, c in itertools.product(range(x.shape[0]), range(x.shape[1])):
        g = c // cg
        for i in itertools.product(*[range(v) for v in x.shape[2:]]):
            for k in itertools.product(*[range(v) for v in kernel]):
                o = [i[d] * strides[d] + k[d] * dilations[d] - pads[d]
                     for d in range(n)]
                if not all(0 <= o[d] < out[d] for d in range(n)):
                    continue
                for m in range(mg):
                    y[(nn, g * mg + m) + tuple(o)] += \
                        float(x[(nn, c) + i]) * float(w[(c, m) + k])
    if b is not None:
        y += b.astype(np.float64).reshape([1, -1] + [1] * n)
    return y.astype(np.float32)


def conv_transpose_case(name, x, w, b=None, **attrs):
    args = [x, w] + ([b] if b is not None else [])
    ref = conv_transpose_ref(x, w, b, attrs.get("strides"), attrs.get("pads"),
                             attrs.get("dilations"),
                             attrs.get("output_padding"),
                             attrs.get("group", 1))
    return Case(name, "conv_transpose", args, ref, attrs)


def lp_pool_ref(x, p, kernel, strides=None, pads=None, dilations=None,
                ceil=False):
    n = x.ndim - 2
    strides = strides or [1] * n
    dilations = dilations or [1] * n
    begin, end = resolve_pads(x.shape[2:], kernel, strides, dilations, pads,
                              "notset")
    out = window_out(x.shape[2:], kernel, strides, dilations, begin, end, ceil)
    y = np.zeros(list(x.shape[:2]) + out, np.float64)
    for nc in itertools.product(*[range(v) for v in x.shape[:2]]):
        for o in itertools.product(*[range(v) for v in out]):
            total = 0.0
            for k in itertools.product(*[range(v) for v in kernel]):
                idx = [o[i] * strides[i] + k[i] * dilations[i] - begin[i]
                       for i in range(n)]
                if all(0 <= idx[i] < x.shape[2 + i] for i in range(n)):
                    total += abs(float(x[nc + tuple(idx)])) ** p
            y[nc + o] = total ** (1.0 / p)
    return y.astype(np.float32)


def lp_pool_case(name, x, p, **attrs):
    ref = lp_pool_ref(x, p, attrs["kernel_shape"], attrs.get("strides"),
                      attrs.get("pads"), attrs.get("dilations"),
                      attrs.get("ceil_mode", False))
    a = dict(attrs)
    a["p"] = p
    return Case(name, "lp_pool", [x], ref, a)


def lrn_ref(x, size, alpha=1e-4, beta=0.75, bias=1.0):
    v = x.astype(np.float64)
    sq = np.zeros_like(v)
    channels = x.shape[1]
    for c in range(channels):
        lo = max(0, c - (size - 1) // 2)
        hi = min(channels - 1, c + (size - 1) - (size - 1) // 2)
        sq[:, c] = (v[:, lo:hi + 1] ** 2).sum(axis=1)
    return (v / (bias + alpha / size * sq) ** beta).astype(np.float32)


def lrn_case(name, x, size, **attrs):
    a = {"size": size}
    a.update(attrs)
    return Case(name, "lrn", [x], lrn_ref(x, size, **attrs), a, fmt="same")


def convpool_cases():
    return [
        conv_transpose_case("ct2d_bias_strides_pads_outpad_dilations",
                            rand(1, 2, 3, 4), rand(2, 3, 3, 2), rand(3),
                            strides=[2, 3], pads=[1, 0, 0, 1],
                            output_padding=[1, 2], dilations=[1, 2]),
        conv_transpose_case("ct2d_grouped", rand(1, 4, 2, 3),
                            rand(4, 3, 2, 2), group=2, strides=[2, 2]),
        conv_transpose_case("ct2d_depthwise", rand(2, 3, 3, 3),
                            rand(3, 1, 3, 3), rand(3), group=3,
                            strides=[2, 1], pads=[1, 1, 1, 1]),
        conv_transpose_case("ct1d_negative_pads", rand(1, 2, 4),
                            rand(2, 1, 3), strides=[2], pads=[-1, -2]),
        conv_transpose_case("ct1d_pads_beyond_kernel", rand(1, 1, 6),
                            rand(1, 2, 3), strides=[2], pads=[4, 3]),
        conv_transpose_case("ct1d_grouped_dilated", rand(1, 4, 3),
                            rand(4, 2, 2), rand(4), group=2, strides=[3],
                            dilations=[2]),
        conv_transpose_case("ct3d_bias_strides_dilations",
                            rand(1, 2, 2, 3, 2), rand(2, 2, 2, 2, 3), rand(2),
                            strides=[2, 1, 2], dilations=[1, 2, 1],
                            pads=[0, 1, 1, 1, 0, 0]),
        lp_pool_case("lp_pool2d_p2_pads_strides", rand(1, 2, 5, 6), 2,
                     kernel_shape=[3, 2], strides=[2, 2], pads=[1, 0, 1, 1]),
        lp_pool_case("lp_pool1d_p1_dilated", rand(2, 3, 7), 1,
                     kernel_shape=[3], dilations=[2]),
        lp_pool_case("lp_pool3d_p3_ceil", rand(1, 1, 4, 5, 3), 3,
                     kernel_shape=[2, 2, 2], strides=[2, 2, 2],
                     ceil_mode=True),
        lp_pool_case("lp_pool_global_p2", rand(1, 3, 4, 5), 2,
                     kernel_shape=[4, 5]),
        lrn_case("lrn_size3_defaults", rand(2, 5, 3, 2), 3),
        lrn_case("lrn_size4_params", rand(1, 6, 2, 3), 4, alpha=0.25,
                 beta=0.5, bias=2.0),
        lrn_case("lrn_size_above_channels_3d", rand(1, 3, 4), 9, alpha=0.5,
                 beta=1.0, bias=1.5),
        lrn_case("lrn_rank2", rand(3, 4), 2, alpha=0.125),
    ]


def main():
    write("numerics-conv-pool.mlir", "convolution and pooling",
          conv_pool_cases())
    write("numerics-matmul.mlir", "matmul and gemm", matmul_cases())
    write("numerics-other.mlir", "elementwise, softmax, reductions, data "
          "movement", other_cases())
    write("numerics-normalization.mlir", "instance_norm and lp_norm",
          normalization_cases())
    write("numerics-convpool.mlir", "conv_transpose, lp_pool and lrn",
          convpool_cases())


if __name__ == "__main__":
    main()
