#!/usr/bin/python3
"""Writes the ONNX fixtures of the importer's lit tests into Inputs/.

Run with Debian's Python, which has onnx (1.12) and numpy:

    /usr/bin/python3 test/Import/make_fixtures.py

The generated files are committed, so the lit tests need no Python. The
output is reproducible: weights come from numpy generators seeded per
fixture, and every file is rewritten from scratch.

Fixtures go through onnx.checker and strict ONNX shape inference here, so
the shapes declared on their graph outputs are the ones ONNX computes. The
fixtures that are broken on purpose (most err_*, and the external-data ones,
whose weights the checker would look for) are written without those checks.
The .test files next to this script say what each fixture must import to.
"""

import os
import shutil
import sys
import zlib

import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper as h
from onnx import numpy_helper as nh

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs")
EXT = os.path.join(OUT, "ext")

INT64_MAX = 2**63 - 1

#===------------------------------------------------------------------------===#
# Helpers
#===------------------------------------------------------------------------===#


def vi(name, shape, dtype=TP.FLOAT):
    """A graph input or output; strings in `shape` are symbolic dims."""
    return h.make_tensor_value_info(name, dtype, shape)


def rand(name, *shape):
    """Reproducible float32 weights in [-1, 1), seeded by the tensor name."""
    rng = np.random.RandomState(zlib.crc32(name.encode()))
    return rng.uniform(-1.0, 1.0, shape).astype(np.float32)


def f32(name, values):
    return nh.from_array(np.asarray(values, dtype=np.float32), name)


def i64(name, values):
    return nh.from_array(np.asarray(values, dtype=np.int64), name)


def node(op, inputs, outputs, name, **attrs):
    return h.make_node(op, inputs, outputs, name=name, **attrs)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def model(name, nodes, inputs, outputs, inits=(), opset=13, check=True,
          ir_version=None, opsets=(), folder=OUT):
    """Builds, optionally checks, and writes Inputs/<name>.onnx."""
    graph = h.make_graph(nodes, name, inputs, outputs, list(inits))
    m = h.make_model(graph, producer_name="seam-make-fixtures",
                     opset_imports=[h.make_opsetid("", opset)] +
                     [h.make_opsetid(d, v) for d, v in opsets])
    if ir_version is not None:
        m.ir_version = ir_version
    if check:
        onnx.checker.check_model(m)
        onnx.shape_inference.infer_shapes(m, check_type=True, strict_mode=True)
    write(os.path.join(folder, name + ".onnx"), m.SerializeToString())
    return m


def unary(name, op, shape=(2, 3), opset=13, **attrs):
    model(name, [node(op, ["x"], ["y"], op.lower() + "0", **attrs)],
          [vi("x", list(shape))], [vi("y", list(shape))], opset=opset)


#===------------------------------------------------------------------------===#
# Conv
#===------------------------------------------------------------------------===#


def conv_fixtures():
    # 1-D: (10 - 3) + 1 = 8; the 36-element weight is a dense_resource.
    model("conv_1d", [node("Conv", ["x", "w"], ["y"], "conv0")],
          [vi("x", [1, 3, 10])], [vi("y", [1, 4, 8])],
          [f32("w", rand("conv_1d.w", 4, 3, 3))])
    # 2-D with bias; weight = arange so that its printed data can be checked.
    model("conv_2d_bias", [node("Conv", ["x", "w", "b"], ["y"], "conv0")],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 8, 6, 6])],
          [f32("w", np.arange(216).reshape(8, 3, 3, 3)),
           f32("b", np.arange(8))])
    # 3-D with an explicit kernel_shape: 5 - 3 + 1 = 3.
    model("conv_3d", [node("Conv", ["x", "w"], ["y"], "conv0",
                           kernel_shape=[3, 3, 3])],
          [vi("x", [1, 2, 5, 5, 5])], [vi("y", [1, 2, 3, 3, 3])],
          [f32("w", rand("conv_3d.w", 2, 2, 3, 3, 3))])
    # strides [2, 3]: (8 - 3) / 2 + 1 = 3, (8 - 3) / 3 + 1 = 2.
    model("conv_strides", [node("Conv", ["x", "w"], ["y"], "conv0",
                                strides=[2, 3])],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 4, 3, 2])],
          [f32("w", rand("conv_strides.w", 4, 3, 3, 3))])
    # Asymmetric pads [top 0, left 1, bottom 2, right 0]: H 8+2-3+1 = 8,
    # W 8+1-3+1 = 7.
    model("conv_pads", [node("Conv", ["x", "w"], ["y"], "conv0",
                             pads=[0, 1, 2, 0])],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 4, 8, 7])],
          [f32("w", rand("conv_pads.w", 4, 3, 3, 3))])
    # dilations [2, 1]: extents 5 and 3, so 8-5+1 = 4 and 8-3+1 = 6.
    model("conv_dilations", [node("Conv", ["x", "w"], ["y"], "conv0",
                                  dilations=[2, 1])],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 4, 4, 6])],
          [f32("w", rand("conv_dilations.w", 4, 3, 3, 3))])
    # Grouped: 4 input channels in 2 groups of 2, 6 output channels.
    model("conv_group", [node("Conv", ["x", "w"], ["y"], "conv0", group=2)],
          [vi("x", [1, 4, 6, 6])], [vi("y", [1, 6, 4, 4])],
          [f32("w", rand("conv_group.w", 6, 2, 3, 3))])
    # Depthwise: group = channels = 4, weight 4x1x3x3.
    model("conv_depthwise",
          [node("Conv", ["x", "w"], ["y"], "conv0", group=4)],
          [vi("x", [1, 4, 6, 6])], [vi("y", [1, 4, 4, 4])],
          [f32("w", rand("conv_depthwise.w", 4, 1, 3, 3))])
    # auto_pad with stride 2 and a 2x2 kernel on 5x5: SAME gives ceil(5/2) = 3
    # (total padding 1, at the end for SAME_UPPER, at the start for
    # SAME_LOWER); VALID gives (5 - 2) / 2 + 1 = 2.
    for name, pad, out in [("conv_same_upper", "SAME_UPPER", 3),
                           ("conv_same_lower", "SAME_LOWER", 3),
                           ("conv_valid", "VALID", 2)]:
        model(name, [node("Conv", ["x", "w"], ["y"], "conv0", auto_pad=pad,
                          strides=[2, 2])],
              [vi("x", [1, 1, 5, 5])], [vi("y", [1, 1, out, out])],
              [f32("w", [[[[1, 2], [3, 4]]]])])


#===------------------------------------------------------------------------===#
# Gemm, MatMul, BatchNormalization
#===------------------------------------------------------------------------===#


def matrix_fixtures():
    b34 = np.arange(12).reshape(3, 4)
    # Defaults, no C.
    model("gemm_default", [node("Gemm", ["a", "b"], ["y"], "gemm0")],
          [vi("a", [2, 3])], [vi("y", [2, 4])], [f32("b", b34)])
    # transA: A is 3x2; C is a vector of N = 4.
    model("gemm_trans_a", [node("Gemm", ["a", "b", "c"], ["y"], "gemm0",
                                transA=1)],
          [vi("a", [3, 2])], [vi("y", [2, 4])],
          [f32("b", b34), f32("c", [1, 2, 3, 4])])
    # transB: B is 4x3, as a torch Linear exports it; C is a vector.
    model("gemm_trans_b", [node("Gemm", ["a", "b", "c"], ["y"], "gemm0",
                                transB=1)],
          [vi("a", [2, 3])], [vi("y", [2, 4])],
          [f32("b", b34.reshape(4, 3)), f32("c", [1, 2, 3, 4])])
    # alpha, beta and a full 2x4 C.
    model("gemm_alpha_beta", [node("Gemm", ["a", "b", "c"], ["y"], "gemm0",
                                   alpha=0.5, beta=2.0)],
          [vi("a", [2, 3])], [vi("y", [2, 4])],
          [f32("b", b34), f32("c", np.arange(8).reshape(2, 4))])

    model("matmul_2d", [node("MatMul", ["a", "b"], ["y"], "matmul0")],
          [vi("a", [2, 3]), vi("b", [3, 4])], [vi("y", [2, 4])])
    # Batch dims [2, 1] and [3] broadcast to [2, 3].
    model("matmul_batched", [node("MatMul", ["a", "b"], ["y"], "matmul0")],
          [vi("a", [2, 1, 3, 4]), vi("b", [3, 4, 5])], [vi("y", [2, 3, 3, 5])])
    # A 1-D right operand: its dimension is dropped from the result.
    model("matmul_vector", [node("MatMul", ["a", "b"], ["y"], "matmul0")],
          [vi("a", [2, 3, 4]), vi("b", [4])], [vi("y", [2, 3])])

    model("batchnorm", [node("BatchNormalization",
                             ["x", "scale", "bias", "mean", "var"], ["y"],
                             "bn0", epsilon=1e-3)],
          [vi("x", [1, 3, 4, 4])], [vi("y", [1, 3, 4, 4])],
          [f32("scale", [1, 2, 3]), f32("bias", [0.5, 0, -0.5]),
           f32("mean", [0, 1, 2]), f32("var", [1, 4, 9])])


#===------------------------------------------------------------------------===#
# Elementwise
#===------------------------------------------------------------------------===#


