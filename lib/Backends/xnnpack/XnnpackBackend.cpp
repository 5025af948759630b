//===- XnnpackBackend.cpp - The XNNPACK backend ---------------------------===//
//
// `xnnpack`: offloads 2-D convolutions, fully connected layers, pooling,
// softmax and elementwise ops to XNNPACK (Debian's 2022 snapshot). Its
// regions are described as #seam_xnnpack.region (IR/) and run by the runtime
// of runtime/ (XNNPACK and libc only): XNNPACK subgraphs built once per
// session with the weights packed, and the runtime's own steps between them
// (concat, layout-changing reshapes), in NHWC inside and converted at the
// region's boundary.
//
//===----------------------------------------------------------------------===//

#include "IR/XnnpackDialect.h"
#include "XnnpackPatterns.h"
#include "XnnpackRegionWriter.h"

#include "runtime/XnnpackRuntime.h"

using namespace mlir;
using namespace seam;

namespace {

/// The entry points of the runtime (runtime/XnnpackRuntime.h).
const KernelEntryPoints kEntryPoints = {
    {"seam_xnnpack_create_region", getKernelCreateType,
     reinterpret_cast<void *>(&seam_xnnpack_create_region)},
    {"seam_xnnpack_run_region", getKernelRunType,
     reinterpret_cast<void *>(&seam_xnnpack_run_region)},
    {"seam_xnnpack_destroy_region", getKernelDestroyType,
     reinterpret_cast<void *>(&seam_xnnpack_destroy_region)},
};

class XnnpackBackend : public Backend {
public:
  StringRef getName() const override { return "xnnpack"; }
  ArrayRef<PatternEntry> getPatterns() const override {
    return xnnpack::getXnnpackPatterns();
  }
  Verdict supportsOp(Operation *op) const override {
    return xnnpack::supportsXnnpackOp(op);
  }
  void registerDialects(DialectRegistry &registry) const override {
    registry.insert<xnnpack::SeamXnnpackDialect>();
  }
  const KernelEntryPoints *getEntryPoints() const override {
    return &kEntryPoints;
  }
  SmallVector<std::string> getRuntimeLinkLibraries() const override {
    // Its thread pool is Seam's (pthreadpool_* on OpenMP, in the runtime).
    return {"seam_xnnpack_runtime", ":libXNNPACK.so.0", "dl"};
  }
  FailureOr<KernelRegion> describeRegion(func::FuncOp region) const override {
    return xnnpack::describeRegion(region);
  }
  std::optional<RegionStats>
  getRegionStats(StringRef region,
                 function_ref<void *(StringRef)> lookup) const override {
    auto *handle = static_cast<void **>(lookup(getKernelHandleSymbol(region)));
    if (!handle || !*handle)
      return std::nullopt;
    SeamXnnpackRegionStats raw;
    seam_xnnpack_get_region_stats(*handle, &raw);
    RegionStats stats;
    stats.runs = raw.runs;
    stats.milliseconds = raw.nanoseconds * 1e-6;
    // This XNNPACK has no per-operator timing: its nodes are listed untimed,
    // the runtime's own steps (concat, reshapes that change the layout) and
    // the layout conversions at the boundary with their times.
    for (int64_t i = 0; i < raw.ops; ++i) {
      const char *name;
      int64_t nanoseconds;
      seam_xnnpack_get_op_stats(*handle, i, &name, &nanoseconds);
      stats.kernels.emplace_back(name,
                                 nanoseconds < 0 ? -1.0 : nanoseconds * 1e-6);
    }
    stats.kernels.emplace_back("NCHW<->NHWC at the region's boundary",
                               raw.layout_nanoseconds * 1e-6);
    return stats;
  }
};

} // namespace

namespace seam {
/// The registration function named in lib/Backends/CMakeLists.txt.
void registerXnnpackBackend(BackendList &backends);
} // namespace seam

void seam::registerXnnpackBackend(BackendList &backends) {
  backends.push_back(std::make_unique<XnnpackBackend>());
}
