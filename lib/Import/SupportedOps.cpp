//===- SupportedOps.cpp - The ONNX operators the importer converts --------===//
//
// Generated from the two sources of truth rather than written down: ONNX's
// operator registry (every operator of the default and the ai.onnx.ml
// domains and the versions it has) and the importer's converter tables
// (lookupDomainOpConverter).
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
  std::vector<SupportedOnnxOp> ops;
  for (const char *domain : {"", "ai.onnx.ml"}) {
    std::map<std::string, int64_t> firstVersion;
    for (const onnx::OpSchema &schema :
         onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
      if (schema.domain() != domain &&
          !(*domain == '\0' && schema.domain() == "ai.onnx"))
        continue;
      if (!detail::lookupDomainOpConverter(domain, schema.Name()))
        continue;
      auto [it, inserted] =
          firstVersion.emplace(schema.Name(), schema.SinceVersion());
      if (!inserted)
        it->second = std::min<int64_t>(it->second, schema.SinceVersion());
    }
    // The newest version of the domain this ONNX library knows.
    int64_t last = detail::kMaxOpset;
    if (*domain != '\0') {
      const auto &ranges =
          onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
      auto range = ranges.find(domain);
      last = range != ranges.end() ? range->second.second : 0;
    }
    for (const auto &[name, first] : firstVersion)
      ops.push_back({name, domain, first, last});
  }
  return ops;
}

} // namespace seam
