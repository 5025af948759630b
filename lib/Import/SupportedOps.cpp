//===- SupportedOps.cpp - The ONNX operators the importer converts --------===//
//
// Generated from the two sources of truth rather than written down: ONNX's
// operator registry (every default-domain operator and the versions it has)
// and the importer's converter tables (lookupOpConverter).
//
//===----------------------------------------------------------------------===//

#include "seam/Import/OnnxImporter.h"

#include "OnnxGraphImporter.h"
#include "OnnxModelLoader.h"

#include "onnx/defs/schema.h"

#include <algorithm>
#include <map>

namespace seam {

std::vector<SupportedOnnxOp> getSupportedOnnxOps() {
  std::map<std::string, int64_t> firstVersion;
  for (const onnx::OpSchema &schema :
       onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    if (!schema.domain().empty() && schema.domain() != "ai.onnx")
      continue;
    if (!detail::lookupOpConverter(schema.Name()))
      continue;
    auto [it, inserted] =
        firstVersion.emplace(schema.Name(), schema.SinceVersion());
    if (!inserted)
      it->second = std::min<int64_t>(it->second, schema.SinceVersion());
  }
  std::vector<SupportedOnnxOp> ops;
  for (const auto &[name, first] : firstVersion)
    ops.push_back({name, first, detail::kMaxOpset});
  return ops;
}

} // namespace seam
