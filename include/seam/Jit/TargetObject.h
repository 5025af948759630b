//===- TargetObject.h - Object code for a triple, ahead of time -*- C++ -*-===//
//
// What seam-compile builds on: a TargetMachine for any triple this LLVM has
// a target for (the host, aarch64, riscv64, ...), and the object code of a
// lowered module for it. The object defines one symbol, `<name>_model`, a
// SeamAotModel (include/seam/Runtime/SeamAot.h) through which Seam's runtime
// creates, runs and destroys the model; everything else in it is internal,
// so that several models link into one program. Its calls to Seam's runtime
// use the runtime's C symbols (seam_kmpc_*, seam_memref_copy), and the
// weights listed in AotModelInfo are read through address slots that the
// runtime fills from the mapped weights file.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_JIT_TARGETOBJECT_H
#define SEAM_JIT_TARGETOBJECT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace seam {

/// Where code runs: an LLVM target triple, a CPU and its features.
struct TargetSpec {
  /// e.g. "aarch64-linux-gnu"; empty: the host's.
  std::string triple;
  /// e.g. "cortex-a72"; empty: the host's CPU for the host's triple, else
  /// "generic".
  std::string cpu;
  /// e.g. "+sve,-neon"; empty: the host's features for the host's triple,
  /// else the CPU's.
  std::string features;
};

/// The triple `spec` names (normalized; the host's when empty).
llvm::Triple getTargetTriple(const TargetSpec &spec);

/// Whether `triple` is the host's (same architecture, OS and environment).
bool isHostTriple(const llvm::Triple &triple);

/// The Debian multiarch name of `triple` (aarch64-linux-gnu for
/// aarch64-unknown-linux-gnu), which names its cross compiler, its folder
/// of Seam's runtime (build/<multiarch>) and its /usr/<multiarch> libraries.
std::string getMultiarchTriple(const llvm::Triple &triple);

/// A TargetMachine for `spec` at optimization `optLevel` (0-3), generating
/// position-independent code. Errors name an unknown triple (and the
/// targets this LLVM has), an unknown CPU or an unknown feature.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetSpec &spec, unsigned optLevel);

/// What the object says of the model it holds.
struct AotModelInfo {
  struct Tensor {
    std::string name;
    std::vector<int64_t> shape;
    /// SeamAot.h's SEAM_AOT_FLOAT32, SEAM_AOT_INT64, ...
    int32_t elementType = 1;
  };
  /// A weight read from the weights file: the external global `symbol` of
  /// the module, `size` bytes at `offset` in the file.
  struct Weight {
    std::string symbol;
    uint64_t offset = 0;
    uint64_t size = 0;
  };
  /// A C identifier: the object defines `<name>_model`.
  std::string name;
  std::vector<Tensor> inputs, outputs;
  std::vector<Weight> weights;
  uint64_t weightsFileSize = 0;
  uint64_t weightsFingerprint = 0;
  /// The threads its parallel loops were split for.
  int32_t compiledThreads = 1;
};

/// Compiles `module` (in the LLVM dialect: @main with one pointer per input
/// then per output, @seam_init/@seam_deinit when it offloads regions) into
/// ELF object code for `targetMachine` at `optLevel`.
llvm::Expected<llvm::SmallVector<char, 0>>
emitAotObject(mlir::ModuleOp module, const AotModelInfo &info,
              llvm::TargetMachine &targetMachine, unsigned optLevel);

} // namespace seam

#endif // SEAM_JIT_TARGETOBJECT_H
