//===- OnnxConformanceReport.cpp - ONNX's backend tests: the whole table --===//
//
// Runs all models of Debian's libonnx-testdata (node, pytorch-converted,
// pytorch-operator, simple) through Seam: import, then each backend's run
// on every data set against the reference outputs. Prints per model one
// line (refused with the import error, or per backend passed / failed with
// the reason), then per folder and in total how many are refused, pass with
// each backend and pass with all of them, as a Markdown table.
//
//   seam-onnx-conformance-report [--backends=none,dnnl] [--filter=SUBSTR]
//                                [--write-lists]
//
// --write-lists rewrites test/Import/onnx-testdata-rejected.txt and
// test/e2e/conformance-expected-failures.txt from what it saw, so that the
// conformance tests check exactly that (a model that later fails, or
// passes, fails them).
//
//===----------------------------------------------------------------------===//

#include "../common/OnnxTestData.h"
#include "OnnxConformance.h"

#include "seam/Backend/Backend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <map>

namespace {

namespace cl = llvm::cl;

cl::opt<std::string> backendList(
    "backends",
    cl::desc("comma-separated backends to run each model with (default: none "
             "and every backend of this build with a runtime)"));
cl::opt<std::string> filter("filter",
                            cl::desc("only models whose name contains this"));
cl::opt<bool> writeLists(
    "write-lists",
    cl::desc("rewrite the rejected and expected-failure lists in the source "
             "tree from the outcomes"));

/// First line of `s`, without the file prefix of an import error.
std::string oneLine(std::string s) {
  s = s.substr(0, s.find('\n'));
  size_t marker = s.find(": error: ");
  if (marker != std::string::npos)
    s = s.substr(marker + 9);
  return s;
}

struct Outcome {
  std::string refused;                         // import error, or ""
  std::map<std::string, std::string> failures; // backend -> reason or ""
};

struct Counts {
  int total = 0, refused = 0, passAll = 0;
  std::map<std::string, int> pass;
};

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv,
                              "Runs ONNX's backend test data through Seam\n");
  std::vector<std::string> backends;
  if (backendList.empty()) {
    backends.push_back("none");
    for (const seam::Backend *backend : seam::getRegisteredBackends())
      if (backend->getEntryPoints())
        backends.push_back(backend->getName().str());
  } else {
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(backendList).split(parts, ',', -1, false);
    for (llvm::StringRef p : parts)
      backends.push_back(p.trim().str());
  }

  std::map<std::string, Outcome> outcomes;
  for (const std::string &model :
       seam::testdata::listModels(SEAM_ONNX_TESTDATA_DIR)) {
    if (!filter.empty() && model.find(filter) == std::string::npos)
      continue;
    Outcome &o = outcomes[model];
    o.refused = seam::testdata::importError(model);
    llvm::outs() << model << ": ";
    if (!o.refused.empty()) {
      llvm::outs() << "refused: " << oneLine(o.refused) << "\n";
      continue;
    }
    for (const std::string &backend : backends) {
      std::string failure = seam::testdata::runConformanceModel(model, backend);
      o.failures[backend] = failure;
      llvm::outs() << backend << " "
                   << (failure.empty() ? "pass"
                                       : "FAIL (" + oneLine(failure) + ")")
                   << "; ";
    }
    llvm::outs() << "\n";
    llvm::outs().flush();
  }

  std::map<std::string, Counts> bySuite;
  for (const auto &[model, o] : outcomes) {
    std::string suite = model.substr(0, model.find('/'));
    for (Counts *c : {&bySuite[suite], &bySuite["total"]}) {
      ++c->total;
      if (!o.refused.empty()) {
        ++c->refused;
        continue;
      }
      bool all = true;
      for (const auto &[backend, failure] : o.failures) {
        c->pass[backend] += failure.empty();
        all &= failure.empty();
      }
      c->passAll += all;
    }
  }
  llvm::outs() << "\n| folder | models | refused at import |";
  for (const std::string &b : backends)
    llvm::outs() << " pass " << b << " |";
  llvm::outs() << " pass all |\n|---|---:|---:|";
  for (size_t i = 0; i < backends.size(); ++i)
    llvm::outs() << "---:|";
  llvm::outs() << "---:|\n";
  for (const auto &[suite, c] : bySuite) {
    if (suite == "total")
      continue;
    llvm::outs() << "| " << suite << " | " << c.total << " | " << c.refused
                 << " |";
    for (const std::string &b : backends)
      llvm::outs() << " " << (c.pass.count(b) ? c.pass.at(b) : 0) << " |";
    llvm::outs() << " " << c.passAll << " |\n";
  }
  const Counts &t = bySuite["total"];
  llvm::outs() << "| **total** | " << t.total << " | " << t.refused << " |";
  for (const std::string &b : backends)
    llvm::outs() << " " << (t.pass.count(b) ? t.pass.at(b) : 0) << " |";
  llvm::outs() << " " << t.passAll << " |\n";

  if (!writeLists)
    return 0;
  std::ofstream rejected(SEAM_ONNX_REJECTED_LIST);
  rejected
      << "# ONNX backend test models Seam refuses at import, with the first "
         "error.\n# Written by seam-onnx-conformance-report "
         "--write-lists; checked by seam-unittests.\n";
  std::ofstream xfail(SEAM_CONFORMANCE_XFAIL_LIST);
  xfail << "# ONNX backend tests that Seam imports but does not (yet) run "
           "correctly.\n# Format: suite/test | reason (<backend>:suite/test "
           "| reason: with\n# --backends=<backend> only). Written by "
           "seam-onnx-conformance-report --write-lists;\n# the conformance "
           "run fails if a listed test passes, so the list stays true.\n";
  for (const auto &[model, o] : outcomes) {
    if (!o.refused.empty()) {
      rejected << model << " | " << o.refused << "\n";
      continue;
    }
    auto none = o.failures.find("none");
    if (none != o.failures.end() && !none->second.empty()) {
      xfail << model << " | " << oneLine(none->second) << "\n";
      continue;
    }
    for (const auto &[backend, failure] : o.failures)
      if (backend != "none" && !failure.empty())
        xfail << backend << ":" << model << " | " << oneLine(failure) << "\n";
  }
  return 0;
}
