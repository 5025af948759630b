//===- Backend.h - The interface of a kernel-library backend ----*- C++ -*-===//
//
// A backend is what Seam offloads regions to: a kernel library (oneDNN, a
// BLAS) with its pattern table, its single-op support, the typed description
// of its regions and the table of its runtime's entry points. The lowering
// of regions to seam.kernel_call and of that op to runtime calls is shared.
// Each backend lives in one folder lib/Backends/<name>/ and is registered by
// one line, `seam_add_backend(...)` in lib/Backends/CMakeLists.txt.
// docs/adding-a-backend.md says how to add one.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_BACKEND_BACKEND_H
#define SEAM_BACKEND_BACKEND_H

#include "seam/Backend/Pattern.h"
#include "seam/Support/LLVM.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace seam {

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

/// The entry points through which generated code runs a backend's regions;
/// one C ABI shared by every backend (see docs/adding-a-backend.md):
///
///   void *create(const void *description, int64_t size,
///                const void *const *weights);   // null on failure
///   void run(void *handle, void *const *buffers); // inputs, then outputs
///   void destroy(void *handle);
///
/// `create` reads the weights only while it runs (it copies or repacks what
/// the region needs): a session frees the weights that only creations read
/// once @seam_init has returned.
struct KernelEntryPoints {
  RuntimeSymbol create, run, destroy;
};

/// The types of the three shared entry points, for RuntimeSymbol::getType.
FunctionType getKernelCreateType(MLIRContext *context);
FunctionType getKernelRunType(MLIRContext *context);
FunctionType getKernelDestroyType(MLIRContext *context);

/// What a backend says of one of its outlined regions: its typed description
/// (an attribute implementing KernelDescriptionAttrInterface) and the
/// constants the runtime receives when the session is created, in the order
/// the description numbers them.
struct KernelRegion {
  Attribute description;
  SmallVector<Value> weights;
};

/// What a lowered region did at run time (for profiles).
struct RegionStats {
  int64_t runs = 0;
  double milliseconds = 0;
  /// The kernels (library primitives) it runs and their total times in
  /// milliseconds; negative when the library does not time its kernels.
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
  // Runtime (lib/Backends/dnnl is the example). A backend without one has
  // its regions compiled like the rest of the model.
  //===--------------------------------------------------------------------===//

  /// Adds the dialects the backend's IR uses (the dialect of its typed
  /// region description) to `registry`; Seam's tools and the Session call it
  /// for every registered backend. The default adds none.
  virtual void registerDialects(DialectRegistry &registry) const;

  /// The entry points of the backend's runtime, or null (the default) when
  /// it has none.
  virtual const KernelEntryPoints *getEntryPoints() const;

  /// Describes the outlined region `region` (a func.func whose
  /// `seam.backend` is this backend) for the runtime; emits an error naming
  /// the op it cannot describe. Called only when getEntryPoints is not null;
  /// seam-lower-backend-regions turns the result into a seam.kernel_call.
  virtual FailureOr<KernelRegion> describeRegion(func::FuncOp region) const;

  /// A function of the backend's runtime that makes, from a region's
  /// serialized description alone (no weights), what creating that region
  /// will need and the kernel library keeps in a cache of its own (oneDNN's
  /// generated kernels), so that @seam_init finds it made. An in-process
  /// Session calls it on a thread of its own, once the regions are described,
  /// while the rest of the model compiles. It returns 0 when it prepared the
  /// region; any other value only means that the creation does the work.
  /// Null (the default) when the runtime has none.
  using PrepareFunction = int32_t (*)(const void *description, int64_t size);
  virtual PrepareFunction getPrepareFunction() const;

  /// Every runtime function of the backend the JIT must resolve: by default
  /// the three entry points.
  virtual SmallVector<RuntimeSymbol> getRuntimeSymbols() const;

  /// The architectures its runtime builds for (lib/Runtime with a CMake
  /// toolchain file, scripts/build-cross.sh): seam-compile offloads to the
  /// backend only for these. By default the host's.
  virtual SmallVector<llvm::Triple::ArchType> getRuntimeArchitectures() const;

  /// What a program that links seam-compile objects using the backend links
  /// against, as `-l` arguments in order: by default its runtime archive,
  /// `seam_<name>_runtime`; then its kernel library (`:libdnnl.so.2`).
  virtual SmallVector<std::string> getRuntimeLinkLibraries() const;

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
/// On a memref.global whose data @seam_init passes to kernel creations: how
/// many creations receive it (an i64).
inline constexpr StringLiteral kKernelCreationsAttrName =
    "seam.kernel_creations";
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

/// The external global that holds the runtime handle of region `region`
/// (the session reads it for profiles).
std::string getKernelHandleSymbol(StringRef region);
/// The internal constant global that holds the serialized description.
std::string getKernelDescriptionSymbol(StringRef region);

//===----------------------------------------------------------------------===//
// Registry (lib/Backends/Registry.cpp)
//===----------------------------------------------------------------------===//

/// What a backend's registration function, named by its seam_add_backend
/// line, adds its backend(s) to:
/// `void seam::registerXBackend(BackendList &backends)`.
using BackendList = std::vector<std::unique_ptr<Backend>>;

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

} // namespace seam

#endif // SEAM_BACKEND_BACKEND_H
