//===- OnnxEinsumConverters.cpp - ONNX Einsum as seam ops -----------------===//
//
// ONNX Einsum, decomposed at import into seam ops that exist. Two float32
// operands become one seam.matmul between transposes and reshapes (see
// contractAsMatmul). Otherwise each operand is transposed to one common
// order of the equation's indices (the output's first, then the summed
// ones), reshaped with size-1 dims for the indices it lacks, the operands are
// multiplied (NumPy broadcasting), and the summed indices are reduced away.
// This covers matrix products, batched ones, transposes, sums, outer and inner
// products, `...` batch dims and the implicit output (no `->`); an index
// repeated within one operand (a diagonal, "ii->i") is first taken with a
// seam.gather of the flattened repeated dims.
//
//===----------------------------------------------------------------------===//

#include "OnnxOpBuilding.h"

#include "seam/SeamOps.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

using namespace mlir;
using namespace seam;

namespace seam::detail {

//===----------------------------------------------------------------------===//
// Einsum equations
//===----------------------------------------------------------------------===//

/// One index of a term: a letter ('a'..'z', 'A'..'Z') or, for `...`, the
/// dims it stands for, numbered from the last one (-1 is the last broadcast
/// dim, -2 the one before, ...), so that operands align them to the right.
using EinsumIndex = int;

/// A parsed equation: the indices of each input, and of the output.
struct EinsumEquation {
  std::vector<std::vector<EinsumIndex>> inputs;
  std::vector<EinsumIndex> output;
};

/// The indices of `term` for an operand of rank `rank` (or, for the output,
/// `ellipsisRank` broadcast dims where `...` is).
static FailureOr<std::vector<EinsumIndex>>
parseTerm(GraphImporter &g, StringRef term, int64_t rank, bool isOutput,
          int64_t ellipsisRank) {
  size_t dots = term.find("...");
  if (dots != StringRef::npos && term.find("...", dots + 3) != StringRef::npos)
    return g.error() << "equation term '" << term
                     << "' has more than one '...'";
  std::string letters = term.str();
  if (dots != StringRef::npos)
    letters.erase(dots, 3);
  for (char c : letters)
    if (!llvm::isAlpha(c))
      return g.error() << "equation term '" << term << "' has '" << c
                       << "'; an index is a letter (or '...')";
  int64_t broadcastDims = 0;
  if (isOutput) {
    broadcastDims = dots == StringRef::npos ? 0 : ellipsisRank;
  } else {
    if (static_cast<int64_t>(letters.size()) > rank ||
        (dots == StringRef::npos &&
         static_cast<int64_t>(letters.size()) != rank))
      return g.error() << "equation term '" << term << "' has "
                       << letters.size() << " indices for an input of rank "
                       << rank;
    broadcastDims = dots == StringRef::npos
                        ? 0
                        : rank - static_cast<int64_t>(letters.size());
  }
  std::vector<EinsumIndex> indices;
  for (size_t i = 0; i < term.size();) {
    if (dots != StringRef::npos && i == dots) {
      for (int64_t d = broadcastDims; d > 0; --d)
        indices.push_back(static_cast<EinsumIndex>(-d));
      i += 3;
      continue;
    }
    EinsumIndex letter = static_cast<unsigned char>(term[i]);
    // Within an input a repeated index takes a diagonal; the output has
    // each index once.
    if (isOutput && llvm::is_contained(indices, letter))
      return g.error() << "index '" << term[i]
                       << "' is repeated in the output term '" << term << "'";
    indices.push_back(letter);
    ++i;
  }
  return indices;
}

/// Parses `equation` for inputs of ranks `ranks`.
static FailureOr<EinsumEquation>
parseEquation(GraphImporter &g, StringRef equation, ArrayRef<int64_t> ranks) {
  std::string compact;
  for (char c : equation)
    if (c != ' ')
      compact.push_back(c);
  StringRef text = compact;
  auto [lhs, rhs] = text.split("->");
  bool explicitOutput = text.contains("->");
  SmallVector<StringRef> terms;
  lhs.split(terms, ',');
  if (terms.size() != ranks.size())
    return g.error() << "equation '" << equation << "' has " << terms.size()
                     << " input terms for " << ranks.size() << " inputs";
  EinsumEquation eq;
  int64_t ellipsisRank = 0;
  for (auto [term, rank] : llvm::zip(terms, ranks)) {
    ASSIGN_OR_FAIL(indices, parseTerm(g, term, rank, false, 0));
    for (EinsumIndex i : indices)
      ellipsisRank = std::max<int64_t>(ellipsisRank, -i);
    eq.inputs.push_back(indices);
  }
  if (explicitOutput) {
    ASSIGN_OR_FAIL(out, parseTerm(g, rhs, 0, true, ellipsisRank));
    for (EinsumIndex i : out)
      if (i > 0 && !llvm::any_of(eq.inputs, [&](const auto &in) {
            return llvm::is_contained(in, i);
          }))
        return g.error() << "output index '" << static_cast<char>(i)
                         << "' of equation '" << equation << "' is in no input";
    eq.output = out;
    return eq;
  }
  // Implicit output: the broadcast dims, then the letters that occur once,
  // in alphabetical order (as NumPy).
  for (int64_t d = ellipsisRank; d > 0; --d)
    eq.output.push_back(static_cast<EinsumIndex>(-d));
  std::map<EinsumIndex, int> counts;
  for (const auto &in : eq.inputs)
    for (EinsumIndex i : in)
      if (i > 0)
        ++counts[i];
  for (auto [index, count] : counts)
    if (count == 1)
      eq.output.push_back(index);
  return eq;
}

static std::string describeIndex(EinsumIndex i) {
  if (i > 0)
    return std::string("'") + static_cast<char>(i) + "'";
  return "broadcast dim " + std::to_string(i) + " of '...'";
}

/// `x` summed over `axes`, which go (itself when there are none).
static FailureOr<Value> summed(GraphImporter &g, Value x,
                               ArrayRef<int64_t> axes) {
  if (axes.empty())
    return x;
  Attrs attrs{g.builder()};
  attrs.add("axes", g.builder().getDenseI64ArrayAttr(axes));
  attrs.add("keepdims", g.builder().getBoolAttr(false));
  return createInferred<ReduceSumOp>(g, {x}, attrs.list);
}

/// The diagonal of `x` (indices `indices`) over each index it repeats: the
/// repeated dims (all of size n, k of them) are moved last, merged into one
/// of n^k, and the elements 0, s, 2s, ... with s = 1 + n + ... + n^(k-1)
/// gathered, which leaves the index once, last. Updates `indices`.
static FailureOr<Value> takeDiagonals(GraphImporter &g, StringRef equation,
                                      Value x,
                                      std::vector<EinsumIndex> &indices) {
  for (size_t first = 0; first < indices.size(); ++first) {
    EinsumIndex index = indices[first];
    if (llvm::count(indices, index) < 2)
      continue;
    ArrayRef<int64_t> shape = cast<RankedTensorType>(x.getType()).getShape();
    // Kept dims first, in order, then the repeated ones.
    SmallVector<int64_t> perm, repeated;
    for (size_t d = 0; d < indices.size(); ++d)
      (indices[d] == index ? repeated : perm).push_back(d);
    int64_t n = shape[repeated.front()];
    for (int64_t d : repeated)
      if (shape[d] != n)
        return g.error() << "index " << describeIndex(index) << " of equation '"
                         << equation << "' has sizes " << n << " and "
                         << shape[d];
    // The gather's indices are a constant of n elements.
    if (n > kMaxFoldedIntElements)
      return g.error() << "the diagonal of index " << describeIndex(index)
                       << " has " << n << " elements; Seam takes diagonals of "
                       << "at most " << kMaxFoldedIntElements;
    perm.append(repeated);
    std::vector<EinsumIndex> kept;
    SmallVector<int64_t> merged;
    for (int64_t d : ArrayRef(perm).drop_back(repeated.size())) {
      kept.push_back(indices[d]);
      merged.push_back(shape[d]);
    }
    ASSIGN_OR_FAIL(t, transposed(g, x, perm));
    // n^k is at most the element count of x, and so is the stride sum.
    int64_t flat = 1, stride = 0;
    for (size_t j = 0; j < repeated.size(); ++j) {
      stride += flat;
      flat *= n;
    }
    merged.push_back(flat);
    ASSIGN_OR_FAIL(flattened, reshapeValue(g, t, merged));
    SmallVector<int64_t> positions;
    for (int64_t i = 0; i < n; ++i)
      positions.push_back(i * stride);
    Value gatherIndices = i64Constant(g, {n}, positions);
    Attrs axis{g.builder()};
    axis.add("axis", g.builder().getI64IntegerAttr(
                         static_cast<int64_t>(merged.size()) - 1));
    ASSIGN_OR_FAIL(
        d, createInferred<GatherOp>(g, {flattened, gatherIndices}, axis.list));
    kept.push_back(index);
    indices = kept;
    x = d;
    first = static_cast<size_t>(-1); // Indices moved: start over.
  }
  return x;
}

/// `x` (indices `own`) with its dims in the order of `order` (which has
/// each of `own` once), reshaped to its first `keep` dims followed by the
/// products of the next groups of `groups` dims each.
static FailureOr<Value> arranged(GraphImporter &g, Value x,
                                 ArrayRef<EinsumIndex> own,
                                 ArrayRef<EinsumIndex> order, size_t keep,
                                 ArrayRef<size_t> groups) {
  SmallVector<int64_t> perm;
  for (EinsumIndex i : order)
    perm.push_back(llvm::find(own, i) - own.begin());
  ASSIGN_OR_FAIL(t, transposed(g, x, perm));
  ArrayRef<int64_t> shape = cast<RankedTensorType>(t.getType()).getShape();
  SmallVector<int64_t> merged(shape.take_front(keep));
  size_t at = keep;
  for (size_t size : groups) {
    int64_t product = 1;
    for (int64_t d : shape.slice(at, size))
      product *= d; // At most the element count of x.
    merged.push_back(product);
    at += size;
  }
  return reshapeValue(g, t, merged);
}

/// Two f32 operands as one seam.matmul, which the kernel libraries take:
/// the indices one operand has alone and the output drops are summed first;
/// then A is (batch..., M, K) and B (batch..., K, N), with batch the indices
/// both have and the output keeps (seam.matmul broadcasts them, as `...`
/// dims of size 1 want), K the ones both sum over, M and N the kept ones of
/// A alone and of B alone; the (batch..., M, N) product is reshaped and
/// transposed to the output. Null when a summed index has two sizes (a
/// `...` dim of size 1 against a larger one): the caller multiplies and
/// sums instead.
static FailureOr<Value>
contractAsMatmul(GraphImporter &g, const EinsumEquation &eq,
                 ArrayRef<Value> operands,
                 const std::map<EinsumIndex, int64_t> &sizes) {
  std::vector<EinsumIndex> a = eq.inputs[0], b = eq.inputs[1];
  ArrayRef<EinsumIndex> out = eq.output;
  auto has = [](ArrayRef<EinsumIndex> list, EinsumIndex i) {
    return llvm::is_contained(list, i);
  };
  std::vector<EinsumIndex> batch, m, n, k;
  for (EinsumIndex i : out)
    (has(a, i) && has(b, i) ? batch : has(a, i) ? m : n).push_back(i);
  for (EinsumIndex i : a)
    if (has(b, i) && !has(out, i))
      k.push_back(i);
  auto sizeIn = [](Value v, ArrayRef<EinsumIndex> own, EinsumIndex i) {
    return cast<RankedTensorType>(v.getType())
        .getDimSize(llvm::find(own, i) - own.begin());
  };
  for (EinsumIndex i : k)
    if (sizeIn(operands[0], a, i) != sizeIn(operands[1], b, i))
      return Value();

  Value x = operands[0], y = operands[1];
  for (auto [v, own, other] :
       {std::make_tuple(&x, &a, &b), std::make_tuple(&y, &b, &a)}) {
    SmallVector<int64_t> axes;
    std::vector<EinsumIndex> kept;
    for (auto [d, i] : llvm::enumerate(*own)) {
      if (!has(*other, i) && !has(out, i))
        axes.push_back(static_cast<int64_t>(d));
      else
        kept.push_back(i);
    }
    ASSIGN_OR_FAIL(r, summed(g, *v, axes));
    *v = r;
    *own = kept;
  }
  auto concat = [](ArrayRef<std::vector<EinsumIndex>> lists) {
    std::vector<EinsumIndex> all;
    for (const auto &list : lists)
      all.insert(all.end(), list.begin(), list.end());
    return all;
  };
  ASSIGN_OR_FAIL(lhs, arranged(g, x, a, concat({batch, m, k}), batch.size(),
                               {m.size(), k.size()}));
  ASSIGN_OR_FAIL(rhs, arranged(g, y, b, concat({batch, k, n}), batch.size(),
                               {k.size(), n.size()}));
  ASSIGN_OR_FAIL(product, createInferred<MatMulOp>(g, {lhs, rhs}));
  std::vector<EinsumIndex> order = concat({batch, m, n});
  SmallVector<int64_t> shape;
  for (EinsumIndex i : order)
    shape.push_back(sizes.at(i));
  ASSIGN_OR_FAIL(r, reshapeValue(g, product, shape));
  SmallVector<int64_t> perm;
  for (EinsumIndex i : out)
    perm.push_back(llvm::find(order, i) - order.begin());
  return transposed(g, r, perm);
}

static LogicalResult convertEinsum(GraphImporter &g) {
  if (!g.findAttr("equation"))
    return g.error() << "attribute 'equation' is required";
  ASSIGN_OR_FAIL(equation, g.stringAttr("equation", ""));
  int numInputs = g.node().input_size();
  if (numInputs == 0)
    return g.error() << "has no inputs";
  SmallVector<Value> operands;
  SmallVector<int64_t> ranks;
  for (int i = 0; i < numInputs; ++i) {
    ASSIGN_OR_FAIL(v, g.tensorInput(i));
    operands.push_back(v);
    ranks.push_back(cast<RankedTensorType>(v.getType()).getRank());
  }
  ASSIGN_OR_FAIL(eq, parseEquation(g, equation, ranks));
  for (auto [indices, v] : llvm::zip(eq.inputs, operands)) {
    ASSIGN_OR_FAIL(diagonal, takeDiagonals(g, equation, v, indices));
    v = diagonal;
  }

  // The size of each index: letters agree exactly, broadcast dims are
  // equal or 1.
  std::map<EinsumIndex, int64_t> sizes;
  for (auto [indices, v] : llvm::zip(eq.inputs, operands)) {
    ArrayRef<int64_t> shape = cast<RankedTensorType>(v.getType()).getShape();
    for (auto [index, size] : llvm::zip(indices, shape)) {
      auto [it, inserted] = sizes.emplace(index, size);
      if (inserted || it->second == size)
        continue;
      if (index < 0 && (it->second == 1 || size == 1)) {
        it->second = std::max(it->second, size);
        continue;
      }
      return g.error() << "index " << describeIndex(index) << " of equation '"
                       << equation << "' has sizes " << it->second << " and "
                       << size;
    }
  }

  if (operands.size() == 2 && llvm::all_of(operands, [](Value v) {
        return cast<RankedTensorType>(v.getType()).getElementType().isF32();
      })) {
    ASSIGN_OR_FAIL(r, contractAsMatmul(g, eq, operands, sizes));
    if (r) {
      g.setOutput(0, r);
      return success();
    }
  }

  // The common order: the output's indices, then the summed ones.
  std::vector<EinsumIndex> order = eq.output;
  for (const auto &[index, size] : sizes)
    if (!llvm::is_contained(order, index))
      order.push_back(index);
  int64_t outRank = static_cast<int64_t>(eq.output.size());
  int64_t rank = static_cast<int64_t>(order.size());
  auto positionOf = [&](EinsumIndex index) {
    return static_cast<int64_t>(llvm::find(order, index) - order.begin());
  };

  // Each operand in the common order, size 1 where it lacks an index.
  Value product;
  for (auto [indices, v] : llvm::zip(eq.inputs, operands)) {
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> perm(indices.size());
    for (size_t i = 0; i < perm.size(); ++i)
      perm[i] = static_cast<int64_t>(i);
    llvm::stable_sort(perm, [&](int64_t a, int64_t b) {
      return positionOf(indices[a]) < positionOf(indices[b]);
    });
    ASSIGN_OR_FAIL(t, transposed(g, v, perm));
    SmallVector<int64_t> shape(rank, 1);
    for (auto [index, size] : llvm::zip(indices, type.getShape()))
      shape[positionOf(index)] = size;
    ASSIGN_OR_FAIL(x, reshapeValue(g, t, shape));
    if (!product) {
      product = x;
      continue;
    }
    ASSIGN_OR_FAIL(m, createInferred<MulOp>(g, {product, x}));
    product = m;
  }

  // The summed indices are the last dims of the product (broadcast dims of
  // size 1 in one operand took the other's size in the products).
  SmallVector<int64_t> axes;
  for (int64_t d = outRank; d < rank; ++d)
    axes.push_back(d);
  ASSIGN_OR_FAIL(r, summed(g, product, axes));
  g.setOutput(0, r);
  return success();
}

OpConverter lookupEinsumOpConverter(StringRef opType) {
  return llvm::StringSwitch<OpConverter>(opType)
      .Case("Einsum", convertEinsum)
      .Default(nullptr);
}

} // namespace seam::detail
