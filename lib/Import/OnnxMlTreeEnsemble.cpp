//===- OnnxMlTreeEnsemble.cpp - Tree ensembles from gathers and selects ---===//
//
// ai.onnx.ml TreeEnsembleRegressor and TreeEnsembleClassifier (opsets 1 and
// 3) decomposed into seam ops, all trees at once. The nodes of every tree
// are flattened into import-time tables indexed by a node's position in the
// nodes_* lists: its feature, threshold, mode, missing_value_tracks_true
// and its true and false children (a LEAF is its own child). The walk state
// idx[N, T] (a node of each tree for each sample) starts at the trees' roots
// (each tree's first listed node, as ONNX Runtime) and takes one step per
// level of the deepest tree:
//
//   x = X[n, feature[idx]]   (a gather_elements along the features)
//   idx = where(compare_mode[idx](x, threshold[idx])
//               or (isnan(x) and tracks_true[idx]), true[idx], false[idx])
//
// Then a dense [nodes, targets] table of the leaves' weights is gathered by
// idx ([N, T, targets]) and aggregated over the trees (SUM, AVERAGE, MIN,
// MAX; a target no leaf of a tree votes for does not take part in MIN/MAX,
// and is 0 when no tree votes), base_values are added and post_transform
// applied, as ONNX Runtime's TreeEnsemble aggregators do.
//
// The classifier sums its class weights. Two labels with weights on one
// class only is ONNX Runtime's binary case (what skl2onnx and onnxmltools
// write for binary models): that class's score s gives the positive label
// when s > 0.5 (all weights non-negative; probabilities [1 - s, s]) or
// s > 0 (otherwise; scores [-s, s], or their logistic under LOGISTIC).
// Otherwise the label is the class of the largest score among the classes
// some vote or base value scored.
//
//===----------------------------------------------------------------------===//

#include "OnnxMlConverters.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

/// Tree levels walked at most (each is a few ops over [N, trees]).
constexpr int64_t kMaxTreeDepth = 1000;
/// Elements of the leaf-weight table at most ([nodes, targets]).
constexpr int64_t kMaxTableElements = int64_t(1) << 24;
/// Targets or classes at most.
constexpr int64_t kMaxTargets = int64_t(1) << 20;

enum NodeMode : int64_t { Leq, Lt, Gte, Gt, Eq, Neq, Leaf, NumModes };
const char *const kModeNames[] = {"BRANCH_LEQ", "BRANCH_LT", "BRANCH_GTE",
                                  "BRANCH_GT",  "BRANCH_EQ", "BRANCH_NEQ",
                                  "LEAF"};

enum class Aggregate { Sum, Average, Min, Max };

/// The nodes of all trees, flattened (see the file comment).
struct Forest {
  std::vector<int64_t> feature, trueChild, falseChild, mode, tracksTrue;
  std::vector<double> threshold;
  /// Each tree's root (its first listed node).
  std::vector<int64_t> roots;
  /// (tree id, node id) -> position.
  std::map<std::pair<int64_t, int64_t>, int64_t> position;
  int64_t depth = 0;
  bool doubleThresholds = false;
  bool anyTracksTrue = false;
  std::set<int64_t> branchModes;
  int64_t size() const { return static_cast<int64_t>(feature.size()); }
};

