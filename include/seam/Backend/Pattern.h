//===- Pattern.h - A small matcher over chains of seam ops ------*- C++ -*-===//
//
// The patterns of a backend's pattern table. A pattern is a chain of seam
// ops, each taking the single result of the one before: a step accepts one op
// or one of several alternatives (`relu | clip | sigmoid`) and may be optional
// (`conv2d -> bias? -> relu?`). An op in a pattern can require constant
// operands (weights), satisfy attribute and type predicates, and, after the
// first op, take a second input from outside the match (the residual of a
// conv + sum). Matching is greedy and never backtracks: a step takes the first
// alternative that matches, an optional step that does not match is skipped.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKEND_PATTERN_H
#define SEAM_BACKEND_PATTERN_H

#include "mlir/IR/Operation.h"
#include "seam/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

namespace seam {

//===----------------------------------------------------------------------===//
// Verdict
//===----------------------------------------------------------------------===//

/// Whether a pattern, a check or a backend accepts something, and when it
/// does not, why: the reason ends up in `seam.reason` and in the report.
class Verdict {
public:
  static Verdict accept() { return Verdict(); }
  static Verdict refuse(const Twine &reason) {
    Verdict verdict;
    verdict.reason = reason.str();
    return verdict;
  }

  bool accepted() const { return !reason; }
  /// Why it refused (empty when it accepted).
  StringRef getReason() const { return reason ? StringRef(*reason) : ""; }

private:
  std::optional<std::string> reason;
};

/// A condition on one op of a pattern, such as an attribute or type
/// predicate; it says why the op does not fit when it refuses.
using OpPredicate = std::function<Verdict(Operation *)>;

//===----------------------------------------------------------------------===//
// Matches
//===----------------------------------------------------------------------===//

/// The ops one pattern matched, in chain order, and the tags they add to the
/// composite name.
struct Match {
  SmallVector<Operation *> ops;
  SmallVector<std::string> tags;

  Operation *getRoot() const { return ops.front(); }
  Operation *getLast() const { return ops.back(); }

  /// The first matched op of type OpTy, or null.
  template <typename OpTy> OpTy find() const {
    for (Operation *op : ops)
      if (auto typed = dyn_cast<OpTy>(op))
        return typed;
    return nullptr;
  }

  /// `stem` followed by `_<tag>` for every tag, e.g. "conv2d_bias_relu".
  std::string getPatternName(StringRef stem) const;
};

//===----------------------------------------------------------------------===//
// Pattern building blocks
//===----------------------------------------------------------------------===//

/// One op a pattern step accepts, and what its operands must be.
class OpPattern {
public:
  /// Matches ops named `opName` (e.g. "seam.relu"); a non-empty `tag` joins
  /// the composite name when the op is part of a match.
  explicit OpPattern(StringRef opName, StringRef tag = "");

  /// Operand `index` must be an f32 constant (or an integer one, with
  /// anyElementTypes); `role` names it ("weight").
  OpPattern &constant(unsigned index, StringRef role);
  /// Operand `index` may be absent (an optional operand such as a conv's
  /// bias); when present it must be a constant and `tag` joins the name.
  OpPattern &optionalConstant(unsigned index, StringRef role, StringRef tag);
  /// For an op after the first: the operand that is not the chain's value
  /// is a second input of the match (the residual of a conv + sum). Without
  /// this, such an op takes no operand but the chain's value.
  OpPattern &secondInput(StringRef role);
  /// `predicate` must accept the op.
  OpPattern &where(OpPredicate predicate);
  /// Lets the op have tensors of any element type (int8 products and their
  /// requantization), and its constants be integer ones; its predicates say
  /// which types the library takes. Without this, a pattern's ops are f32.
  OpPattern &anyElementTypes();

  StringRef getOpName() const { return opName; }

  /// Whether `op` fits this pattern; `chain` is the value of the step before
  /// (null for the first op). On success appends `op` and its tags to `m`.
  Verdict matchOp(Operation *op, Value chain, Match &m) const;

private:
  struct ConstantOperand {
    unsigned index;
    std::string role;
    bool optional;
    std::string tag;
  };

  std::string opName;
  std::string tag;
  SmallVector<ConstantOperand, 2> constants;
  std::optional<std::string> secondInputRole;
  SmallVector<OpPredicate, 2> predicates;
  bool typed = false;
};

/// Shorthand for OpPattern(opName, tag).
inline OpPattern op(StringRef opName, StringRef tag = "") {
  return OpPattern(opName, tag);
}

/// One step of a chain: the ops it accepts, first match wins.
struct PatternStep {
  PatternStep(OpPattern op) : alternatives{std::move(op)} {}
  PatternStep(std::initializer_list<OpPattern> alternatives)
      : alternatives(alternatives) {}

  SmallVector<OpPattern, 2> alternatives;
};

/// The alternatives of one step: `anyOf({op("seam.relu", "relu"), ...})`.
inline PatternStep anyOf(std::initializer_list<OpPattern> alternatives) {
  return PatternStep(alternatives);
}

/// A chain of ops, each the single user of the result of the one before.
class ChainPattern {
public:
  /// A chain that starts at an op accepted by `root`.
  explicit ChainPattern(PatternStep root);

  /// The chain continues with an op of `step`.
  ChainPattern &then(PatternStep step);
  /// The chain may continue with an op of `step`.
  ChainPattern &maybe(PatternStep step);

  /// True if `op` is of a kind the chain can start at: only then does the
  /// pattern have something to say about it.
  bool canStartAt(Operation *op) const;

  /// Matches the chain starting at `root` into `m`, or says why it does not
  /// match.
  Verdict match(Operation *root, Match &m) const;

private:
  struct Step {
    PatternStep ops;
    bool optional;
  };
  SmallVector<Step, 4> steps;
};

//===----------------------------------------------------------------------===//
// Shared pieces of pattern tables
//===----------------------------------------------------------------------===//

/// `seam.conv` with a constant weight and an optional constant bias (tag
/// "bias"): the root of the convolution patterns kernel libraries share.
/// Backends add their conditions with `.where(...)`.
OpPattern convWithWeight();

/// `seam.add` of the chain's value and a same-shaped second input (tag
/// "sum", role "residual"): a residual sum fused into the op before it.
OpPattern residualSum();

/// conv -> [residual sum] -> [activation]: the chain kernel libraries run as
/// one convolution with sum and eltwise post-ops. `conv` is the backend's
/// convWithWeight() with its conditions; `activation` the activations it
/// fuses.
ChainPattern convSumActivation(OpPattern conv, PatternStep activation);

//===----------------------------------------------------------------------===//
// Predicates
//===----------------------------------------------------------------------===//

/// A predicate written on the op class: `on<ClipOp>([](ClipOp c) { ... })`.
template <typename OpTy, typename Fn> OpPredicate on(Fn fn) {
  return [fn](Operation *op) -> Verdict { return fn(cast<OpTy>(op)); };
}

/// Operand `index` has rank `rank`; `role` names it in the refusal.
OpPredicate hasRank(unsigned index, int64_t rank, StringRef role);

/// Every operand and result is a tensor of f32 (a dtype predicate).
OpPredicate allF32();

/// All operands have the same shape (no broadcasting).
OpPredicate sameShapeOperands();

} // namespace seam

#endif // SEAM_BACKEND_PATTERN_H
