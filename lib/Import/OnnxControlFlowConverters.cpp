//===- OnnxControlFlowConverters.cpp - If, Loop and Scan, inlined ---------===//
//
// Seam's graphs have no control flow: an If whose condition is known at
// import is replaced by the branch it takes, an If with a run-time condition
// computes both branches and selects (they must give the same types), and a
// Loop whose trip count and conditions are known at import is unrolled, and
// a Scan is unrolled over its scan axis.
//
//===----------------------------------------------------------------------===//

#include "IntTensorOps.h"
#include "OnnxConverterUtils.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"

#include <limits>

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

/// The graph attribute `name` of the current node, or an error.
FailureOr<const onnx::GraphProto *> graphAttr(GraphImporter &g,
                                              StringRef name) {
  const onnx::AttributeProto *attr = g.findAttr(name);
  if (!attr || attr->type() != onnx::AttributeProto::GRAPH || !attr->has_g())
    return g.error() << "attribute '" << name << "' (a graph) is required";
  return &attr->g();
}

/// The single boolean of an import-time constant, or nothing.
FailureOr<std::optional<bool>>
constantCondition(GraphImporter &g, const ImportedValue &v, StringRef what) {
  if (!v.ints)
    return std::optional<bool>();
  if (v.ints->values.size() != 1)
    return g.error() << what << " must hold one value, has "
                     << v.ints->values.size();
  return std::optional<bool>(v.ints->values.front() != 0);
}

/// Binds the outputs of a subgraph to the node's outputs.
LogicalResult setOutputs(GraphImporter &g, ArrayRef<ImportedValue> outputs,
                         StringRef what) {
  if (static_cast<int>(outputs.size()) != g.node().output_size())
    return g.error() << what << " has " << outputs.size()
                     << " outputs but the node has " << g.node().output_size();
  for (auto [i, v] : llvm::enumerate(outputs))
    g.setOutput(i, v);
  return success();
}

/// If: the branch a constant condition takes; with a run-time condition,
/// both branches and a where per output.
LogicalResult convertIf(GraphImporter &g) {
  ASSIGN_OR_FAIL(thenGraph, graphAttr(g, "then_branch"));
  ASSIGN_OR_FAIL(elseGraph, graphAttr(g, "else_branch"));
  ASSIGN_OR_FAIL(condIn, g.input(0));
  ASSIGN_OR_FAIL(known, constantCondition(g, *condIn, "input 'cond'"));
  if (known) {
    StringRef what = *known ? "then_branch" : "else_branch";
    ASSIGN_OR_FAIL(
        outs, g.inlineSubgraph(*known ? *thenGraph : *elseGraph, {}, what));
    return setOutputs(g, outs, what);
  }

  ASSIGN_OR_FAIL(cond, g.tensorInput(0));
  auto condType = cast<RankedTensorType>(cond.getType());
  if (!condType.getElementType().isInteger(1) || condType.getNumElements() != 1)
    return g.error() << "input 'cond' must be one bool, got " << condType;
  // A rank-0 condition broadcasts to every output shape.
  if (condType.getRank() != 0)
    cond = ReshapeOp::create(g.builder(), g.loc(),
                             condType.clone(ArrayRef<int64_t>{}), cond);
  ASSIGN_OR_FAIL(thenOuts, g.inlineSubgraph(*thenGraph, {}, "then_branch"));
  ASSIGN_OR_FAIL(elseOuts, g.inlineSubgraph(*elseGraph, {}, "else_branch"));
  if (thenOuts.size() != elseOuts.size())
    return g.error() << "then_branch has " << thenOuts.size()
                     << " outputs and else_branch " << elseOuts.size();
  SmallVector<ImportedValue> selected;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(thenOuts, elseOuts))) {
    auto &[t, e] = pair;
    ASSIGN_OR_FAIL(tv, g.materializeValue(t, thenGraph->output(i).name()));
    ASSIGN_OR_FAIL(ev, g.materializeValue(e, elseGraph->output(i).name()));
    if (tv.getType() != ev.getType())
      return g.error() << "output #" << i << " is " << tv.getType()
                       << " in then_branch and " << ev.getType()
                       << " in else_branch; with a condition known only at "
                          "run time Seam computes both branches and selects, "
                          "so they must have the same type";
    ASSIGN_OR_FAIL(where, createInferred<WhereOp>(g, {cond, tv, ev}));
    ImportedValue v;
    v.tensor = where;
    selected.push_back(v);
  }
  return setOutputs(g, selected, "If");
}

