//===- KernelPreparation.cpp - Kernel-library work ahead of @seam_init ----===//

#include "KernelPreparation.h"

#include "seam/Backend/Backend.h"
#include "seam/Runtime/SeamRuntime.h"
#include "seam/SeamOps.h"

#include <utility>
#include <vector>

namespace seam::detail {

namespace {
/// One region to prepare: its backend's function and its description.
struct Preparation {
  Backend::PrepareFunction prepare;
  std::vector<uint8_t> description;
};
} // namespace

void KernelPreparation::start(mlir::ModuleOp module, int32_t threads) {
  if (worker.joinable())
    return;
  std::vector<Preparation> work;
  module.walk([&](KernelCallOp call) {
    const Backend *backend = lookupBackend(call.getBackend());
    if (!backend)
      return;
    if (Backend::PrepareFunction prepare = backend->getPrepareFunction())
      work.push_back({prepare, call.getDescription().serialize()});
  });
  if (work.empty())
    return;
  worker = std::thread([work = std::move(work), threads] {
    seam_set_num_threads(threads);
    for (const Preparation &region : work)
      (void)region.prepare(region.description.data(),
                           static_cast<int64_t>(region.description.size()));
  });
}

void KernelPreparation::wait() {
  if (worker.joinable())
    worker.join();
}

} // namespace seam::detail
