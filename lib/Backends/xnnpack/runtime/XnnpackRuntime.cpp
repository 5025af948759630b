//===- XnnpackRuntime.cpp - The C ABI of the XNNPACK backend's runtime ----===//
//
// XNNPACK, pthreadpool, Seam's runtime and the C/C++ runtime only: no MLIR,
// no LLVM.
//
//===----------------------------------------------------------------------===//

#include "XnnpackRuntime.h"

#include "Region.h"
#include "Subgraph.h"

#include "seam/Runtime/SeamRuntime.h"

#include <xnnpack.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>

using seam::xnnpack_region::Region;
using seam::xnnpack_region::RegionDesc;

namespace {

/// Initializes XNNPACK once per process; the status of that call.
xnn_status initializeXnnpack() {
  static const xnn_status status = xnn_initialize(/*allocator=*/nullptr);
  return status;
}

} // namespace

extern "C" void *seam_xnnpack_create_region(const void *description,
                                            int64_t size,
                                            const void *const *weights) {
  RegionDesc desc;
  std::string error;
  if (size < 0 || !seam::xnnpack_region::deserialize(
                      description, static_cast<size_t>(size), desc, error)) {
    std::fprintf(stderr, "seam-xnnpack: bad region description: %s\n",
                 error.c_str());
    return nullptr;
  }
  std::string name = desc.name;
  xnn_status status = initializeXnnpack();
  if (status != xnn_status_success) {
    std::fprintf(stderr, "seam-xnnpack: region %s: xnn_initialize failed: %s\n",
                 name.c_str(), seam::xnnpack_region::getStatusName(status));
    return nullptr;
  }
  try {
    return new Region(std::move(desc), weights, seam_get_max_threads());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "seam-xnnpack: region %s: %s\n", name.c_str(),
                 e.what());
    return nullptr;
  }
}

extern "C" void seam_xnnpack_run_region(void *region, void *const *buffers) {
  // Generated code has no way to receive an error: XNNPACK failing to run
  // (out of memory) ends the process with the reason.
  auto *r = static_cast<Region *>(region);
  try {
    r->run(buffers);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "seam-xnnpack: region %s: run failed: %s\n",
                 r->getName().c_str(), e.what());
    std::abort();
  }
}

extern "C" void seam_xnnpack_destroy_region(void *region) {
  delete static_cast<Region *>(region);
}

extern "C" void seam_xnnpack_get_region_stats(void *region,
                                              SeamXnnpackRegionStats *stats) {
  auto *r = static_cast<Region *>(region);
  stats->name = r->getName().c_str();
  stats->ops = r->getNumOps();
  stats->runs = r->getRuns();
  stats->nanoseconds = r->getNanoseconds();
  stats->layout_nanoseconds = r->getLayoutNanoseconds();
  stats->threads = r->getThreads();
}

extern "C" void seam_xnnpack_get_op_stats(void *region, int64_t index,
                                          const char **name,
                                          int64_t *nanoseconds) {
  auto *r = static_cast<Region *>(region);
  *name = r->getOpName(index).c_str();
  *nanoseconds = r->getOpNanoseconds(index);
}