/// The longest root-to-leaf path over all trees; an error names a cycle.
LogicalResult measureDepth(GraphImporter &g, Forest &f,
                           ArrayRef<int64_t> treeIds,
                           ArrayRef<int64_t> nodeIds) {
  int64_t n = f.size();
  // 0: not seen, 1: on the current path, 2: done.
  std::vector<uint8_t> state(n, 0);
  std::vector<int64_t> depth(n, 0);
  std::vector<int64_t> stack;
  for (int64_t root : f.roots) {
    stack.push_back(root);
    while (!stack.empty()) {
      int64_t v = stack.back();
      bool leaf = f.mode[v] == Leaf;
      if (state[v] == 0) {
        state[v] = 1;
        if (leaf)
          continue;
        for (int64_t c : {f.trueChild[v], f.falseChild[v]}) {
          if (state[c] == 1)
            return g.error() << "tree " << treeIds[v] << " has a cycle through "
                             << "node " << nodeIds[v];
          if (state[c] == 0)
            stack.push_back(c);
        }
        continue;
      }
      stack.pop_back();
      if (state[v] != 1)
        continue;
      state[v] = 2;
      if (!leaf)
        depth[v] = 1 + std::max(depth[f.trueChild[v]], depth[f.falseChild[v]]);
      if (depth[v] > kMaxTreeDepth)
        return g.error() << "tree " << treeIds[v] << " is deeper than "
                         << kMaxTreeDepth << " levels";
    }
    f.depth = std::max(f.depth, depth[root]);
  }
  return success();
}

/// The nodes_* attributes, checked against `numFeatures`.
FailureOr<Forest> readForest(GraphImporter &g, int64_t numFeatures) {
  ASSIGN_OR_FAIL(treeIds, mlInts(g, "nodes_treeids"));
  ASSIGN_OR_FAIL(nodeIds, mlInts(g, "nodes_nodeids"));
  ASSIGN_OR_FAIL(featureIds, mlInts(g, "nodes_featureids"));
  ASSIGN_OR_FAIL(modes, mlStrings(g, "nodes_modes"));
  ASSIGN_OR_FAIL(trueIds, mlInts(g, "nodes_truenodeids"));
  ASSIGN_OR_FAIL(falseIds, mlInts(g, "nodes_falsenodeids"));
  ASSIGN_OR_FAIL(tracks, mlInts(g, "nodes_missing_value_tracks_true"));
  Forest f;
  ASSIGN_OR_FAIL(values,
                 mlFloatsOrTensor(g, "nodes_values", &f.doubleThresholds));
  // nodes_hitrates only describe the training data.
  size_t n = treeIds.size();
  if (n == 0)
    return g.error() << "nodes_treeids is empty: the ensemble has no nodes";
  std::pair<const char *, size_t> sizes[] = {
      {"nodes_nodeids", nodeIds.size()},
      {"nodes_featureids", featureIds.size()},
      {"nodes_modes", modes.size()},
      {"nodes_truenodeids", trueIds.size()},
      {"nodes_falsenodeids", falseIds.size()},
      {"nodes_values", values.size()},
      {"nodes_missing_value_tracks_true", tracks.empty() ? n : tracks.size()}};
  for (auto [name, size] : sizes)
    if (size != n)
      return g.error() << name << " has " << size
                       << " entries but nodes_treeids has " << n;
  std::map<int64_t, int64_t> trees;
  for (size_t i = 0; i < n; ++i) {
    auto key = std::make_pair(treeIds[i], nodeIds[i]);
    if (!f.position.emplace(key, static_cast<int64_t>(i)).second)
      return g.error() << "node " << nodeIds[i] << " of tree " << treeIds[i]
                       << " is listed twice";
    if (trees.emplace(treeIds[i], f.roots.size()).second)
      f.roots.push_back(static_cast<int64_t>(i));
    int64_t mode = llvm::StringSwitch<int64_t>(modes[i])
                       .Case("BRANCH_LEQ", Leq)
                       .Case("BRANCH_LT", Lt)
                       .Case("BRANCH_GTE", Gte)
                       .Case("BRANCH_GT", Gt)
                       .Case("BRANCH_EQ", Eq)
                       .Case("BRANCH_NEQ", Neq)
                       .Case("LEAF", Leaf)
                       .Default(NumModes);
    if (mode == NumModes)
      return g.error() << "nodes_modes[" << i << "] is '" << modes[i]
                       << "'; expected BRANCH_LEQ, BRANCH_LT, BRANCH_GTE, "
                          "BRANCH_GT, BRANCH_EQ, BRANCH_NEQ or LEAF";
    f.mode.push_back(mode);
  }
  for (size_t i = 0; i < n; ++i) {
    int64_t self = static_cast<int64_t>(i);
    int64_t track = tracks.empty() ? 0 : tracks[i];
    if (track != 0 && track != 1)
      return g.error() << "nodes_missing_value_tracks_true[" << i << "] is "
                       << track << "; expected 0 or 1";
    if (f.mode[i] == Leaf) {
      f.feature.push_back(0);
      f.threshold.push_back(0.0);
      f.trueChild.push_back(self);
      f.falseChild.push_back(self);
      f.tracksTrue.push_back(0);
      continue;
    }
    if (featureIds[i] < 0 || featureIds[i] >= numFeatures)
      return g.error() << "node " << nodeIds[i] << " of tree " << treeIds[i]
                       << " tests feature " << featureIds[i]
                       << "; the input has " << numFeatures << " features";
    f.feature.push_back(featureIds[i]);
    f.threshold.push_back(values[i]);
    f.tracksTrue.push_back(track);
    f.anyTracksTrue |= track != 0;
    f.branchModes.insert(f.mode[i]);
    for (auto [what, id, table] :
         {std::tuple{"true", trueIds[i], &f.trueChild},
          std::tuple{"false", falseIds[i], &f.falseChild}}) {
      auto it = f.position.find({treeIds[i], id});
      if (it == f.position.end())
        return g.error() << "node " << nodeIds[i] << " of tree " << treeIds[i]
                         << " has " << what << " child " << id
                         << ", which is not a node of tree " << treeIds[i];
      table->push_back(it->second);
    }
  }
  if (failed(measureDepth(g, f, treeIds, nodeIds)))
    return failure();
  return f;
}

