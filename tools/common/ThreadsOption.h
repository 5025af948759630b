//===- ThreadsOption.h - The --threads option of Seam's tools ---*- C++ -*-===//
//
// seam-run and seam-compile take `--threads N`, which llvm::cl cannot parse:
// LLVM's own libraries already register a global option named "threads".
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TOOLS_THREADSOPTION_H
#define SEAM_TOOLS_THREADSOPTION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace seam::tools {

/// Takes `--threads N` / `--threads=N` out of argv: LLVM's own libraries
/// already register a global option named "threads".
inline llvm::Expected<int> takeThreadsOption(int &argc, char **argv) {
  int threads = 0, out = 1;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    llvm::StringRef value;
    if (arg == "--threads" || arg == "-threads") {
      if (i + 1 >= argc)
        return llvm::createStringError("--threads needs a value");
      value = argv[++i];
    } else if (arg.consume_front("--threads=") ||
               arg.consume_front("-threads=")) {
      value = arg;
    } else {
      argv[out++] = argv[i];
      continue;
    }
    if (value.getAsInteger(10, threads) || threads < 0)
      return llvm::createStringError(
          "--threads needs a non-negative integer, got '" + value.str() + "'");
  }
  argc = out;
  return threads;
}

} // namespace seam::tools

#endif // SEAM_TOOLS_THREADSOPTION_H
