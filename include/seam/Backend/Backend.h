//===- Backend.h - The interface of a kernel-library backend ----*- C++ -*-===//
//
// A backend is what Seam offloads regions to: a kernel library (oneDNN, a
// BLAS) with its pattern table and its single-op support, and later the
// lowering of its regions to calls into its runtime. Each backend lives in
// one folder lib/Backends/<name>/ and is registered in one place,
// lib/Backends/Registry.cpp. docs/adding-a-backend.md says how to add one.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKEND_BACKEND_H
#define SEAM_BACKEND_BACKEND_H

#include "seam/Backend/Pattern.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::seam {

/// Decides whether a backend takes one match of a pattern; a refusal says why
/// (e.g. "dilated convolution is not supported").
using MatchCheck = std::function<Verdict(const Match &)>;

/// One entry of a pattern table. A match becomes a composite named
/// "<backend>.<name>[_<tag>...]", e.g. "dnnl.conv2d_bias_relu" for the entry
/// "conv2d" whose optional bias and relu matched.
struct PatternEntry {
  std::string name;
  ChainPattern pattern;
  /// Whether the backend takes a match; null takes every match.
  MatchCheck check;
};

/// One C ABI function of a backend's runtime that generated code calls: its
/// symbol, its type and its address in this process (compare onnx-mlir's
/// table of zDNN entry points).
struct RuntimeSymbol {
  StringRef name;
  /// Builds the function's type in `context`.
  FunctionType (*getType)(MLIRContext *context);
  /// The function, for the JIT's symbol table.
  void *address;
};

/// What a lowered region did at run time (for profiles).
struct RegionStats {
  int64_t runs = 0;
  double milliseconds = 0;
  /// The kernels (library primitives) it runs and their total times.
  std::vector<std::pair<std::string, double>> kernels;
};

/// A kernel library Seam can offload regions to.
class Backend {
public:
  virtual ~Backend();

  /// The name used in `backends=...`, composite names ("<name>.<pattern>")
  /// and outlined functions (`@<name>_<n>`, `seam.backend = "<name>"`).
  virtual StringRef getName() const = 0;

  /// The pattern table, in priority order: merge-composite tries the entries
  /// one after the other, each over the whole function.
  virtual ArrayRef<PatternEntry> getPatterns() const = 0;

  /// Whether the backend runs `op` on its own, outside any pattern, and if
  /// not, why.
  virtual Verdict supportsOp(Operation *op) const = 0;

  //===--------------------------------------------------------------------===//
  // Lowering and runtime (seam-lower-backend-regions; lib/Backends/dnnl is
  // the example). A backend without a runtime has its regions compiled.
  //===--------------------------------------------------------------------===//

  /// Rewrites the outlined region `region` (a func.func whose `seam.backend`
  /// is this backend) into calls of the backend's runtime; what must happen
  /// once per session goes into `@seam_init` (and `@seam_deinit`), see
  /// getOrCreateInitFunctions. Called only when getRuntimeSymbols is not
  /// empty. The default emits an error that the backend has no lowering.
  virtual LogicalResult lowerRegion(func::FuncOp region) const;

  /// The runtime functions that lowered regions call, for the JIT's symbol
  /// table. The default is empty: a backend without a runtime, whose regions
  /// go through the compiled path like the rest of the model.
  virtual ArrayRef<RuntimeSymbol> getRuntimeSymbols() const;

  /// The statistics of the lowered region `region` (the outlined function's
  /// name) in a compiled module whose symbols `lookup` finds (null when
  /// absent); nullopt when the backend keeps none (the default).
  virtual std::optional<RegionStats>
  getRegionStats(StringRef region,
                 function_ref<void *(StringRef)> lookup) const;
};

//===----------------------------------------------------------------------===//
// Once per session: @seam_init and @seam_deinit
//===----------------------------------------------------------------------===//

/// `func.func @seam_init() -> i32`: the Session calls it once after the JIT
/// (a non-zero result fails the session's creation); lowered regions create
/// their kernel-library state there (primitives, packed weights).
inline constexpr StringLiteral kInitFunctionName = "seam_init";
/// `func.func @seam_deinit()`: the Session calls it before it is destroyed.
inline constexpr StringLiteral kDeinitFunctionName = "seam_deinit";

/// The init and deinit functions of a module, created empty (init returning
/// 0) the first time. Lowerings add their code before the terminators.
struct InitFunctions {
  func::FuncOp init, deinit;
};
InitFunctions getOrCreateInitFunctions(ModuleOp module);

/// Makes @seam_init also fail when `failed` (an i1 computed in its body,
/// before the terminator) is true.
void addInitFailure(func::FuncOp init, Value failed);

//===----------------------------------------------------------------------===//
// Registry (lib/Backends/Registry.cpp)
//===----------------------------------------------------------------------===//

/// Every backend of this build, in registration order.
ArrayRef<const Backend *> getRegisteredBackends();

/// The registered backend named `name`, or null.
const Backend *lookupBackend(StringRef name);

/// The names of the registered backends, joined by ", " ("none" when there
/// are none), for error messages.
std::string getRegisteredBackendNames();

/// Resolves the names of a `backends=` option (priority order) to backends;
/// the single name "none" selects no backend. Emits an error at `loc` that
/// names an unknown or repeated name and the known ones, or says that the
/// list is empty.
FailureOr<SmallVector<const Backend *>>
resolveBackends(ArrayRef<std::string> names, Location loc);

} // namespace mlir::seam

#endif // SEAM_BACKEND_BACKEND_H
