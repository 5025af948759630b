/*===- SeamAot.h - Models compiled ahead of time by seam-compile -*- C -*-===*\
|*                                                                            *|
|* The C ABI between an object that seam-compile wrote for a triple and the  *|
|* runtime it is linked with. The object defines one constant SeamAotModel,  *|
|* `<name>_model`, that describes the model: its inputs and outputs, where   *|
|* its weights are (in the object, or in `<name>.weights`, a file mapped at  *|
|* create) and its packed entry points. Seam's runtime (seam_runtime; libc   *|
|* only, cross-built) creates, runs and destroys instances of it; the header *|
|* seam-compile writes wraps these calls as <name>_create/_run/_destroy.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SEAM_RUNTIME_SEAMAOT_H
#define SEAM_RUNTIME_SEAMAOT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The version of SeamAotModel's layout; seam_aot_create refuses another.
#define SEAM_AOT_ABI_VERSION 1

/// The first 8 bytes of a weights file, then SeamAotWeightsHeader.
#define SEAM_AOT_WEIGHTS_MAGIC "SEAMWTS1"

/// Element types of inputs and outputs (ONNX's TensorProto numbering).
#define SEAM_AOT_FLOAT32 1
#define SEAM_AOT_UINT8 2
#define SEAM_AOT_INT8 3
#define SEAM_AOT_UINT16 4
#define SEAM_AOT_INT32 6
#define SEAM_AOT_INT64 7
#define SEAM_AOT_BOOL 9 /* one byte per element, 0 or 1 */
#define SEAM_AOT_FLOAT16 10
#define SEAM_AOT_FLOAT64 11
#define SEAM_AOT_UINT32 12
#define SEAM_AOT_UINT64 13

/// A function of the model called through its packed interface: args[i]
/// points at argument i (as mlir::ExecutionEngine's packed functions).
typedef void (*SeamAotPackedFunction)(void **args);

/// One input or output of the model.
typedef struct {
  const char *name;
  int32_t elementType; /* SEAM_AOT_FLOAT32, SEAM_AOT_INT64, ... */
  int32_t rank;
  const int64_t *shape; /* rank dimensions */
} SeamAotTensorInfo;

/// One weight kept in the weights file: its bytes are at `offset` (a
/// multiple of 64) in the file, `size` of them, and the code reads their
/// address from `*slot`, which seam_aot_create sets.
typedef struct {
  uint64_t offset;
  uint64_t size;
  void **slot;
} SeamAotWeight;

/// A weights file starts with these 64 bytes; the weights follow at their
/// offsets. `fingerprint` must equal the model's (a hash of the weights the
/// object was compiled with), `fileSize` the file's size.
typedef struct {
  char magic[8];       /* SEAM_AOT_WEIGHTS_MAGIC */
  uint32_t version;    /* 1 */
  uint32_t numWeights; /* the model's numWeights */
  uint64_t fileSize;
  uint64_t fingerprint;
  char reserved[32];
} SeamAotWeightsHeader;

/// What the object defines as `<name>_model`.
typedef struct {
  uint32_t abiVersion; /* SEAM_AOT_ABI_VERSION */
  uint32_t numInputs;
  uint32_t numOutputs;
  /// The weights in the weights file; 0 when the object holds them all
  /// (seam-compile --embed-weights) and no file is read.
  uint32_t numWeights;
  const char *name;
  const SeamAotTensorInfo *inputs;
  const SeamAotTensorInfo *outputs;
  const SeamAotWeight *weights;
  uint64_t weightsFileSize;
  uint64_t weightsFingerprint;
  /// args: one pointer to each input's data pointer, then to each output's.
  SeamAotPackedFunction main;
  /// Creates the kernel-library state (args[0]: int32_t *status, 0 on
  /// success); null when the model offloads nothing.
  SeamAotPackedFunction init;
  /// Frees it (no arguments); null when init is.
  SeamAotPackedFunction deinit;
  /// The threads its parallel loops were split for at compile time.
  int32_t compiledThreads;
  int32_t reserved;
} SeamAotModel;

/// A live instance of a model. The compiled code keeps its state in the
/// object's globals, so a process has at most one instance of a model at a
/// time (a second seam_aot_create of it fails until the first is destroyed).
typedef struct SeamAotInstance SeamAotInstance;

/// Creates an instance: maps `weightsPath` (ignored when the model has no
/// weights file; null means "<name>.weights" in the current directory)
/// after checking its header against the model, then creates the kernel
/// libraries' state. Null on failure; seam_aot_last_error() says why.
SeamAotInstance *seam_aot_create(const SeamAotModel *model,
                                 const char *weightsPath);

/// Runs the model once on `threads` threads (0: the runtime's default):
/// inputs[i] is the data of input i, outputs[i] of output i, dense and
/// row-major in the shapes of the model. 0 on success; else
/// seam_aot_last_error() says why.
int32_t seam_aot_run(SeamAotInstance *instance, const void *const *inputs,
                     void *const *outputs, int32_t threads);

/// Frees the kernel-library state and unmaps the weights. Null is allowed.
void seam_aot_destroy(SeamAotInstance *instance);

/// The reason the calling thread's last failed seam_aot_* call gave.
const char *seam_aot_last_error(void);

/// A command-line runner for `model` (seam-compile --emit=exe links one):
/// takes seam-run's data options (--input name=file.npy|.pb, --expect,
/// --rtol, --atol, --save-outputs DIR, --bench N, --threads N, --seed N)
/// and --weights FILE (default: the executable's path + ".weights"), and
/// prints seam-run's lines (`output <name>: [d, ...]`, `compare: ...`,
/// `latency_ms: ...`). Returns the process's exit status: 0, 1 on an
/// error, 2 when a comparison fails.
int seam_aot_runner_main(const SeamAotModel *model, int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* SEAM_RUNTIME_SEAMAOT_H */
