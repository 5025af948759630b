"""The Conv node, weights and input that the e2e reference generators share
(make_grouped_conv_references.py, make_windows_and_bands_references.py)."""
import numpy as np
from onnx import helper as oh
from onnx import numpy_helper as nh


def add_conv(rng, name, shape, cout, k, group, stride, dilation, pads, bias,
             has_consumer, inits):
    """Draws a batch-1 input of `shape` (C, H, W), weights (scaled by 0.2) and
    a bias (drawn even when unused, so the draws stay in step), appends the
    initializers to `inits`, and returns (x, w, b, conv_out, node): the Conv
    node writes `<name>_y`, or `<name>_conv` when a consumer follows it.
    `pads` is [top, left, bottom, right]."""
    x = rng.standard_normal((1,) + shape).astype(np.float32)
    w = rng.standard_normal(
        (cout, shape[0] // group, k, k)).astype(np.float32) * 0.2
    b = rng.standard_normal(cout).astype(np.float32)
    conv_inputs = [name + "_x", name + "_w"]
    inits.append(nh.from_array(w, name + "_w"))
    if bias:
        inits.append(nh.from_array(b, name + "_b"))
        conv_inputs.append(name + "_b")
    conv_out = name + ("_conv" if has_consumer else "_y")
    node = oh.make_node(
        "Conv", conv_inputs, [conv_out], group=group, kernel_shape=[k, k],
        strides=[stride, stride], dilations=[dilation, dilation],
        pads=list(pads))
    return x, w, b, conv_out, node
