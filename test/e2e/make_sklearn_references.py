#!/usr/bin/python3
"""Writes the fixtures of sklearn.test into Inputs/sklearn/: ai.onnx.ml
models with inputs and reference outputs.

Part 1, scikit-learn: small estimators trained on seeded random data,
written as ONNX in the form skl2onnx emits them (BRANCH_LEQ trees, leaf
weights per class, a binary classifier's class-1 probability as the weight
of class id 0, learning rate folded into the weights and the initial
prediction as base_values for gradient boosting, LOGISTIC / SOFTMAX
post_transform), from the fitted estimators' public attributes. The
references are scikit-learn's own predict, predict_proba and
decision_function outputs, not this script's.

Part 2, hand-built: tree ensembles with every node mode, NaN inputs with
missing_value_tracks_true, AVERAGE / MIN / MAX aggregation, base_values,
the *_as_tensor attributes and the binary case with mixed-sign weights,
checked against a scalar NumPy walk written from the ONNX-ML specification
and ONNX Runtime's aggregation rules (tree_walk below).

Run by hand with Debian's Python (python3-sklearn installed):
/usr/bin/python3 test/e2e/make_sklearn_references.py. CI needs only the
committed outputs. Seeded, so reruns write the same numbers.
"""
import math
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "sklearn")
ML = "ai.onnx.ml"


def save(name, model, inputs, outputs):
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(OUT, name + ".onnx"))
    for i, x in enumerate(inputs):
        np.save(os.path.join(OUT, f"{name}_in{i}.npy"), np.ascontiguousarray(x))
    for i, y in enumerate(outputs):
        np.save(os.path.join(OUT, f"{name}_out{i}.npy"), np.ascontiguousarray(y))


def make_model(node, n, f, outputs, ml_opset=1, x_type=TensorProto.FLOAT):
    graph = helper.make_graph(
        [node], node.name, [helper.make_tensor_value_info("X", x_type, [n, f])],
        outputs)
    return helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 13),
                              helper.make_opsetid(ML, ml_opset)])


def regressor_outputs(n, k):
    return [helper.make_tensor_value_info("variable", TensorProto.FLOAT,
                                          [n, k])]


def classifier_outputs(n, k):
    return [helper.make_tensor_value_info("label", TensorProto.INT64, [n]),
            helper.make_tensor_value_info("probabilities", TensorProto.FLOAT,
                                          [n, k])]


#
# Part 1: scikit-learn
#