/// A scalar import-time integer of ONNX type `dataType`.
ImportedValue scalarInt(int64_t value, int32_t dataType) {
  ImportedValue v;
  v.ints = IntTensor{{}, {value}, dataType};
  return v;
}

/// Stacks the per-iteration values of a scan output along a new axis 0.
FailureOr<ImportedValue> stackScanOutput(GraphImporter &g,
                                         SmallVector<ImportedValue> &steps,
                                         StringRef name) {
  ImportedValue result;
  if (llvm::all_of(steps, [](const ImportedValue &v) { return v.ints; })) {
    SmallVector<IntTensor> rows;
    for (const ImportedValue &v : steps) {
      if (v.ints->shape != steps.front().ints->shape)
        return g.error() << "scan output '" << name
                         << "' changes shape between iterations (["
                         << ArrayRef(steps.front().ints->shape) << "] and ["
                         << ArrayRef(v.ints->shape) << "])";
      IntTensor row = *v.ints;
      row.shape.insert(row.shape.begin(), 1);
      rows.push_back(std::move(row));
    }
    result.ints = evalIntConcat(rows, 0);
    return result;
  }
  SmallVector<Value> rows;
  Type first;
  for (ImportedValue &v : steps) {
    ASSIGN_OR_FAIL(t, g.materializeValue(v, name));
    auto type = cast<RankedTensorType>(t.getType());
    if (!first)
      first = type;
    if (type != first)
      return g.error() << "scan output '" << name
                       << "' changes type between iterations (" << first
                       << " and " << type << ")";
    SmallVector<int64_t> shape{1};
    llvm::append_range(shape, type.getShape());
    rows.push_back(
        ReshapeOp::create(g.builder(), g.loc(), type.clone(shape), t));
  }
  if (rows.size() == 1) {
    result.tensor = rows.front();
    return result;
  }
  Attrs attrs{g.builder()};
  attrs.add("axis", g.builder().getI64IntegerAttr(0));
  ASSIGN_OR_FAIL(stacked, createInferred<ConcatOp>(g, rows, attrs.list));
  result.tensor = stacked;
  return result;
}

/// Loop(M, cond, v_initial...): unrolled. The trip count and the condition
/// (the input and the body's output in every iteration) must be known at
/// import; scan outputs are stacked.
LogicalResult convertLoop(GraphImporter &g) {
  ASSIGN_OR_FAIL(body, graphAttr(g, "body"));
  int64_t tripCount = std::numeric_limits<int64_t>::max();
  if (g.hasInput(0)) {
    ASSIGN_OR_FAIL(mIn, g.input(0));
    if (!mIn->ints)
      return g.error() << "input 'M' ('" << g.node().input(0)
                       << "', the trip count) must be known at import: Seam "
                          "unrolls loops";
    if (mIn->ints->values.size() != 1)
      return g.error() << "input 'M' must hold one value, has "
                       << mIn->ints->values.size();
    tripCount = mIn->ints->values.front();
  }
  bool running = true;
  if (g.hasInput(1)) {
    ASSIGN_OR_FAIL(condIn, g.input(1));
    ASSIGN_OR_FAIL(known, constantCondition(g, *condIn, "input 'cond'"));
    if (!known)
      return g.error() << "input 'cond' must be known at import: Seam "
                          "unrolls loops";
    running = *known;
  }
  if (!g.hasInput(0) && !g.hasInput(1))
    return g.error() << "neither a trip count 'M' nor a condition 'cond' is "
                        "given: the loop would not end";

  int carried = g.node().input_size() - 2;
  if (carried < 0)
    carried = 0;
  int scans = body->output_size() - 1 - carried;
  if (body->input_size() != 2 + carried || scans < 0)
    return g.error() << "body has " << body->input_size() << " inputs and "
                     << body->output_size() << " outputs; with " << carried
                     << " loop-carried values it needs " << 2 + carried
                     << " inputs and at least " << 1 + carried << " outputs";
  if (g.node().output_size() > carried + scans)
    return g.error() << "the node has " << g.node().output_size()
                     << " outputs but the body gives " << carried
                     << " loop-carried values and " << scans << " scan outputs";

  SmallVector<ImportedValue> state;
  for (int i = 0; i < carried; ++i) {
    ASSIGN_OR_FAIL(v, g.input(2 + i));
    state.push_back(*v);
  }
  // A body without nodes costs nothing to unroll; bound the iterations too.
  const int64_t maxIterations = g.importOptions().maxLoopIterations;
  SmallVector<SmallVector<ImportedValue>> scanSteps(scans);
  for (int64_t iteration = 0; running && iteration < tripCount; ++iteration) {
    if (iteration == maxIterations)
      return g.error() << "the loop runs more than " << maxIterations
                       << " iterations; Seam unrolls loops and stops there";
    SmallVector<ImportedValue> inputs{
        scalarInt(iteration, onnx::TensorProto::INT64),
        scalarInt(1, onnx::TensorProto::BOOL)};
    llvm::append_range(inputs, state);
    std::string what = "iteration " + std::to_string(iteration) + " of body";
    ASSIGN_OR_FAIL(outs, g.inlineSubgraph(*body, inputs, what));
    ASSIGN_OR_FAIL(next, constantCondition(g, outs[0], "the body's 'cond'"));
    if (!next)
      return g.error() << "the body's output 'cond' is computed at run time "
                          "(iteration "
                       << iteration << "); Seam unrolls only loops whose "
                       << "condition is known at import";
    running = *next;
    for (int i = 0; i < carried; ++i)
      state[i] = outs[1 + i];
    for (int k = 0; k < scans; ++k)
      scanSteps[k].push_back(outs[1 + carried + k]);
  }

  SmallVector<ImportedValue> results(state.begin(), state.end());
  for (int k = 0; k < scans; ++k) {
    StringRef name = body->output(1 + carried + k).name();
    if (scanSteps[k].empty()) {
      if (k + carried < g.node().output_size() &&
          !g.node().output(carried + k).empty())
        return g.error() << "the loop runs 0 times, so scan output '" << name
                         << "' would be empty; Seam does not support empty "
                            "tensors";
      results.push_back(ImportedValue());
      continue;
    }
    ASSIGN_OR_FAIL(stacked, stackScanOutput(g, scanSteps[k], name));
    results.push_back(stacked);
  }
  results.resize(g.node().output_size());
  for (auto [i, v] : llvm::enumerate(results))
    if (v.tensor || v.ints || v.pending)
      g.setOutput(i, v);
  return success();
}