/// A [targets] weight per leaf: the prefix_* attributes (target_ or class_).
struct LeafTable {
  /// [nodes, targets] in row-major order.
  std::vector<double> weights;
  /// Whether some vote is for (leaf, target).
  std::vector<uint8_t> voted;
  std::set<int64_t> targetsVoted;
  bool allNonNegative = true;
  bool doubleWeights = false;
};

FailureOr<LeafTable> readLeafTable(GraphImporter &g, const Forest &f,
                                   StringRef prefix, int64_t numTargets,
                                   Aggregate aggregate) {
  std::string p = prefix.str();
  ASSIGN_OR_FAIL(treeIds, mlInts(g, p + "_treeids"));
  ASSIGN_OR_FAIL(nodeIds, mlInts(g, p + "_nodeids"));
  ASSIGN_OR_FAIL(ids, mlInts(g, p + "_ids"));
  LeafTable t;
  ASSIGN_OR_FAIL(weights,
                 mlFloatsOrTensor(g, p + "_weights", &t.doubleWeights));
  size_t n = treeIds.size();
  if (nodeIds.size() != n || ids.size() != n || weights.size() != n)
    return g.error() << p << "_treeids, " << p << "_nodeids, " << p
                     << "_ids and " << p << "_weights have " << n << ", "
                     << nodeIds.size() << ", " << ids.size() << " and "
                     << weights.size() << " entries; expected the same";
  if (f.size() > kMaxTableElements / numTargets)
    return g.error() << f.size() << " nodes with " << numTargets
                     << " targets make a leaf table of more than "
                     << kMaxTableElements << " weights";
  t.weights.assign(f.size() * numTargets, 0.0);
  t.voted.assign(f.size() * numTargets, 0);
  for (size_t j = 0; j < n; ++j) {
    if (ids[j] < 0 || ids[j] >= numTargets)
      return g.error() << p << "_ids[" << j << "] is " << ids[j]
                       << "; expected a value in [0, " << numTargets << ")";
    auto it = f.position.find({treeIds[j], nodeIds[j]});
    if (it == f.position.end())
      return g.error() << p << " weight #" << j << " is for node " << nodeIds[j]
                       << " of tree " << treeIds[j]
                       << ", which is not in nodes_nodeids";
    if (f.mode[it->second] != Leaf)
      return g.error() << p << " weight #" << j << " is for node " << nodeIds[j]
                       << " of tree " << treeIds[j] << ", which is not a LEAF";
    int64_t k = it->second * numTargets + ids[j];
    double w = weights[j];
    double &slot = t.weights[k];
    if (!t.voted[k])
      slot = w;
    else if (aggregate == Aggregate::Min)
      slot = std::min(slot, w);
    else if (aggregate == Aggregate::Max)
      slot = std::max(slot, w);
    else
      slot += w;
    t.voted[k] = 1;
    t.targetsVoted.insert(ids[j]);
    t.allNonNegative &= w >= 0;
  }
  // Leaves without a vote for a target stay out of MIN and MAX.
  if (aggregate == Aggregate::Min || aggregate == Aggregate::Max) {
    double none = aggregate == Aggregate::Min
                      ? std::numeric_limits<double>::infinity()
                      : -std::numeric_limits<double>::infinity();
    for (size_t k = 0; k < t.weights.size(); ++k)
      if (!t.voted[k])
        t.weights[k] = none;
  }
  return t;
}