class Attrs:
    """The nodes_* and target_/class_ lists of a tree ensemble."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.nodes = {k: [] for k in ["treeids", "nodeids", "featureids",
                                      "modes", "values", "truenodeids",
                                      "falsenodeids"]}
        self.votes = {k: [] for k in ["treeids", "nodeids", "ids", "weights"]}

    def add_tree(self, tree, tree_id, leaf_weights):
        """leaf_weights(i) -> [(target id, weight)] of leaf i."""
        for i in range(tree.node_count):
            leaf = tree.children_left[i] == -1
            n = self.nodes
            n["treeids"].append(tree_id)
            n["nodeids"].append(i)
            n["featureids"].append(0 if leaf else int(tree.feature[i]))
            n["modes"].append("LEAF" if leaf else "BRANCH_LEQ")
            n["values"].append(0.0 if leaf else float(tree.threshold[i]))
            n["truenodeids"].append(0 if leaf else int(tree.children_left[i]))
            n["falsenodeids"].append(0 if leaf else
                                     int(tree.children_right[i]))
            if leaf:
                for target, w in leaf_weights(i):
                    self.votes["treeids"].append(tree_id)
                    self.votes["nodeids"].append(i)
                    self.votes["ids"].append(target)
                    self.votes["weights"].append(float(w))

    def kwargs(self):
        kw = {"nodes_" + k: v for k, v in self.nodes.items()}
        kw.update({f"{self.prefix}_{k}": v for k, v in self.votes.items()})
        return kw


def class_weights(tree, i, scale, binary):
    v = tree.value[i][0]
    p = v / v.sum()
    if binary:  # skl2onnx: the positive class's probability, on class id 0
        return [(0, p[1] * scale)]
    return [(k, p[k] * scale) for k in range(len(p))]


def clear_of_ties(proba, x):
    """Rows whose two largest probabilities differ (float32 sums would
    break exact ties differently from scikit-learn's float64 means)."""
    top = np.sort(proba, axis=1)
    return x[top[:, -1] - top[:, -2] > 1e-4]


def sklearn_part():
    from sklearn.ensemble import (GradientBoostingClassifier,
                                  GradientBoostingRegressor,
                                  RandomForestClassifier,
                                  RandomForestRegressor)
    from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

    rng = np.random.default_rng(12)
    f = 5
    xtrain = rng.standard_normal((200, f)).astype(np.float32)
    ytrain = (xtrain[:, 0] * 2 + np.sin(xtrain[:, 1] * 3) +
              xtrain[:, 2] * xtrain[:, 3]).astype(np.float64)
    xtest = rng.standard_normal((24, f)).astype(np.float32)
    cls3 = np.digitize(ytrain, [-1.0, 1.0])  # three classes
    cls2 = np.where(ytrain > 0.3, 7, 3)  # labels 3 and 7

    # Regressors.
    dt = DecisionTreeRegressor(max_depth=6, random_state=0).fit(xtrain, ytrain)
    a = Attrs("target")
    a.add_tree(dt.tree_, 0, lambda i: [(0, dt.tree_.value[i][0][0])])
    node = helper.make_node("TreeEnsembleRegressor", ["X"], ["variable"],
                            "dt_reg", domain=ML, n_targets=1, **a.kwargs())
    save("dt_reg", make_model(node, len(xtest), f,
                              regressor_outputs(len(xtest), 1)),
         [xtest], [dt.predict(xtest).astype(np.float32).reshape(-1, 1)])

    y2 = np.stack([ytrain, xtrain[:, 4] - xtrain[:, 0]], axis=1)
    dt2 = DecisionTreeRegressor(max_depth=4, random_state=0).fit(xtrain, y2)
    a = Attrs("target")
    a.add_tree(dt2.tree_, 0, lambda i: [(k, dt2.tree_.value[i][k][0])
                                        for k in range(2)])
    node = helper.make_node("TreeEnsembleRegressor", ["X"], ["variable"],
                            "dt_reg2", domain=ML, n_targets=2, **a.kwargs())
    save("dt_reg2", make_model(node, len(xtest), f,
                               regressor_outputs(len(xtest), 2)),
         [xtest], [dt2.predict(xtest).astype(np.float32)])

    rf = RandomForestRegressor(n_estimators=6, max_depth=4,
                               random_state=0).fit(xtrain, ytrain)
    a = Attrs("target")
    for t, est in enumerate(rf.estimators_):
        a.add_tree(est.tree_, t, lambda i, tr=est.tree_:
                   [(0, tr.value[i][0][0])])
    node = helper.make_node("TreeEnsembleRegressor", ["X"], ["variable"],
                            "rf_reg", domain=ML, n_targets=1,
                            aggregate_function="AVERAGE", **a.kwargs())
    save("rf_reg", make_model(node, len(xtest), f,
                              regressor_outputs(len(xtest), 1)),
         [xtest], [rf.predict(xtest).astype(np.float32).reshape(-1, 1)])

    # Gradient boosting, opset 3 with the thresholds and weights as double
    # tensors.
    gb = GradientBoostingRegressor(n_estimators=12, max_depth=3,
                                   random_state=0).fit(xtrain, ytrain)
    a = Attrs("target")
    for t, est in enumerate(gb.estimators_[:, 0]):
        a.add_tree(est.tree_, t, lambda i, tr=est.tree_:
                   [(0, tr.value[i][0][0] * gb.learning_rate)])
    kw = a.kwargs()
    kw["nodes_values_as_tensor"] = numpy_helper.from_array(
        np.array(kw.pop("nodes_values"), np.float64))
    kw["target_weights_as_tensor"] = numpy_helper.from_array(
        np.array(kw.pop("target_weights"), np.float64))
    base = float(gb._raw_predict_init(xtrain[:1])[0, 0])
    node = helper.make_node(
        "TreeEnsembleRegressor", ["X"], ["variable"], "gb_reg", domain=ML,
        n_targets=1,
        base_values_as_tensor=numpy_helper.from_array(np.array([base])), **kw)
    save("gb_reg", make_model(node, len(xtest), f,
                              regressor_outputs(len(xtest), 1), ml_opset=3),
         [xtest], [gb.predict(xtest).astype(np.float32).reshape(-1, 1)])

    # Classifiers.
    def classifier(name, est, trees, scale, labels, binary, **extra):
        a = Attrs("class")
        for t, tr in enumerate(trees):
            a.add_tree(tr, t, lambda i, tr=tr: class_weights(tr, i, scale,
                                                             binary))
        x = clear_of_ties(est.predict_proba(xtest), xtest)
        node = helper.make_node(
            "TreeEnsembleClassifier", ["X"], ["label", "probabilities"], name,
            domain=ML, classlabels_int64s=[int(c) for c in labels],
            **a.kwargs(), **extra)
        save(name, make_model(node, len(x), f,
                              classifier_outputs(len(x), len(labels))),
             [x], [est.predict(x).astype(np.int64),
                   est.predict_proba(x).astype(np.float32)])

    dtc2 = DecisionTreeClassifier(max_depth=5, random_state=0).fit(xtrain,
                                                                   cls2)
    classifier("dt_clf2", dtc2, [dtc2.tree_], 1.0, dtc2.classes_, True)
    dtc3 = DecisionTreeClassifier(max_depth=5, random_state=0).fit(xtrain,
                                                                   cls3)
    classifier("dt_clf3", dtc3, [dtc3.tree_], 1.0, dtc3.classes_, False)
    rfc3 = RandomForestClassifier(n_estimators=7, max_depth=4,
                                  random_state=0).fit(xtrain, cls3)
    classifier("rf_clf3", rfc3, [e.tree_ for e in rfc3.estimators_],
               1.0 / 7, rfc3.classes_, False)
    rfc2 = RandomForestClassifier(n_estimators=5, max_depth=4,
                                  random_state=0).fit(xtrain, cls2)
    classifier("rf_clf2", rfc2, [e.tree_ for e in rfc2.estimators_],
               1.0 / 5, rfc2.classes_, True)

    # Gradient boosting classifiers: raw leaf values times the learning rate.
    gbc2 = GradientBoostingClassifier(n_estimators=10, max_depth=3,
                                      random_state=0).fit(xtrain, cls2)
    a = Attrs("class")
    for t, est in enumerate(gbc2.estimators_[:, 0]):
        a.add_tree(est.tree_, t, lambda i, tr=est.tree_:
                   [(0, tr.value[i][0][0] * gbc2.learning_rate)])
    x = xtest
    node = helper.make_node(
        "TreeEnsembleClassifier", ["X"], ["label", "probabilities"],
        "gb_clf2", domain=ML, classlabels_int64s=[3, 7],
        post_transform="LOGISTIC",
        base_values=[float(gbc2._raw_predict_init(xtrain[:1])[0, 0])],
        **a.kwargs())
    save("gb_clf2", make_model(node, len(x), f, classifier_outputs(len(x), 2)),
         [x], [gbc2.predict(x).astype(np.int64),
               gbc2.predict_proba(x).astype(np.float32)])

    gbc3 = GradientBoostingClassifier(n_estimators=6, max_depth=3,
                                      random_state=0).fit(xtrain, cls3)
    a = Attrs("class")
    tree_id = 0
    for stage in gbc3.estimators_:
        for k, est in enumerate(stage):
            a.add_tree(est.tree_, tree_id, lambda i, tr=est.tree_, k=k:
                       [(k, tr.value[i][0][0] * gbc3.learning_rate)])
            tree_id += 1
    x = clear_of_ties(gbc3.predict_proba(xtest), xtest)
    node = helper.make_node(
        "TreeEnsembleClassifier", ["X"], ["label", "probabilities"],
        "gb_clf3", domain=ML, classlabels_int64s=[0, 1, 2],
        post_transform="SOFTMAX",
        base_values=[float(v) for v in
                     gbc3._raw_predict_init(xtrain[:1])[0]],
        **a.kwargs())
    save("gb_clf3", make_model(node, len(x), f, classifier_outputs(len(x), 3)),
         [x], [gbc3.predict(x).astype(np.int64),
               gbc3.predict_proba(x).astype(np.float32)])


#
# Part 2: hand-built ensembles against a scalar walk
#

MODES = {
    "BRANCH_LEQ": lambda x, t: x <= t,
    "BRANCH_LT": lambda x, t: x < t,
    "BRANCH_GTE": lambda x, t: x >= t,
    "BRANCH_GT": lambda x, t: x > t,
    "BRANCH_EQ": lambda x, t: x == t,
    "BRANCH_NEQ": lambda x, t: x != t,
}


def tree_walk(x, kw, prefix, n_targets, aggregate):
    """Per sample: each tree walked from its first listed node; the votes of
    the leaves reached aggregated (a target no tree votes for is 0)."""
    ids = list(zip(kw["nodes_treeids"], kw["nodes_nodeids"]))
    where = {key: i for i, key in enumerate(ids)}
    roots = []
    for i, (t, _) in enumerate(ids):
        if t not in [ids[r][0] for r in roots]:
            roots.append(i)
    tracks = kw.get("nodes_missing_value_tracks_true", [0] * len(ids))
    votes = {}
    for t, nd, k, w in zip(kw[prefix + "_treeids"], kw[prefix + "_nodeids"],
                           kw[prefix + "_ids"], kw[prefix + "_weights"]):
        votes.setdefault(where[(t, nd)], []).append((k, w))
    out = np.zeros((len(x), n_targets))
    for s, row in enumerate(x):
        per_target = [[] for _ in range(n_targets)]
        for r in roots:
            i = r
            while kw["nodes_modes"][i] != "LEAF":
                v = row[kw["nodes_featureids"][i]]
                thr = np.float32(kw["nodes_values"][i])
                go = MODES[kw["nodes_modes"][i]](v, thr) or (
                    math.isnan(v) and tracks[i] == 1)
                child = (kw["nodes_truenodeids"] if go else
                         kw["nodes_falsenodeids"])[i]
                i = where[(ids[i][0], child)]
            for k, w in votes.get(i, []):
                per_target[k].append(np.float32(w))
        for k, ws in enumerate(per_target):
            if not ws:
                continue
            if aggregate == "SUM":
                out[s, k] = sum(ws)
            elif aggregate == "AVERAGE":
                out[s, k] = sum(ws) / len(roots)
            elif aggregate == "MIN":
                out[s, k] = min(ws)
            else:
                out[s, k] = max(ws)
    return out


def mixed_forest():
    """Two trees over 3 features using every branch mode, with
    missing_value_tracks_true on some nodes, and a leaf without a vote for
    target 1 (tree 1 node 4)."""
    nodes = [
        # tree, node, feature, mode, value, true, false, tracks
        (0, 0, 0, "BRANCH_LEQ", 0.0, 1, 2, 1),
        (0, 1, 1, "BRANCH_LT", 0.5, 3, 4, 0),
        (0, 2, 2, "BRANCH_GTE", -0.25, 5, 6, 0),
        (0, 3, 0, "LEAF", 0.0, 0, 0, 0),
        (0, 4, 0, "LEAF", 0.0, 0, 0, 0),
        (0, 5, 2, "BRANCH_EQ", 1.0, 7, 8, 1),
        (0, 6, 0, "LEAF", 0.0, 0, 0, 0),
        (0, 7, 0, "LEAF", 0.0, 0, 0, 0),
        (0, 8, 0, "LEAF", 0.0, 0, 0, 0),
        # tree 1 lists its nodes out of order; its root is node 2.
        (1, 2, 1, "BRANCH_GT", 0.0, 0, 1, 0),
        (1, 0, 2, "BRANCH_NEQ", 2.0, 3, 4, 1),
        (1, 1, 0, "LEAF", 0.0, 0, 0, 0),
        (1, 3, 0, "LEAF", 0.0, 0, 0, 0),
        (1, 4, 0, "LEAF", 0.0, 0, 0, 0),
    ]
    kw = {k: [n[j] for n in nodes] for j, k in enumerate(
        ["nodes_treeids", "nodes_nodeids", "nodes_featureids", "nodes_modes",
         "nodes_values", "nodes_truenodeids", "nodes_falsenodeids",
         "nodes_missing_value_tracks_true"])}
    leaves = [(t, nd) for t, nd, _, m, *_ in nodes if m == "LEAF"]
    votes = []
    for j, (t, nd) in enumerate(leaves):
        votes.append((t, nd, 0, 0.5 * j - 1.25))
        if (t, nd) != (1, 4):
            votes.append((t, nd, 1, 1.0 - 0.3 * j))
    return kw, votes


def mixed_inputs(rng, n):
    x = rng.standard_normal((n, 3)).astype(np.float32)
    x[::5, 0] = np.nan
    x[1::6, 2] = np.nan
    x[2::4, 2] = 1.0  # BRANCH_EQ taken
    x[3::5, 2] = 2.0  # BRANCH_NEQ not taken
    x[4::7, 1] = 0.5  # BRANCH_LT boundary
    x[5::7, 0] = 0.0  # BRANCH_LEQ boundary
    return x


def hand_built_part():
    rng = np.random.default_rng(34)
    x = mixed_inputs(rng, 40)
    kw, votes = mixed_forest()
    base = [0.25, -0.5]
    for aggregate in ["SUM", "AVERAGE", "MIN", "MAX"]:
        vkw = dict(kw)
        for j, k in enumerate(["target_treeids", "target_nodeids",
                               "target_ids", "target_weights"]):
            vkw[k] = [v[j] for v in votes]
        ref = tree_walk(x, vkw, "target", 2, aggregate) + np.array(base)
        name = "modes_" + aggregate.lower()
        node = helper.make_node("TreeEnsembleRegressor", ["X"], ["variable"],
                                name, domain=ML, n_targets=2,
                                aggregate_function=aggregate,
                                base_values=base, **vkw)
        save(name, make_model(node, len(x), 3, regressor_outputs(len(x), 2)),
             [x], [ref.astype(np.float32)])

    # Two targets with PROBIT (ONNX Runtime's erfinv: Winitzki's
    # approximation, a = 0.147) and with SOFTMAX.
    pkw = dict(kw)
    pvotes = [(t, nd, k, 0.1 + 0.8 / (1 + math.exp(-w)))
              for t, nd, k, w in votes]
    for j, k in enumerate(["target_treeids", "target_nodeids",
                           "target_ids", "target_weights"]):
        pkw[k] = [v[j] for v in pvotes]
    avg = tree_walk(x, pkw, "target", 2, "AVERAGE")
    # In float32, as ONNX Runtime computes it (near 0.5 the difference of
    # square roots cancels: float64 would differ by 1e-5).
    f = np.float32
    y = f(2) * avg.astype(f) - f(1)
    ln = np.log((f(1) - y) * (f(1) + y))
    c = f(2 / (3.14159 * 0.147)) + f(0.5) * ln
    probit = f(1.41421356) * np.where(y < 0, f(-1), f(1)) * np.sqrt(
        np.sqrt(c * c - ln * f(1 / 0.147)) - c)
    e = np.exp(avg - avg.max(axis=1, keepdims=True))
    for transform, ref in [("PROBIT", probit),
                           ("SOFTMAX", e / e.sum(axis=1, keepdims=True))]:
        name = "transform_" + transform.lower()
        node = helper.make_node("TreeEnsembleRegressor", ["X"], ["variable"],
                                name, domain=ML, n_targets=2,
                                aggregate_function="AVERAGE",
                                post_transform=transform, **pkw)
        save(name, make_model(node, len(x), 3, regressor_outputs(len(x), 2)),
             [x], [ref.astype(np.float32)])

    # Multiclass with SOFTMAX_ZERO and a class one tree never votes for:
    # the label is the largest score among the classes voted for.
    ckw = dict(kw)
    cvotes = [(t, nd, k, w) for t, nd, k, w in votes]
    cvotes += [(0, 3, 2, -3.0), (1, 3, 2, -2.0)]
    for j, k in enumerate(["class_treeids", "class_nodeids", "class_ids",
                           "class_weights"]):
        ckw[k] = [v[j] for v in cvotes]
    scores = tree_walk(x, ckw, "class", 3, "SUM")
    voted = np.zeros_like(scores, bool)
    for s in range(len(x)):
        one = tree_walk(x[s:s + 1], ckw, "class", 3, "SUM")
        counts = tree_walk(x[s:s + 1], {**ckw, "class_weights":
                                        [1.0] * len(cvotes)}, "class", 3,
                           "SUM")
        voted[s] = counts[0] > 0
        assert np.allclose(one[0], scores[s])
    label = np.where(voted, scores, -np.inf).argmax(axis=1)
    labels = np.array([10, 20, 30])
    vmax = scores.max(axis=1, keepdims=True)
    nonzero = np.abs(scores) > 1e-7
    e = np.where(nonzero, np.exp(scores - vmax), scores * np.exp(-vmax))
    z = e / np.where(nonzero, e, 0).sum(axis=1, keepdims=True)
    node = helper.make_node("TreeEnsembleClassifier", ["X"],
                            ["label", "probabilities"], "softmax_zero",
                            domain=ML, classlabels_int64s=labels.tolist(),
                            post_transform="SOFTMAX_ZERO", **ckw)
    save("softmax_zero", make_model(node, len(x), 3,
                                    classifier_outputs(len(x), 3)),
         [x], [labels[label], z.astype(np.float32)])

    # Binary case, weights of mixed sign on class 0 only, NONE and
    # LOGISTIC; base_values as a double tensor (opset 3).
    bkw = dict(kw)
    bvotes = [v for v in votes if v[2] == 0]
    for j, k in enumerate(["class_treeids", "class_nodeids", "class_ids",
                           "class_weights"]):
        bkw[k] = [v[j] for v in bvotes]
    s = tree_walk(x, bkw, "class", 1, "SUM")[:, 0] + 0.125
    for transform in ["NONE", "LOGISTIC"]:
        z = np.stack([-s, s], axis=1)
        if transform == "LOGISTIC":
            z = 1 / (1 + np.exp(-z))
        name = "binary_" + transform.lower()
        node = helper.make_node(
            "TreeEnsembleClassifier", ["X"], ["label", "probabilities"], name,
            domain=ML, classlabels_int64s=[-1, 1], post_transform=transform,
            base_values_as_tensor=numpy_helper.from_array(
                np.array([0.125])), **bkw)
        save(name, make_model(node, len(x), 3, classifier_outputs(len(x), 2),
                              ml_opset=3),
             [x], [np.where(s > 0, 1, -1).astype(np.int64),
                   z.astype(np.float32)])


#
# Part 3: linear models, feature transforms and encoders
#


def graph_model(name, nodes, inputs, outputs, ml_opset=2):
    graph = helper.make_graph(nodes, name, inputs, outputs)
    return helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 13),
                              helper.make_opsetid(ML, ml_opset)])


