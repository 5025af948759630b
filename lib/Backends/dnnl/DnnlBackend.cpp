//===- DnnlBackend.cpp - The oneDNN backend -------------------------------===//
//
// `dnnl`: offloads convolutions, matrix products, pooling, normalization,
// softmax, eltwise/binary ops and concat to oneDNN 2.x. Its regions are
// described as #seam_dnnl.region (IR/) and run by the runtime of runtime/
// (oneDNN and libc only), whose primitives are built once per session with
// the weights prepacked.
//
//===----------------------------------------------------------------------===//

#include "DnnlPatterns.h"
#include "DnnlRegionWriter.h"
#include "IR/DnnlDialect.h"

#include "runtime/DnnlRuntime.h"

using namespace mlir;
using namespace seam;

namespace {

/// The entry points of the runtime (runtime/DnnlRuntime.h).
const KernelEntryPoints kEntryPoints = {
    {"seam_dnnl_create_region", getKernelCreateType,
     reinterpret_cast<void *>(&seam_dnnl_create_region)},
    {"seam_dnnl_run_region", getKernelRunType,
     reinterpret_cast<void *>(&seam_dnnl_run_region)},
    {"seam_dnnl_destroy_region", getKernelDestroyType,
     reinterpret_cast<void *>(&seam_dnnl_destroy_region)},
};

class DnnlBackend : public Backend {
public:
  StringRef getName() const override { return "dnnl"; }
  ArrayRef<PatternEntry> getPatterns() const override {
    return dnnl::getDnnlPatterns();
  }
  Verdict supportsOp(Operation *op) const override {
    return dnnl::supportsDnnlOp(op);
  }
  void registerDialects(DialectRegistry &registry) const override {
    registry.insert<dnnl::SeamDnnlDialect>();
  }
  const KernelEntryPoints *getEntryPoints() const override {
    return &kEntryPoints;
  }
  PrepareFunction getPrepareFunction() const override {
    return &seam_dnnl_prepare_region;
  }
  SmallVector<llvm::Triple::ArchType> getRuntimeArchitectures() const override {
    // Debian builds oneDNN for both (libdnnl2:arm64 through multiarch).
    return {llvm::Triple::x86_64, llvm::Triple::aarch64};
  }
  SmallVector<std::string> getRuntimeLinkLibraries() const override {
    return {"seam_dnnl_runtime", ":libdnnl.so.2"};
  }
  FailureOr<KernelRegion> describeRegion(func::FuncOp region) const override {
    return dnnl::describeRegion(region);
  }
  std::optional<RegionStats>
  getRegionStats(StringRef region,
                 function_ref<void *(StringRef)> lookup) const override {
    auto *handle = static_cast<void **>(lookup(getKernelHandleSymbol(region)));
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

namespace seam {
/// The registration function named in lib/Backends/CMakeLists.txt.
void registerDnnlBackend(BackendList &backends);
} // namespace seam

void seam::registerDnnlBackend(BackendList &backends) {
  backends.push_back(std::make_unique<DnnlBackend>());
}
