//===- ShareKernelsAcrossShapes.cpp - One buffer kernel per shape class ---===//
//
// A model's convolutions of different channel counts, its batch norms and
// activations of different sizes, its writes into different slices of a
// concatenation, become kernels that are the same op for op but for the
// sizes, strides and offsets of their buffers and some index constants.
// seam-share-similar-kernels shares them once they are LLVM functions; by
// then each has gone through the whole lowering to the LLVM dialect, the
// most expensive part of the compilation. This pass shares them on buffers,
// before that lowering: each set becomes one function whose differing
// values are run-time arguments, and the lowering runs once per set.
//
//===----------------------------------------------------------------------===//

#include "seam/Codegen/Passes.h"

#include "KernelEquivalence.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <numeric>

namespace seam {
#define GEN_PASS_DEF_SEAMSHAREKERNELSACROSSSHAPESPASS
#include "seam/Codegen/Passes.h.inc"
} // namespace seam

using namespace mlir;

namespace {

/// Values below this stay in the code as they are (a loop of one to three
/// iterations, a unit stride, a batch of one): simpler code with the
/// constant, as in seam-share-similar-kernels.
constexpr int64_t kExactBelow = 4;

bool isGeneralizable(int64_t value) { return value >= kExactBelow; }

/// Whether `map` only adds and multiplies: no division or remainder, which
/// a constant operand lets LLVM strength-reduce.
bool onlyAddsAndMultiplies(AffineMap map) {
  bool divides = false;
  for (AffineExpr result : map.getResults())
    result.walk([&](AffineExpr expr) {
      divides |= expr.getKind() == AffineExprKind::FloorDiv ||
                 expr.getKind() == AffineExprKind::CeilDiv ||
                 expr.getKind() == AffineExprKind::Mod;
    });
  return !divides;
}

/// Whether `use` of an index constant may read a run-time value instead
/// without making the code invalid or slower: loop bounds and steps,
/// address arithmetic and compares, indices and subview operands. Not
/// divisions and remainders (strength-reduced for constants, also inside
/// an affine map), shifts, allocation sizes or masks.
bool takesRunTimeIndex(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<scf::ForOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
          arith::CmpIOp, arith::MaxSIOp, arith::MinSIOp, memref::SubViewOp,
          memref::LoadOp, memref::StoreOp, vector::TransferReadOp,
          vector::TransferWriteOp, vector::LoadOp, vector::StoreOp>(user))
    return true;
  if (auto apply = dyn_cast<affine::AffineApplyOp>(user))
    return onlyAddsAndMultiplies(apply.getAffineMap());
  if (auto min = dyn_cast<affine::AffineMinOp>(user))
    return onlyAddsAndMultiplies(min.getAffineMap());
  if (auto max = dyn_cast<affine::AffineMaxOp>(user))
    return onlyAddsAndMultiplies(max.getAffineMap());
  if (auto select = dyn_cast<arith::SelectOp>(user))
    return use.getOperandNumber() != 0;
  return false;
}

/// Where a generalizable value of a kernel lies.
struct Site {
  enum Kind {
    ArgOffset,
    ArgSize,
    ArgStride,
    Constant,
    SubviewStatic,
    AllocSize,
    ForallStatic,
    ExpandSize
  };
  Kind kind;
  /// The argument (ArgOffset, ArgSize, ArgStride).
  unsigned arg = 0;
  /// The dimension (ArgSize, ArgStride, AllocSize, ExpandSize), or the
  /// position in the subview's static offsets, then sizes, then strides
  /// (SubviewStatic), or in the loop's lower bounds, then upper bounds, then
  /// steps (ForallStatic).
  unsigned index = 0;
  /// The constant op, with one use (Constant), the subview, the
  /// allocation, the loop or the expansion.
  Operation *op = nullptr;
  int64_t value = 0;
};

/// A strided memref type, its strides and offset.
struct StridedType {
  MemRefType type;
  SmallVector<int64_t> strides;
  int64_t offset = 0;
};

