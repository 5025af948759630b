//===- Registry.cpp - The backends of this build --------------------------===//
//
// The list comes from the seam_add_backend lines of
// lib/Backends/CMakeLists.txt, through the generated Backends.inc (see
// docs/adding-a-backend.md).
//
//===----------------------------------------------------------------------===//

#include "seam/Backend/Backend.h"

#include "llvm/ADT/StringSet.h"

#include <memory>
#include <vector>

using namespace mlir;
using namespace seam;

// The registration function of each backend.
namespace seam {
#define SEAM_BACKEND(NAME, REGISTER) void REGISTER(BackendList &backends);
#include "Backends.inc"
#undef SEAM_BACKEND
} // namespace seam

/// Creates every backend of this build, in registration order.
static BackendList createBackends() {
  BackendList backends;
#define SEAM_BACKEND(NAME, REGISTER) REGISTER(backends);
#include "Backends.inc"
#undef SEAM_BACKEND
  return backends;
}

ArrayRef<const Backend *> seam::getRegisteredBackends() {
  static const BackendList owned = createBackends();
  static const std::vector<const Backend *> backends = [] {
    std::vector<const Backend *> pointers;
    for (const std::unique_ptr<Backend> &backend : owned)
      pointers.push_back(backend.get());
    return pointers;
  }();
  return backends;
}
const Backend *seam::lookupBackend(StringRef name) {
  for (const Backend *backend : getRegisteredBackends())
    if (backend->getName() == name)
      return backend;
  return nullptr;
}

std::string seam::getRegisteredBackendNames() {
  std::string names;
  for (const Backend *backend : getRegisteredBackends())
    names += (names.empty() ? "" : ", ") + backend->getName().str();
  return names.empty() ? "none" : names;
}

FailureOr<SmallVector<const Backend *>>
seam::resolveBackends(ArrayRef<std::string> names, Location loc) {
  if (names.empty())
    return emitError(loc, "no backends given: pass backends=<names> in "
                          "priority order, or backends=none (known: ")
           << getRegisteredBackendNames() << ")";
  if (names.size() == 1 && names.front() == "none")
    return SmallVector<const Backend *>();
  SmallVector<const Backend *> backends;
  llvm::StringSet<> seen;
  for (const std::string &name : names) {
    const Backend *backend = lookupBackend(name);
    if (!backend)
      return emitError(loc, "unknown backend '")
             << name << "' (known: " << getRegisteredBackendNames() << ")";
    if (!seen.insert(name).second)
      return emitError(loc, "backend '") << name << "' is listed twice";
    backends.push_back(backend);
  }
  return backends;
}
