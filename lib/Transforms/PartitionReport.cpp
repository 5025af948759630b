//===- PartitionReport.cpp - What partitioning did, as a table ------------===//

#include "seam/Transforms/PartitionReport.h"
#include "seam/Transforms/Passes.h"

#include "seam/SeamOps.h"
#include "seam/Transforms/FlopCount.h"
#include "seam/Transforms/PartitionAttrs.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

namespace seam {
#define GEN_PASS_DEF_SEAMPARTITIONREPORTPASS
#include "seam/Transforms/Passes.h.inc"
} // namespace seam

using namespace mlir;
using namespace seam;

namespace {

/// What one backend (or the compiler) runs.
struct Row {
  int64_t regions = 0, composites = 0, ops = 0, flops = 0;
};

/// The backend that runs `op`: that of the op, its composite or its function.
std::optional<StringRef> offloadedTo(Operation *op) {
  for (Operation *at = op; at; at = at->getParentOp())
    if (std::optional<StringRef> backend = getAssignedBackend(at))
      return backend;
  return std::nullopt;
}

/// Where `loc` points: an ONNX node's name, or file:line:col.
std::string describe(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return ("\"" + name.getName().getValue() + "\"").str();
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    ArrayRef<Location> locs = fused.getLocations();
    auto named = llvm::find_if(locs, llvm::IsaPred<NameLoc>);
    if (named != locs.end())
      return describe(*named);
    if (!locs.empty())
      return describe(locs.front());
  }
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (llvm::sys::path::filename(file.getFilename().getValue()) + ":" +
            Twine(file.getLine()) + ":" + Twine(file.getColumn()))
        .str();
  return "unknown location";
}

std::string share(int64_t flops, int64_t total) {
  if (total == 0)
    return "-";
  return llvm::formatv("{0:F2}%", 100.0 * flops / total).str();
}

void printRow(llvm::raw_ostream &os, StringRef name, StringRef regions,
              StringRef composites, const Row &row, int64_t totalFlops) {
  os << llvm::formatv("  {0,-12} {1,8} {2,11} {3,6} {4,14} {5,7}\n", name,
                      regions, composites, row.ops, row.flops,
                      share(row.flops, totalFlops));
}

} // namespace

void seam::printPartitionReport(ModuleOp module, llvm::raw_ostream &os) {
  llvm::MapVector<StringRef, Row> backends;
  Row compiler;
  SmallVector<Operation *> leftovers;
  // Before outlining, a region is a (function, seam.region) pair.
  llvm::DenseSet<std::pair<Operation *, int64_t>> regionsSeen;

  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      if (std::optional<StringRef> backend = getAssignedBackend(func))
        ++backends[*backend].regions;
      return;
    }
    if (!isa<SeamDialect>(op->getDialect()) || isa<YieldOp>(op))
      return;
    std::optional<StringRef> backend = offloadedTo(op);
    if (std::optional<StringRef> own = getAssignedBackend(op)) {
      std::optional<int64_t> region = getRegion(op);
      Operation *key = region ? op->getParentOp() : op;
      if (regionsSeen.insert({key, region.value_or(-1)}).second)
        ++backends[*own].regions;
    }
    if (isa<CompositeOp>(op)) {
      if (backend)
        ++backends[*backend].composites;
      return;
    }
    Row &row = backend ? backends[*backend] : compiler;
    ++row.ops;
    row.flops += countFlops(op);
    if (!backend)
      leftovers.push_back(op);
  });

  Row total = compiler;
  for (auto &[name, row] : backends) {
    total.regions += row.regions;
    total.composites += row.composites;
    total.ops += row.ops;
    total.flops += row.flops;
  }

  os << "Seam partition report\n";
  os << llvm::formatv("  {0,-12} {1,8} {2,11} {3,6} {4,14} {5,7}\n", "backend",
                      "regions", "composites", "ops", "FLOPs", "share");
  for (auto &[name, row] : backends)
    printRow(os, name, std::to_string(row.regions),
             std::to_string(row.composites), row, total.flops);
  printRow(os, "compiler", "-", "-", compiler, total.flops);
  printRow(os, "total", std::to_string(total.regions),
           std::to_string(total.composites), total, total.flops);
  os << "Ops left to the compiler: " << leftovers.size() << "\n";
  for (Operation *op : leftovers) {
    auto reason = op->getAttrOfType<StringAttr>(kReasonAttr);
    os << "  " << op->getName() << " at " << describe(op->getLoc()) << ": "
       << (reason ? reason.getValue() : "no reason recorded") << "\n";
  }
}

namespace {

struct SeamPartitionReportPass
    : public seam::impl::SeamPartitionReportPassBase<SeamPartitionReportPass> {
  void runOnOperation() override {
    printPartitionReport(getOperation(), llvm::outs());
    markAllAnalysesPreserved();
  }
};

} // namespace
