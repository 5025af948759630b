//===- LinkErrors.h - What failed while ORC linked a module -----*- C++ -*-===//
//
// ORC reports link errors to the execution session, not to the lookup that
// triggered the link, which only learns that materializing failed. The
// in-process JIT (JitEngine.cpp) and the remote one (RemoteJit.cpp) collect
// them here and turn a failed lookup into one error naming every symbol
// that did not resolve.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_LINKERRORS_H
#define SEAM_JIT_LINKERRORS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <mutex>
#include <string>

namespace llvm::orc {
class ExecutionSession;
} // namespace llvm::orc

namespace seam::detail {

class LinkErrors {
public:
  /// Collects from now on what `session` reports.
  static std::shared_ptr<LinkErrors>
  collect(llvm::orc::ExecutionSession &session);

  /// The error of a lookup that failed with `lookupError`: "the JIT cannot
  /// resolve a, b<missingHint>" when symbols were missing, else "cannot
  /// <what>: <the errors reported>".
  llvm::Error describe(llvm::Error lookupError, llvm::StringRef missingHint,
                       llvm::StringRef what);

private:
  std::mutex mutex;
  /// Symbols that resolved from nothing the JIT was given.
  llvm::SmallVector<std::string> missing;
  /// Any other error.
  std::string other;
};

} // namespace seam::detail

#endif // SEAM_JIT_LINKERRORS_H