def tensor(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def linear_part():
    from sklearn.linear_model import LinearRegression, LogisticRegression
    from sklearn.preprocessing import (Binarizer, Normalizer,
                                       OneHotEncoder, StandardScaler)
    from sklearn.impute import SimpleImputer
    from sklearn.preprocessing import LabelEncoder

    F, T = TensorProto.FLOAT, TensorProto.INT64
    rng = np.random.default_rng(56)
    xtrain = (rng.standard_normal((150, 4)) * [1, 2, 0.5, 3] +
              [0, 1, -1, 2]).astype(np.float32)
    xtest = (rng.standard_normal((16, 4)) * [1, 2, 0.5, 3] +
             [0, 1, -1, 2]).astype(np.float32)
    n = len(xtest)

    # LinearRegression with two targets.
    y2 = np.stack([xtrain @ [1, -2, 0.5, 3] + 0.7,
                   xtrain @ [0, 1, 1, -1] - 2], axis=1)
    y2 += rng.standard_normal(y2.shape) * 0.1
    lr = LinearRegression().fit(xtrain, y2)
    node = helper.make_node(
        "LinearRegressor", ["X"], ["variable"], "lin_reg", domain=ML,
        targets=2, coefficients=lr.coef_.astype(np.float32).ravel().tolist(),
        intercepts=lr.intercept_.astype(np.float32).tolist())
    save("lin_reg", graph_model("lin_reg", [node], [tensor("X", F, [n, 4])],
                                [tensor("variable", F, [n, 2])]),
         [xtest], [lr.predict(xtest).astype(np.float32)])

    # StandardScaler then a multinomial LogisticRegression (SOFTMAX).
    cls3 = np.digitize(xtrain[:, 0] + xtrain[:, 1] * 0.5, [-0.5, 1.0])
    scaler = StandardScaler().fit(xtrain)
    xs = scaler.transform(xtrain)
    lg3 = LogisticRegression(max_iter=500).fit(xs, cls3)
    nodes = [
        helper.make_node("Scaler", ["X"], ["scaled"], "scaler", domain=ML,
                         offset=scaler.mean_.astype(np.float32).tolist(),
                         scale=(1 / scaler.scale_).astype(np.float32).tolist()),
        helper.make_node(
            "LinearClassifier", ["scaled"], ["label", "probabilities"],
            "logreg3", domain=ML, multi_class=1, post_transform="SOFTMAX",
            classlabels_ints=lg3.classes_.tolist(),
            coefficients=lg3.coef_.astype(np.float32).ravel().tolist(),
            intercepts=lg3.intercept_.astype(np.float32).tolist()),
    ]
    xt = scaler.transform(xtest)
    save("scaler_logreg3",
         graph_model("scaler_logreg3", nodes, [tensor("X", F, [n, 4])],
                     [tensor("label", T, [n]),
                      tensor("probabilities", F, [n, 3])]),
         [xtest], [lg3.predict(xt).astype(np.int64),
                   lg3.predict_proba(xt).astype(np.float32)])

    # Binary LogisticRegression: skl2onnx's rows [-w, w] and LOGISTIC.
    cls2 = np.where(xtrain[:, 2] - xtrain[:, 3] * 0.2 > -1.2, 5, 2)
    lg2 = LogisticRegression().fit(xtrain, cls2)
    w, b = lg2.coef_[0], lg2.intercept_[0]
    node = helper.make_node(
        "LinearClassifier", ["X"], ["label", "probabilities"], "logreg2",
        domain=ML, post_transform="LOGISTIC", classlabels_ints=[2, 5],
        coefficients=np.concatenate([-w, w]).astype(np.float32).tolist(),
        intercepts=[float(-b), float(b)])
    save("logreg2", graph_model("logreg2", [node], [tensor("X", F, [n, 4])],
                                [tensor("label", T, [n]),
                                 tensor("probabilities", F, [n, 2])]),
         [xtest], [lg2.predict(xtest).astype(np.int64),
                   lg2.predict_proba(xtest).astype(np.float32)])

    # One row of coefficients for two labels (as LinearSVC's decision
    # function): the label of the score's sign, scores [1 - s, s] as ONNX
    # Runtime writes them.
    node = helper.make_node(
        "LinearClassifier", ["X"], ["label", "probabilities"], "linear_one_row",
        domain=ML, classlabels_ints=[2, 5],
        coefficients=w.astype(np.float32).tolist(), intercepts=[float(b)])
    s1 = (xtest.astype(np.float64) @ w.astype(np.float32) +
          np.float32(b))
    save("linear_one_row",
         graph_model("linear_one_row", [node], [tensor("X", F, [n, 4])],
                     [tensor("label", T, [n]),
                      tensor("probabilities", F, [n, 2])]),
         [xtest], [np.where(s1 > 0, 5, 2).astype(np.int64),
                   np.stack([1 - s1, s1], axis=1).astype(np.float32)])

    # SimpleImputer (NaN -> the column means) then Normalizer L2; L1;
    # MAX against the specification's x / max(x) (scikit-learn's max norm
    # takes absolute values).
    holes = xtrain.copy()
    holes[::7, 1] = np.nan
    imp = SimpleImputer().fit(holes)
    xh = xtest.copy()
    xh[::3, 1] = np.nan
    xh[1::4, 3] = np.nan
    nodes = [
        helper.make_node("Imputer", ["X"], ["filled"], "imputer", domain=ML,
                         imputed_value_floats=imp.statistics_.astype(
                             np.float32).tolist(),
                         replaced_value_float=float("nan")),
        helper.make_node("Normalizer", ["filled"], ["y"], "l2", domain=ML,
                         norm="L2"),
    ]
    ref = Normalizer("l2").transform(imp.transform(xh))
    save("imputer_l2", graph_model("imputer_l2", nodes,
                                   [tensor("X", F, [n, 4])],
                                   [tensor("y", F, [n, 4])]),
         [xh], [ref.astype(np.float32)])
    xz = xtest.copy()
    xz[2] = 0  # a zero row stays as it is
    node = helper.make_node("Normalizer", ["X"], ["y"], "l1", domain=ML,
                            norm="L1")
    save("normalizer_l1", graph_model("normalizer_l1", [node],
                                      [tensor("X", F, [n, 4])],
                                      [tensor("y", F, [n, 4])]),
         [xz], [Normalizer("l1").transform(xz).astype(np.float32)])
    mx = xz.max(axis=1, keepdims=True)
    node = helper.make_node("Normalizer", ["X"], ["y"], "max", domain=ML,
                            norm="MAX")
    save("normalizer_max", graph_model("normalizer_max", [node],
                                       [tensor("X", F, [n, 4])],
                                       [tensor("y", F, [n, 4])]),
         [xz], [(xz / np.where(mx == 0, 1, mx)).astype(np.float32)])

    # Binarizer; Imputer of int64 values.
    node = helper.make_node("Binarizer", ["X"], ["y"], "binarizer",
                            domain=ML, threshold=0.75)
    save("binarizer", graph_model("binarizer", [node],
                                  [tensor("X", F, [n, 4])],
                                  [tensor("y", F, [n, 4])]),
         [xtest],
         [Binarizer(threshold=0.75).transform(xtest).astype(np.float32)])
    xi = rng.integers(-2, 3, (n, 3)).astype(np.int64)
    node = helper.make_node("Imputer", ["X"], ["y"], "imputer_int",
                            domain=ML, imputed_value_int64s=[7, 8, 9],
                            replaced_value_int64=-1)
    save("imputer_int", graph_model("imputer_int", [node],
                                    [tensor("X", T, [n, 3])],
                                    [tensor("y", T, [n, 3])]),
         [xi], [np.where(xi == -1, [[7, 8, 9]], xi).astype(np.int64)])

    # OneHotEncoder of integer categories, unknown ones all zeros.
    cats = np.array([[1], [4], [9], [4], [1], [16]])
    ohe = OneHotEncoder(handle_unknown="ignore").fit(cats)
    xc = rng.choice([1, 4, 9, 16, 5], (n, 1)).astype(np.int64)
    node = helper.make_node("OneHotEncoder", ["X"], ["y"], "onehot",
                            domain=ML, zeros=1,
                            cats_int64s=ohe.categories_[0].tolist())
    save("onehot", graph_model("onehot", [node], [tensor("X", T, [n, 1])],
                               [tensor("y", F, [n, 1, 4])]),
         [xc], [ohe.transform(xc).toarray().astype(np.float32)
                .reshape(n, 1, 4)])

    # A category listed twice sets its last column only (ONNX Runtime).
    dup = [4, 1, 4, 9]
    ref = np.zeros((n, 1, 4), np.float32)
    for i, v in enumerate(xc[:, 0]):
        cols = [j for j, c in enumerate(dup) if c == v]
        if cols:
            ref[i, 0, cols[-1]] = 1
    node = helper.make_node("OneHotEncoder", ["X"], ["y"], "onehot_repeated",
                            domain=ML, cats_int64s=dup)
    save("onehot_repeated", graph_model("onehot_repeated", [node],
                                        [tensor("X", T, [n, 1])],
                                        [tensor("y", F, [n, 1, 4])]),
         [xc], [ref])

    # LabelEncoder-2: int64 -> int64 (scikit-learn's LabelEncoder), int64
    # -> float, float -> int64; unknown keys take the defaults.
    le = LabelEncoder().fit([3, 7, 11, 7])
    keys = rng.choice([3, 7, 11, 5], (n,)).astype(np.int64)
    known = np.isin(keys, le.classes_)
    ref = np.full(n, -1, np.int64)
    ref[known] = le.transform(keys[known])
    node = helper.make_node("LabelEncoder", ["X"], ["y"], "label_ii",
                            domain=ML, keys_int64s=le.classes_.tolist(),
                            values_int64s=list(range(len(le.classes_))))
    save("label_ii", graph_model("label_ii", [node], [tensor("X", T, [n])],
                                 [tensor("y", T, [n])]), [keys], [ref])
    table = {3: 0.5, 7: -1.5, 11: 2.25}
    node = helper.make_node("LabelEncoder", ["X"], ["y"], "label_if",
                            domain=ML, keys_int64s=list(table),
                            values_floats=list(table.values()),
                            default_float=9.0)
    save("label_if", graph_model("label_if", [node], [tensor("X", T, [n])],
                                 [tensor("y", F, [n])]),
         [keys], [np.array([table.get(int(k), 9.0) for k in keys],
                           np.float32)])
    fkeys = rng.choice([0.5, -2.0, 3.25, 1.0], (n,)).astype(np.float32)
    ftable = {0.5: 10, -2.0: 20, 3.25: 30}
    node = helper.make_node("LabelEncoder", ["X"], ["y"], "label_fi",
                            domain=ML, keys_floats=list(ftable),
                            values_int64s=list(ftable.values()),
                            default_int64=-7)
    save("label_fi", graph_model("label_fi", [node], [tensor("X", F, [n])],
                                 [tensor("y", T, [n])]),
         [fkeys], [np.array([ftable.get(float(k), -7) for k in fkeys],
                            np.int64)])

    # ArrayFeatureExtractor with constant indices (repeated, reordered).
    idx = numpy_helper.from_array(np.array([2, 0, 2], np.int64), "idx")
    node = helper.make_node("ArrayFeatureExtractor", ["X", "idx"], ["y"],
                            "extract", domain=ML)
    graph = helper.make_graph([node], "extract", [tensor("X", F, [n, 4])],
                              [tensor("y", F, [n, 3])], [idx])
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 13), helper.make_opsetid(ML, 1)])
    save("extract", model, [xtest], [xtest[:, [2, 0, 2]]])


