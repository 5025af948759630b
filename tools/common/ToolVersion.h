//===- ToolVersion.h - The --version text of Seam's tools -------*- C++ -*-===//
//
// seam-opt, seam-translate and seam-run print, for --version, Seam's version
// (seam/Version.h, generated from the CMake project's version), then the
// version of LLVM (and MLIR, which is versioned with it) they were built
// against, and the host CPU, which seam-run's JIT compiles for:
//
//   Seam version 0.4.0
//     LLVM version 22.1.8
//     Host CPU: skylake-avx512
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TOOLS_TOOLVERSION_H
#define SEAM_TOOLS_TOOLVERSION_H

#include "seam/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

namespace seam::tools {

/// Prints Seam's version, LLVM's and the host CPU.
inline void printVersion(llvm::raw_ostream &os) {
  os << "Seam version " << SEAM_VERSION_STRING << "\n"
     << "  LLVM version " << LLVM_VERSION_STRING << "\n"
     << "  Host CPU: " << llvm::sys::getHostCPUName() << "\n";
}

/// Makes --version print printVersion's text instead of LLVM's own.
inline void setVersionPrinter() { llvm::cl::SetVersionPrinter(printVersion); }

} // namespace seam::tools

#endif // SEAM_TOOLS_TOOLVERSION_H
