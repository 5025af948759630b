//===- Pattern.cpp - A small matcher over chains of seam ops --------------===//

#include "seam/Backend/Pattern.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace seam;

std::string Match::getPatternName(StringRef stem) const {
  std::string name = stem.str();
  for (const std::string &tag : tags)
    name += "_" + tag;
  return name;
}

//===----------------------------------------------------------------------===//
// OpPattern
//===----------------------------------------------------------------------===//

OpPattern::OpPattern(StringRef opName, StringRef tag)
    : opName(opName.str()), tag(tag.str()) {}

OpPattern &OpPattern::constant(unsigned index, StringRef role) {
  constants.push_back({index, role.str(), /*optional=*/false, ""});
  return *this;
}

OpPattern &OpPattern::optionalConstant(unsigned index, StringRef role,
                                       StringRef tag) {
  constants.push_back({index, role.str(), /*optional=*/true, tag.str()});
  return *this;
}

OpPattern &OpPattern::secondInput(StringRef role) {
  secondInputRole = role.str();
  return *this;
}

OpPattern &OpPattern::where(OpPredicate predicate) {
  predicates.push_back(std::move(predicate));
  return *this;
}

OpPattern &OpPattern::anyElementTypes() {
  typed = true;
  return *this;
}

Verdict OpPattern::matchOp(Operation *op, Value chain, Match &m) const {
  if (op->getName().getStringRef() != opName)
    return Verdict::refuse("expected " + opName + ", found " +
                           op->getName().getStringRef());
  // The kernel libraries' patterns are written for f32 tensors.
  if (Verdict f32 = allF32()(op); !typed && !f32.accepted())
    return f32;
  SmallVector<std::string> tags;
  if (!tag.empty())
    tags.push_back(tag);

  SmallVector<bool> checked(op->getNumOperands(), false);
  for (const ConstantOperand &c : constants) {
    if (c.index >= op->getNumOperands()) {
      if (c.optional)
        continue;
      return Verdict::refuse(opName + " has no " + c.role + " (operand #" +
                             Twine(c.index) + ")");
    }
    Value operand = op->getOperand(c.index);
    if (!isF32Constant(operand) && !(typed && isIntegerConstant(operand))) {
      // A dense_resource printed without its blob parses, but has no data.
      bool elided = operand.getDefiningOp() &&
                    operand.getDefiningOp()->hasTrait<OpTrait::ConstantLike>();
      return Verdict::refuse("the " + c.role + " (operand #" + Twine(c.index) +
                             ") of " + opName + " is not a constant" +
                             (elided ? " with readable f32 data" : ""));
    }
    checked[c.index] = true;
    if (!c.tag.empty())
      tags.push_back(c.tag);
  }

  // After the first op, every operand but the chain's value must be declared.
  if (chain) {
    unsigned others = 0;
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      if (operand == chain || checked[i])
        continue;
      if (!secondInputRole)
        return Verdict::refuse(opName + " takes an input (operand #" +
                               Twine(i) + ") besides the chain's value");
      if (++others > 1)
        return Verdict::refuse(opName +
                               " takes more inputs than the chain's "
                               "value and its " +
                               *secondInputRole);
    }
  }

  for (const OpPredicate &predicate : predicates)
    if (Verdict verdict = predicate(op); !verdict.accepted())
      return verdict;

  m.ops.push_back(op);
  m.tags.append(tags.begin(), tags.end());
  return Verdict::accept();
}

//===----------------------------------------------------------------------===//
// ChainPattern
//===----------------------------------------------------------------------===//

ChainPattern::ChainPattern(PatternStep root) {
  steps.push_back({std::move(root), /*optional=*/false});
}

ChainPattern &ChainPattern::then(PatternStep step) {
  steps.push_back({std::move(step), /*optional=*/false});
  return *this;
}

ChainPattern &ChainPattern::maybe(PatternStep step) {
  steps.push_back({std::move(step), /*optional=*/true});
  return *this;
}

bool ChainPattern::canStartAt(Operation *op) const {
  return llvm::any_of(steps.front().ops.alternatives, [&](const OpPattern &p) {
    return p.getOpName() == op->getName().getStringRef();
  });
}

