//===- DnnlBackend.cpp - The oneDNN backend -------------------------------===//

#include "DnnlBackend.h"

#include "DnnlApi.h"
#include "DnnlLowering.h"
#include "DnnlPatterns.h"

#include "runtime/DnnlRuntime.h"

using namespace mlir;
using namespace mlir::seam;

namespace {

class DnnlBackend : public Backend {
public:
  StringRef getName() const override { return "dnnl"; }
  ArrayRef<PatternEntry> getPatterns() const override {
    return dnnl::getDnnlPatterns();
  }
  Verdict supportsOp(Operation *op) const override {
    return dnnl::supportsDnnlOp(op);
  }
  LogicalResult lowerRegion(func::FuncOp region) const override {
    return dnnl::lowerDnnlRegion(region);
  }
  ArrayRef<RuntimeSymbol> getRuntimeSymbols() const override {
    return dnnl::getDnnlApi();
  }
  std::optional<RegionStats>
  getRegionStats(StringRef region,
                 function_ref<void *(StringRef)> lookup) const override {
    auto *handle = static_cast<void **>(lookup(dnnl::getHandleSymbol(region)));
    if (!handle || !*handle)
      return std::nullopt;
    SeamDnnlRegionStats raw;
    seam_dnnl_get_region_stats(*handle, &raw);
    RegionStats stats;
    stats.runs = raw.runs;
    stats.milliseconds = raw.nanoseconds * 1e-6;
    for (int64_t i = 0; i < raw.primitives; ++i) {
      const char *name;
      int64_t nanoseconds;
      seam_dnnl_get_primitive_stats(*handle, i, &name, &nanoseconds);
      stats.kernels.emplace_back(name, nanoseconds * 1e-6);
    }
    return stats;
  }
};

} // namespace

std::unique_ptr<Backend> mlir::seam::createDnnlBackend() {
  return std::make_unique<DnnlBackend>();
}