def elementwise_fixtures():
    for op in ["Relu", "Sigmoid", "Tanh", "Exp", "Sqrt", "Erf"]:
        unary(op.lower(), op)
    unary("hard_swish", "HardSwish", opset=14)
    unary("leaky_relu", "LeakyRelu", alpha=0.25)
    unary("hard_sigmoid", "HardSigmoid", alpha=0.25, beta=0.75)

    # Clip: opset 6 attributes (converted to opset 13, where they are inputs).
    model("clip_opset6", [node("Clip", ["x"], ["y"], "clip0", min=-1.0,
                               max=6.0)],
          [vi("x", [2, 3])], [vi("y", [2, 3])], opset=6, ir_version=3)
    # Opset 13: bounds are scalar constant inputs.
    model("clip_opset13", [node("Clip", ["x", "lo", "hi"], ["y"], "clip0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])],
          [f32("lo", 0.0), f32("hi", 6.0)])
    # Only the max bound (min is an empty input name).
    model("clip_max_only", [node("Clip", ["x", "", "hi"], ["y"], "clip0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [f32("hi", 6.0)])
    # No bounds at all.
    model("clip_no_bounds", [node("Clip", ["x"], ["y"], "clip0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])])

    # Binary ops with NumPy broadcasting.
    model("add_broadcast", [node("Add", ["x", "z"], ["y"], "add0")],
          [vi("x", [2, 3, 4]), vi("z", [4])], [vi("y", [2, 3, 4])])
    model("sub_broadcast", [node("Sub", ["x", "z"], ["y"], "sub0")],
          [vi("x", [2, 1, 4]), vi("z", [3, 1])], [vi("y", [2, 3, 4])])
    model("mul_scalar", [node("Mul", ["x", "two"], ["y"], "mul0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [f32("two", 2.0)])
    model("div_broadcast", [node("Div", ["x", "z"], ["y"], "div0")],
          [vi("x", [2, 3, 4]), vi("z", [3, 1])], [vi("y", [2, 3, 4])])
    model("pow_broadcast", [node("Pow", ["x", "e"], ["y"], "pow0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [f32("e", [1, 2, 3])])


#===------------------------------------------------------------------------===#
# Pooling, Softmax, reductions
#===------------------------------------------------------------------------===#


def pool_fixtures():
    # (6 + 1 + 1 - 3) / 2 + 1 = 3.
    model("maxpool_pads_strides",
          [node("MaxPool", ["x"], ["y"], "pool0", kernel_shape=[3, 3],
                strides=[2, 2], pads=[1, 1, 1, 1])],
          [vi("x", [1, 2, 6, 6])], [vi("y", [1, 2, 3, 3])])
    # dilations 2: extent 3, 8 - 3 + 1 = 6.
    model("maxpool_dilations",
          [node("MaxPool", ["x"], ["y"], "pool0", kernel_shape=[2, 2],
                dilations=[2, 2])],
          [vi("x", [1, 2, 8, 8])], [vi("y", [1, 2, 6, 6])])
    # ceil_mode: ceil((6 - 3) / 2) + 1 = 3 (floor would give 2).
    model("maxpool_ceil",
          [node("MaxPool", ["x"], ["y"], "pool0", kernel_shape=[3, 3],
                strides=[2, 2], ceil_mode=1)],
          [vi("x", [1, 1, 6, 6])], [vi("y", [1, 1, 3, 3])])
    # 1-D max pooling, default strides: 7 - 2 + 1 = 6.
    model("maxpool_1d",
          [node("MaxPool", ["x"], ["y"], "pool0", kernel_shape=[2])],
          [vi("x", [1, 2, 7])], [vi("y", [1, 2, 6])])
    # count_include_pad with pads 1: 5 + 2 - 3 + 1 = 5.
    model("avgpool_count_include_pad",
          [node("AveragePool", ["x"], ["y"], "pool0", kernel_shape=[3, 3],
                pads=[1, 1, 1, 1], count_include_pad=1)],
          [vi("x", [1, 2, 5, 5])], [vi("y", [1, 2, 5, 5])])
    # The default count_include_pad = 0, with strides.
    model("avgpool_default",
          [node("AveragePool", ["x"], ["y"], "pool0", kernel_shape=[2, 2],
                strides=[2, 2])],
          [vi("x", [1, 2, 6, 6])], [vi("y", [1, 2, 3, 3])])
    # ceil_mode where the last window would start in the end padding: 1-D
    # input 4, k 2, s 2, pads [0, 1]: ceil((4 + 1 - 2) / 2) + 1 = 3, but the
    # third window starts at 4 >= 4 + 0 and is dropped (PyTorch, ONNX Runtime,
    # ONNX >= 1.16), giving 2. ONNX 1.12's shape inference says 3; the Relu
    # after it checks that the disagreement does not spread downstream.
    model("maxpool_ceil_window_in_padding",
          [node("MaxPool", ["x"], ["p"], "pool0", kernel_shape=[2],
                strides=[2], pads=[0, 1], ceil_mode=1),
           node("Relu", ["p"], ["y"], "relu0")],
          [vi("x", [1, 1, 4])], [vi("y", [1, 1, 2])], check=False)
    # Indices: 1-D, kernel 2, stride 2, one pad at the start (window 0 holds
    # one element and the pad), column major.
    model("maxpool_indices",
          [node("MaxPool", ["x"], ["y", "idx"], "pool0", kernel_shape=[2],
                strides=[2], pads=[1, 0], storage_order=1)],
          [vi("x", [1, 2, 5])],
          [vi("y", [1, 2, 3]), vi("idx", [1, 2, 3], TP.INT64)])
    model("global_avgpool",
          [node("GlobalAveragePool", ["x"], ["y"], "gap0")],
          [vi("x", [1, 3, 5, 7])], [vi("y", [1, 3, 1, 1])])

    model("softmax_axis", [node("Softmax", ["x"], ["y"], "softmax0", axis=1)],
          [vi("x", [2, 3, 4])], [vi("y", [2, 3, 4])])
    model("softmax_default", [node("Softmax", ["x"], ["y"], "softmax0")],
          [vi("x", [2, 3, 4])], [vi("y", [2, 3, 4])])

    # ReduceMean takes axes as an attribute up to opset 17.
    model("reduce_mean_keepdims0",
          [node("ReduceMean", ["x"], ["y"], "mean0", axes=[1], keepdims=0)],
          [vi("x", [2, 3, 4])], [vi("y", [2, 4])])
    # ReduceSum takes axes as an input since opset 13.
    model("reduce_sum_axes_input",
          [node("ReduceSum", ["x", "axes"], ["y"], "sum0")],
          [vi("x", [2, 3, 4])], [vi("y", [2, 3, 1])], [i64("axes", [-1])])


#===------------------------------------------------------------------------===#
# Reductions, ArgMax/ArgMin, Hardmax, CumSum
#===------------------------------------------------------------------------===#


def reduction_fixtures():
    # Integer ReduceMax over two axes without keepdims.
    model("reduce_max_int64",
          [node("ReduceMax", ["x"], ["y"], "max0", axes=[0, 2], keepdims=0)],
          [vi("x", [2, 3, 4], TP.INT64)], [vi("y", [3], TP.INT64)])
    # No axes: every axis, kept as unit dims.
    model("reduce_l2_default",
          [node("ReduceL2", ["x"], ["y"], "l2_0")],
          [vi("x", [2, 3, 4])], [vi("y", [1, 1, 1])])
    # ReduceSum with an empty axes input and noop_with_empty_axes: identity.
    model("reduce_sum_noop",
          [node("ReduceSum", ["x", "axes"], ["y"], "sum0",
                noop_with_empty_axes=1)],
          [vi("x", [2, 3])], [vi("y", [2, 3])],
          [nh.from_array(np.zeros([0], dtype=np.int64), "axes")])
    model("reduce_log_sum_exp_f16",
          [node("ReduceLogSumExp", ["x"], ["y"], "lse0", axes=[-1])],
          [vi("x", [2, 3], TP.FLOAT16)], [vi("y", [2, 1], TP.FLOAT16)])
    model("argmax_last",
          [node("ArgMax", ["x"], ["y"], "argmax0", axis=1, keepdims=0,
                select_last_index=1)],
          [vi("x", [2, 3, 4])], [vi("y", [2, 4], TP.INT64)])
    model("argmin_default",
          [node("ArgMin", ["x"], ["y"], "argmin0")],
          [vi("x", [2, 3], TP.INT32)], [vi("y", [1, 3], TP.INT64)])
    model("hardmax_axis",
          [node("Hardmax", ["x"], ["y"], "hardmax0", axis=1)],
          [vi("x", [2, 3, 4])], [vi("y", [2, 3, 4])])
    # The axis is a 0-d int32 constant.
    model("cumsum_reverse_exclusive",
          [node("CumSum", ["x", "axis"], ["y"], "cumsum0", exclusive=1,
                reverse=1)],
          [vi("x", [2, 3])], [vi("y", [2, 3])],
          [nh.from_array(np.array(-1, dtype=np.int32), "axis")])

    # Errors: the axis of CumSum is not known at import; ReduceL2 of
    # integers (ONNX allows it, Seam computes norms of floats only); CumSum
    # along an axis the input does not have (ONNX's shape inference lets it
    # through).
    model("err_cumsum_axis_input",
          [node("CumSum", ["x", "axis"], ["y"], "cumsum0")],
          [vi("x", [2, 3]), vi("axis", [], TP.INT64)], [vi("y", [2, 3])])
    model("err_reduce_l2_int",
          [node("ReduceL2", ["x"], ["y"], "l2_0")],
          [vi("x", [2, 3], TP.INT32)], [vi("y", [1, 1], TP.INT32)])
    model("err_cumsum_axis_range",
          [node("CumSum", ["x", "axis"], ["y"], "cumsum0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [i64("axis", 2)])


#===------------------------------------------------------------------------===#
# Data movement
#===------------------------------------------------------------------------===#


def data_movement_fixtures():
    model("concat", [node("Concat", ["x", "z"], ["y"], "concat0", axis=1)],
          [vi("x", [1, 2, 4]), vi("z", [1, 3, 4])], [vi("y", [1, 5, 4])])

    # [0, -1]: keep dim 0, infer the rest: 2x3x4 -> 2x12.
    model("reshape_zero_minus_one",
          [node("Reshape", ["x", "shape"], ["y"], "reshape0")],
          [vi("x", [2, 3, 4])], [vi("y", [2, 12])], [i64("shape", [0, -1])])
    # [-1, 0, 2]: dim 1 copies 3, so -1 = 24 / 6 = 4.
    model("reshape_middle_zero",
          [node("Reshape", ["x", "shape"], ["y"], "reshape0")],
          [vi("x", [2, 3, 4])], [vi("y", [4, 3, 2])],
          [i64("shape", [-1, 0, 2])])

    model("flatten", [node("Flatten", ["x"], ["y"], "flatten0", axis=2)],
          [vi("x", [2, 3, 4, 5])], [vi("y", [6, 20])])

    model("transpose_perm",
          [node("Transpose", ["x"], ["y"], "transpose0", perm=[0, 2, 3, 1])],
          [vi("x", [1, 2, 3, 4])], [vi("y", [1, 3, 4, 2])])
    # No perm: the dimensions are reversed.
    model("transpose_default", [node("Transpose", ["x"], ["y"], "transpose0")],
          [vi("x", [1, 2, 3, 4])], [vi("y", [4, 3, 2, 1])])

    # Pad (opset 13: pads and constant_value are inputs).
    model("pad_constant",
          [node("Pad", ["x", "pads", "value"], ["y"], "pad0")],
          [vi("x", [1, 2, 3, 3])], [vi("y", [1, 2, 5, 7])],
          [i64("pads", [0, 0, 1, 2, 0, 0, 1, 2]), f32("value", 1.5)])
    model("pad_reflect",
          [node("Pad", ["x", "pads"], ["y"], "pad0", mode="reflect")],
          [vi("x", [1, 2, 3, 3])], [vi("y", [1, 2, 5, 5])],
          [i64("pads", [0, 0, 1, 1, 0, 0, 1, 1])])
    model("pad_edge", [node("Pad", ["x", "pads"], ["y"], "pad0", mode="edge")],
          [vi("x", [1, 2, 3, 3])], [vi("y", [1, 2, 3, 6])],
          [i64("pads", [0, 0, 0, 1, 0, 0, 0, 2])])

    # Slice with every input: axis 0 takes [1, 3); axis -2 runs backwards from
    # -1 (= 9) down to -8 (= 2, excluded) by 2: 9, 7, 5, 3.
    model("slice_steps_negative",
          [node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"],
                "slice0")],
          [vi("x", [4, 10, 6])], [vi("y", [2, 4, 6])],
          [i64("starts", [1, -1]), i64("ends", [3, -8]),
           i64("axes", [0, -2]), i64("steps", [1, -2])])
    # Only starts and ends; an end of INT64_MAX means "to the end".
    model("slice_starts_ends",
          [node("Slice", ["x", "starts", "ends"], ["y"], "slice0")],
          [vi("x", [4, 10, 6])], [vi("y", [2, 8, 6])],
          [i64("starts", [0, 2]), i64("ends", [2, INT64_MAX])])

    model("identity", [node("Identity", ["x"], ["y"], "identity0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])])
    # Dropout at inference, its mask output unused.
    model("dropout",
          [node("Dropout", ["x"], ["d", "mask"], "dropout0"),
           node("Relu", ["d"], ["y"], "relu0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])])

    # Dropout with a constant training_mode = false (a BOOL input): identity.
    model("dropout_training_false",
          [node("Dropout", ["x", "ratio", "training"], ["y"], "dropout0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])],
          [f32("ratio", 0.5), nh.from_array(np.array(False), "training")])

    # Squeeze / Unsqueeze with axes inputs (opset 13), and Squeeze of every
    # size-1 dimension when axes are absent.
    model("squeeze_unsqueeze",
          [node("Squeeze", ["x", "sq_axes"], ["s"], "squeeze0"),
           node("Unsqueeze", ["s", "unsq_axes"], ["y"], "unsqueeze0"),
           node("Squeeze", ["x"], ["z"], "squeeze1")],
          [vi("x", [1, 3, 1, 4])], [vi("y", [1, 3, 4, 1]), vi("z", [3, 4])],
          [i64("sq_axes", [0, 2]), i64("unsq_axes", [0, -1])])


#===------------------------------------------------------------------------===#
# Constants and import-time shape computation
#===------------------------------------------------------------------------===#


def constant_fixtures():
    # A 4x5 Constant (above the inline limit) and a 3-element one.
    big = h.make_tensor("big", TP.FLOAT, [4, 5],
                        np.arange(20, dtype=np.float32).tolist())
    small = h.make_tensor("small", TP.FLOAT, [5], [1, 2, 3, 4, 5])
    model("constant_value",
          [node("Constant", [], ["c"], "const0", value=big),
           node("Constant", [], ["d"], "const1", value=small),
           node("Add", ["x", "c"], ["s"], "add0"),
           node("Mul", ["s", "d"], ["y"], "mul0")],
          [vi("x", [4, 5])], [vi("y", [4, 5])])
    model("constant_value_float",
          [node("Constant", [], ["c"], "const0", value_float=2.5),
           node("Mul", ["x", "c"], ["y"], "mul0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])])
    model("constant_value_ints",
          [node("Constant", [], ["shape"], "const0", value_ints=[3, 8]),
           node("Reshape", ["x", "shape"], ["y"], "reshape0")],
          [vi("x", [2, 3, 4])], [vi("y", [3, 8])])

    # Inline limit: 16 elements stay dense, 17 become a dense_resource.
    model("inline_limit",
          [node("Add", ["x16", "c16"], ["y16"], "add16"),
           node("Add", ["x17", "c17"], ["y17"], "add17")],
          [vi("x16", [16]), vi("x17", [17])],
          [vi("y16", [16]), vi("y17", [17])],
          [f32("c16", np.arange(16)), f32("c17", np.arange(17))])

    # Channel shuffle as torchvision's ShuffleNetV2 exports it (groups = 2):
    #   n, c, h, w = x.size()
    #   x = x.view(n, 2, c // 2, h, w).transpose(1, 2).contiguous()
    #   x = x.view(n, -1, h, w)
    # All the shape arithmetic must fold at import.
    def scalar(name, value):
        return node("Constant", [], [name], name,
                    value=h.make_tensor(name + "_v", TP.INT64, [], [value]))

    def axes0(name):
        return node("Constant", [], [name], name,
                    value=h.make_tensor(name + "_v", TP.INT64, [1], [0]))

    nodes = [scalar("i0", 0), scalar("i1", 1), scalar("i2", 2),
             scalar("i3", 3), scalar("groups", 2), axes0("ax"),
             node("Shape", ["x"], ["shape_x"], "Shape_0")]
    for i, dim in enumerate(["n", "c", "h", "w"]):
        nodes.append(node("Gather", ["shape_x", "i%d" % i], [dim],
                          "Gather_%d" % i, axis=0))
    nodes += [
        node("Div", ["c", "groups"], ["cpg"], "Div_0"),
        node("Unsqueeze", ["n", "ax"], ["n1"], "Unsqueeze_0"),
        node("Unsqueeze", ["groups", "ax"], ["g1"], "Unsqueeze_1"),
        node("Unsqueeze", ["cpg", "ax"], ["cpg1"], "Unsqueeze_2"),
        node("Unsqueeze", ["h", "ax"], ["h1"], "Unsqueeze_3"),
        node("Unsqueeze", ["w", "ax"], ["w1"], "Unsqueeze_4"),
        node("Concat", ["n1", "g1", "cpg1", "h1", "w1"], ["shape5"],
             "Concat_0", axis=0),
        node("Reshape", ["x", "shape5"], ["x5"], "Reshape_0"),
        node("Transpose", ["x5"], ["t5"], "Transpose_0", perm=[0, 2, 1, 3, 4]),
        node("Constant", [], ["minus1"], "minus1",
             value=h.make_tensor("minus1_v", TP.INT64, [1], [-1])),
        node("Concat", ["n1", "minus1", "h1", "w1"], ["shape4"], "Concat_1",
             axis=0),
        node("Reshape", ["t5", "shape4"], ["y"], "Reshape_1"),
    ]
    model("shuffle_channels", nodes, [vi("x", [1, 8, 4, 4])],
          [vi("y", [1, 8, 4, 4])])

    # Cast on shapes: INT64 -> INT32 -> INT64 stays an import-time shape,
    # and a Cast to FLOAT turns it into an f32 constant.
    model("cast_shape",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Cast", ["s"], ["s32"], "cast0", to=TP.INT32),
           node("Cast", ["s32"], ["s64"], "cast1", to=TP.INT64),
           node("Cast", ["s64"], ["sf"], "cast2", to=TP.FLOAT),
           node("Mul", ["x", "sf"], ["y"], "mul0")],
          [vi("x", [3, 2])], [vi("y", [3, 2])])

    # ConstantOfShape with a float value, and with the default (0.0).
    model("constant_of_shape",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("ConstantOfShape", ["s"], ["c"], "cos0",
                value=h.make_tensor("v", TP.FLOAT, [1], [1.5])),
           node("ConstantOfShape", ["s"], ["z"], "cos1"),
           node("Add", ["x", "c"], ["y"], "add0"),
           node("Sub", ["x", "z"], ["y2"], "sub0")],
          [vi("x", [2, 3])], [vi("y", [2, 3]), vi("y2", [2, 3])])

    # Neg, Abs, Sign, Max and Min of import-time integers fold (ONNX's
    # LayerNormalization function body computes Neg(axis) as a shape).
    ints = [node("Shape", ["x"], ["s"], "shape0"),
            node("Constant", [], ["three"], "three", value_ints=[3]),
            node("Constant", [], ["c"], "c", value_ints=[4, 2, 5]),
            node("Neg", ["s"], ["neg"], "neg0"),
            node("Abs", ["neg"], ["abs"], "abs0"),
            node("Sign", ["neg"], ["sign"], "sign0"),
            node("Max", ["s", "three"], ["max"], "max0"),
            node("Min", ["s", "three", "c"], ["min"], "min0")]
    outs = []
    for name in ["neg", "abs", "sign", "max", "min"]:
        ints += [node("Cast", [name], [name + "_f"], name + "_cast",
                      to=TP.FLOAT),
                 node("Mul", ["z", name + "_f"], ["y_" + name],
                      name + "_mul")]
        outs.append(vi("y_" + name, [3]))
    model("signed_shape_arith", ints, [vi("x", [2, 3, 4]), vi("z", [3])],
          outs)


#===------------------------------------------------------------------------===#
# Version conversion
#===------------------------------------------------------------------------===#


def typed_fixtures():
    # Inputs and outputs of other element types, and the ops between them.
    model("typed_io",
          [node("Cast", ["x"], ["f"], "cast_f", to=TP.FLOAT),
           node("Equal", ["x", "two"], ["e"], "eq0"),
           node("And", ["e", "m"], ["a"], "and0"),
           node("Where", ["a", "f", "zero"], ["w"], "where0"),
           node("Not", ["m"], ["n"], "not0"),
           node("Cast", ["f"], ["i"], "cast_i", to=TP.INT32),
           node("Less", ["d", "d"], ["l"], "less0")],
          [vi("x", [2, 3], TP.INT64), vi("m", [2, 3], TP.BOOL),
           vi("d", [3], TP.DOUBLE)],
          [vi("w", [2, 3]), vi("a", [2, 3], TP.BOOL), vi("n", [2, 3], TP.BOOL),
           vi("i", [2, 3], TP.INT32), vi("l", [3], TP.BOOL)],
          [i64("two", [2]), f32("zero", 0.0)])
    # Shape logic as exporters write it, evaluated at import:
    # Where(Equal(shape, 1), -1, shape) -> Reshape.
    model("shape_logic_fold",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Equal", ["s", "one"], ["is1"], "eq0"),
           node("Not", ["is1"], ["keep"], "not0"),
           node("Where", ["keep", "s", "minus1"], ["t"], "where0"),
           node("Reshape", ["x", "t"], ["y"], "reshape0")],
          [vi("x", [2, 1, 3])], [vi("y", [2, 1, 3])],
          [i64("one", [1]), i64("minus1", [-1])])
    # An integer constant output, and a float16 exponent of a float32 Pow
    # (ONNX lets the exponent have another type).
    model("int_constant_output",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Relu", ["x"], ["y"], "relu0")],
          [vi("x", [2, 3])], [vi("s", [2], TP.INT64), vi("y", [2, 3])])
    model("pow_fp16_exponent", [node("Pow", ["x", "e"], ["y"], "pow0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])],
          [nh.from_array(np.array(2.0, dtype=np.float16), "e")])
    # Pow of an integer base (opset 15): computed in f64, truncated back.
    model("pow_int_base", [node("Pow", ["x", "e"], ["y"], "pow0")],
          [vi("x", [3], TP.INT32), vi("e", [3])], [vi("y", [3], TP.INT32)],
          opset=15)
    # Dropout's mask is a graph output: all true at inference.
    model("dropout_mask_output",
          [node("Dropout", ["x"], ["y", "mask"], "dropout0")],
          [vi("x", [2, 3])], [vi("y", [2, 3]), vi("mask", [2, 3], TP.BOOL)],
          opset=13)


def int_mod_fixtures():
    # Integer Mod of import-time constants: the remainder takes the divisor's
    # sign (fmod 0) or the dividend's (fmod 1); INT64_MIN % -1 is 0.
    for fmod in (0, 1):
        model("mod_int_fold_fmod%d" % fmod,
              [node("Mod", ["a", "b"], ["y"], "mod0", fmod=fmod)],
              [], [vi("y", [4], TP.INT64)],
              [i64("a", [-7, 7, -7, -2**63]), i64("b", [3, -3, -3, -1])])


def loss_fixtures():
    # NegativeLogLikelihoodLoss with class weights and ignore_index, mean.
    model("nll_loss",
          [node("NegativeLogLikelihoodLoss", ["x", "t", "w"], ["y"], "nll0",
                reduction="mean", ignore_index=1)],
          [vi("x", [2, 3, 4]), vi("t", [2, 4], TP.INT64)], [vi("y", [])],
          [f32("w", [0.5, 1.0, 2.0])])
    # ignore_index at INT64_MAX, the value kept exactly (seam-fuzz-import
    # found it converted through a double, out of int64's range).
    model("nll_loss_ignore_int64_max",
          [node("NegativeLogLikelihoodLoss", ["x", "t"], ["y"], "nll0",
                reduction="none", ignore_index=2**63 - 1)],
          [vi("x", [2, 3]), vi("t", [2], TP.INT64)], [vi("y", [2])])
    # SoftmaxCrossEntropyLoss without weights, no reduction, with log_prob.
    model("softmax_ce_loss",
          [node("SoftmaxCrossEntropyLoss", ["x", "t"], ["y", "lp"], "sce0",
                reduction="none")],
          [vi("x", [2, 3]), vi("t", [2], TP.INT64)],
          [vi("y", [2]), vi("lp", [2, 3])])
    # Clip with bounds computed at run time, and Trilu with a run-time k.
    model("clip_runtime_bounds",
          [node("Clip", ["x", "lo", "hi"], ["y"], "clip0")],
          [vi("x", [2, 3]), vi("lo", []), vi("hi", [])], [vi("y", [2, 3])])
    model("trilu_runtime_k",
          [node("Trilu", ["x", "k"], ["y"], "trilu0", upper=0)],
          [vi("x", [3, 4]), vi("k", [], TP.INT64)], [vi("y", [3, 4])],
          opset=14)
#===------------------------------------------------------------------------===#
# Normalization and Resize
#===------------------------------------------------------------------------===#


def normalization_fixtures():
    # LayerNormalization (opset 17) over the last dim, scale and bias.
    model("layernorm",
          [node("LayerNormalization", ["x", "g", "b"], ["y"], "ln0",
                epsilon=1e-3)],
          [vi("x", [2, 3, 4])], [vi("y", [2, 3, 4])],
          [f32("g", rand("layernorm.g", 4)), f32("b", rand("layernorm.b", 4))],
          opset=17)
    # Over dims 1 and 2, no bias, with Mean and InvStdDev as graph outputs;
    # float16 (its statistics are float32, the stash type).
    model("layernorm_stats_fp16",
          [node("LayerNormalization", ["x", "g"], ["y", "mean", "inv"],
                "ln0", axis=1)],
          [vi("x", [2, 3, 4], TP.FLOAT16), vi("g", [3, 4], TP.FLOAT16)],
          [vi("y", [2, 3, 4], TP.FLOAT16), vi("mean", [2, 1, 1]),
           vi("inv", [2, 1, 1])], opset=17)
    model("instancenorm",
          [node("InstanceNormalization", ["x", "s", "b"], ["y"], "in0",
                epsilon=1e-2)],
          [vi("x", [1, 2, 3, 3])], [vi("y", [1, 2, 3, 3])],
          [f32("s", [1.0, 2.0]), f32("b", [0.5, -0.5])])
    model("lpnorm",
          [node("LpNormalization", ["x"], ["y"], "lp0", axis=0, p=1)],
          [vi("x", [2, 3])], [vi("y", [2, 3])])
    # Resize: scales (no roi), bilinear, half_pixel by default.
    model("resize_linear",
          [node("Resize", ["x", "", "scales"], ["y"], "resize0",
                mode="linear")],
          [vi("x", [1, 1, 2, 2])], [vi("y", [1, 1, 4, 4])],
          [f32("scales", [1.0, 1.0, 2.0, 2.0])])
    # sizes, nearest with every non-default attribute.
    model("resize_nearest_sizes",
          [node("Resize", ["x", "", "", "sizes"], ["y"], "resize0",
                coordinate_transformation_mode="align_corners",
                nearest_mode="ceil")],
          [vi("x", [1, 1, 2, 3])], [vi("y", [1, 1, 3, 5])],
          [i64("sizes", [1, 1, 3, 5])])
    model("resize_cubic",
          [node("Resize", ["x", "", "scales"], ["y"], "resize0",
                mode="cubic", cubic_coeff_a=-0.5, exclude_outside=1,
                coordinate_transformation_mode="asymmetric")],
          [vi("x", [1, 1, 4, 4])], [vi("y", [1, 1, 2, 2])],
          [f32("scales", [1.0, 1.0, 0.5, 0.5])])
    model("resize_crop",
          [node("Resize", ["x", "roi", "", "sizes"], ["y"], "resize0",
                mode="linear", extrapolation_value=10.0,
                coordinate_transformation_mode="tf_crop_and_resize")],
          [vi("x", [1, 1, 4, 4])], [vi("y", [1, 1, 3, 3])],
          [f32("roi", [0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7]),
           i64("sizes", [1, 1, 3, 3])])
    # Opset 9 Upsample: through the version converter, Resize-13 with
    # opset 10's asymmetric coordinates and floor rounding.
    model("upsample_opset9",
          [node("Upsample", ["x", "scales"], ["y"], "up0", mode="nearest")],
          [vi("x", [1, 1, 2, 2])], [vi("y", [1, 1, 4, 6])],
          [f32("scales", [1.0, 1.0, 2.0, 3.0])], opset=9, ir_version=4)

    # Errors.
    model("err_layernorm_stash",
          [node("LayerNormalization", ["x", "g"], ["y"], "ln0", stash_type=10)],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [f32("g", [1, 1, 1])],
          opset=17, check=False)
    model("err_layernorm_scale",
          [node("LayerNormalization", ["x", "g"], ["y"], "ln0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [f32("g", [1, 1])],
          opset=17, check=False)
    model("err_lpnorm_p",
          [node("LpNormalization", ["x"], ["y"], "lp0", p=3)],
          [vi("x", [2, 3])], [vi("y", [2, 3])], check=False)
    model("err_resize_scales_input",
          [node("Resize", ["x", "", "scales"], ["y"], "resize0")],
          [vi("x", [1, 1, 2, 2]), vi("scales", [4])],
          [vi("y", [1, 1, 4, 4])], check=False)
    model("err_resize_mode",
          [node("Resize", ["x", "", "scales"], ["y"], "resize0",
                mode="area")],
          [vi("x", [1, 1, 2, 2])], [vi("y", [1, 1, 4, 4])],
          [f32("scales", [1.0, 1.0, 2.0, 2.0])], check=False)
    model("err_resize_both",
          [node("Resize", ["x", "", "scales", "sizes"], ["y"], "resize0")],
          [vi("x", [1, 1, 2, 2])], [vi("y", [1, 1, 4, 4])],
          [f32("scales", [1.0, 1.0, 2.0, 2.0]), i64("sizes", [1, 1, 4, 4])],
          check=False)
    model("err_resize_antialias",
          [node("Resize", ["x", "", "scales"], ["y"], "resize0",
                antialias=1)],
          [vi("x", [1, 1, 2, 2])], [vi("y", [1, 1, 4, 4])],
          [f32("scales", [1.0, 1.0, 2.0, 2.0])], opset=17, check=False)


def version_conversion_fixtures():
    # An opset 9 model as old exporters wrote it: IR version 4, initializers
    # also listed as graph inputs.
    params = [f32("scale", [1, 2, 3]), f32("bias", [0, 0, 0]),
              f32("mean", [0, 0, 0]), f32("var", [1, 1, 1])]
    model("opset9_bn_relu",
          [node("BatchNormalization", ["x", "scale", "bias", "mean", "var"],
                ["bn"], "bn0", epsilon=1e-4),
           node("Relu", ["bn"], ["y"], "relu0")],
          [vi("x", [1, 3, 4, 4])] + [vi(p.name, [3]) for p in params],
          [vi("y", [1, 3, 4, 4])], params, opset=9, ir_version=4)
    # Opset 11: Unsqueeze axes is an attribute (an input in 13).
    model("opset11_unsqueeze",
          [node("Unsqueeze", ["x"], ["u"], "unsqueeze0", axes=[0]),
           node("Relu", ["u"], ["y"], "relu0")],
          [vi("x", [3, 4])], [vi("y", [1, 3, 4])], opset=11, ir_version=6)
    # Opset 6: PRelu's [C] slope is per channel (no broadcasting before
    # opset 7), as PyTorch's exporter wrote it; a constant and a graph input.
    model("opset6_prelu_channels",
          [node("PRelu", ["x", "slope"], ["y"], "prelu0")],
          [vi("x", [2, 3, 4, 5]), vi("slope", [3])], [vi("y", [2, 3, 4, 5])],
          [f32("slope", [0.25, 0.5, 2])], opset=6, ir_version=3)
    model("opset6_prelu_slope_input",
          [node("PRelu", ["x", "slope"], ["y"], "prelu0")],
          [vi("x", [2, 3, 4]), vi("slope", [3])], [vi("y", [2, 3, 4])],
          opset=6, ir_version=3)


#===------------------------------------------------------------------------===#
# External data
#===------------------------------------------------------------------------===#


def external(tensor, location, offset=None, length=None):
    """Moves `tensor` to external data at `location` (raw data dropped)."""
    onnx.external_data_helper.set_external_data(tensor, location, offset,
                                                length)
    tensor.ClearField("raw_data")
    return tensor


def external_model(name, location, w_offset, w_length):
    """Conv 1x3x8x8 -> 1x8x6x6 whose weight and bias are external data:
    w (216 floats) at w_offset, b (8 floats) right after the 864 weight
    bytes."""
    w = f32("w", np.arange(216).reshape(8, 3, 3, 3))
    b = f32("b", np.arange(8))
    external(w, location, w_offset, w_length)
    external(b, "weights.bin", 864, 32)
    model(name, [node("Conv", ["x", "w", "b"], ["y"], "conv0")],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 8, 6, 6])], [w, b],
          check=False, folder=EXT)


def external_fixtures():
    weights = np.concatenate([np.arange(216), np.arange(8)]).astype(np.float32)
    write(os.path.join(EXT, "weights.bin"), weights.tobytes())
    external_model("model", "weights.bin", 0, 864)
    # The valid one must load through ONNX's own external-data reader.
    loaded = onnx.load(os.path.join(EXT, "model.onnx"))
    onnx.checker.check_model(loaded)
    arrays = {t.name: nh.to_array(t) for t in loaded.graph.initializer}
    assert (arrays["w"].ravel() == np.arange(216)).all()
    assert (arrays["b"] == np.arange(8)).all()
    external_model("err_ext_absolute", "/etc/passwd", None, None)
    external_model("err_ext_dotdot", "../../../../../../etc/passwd", None, None)
    external_model("err_ext_offset", "weights.bin", 100000, None)
    external_model("err_ext_length", "weights.bin", 800, 864)


#===------------------------------------------------------------------------===#
# Error cases
#===------------------------------------------------------------------------===#


def decomposed_fixtures():
    """ONNX ops decomposed into seam ops at import."""
    model("float_class_shrink",
          [node("IsNaN", ["x"], ["nan"], "isnan0"),
           node("IsInf", ["x"], ["inf"], "isinf0", detect_negative=0),
           node("Shrink", ["x"], ["s"], "shrink0", lambd=1.5, bias=0.5)],
          [vi("x", [2, 3])],
          [vi("nan", [2, 3], TP.BOOL), vi("inf", [2, 3], TP.BOOL),
           vi("s", [2, 3])])
    model("mvn_axes",
          [node("MeanVarianceNormalization", ["x"], ["y"], "mvn0",
                axes=[1, 2])],
          [vi("x", [2, 3, 4])], [vi("y", [2, 3, 4])])
    model("eyelike_k1_int64",
          [node("EyeLike", ["x"], ["y"], "eye0", k=1, dtype=TP.INT64)],
          [vi("x", [2, 3])], [vi("y", [2, 3], TP.INT64)])
    model("quantize_per_axis",
          [node("QuantizeLinear", ["x", "s", "zp"], ["q"], "quant0", axis=1),
           node("DequantizeLinear", ["q", "s", "zp"], ["y"], "dequant0",
                axis=1)],
          [vi("x", [2, 3])], [vi("q", [2, 3], TP.INT8), vi("y", [2, 3])],
          [f32("s", [0.5, 0.25, 2.0]),
           nh.from_array(np.array([1, -2, 0], np.int8), "zp")])
    model("dynamic_quantize",
          [node("DynamicQuantizeLinear", ["x"], ["y", "s", "zp"], "dq0")],
          [vi("x", [4])],
          [vi("y", [4], TP.UINT8), vi("s", []), vi("zp", [], TP.UINT8)])
    # Windows of opset 17 with the size a constant.
    model("windows",
          [node("HannWindow", ["four"], ["hann"], "hann0"),
           node("HammingWindow", ["three"], ["hamming"], "hamming0",
                periodic=0, output_datatype=TP.DOUBLE),
           node("BlackmanWindow", ["four"], ["blackman"], "blackman0")],
          [], [vi("hann", [4]), vi("hamming", [3], TP.DOUBLE),
               vi("blackman", [4])],
          [i64("four", 4), i64("three", 3)], opset=17)
    model("err_quantize_scale_2d",
          [node("QuantizeLinear", ["x", "s"], ["q"], "quant0")],
          [vi("x", [2, 3])], [vi("q", [2, 3], TP.UINT8)],
          [f32("s", [[0.5, 0.5, 0.5], [1, 1, 1]])], check=False)
    model("err_isnan_int",
          [node("IsNaN", ["x"], ["y"], "isnan0")],
          [vi("x", [3], TP.INT32)], [vi("y", [3], TP.BOOL)], check=False)
    model("err_eyelike_3d",
          [node("EyeLike", ["x"], ["y"], "eye0")],
          [vi("x", [2, 2, 2])], [vi("y", [2, 2, 2])], check=False)


def control_flow_error_fixtures():
    """If and Loop that Seam cannot inline or unroll, and errors of nodes
    inside subgraphs (named with where they are)."""
    def graph(nodes, outputs, inputs=()):
        return h.make_graph(nodes, "g", list(inputs), outputs)
    f = lambda name, shape: vi(name, shape)
    body_inputs = [vi("i", [], TP.INT64), vi("c", [], TP.BOOL),
                   vi("acc", [2])]
    # The trip count is a graph input.
    model("err_loop_runtime_trip_count",
          [node("Loop", ["m", "", "x"], ["y"], "loop0",
                body=graph([node("Identity", ["c"], ["c2"], "id0"),
                            node("Neg", ["acc"], ["a2"], "neg0")],
                           [vi("c2", [], TP.BOOL), f("a2", [2])],
                           body_inputs))],
          [vi("m", [], TP.INT64), f("x", [2])], [f("y", [2])])
    # The body's condition depends on a run-time value.
    model("err_loop_runtime_cond",
          [node("Loop", ["", "t", "x"], ["y"], "loop0",
                body=graph([node("ReduceSum", ["acc"], ["s"], "sum0",
                                 keepdims=0),
                            node("Greater", ["s", "zero"], ["c2"], "gt0"),
                            node("Neg", ["acc"], ["a2"], "neg0")],
                           [vi("c2", [], TP.BOOL), f("a2", [2])],
                           body_inputs))],
          [f("x", [2])], [f("y", [2])],
          [nh.from_array(np.array(True), "t"), f32("zero", 0.0)])
    # No trip count and a condition that stays true.
    model("err_loop_endless",
          [node("Loop", ["", "t", "x"], ["y"], "loop0",
                body=graph([node("Identity", ["c"], ["c2"], "id0"),
                            node("Identity", ["acc"], ["a2"], "id1")],
                           [vi("c2", [], TP.BOOL), f("a2", [2])],
                           body_inputs))],
          [f("x", [2])], [f("y", [2])], [nh.from_array(np.array(True), "t")])
    # A run-time condition and branches of different shapes.
    model("err_if_branch_shapes",
          [node("If", ["c"], ["y"], "if0",
                then_branch=graph([node("Identity", ["x"], ["t"], "id0")],
                                  [f("t", [2, 3])]),
                else_branch=graph([node("Transpose", ["x"], ["e"], "tr0",
                                        perm=[1, 0])],
                                  [f("e", [3, 2])]))],
          [vi("c", [], TP.BOOL), f("x", [2, 3])], [f("y", ["d0", "d1"])],
          check=False)
    # An unsupported op inside a branch, and a node error inside a branch.
    model("err_if_unsupported_inside",
          [node("If", ["c"], ["y"], "if0",
                then_branch=graph([node("RandomUniformLike", ["x"], ["t"],
                                        "random0")],
                                  [f("t", [2])]),
                else_branch=graph([node("Identity", ["x"], ["e"], "id0")],
                                  [f("e", [2])]))],
          [vi("c", [], TP.BOOL), f("x", [2, 2, 2])], [f("y", ["d0"])],
          check=False)
    model("err_if_node_inside",
          [node("If", ["c"], ["y"], "if0",
                then_branch=graph([node("Softmax", ["x"], ["t"], "softmax0",
                                        axis=5)],
                                  [f("t", [2, 3])]),
                else_branch=graph([node("Identity", ["x"], ["e"], "id0")],
                                  [f("e", [2, 3])]))],
          [vi("c", [], TP.BOOL), f("x", [2, 3])], [f("y", [2, 3])],
          check=False)


def selection_fixtures():
    # TopK with K a constant input (opset 11), both outputs used.
    model("topk_smallest",
          [node("TopK", ["x", "k"], ["v", "i"], "topk0", axis=1, largest=0)],
          [vi("x", [3, 4])], [vi("v", [3, 2]), vi("i", [3, 2], TP.INT64)],
          [i64("k", [2])], opset=11)
    # TopK of opset 1 to 9: k an attribute, axis -1 by default.
    model("topk_opset9", [node("TopK", ["x"], ["v", "i"], "topk0", k=3)],
          [vi("x", [2, 5])], [vi("v", [2, 3]), vi("i", [2, 3], TP.INT64)],
          opset=9)
    # OneHot: depth a float constant, values an input, negative axis.
    model("onehot_float_depth",
          [node("OneHot", ["idx", "depth", "values"], ["y"], "onehot0",
                axis=-2)],
          [vi("idx", [2, 3], TP.INT64), vi("values", [2])],
          [vi("y", [2, 5, 3])], [f32("depth", [5.0])], opset=11)
    model("gathernd_batch",
          [node("GatherND", ["x", "idx"], ["y"], "gathernd0", batch_dims=1)],
          [vi("x", [2, 3, 4]), vi("idx", [2, 1], TP.INT64)],
          [vi("y", [2, 4])], opset=13)
    # The deprecated Scatter (opset 10) is ScatterElements without reduction.
    model("scatter_opset10",
          [node("Scatter", ["x", "idx", "u"], ["y"], "scatter0", axis=1)],
          [vi("x", [3, 4]), vi("idx", [3, 2], TP.INT64), vi("u", [3, 2])],
          [vi("y", [3, 4])], opset=10)
    model("scatter_reductions",
          [node("ScatterElements", ["x", "idx", "u"], ["a"], "scatter0",
                reduction="mul"),
           node("ScatterND", ["a", "nd", "v"], ["y"], "scatternd0",
                reduction="add")],
          [vi("x", [3, 4]), vi("idx", [2, 4], TP.INT64), vi("u", [2, 4]),
           vi("nd", [2, 1], TP.INT64), vi("v", [2, 4])],
          [vi("y", [3, 4])], opset=16)

    # K and depth decide a shape: graph inputs are refused, naming them.
    model("err_topk_runtime_k",
          [node("TopK", ["x", "k"], ["v", "i"], "topk0")],
          [vi("x", [3, 4]), vi("k", [1], TP.INT64)],
          [vi("v", [3, 2]), vi("i", [3, 2], TP.INT64)], opset=11,
          check=False)
    model("err_topk_largest",
          [node("TopK", ["x", "k"], ["v", "i"], "topk0", largest=2)],
          [vi("x", [3, 4])], [vi("v", [3, 2]), vi("i", [3, 2], TP.INT64)],
          [i64("k", [2])], opset=11, check=False)
    model("err_onehot_runtime_depth",
          [node("OneHot", ["idx", "depth", "values"], ["y"], "onehot0")],
          [vi("idx", [3], TP.INT64), vi("depth", [1]), vi("values", [2])],
          [vi("y", [3, 4])], opset=11, check=False)
    model("err_onehot_nan_depth",
          [node("OneHot", ["idx", "depth", "values"], ["y"], "onehot0")],
          [vi("idx", [3], TP.INT64), vi("values", [2])],
          [vi("y", [3, 4])], [f32("depth", [float("nan")])], opset=11,
          check=False)
    model("err_scatter_reduction",
          [node("ScatterND", ["x", "nd", "v"], ["y"], "scatternd0",
                reduction="sum")],
          [vi("x", [3, 4]), vi("nd", [2, 1], TP.INT64), vi("v", [2, 4])],
          [vi("y", [3, 4])], opset=16, check=False)


def error_fixtures():
    # Two different unsupported ops in three nodes, one in a custom domain
    # (RandomUniformLike: Seam compiles deterministic models only).
    model("err_unsupported_ops",
          [node("RandomUniformLike", ["x"], ["a"], "random0"),
           node("Relu", ["a"], ["r"], "relu0"),
           h.make_node("Scale", ["r"], ["s"], name="scale0",
                       domain="com.example"),
           node("RandomUniformLike", ["s"], ["y"], "random1")],
          [vi("x", [2, 3, 3])], [vi("y", [2, 3, 3])],
          opsets=[("com.example", 1)], check=False)

    # A zero stride (ONNX 1.12's shape inference would divide by it).
    model("err_zero_stride",
          [node("Conv", ["x", "w"], ["y"], "conv0", strides=[0, 1])],
          [vi("x", [1, 1, 5, 5])], [vi("y", [1, 1, 4, 4])],
          [f32("w", rand("w", 1, 1, 2, 2))], check=False)
    # Dropout in training mode (constant true).
    model("err_dropout_training",
          [node("Dropout", ["x", "ratio", "training"], ["y"], "dropout0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])],
          [f32("ratio", 0.5), nh.from_array(np.array(True), "training")])

    with open(os.path.join(OUT, "conv_2d_bias.onnx"), "rb") as f:
        data = f.read()
    write(os.path.join(OUT, "err_truncated.onnx"), data[:len(data) // 2])
    write(os.path.join(OUT, "err_not_onnx.onnx"),
          b"This is a text file, not an ONNX model.\n")
    write(os.path.join(OUT, "err_empty.onnx"), b"")

    # 'w' is produced by no node, input or initializer.
    model("err_missing_input", [node("Add", ["x", "w"], ["y"], "add0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], check=False)

    # Shapes that do not broadcast / a Conv weight with the wrong channels.
    model("err_add_shapes", [node("Add", ["x", "z"], ["y"], "add0")],
          [vi("x", [2, 3]), vi("z", [4, 5])], [vi("y", ["a", "b"])],
          check=False)
    model("err_conv_channels", [node("Conv", ["x", "w"], ["y"], "conv0")],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 4, 6, 6])],
          [f32("w", rand("err_conv_channels.w", 4, 2, 3, 3))], check=False)

    # An initializer whose element count overflows int64 (no data at all).
    big = onnx.TensorProto(name="big", data_type=TP.FLOAT,
                           dims=[2**40, 2**40, 2])
    model("err_dims_overflow", [node("Add", ["x", "big"], ["y"], "add0")],
          [vi("x", [2])], [vi("y", ["a", "b", "c"])], [big], check=False)

    # raw_data of 20 bytes for a 2x3 float tensor (24 bytes).
    bad = onnx.TensorProto(name="c", data_type=TP.FLOAT, dims=[2, 3],
                           raw_data=b"\0" * 20)
    model("err_raw_data_size", [node("Add", ["x", "c"], ["y"], "add0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], [bad], check=False)

    # Unsupported data types: a FLOAT16 Conv weight (the ONNX type checker
    # sees the mismatch with the float input), a FLOAT16 Pow exponent (valid
    # ONNX: Pow's exponent type is independent), an INT16 graph input.
    w16 = nh.from_array(rand("err_fp16.w", 4, 3, 3, 3).astype(np.float16),
                        "w")
    model("err_conv_fp16_weight", [node("Conv", ["x", "w"], ["y"], "conv0")],
          [vi("x", [1, 3, 8, 8])], [vi("y", [1, 4, 6, 6])], [w16], check=False)
    model("err_int16_input", [node("Identity", ["x"], ["y"], "id0")],
          [vi("x", [2, 3], TP.INT16)], [vi("y", [2, 3], TP.INT16)])
    # An op Seam computes in float32 only, on int64 tensors (valid ONNX).
    model("err_matmul_int64", [node("MatMul", ["a", "b"], ["y"], "matmul0")],
          [vi("a", [2, 3], TP.INT64), vi("b", [3, 2], TP.INT64)],
          [vi("y", [2, 2], TP.INT64)])

    # Run-time shapes (seam::Session compiles one per shape): x [b, t, 4]
    # and its mask [b, t] share symbolic dims; y = 2 * relu(x) * mask and
    # z = x @ w with w[i][j] = i - j.
    model("run_time_shapes",
          [node("Relu", ["x"], ["r"], "relu0"),
           node("Add", ["r", "r"], ["r2"], "add0"),
           node("Unsqueeze", ["mask", "last"], ["m3"], "unsqueeze0"),
           node("Cast", ["m3"], ["mf"], "cast0", to=TP.FLOAT),
           node("Mul", ["r2", "mf"], ["y"], "mul0"),
           node("MatMul", ["x", "w"], ["z"], "matmul0")],
          [vi("x", ["b", "t", 4]), vi("mask", ["b", "t"], TP.INT64)],
          [vi("y", ["b", "t", 4]), vi("z", ["b", "t", 3])],
          [f32("w", [[i - j for j in range(3)] for i in range(4)]),
           i64("last", [-1])])
    # A dynamic batch dimension ('N').
    model("dynamic_batch",
          [node("Conv", ["x", "w"], ["c"], "conv0"),
           node("Relu", ["c"], ["y"], "relu0")],
          [vi("x", ["N", 3, 8, 8])], [vi("y", ["N", 4, 6, 6])],
          [f32("w", rand("dynamic_batch.w", 4, 3, 3, 3))])

    model("err_opset18", [node("Relu", ["x"], ["y"], "relu0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], opset=18, check=False)

    # Conv's group as a FLOAT attribute.
    conv = node("Conv", ["x", "w"], ["y"], "conv0")
    conv.attribute.append(h.make_attribute("group", 1.0))
    model("err_attr_type", [conv], [vi("x", [1, 3, 8, 8])],
          [vi("y", [1, 4, 6, 6])],
          [f32("w", rand("err_attr_type.w", 4, 3, 3, 3))], check=False)

    model("err_bn_training",
          [node("BatchNormalization", ["x", "scale", "bias", "mean", "var"],
                ["y", "running_mean", "running_var"], "bn0",
                training_mode=1)],
          [vi("x", [1, 3, 4, 4])], [vi("y", [1, 3, 4, 4])],
          [f32("scale", [1, 1, 1]), f32("bias", [0, 0, 0]),
           f32("mean", [0, 0, 0]), f32("var", [1, 1, 1])], opset=15)

    model("err_maxpool_indices",
          [node("MaxPool", ["x"], ["y", "idx"], "pool0", kernel_shape=[2, 2],
                storage_order=2)],
          [vi("x", [1, 2, 4, 4])],
          [vi("y", [1, 2, 3, 3]), vi("idx", [1, 2, 3, 3], TP.INT64)])

    # Shape arithmetic whose int64 result overflows: INT64_MIN / -1 (SIGFPE
    # on x86 if evaluated as is), and a product past 2^63.
    def int64_constant(name, value):
        return node("Constant", [], [name], name,
                    value=h.make_tensor(name + "_v", TP.INT64, [1], [value]))

    model("err_int_div_overflow",
          [int64_constant("a", -2**63), int64_constant("m", -1),
           node("Div", ["a", "m"], ["q"], "div0"),
           node("Reshape", ["x", "q"], ["y"], "reshape0")],
          [vi("x", [2, 3])], [vi("y", [6])], check=False)
    # ConstantOfShape: a negative dim, an element count past int64, an
    # integer fill too large to fold, and a 'value' without exactly one
    # element (empty, two).
    def cos_model(name, dims, value=None):
        attrs = {} if value is None else {"value": value}
        dtype = TP.FLOAT if value is None else value.data_type
        model(name,
              [node("Constant", [], ["s"], "s",
                    value=h.make_tensor("s_v", TP.INT64, [len(dims)], dims)),
               node("ConstantOfShape", ["s"], ["y"], "cos0", **attrs)],
              [], [vi("y", dims, dtype)], check=False)

    # An input of 2^36 floats (256 GiB): refused before anything is allocated.
    model("err_huge_input", [node("Relu", ["x"], ["y"], "relu0")],
          [vi("x", [2**20, 2**16])], [vi("y", [2**20, 2**16])])

    # An input dim of 0 or below is no dynamic dim: said as what it is.
    model("err_input_zero_dim", [node("Relu", ["x"], ["y"], "relu0")],
          [vi("x", [2, 0])], [vi("y", [2, 0])], check=False)
    model("err_input_negative_dim", [node("Relu", ["x"], ["y"], "relu0")],
          [vi("x", [-4, 3])], [vi("y", [-4, 3])], check=False)

    cos_model("err_cos_negative_dim", [2, -3])
    cos_model("err_cos_count_overflow", [2**40, 2**40, 2**40])
    cos_model("err_cos_int_too_large", [2**20, 2**10],
              h.make_tensor("v", TP.INT64, [1], [7]))
    cos_model("err_cos_empty_value", [2, 3],
              h.make_tensor("v", TP.FLOAT, [0], []))
    cos_model("err_cos_two_values", [2, 3],
              h.make_tensor("v", TP.INT64, [2], [1, 2]))
    model("err_int_mul_overflow",
          [int64_constant("a", 2**62), int64_constant("m", 4),
           node("Mul", ["a", "m"], ["q"], "mul0"),
           node("Reshape", ["x", "q"], ["y"], "reshape0")],
          [vi("x", [2, 3])], [vi("y", [6])], check=False)


#===------------------------------------------------------------------------===#
# convpool: ConvTranspose, GlobalMaxPool, LpPool, GlobalLpPool, LRN
#===------------------------------------------------------------------------===#


def convpool_fixtures():
    # H: 2 * (3 - 1) + 1 + (3 - 1) * 1 + 1 - 1 - 0 = 7,
    # W: 2 * (3 - 1) + 0 + (2 - 1) * 2 + 1 - 0 - 1 = 6.
    model("convtranspose_attrs",
          [node("ConvTranspose", ["x", "w", "b"], ["y"], "ct0",
                strides=[2, 2], pads=[1, 0, 0, 1], output_padding=[1, 0],
                dilations=[1, 2], kernel_shape=[3, 2])],
          [vi("x", [1, 2, 3, 3])], [vi("y", [1, 3, 7, 6])],
          [f32("w", rand("convtranspose_attrs.w", 2, 3, 3, 2)),
           f32("b", [1, 2, 3])])
    # output_shape [4] with stride 2 and kernel 3 on 3 elements: total
    # padding 2 * 2 + 3 - 4 = 3, 1 + 2 for SAME_UPPER, 2 + 1 otherwise.
    model("convtranspose_output_shape_upper",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0", strides=[2],
                output_shape=[4], auto_pad="SAME_UPPER")],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 4])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    model("convtranspose_output_shape_nc",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0", strides=[2],
                output_shape=[1, 1, 4])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 4])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    # An output_shape above the natural 7: total -1, one more position at
    # the end.
    model("convtranspose_output_shape_larger",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0", strides=[2],
                output_shape=[8])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 8])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    # SAME_LOWER: output 3 * 2 = 6, total 2 * 2 + 3 - 6 = 1 at the start.
    model("convtranspose_same_lower",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0", strides=[2],
                auto_pad="SAME_LOWER")],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 6])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    # A weight computed at run time (a graph input), in 2 groups.
    model("convtranspose_runtime_weight",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0", group=2)],
          [vi("x", [1, 4, 3, 3]), vi("w", [4, 3, 2, 2])],
          [vi("y", [1, 6, 4, 4])])
    model("globalmaxpool", [node("GlobalMaxPool", ["x"], ["y"], "gmp0")],
          [vi("x", [1, 3, 4, 5])], [vi("y", [1, 3, 1, 1])])
    model("globallppool", [node("GlobalLpPool", ["x"], ["y"], "glp0", p=3)],
          [vi("x", [1, 3, 4, 5])], [vi("y", [1, 3, 1, 1])])
    # (6 + 1 + 1 - 3) / 2 + 1 = 3.
    model("lppool", [node("LpPool", ["x"], ["y"], "lp0", p=1,
                          kernel_shape=[3, 3], strides=[2, 2],
                          pads=[1, 1, 1, 1])],
          [vi("x", [1, 2, 6, 6])], [vi("y", [1, 2, 3, 3])])
    # p defaults to 2 (not printed).
    model("lppool_default_p", [node("LpPool", ["x"], ["y"], "lp0",
                                    kernel_shape=[2])],
          [vi("x", [1, 2, 5])], [vi("y", [1, 2, 4])])
    model("lrn", [node("LRN", ["x"], ["y"], "lrn0", size=3, alpha=0.5,
                       beta=0.25, bias=2.0)],
          [vi("x", [1, 5, 2, 2])], [vi("y", [1, 5, 2, 2])])
    model("lrn_defaults", [node("LRN", ["x"], ["y"], "lrn0", size=5)],
          [vi("x", [1, 5, 2, 2])], [vi("y", [1, 5, 2, 2])])

    # Errors, each naming the node and the attribute.
    model("err_convtranspose_output_shape",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0",
                output_shape=[4, 4])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 4])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    model("err_convtranspose_same_pads",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0",
                auto_pad="SAME_UPPER", pads=[1, 1])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 3])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    model("err_convtranspose_negative_pads",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0", pads=[-1, 0])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 6])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    model("err_convtranspose_output_padding",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0",
                output_padding=[-2])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 3])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    model("err_convtranspose_overflow",
          [node("ConvTranspose", ["x", "w"], ["y"], "ct0",
                strides=[2**62], output_shape=[4])],
          [vi("x", [1, 1, 3])], [vi("y", [1, 1, 4])],
          [f32("w", rand("convtranspose_out.w", 1, 1, 3))], check=False)
    model("err_lppool_p", [node("LpPool", ["x"], ["y"], "lp0", p=0,
                                kernel_shape=[2])],
          [vi("x", [1, 2, 5])], [vi("y", [1, 2, 4])], check=False)
    model("err_lrn_size", [node("LRN", ["x"], ["y"], "lrn0", size=0)],
          [vi("x", [1, 5, 2, 2])], [vi("y", [1, 5, 2, 2])], check=False)
    model("err_lrn_no_size", [node("LRN", ["x"], ["y"], "lrn0")],
          [vi("x", [1, 5, 2, 2])], [vi("y", [1, 5, 2, 2])], check=False)
    model("err_globalmaxpool_rank",
          [node("GlobalMaxPool", ["x"], ["y"], "gmp0")],
          [vi("x", [2, 3])], [vi("y", [2, 3])], check=False)


# Unsigned integers, BitShift, Einsum
#===------------------------------------------------------------------------===#


def save_npy(folder, name, array):
    os.makedirs(folder, exist_ok=True)
    np.save(os.path.join(folder, name + ".npy"), np.asarray(array, order="C"))


#===------------------------------------------------------------------------===#
# MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv
#===------------------------------------------------------------------------===#


def conv_reference(x, w, group=1, strides=(1, 1), pads=(0, 0, 0, 0),
                   dilations=(1, 1)):
    """2-D convolution of int64 arrays, one output element at a time: the
    exact sums ConvInteger and QLinearConv accumulate."""
    n, c, height, width = x.shape
    m, cg, kh, kw = w.shape
    xp = np.zeros((n, c, height + pads[0] + pads[2],
                   width + pads[1] + pads[3]), np.int64)
    xp[:, :, pads[0]:pads[0] + height, pads[1]:pads[1] + width] = x
    out_h = (xp.shape[2] - (kh - 1) * dilations[0] - 1) // strides[0] + 1
    out_w = (xp.shape[3] - (kw - 1) * dilations[1] - 1) // strides[1] + 1
    y = np.zeros((n, m, out_h, out_w), np.int64)
    per_group = m // group
    for o in range(m):
        g = o // per_group
        for i in range(out_h):
            for j in range(out_w):
                r, q = i * strides[0], j * strides[1]
                window = xp[:, g * cg:(g + 1) * cg,
                            r:r + (kh - 1) * dilations[0] + 1:dilations[0],
                            q:q + (kw - 1) * dilations[1] + 1:dilations[1]]
                y[:, o, i, j] = (window * w[o]).sum(axis=(1, 2, 3))
    return y


def requantize(acc, multiplier, zero_point):
    """ONNX Runtime's float32 requantization: round half to even of
    acc * multiplier, plus the zero point, saturated to its type."""
    info = np.iinfo(zero_point.dtype)
    y = np.rint(acc.astype(np.float32) * multiplier) + zero_point
    return np.clip(y, info.min, info.max).astype(zero_point.dtype)


def quantized_fixtures():
    """Integer and quantized products, checked exactly against NumPy. The
    reductions are long enough to take each of the importer's three ways
    to stay exact in float32 (one product; the second operand split into
    base-16 digits; both split)."""
    rng = np.random.RandomState(10)
    u8 = lambda *shape: rng.randint(0, 256, shape).astype(np.uint8)
    s8 = lambda *shape: rng.randint(-128, 128, shape).astype(np.int8)
    i64 = lambda a: a.astype(np.int64)
    tensor_type = lambda a: onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[a.dtype]

    def write_case(name, nodes, inputs, outputs, arrays, refs, inits=(),
                   opset=10):
        model(name, nodes, [vi(k, list(arrays[k].shape),
                               tensor_type(arrays[k])) for k in inputs],
              [vi(k, list(refs[k].shape),
                  tensor_type(refs[k]))
               for k in outputs], inits, opset=opset)
        folder = os.path.join(OUT, name)
        for k in inputs:
            save_npy(folder, k, arrays[k])
        for k in outputs:
            save_npy(folder, k + "_ref", refs[k])

    # int8 A (batched) times uint8 B, zero points per row of A and per
    # column of B; K = 300 splits B.
    a, b, azp, bzp = s8(2, 3, 300), u8(300, 5), s8(3), u8(5)
    a[0, 0], b[:, 0] = -128, 255  # sums past 2^24 with the zero points
    azp[0], bzp[0] = 127, 0
    acc = np.matmul(i64(a) - i64(azp).reshape(3, 1), i64(b) - i64(bzp))
    write_case("matmul_integer_rows",
               [node("MatMulInteger", ["a", "b", "azp", "bzp"], ["y"],
                     "mmi0")],
               ["a", "b", "azp", "bzp"], ["y"],
               {"a": a, "b": b, "azp": azp, "bzp": bzp},
               {"y": acc.astype(np.int32)})
    # K = 5000 of 255 * 255: both operands split, sums of 3.25e8.
    a, b = u8(2, 5000), u8(5000, 2)
    a[0], b[:, 0] = 255, 255
    write_case("matmul_integer_long",
               [node("MatMulInteger", ["a", "b"], ["y"], "mmi0")],
               ["a", "b"], ["y"], {"a": a, "b": b},
               {"y": np.matmul(i64(a), i64(b)).astype(np.int32)})
    # Grouped int8 ConvInteger with strides, asymmetric pads, dilations and
    # a zero point per output channel; K = 2 * 3 * 3 = 18 (one product).
    x, w, xzp, wzp = s8(1, 4, 7, 7), s8(4, 2, 3, 3), np.int8(-5), s8(4)
    attrs = dict(group=2, strides=[2, 1], pads=[1, 0, 2, 1],
                 dilations=[1, 2])
    acc = conv_reference(i64(x) - xzp, i64(w) - i64(wzp).reshape(4, 1, 1, 1),
                         **attrs)
    write_case("conv_integer_channels",
               [node("ConvInteger", ["x", "w", "xzp", "wzp"], ["y"], "ci0",
                     **attrs)],
               ["x", "w", "xzp", "wzp"], ["y"],
               {"x": x, "w": w, "xzp": np.array(xzp), "wzp": wzp},
               {"y": acc.astype(np.int32)})
    # uint8 ConvInteger with SAME_UPPER; K = 40 * 3 * 3 = 360 splits w.
    x, w = u8(1, 40, 4, 4), u8(2, 40, 3, 3)
    x[0, :, 1, 1], w[0] = 255, 255
    acc = conv_reference(i64(x) - 3, i64(w), pads=(1, 1, 1, 1))
    write_case("conv_integer_long",
               [node("ConvInteger", ["x", "w", "xzp"], ["y"], "ci0",
                     auto_pad="SAME_UPPER")],
               ["x", "w"], ["y"], {"x": x, "w": w},
               {"y": acc.astype(np.int32)},
               [nh.from_array(np.array(3, np.uint8), "xzp")])
    # int8 QLinearConv: grouped, strided, padded, a scale and zero point per
    # output channel, an int32 bias, int8 output.
    x, w, bias = s8(1, 4, 5, 5), s8(6, 2, 3, 3), rng.randint(
        -3000, 3000, 6).astype(np.int32)
    xs, xzp = np.float32(0.05), np.int8(3)
    ws = rng.uniform(0.002, 0.02, 6).astype(np.float32)
    wzp = s8(6)
    ys, yzp = np.float32(0.4), np.int8(-7)
    attrs = dict(group=2, strides=[2, 2], pads=[1, 1, 1, 1])
    acc = conv_reference(i64(x) - xzp, i64(w) - i64(wzp).reshape(6, 1, 1, 1),
                         **attrs) + bias.reshape(1, 6, 1, 1)
    multiplier = (xs * ws / ys).astype(np.float32).reshape(1, 6, 1, 1)
    names = ["x", "xs", "xzp", "w", "ws", "wzp", "ys", "yzp", "bias"]
    arrays = {"x": x, "xs": np.array(xs), "xzp": np.array(xzp), "w": w,
              "ws": ws, "wzp": wzp, "ys": np.array(ys), "yzp": np.array(yzp),
              "bias": bias}
    write_case("qlinear_conv_channels",
               [node("QLinearConv", names, ["y"], "qc0", **attrs)],
               names, ["y"], arrays,
               {"y": requantize(acc, multiplier, np.array(yzp))})
    # int8 QLinearMatMul with scales and zero points per row of a (batched)
    # and per column of b; K = 4.
    a, b = s8(2, 3, 4), s8(4, 5)
    azp, bzp, yzp = s8(3), s8(5), s8(3)
    as_ = rng.uniform(0.01, 0.1, 3).astype(np.float32)
    bs = rng.uniform(0.01, 0.1, 5).astype(np.float32)
    ys = rng.uniform(2.0, 6.0, 3).astype(np.float32)
    acc = np.matmul(i64(a) - i64(azp).reshape(3, 1), i64(b) - i64(bzp))
    multiplier = (as_.reshape(3, 1) * bs / ys.reshape(3, 1)).astype(
        np.float32)
    names = ["a", "as", "azp", "b", "bs", "bzp", "ys", "yzp"]
    write_case("qlinear_matmul_rows",
               [node("QLinearMatMul", names, ["y"], "qmm0")],
               names, ["y"],
               {"a": a, "as": as_, "azp": azp, "b": b, "bs": bs, "bzp": bzp,
                "ys": ys, "yzp": yzp},
               {"y": requantize(acc, multiplier, yzp.reshape(3, 1))})

    # Constant weights, scales and zero points, as quantizing exporters
    # write them (what oneDNN's int8 kernels take): QuantizeLinear, a
    # QLinearConv with uint8 activations, int8 weights, a scale per output
    # channel and an int32 bias, a depthwise strided QLinearConv, and
    # DequantizeLinear.
    f32 = np.float32
    x = rng.uniform(-1, 1, (1, 8, 10, 10)).astype(f32)
    xs, xzp = f32(0.01), np.uint8(128)
    q = np.clip(np.rint(x / xs) + 128, 0, 255).astype(np.uint8)
    w1 = s8(16, 8, 3, 3)
    ws1 = rng.uniform(0.002, 0.01, 16).astype(f32)
    b1 = rng.randint(-2000, 2000, 16).astype(np.int32)
    y1s, y1zp = f32(0.05), np.uint8(100)
    acc1 = conv_reference(i64(q) - 128, i64(w1), pads=(1, 1, 1, 1)) + \
        b1.reshape(1, 16, 1, 1)
    y1 = requantize(acc1, (xs * ws1 / y1s).reshape(1, 16, 1, 1), np.array(y1zp))
    w2 = s8(16, 1, 3, 3)
    ws2, y2s, y2zp = f32(0.004), f32(0.03), np.uint8(90)
    acc2 = conv_reference(i64(y1) - 100, i64(w2), group=16, strides=(2, 2),
                          pads=(1, 1, 1, 1))
    y2 = requantize(acc2, f32(y1s * ws2 / y2s), np.array(y2zp))
    out = (i64(y2) - 90).astype(f32) * y2s
    scalar = lambda v, n: nh.from_array(np.array(v), n)
    write_case("qlinear_conv_net",
               [node("QuantizeLinear", ["x", "xs", "xzp"], ["q"], "q0"),
                node("QLinearConv", ["q", "xs", "xzp", "w1", "ws1", "wzp1",
                                     "y1s", "y1zp", "b1"], ["y1"], "qc1",
                     pads=[1, 1, 1, 1]),
                node("QLinearConv", ["y1", "y1s", "y1zp", "w2", "ws2", "wzp2",
                                     "y2s", "y2zp"], ["y2"], "qc2",
                     group=16, strides=[2, 2], pads=[1, 1, 1, 1]),
                node("DequantizeLinear", ["y2", "y2s", "y2zp"], ["y"],
                     "dq0")],
               ["x"], ["y"], {"x": x}, {"y": out},
               [scalar(xs, "xs"), scalar(xzp, "xzp"),
                nh.from_array(w1, "w1"), nh.from_array(ws1, "ws1"),
                nh.from_array(np.zeros(16, np.int8), "wzp1"),
                scalar(y1s, "y1s"), scalar(y1zp, "y1zp"),
                nh.from_array(b1, "b1"), nh.from_array(w2, "w2"),
                scalar(ws2, "ws2"), scalar(np.int8(0), "wzp2"),
                scalar(y2s, "y2s"),
                scalar(y2zp, "y2zp")])
    # QLinearMatMul with a constant int8 b (a zero point for it too) and a
    # scale per column; batched uint8 a.
    a, b = u8(2, 3, 64), s8(64, 16)
    as_, bs = f32(0.02), rng.uniform(0.002, 0.01, 16).astype(f32)
    ys, azp, bzp, yzp = f32(0.5), np.uint8(7), np.int8(3), np.uint8(120)
    acc = np.matmul(i64(a) - 7, i64(b) - 3)
    write_case("qlinear_matmul_const",
               [node("QLinearMatMul", ["a", "as", "azp", "b", "bs", "bzp",
                                       "ys", "yzp"], ["y"], "qmm0")],
               ["a"], ["y"], {"a": a},
               {"y": requantize(acc, as_ * bs / ys, np.array(yzp))},
               [scalar(as_, "as"), scalar(azp, "azp"), nh.from_array(b, "b"),
                nh.from_array(bs, "bs"), scalar(bzp, "bzp"),
                scalar(ys, "ys"), scalar(yzp, "yzp")])
    # ConvInteger with constant int8 weights: its int32 result.
    x, w = u8(1, 3, 6, 6), s8(4, 3, 3, 3)
    write_case("conv_integer_const",
               [node("ConvInteger", ["x", "w", "xzp"], ["y"], "ci0")],
               ["x"], ["y"], {"x": x},
               {"y": conv_reference(i64(x) - 5, i64(w)).astype(np.int32)},
               [nh.from_array(w, "w"), scalar(np.uint8(5), "xzp")])

    # Errors that ONNX's checks let through: shapes of zero points, scales
    # and bias, and a reduction too long to compute exactly.
    def err(name, op, inputs, out_shape):
        model(name, [node(op, list(inputs), ["y"], "q0")],
              [vi(k, s, t) for k, (s, t) in inputs.items()],
              [vi("y", out_shape, TP.INT32 if op.endswith("Integer") else
                  TP.UINT8)], opset=10, check=False)
    U8, F = TP.UINT8, TP.FLOAT
    err("err_matmul_integer_zero_point",
        "MatMulInteger", {"a": ([4, 3], U8), "b": ([3, 2], U8),
                          "azp": ([2, 3], U8)}, [4, 2])
    err("err_matmul_integer_long",
        "MatMulInteger", {"a": ([1, 70000], U8), "b": ([70000, 1], U8)},
        [1, 1])
    err("err_conv_integer_zero_point",
        "ConvInteger", {"x": ([1, 1, 4, 4], U8), "w": ([2, 1, 3, 3], U8),
                        "xzp": ([], U8), "wzp": ([3], U8)}, [1, 2, 2, 2])
    err("err_conv_integer_type",
        "ConvInteger", {"x": ([1, 1, 4, 4], U8), "w": ([2, 1, 3, 3], U8),
                        "xzp": ([], TP.INT8)}, [1, 2, 2, 2])
    qconv = {"x": ([1, 1, 4, 4], U8), "xs": ([2], F), "xzp": ([], U8),
             "w": ([2, 1, 3, 3], U8), "ws": ([], F), "wzp": ([], U8),
             "ys": ([], F), "yzp": ([], U8)}
    err("err_qlinear_conv_scale", "QLinearConv", qconv, [1, 2, 2, 2])
    qconv["xs"] = ([], F)
    qconv["bias"] = ([3], TP.INT32)
    err("err_qlinear_conv_bias", "QLinearConv", qconv, [1, 2, 2, 2])


def unsigned_fixtures():
    # The ops whose result depends on signedness, on uint8 and uint64 values
    # with the top bit set (NumPy computes the references).
    folder = os.path.join(OUT, "unsigned_ops")
    a8 = np.array([200, 7, 255, 0, 128, 9], dtype=np.uint8)
    b8 = np.array([3, 250, 1, 5, 7, 9], dtype=np.uint8)
    s8 = np.array([1, 7, 8, 9, 0, 255], dtype=np.uint8)  # 8, 9, 255 >= width
    a64 = np.array([2**64 - 1, 2**63, 5, 2**63 + 7], dtype=np.uint64)
    b64 = np.array([2**63, 3, 2**64 - 2, 10], dtype=np.uint64)
    c8 = np.array([10, 100, 250, 1, 2, 3], dtype=np.uint8)
    model("unsigned_ops",
          [node("Div", ["a", "b"], ["div"], "div0"),
           node("Mod", ["a", "b"], ["mod"], "mod0"),
           node("Max", ["a", "b"], ["max"], "max0"),
           node("Min", ["a", "b"], ["min"], "min0"),
           node("Less", ["a", "b"], ["less"], "less0"),
           node("Add", ["a", "c"], ["add"], "add0"),
           node("Cast", ["a"], ["f"], "cast_f", to=TP.FLOAT),
           node("Cast", ["a"], ["i"], "cast_i", to=TP.INT32),
           node("Cast", ["f"], ["u16"], "cast_u16", to=TP.UINT16),
           node("BitShift", ["a", "s"], ["shl"], "shl0", direction="LEFT"),
           node("BitShift", ["a", "s"], ["shr"], "shr0", direction="RIGHT"),
           node("Div", ["x", "y"], ["div64"], "div64"),
           node("Greater", ["x", "y"], ["gt64"], "gt64"),
           node("ReduceMax", ["x"], ["rmax64"], "rmax64", keepdims=0),
           node("ReduceMin", ["x"], ["rmin64"], "rmin64", keepdims=0),
           node("Cast", ["x"], ["d64"], "cast_d64", to=TP.DOUBLE)],
          [vi("a", [6], TP.UINT8), vi("b", [6], TP.UINT8),
           vi("s", [6], TP.UINT8), vi("x", [4], TP.UINT64),
           vi("y", [4], TP.UINT64)],
          [vi("div", [6], TP.UINT8), vi("mod", [6], TP.UINT8),
           vi("max", [6], TP.UINT8), vi("min", [6], TP.UINT8),
           vi("less", [6], TP.BOOL), vi("add", [6], TP.UINT8),
           vi("f", [6]), vi("i", [6], TP.INT32), vi("u16", [6], TP.UINT16),
           vi("shl", [6], TP.UINT8), vi("shr", [6], TP.UINT8),
           vi("div64", [4], TP.UINT64), vi("gt64", [4], TP.BOOL),
           vi("rmax64", [], TP.UINT64), vi("rmin64", [], TP.UINT64),
           vi("d64", [4], TP.DOUBLE)],
          [nh.from_array(c8, "c")], opset=14)
    for name, v in [("a", a8), ("b", b8), ("s", s8), ("x", a64), ("y", b64)]:
        save_npy(folder, name, v)
    wide = s8.astype(np.uint64)
    shl = np.where(wide < 8, (a8.astype(np.uint64) << np.minimum(wide, 7))
                   & 0xff, 0).astype(np.uint8)
    shr = np.where(wide < 8, a8 >> np.minimum(s8, 7), 0).astype(np.uint8)
    refs = {"div": a8 // b8, "mod": a8 % b8, "max": np.maximum(a8, b8),
            "min": np.minimum(a8, b8), "less": a8 < b8, "add": a8 + c8,
            "f": a8.astype(np.float32), "i": a8.astype(np.int32),
            "u16": a8.astype(np.uint16), "shl": shl, "shr": shr,
            "div64": a64 // b64, "gt64": a64 > b64,
            "rmax64": np.array(a64.max()), "rmin64": np.array(a64.min()),
            "d64": a64.astype(np.float64)}
    for name, v in refs.items():
        save_npy(folder, name + "_ref", v)
    # Unsigned initializers in raw_data and in the typed fields, and a
    # comparison of two uint64 constants above INT64_MAX (not folded as
    # int64).
    big = np.array([2**63 + 1, 5], dtype=np.uint64)
    small = np.array([1, 2**63 + 2], dtype=np.uint64)
    model("unsigned_constants",
          [node("Add", ["x16", "c16"], ["y16"], "add16"),
           node("Add", ["x32", "c32"], ["y32"], "add32"),
           node("Greater", ["big", "small"], ["gt"], "gt0")],
          [vi("x16", [2], TP.UINT16), vi("x32", [2], TP.UINT32)],
          [vi("y16", [2], TP.UINT16), vi("y32", [2], TP.UINT32),
           vi("gt", [2], TP.BOOL)],
          [nh.from_array(np.array([65535, 2], dtype=np.uint16), "c16"),
           h.make_tensor("c32", TP.UINT32, [2], [4294967295, 3]),
           nh.from_array(big, "big"), nh.from_array(small, "small")],
          opset=14)
    save_npy(os.path.join(OUT, "unsigned_constants"), "gt_ref", big > small)
    # BitShift of a signed type is not ONNX; direction is checked.
    model("err_bitshift_direction",
          [node("BitShift", ["a", "b"], ["y"], "shift0", direction="UP")],
          [vi("a", [2], TP.UINT8), vi("b", [2], TP.UINT8)],
          [vi("y", [2], TP.UINT8)], check=False)


def einsum_fixtures():
    # Common Einsum forms, computed by NumPy's einsum.
    folder = os.path.join(OUT, "einsum_forms")
    rng = np.random.RandomState(12)
    shapes = {"m": (2, 3), "n": (3, 4), "v": (3,), "w": (4,),
              "p": (4, 2), "e": (2, 2, 3), "f": (2, 3, 4), "t": (3, 3),
              "g": (2, 3, 3), "q": (1, 2, 3, 4), "k": (1, 2, 5, 4)}
    arrays = {k: rng.uniform(-1, 1, s).astype(np.float32)
              for k, s in shapes.items()}
    forms = [("matmul", "ij,jk->ik", "mn"),
             ("implicit", "ij,jk", "mn"),
             ("outer", "i,j->ij", "vw"),
             ("inner", "i,i", "vv"),
             ("three", "ij,jk,kl->il", "mnp"),
             ("ellipsis", "...ij,...jk->...ik", "ef"),
             ("ellipsis_implicit", "...ij,jk", "en"),
             ("sum_all", "ij->", "m"),
             ("transpose", "ij->ji", "m"),
             ("trace", "ii", "t"),
             ("diagonal", "bii->bi", "g"),
             ("spaces", " b i j -> j ", "g"),
             ("attention", "bhqd,bhkd->bhqk", "qk"),
             ("presum", "ij,jk->k", "mn"),
             ("out_transposed", "ij,jk->ki", "mn")]
    nodes, outputs = [], []
    for name, eq, ops in forms:
        nodes.append(node("Einsum", list(ops), [name], name, equation=eq))
        ref = np.einsum(eq.replace(" ", ""), *[arrays[o] for o in ops])
        ref = np.asarray(ref, dtype=np.float32)
        outputs.append(vi(name, list(ref.shape)))
        save_npy(folder, name + "_ref", ref)
    used = sorted({o for _, _, ops in forms for o in ops})
    model("einsum_forms", nodes, [vi(k, list(shapes[k])) for k in used],
          outputs, opset=12)
    for k in used:
        save_npy(folder, k, arrays[k])
    # Equations Seam refuses, each with its reason (the ones ONNX's shape
    # inference lets through: a wrong rank or term count it refuses first).
    bad = [("err_einsum_sizes", "ij,ij->i", [[2, 3], [2, 4]], [2]),
           ("err_einsum_diagonal_sizes", "ii->i", [[2, 3]], [2]),
           ("err_einsum_output_repeat", "ij->ii", [[2, 2]], [2, 2]),
           ("err_einsum_output_unknown", "ij->k", [[2, 2]], [2])]
    for name, eq, in_shapes, out_shape in bad:
        ins = [vi(chr(ord("a") + i), s) for i, s in enumerate(in_shapes)]
        model(name, [node("Einsum", [i.name for i in ins], ["y"], "einsum0",
                          equation=eq)],
              ins, [vi("y", out_shape)], opset=12, check=False)

def recurrent_fixtures():
    """RNN, GRU and LSTM, unrolled at import, and their errors."""
    def weights(prefix, dirs, gates, hidden, inp, bias=True):
        w = [nh.from_array(rand(prefix + "W", dirs, gates * hidden, inp), "W"),
             nh.from_array(rand(prefix + "R", dirs, gates * hidden, hidden),
                           "R")]
        if bias:
            w.append(nh.from_array(rand(prefix + "B", dirs, 2 * gates * hidden),
                                   "B"))
        return w

    model("lstm_two_steps",
          [node("LSTM", ["x", "W", "R", "B", "", "", "", "P"],
                ["y", "yh", "yc"], "lstm0", hidden_size=3)],
          [vi("x", [2, 1, 2])],
          [vi("y", [2, 1, 1, 3]), vi("yh", [1, 1, 3]), vi("yc", [1, 1, 3])],
          weights("lstm_two_steps", 1, 4, 3, 2) +
          [nh.from_array(rand("lstm_two_stepsP", 1, 9), "P")], opset=14)
    model("gru_reverse_lengths",
          [node("GRU", ["x", "W", "R", "", "lens"], ["", "yh"], "gru0",
                hidden_size=2, direction="reverse")],
          [vi("x", [3, 2, 2]), vi("lens", [2], TP.INT32)],
          [vi("yh", [1, 2, 2])], weights("gru_reverse", 1, 3, 2, 2, False),
          opset=14)
    rnn = weights("rnn_err", 1, 1, 2, 2)
    bad = [
        ("err_rnn_direction", dict(direction="sideways")),
        ("err_rnn_activation", dict(activations=["Swish"])),
        ("err_rnn_activation_count", dict(activations=["Tanh", "Relu"])),
        ("err_rnn_affine_no_alpha", dict(activations=["Affine"])),
        ("err_rnn_clip", dict(clip=-1.0)),
        ("err_rnn_layout", dict(layout=2)),
    ]
    for name, attrs in bad:
        model(name, [node("RNN", ["x", "W", "R", "B"], ["", "yh"], "rnn0",
                          hidden_size=2, **attrs)],
              [vi("x", [3, 1, 2])], [vi("yh", [1, 1, 2])], rnn, opset=14,
              check=False)
    model("err_rnn_w_shape",
          [node("RNN", ["x", "W", "R"], ["", "yh"], "rnn0", hidden_size=2)],
          [vi("x", [3, 1, 4])], [vi("yh", [1, 1, 2])], rnn[:2], opset=14,
          check=False)
    model("err_rnn_hidden_size",
          [node("RNN", ["x", "W", "R", "B"], ["", "yh"], "rnn0",
                hidden_size=3)],
          [vi("x", [3, 1, 2])], [vi("yh", [1, 1, 3])], rnn, opset=14,
          check=False)
    model("err_rnn_lengths_range",
          [node("RNN", ["x", "W", "R", "B", "lens"], ["", "yh"], "rnn0",
                hidden_size=2)],
          [vi("x", [3, 2, 2])], [vi("yh", [1, 2, 2])],
          rnn + [nh.from_array(np.array([3, 4], np.int32), "lens")],
          opset=14, check=False)
    # An LSTM of a rank-1 input whose Y_h a Shape reads: ONNX 1.12's data
    # propagation read the type the failed inference did not write (SIGSEGV).
    model("err_lstm_rank1_shape_of_state",
          [node("LSTM", ["x", "W", "R"], ["", "yh"], "lstm0", hidden_size=4),
           node("Shape", ["yh"], ["s"], "shape0")],
          [vi("x", [3])], [vi("s", [3], TP.INT64)],
          [f32("W", np.zeros((1, 16, 3))), f32("R", np.zeros((1, 16, 4)))],
          opset=17, check=False)
    model("err_rnn_too_many_steps",
          [node("RNN", ["x", "W", "R"], ["", "yh"], "rnn0", hidden_size=2)],
          [vi("x", [16385, 1, 2])], [vi("yh", [1, 1, 2])], rnn[:2],
          opset=14, check=False)
    model("err_lstm_initial_c_shape",
          [node("LSTM", ["x", "W", "R", "", "", "", "c0"], ["", "yh"],
                "lstm0", hidden_size=2)],
          [vi("x", [3, 1, 2]), vi("c0", [1, 2, 2])], [vi("yh", [1, 1, 2])],
          weights("lstm_err", 1, 4, 2, 2, False), opset=14, check=False)


def dft_unpool_fixtures():
    """DFT and MaxUnpool, decomposed at import, and their errors."""
    model("dft_complex_axis2",
          [node("DFT", ["x"], ["y"], "dft0", axis=2)],
          [vi("x", [2, 4, 3, 2])], [vi("y", [2, 4, 3, 2])], opset=17)
    model("maxunpool_2x2",
          [node("MaxUnpool", ["x", "i"], ["y"], "unpool0", kernel_shape=[2, 2],
                strides=[2, 2])],
          [vi("x", [1, 1, 2, 2]), vi("i", [1, 1, 2, 2], TP.INT64)],
          [vi("y", [1, 1, 4, 4])], opset=11)
    model("err_dft_f64",
          [node("DFT", ["x"], ["y"], "dft0")],
          [vi("x", [1, 4, 1], TP.DOUBLE)], [vi("y", [1, 4, 2], TP.DOUBLE)],
          opset=17, check=False)
    model("err_dft_axis_parts",
          [node("DFT", ["x"], ["y"], "dft0", axis=-1)],
          [vi("x", [1, 4, 1])], [vi("y", [1, 4, 2])], opset=17, check=False)
    model("err_maxunpool_runtime_shape",
          [node("MaxUnpool", ["x", "i", "shape"], ["y"], "unpool0",
                kernel_shape=[2, 2], strides=[2, 2])],
          [vi("x", [1, 1, 2, 2]), vi("i", [1, 1, 2, 2], TP.INT64),
           vi("shape", [4], TP.INT64)],
          [vi("y", [1, 1, 4, 4])], opset=11, check=False)
    model("err_maxunpool_huge_shape",
          [node("MaxUnpool", ["x", "i", "shape"], ["y"], "unpool0",
                kernel_shape=[2, 2], strides=[2, 2])],
          [vi("x", [1, 1, 2, 2]), vi("i", [1, 1, 2, 2], TP.INT64)],
          [vi("y", ["a", "b", "c", "d"])], [i64("shape", [1, 1, 65536, 65536])],
          opset=11,
          check=False)
    # STFT with a window: frames gathered at f * step + j, windowed, DFT'd.
    model("stft_window",
          [node("STFT", ["x", "step", "w"], ["y"], "stft0")],
          [vi("x", [1, 8, 1])], [vi("y", ["f", "b", "c", "d"])],
          [i64("step", 2), nh.from_array(np.array([0.5, 1, 1, 0.5],
                                                  np.float32), "w")],
          opset=17)
    mel = [i64("bins", 2), i64("len", 8), i64("rate", 8000),
           f32("low", 0.0)]
    model("melweightmatrix_f64",
          [node("MelWeightMatrix", ["bins", "len", "rate", "low", "high"],
                ["y"], "mel0", output_datatype=TP.DOUBLE)],
          [], [vi("y", [5, 2], TP.DOUBLE)], mel + [f32("high", 4000.0)],
          opset=17)
    model("err_mel_upper_edge",
          [node("MelWeightMatrix", ["bins", "len", "rate", "low", "high"],
                ["y"], "mel0")],
          [], [vi("y", [5, 2])], mel + [f32("high", 16000.0)], opset=17,
          check=False)
    model("err_mel_infinite_edge",
          [node("MelWeightMatrix", ["bins", "len", "rate", "low", "high"],
                ["y"], "mel0")],
          [], [vi("y", [5, 2])], mel + [f32("high", np.inf)], opset=17,
          check=False)
    stft_errors = [
        ("err_stft_no_frame_length", ["x", "step"], []),
        ("err_stft_frame_too_long", ["x", "step", "", "len"],
         [i64("len", 9)]),
        ("err_stft_step", ["x", "zero"], [i64("zero", 0)]),
    ]
    for name, inputs, extra in stft_errors:
        model(name, [node("STFT", inputs, ["y"], "stft0")],
              [vi("x", [1, 8, 1])], [vi("y", ["f", "b", "c", "d"])],
              [i64("step", 2), f32("w", np.ones(4, np.float32))] + extra,
              opset=17, check=False)
    model("err_stft_onesided_complex",
          [node("STFT", ["x", "step", "w"], ["y"], "stft0")],
          [vi("x", [1, 8, 2])], [vi("y", ["f", "b", "c", "d"])],
          [i64("step", 2), f32("w", np.ones(4, np.float32))], opset=17,
          check=False)



def det_fixtures():
    """Det, unrolled at import, and its errors."""
    model("det_2x2", [node("Det", ["x"], ["y"], "det0")],
          [vi("x", [2, 2])], [vi("y", [])], opset=13)
    model("err_det_order", [node("Det", ["x"], ["y"], "det0")],
          [vi("x", [257, 257])], [vi("y", [])], opset=13)


def roialign_fixtures():
    """RoiAlign, decomposed at import, and its errors."""
    def roi(name, check=True, **attrs):
        model(name, [node("RoiAlign", ["x", "rois", "b"], ["y"], "roi0",
                          output_height=1, output_width=2, **attrs)],
              [vi("x", [1, 2, 4, 4]), vi("rois", [3, 4]),
               vi("b", [3], TP.INT64)], [vi("y", [3, 2, 1, 2])], opset=16,
              check=check)
    roi("roialign_max", sampling_ratio=2, mode="max")
    roi("err_roialign_adaptive", check=False)
    roi("err_roialign_mode", check=False, sampling_ratio=1, mode="min")
    roi("err_roialign_huge_ratio", check=False, sampling_ratio=2 ** 40)
    roi("err_roialign_transform", check=False, sampling_ratio=1,
        coordinate_transformation_mode="align_corners")


def onnx_ml_fixtures():
    """ai.onnx.ml ops (their own converter table) and their errors."""
    ml = [("ai.onnx.ml", 3)]

    def tree(name, check=True, op="TreeEnsembleRegressor", outputs=None,
             domain="ai.onnx.ml", opset=13, **attrs):
        kw = dict(nodes_treeids=[0, 0, 0, 0, 0, 1, 1, 1],
                  nodes_nodeids=[0, 1, 2, 3, 4, 0, 1, 2],
                  nodes_featureids=[2, 0, 0, 0, 0, 1, 0, 0],
                  nodes_modes=["BRANCH_LEQ", "BRANCH_GT", "LEAF", "LEAF",
                               "LEAF", "BRANCH_LEQ", "LEAF", "LEAF"],
                  nodes_values=[0.5, -1.0, 0, 0, 0, 2.0, 0, 0],
                  nodes_truenodeids=[1, 3, 0, 0, 0, 1, 0, 0],
                  nodes_falsenodeids=[2, 4, 0, 0, 0, 2, 0, 0],
                  nodes_missing_value_tracks_true=[1, 0, 0, 0, 0, 0, 0, 0])
        prefix = "class" if "Classifier" in op else "target"
        kw.update({prefix + "_treeids": [0, 0, 0, 1, 1],
                   prefix + "_nodeids": [2, 3, 4, 1, 2],
                   prefix + "_ids": [0, 0, 0, 0, 0],
                   prefix + "_weights": [1.5, -2.0, 0.25, 3.0, -1.0]})
        kw.update(attrs)
        kw = {k: v for k, v in kw.items() if v is not None}
        if outputs is None:
            outputs = [vi("y", [4, 1])]
        model(name, [h.make_node(op, ["x"], [o.name for o in outputs],
                                 name="ens", domain=domain, **kw)],
              [vi("x", [4, 3])], outputs, opsets=ml, check=check,
              opset=opset)

    tree("ml_tree_regressor", aggregate_function="AVERAGE",
         base_values=[0.5])
    # ONNX's version conversion of the default domain keeps ai.onnx.ml nodes.
    tree("ml_tree_opset9", opset=9)
    tree("err_ml_tree_feature", check=False,
         nodes_featureids=[7, 0, 0, 0, 0, 1, 0, 0])
    tree("err_ml_tree_mode", check=False,
         nodes_modes=["BRANCH_LEQ", "BRANCH_MEMBER", "LEAF", "LEAF", "LEAF",
                      "BRANCH_LEQ", "LEAF", "LEAF"])
    tree("err_ml_tree_cycle", check=False,
         nodes_truenodeids=[1, 0, 0, 0, 0, 1, 0, 0])
    tree("err_ml_tree_child", check=False,
         nodes_falsenodeids=[2, 9, 0, 0, 0, 2, 0, 0])
    tree("err_ml_tree_lengths", check=False, nodes_values=[0.5, -1.0])
    tree("err_ml_tree_twice", check=False,
         nodes_nodeids=[0, 1, 2, 3, 3, 0, 1, 2])
    tree("err_ml_tree_weight_branch", check=False,
         target_nodeids=[2, 3, 4, 1, 0])
    tree("err_ml_tree_targets", check=False, n_targets=2 ** 40)
    model("err_ml_tree_rank",
          [h.make_node("TreeEnsembleRegressor", ["x"], ["y"], name="ens",
                       domain="ai.onnx.ml", nodes_treeids=[0],
                       nodes_nodeids=[0], nodes_featureids=[0],
                       nodes_modes=["LEAF"], nodes_values=[0.0],
                       nodes_truenodeids=[0], nodes_falsenodeids=[0])],
          [vi("x", [2, 3, 4])], [vi("y", [2, 1])], opsets=ml, check=False)
    tree("err_ml_tree_aggregate", check=False, aggregate_function="MEDIAN")
    tree("err_ml_tree_transform", check=False, post_transform="LOGISTIC")
    clf_out = [vi("label", [4], TP.INT64), vi("probabilities", [4, 2])]
    tree("ml_tree_classifier", op="TreeEnsembleClassifier",
         outputs=clf_out, classlabels_int64s=[0, 1],
         post_transform="LOGISTIC")
    tree("err_ml_tree_strings", check=False, op="TreeEnsembleClassifier",
         outputs=[vi("label", [4], TP.STRING), vi("probabilities", [4, 2])],
         classlabels_strings=["no", "yes"])
    tree("err_ml_tree_both_classes", check=False,
         op="TreeEnsembleClassifier", outputs=clf_out,
         classlabels_int64s=[0, 1], class_ids=[0, 1, 0, 1, 0])
    # A default-domain node never takes an ai.onnx.ml converter, nor the
    # reverse.
    tree("err_ml_wrong_domain", check=False, domain="")
    model("err_ml_relu", [h.make_node("Relu", ["x"], ["y"], name="r",
                                      domain="ai.onnx.ml")],
          [vi("x", [2])], [vi("y", [2])], opsets=ml, check=False)
    model("err_ml_zipmap", [h.make_node("ZipMap", ["x"], ["y"], name="zm",
                                        domain="ai.onnx.ml",
                                        classlabels_int64s=[0, 1])],
          [vi("x", [2, 2])], [vi("y", [2, 2])], opsets=ml, check=False)
    model("err_ml_label_strings",
          [h.make_node("LabelEncoder", ["x"], ["y"], name="le",
                       domain="ai.onnx.ml", keys_int64s=[1],
                       values_strings=["a"])],
          [vi("x", [2], TP.INT64)], [vi("y", [2], TP.STRING)], opsets=ml,
          check=False)
    model("err_ml_linear_one_row",
          [h.make_node("LinearClassifier", ["x"], ["l", "p"], name="lc",
                       domain="ai.onnx.ml", classlabels_ints=[0, 1],
                       coefficients=[1.0, 2.0], intercepts=[0.5],
                       post_transform="LOGISTIC")],
          [vi("x", [3, 2])],
          [vi("l", [3], TP.INT64), vi("p", [3, 2])], opsets=ml, check=False)
    model("err_ml_svm_linear",
          [h.make_node("SVMRegressor", ["x"], ["y"], name="svm",
                       domain="ai.onnx.ml", coefficients=[1.0, 2.0],
                       rho=[0.5])],
          [vi("x", [3, 2])], [vi("y", [3, 1])], opsets=ml, check=False)
    model("err_ml_svm_vectors",
          [h.make_node("SVMRegressor", ["x"], ["y"], name="svm",
                       domain="ai.onnx.ml", coefficients=[1.0, 2.0],
                       n_supports=2, support_vectors=[1.0, 2.0, 3.0],
                       kernel_type="RBF", kernel_params=[0.5, 0.0, 3.0],
                       rho=[0.5])],
          [vi("x", [3, 2])], [vi("y", [3, 1])], opsets=ml, check=False)
    model("err_ml_binarizer_default",
          [h.make_node("Binarizer", ["x"], ["y"], name="bin",
                       domain="ai.onnx.ml")],
          [vi("x", [3, 2])], [vi("y", [3, 2])], opsets=ml, check=False)
    model("err_ml_normalizer",
          [h.make_node("Normalizer", ["x"], ["y"], name="nm",
                       domain="ai.onnx.ml", norm="L3")],
          [vi("x", [3, 2])], [vi("y", [3, 2])], opsets=ml, check=False)


def scan_fixtures():
    """Scan, unrolled at import, and its errors."""
    body = h.make_graph([node("Add", ["s", "x"], ["s2"], "add0"),
                         node("Identity", ["s2"], ["y"], "id0")], "body",
                        [vi("s", [2]), vi("x", [2])],
                        [vi("s2", [2]), vi("y", [2])])
    # A running sum over a reversed scan input along axis 1, the scan
    # output along axis 1.
    model("scan_reverse_axis1",
          [node("Scan", ["s0", "x"], ["s", "ys"], "scan0", body=body,
                num_scan_inputs=1, scan_input_axes=[1],
                scan_input_directions=[1], scan_output_axes=[1])],
          [vi("s0", [2]), vi("x", [2, 3])], [vi("s", [2]), vi("ys", [2, 3])],
          opset=16)
    model("err_scan_opset8",
          [node("Scan", ["", "s0", "x"], ["s", "ys"], "scan0", body=body,
                num_scan_inputs=1)],
          [vi("s0", [1, 2]), vi("x", [1, 3, 2])],
          [vi("s", [1, 2]), vi("ys", [1, 3, 2])], opset=8, check=False)
    model("err_scan_direction",
          [node("Scan", ["s0", "x"], ["s", "ys"], "scan0", body=body,
                num_scan_inputs=1, scan_input_directions=[2])],
          [vi("s0", [2]), vi("x", [3, 2])], [vi("s", [2]), vi("ys", [3, 2])],
          opset=16, check=False)

def gridsample_fixtures():
    """GridSample, decomposed at import, and its errors."""
    def gridsample(name, check=True, x=(1, 2, 3, 4), **attrs):
        model(name, [node("GridSample", ["x", "grid"], ["y"], "gs0", **attrs)],
              [vi("x", list(x)), vi("grid", [1, 2, 5, 2])],
              [vi("y", [1, 2, 2, 5])], opset=16, check=check)
    gridsample("gridsample_bilinear_border", padding_mode="border")
    gridsample("err_gridsample_mode", check=False, mode="area")
    gridsample("err_gridsample_padding", check=False, padding_mode="wrap")


#===------------------------------------------------------------------------===#
# NonZero, Compress, Unique: folded when the deciding values are constants
#===------------------------------------------------------------------------===#


def data_dependent_fixtures():
    def const(name, array):
        return node("Constant", [], [name], name + "_c",
                    value=nh.from_array(np.asarray(array), name))

    # NonZero of a float constant: coordinates of 1.5, -2 and 4 in [2, 2, 3].
    model("nonzero_float_constant",
          [const("c", np.array([[[0, 1.5, 0], [0, 0, 0]],
                                [[-2, 0, 0], [0, 0, 4]]], np.float32)),
           node("NonZero", ["c"], ["y"], "nonzero0")],
          [], [vi("y", [3, 3], TP.INT64)])
    # Compress of an import-time integer by a condition shorter than the
    # axis: folded.
    model("compress_int_fold",
          [const("d", np.array([[1, 2], [3, 4], [5, 6]], np.int64)),
           const("cond", np.array([False, True])),
           node("Compress", ["d", "cond"], ["e"], "compress0", axis=0),
           node("Cast", ["e"], ["f"], "cast0", to=TP.FLOAT),
           node("Add", ["x", "f"], ["y"], "add0")],
          [vi("x", [1, 2])], [vi("y", [1, 2])])
    # Compress of a runtime tensor by a condition computed from integer
    # constants: a gather of columns 1 and 3.
    model("compress_gather",
          [const("v", np.array([1, 5, 2, 7], np.int64)),
           const("t", np.array(3, np.int64)),
           node("Greater", ["v", "t"], ["cond"], "greater0"),
           node("Compress", ["x", "cond"], ["y"], "compress0", axis=1)],
          [vi("x", [3, 4])], [vi("y", [3, 2])])
    # Unique of int64 rows, unsorted: all four outputs are constants.
    model("unique_int_rows",
          [const("d", np.array([[2, 0], [1, 3], [2, 0]], np.int64)),
           node("Unique", ["d"], ["u", "first", "inverse", "counts"],
                "unique0", axis=0, sorted=0)],
          [], [vi("u", [2, 2], TP.INT64), vi("first", [2], TP.INT64),
               vi("inverse", [3], TP.INT64), vi("counts", [2], TP.INT64)])

    model("err_nonzero_runtime", [node("NonZero", ["x"], ["y"], "nonzero0")],
          [vi("x", [2, 3])], [vi("y", [2, 6], TP.INT64)], check=False)
    model("err_compress_past_axis",
          [const("cond", np.array([True, False, False, True])),
           node("Compress", ["x", "cond"], ["y"], "compress0", axis=0)],
          [vi("x", [3, 2])], [vi("y", [1, 2])], check=False)
    model("err_compress_nothing",
          [const("cond", np.array([False, False])),
           node("Compress", ["x", "cond"], ["y"], "compress0")],
          [vi("x", [3, 2])], [vi("y", [1])], check=False)
    model("err_unique_nan",
          [const("c", np.array([1, np.nan], np.float32)),
           node("Unique", ["c"], ["y"], "unique0")],
          [], [vi("y", [2])], check=False)


#===------------------------------------------------------------------------===#
# Float shape arithmetic (TF's resize by a scale, as tf2onnx exports it)
#===------------------------------------------------------------------------===#


def shape_float_fixtures():
    # tf.image.resize(x, floor(shape[1:3] * 1.5)) in NCHW: sizes [1, 2, 4, 7]
    # from Shape -> Cast FLOAT -> Mul -> Floor -> Cast INT64 -> Concat.
    model("resize_scaled_sizes",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Slice", ["s", "b0", "b2"], ["nc"], "slice0"),
           node("Slice", ["s", "b2", "b4"], ["hw"], "slice1"),
           node("Cast", ["hw"], ["hwf"], "cast0", to=TP.FLOAT),
           node("Mul", ["hwf", "scale"], ["scaled"], "mul0"),
           node("Floor", ["scaled"], ["floored"], "floor0"),
           node("Cast", ["floored"], ["hwi"], "cast1", to=TP.INT64),
           node("Concat", ["nc", "hwi"], ["sizes"], "concat0", axis=0),
           node("Resize", ["x", "", "", "sizes"], ["y"], "resize0",
                mode="nearest")],
          [vi("x", [1, 2, 3, 5])], [vi("y", [1, 2, 4, 7])],
          [i64("b0", [0]), i64("b2", [2]), i64("b4", [4]),
           f32("scale", [1.5])])
    # Shape [2, 5, 3] as DOUBLE / 2 = [1, 2.5, 1.5]: Round halves to even
    # ([1, 2, 2]), Ceil ([1, 3, 2]), Sub and Add, then Cast to INT32 and
    # INT64: import-time integers, the outputs' constants.
    model("shape_float_round",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Cast", ["s"], ["sd"], "cast0", to=TP.DOUBLE),
           node("Div", ["sd", "two"], ["half"], "div0"),
           node("Round", ["half"], ["rounded"], "round0"),
           node("Ceil", ["half"], ["ceiled"], "ceil0"),
           node("Sub", ["ceiled", "one"], ["less"], "sub0"),
           node("Add", ["less", "one"], ["same"], "add0"),
           node("Cast", ["rounded"], ["r32"], "cast1", to=TP.INT32),
           node("Cast", ["r32"], ["r"], "cast2", to=TP.INT64),
           node("Cast", ["same"], ["c"], "cast3", to=TP.INT64)],
          [vi("x", [2, 5, 3])],
          [vi("r", [3], TP.INT64), vi("c", [3], TP.INT64)],
          [nh.from_array(np.array([2.0]), "two"),
           nh.from_array(np.array(1.0), "one")])
    # The shape also feeds a tensor op first (it becomes a constant of the
    # IR); its Cast to FLOAT still folds: the Reshape takes [3, 2] * 0.5 =
    # [1.5, 1] -> Ceil -> [2, 1].
    model("shape_float_materialized",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Add", ["s", "n"], ["sn"], "add0"),
           node("Cast", ["s"], ["sf"], "cast0", to=TP.FLOAT),
           node("Mul", ["sf", "half"], ["h"], "mul0"),
           node("Ceil", ["h"], ["c"], "ceil0"),
           node("Cast", ["c"], ["ci"], "cast1", to=TP.INT64),
           node("Concat", ["ci", "three"], ["shape"], "concat0", axis=0),
           node("Reshape", ["x", "shape"], ["y"], "reshape0")],
          [vi("x", [3, 2]), vi("n", [2], TP.INT64)],
          [vi("sn", [2], TP.INT64), vi("y", [2, 1, 3])],
          [f32("half", [0.5]), i64("three", [3])])
    # A float shape value int64 cannot hold (5 * 1e30) is not folded: the
    # Reshape that takes it names the input.
    model("err_shape_float_range",
          [node("Shape", ["x"], ["s"], "shape0"),
           node("Cast", ["s"], ["sf"], "cast0", to=TP.FLOAT),
           node("Mul", ["sf", "huge"], ["big"], "mul0"),
           node("Cast", ["big"], ["bi"], "cast1", to=TP.INT64),
           node("Reshape", ["x", "bi"], ["y"], "reshape0")],
          [vi("x", [5])], [vi("y", ["n"])], [f32("huge", [1e30])],
          check=False)


def half_through_f32_fixtures():
    # float16 through float32: MatMul of a float16 input and a float16
    # weight (a float32 constant), then Softmax; each result narrowed back.
    model("half_matmul_softmax",
          [node("MatMul", ["x", "w"], ["m"], "matmul0"),
           node("Softmax", ["m"], ["y"], "softmax0")],
          [vi("x", [2, 2], TP.FLOAT16)], [vi("y", [2, 3], TP.FLOAT16)],
          [nh.from_array(np.array([[1, 0.5, -2], [0.25, 3, 1]], np.float16),
                         "w")])
    # A float16 GRU (two steps, hidden size 1): weights as float32
    # constants, the float16 sequence widened, Y and Y_h narrowed back.
    model("half_gru",
          [node("GRU", ["x", "w", "r"], ["y", "y_h"], "gru0",
                hidden_size=1)],
          [vi("x", [2, 1, 2], TP.FLOAT16)],
          [vi("y", [2, 1, 1, 1], TP.FLOAT16), vi("y_h", [1, 1, 1], TP.FLOAT16)],
          [nh.from_array(np.array([[[0.5, -1], [0.25, 1], [2, 0.5]]],
                                  np.float16), "w"),
           nh.from_array(np.array([[[1], [-0.5], [0.75]]], np.float16), "r")])


def tfidf_reference(x, min_n, max_n, max_skip, mode, counts, indexes, pool,
                    weights):
    """TfIdfVectorizer as ONNX's operator text defines it, by loops: each
    n-gram of the pool counted in each row with every distance between its
    tokens (unigrams once), put in its column of ngram_indexes, weighted
    by mode."""
    grams = []
    for n, start in enumerate(counts, 1):
        end = counts[n] if n < len(counts) else len(pool)
        grams += [tuple(pool[i:i + n]) for i in range(start, end, n)]
    rows = x.reshape(-1, x.shape[-1])
    out = np.zeros((rows.shape[0], max(indexes) + 1), np.float32)
    for r, row in enumerate(rows):
        for g, tokens in enumerate(grams):
            n = len(tokens)
            if not min_n <= n <= max_n:
                continue
            freq = 0
            # Distances past the row's length fit no window.
            for d in ([1] if n == 1 else
                      range(1, min(max_skip, len(row)) + 2)):
                for i in range(len(row) - (n - 1) * d):
                    freq += all(row[i + j * d] == tokens[j]
                                for j in range(n))
            w = weights[g] if weights else 1.0
            value = {"TF": freq, "IDF": w if freq > 0 else 0.0,
                     "TFIDF": freq * w}[mode]
            out[r, indexes[g]] = value
    return out.reshape(x.shape[:-1] + (out.shape[1],))


def tfidf_fixtures():
    """TfIdfVectorizer on token ids: the modes ONNX's node tests leave out
    (IDF, TFIDF with weights), trigrams, a permuted ngram_indexes, int64 and
    int32 ids, checked against tfidf_reference; and its refusals."""
    rng = np.random.RandomState(7)

    def case(name, x, min_n, max_n, max_skip, mode, counts, indexes, pool,
             weights=()):
        attrs = dict(min_gram_length=min_n, max_gram_length=max_n,
                     max_skip_count=max_skip, mode=mode, ngram_counts=counts,
                     ngram_indexes=indexes, pool_int64s=pool)
        if weights:
            attrs["weights"] = list(weights)
        y = tfidf_reference(x, min_n, max_n, max_skip, mode, counts, indexes,
                            pool, list(weights))
        dtype = TP.INT64 if x.dtype == np.int64 else TP.INT32
        model(name, [node("TfIdfVectorizer", ["x"], ["y"], "tfidf0",
                          **attrs)],
              [vi("x", list(x.shape), dtype)], [vi("y", list(y.shape))],
              opset=9)
        folder = os.path.join(OUT, name)
        save_npy(folder, "x", x)
        save_npy(folder, "y_ref", y)

    # Unigrams 1, 2; bigrams (1, 2), (2, 3), (3, 3); trigrams (1, 2, 3),
    # (2, 2, 2): tokens 1..3 over 9 positions repeat every gram.
    pool = [1, 2, 1, 2, 2, 3, 3, 3, 1, 2, 3, 2, 2, 2]
    counts = [0, 2, 8]
    indexes = [6, 0, 3, 1, 5, 2, 4]
    weights = [0.5, 2.0, 1.5, 0.25, 3.0, 4.0, 0.75]
    tokens = rng.randint(1, 4, (3, 9))
    case("tfidf_tfidf_skip2", tokens.astype(np.int64), 1, 3, 2, "TFIDF",
         counts, indexes, pool, weights)
    case("tfidf_idf_bigrams", tokens.astype(np.int32), 2, 2, 1, "IDF",
         counts, indexes, pool, weights)
    # One row; trigrams with a skip only fit at distance 1 and 2 of 6 ids.
    case("tfidf_tf_trigrams_1d", rng.randint(1, 4, 6).astype(np.int32), 3, 3,
         5, "TF", counts, indexes, pool)

    # A skip count far past the rows (2^62: its + 1 is no overflow).
    case("tfidf_huge_skip", rng.randint(1, 4, (2, 5)).astype(np.int64), 2, 2,
         2**62, "TF", counts, indexes, pool)

    def err(name, columns=2, **attrs):
        kw = dict(min_gram_length=1, max_gram_length=1, max_skip_count=0,
                  mode="TF", ngram_counts=[0], ngram_indexes=[0, 1],
                  pool_int64s=[4, 5])
        kw.update(attrs)
        kw = {k: v for k, v in kw.items() if v is not None}
        model(name, [node("TfIdfVectorizer", ["x"], ["y"], "tfidf0", **kw)],
              [vi("x", [2, 4], TP.INT64)], [vi("y", [2, columns])], opset=9,
              check=False)

    err("err_tfidf_strings", pool_int64s=None, pool_strings=["a", "b"])
    err("err_tfidf_indexes", columns=1, ngram_indexes=[0])
    err("err_tfidf_mode", mode="BM25")
    err("err_tfidf_counts", columns=1, max_gram_length=2, ngram_counts=[0, 1],
        ngram_indexes=[0])
    err("err_tfidf_weights", mode="TFIDF", weights=[1.0])
    # Rows of 20,000 ids and any skip: 19,999 bigram distances to unroll.
    model("err_tfidf_distances",
          [node("TfIdfVectorizer", ["x"], ["y"], "tfidf0", min_gram_length=2,
                max_gram_length=2, max_skip_count=10**9, mode="TF",
                ngram_counts=[0, 0], ngram_indexes=[0], pool_int64s=[4, 5])],
          [vi("x", [1, 20000], TP.INT64)], [vi("y", [1, 1])], opset=9)


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    conv_fixtures()
    matrix_fixtures()
    elementwise_fixtures()
    pool_fixtures()
    reduction_fixtures()
    data_movement_fixtures()
    constant_fixtures()
    typed_fixtures()
    int_mod_fixtures()
    loss_fixtures()
    normalization_fixtures()
    selection_fixtures()
    version_conversion_fixtures()
    external_fixtures()
    error_fixtures()
    control_flow_error_fixtures()
    decomposed_fixtures()
    convpool_fixtures()
    unsigned_fixtures()
    einsum_fixtures()
    recurrent_fixtures()
    dft_unpool_fixtures()
    gridsample_fixtures()
    det_fixtures()
    roialign_fixtures()
    scan_fixtures()
    quantized_fixtures()
    data_dependent_fixtures()
    shape_float_fixtures()
    half_through_f32_fixtures()
    onnx_ml_fixtures()
    tfidf_fixtures()

    total = 0
    for root, _, files in os.walk(OUT):
        for f in files:
            size = os.path.getsize(os.path.join(root, f))
            assert size < 100 * 1024, (f, size)
            total += size
    assert total < 1024 * 1024, total
    print("wrote %d bytes of fixtures to %s" % (total, OUT))


if __name__ == "__main__":
    sys.exit(main())
