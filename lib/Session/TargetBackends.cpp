//===- TargetBackends.cpp - Which backends can run on a triple ------------===//

#include "TargetBackends.h"

#include "seam/Backend/Backend.h"

#include "llvm/ADT/StringExtras.h"

namespace seam::detail {

Error checkBackendsForTriple(const std::vector<std::string> &backends,
                             const llvm::Triple &triple,
                             const std::string &runtimeTriple) {
  for (const std::string &name : backends) {
    const Backend *backend = lookupBackend(name);
    if (!backend || !backend->getEntryPoints() ||
        llvm::is_contained(backend->getRuntimeArchitectures(),
                           triple.getArch()))
      continue;
    std::vector<std::string> archs, others;
    for (llvm::Triple::ArchType arch : backend->getRuntimeArchitectures())
      archs.push_back(llvm::Triple::getArchTypeName(arch).str());
    for (const Backend *other : getRegisteredBackends())
      if (other->getEntryPoints() &&
          llvm::is_contained(other->getRuntimeArchitectures(),
                             triple.getArch()))
        others.push_back(other->getName().str());
    return Error::failure(
        "backend '" + name + "' has no runtime for " + runtimeTriple +
        " (its runtime builds for " + llvm::join(archs, ", ") +
        "); backends with a runtime for " +
        llvm::Triple::getArchTypeName(triple.getArch()).str() + ": " +
        (others.empty() ? "none" : llvm::join(others, ", ")) +
        "; --backends=none compiles the whole model");
  }
  return Error::success();
}

} // namespace seam::detail