/// The type of `value` if it is a strided memref.
std::optional<StridedType> getStridedType(Value value) {
  StridedType strided;
  strided.type = dyn_cast<MemRefType>(value.getType());
  if (!strided.type ||
      failed(strided.type.getStridesAndOffset(strided.strides, strided.offset)))
    return std::nullopt;
  return strided;
}

/// Gives each use of an index constant of `kernel` that may take a run-time
/// value a constant of its own, so that a use is judged alone (CSE merged
/// constants of equal value: a kernel whose sizes coincide would otherwise
/// have fewer constants than one of the same code whose sizes do not).
void giveEachUseItsConstant(func::FuncOp kernel) {
  SmallVector<arith::ConstantIndexOp> constants;
  kernel.walk([&](arith::ConstantIndexOp constant) {
    if (isGeneralizable(constant.value()))
      constants.push_back(constant);
  });
  OpBuilder builder(kernel.getContext());
  for (arith::ConstantIndexOp constant : constants) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : constant->getUses())
      if (takesRunTimeIndex(use))
        uses.push_back(&use);
    for (OpOperand *use : uses) {
      builder.setInsertionPoint(use->getOwner());
      use->set(arith::ConstantIndexOp::create(builder, constant.getLoc(),
                                              constant.value()));
    }
    if (constant->use_empty())
      constant.erase();
  }
}

/// Whether `alloc` is a heap buffer of static sizes and the identity layout,
/// whose sizes may be run-time values: a buffer of a thread's band (packed
/// tiles inside an `scf.forall`, which buffer hoisting cannot take out of
/// the kernel), whose sizes differ between kernels as their tiles do. Its
/// strides then follow from its sizes, the innermost one stays 1.
bool hasGeneralizableSizes(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  return type.hasStaticShape() && type.getLayout().isIdentity() &&
         alloc.getSymbolOperands().empty();
}

/// Whether `value` is an index constant that is a site: a generalizable
/// value whose one use may take a run-time value.
bool isConstantSite(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantIndexOp>();
  return constant && isGeneralizable(constant.value()) &&
         constant->hasOneUse() &&
         takesRunTimeIndex(*constant->getUses().begin());
}

/// The generalizable values of `kernel`, in a fixed order: its memref
/// arguments' offsets, sizes and strides, then in the body's order each
/// operand that is an index constant with one use that takes a run-time
/// value (in the order of the uses, not of the constants, which two kernels
/// of the same code may define in different orders), each static offset,
/// size and stride of a subview, each size of a heap buffer of static
/// shape, each static bound and step of a thread loop and each static size
/// of an expansion.
SmallVector<Site> collectSites(func::FuncOp kernel) {
  SmallVector<Site> sites;
  for (BlockArgument arg : kernel.getArguments()) {
    std::optional<StridedType> layout = getStridedType(arg);
    if (!layout)
      continue;
    auto [type, strides, offset] = *layout;
    if (isGeneralizable(offset))
      sites.push_back(
          {Site::ArgOffset, arg.getArgNumber(), 0, nullptr, offset});
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      if (isGeneralizable(size))
        sites.push_back(
            {Site::ArgSize, arg.getArgNumber(), unsigned(d), nullptr, size});
    for (auto [d, stride] : llvm::enumerate(strides))
      if (isGeneralizable(stride))
        sites.push_back({Site::ArgStride, arg.getArgNumber(), unsigned(d),
                         nullptr, stride});
  }
  // The known values of `lists` as sites of `kind`, numbered across them.
  auto addStatics = [&](Site::Kind kind, Operation *op,
                        std::initializer_list<ArrayRef<int64_t>> lists) {
    unsigned position = 0;
    for (ArrayRef<int64_t> list : lists)
      for (int64_t value : list) {
        if (!ShapedType::isDynamic(value) && isGeneralizable(value))
          sites.push_back({kind, 0, position, op, value});
        ++position;
      }
  };
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (isConstantSite(operand)) {
        auto constant = operand.getDefiningOp<arith::ConstantIndexOp>();
        sites.push_back({Site::Constant, 0, 0, constant, constant.value()});
      }
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(op))
      return addStatics(Site::ExpandSize, op, {expand.getStaticOutputShape()});
    // A thread loop's bands (scf.forall on buffers: no shared outputs): a
    // model's bands of different sizes. Its bounds are attributes where
    // they are known, not constants.
    if (auto forall = dyn_cast<scf::ForallOp>(op)) {
      if (forall.getOutputs().empty())
        addStatics(Site::ForallStatic, op,
                   {forall.getStaticLowerBound(), forall.getStaticUpperBound(),
                    forall.getStaticStep()});
      return;
    }
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (hasGeneralizableSizes(alloc))
        addStatics(Site::AllocSize, op, {alloc.getType().getShape()});
      return;
    }
    if (auto subview = dyn_cast<memref::SubViewOp>(op))
      addStatics(Site::SubviewStatic, op,
                 {subview.getStaticOffsets(), subview.getStaticSizes(),
                  subview.getStaticStrides()});
  });
  return sites;
}

