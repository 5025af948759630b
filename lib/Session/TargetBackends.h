//===- TargetBackends.h - Which backends can run on a triple ----*- C++ -*-===//
//
// What compiling for another triple checks of the backends, alike for
// seam-compile (AotCompiler.cpp) and for a Session in an executor process
// (Session.cpp): a backend whose regions call a runtime needs that runtime
// built for the triple's architecture (Backend::getRuntimeArchitectures).
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_LIB_SESSION_TARGETBACKENDS_H
#define SEAM_LIB_SESSION_TARGETBACKENDS_H

#include "seam/Error.h"

#include "llvm/TargetParser/Triple.h"

#include <string>
#include <vector>

namespace seam::detail {

/// Fails when a backend of `backends` has a runtime but none for `triple`
/// (`runtimeTriple`: its Debian multiarch name, aarch64-linux-gnu), naming
/// the architectures its runtime builds for and the backends that have one
/// for the triple.
Error checkBackendsForTriple(const std::vector<std::string> &backends,
                             const llvm::Triple &triple,
                             const std::string &runtimeTriple);

} // namespace seam::detail

#endif // SEAM_LIB_SESSION_TARGETBACKENDS_H
