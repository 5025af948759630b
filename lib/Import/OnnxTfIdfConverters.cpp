//===- OnnxTfIdfConverters.cpp - TfIdfVectorizer on integer tokens --------===//
//
// ONNX TfIdfVectorizer on int32/int64 token ids, decomposed into seam ops:
// for each n-gram length n in [min_gram_length, max_gram_length] and each
// distance d between the tokens of a gram (1 .. max_skip_count + 1; one
// distance for unigrams), the input's n strided slices are compared with
// every n-gram of the pool of that length, the matches of all n tokens
// counted over the window positions of each row, and the counts scattered to
// their output columns (ngram_indexes) by a product with a constant matrix
// that also carries the weights. n-grams never cross rows of a batched
// [N, C] input. Pools of strings are refused (Seam has no string tensors).
//
//===----------------------------------------------------------------------===//

#include "OnnxMlConverters.h"
#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace seam;

namespace seam::detail {
namespace {

enum class TfIdfMode { TF, IDF, TFIDF };

/// The pool's n-grams of one length: their first index in the pool of
/// n-grams (the row of ngram_indexes and weights) and their tokens.
struct GramGroup {
  int64_t length = 0;
  int64_t firstGram = 0;
  SmallVector<int64_t> tokens; // count x length, row major
  int64_t count() const { return length ? tokens.size() / length : 0; }
};

/// The pool of int64 n-grams split by length, checked against ngram_counts.
FailureOr<SmallVector<GramGroup>>
gramGroups(GraphImporter &g, ArrayRef<int64_t> pool, ArrayRef<int64_t> counts) {
  SmallVector<GramGroup> groups;
  int64_t poolSize = static_cast<int64_t>(pool.size());
  int64_t gram = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    int64_t start = counts[i];
    int64_t end = i + 1 < counts.size() ? counts[i + 1] : poolSize;
    if (start < 0 || start > end || end > poolSize)
      return g.error() << "ngram_counts " << ArrayRef<int64_t>(counts)
                       << " is not a non-decreasing list of offsets into the "
                       << poolSize << " pool entries";
    int64_t length = static_cast<int64_t>(i) + 1;
    if ((end - start) % length != 0)
      return g.error() << "the pool's " << length << "-grams (entries " << start
                       << " to " << end << ") are not a whole number "
                       << "of " << length << "-grams";
    GramGroup group;
    group.length = length;
    group.firstGram = gram;
    group.tokens.assign(pool.begin() + start, pool.begin() + end);
    gram += group.count();
    groups.push_back(std::move(group));
  }
  if (!counts.empty() && counts.front() != 0)
    return g.error() << "ngram_counts starts at " << counts.front()
                     << "; the unigrams start the pool at 0";
  return groups;
}

/// `acc` combined with `v` by `OpTy` (`acc` = `v` when it is still null).
template <typename OpTy>
LogicalResult accumulate(GraphImporter &g, Value &acc, Value v) {
  if (!acc) {
    acc = v;
    return success();
  }
  FailureOr<Value> combined = createInferred<OpTy>(g, {acc, v});
  if (failed(combined))
    return failure();
  acc = *combined;
  return success();
}

/// For rows [N, C] of i64 tokens: how often each n-gram of `group` occurs
/// with distance `d` between its tokens, as f32 [N, K] (nothing when no
/// window fits in a row).
FailureOr<std::optional<Value>> countGrams(GraphImporter &g, Value rows,
                                           const GramGroup &group, int64_t d) {
  auto type = cast<RankedTensorType>(rows.getType());
  int64_t n = type.getDimSize(0), c = type.getDimSize(1);
  int64_t k = group.count();
  int64_t windows = c - (group.length - 1) * d;
  if (windows <= 0)
    return std::optional<Value>();
  Value all;
  for (int64_t j = 0; j < group.length; ++j) {
    // Token j of every window: [N, windows, 1] against the pool's [1, 1, K].
    ASSIGN_OR_FAIL(slice, sliceAxis(g, rows, 1, j * d, windows));
    ASSIGN_OR_FAIL(column, reshapeValue(g, slice, {n, windows, 1}));
    SmallVector<int64_t> tokens;
    for (int64_t gram = 0; gram < k; ++gram)
      tokens.push_back(group.tokens[gram * group.length + j]);
    Value pool = i64Constant(g, {1, 1, k}, tokens);
    ASSIGN_OR_FAIL(match, createInferred<EqualOp>(g, {column, pool}));
    if (failed(accumulate<AndOp>(g, all, match)))
      return failure();
  }
  ASSIGN_OR_FAIL(ones, castValue(g, all, g.builder().getF32Type()));
  Attrs windowAxis{g.builder()};
  windowAxis.add("axes", g.builder().getDenseI64ArrayAttr({1}));
  windowAxis.add("keepdims", g.builder().getBoolAttr(false));
  ASSIGN_OR_FAIL(count,
                 createInferred<ReduceSumOp>(g, {ones}, windowAxis.list));
  return std::optional<Value>(count);
}

LogicalResult convertTfIdfVectorizer(GraphImporter &g) {
  if (g.findAttr("pool_strings"))
    return g.error() << "'pool_strings' makes this op compute on string "
                        "tensors, which Seam does not support; give the model "
                        "token ids and their n-grams in 'pool_int64s'";
  ASSIGN_OR_FAIL(x, g.tensorInput(0));
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  if (!elem.isInteger(32) && !elem.isInteger(64))
    return g.error() << "input '" << g.node().input(0) << "' has type " << type
                     << "; expected int32 or int64 token ids";
  if (type.getRank() != 1 && type.getRank() != 2)
    return g.error() << "input '" << g.node().input(0) << "' has shape ["
                     << type.getShape() << "]; expected [C] or [N, C]";

  ASSIGN_OR_FAIL(minGram, g.intAttr("min_gram_length", 0));
  ASSIGN_OR_FAIL(maxGram, g.intAttr("max_gram_length", 0));
  ASSIGN_OR_FAIL(maxSkip, g.intAttr("max_skip_count", 0));
  if (minGram < 1 || maxGram < minGram)
    return g.error() << "min_gram_length " << minGram << " and max_gram_length "
                     << maxGram << " are not 1 <= min <= max";
  if (maxSkip < 0)
    return g.error() << "max_skip_count " << maxSkip << " is negative";
  ASSIGN_OR_FAIL(modeName, g.stringAttr("mode", ""));
  std::optional<TfIdfMode> mode =
      llvm::StringSwitch<std::optional<TfIdfMode>>(modeName)
          .Case("TF", TfIdfMode::TF)
          .Case("IDF", TfIdfMode::IDF)
          .Case("TFIDF", TfIdfMode::TFIDF)
          .Default(std::nullopt);
  if (!mode)
    return g.error() << "mode '" << modeName << "' is not TF, IDF or TFIDF";

  ASSIGN_OR_FAIL(pool, mlInts(g, "pool_int64s"));
  ASSIGN_OR_FAIL(counts, mlInts(g, "ngram_counts"));
  ASSIGN_OR_FAIL(indexes, mlInts(g, "ngram_indexes"));
  ASSIGN_OR_FAIL(weights, mlFloats(g, "weights"));
  ASSIGN_OR_FAIL(groups, gramGroups(g, pool, counts));
  int64_t grams =
      groups.empty() ? 0 : groups.back().firstGram + groups.back().count();
  if (static_cast<int64_t>(indexes.size()) != grams)
    return g.error() << "ngram_indexes has " << indexes.size()
                     << " entries; the pool holds " << grams << " n-grams";
  if (!weights.empty() && static_cast<int64_t>(weights.size()) != grams)
    return g.error() << "weights has " << weights.size()
                     << " entries; the pool holds " << grams << " n-grams";
  int64_t columns = 0;
  for (int64_t index : indexes) {
    if (index < 0 || index >= kMaxFoldedIntElements)
      return g.error() << "ngram_indexes entry " << index << " is not in [0, "
                       << kMaxFoldedIntElements << ")";
    columns = std::max(columns, index + 1);
  }

  // Rows of i64 tokens: a [C] input is one row.
  bool batched = type.getRank() == 2;
  int64_t n = batched ? type.getDimSize(0) : 1;
  int64_t c = type.getShape().back();
  int64_t outputElements = 0;
  if (llvm::MulOverflow(n, columns, outputElements) ||
      outputElements > kMaxFoldedIntElements)
    return g.error() << "the output of " << n << " x " << columns
                     << " counts is too large";
  ASSIGN_OR_FAIL(wide, castValue(g, x, g.builder().getI64Type()));
  ASSIGN_OR_FAIL(rows, reshapeValue(g, wide, {n, c}));

  Value result;
  for (const GramGroup &group : groups) {
    if (group.length < minGram || group.length > maxGram || !group.count())
      continue;
    // Unigrams are counted once, whatever the skip count; a gram of two or
    // more tokens fits in a row of C only at distances below C.
    int64_t maxDistance = group.length == 1 ? 1 : std::min(maxSkip, c - 1) + 1;
    if (maxDistance > g.importOptions().maxLoopIterations)
      return g.error() << "max_skip_count " << maxSkip << " over rows of " << c
                       << " tokens needs " << maxDistance
                       << " distances per n-gram length, more than "
                       << g.importOptions().maxLoopIterations
                       << "; Seam unrolls them at import";
    Value total;
    for (int64_t d = 1; d <= maxDistance; ++d) {
      ASSIGN_OR_FAIL(count, countGrams(g, rows, group, d));
      if (!count)
        break; // longer distances fit even fewer windows
      if (failed(accumulate<AddOp>(g, total, *count)))
        return failure();
    }
    if (!total)
      continue;
    if (*mode == TfIdfMode::IDF) {
      Type f32 = g.builder().getF32Type();
      ASSIGN_OR_FAIL(seen, createInferred<GreaterOp>(
                               g, {total, floatConstant(g, f32, 0)}));
      ASSIGN_OR_FAIL(present, castValue(g, seen, f32));
      total = present;
    }
    // [K, columns]: gram i of the group to its column, times its weight.
    int64_t scatterElements = 0;
    if (llvm::MulOverflow(group.count(), columns, scatterElements) ||
        scatterElements > kMaxFoldedIntElements)
      return g.error() << "the " << group.count() << " " << group.length
                       << "-grams of the pool by " << columns
                       << " output columns are too many to place";
    std::vector<float> scatter(scatterElements, 0.0f);
    for (int64_t i = 0; i < group.count(); ++i) {
      int64_t gram = group.firstGram + i;
      float weight = weights.empty() || *mode == TfIdfMode::TF
                         ? 1.0f
                         : static_cast<float>(weights[gram]);
      scatter[i * columns + indexes[gram]] += weight;
    }
    Value matrix =
        g.createConstant({group.count(), columns}, scatter, "tfidf_columns");
    ASSIGN_OR_FAIL(placed, createInferred<MatMulOp>(g, {total, matrix}));
    if (failed(accumulate<AddOp>(g, result, placed)))
      return failure();
  }
  if (!result)
    result = g.createConstant(
        {n, columns}, std::vector<float>(outputElements, 0.0f), "tfidf_zeros");
  if (!batched) {
    ASSIGN_OR_FAIL(flat, reshapeValue(g, result, {columns}));
    result = flat;
  }
  g.setOutput(0, result);
  return success();
}

} // namespace

OpConverter lookupTfIdfOpConverter(StringRef opType) {
  return opType == "TfIdfVectorizer" ? convertTfIdfVectorizer : nullptr;
}

} // namespace seam::detail