/// `value` as an OpFoldResult: an attribute, or `dynamic` when given.
OpFoldResult foldResult(MLIRContext *context, int64_t value, Value dynamic) {
  if (dynamic)
    return dynamic;
  return IntegerAttr::get(IndexType::get(context), value);
}

/// Whether `type` is a memref whose innermost stride is static.
bool hasKnownInnermostStride(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getRank() == 0)
    return false;
  int64_t offset;
  SmallVector<int64_t> strides;
  return succeeded(memref.getStridesAndOffset(strides, offset)) &&
         !ShapedType::isDynamic(strides.back());
}

/// Whether `op` reads or writes a buffer of any layout, sizes and strides
/// known or not, without results that depend on them: element and vector
/// accesses, sizes and metadata.
bool readsAnyLayout(Operation *op) {
  return isa<vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
             vector::StoreOp, vector::MaskedLoadOp, vector::MaskedStoreOp,
             memref::LoadOp, memref::StoreOp, memref::DimOp,
             memref::ExtractStridedMetadataOp, memref::PrefetchOp,
             memref::DeallocOp>(op);
}

/// `collapse` of its (generalized) source, with the stride of each group
/// its last dim's of a size other than one in `original`, the source's type
/// before it was generalized. memref.collapse_shape cannot know that a dim
/// of run-time size is not one, and makes such a group's stride dynamic,
/// even a unit stride, which vector transfers need known; but a size that
/// became a run-time value was a site's, at least kExactBelow. Such a
/// collapse becomes a reinterpretation of the source's base buffer. A
/// source whose sizes were not all known before is collapsed as it was.
Value collapseKnowingSizes(OpBuilder &builder, memref::CollapseShapeOp collapse,
                           MemRefType original) {
  Location loc = collapse.getLoc();
  MemRefType source = collapse.getSrcType();
  if (!original.hasStaticShape())
    return memref::CollapseShapeOp::create(builder, loc, collapse.getSrc(),
                                           collapse.getReassociationIndices());
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  int64_t offset;
  SmallVector<int64_t> strides;
  if (failed(source.getStridesAndOffset(strides, offset)))
    return {};
  SmallVector<int64_t> shape, resultStrides;
  SmallVector<int64_t> strideDims;
  for (const ReassociationIndices &group : groups) {
    int64_t size = 1;
    for (int64_t d : group)
      size = ShapedType::isDynamic(size) || source.isDynamicDim(d)
                 ? ShapedType::kDynamic
                 : size * source.getDimSize(d);
    shape.push_back(size);
    int64_t strideDim = group.back();
    for (int64_t d : llvm::reverse(group))
      if (original.getDimSize(d) != 1) {
        strideDim = d;
        break;
      }
    strideDims.push_back(strideDim);
    resultStrides.push_back(strides[strideDim]);
  }
  auto type = MemRefType::get(
      shape, source.getElementType(),
      StridedLayoutAttr::get(builder.getContext(), offset, resultStrides),
      source.getMemorySpace());
  if (memref::CollapseShapeOp::computeCollapsedType(source, groups) == type)
    return memref::CollapseShapeOp::create(builder, loc, collapse.getSrc(),
                                           groups);
  auto metadata =
      memref::ExtractStridedMetadataOp::create(builder, loc, collapse.getSrc());
  auto mixed = [&](int64_t value, Value dynamic) -> OpFoldResult {
    if (ShapedType::isDynamic(value))
      return dynamic;
    return builder.getIndexAttr(value);
  };
  SmallVector<OpFoldResult> sizes, resultStrideValues;
  for (auto [i, group] : llvm::enumerate(groups)) {
    Value product;
    int64_t known = 1;
    for (int64_t d : group) {
      if (!source.isDynamicDim(d)) {
        known *= source.getDimSize(d);
        continue;
      }
      Value size = metadata.getSizes()[d];
      product =
          product ? arith::MulIOp::create(builder, loc, product, size) : size;
    }
    if (product && known != 1)
      product = arith::MulIOp::create(
          builder, loc, product,
          arith::ConstantIndexOp::create(builder, loc, known));
    sizes.push_back(product ? OpFoldResult(product)
                            : OpFoldResult(builder.getIndexAttr(known)));
    resultStrideValues.push_back(
        mixed(resultStrides[i], metadata.getStrides()[strideDims[i]]));
  }
  return memref::ReinterpretCastOp::create(
      builder, loc, type, metadata.getBaseBuffer(),
      mixed(offset, metadata.getOffset()), sizes, resultStrideValues);
}