/// Matches `op` against the alternatives of `step`: the first that accepts
/// wins; otherwise the refusal of the first alternative of `op`'s kind.
static Verdict matchStep(const PatternStep &step, Operation *op, Value chain,
                         Match &m) {
  std::optional<Verdict> firstRefusal;
  for (const OpPattern &alternative : step.alternatives) {
    if (alternative.getOpName() != op->getName().getStringRef())
      continue;
    Verdict verdict = alternative.matchOp(op, chain, m);
    if (verdict.accepted())
      return verdict;
    if (!firstRefusal)
      firstRefusal = verdict;
  }
  if (firstRefusal)
    return *firstRefusal;
  std::string expected;
  for (const OpPattern &alternative : step.alternatives)
    expected +=
        (expected.empty() ? "" : " or ") + alternative.getOpName().str();
  return Verdict::refuse("expected " + expected + " after " +
                         m.getLast()->getName().getStringRef() + ", found " +
                         op->getName().getStringRef());
}

/// The op that continues the chain after `last`: the single user of its
/// single result, in the same block; or why there is none.
static Operation *getChainUser(Operation *last, std::string &whyNot) {
  StringRef name = last->getName().getStringRef();
  if (last->getNumResults() != 1) {
    whyNot = (name + " has " + Twine(last->getNumResults()) + " results").str();
    return nullptr;
  }
  Value result = last->getResult(0);
  if (!result.hasOneUse()) {
    whyNot = result.use_empty()
                 ? (name + " has no user").str()
                 : ("the result of " + name + " has more than one use").str();
    return nullptr;
  }
  Operation *user = *result.getUsers().begin();
  if (user->getBlock() != last->getBlock()) {
    whyNot = ("the user of " + name + " is in another block").str();
    return nullptr;
  }
  return user;
}

Verdict ChainPattern::match(Operation *root, Match &m) const {
  m = Match();
  if (Verdict verdict = matchStep(steps.front().ops, root, nullptr, m);
      !verdict.accepted())
    return verdict;
  for (const Step &step : llvm::drop_begin(steps)) {
    std::string whyNot;
    Operation *user = getChainUser(m.getLast(), whyNot);
    Verdict verdict =
        user ? matchStep(step.ops, user, m.getLast()->getResult(0), m)
             : Verdict::refuse(whyNot);
    if (!verdict.accepted() && !step.optional)
      return verdict;
  }
  return Verdict::accept();
}

//===----------------------------------------------------------------------===//
// Predicates
//===----------------------------------------------------------------------===//

OpPredicate seam::hasRank(unsigned index, int64_t rank, StringRef role) {
  return [index, rank, role = role.str()](Operation *op) -> Verdict {
    auto type =
        index < op->getNumOperands()
            ? dyn_cast<RankedTensorType>(op->getOperand(index).getType())
            : nullptr;
    if (type && type.getRank() == rank)
      return Verdict::accept();
    return Verdict::refuse("the " + role + " of " +
                           op->getName().getStringRef() + " is not rank " +
                           Twine(rank));
  };
}

OpPredicate seam::allF32() {
  return [](Operation *op) -> Verdict {
    auto isF32Tensor = [](Type type) {
      auto tensor = dyn_cast<TensorType>(type);
      return tensor && tensor.getElementType().isF32();
    };
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    for (Type type : types)
      if (!isF32Tensor(type)) {
        std::string printed;
        llvm::raw_string_ostream os(printed);
        os << type;
        return Verdict::refuse(op->getName().getStringRef() + " has a " +
                               printed + ", not an f32 tensor");
      }
    return Verdict::accept();
  };
}

OpPredicate seam::sameShapeOperands() {
  return [](Operation *op) -> Verdict {
    for (Value operand : op->getOperands())
      if (operand.getType() != op->getOperand(0).getType())
        return Verdict::refuse(op->getName().getStringRef() +
                               " broadcasts its operands");
    return Verdict::accept();
  };
}

//===----------------------------------------------------------------------===//
// Shared pieces of pattern tables
//===----------------------------------------------------------------------===//

OpPattern seam::convWithWeight() {
  return std::move(op(ConvOp::getOperationName())
                       .constant(1, "weight")
                       .optionalConstant(2, "bias", "bias"));
}

OpPattern seam::residualSum() {
  return std::move(op(AddOp::getOperationName(), "sum")
                       .secondInput("residual")
                       .where(sameShapeOperands()));
}

ChainPattern seam::convSumActivation(OpPattern conv, PatternStep activation) {
  ChainPattern chain(std::move(conv));
  chain.maybe(residualSum()).maybe(std::move(activation));
  return chain;
}