/// A constant of `shape` and float type `type` holding `values`.
Value floatTable(GraphImporter &g, Type type, ArrayRef<int64_t> shape,
                 ArrayRef<double> values) {
  auto tensorType = RankedTensorType::get(shape, type);
  DenseElementsAttr attr;
  if (type.isF64()) {
    attr = DenseElementsAttr::get(tensorType, values);
  } else {
    std::vector<float> narrow(values.begin(), values.end());
    attr = DenseElementsAttr::get(tensorType, ArrayRef<float>(narrow));
  }
  return arith::ConstantOp::create(g.builder(), g.loc(), tensorType, attr);
}

struct Walker {
  GraphImporter &g;
  Type e, i64;

  template <typename OpTy> FailureOr<Value> bin(Value a, Value b) {
    return createInferred<OpTy>(g, {a, b});
  }
  FailureOr<Value> gather(Value table, Value idx) {
    Builder &b = g.builder();
    Attrs axis0{b};
    axis0.add("axis", b.getI64IntegerAttr(0));
    return createInferred<GatherOp>(g, {table, idx}, axis0.list);
  }
  FailureOr<Value> where(Value c, Value x, Value y) {
    return createInferred<WhereOp>(g, {c, x, y});
  }
  FailureOr<Value> compare(int64_t mode, Value x, Value thr) {
    switch (mode) {
    case Leq:
      return bin<LessEqualOp>(x, thr);
    case Lt:
      return bin<LessOp>(x, thr);
    case Gte:
      return bin<GreaterEqualOp>(x, thr);
    case Gt:
      return bin<GreaterOp>(x, thr);
    case Eq:
      return bin<EqualOp>(x, thr);
    default: {
      ASSIGN_OR_FAIL(eq, bin<EqualOp>(x, thr));
      return createSameType<NotOp>(g, eq);
    }
    }
  }

