//===- CompileFlags.h - Compile options the tools share ---------*- C++ -*-===//
//
// seam-run and seam-compile take --max-tensor-bytes and --input-shape
// name=DxD... alike; this puts them into a CompileOptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_TOOLS_COMPILEFLAGS_H
#define SEAM_TOOLS_COMPILEFLAGS_H

#include "seam/Import/OnnxImporter.h"
#include "seam/Session.h"

#include <string>
#include <vector>

namespace seam::tools {

/// Sets `options.maxTensorBytes` and `options.inputShapes` from the flags;
/// the error of a bad one, or empty.
inline std::string applyCompileFlags(int64_t maxTensorBytes,
                                     const std::vector<std::string> &shapes,
                                     CompileOptions &options) {
  if (maxTensorBytes <= 0)
    return "--max-tensor-bytes must be positive, got " +
           std::to_string(maxTensorBytes);
  options.maxTensorBytes = maxTensorBytes;
  OnnxImportOptions parsed;
  for (const std::string &spec : shapes) {
    std::string error = parseInputShape(spec, parsed);
    if (!error.empty())
      return error;
  }
  for (const auto &entry : parsed.inputShapes)
    options.inputShapes[entry.getKey().str()] =
        std::vector<int64_t>(entry.getValue().begin(), entry.getValue().end());
  return "";
}

} // namespace seam::tools

#endif // SEAM_TOOLS_COMPILEFLAGS_H