/// Makes the sites of `kernel` with a parameter in `parameterOf` (-1: none)
/// run-time values, read from index arguments appended to the kernel, one
/// per parameter (sites may share one). A memref
/// argument with such a site becomes a `memref<1xT>` (its base pointer,
/// as the bare-pointer calling convention passes it) that the kernel's entry
/// reinterprets with its offset, sizes and strides; the subviews, collapses
/// and expansions of it get the types that follow. Fails, leaving `kernel`
/// half rewritten, where a buffer with run-time sizes would reach an op
/// that needs them known (a copy, an op that makes another buffer).
LogicalResult generalize(func::FuncOp kernel, ArrayRef<Site> sites,
                         ArrayRef<int> parameterOf) {
  MLIRContext *context = kernel.getContext();
  Block &entry = kernel.getBody().front();
  // The dims each subview drops (rank reduction), read while its source and
  // result types still agree.
  llvm::DenseMap<Operation *, llvm::SmallBitVector> droppedDims;
  kernel.walk([&](memref::SubViewOp subview) {
    droppedDims[subview] = subview.getDroppedDims();
  });
  // The source type of each collapse.
  llvm::DenseMap<Operation *, MemRefType> collapsedFrom;
  kernel.walk([&](memref::CollapseShapeOp collapse) {
    collapsedFrom[collapse] = collapse.getSrcType();
  });
  // The vector reads and writes of buffers whose innermost stride is known:
  // lowered to LLVM only while it stays known.
  SmallVector<OpOperand *> vectorAccesses;
  kernel.walk([&](Operation *op) {
    if (!isa<vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
             vector::StoreOp, vector::MaskedLoadOp, vector::MaskedStoreOp>(op))
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (hasKnownInnermostStride(operand.get().getType()))
        vectorAccesses.push_back(&operand);
  });
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  Location loc = kernel.getLoc();
  IndexType index = builder.getIndexType();
  // The index argument of each dynamic site.
  SmallVector<Value> parameters;
  SmallVector<Value> runTime(sites.size());
  SmallVector<bool> dynamic(sites.size(), false);
  for (unsigned i = 0; i < sites.size(); ++i) {
    if (parameterOf[i] < 0)
      continue;
    while (int(parameters.size()) <= parameterOf[i])
      parameters.push_back(entry.addArgument(index, loc));
    runTime[i] = parameters[parameterOf[i]];
    dynamic[i] = true;
  }

  // Memref arguments with a dynamic site: their base pointer, reinterpreted.
  llvm::DenseSet<Value> changed;
  for (BlockArgument arg : kernel.getArguments()) {
    std::optional<StridedType> layout = getStridedType(arg);
    if (!layout)
      continue;
    auto [type, strides, offset] = *layout;
    Value offsetValue;
    SmallVector<Value> sizeValues(type.getRank()), strideValues(type.getRank());
    bool any = false;
    for (unsigned i = 0; i < sites.size(); ++i) {
      if (!dynamic[i] || sites[i].arg != arg.getArgNumber() ||
          sites[i].kind > Site::ArgStride)
        continue;
      any = true;
      if (sites[i].kind == Site::ArgOffset)
        offsetValue = runTime[i];
      else if (sites[i].kind == Site::ArgSize)
        sizeValues[sites[i].index] = runTime[i];
      else
        strideValues[sites[i].index] = runTime[i];
    }
    if (!any)
      continue;
    SmallVector<OpFoldResult> sizes, strideResults;
    SmallVector<int64_t> shape, layoutStrides;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      sizes.push_back(foldResult(context, type.getDimSize(d), sizeValues[d]));
      strideResults.push_back(foldResult(context, strides[d], strideValues[d]));
      shape.push_back(sizeValues[d] ? ShapedType::kDynamic
                                    : type.getDimSize(d));
      layoutStrides.push_back(strideValues[d] ? ShapedType::kDynamic
                                              : strides[d]);
    }
    auto general = MemRefType::get(
        shape, type.getElementType(),
        StridedLayoutAttr::get(context,
                               offsetValue ? ShapedType::kDynamic : offset,
                               layoutStrides),
        type.getMemorySpace());
    auto base = MemRefType::get({1}, type.getElementType(), AffineMap(),
                                type.getMemorySpace());
    arg.setType(base);
    auto view = memref::ReinterpretCastOp::create(
        builder, loc, general, arg, foldResult(context, offset, offsetValue),
        sizes, strideResults);
    arg.replaceAllUsesExcept(view.getResult(), view);
    changed.insert(view.getResult());
  }

  // Constants: their use reads the argument.
  for (unsigned i = 0; i < sites.size(); ++i)
    if (dynamic[i] && sites[i].kind == Site::Constant) {
      Operation *constant = sites[i].op;
      constant->getResult(0).replaceAllUsesWith(runTime[i]);
      constant->erase();
    }

  // Thread loops: their bounds and steps with dynamic sites are operands.
  llvm::DenseMap<Operation *, SmallVector<unsigned>> loopSites;
  for (unsigned i = 0; i < sites.size(); ++i)
    if (dynamic[i] && sites[i].kind == Site::ForallStatic)
      loopSites[sites[i].op].push_back(i);
  for (auto &[op, indices] : loopSites) {
    auto forall = cast<scf::ForallOp>(op);
    SmallVector<OpFoldResult> mixed;
    llvm::append_range(mixed, forall.getMixedLowerBound());
    llvm::append_range(mixed, forall.getMixedUpperBound());
    llvm::append_range(mixed, forall.getMixedStep());
    for (unsigned i : indices)
      mixed[sites[i].index] = runTime[i];
    ArrayRef<OpFoldResult> all(mixed);
    unsigned rank = forall.getRank();
    SmallVector<Value> lbs, ubs, steps;
    SmallVector<int64_t> staticLbs, staticUbs, staticSteps;
    dispatchIndexOpFoldResults(all.take_front(rank), lbs, staticLbs);
    dispatchIndexOpFoldResults(all.slice(rank, rank), ubs, staticUbs);
    dispatchIndexOpFoldResults(all.take_back(rank), steps, staticSteps);
    forall.getDynamicLowerBoundMutable().assign(lbs);
    forall.getDynamicUpperBoundMutable().assign(ubs);
    forall.getDynamicStepMutable().assign(steps);
    forall.setStaticLowerBound(staticLbs);
    forall.setStaticUpperBound(staticUbs);
    forall.setStaticStep(staticSteps);
  }

  // Subviews, allocations and expansions with dynamic sites, and every view
  // of a changed buffer, in the body's order (a view's source is rebuilt
  // before it).
  llvm::DenseMap<Operation *, SmallVector<unsigned>> viewSites;
  for (unsigned i = 0; i < sites.size(); ++i)
    if (dynamic[i] &&
        (sites[i].kind == Site::SubviewStatic ||
         sites[i].kind == Site::AllocSize || sites[i].kind == Site::ExpandSize))
      viewSites[sites[i].op].push_back(i);
  SmallVector<Operation *> ops;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != kernel.getOperation())
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    bool readsChanged = llvm::any_of(op->getOperands(), [&](Value operand) {
      return changed.contains(operand);
    });
    auto subview = dyn_cast<memref::SubViewOp>(op);
    auto alloc = dyn_cast<memref::AllocOp>(op);
    auto expand = dyn_cast<memref::ExpandShapeOp>(op);
    bool hasSites = (subview || alloc || expand) && viewSites.count(op);
    if (!readsChanged && !hasSites)
      continue;
    builder.setInsertionPoint(op);
    Value replacement;
    if (alloc) {
      // Its sizes with dynamic sites become run-time operands.
      MemRefType type = alloc.getType();
      SmallVector<Value> sizeValues(type.getRank());
      for (unsigned i : viewSites.lookup(op))
        sizeValues[sites[i].index] = runTime[i];
      SmallVector<int64_t> shape;
      SmallVector<Value> dynamicSizes;
      for (auto [d, size] : llvm::enumerate(type.getShape())) {
        shape.push_back(sizeValues[d] ? ShapedType::kDynamic : size);
        if (sizeValues[d])
          dynamicSizes.push_back(sizeValues[d]);
      }
      auto general = MemRefType::get(shape, type.getElementType(), AffineMap(),
                                     type.getMemorySpace());
      replacement =
          memref::AllocOp::create(builder, op->getLoc(), general, dynamicSizes,
                                  alloc.getAlignmentAttr());
    } else if (subview) {
      SmallVector<OpFoldResult> mixed;
      llvm::append_range(mixed, subview.getMixedOffsets());
      llvm::append_range(mixed, subview.getMixedSizes());
      llvm::append_range(mixed, subview.getMixedStrides());
      for (unsigned i : viewSites.lookup(op))
        mixed[sites[i].index] = runTime[i];
      unsigned rank = subview.getSourceType().getRank();
      ArrayRef<OpFoldResult> all(mixed);
      SmallVector<OpFoldResult> offsets(all.take_front(rank)),
          sizes(all.slice(rank, rank)), strides(all.take_back(rank));
      // The result keeps the dims the subview kept (rank reduction).
      const llvm::SmallBitVector &dropped = droppedDims[op];
      SmallVector<int64_t> resultShape;
      for (unsigned d = 0; d < rank; ++d)
        if (!dropped.test(d)) {
          std::optional<int64_t> size = getConstantIntValue(sizes[d]);
          resultShape.push_back(size ? *size : ShapedType::kDynamic);
        }
      auto source = cast<MemRefType>(subview.getSource().getType());
      MemRefType type = memref::SubViewOp::inferRankReducedResultType(
          resultShape, source, offsets, sizes, strides);
      replacement = memref::SubViewOp::create(builder, op->getLoc(), type,
                                              subview.getSource(), offsets,
                                              sizes, strides);
    } else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(op)) {
      replacement =
          collapseKnowingSizes(builder, collapse, collapsedFrom[collapse]);
      if (!replacement)
        return failure();
    } else if (expand) {
      // Its sizes with dynamic sites become run-time values; its strides
      // follow from its (generalized) source.
      SmallVector<OpFoldResult> outputShape = expand.getMixedOutputShape();
      for (unsigned i : viewSites.lookup(op))
        outputShape[sites[i].index] = runTime[i];
      SmallVector<int64_t> shape;
      for (OpFoldResult size : outputShape)
        shape.push_back(
            getConstantIntValue(size).value_or(ShapedType::kDynamic));
      FailureOr<MemRefType> type = memref::ExpandShapeOp::computeExpandedType(
          expand.getSrcType(), shape, expand.getReassociationIndices());
      if (failed(type))
        return failure();
      replacement = memref::ExpandShapeOp::create(
          builder, op->getLoc(), *type, expand.getSrc(),
          expand.getReassociationIndices(), outputShape);
    } else if (readsAnyLayout(op)) {
      continue;
    } else {
      // A copy of run-time size would call a library function; a call
      // would pass the buffer on with a type its callee does not take;
      // other ops are not known to take any layout.
      return failure();
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
    changed.insert(replacement);
  }
  if (!llvm::all_of(vectorAccesses, [](OpOperand *operand) {
        return hasKnownInnermostStride(operand->get().getType());
      }))
    return failure();
  kernel.setFunctionType(FunctionType::get(context, entry.getArgumentTypes(),
                                           kernel.getResultTypes()));
  return success();
}