  /// The leaf each tree reaches for each sample: [N, trees] (i64).
  FailureOr<Value> walk(const Forest &f, Value x, int64_t n) {
    int64_t m = f.size(), trees = static_cast<int64_t>(f.roots.size());
    Value featureT = i64Constant(g, {m}, f.feature);
    Value trueT = i64Constant(g, {m}, f.trueChild);
    Value falseT = i64Constant(g, {m}, f.falseChild);
    Value thresholdT = floatTable(g, e, {m}, f.threshold);
    Value modeT = i64Constant(g, {m}, f.mode);
    Value tracksT = i64Constant(g, {m}, f.tracksTrue);
    // The roots for every sample: nothing the size of the batch is built at
    // import.
    auto stateType = RankedTensorType::get({n, trees}, i64);
    auto start = ExpandOp::create(g.builder(), g.loc(), stateType,
                                  i64Constant(g, {1, trees}, f.roots));
    if (failed(verifyCreated(g, start)))
      return failure();
    Value idx = start.getResult();
    Builder &b = g.builder();
    Attrs axis1{b};
    axis1.add("axis", b.getI64IntegerAttr(1));
    for (int64_t level = 0; level < f.depth; ++level) {
      ASSIGN_OR_FAIL(feature, gather(featureT, idx));
      ASSIGN_OR_FAIL(
          value, createInferred<GatherElementsOp>(g, {x, feature}, axis1.list));
      ASSIGN_OR_FAIL(threshold, gather(thresholdT, idx));
      Value cond;
      Value mode;
      if (f.branchModes.size() > 1) {
        ASSIGN_OR_FAIL(modes, gather(modeT, idx));
        mode = modes;
      }
      for (int64_t m : f.branchModes) {
        ASSIGN_OR_FAIL(c, compare(m, value, threshold));
        if (!cond) {
          cond = c;
          continue;
        }
        ASSIGN_OR_FAIL(isMode, bin<EqualOp>(mode, intConstant(g, i64, m)));
        ASSIGN_OR_FAIL(next, where(isMode, c, cond));
        cond = next;
      }
      if (f.anyTracksTrue) {
        ASSIGN_OR_FAIL(same, bin<EqualOp>(value, value));
        ASSIGN_OR_FAIL(isNan, createSameType<NotOp>(g, same));
        ASSIGN_OR_FAIL(tracks, gather(tracksT, idx));
        ASSIGN_OR_FAIL(tracking, bin<EqualOp>(tracks, intConstant(g, i64, 1)));
        ASSIGN_OR_FAIL(missing, bin<AndOp>(isNan, tracking));
        ASSIGN_OR_FAIL(taken, bin<OrOp>(cond, missing));
        cond = taken;
      }
      ASSIGN_OR_FAIL(onTrue, gather(trueT, idx));
      ASSIGN_OR_FAIL(onFalse, gather(falseT, idx));
      ASSIGN_OR_FAIL(next, where(cond, onTrue, onFalse));
      idx = next;
    }
    return idx;
  }

  /// The leaves' weights aggregated over the trees: [N, targets].
  FailureOr<Value> aggregate(const Forest &f, const LeafTable &t, Value leaves,
                             int64_t targets, Aggregate how) {
    Builder &b = g.builder();
    Value table = floatTable(g, e, {f.size(), targets}, t.weights);
    ASSIGN_OR_FAIL(votes, gather(table, leaves));
    Attrs overTrees{b};
    overTrees.add("axes", b.getDenseI64ArrayAttr({1}));
    overTrees.add("keepdims", b.getBoolAttr(false));
    switch (how) {
    case Aggregate::Sum:
      return createInferred<ReduceSumOp>(g, {votes}, overTrees.list);
    case Aggregate::Average: {
      ASSIGN_OR_FAIL(sum,
                     createInferred<ReduceSumOp>(g, {votes}, overTrees.list));
      return bin<DivOp>(sum, floatConstant(g, e, f.roots.size()));
    }
    case Aggregate::Min:
    case Aggregate::Max: {
      bool min = how == Aggregate::Min;
      FailureOr<Value> r =
          min ? createInferred<ReduceMinOp>(g, {votes}, overTrees.list)
              : createInferred<ReduceMaxOp>(g, {votes}, overTrees.list);
      if (failed(r))
        return failure();
      // No tree voted: 0.
      double none = min ? std::numeric_limits<double>::infinity()
                        : -std::numeric_limits<double>::infinity();
      ASSIGN_OR_FAIL(unvoted, bin<EqualOp>(*r, floatConstant(g, e, none)));
      return where(unvoted, floatConstant(g, e, 0), *r);
    }
    }
    return failure();
  }