/// The per-tensor attribute `name` of Scan (`count` values, default 0):
/// axes normalized against the ranks `ranks[i]` when `isAxis`, else
/// directions (0 or 1).
FailureOr<SmallVector<int64_t>> scanAttr(GraphImporter &g, StringRef name,
                                         int64_t count, ArrayRef<int64_t> ranks,
                                         bool isAxis) {
  ASSIGN_OR_FAIL(values, g.intsAttr(name));
  if (values && static_cast<int64_t>(values->size()) != count)
    return g.error() << "attribute '" << name << "' has " << values->size()
                     << " values for " << count << " scan tensors";
  SmallVector<int64_t> result =
      values ? *values : SmallVector<int64_t>(count, 0);
  for (auto [i, v] : llvm::enumerate(result)) {
    static_assert(std::is_reference_v<decltype(v)>, "normalizes in place");
    if (!isAxis) {
      if (v != 0 && v != 1)
        return g.error() << "attribute '" << name << "' holds " << v
                         << "; a direction is 0 (forward) or 1 (reverse)";
      continue;
    }
    int64_t rank = ranks[i];
    if (v < -rank || v >= rank)
      return g.error() << "attribute '" << name << "' holds axis " << v
                       << ", out of range for rank " << rank;
    if (v < 0)
      v += rank;
  }
  return result;
}