/// A kernel and, in site order, the values of its generalizable sites.
struct Kernel {
  func::FuncOp func;
  /// `func` with every site generalized (compared across kernels), or null
  /// when it cannot be.
  func::FuncOp general;
  SmallVector<int64_t> values;
  llvm::hash_code hash = 0;
};

/// A clone of `kernel` with each use of a constant its own, outside any
/// symbol table (a detached op).
func::FuncOp cloneWithOwnConstants(func::FuncOp kernel) {
  auto clone = cast<func::FuncOp>(kernel->clone());
  giveEachUseItsConstant(clone);
  return clone;
}

/// Moves the constants of `kernel`'s entry block to its start, in an order
/// that depends only on their values: kernels of the same code whose
/// constants were hoisted in different orders compare equal.
void sortEntryConstants(func::FuncOp kernel) {
  Block &entry = kernel.getBody().front();
  SmallVector<std::pair<llvm::hash_code, Operation *>> constants;
  for (Operation &op : entry)
    if (op.hasTrait<OpTrait::ConstantLike>())
      constants.push_back({OperationEquivalence::computeHash(
                               &op, OperationEquivalence::ignoreHashValue,
                               OperationEquivalence::ignoreHashValue,
                               seam::kKernelEquivalenceFlags),
                           &op});
  llvm::stable_sort(constants, [](const auto &a, const auto &b) {
    return static_cast<size_t>(a.first) < static_cast<size_t>(b.first);
  });
  for (auto [hash, op] : llvm::reverse(constants))
    op->moveBefore(&entry, entry.begin());
}