  /// Whether some tree voted for each (sample, target): [N, targets] (i1).
  FailureOr<Value> voted(const Forest &f, const LeafTable &t, Value leaves,
                         int64_t targets) {
    Builder &b = g.builder();
    std::vector<double> flags(t.voted.begin(), t.voted.end());
    Value table = floatTable(g, e, {f.size(), targets}, flags);
    ASSIGN_OR_FAIL(votes, gather(table, leaves));
    Attrs overTrees{b};
    overTrees.add("axes", b.getDenseI64ArrayAttr({1}));
    overTrees.add("keepdims", b.getBoolAttr(false));
    ASSIGN_OR_FAIL(any,
                   createInferred<ReduceMaxOp>(g, {votes}, overTrees.list));
    return bin<GreaterOp>(any, floatConstant(g, e, 0));
  }
};

/// F of the input X [N, F], read before the nodes that index it.
FailureOr<int64_t> ensembleFeatures(GraphImporter &g) {
  ASSIGN_OR_FAIL(shape, g.inputShape(0));
  if (shape.size() != 2)
    return g.error() << "input '" << g.node().input(0) << "' has shape ["
                     << shape
                     << "]; Seam takes tree ensemble inputs of shape [N, F]";
  return shape[1];
}

/// The input X as [N, F] of the type the comparisons are made in (f64 for
/// f64 inputs or double thresholds, else f32; integers are converted).
FailureOr<std::pair<Value, Type>> ensembleInput(GraphImporter &g,
                                                bool doubleThresholds) {
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  if (type.getRank() != 2)
    return g.error() << "input '" << g.node().input(0) << "' has shape ["
                     << type.getShape()
                     << "]; Seam takes tree ensemble inputs of shape [N, F]";
  if (!elem.isF32() && !elem.isF64() && !elem.isInteger(64) &&
      !elem.isInteger(32))
    return g.error() << "input '" << g.node().input(0) << "' has type " << type
                     << "; expected float, double, int64 or int32";
  Builder &b = g.builder();
  Type e = elem.isF64() || doubleThresholds ? Type(b.getF64Type())
                                            : Type(b.getF32Type());
  ASSIGN_OR_FAIL(cast, castValue(g, x, e));
  return std::make_pair(cast, e);
}

FailureOr<Aggregate> aggregateFunction(GraphImporter &g) {
  ASSIGN_OR_FAIL(name, g.stringAttr("aggregate_function", "SUM"));
  if (name == "SUM")
    return Aggregate::Sum;
  if (name == "AVERAGE")
    return Aggregate::Average;
  if (name == "MIN")
    return Aggregate::Min;
  if (name == "MAX")
    return Aggregate::Max;
  return g.error() << "aggregate_function '" << name
                   << "' is not SUM, AVERAGE, MIN or MAX";
}

/// base_values (or base_values_as_tensor): empty, or one per target.
FailureOr<std::vector<double>> baseValues(GraphImporter &g, int64_t targets,
                                          bool *isDouble) {
  ASSIGN_OR_FAIL(base, mlFloatsOrTensor(g, "base_values", isDouble));
  if (!base.empty() && static_cast<int64_t>(base.size()) != targets)
    return g.error() << "base_values has " << base.size()
                     << " values; expected none or " << targets;
  return base;
}

FailureOr<Value> addBase(Walker &w, Value scores, ArrayRef<double> base) {
  if (base.empty())
    return scores;
  Value row =
      floatTable(w.g, w.e, {1, static_cast<int64_t>(base.size())}, base);
  return w.bin<AddOp>(scores, row);
}

} // namespace

