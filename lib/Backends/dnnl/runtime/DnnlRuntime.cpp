//===- DnnlRuntime.cpp - The C ABI of the oneDNN backend's runtime --------===//
//
// oneDNN and the C/C++ runtime only: no MLIR, no LLVM.
//
//===----------------------------------------------------------------------===//

#include "DnnlRuntime.h"

#include "Region.h"

#include <cstdio>
#include <cstdlib>
#include <exception>

using seam::dnnl_region::Region;
using seam::dnnl_region::RegionDesc;

extern "C" void *seam_dnnl_create_region(const void *description, int64_t size,
                                         const void *const *weights) {
  RegionDesc desc;
  std::string error;
  if (size < 0 || !seam::dnnl_region::deserialize(
                      description, static_cast<size_t>(size), desc, error)) {
    std::fprintf(stderr, "seam-dnnl: bad region description: %s\n",
                 error.c_str());
    return nullptr;
  }
  try {
    return new Region(desc, weights);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "seam-dnnl: cannot build region %s: %s\n",
                 desc.name.c_str(), e.what());
    return nullptr;
  }
}

extern "C" int32_t seam_dnnl_prepare_region(const void *description,
                                            int64_t size) {
  RegionDesc desc;
  std::string error;
  if (size < 0 || !seam::dnnl_region::deserialize(
                      description, static_cast<size_t>(size), desc, error))
    return 1;
  try {
    Region region(desc, /*weights=*/nullptr);
    return 0;
  } catch (const std::exception &) {
    return 1;
  }
}

extern "C" void seam_dnnl_run_region(void *region, void *const *buffers) {
  // Generated code has no way to receive an error: a primitive that fails
  // to execute (out of memory) ends the process with the reason.
  try {
    static_cast<Region *>(region)->run(buffers);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "seam-dnnl: running region %s failed: %s\n",
                 static_cast<Region *>(region)->getName().c_str(), e.what());
    std::abort();
  }
}

extern "C" void seam_dnnl_destroy_region(void *region) {
  delete static_cast<Region *>(region);
}

extern "C" void seam_dnnl_get_region_stats(void *region,
                                           SeamDnnlRegionStats *stats) {
  auto *r = static_cast<Region *>(region);
  stats->name = r->getName().c_str();
  stats->primitives = r->getNumSteps();
  stats->runs = r->getRuns();
  stats->nanoseconds = r->getNanoseconds();
}

extern "C" void seam_dnnl_get_primitive_stats(void *region, int64_t index,
                                              const char **name,
                                              int64_t *nanoseconds) {
  auto *r = static_cast<Region *>(region);
  *name = r->getStepName(index).c_str();
  *nanoseconds = r->getStepNanoseconds(index);
}