void prepare(Kernel &kernel) {
  func::FuncOp general = cloneWithOwnConstants(kernel.func);
  SmallVector<Site> sites = collectSites(general);
  for (const Site &site : sites)
    kernel.values.push_back(site.value);
  SmallVector<int> each(sites.size());
  std::iota(each.begin(), each.end(), 0);
  if (failed(generalize(general, sites, each))) {
    general.erase();
    return;
  }
  sortEntryConstants(general);
  kernel.general = general;
  kernel.hash = seam::hashKernel(general.getFunctionType(), general.getBody());
}

bool areSimilar(Kernel &a, Kernel &b) {
  return a.values.size() == b.values.size() &&
         a.func->getDiscardableAttrDictionary() ==
             b.func->getDiscardableAttrDictionary() &&
         a.general.getFunctionType() == b.general.getFunctionType() &&
         OperationEquivalence::isRegionEquivalentTo(
             &a.general.getBody(), &b.general.getBody(),
             seam::kKernelEquivalenceFlags);
}

struct SeamShareKernelsAcrossShapesPass
    : public seam::impl::SeamShareKernelsAcrossShapesPassBase<
          SeamShareKernelsAcrossShapesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Kernels named other than as the callee of a call keep their type.
    llvm::DenseSet<StringAttr> pinned =
        seam::getSymbolsNotOnlyCalled<func::CallOp>(module);
    std::vector<Kernel> kernels;
    for (func::FuncOp func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && func->hasAttr("seam.kernel") &&
          func.getNumResults() == 0 && !pinned.contains(func.getSymNameAttr()))
        kernels.push_back({func, {}, {}});
    // Each kernel is generalized in a clone of its own: on the context's
    // threads.
    parallelForEach(&getContext(), kernels, prepare);

    // Sets of similar kernels, the first of each its representative.
    SmallVector<Kernel *> generalized;
    for (Kernel &kernel : kernels)
      if (kernel.general)
        generalized.push_back(&kernel);
    std::vector<SmallVector<Kernel *>> sets = seam::groupEquivalent<Kernel>(
        generalized, [](Kernel &k) { return k.hash; }, areSimilar);

    // Each set: its first kernel with only the values that differ within
    // the set generalized; the calls of every kernel of the set call it.
    llvm::DenseMap<StringAttr, std::pair<func::FuncOp, Kernel *>> sharedBy;
    // The site whose value each parameter of a shared kernel takes.
    llvm::DenseMap<func::FuncOp, SmallVector<unsigned>> parametersOf;
    SmallVector<func::FuncOp> erased;
    for (SmallVector<Kernel *> &members : sets) {
      if (members.size() == 1)
        continue;
      SmallVector<Kernel *> *set = &members;
      Kernel &first = *set->front();
      // One parameter per distinct list of values across the set (sites
      // that read the same size in every kernel read one argument); none
      // for a value the kernels agree on.
      SmallVector<int> parameterOf;
      SmallVector<unsigned> parameterSites;
      for (unsigned i = 0; i < first.values.size(); ++i) {
        auto differs = [&](Kernel *k) {
          return k->values[i] != first.values[i];
        };
        if (llvm::none_of(*set, differs)) {
          parameterOf.push_back(-1);
          continue;
        }
        auto same = llvm::find_if(parameterSites, [&](unsigned j) {
          return llvm::all_of(
              *set, [&](Kernel *k) { return k->values[i] == k->values[j]; });
        });
        if (same != parameterSites.end()) {
          parameterOf.push_back(same - parameterSites.begin());
        } else {
          parameterOf.push_back(parameterSites.size());
          parameterSites.push_back(i);
        }
      }
      func::FuncOp shared = cloneWithOwnConstants(first.func);
      SmallVector<Site> sites = collectSites(shared);
      if (sites.size() != parameterOf.size() ||
          failed(generalize(shared, sites, parameterOf))) {
        shared.erase();
        continue;
      }
      // Named as the first kernel (a clone), whose name it takes over once
      // the set's kernels are erased.
      module.getBody()->getOperations().insert(first.func->getIterator(),
                                               shared);
      for (Kernel *kernel : *set) {
        sharedBy[kernel->func.getSymNameAttr()] = {shared, kernel};
        erased.push_back(kernel->func);
      }
      parametersOf[shared] = std::move(parameterSites);
    }
    for (Kernel &kernel : kernels)
      if (kernel.general)
        kernel.general.erase();
    if (erased.empty())
      return;

    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      if (sharedBy.count(call.getCalleeAttr().getAttr()))
        calls.push_back(call);
    });
    OpBuilder builder(&getContext());
    // One constant per value at the entry of each caller.
    llvm::DenseMap<std::pair<Operation *, int64_t>, Value> constants;
    auto getConstant = [&](func::CallOp call, int64_t value) {
      auto caller = call->getParentOfType<FunctionOpInterface>();
      Value &constant = constants[{caller.getOperation(), value}];
      if (!constant) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(&caller.getFunctionBody().front());
        constant =
            arith::ConstantIndexOp::create(builder, caller.getLoc(), value);
      }
      return constant;
    };
    for (func::CallOp call : calls) {
      auto [shared, kernel] = sharedBy.lookup(call.getCalleeAttr().getAttr());
      ArrayRef<unsigned> parameters = parametersOf[shared];
      builder.setInsertionPoint(call);
      Location loc = call.getLoc();
      SmallVector<Value> operands;
      FunctionType type = shared.getFunctionType();
      for (auto [i, operand] : llvm::enumerate(call.getOperands())) {
        // A generalized buffer is passed as its base: the kernel applies
        // its offset, sizes and strides.
        auto base = dyn_cast<MemRefType>(type.getInput(i));
        if (base && base != operand.getType()) {
          Value view = memref::ReinterpretCastOp::create(
              builder, loc, base, operand, /*offset=*/0, /*sizes=*/{1},
              /*strides=*/{1});
          operands.push_back(view);
        } else {
          operands.push_back(operand);
        }
      }
      for (unsigned site : parameters)
        operands.push_back(getConstant(call, kernel->values[site]));
      auto sharedCall = func::CallOp::create(builder, loc, shared, operands);
      sharedCall->setDiscardableAttrs(call->getDiscardableAttrDictionary());
      call.erase();
    }
    // The shared functions have their first kernels' names: now theirs.
    for (func::FuncOp func : erased)
      func.erase();
  }
};

} // namespace
