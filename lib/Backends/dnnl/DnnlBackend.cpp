//===- DnnlBackend.cpp - The oneDNN backend -------------------------------===//

#include "DnnlBackend.h"

#include "DnnlApi.h"
#include "DnnlLowering.h"
#include "DnnlPatterns.h"

using namespace mlir;
using namespace mlir::seam;

namespace {

class DnnlBackend : public Backend {
public:
  StringRef getName() const override { return "dnnl"; }
  ArrayRef<PatternEntry> getPatterns() const override {
    return dnnl::getDnnlPatterns();
  }
  Verdict supportsOp(Operation *op) const override {
    return dnnl::supportsDnnlOp(op);
  }
  LogicalResult lowerRegion(func::FuncOp region) const override {
    return dnnl::lowerDnnlRegion(region);
  }
  ArrayRef<RuntimeSymbol> getRuntimeSymbols() const override {
    return dnnl::getDnnlApi();
  }
};

} // namespace

std::unique_ptr<Backend> mlir::seam::createDnnlBackend() {
  return std::make_unique<DnnlBackend>();
}