/// Scan (opset 9 and later): unrolled over the scan axis. Each step slices
/// the scan inputs (from the end when reversed), runs the body on the state
/// and the slices, and the scan outputs are stacked along their axes (in
/// reverse order when reversed). Opset 8's batched form is refused before
/// version conversion (OnnxModelLoader.cpp).
LogicalResult convertScan(GraphImporter &g) {
  ASSIGN_OR_FAIL(body, graphAttr(g, "body"));
  if (!g.findAttr("num_scan_inputs"))
    return g.error() << "attribute 'num_scan_inputs' is required";
  ASSIGN_OR_FAIL(numScans, g.intAttr("num_scan_inputs", 0));
  int64_t inputs = g.node().input_size();
  if (numScans < 1 || numScans > inputs)
    return g.error() << "num_scan_inputs " << numScans << " is not in [1, "
                     << inputs << "] (the node's inputs)";
  int64_t carried = inputs - numScans;
  int64_t scanOutputs = body->output_size() - carried;
  if (body->input_size() != inputs || scanOutputs < 0)
    return g.error() << "body has " << body->input_size() << " inputs and "
                     << body->output_size() << " outputs; with " << carried
                     << " state values and " << numScans << " scan inputs it "
                     << "needs " << inputs << " inputs and at least " << carried
                     << " outputs";

  SmallVector<ImportedValue> state;
  for (int64_t i = 0; i < carried; ++i) {
    ASSIGN_OR_FAIL(v, g.input(i));
    state.push_back(*v);
  }
  SmallVector<Value> scanned;
  SmallVector<int64_t> scanRanks;
  for (int64_t i = carried; i < inputs; ++i) {
    ASSIGN_OR_FAIL(v, g.tensorInput(i));
    scanned.push_back(v);
    scanRanks.push_back(cast<RankedTensorType>(v.getType()).getRank());
  }
  ASSIGN_OR_FAIL(axes, scanAttr(g, "scan_input_axes", numScans, scanRanks,
                                /*isAxis=*/true));
  ASSIGN_OR_FAIL(directions,
                 scanAttr(g, "scan_input_directions", numScans, {}, false));
  int64_t steps = -1;
  for (auto [i, v] : llvm::enumerate(scanned)) {
    int64_t length = cast<RankedTensorType>(v.getType()).getDimSize(axes[i]);
    if (steps >= 0 && length != steps)
      return g.error() << "scan input '" << g.node().input(carried + i)
                       << "' has " << length << " steps along axis " << axes[i]
                       << ", the first has " << steps;
    steps = length;
  }
  const int64_t maxIterations = g.importOptions().maxLoopIterations;
  if (steps > maxIterations)
    return g.error() << "the scan runs " << steps << " steps, more than "
                     << maxIterations << "; Seam unrolls Scan and stops there";

  SmallVector<SmallVector<ImportedValue>> outputSteps(scanOutputs);
  for (int64_t t = 0; t < steps; ++t) {
    SmallVector<ImportedValue> bodyInputs(state.begin(), state.end());
    for (auto [i, v] : llvm::enumerate(scanned)) {
      int64_t index = directions[i] ? steps - 1 - t : t;
      ASSIGN_OR_FAIL(slice, entryAlong(g, v, axes[i], index));
      ImportedValue in;
      in.tensor = slice;
      bodyInputs.push_back(in);
    }
    std::string what = "step " + std::to_string(t) + " of body";
    ASSIGN_OR_FAIL(outs, g.inlineSubgraph(*body, bodyInputs, what));
    for (int64_t i = 0; i < carried; ++i)
      state[i] = outs[i];
    for (int64_t k = 0; k < scanOutputs; ++k)
      outputSteps[k].push_back(outs[carried + k]);
  }

  SmallVector<ImportedValue> results(state.begin(), state.end());
  SmallVector<int64_t> outputRanks;
  for (int64_t k = 0; k < scanOutputs; ++k) {
    if (outputSteps[k].empty())
      return g.error() << "the scan runs 0 steps, so scan output '"
                       << body->output(carried + k).name()
                       << "' would be empty; Seam does not support empty "
                          "tensors";
    ASSIGN_OR_FAIL(first, g.materializeValue(outputSteps[k].front(),
                                             body->output(carried + k).name()));
    outputRanks.push_back(cast<RankedTensorType>(first.getType()).getRank() +
                          1);
  }
  ASSIGN_OR_FAIL(outAxes, scanAttr(g, "scan_output_axes", scanOutputs,
                                   outputRanks, /*isAxis=*/true));
  ASSIGN_OR_FAIL(outDirections,
                 scanAttr(g, "scan_output_directions", scanOutputs, {}, false));
  for (int64_t k = 0; k < scanOutputs; ++k) {
    StringRef name = body->output(carried + k).name();
    if (outDirections[k])
      std::reverse(outputSteps[k].begin(), outputSteps[k].end());
    ASSIGN_OR_FAIL(stacked, stackScanOutput(g, outputSteps[k], name));
    if (outAxes[k] != 0) {
      // Axis 0 (the steps) moves to the output's scan axis.
      ASSIGN_OR_FAIL(t, g.materializeValue(stacked, name));
      SmallVector<int64_t> perm;
      for (int64_t d = 1; d < outputRanks[k]; ++d) {
        if (d - 1 == outAxes[k])
          perm.push_back(0);
        perm.push_back(d);
      }
      if (static_cast<int64_t>(perm.size()) < outputRanks[k])
        perm.push_back(0);
      ASSIGN_OR_FAIL(moved, transposed(g, t, perm));
      stacked = ImportedValue();
      stacked.tensor = moved;
    }
    results.push_back(stacked);
  }
  return setOutputs(g, results, "body");
}

} // namespace

OpConverter lookupControlFlowOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("If", convertIf)
      .Case("Loop", convertLoop)
      .Case("Scan", convertScan)
      .Default(nullptr);
}

} // namespace seam::detail
