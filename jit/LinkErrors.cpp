//===- LinkErrors.cpp - What failed while ORC linked a module -------------===//

#include "LinkErrors.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/Core.h"

namespace seam::detail {

std::shared_ptr<LinkErrors>
LinkErrors::collect(llvm::orc::ExecutionSession &session) {
  auto errors = std::make_shared<LinkErrors>();
  session.setErrorReporter([errors](llvm::Error err) {
    std::lock_guard<std::mutex> lock(errors->mutex);
    llvm::handleAllErrors(
        std::move(err),
        [&](const llvm::orc::SymbolsNotFound &notFound) {
          for (const llvm::orc::SymbolStringPtr &name : notFound.getSymbols())
            errors->missing.push_back((*name).str());
        },
        [&](const llvm::ErrorInfoBase &error) {
          errors->other +=
              (errors->other.empty() ? "" : "; ") + error.message();
        });
  });
  return errors;
}

llvm::Error LinkErrors::describe(llvm::Error lookupError,
                                 llvm::StringRef missingHint,
                                 llvm::StringRef what) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!missing.empty()) {
    llvm::consumeError(std::move(lookupError));
    llvm::sort(missing);
    missing.erase(llvm::unique(missing), missing.end());
    return llvm::createStringError("the JIT cannot resolve " +
                                   llvm::join(missing, ", ") + missingHint);
  }
  return llvm::createStringError("cannot " + what.str() + ": " +
                                 (other.empty() ? "" : other + "; ") +
                                 llvm::toString(std::move(lookupError)));
}

} // namespace seam::detail
