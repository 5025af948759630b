//===- MatmulTileEnds.cpp - A matmul's C before and after its K loop -----===//
//
// See MatmulTileEnds.h.
//
//===----------------------------------------------------------------------===//

#include "MatmulTileEnds.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace seam::matmul_tiles {

std::optional<CStart> findCStart(linalg::MatmulOp matmul) {
  if (!matmul.hasPureTensorSemantics() || !matmul->hasOneUse())
    return std::nullopt;
  auto aType = cast<ShapedType>(matmul.getInputs()[0].getType());
  if (!aType.hasStaticShape())
    return std::nullopt;
  Value cInit = matmul.getOutputs()[0];
  scf::ForOp kBlocks;
  if (auto yield = dyn_cast<scf::YieldOp>(*matmul->user_begin())) {
    kBlocks = dyn_cast<scf::ForOp>(yield->getParentOp());
    if (!kBlocks || kBlocks.getNumRegionIterArgs() != 1 ||
        kBlocks.getRegionIterArgs()[0] != cInit || !cInit.hasOneUse() ||
        !kBlocks->hasOneUse() ||
        !getConstantIntValue(kBlocks.getLowerBound()) ||
        !getConstantIntValue(kBlocks.getUpperBound()) ||
        !getConstantIntValue(kBlocks.getStep()))
      return std::nullopt;
    cInit = kBlocks.getInitArgs()[0];
  }
  auto collapse = cInit.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse)
    return std::nullopt;
  auto init = collapse.getSrc().getDefiningOp<DestinationStyleOpInterface>();
  if (!init || !isa<linalg::BroadcastOp, linalg::FillOp>(init) ||
      init.getNumDpsInits() != 1)
    return std::nullopt;
  return CStart{init, collapse, kBlocks};
}

std::optional<Epilogue> findEpilogue(linalg::MatmulOp matmul, CStart start,
                                     DominanceInfo &dominance) {
  Operation *anchor =
      start.kBlocks ? start.kBlocks.getOperation() : matmul.getOperation();
  auto expand = dyn_cast<tensor::ExpandShapeOp>(*anchor->user_begin());
  tensor::CollapseShapeOp collapse = start.collapse;
  if (!expand || !expand->hasOneUse() ||
      expand.getReassociationIndices() != collapse.getReassociationIndices() ||
      expand.getType() != collapse.getSrcType())
    return std::nullopt;
  auto generic = dyn_cast<linalg::GenericOp>(*expand->user_begin());
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getInputs()[0] != expand ||
      generic.getNumReductionLoops() != 0 ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }) ||
      generic.getResult(0).getType() != expand.getType())
    return std::nullopt;
  Block &body = generic.getRegion().front();
  if (!body.getArgument(1).use_empty())
    return std::nullopt;
  Type f32 = Float32Type::get(matmul.getContext());
  // arith only: a math op on a vector of the tile's 2-D type would become
  // a libm call per lane (the generic's loop, vectorized by LLVM, calls
  // libmvec instead): SiLU's exp on EfficientNet-B0's tiles made it 1.45x
  // slower.
  for (Operation &op : body.without_terminator())
    if (!isa<arith::ArithDialect>(op.getDialect()) ||
        !OpTrait::hasElementwiseMappableTraits(&op) || op.getNumRegions() ||
        op.getNumResults() != 1 || op.getResult(0).getType() != f32 ||
        !llvm::all_of(op.getOperandTypes(), [&](Type t) { return t == f32; }) ||
        // Values from outside the body are used in the matmul's loops.
        !llvm::all_of(op.getOperands(), [&](Value v) {
          return v.getParentRegion() == &generic.getRegion() ||
                 dominance.properlyDominates(v, anchor);
        }))
      return std::nullopt;
  // A broadcast or fill writes all of its destination: a copy of it can
  // write into the generic's output instead.
  if (start.init.getDpsInits()[0].getType() != generic.getResult(0).getType())
    return std::nullopt;
  // The generic's output must be there before C's first value: its
  // operands must (a slice of the layer's result, in the band's loop).
  Value out = generic.getOutputs()[0];
  Operation *outOp = out.getDefiningOp();
  if (outOp && !dominance.properlyDominates(outOp, anchor)) {
    if (!isa<tensor::ExtractSliceOp>(outOp) ||
        !llvm::all_of(outOp->getOperands(), [&](Value v) {
          return dominance.properlyDominates(v, anchor);
        }))
      return std::nullopt;
  }
  return Epilogue{generic};
}

DestinationStyleOpInterface ownStart(IRRewriter &rewriter,
                                     linalg::MatmulOp matmul, CStart start,
                                     Value dest, DominanceInfo &dominance) {
  Operation *anchor =
      start.kBlocks ? start.kBlocks.getOperation() : matmul.getOperation();
  OpOperand &cInit = start.kBlocks ? start.kBlocks.getInitArgsMutable()[0]
                                   : matmul.getDpsInitsMutable()[0];
  if (Operation *destOp = dest.getDefiningOp())
    if (!dominance.properlyDominates(destOp, anchor))
      destOp->moveBefore(anchor);
  rewriter.setInsertionPoint(anchor);
  Operation *init = rewriter.clone(*start.init);
  cast<DestinationStyleOpInterface>(init).getDpsInitsMutable()[0].set(dest);
  init->getResult(0).setType(dest.getType());
  Value c = tensor::CollapseShapeOp::create(
      rewriter, matmul.getLoc(), start.collapse.getResultType(),
      init->getResult(0), start.collapse.getReassociationIndices());
  rewriter.modifyOpInPlace(anchor, [&] { cInit.set(c); });
  return cast<DestinationStyleOpInterface>(init);
}