#
# Part 4: support vector regression
#


def svm_part():
    from sklearn.svm import SVR, OneClassSVM

    F = TensorProto.FLOAT
    rng = np.random.default_rng(78)
    xtrain = rng.standard_normal((80, 3)).astype(np.float32)
    y = np.sin(xtrain[:, 0] * 2) + xtrain[:, 1] * xtrain[:, 2]
    xtest = rng.standard_normal((12, 3)).astype(np.float32)
    n = len(xtest)

    def write(name, est, one_class=0):
        gamma = est._gamma
        node = helper.make_node(
            "SVMRegressor", ["X"], ["variable"], name, domain=ML,
            kernel_type=est.kernel.upper(),
            kernel_params=[float(gamma), float(est.coef0),
                           float(est.degree)],
            n_supports=len(est.support_), one_class=one_class,
            coefficients=est.dual_coef_.astype(np.float32).ravel().tolist(),
            rho=[float(est.intercept_[0])],
            support_vectors=est.support_vectors_.astype(
                np.float32).ravel().tolist())
        ref = est.predict(xtest).astype(np.float32)
        save(name, graph_model(name, [node], [tensor("X", F, [n, 3])],
                               [tensor("variable", F, [n, 1])], ml_opset=1),
             [xtest], [ref.reshape(n, 1)])

    for kernel in ["rbf", "linear", "poly", "sigmoid"]:
        est = SVR(kernel=kernel, C=2.0, degree=3, coef0=0.5,
                  gamma="scale").fit(xtrain, y)
        write("svr_" + kernel, est)
    write("one_class_svm", OneClassSVM(gamma=0.5, nu=0.3).fit(xtrain), 1)


def main():
    os.makedirs(OUT, exist_ok=True)
    sklearn_part()
    hand_built_part()
    linear_part()
    svm_part()


if __name__ == "__main__":
    main()
