//===- KernelPreparation.h - Kernel-library work ahead of @seam_init -*- C++ -*-===//
//
// Creating a session's kernel-library state (@seam_init: oneDNN's primitives
// and their generated kernels) needs only the regions' descriptions, known
// once the model is partitioned, and the weights. What needs no weights is
// done ahead, on a thread of its own, while the rest of the model is lowered
// and compiled (Backend::getPrepareFunction); @seam_init then finds it in
// the library's cache. On a 2-core machine this takes oneDNN's kernel
// generation off a small model's session creation.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_SESSION_KERNELPREPARATION_H
#define SEAM_LIB_SESSION_KERNELPREPARATION_H

#include "mlir/IR/BuiltinOps.h"

#include <pthread.h>

#include <cstdint>
#include <vector>

namespace seam::detail {

class KernelPreparation {
public:
  KernelPreparation();
  KernelPreparation(const KernelPreparation &) = delete;
  KernelPreparation &operator=(const KernelPreparation &) = delete;
  ~KernelPreparation();

  /// Starts preparing every seam.kernel_call of `module` whose backend's
  /// runtime can prepare regions, on a new thread that runs with `threads`
  /// OpenMP threads (as @seam_init will: libraries cache per thread count).
  /// Starts nothing when there is no such call, one is under way, or no
  /// thread can be created (then @seam_init does all the work).
  void start(mlir::ModuleOp module, int32_t threads);

  /// Waits until the preparation started last has ended.
  void wait();

private:
  struct Region;
  static void *run(void *self);

  std::vector<Region> regions;
  int32_t threads = 0;
  pthread_t worker{};
  bool started = false;
};

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_KERNELPREPARATION_H