void applyEpilogue(IRRewriter &rewriter, Epilogue epilogue,
                   const RegisterTile &site) {
  vector::TransferWriteOp write = site.write;
  Value tile = write.getVector();
  auto type = cast<VectorType>(tile.getType());
  Block &body = epilogue.generic.getRegion().front();
  rewriter.setInsertionPoint(write);
  IRMapping map;
  map.map(body.getArgument(0), tile);
  Location loc = epilogue.generic.getLoc();
  for (Operation &op : body.without_terminator()) {
    SmallVector<Value> operands;
    for (Value v : op.getOperands())
      operands.push_back(
          map.contains(v) ? map.lookup(v)
                          : vector::BroadcastOp::create(rewriter, loc, type, v)
                                .getResult());
    Operation *vectorOp =
        rewriter.create(op.getLoc(), op.getName().getIdentifier(), operands,
                        {type}, op.getAttrs());
    map.map(op.getResult(0), vectorOp->getResult(0));
  }
  Value result = map.lookup(body.getTerminator()->getOperand(0));
  Value isLast;
  for (auto [iv, lastValue] : site.lastOf) {
    Value last = arith::ConstantIndexOp::create(rewriter, loc, lastValue);
    Value here = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       iv, last);
    isLast =
        isLast ? arith::AndIOp::create(rewriter, loc, isLast, here).getResult()
               : here;
  }
  if (isLast)
    result = arith::SelectOp::create(rewriter, loc, isLast, result, tile);
  rewriter.modifyOpInPlace(write,
                           [&] { write.getValueToStoreMutable().set(result); });
}

std::optional<StartValue> findStartValue(CStart start) {
  if (auto fill = dyn_cast<linalg::FillOp>(start.init.getOperation()))
    return StartValue{Value(), fill.getInputs()[0]};
  auto broadcast = cast<linalg::BroadcastOp>(start.init.getOperation());
  auto input = cast<ShapedType>(broadcast.getInput().getType());
  auto output = cast<ShapedType>(broadcast.getInit().getType());
  if (input.getRank() != 1 || !output.hasStaticShape())
    return std::nullopt;
  ArrayRef<int64_t> added = broadcast.getDimensions();
  int64_t kept = -1;
  for (int64_t d = 0; d < output.getRank(); ++d)
    if (!llvm::is_contained(added, d))
      kept = d;
  SmallVector<ReassociationIndices> groups =
      start.collapse.getReassociationIndices();
  if (kept < 0 || groups.size() != 2 || !llvm::is_contained(groups[0], kept))
    return std::nullopt;
  for (int64_t d : groups[0])
    if (d != kept && output.getDimSize(d) != 1)
      return std::nullopt;
  return StartValue{broadcast.getInput(), Value()};
}

void startInRegisters(IRRewriter &rewriter, StartValue start,
                      const RegisterTile &tile) {
  vector::TransferReadOp read = tile.read;
  VectorType type = read.getVectorType();
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  auto startTile = [&](OpBuilder &b) -> Value {
    if (start.scalar)
      return vector::BroadcastOp::create(b, loc, type, start.scalar);
    Value row = arith::ConstantIndexOp::create(b, loc, 0);
    for (OpFoldResult offset : *tile.rowOffsets)
      row = arith::AddIOp::create(
          b, loc, row, getValueOrCreateConstantIndexOp(b, loc, offset));
    // The tile's biases, each across its row: the rows' biases read as one
    // vector, each broadcast along its row. (A read that broadcasts along
    // the columns lowers through a transpose, element by element: 256
    // insertions per 8 x 32 tile, which LLVM's InstCombine then folds
    // back into splats at a cost in compile time.)
    int64_t rows = type.getDimSize(0);
    Type element = type.getElementType();
    Value padding =
        arith::ConstantOp::create(b, loc, element, b.getZeroAttr(element));
    Value biases = vector::TransferReadOp::create(
        b, loc, VectorType::get({rows}, element), start.bias, ValueRange{row},
        padding, ArrayRef<bool>{true});
    Value column = vector::ShapeCastOp::create(
        b, loc, VectorType::get({rows, 1}, element), biases);
    return vector::BroadcastOp::create(b, loc, type, column);
  };
  Value isFirst;
  for (auto [iv, first] : tile.firstOf) {
    Value here = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, iv,
        arith::ConstantIndexOp::create(rewriter, loc, first));
    isFirst =
        isFirst
            ? arith::AndIOp::create(rewriter, loc, isFirst, here).getResult()
            : here;
  }
  if (!isFirst) {
    rewriter.replaceOp(read, startTile(rewriter));
    return;
  }
  auto choice = scf::IfOp::create(
      rewriter, loc, isFirst,
      [&](OpBuilder &b, Location) {
        scf::YieldOp::create(b, loc, startTile(b));
      },
      [&](OpBuilder &b, Location) {
        scf::YieldOp::create(b, loc, b.clone(*read)->getResult(0));
      });
  rewriter.replaceOp(read, choice.getResult(0));
}

} // namespace seam::matmul_tiles