LogicalResult convertTreeEnsembleRegressor(GraphImporter &g) {
  ASSIGN_OR_FAIL(targets, g.intAttr("n_targets", 1));
  if (targets < 1 || targets > kMaxTargets)
    return g.error() << "n_targets " << targets << " is not in [1, "
                     << kMaxTargets << "]";
  ASSIGN_OR_FAIL(how, aggregateFunction(g));
  ASSIGN_OR_FAIL(transform, mlRegressorPostTransform(g, targets));
  bool doubleBase = false;
  ASSIGN_OR_FAIL(base, baseValues(g, targets, &doubleBase));
  ASSIGN_OR_FAIL(features, ensembleFeatures(g));
  ASSIGN_OR_FAIL(forest, readForest(g, features));
  ASSIGN_OR_FAIL(table, readLeafTable(g, forest, "target", targets, how));
  ASSIGN_OR_FAIL(input,
                 ensembleInput(g, forest.doubleThresholds ||
                                      table.doubleWeights || doubleBase));
  auto [x, e] = input;
  int64_t n = cast<RankedTensorType>(x.getType()).getDimSize(0);
  Walker w{g, e, g.builder().getI64Type()};
  ASSIGN_OR_FAIL(leaves, w.walk(forest, x, n));
  ASSIGN_OR_FAIL(sum, w.aggregate(forest, table, leaves, targets, how));
  ASSIGN_OR_FAIL(scores, addBase(w, sum, base));
  ASSIGN_OR_FAIL(f32Scores, castValue(g, scores, g.builder().getF32Type()));
  ASSIGN_OR_FAIL(y, applyPostTransform(g, f32Scores, transform));
  g.setOutput(0, y);
  return success();
}

