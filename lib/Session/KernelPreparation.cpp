//===- KernelPreparation.cpp - Kernel-library work ahead of @seam_init ----===//

#include "KernelPreparation.h"

#include "seam/Backend/Backend.h"
#include "seam/Runtime/SeamRuntime.h"
#include "seam/SeamOps.h"

namespace seam::detail {

/// One region to prepare: its backend's function and its description.
struct KernelPreparation::Region {
  Backend::PrepareFunction prepare;
  std::vector<uint8_t> description;
};

void *KernelPreparation::run(void *self) {
  auto *preparation = static_cast<KernelPreparation *>(self);
  seam_set_num_threads(preparation->threads);
  for (const Region &region : preparation->regions)
    (void)region.prepare(region.description.data(),
                         static_cast<int64_t>(region.description.size()));
  return nullptr;
}

KernelPreparation::KernelPreparation() = default;
KernelPreparation::~KernelPreparation() { wait(); }

void KernelPreparation::start(mlir::ModuleOp module, int32_t threads) {
  if (started)
    return;
  module.walk([&](KernelCallOp call) {
    const Backend *backend = lookupBackend(call.getBackend());
    if (!backend)
      return;
    if (Backend::PrepareFunction prepare = backend->getPrepareFunction())
      regions.push_back({prepare, call.getDescription().serialize()});
  });
  this->threads = threads;
  // No thread to be had (a process at its limit): @seam_init does the work.
  started = !regions.empty() && pthread_create(&worker, nullptr, run, this) == 0;
}

void KernelPreparation::wait() {
  if (started)
    pthread_join(worker, nullptr);
  started = false;
  regions.clear();
}

} // namespace seam::detail