LogicalResult convertTreeEnsembleClassifier(GraphImporter &g) {
  if (g.findAttr("classlabels_strings"))
    return refuseStrings(g, "classlabels_strings");
  ASSIGN_OR_FAIL(labels, mlInts(g, "classlabels_int64s"));
  int64_t classes = static_cast<int64_t>(labels.size());
  if (classes < 2 || classes > kMaxTargets)
    return g.error() << "classlabels_int64s has " << classes
                     << " labels; expected 2 to " << kMaxTargets;
  ASSIGN_OR_FAIL(transform, mlPostTransform(g));
  ASSIGN_OR_FAIL(features, ensembleFeatures(g));
  ASSIGN_OR_FAIL(forest, readForest(g, features));
  ASSIGN_OR_FAIL(table,
                 readLeafTable(g, forest, "class", classes, Aggregate::Sum));
  bool binary = classes == 2 && table.targetsVoted.size() == 1;
  bool doubleBase = false;
  ASSIGN_OR_FAIL(base, mlFloatsOrTensor(g, "base_values", &doubleBase));
  int64_t votedClass = binary ? *table.targetsVoted.begin() : -1;
  if (classes == 2 && !binary && !table.targetsVoted.empty())
    return g.error() << "two class labels with weights on both classes: "
                        "ONNX Runtime labels such a sample by whether the "
                        "second score is positive, not by the larger score; "
                        "Seam refuses the ambiguity (write the weights of "
                        "one class only)";
  if (binary && !(base.empty() || (base.size() == 1 && votedClass == 0)))
    return g.error() << "binary case (weights on class " << votedClass
                     << " only) with " << base.size()
                     << " base_values: Seam takes none, or one with the "
                        "weights on class 0";
  if (binary && votedClass == 0 && transform == PostTransform::Probit)
    return g.error() << "post_transform PROBIT in the binary case (weights "
                        "on class 0 only): ONNX Runtime writes one score of "
                        "two; Seam refuses it";
  if (!binary && !base.empty() && static_cast<int64_t>(base.size()) != classes)
    return g.error() << "base_values has " << base.size()
                     << " values; expected none or " << classes;
  ASSIGN_OR_FAIL(input,
                 ensembleInput(g, forest.doubleThresholds ||
                                      table.doubleWeights || doubleBase));
  auto [x, e] = input;
  int64_t n = cast<RankedTensorType>(x.getType()).getDimSize(0);
  Builder &b = g.builder();
  Type f32 = b.getF32Type(), i64 = b.getI64Type();
  Walker w{g, e, i64};
  ASSIGN_OR_FAIL(leaves, w.walk(forest, x, n));
  ASSIGN_OR_FAIL(sum,
                 w.aggregate(forest, table, leaves, classes, Aggregate::Sum));
  auto labelOf = [&](Value positive) -> FailureOr<Value> {
    // One statement each: the order of a call's arguments is the compiler's.
    Value negative = intConstant(g, i64, labels[0]);
    Value positiveLabel = intConstant(g, i64, labels[1]);
    return w.where(positive, positiveLabel, negative);
  };
  Value scores, label;
  if (binary) {
    // s: the voted class's score, [N, 1].
    ASSIGN_OR_FAIL(column, sliceAxis(g, sum, 1, votedClass, 1));
    ASSIGN_OR_FAIL(s64, addBase(w, column,
                                base.empty() ? ArrayRef<double>()
                                             : ArrayRef<double>(base[0])));
    ASSIGN_OR_FAIL(s2, castValue(g, s64, f32));
    double cut = table.allNonNegative ? 0.5 : 0.0;
    ASSIGN_OR_FAIL(positive, w.bin<GreaterOp>(s2, floatConstant(g, f32, cut)));
    ASSIGN_OR_FAIL(l, labelOf(positive));
    ASSIGN_OR_FAIL(flatLabel, reshapeValue(g, l, {n}));
    label = flatLabel;
    if (votedClass == 1) {
      ASSIGN_OR_FAIL(z, castValue(g, sum, f32));
      ASSIGN_OR_FAIL(t, applyPostTransform(g, z, transform));
      scores = t;
    } else {
      Value first, second = s2;
      if (table.allNonNegative) {
        ASSIGN_OR_FAIL(rest, w.bin<SubOp>(floatConstant(g, f32, 1), s2));
        first = rest;
      } else {
        ASSIGN_OR_FAIL(neg, createSameType<NegOp>(g, s2));
        first = neg;
        if (transform == PostTransform::Logistic) {
          ASSIGN_OR_FAIL(p0, createSameType<SigmoidOp>(g, neg));
          ASSIGN_OR_FAIL(p1, createSameType<SigmoidOp>(g, s2));
          first = p0;
          second = p1;
        }
      }
      Attrs axis1{b};
      axis1.add("axis", b.getI64IntegerAttr(1));
      ASSIGN_OR_FAIL(z,
                     createInferred<ConcatOp>(g, {first, second}, axis1.list));
      scores = z;
    }
  } else {
    ASSIGN_OR_FAIL(withBase, addBase(w, sum, base));
    ASSIGN_OR_FAIL(z, castValue(g, withBase, f32));
    // The label is the largest score among the classes scored; a class no
    // reached leaf votes for (and without base value) is not one.
    Value candidates = z;
    bool allVoted = llvm::all_of(table.voted, [](uint8_t v) { return v; });
    if (base.empty() && !allVoted) {
      ASSIGN_OR_FAIL(scored, w.voted(forest, table, leaves, classes));
      ASSIGN_OR_FAIL(
          masked,
          w.where(
              scored, z,
              floatConstant(g, f32, -std::numeric_limits<float>::infinity())));
      candidates = masked;
    }
    Attrs argAttrs{b};
    argAttrs.add("axis", b.getI64IntegerAttr(1));
    argAttrs.add("keepdims", b.getBoolAttr(false));
    ASSIGN_OR_FAIL(best,
                   createInferred<ArgMaxOp>(g, {candidates}, argAttrs.list));
    ASSIGN_OR_FAIL(l, w.gather(i64Constant(g, {classes}, labels), best));
    label = l;
    ASSIGN_OR_FAIL(t, applyPostTransform(g, z, transform));
    scores = t;
  }
  g.setOutput(0, label);
  g.setOutput(1, scores);
  return success();
}

} // namespace seam::detail
