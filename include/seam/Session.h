//===- Session.h - Compile a model once, run it many times ------*- C++ -*-===//
//
// The C++ API of Seam:
//
//   seam::CompileOptions options;
//   options.backends = {"none"};
//   auto session = seam::Session::create("model.onnx", options);
//   if (!session) { std::cerr << session.error().message() << "\n"; ... }
//   std::vector<float> image(1 * 3 * 224 * 224);
//   auto outputs = (*session)->run({{"input", seam::Tensor::wrap(image.data(),
//   {1, 3, 224, 224})}});
//
// A Session is compiled once; `run` may be called from several threads at
// once. Tensors are row-major, of one of the element types ElementType
// lists (f32 unless said otherwise), and can wrap caller memory (no copy).
// Errors are seam::Error / seam::Expected (seam/Error.h); the API needs
// nothing of LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_SESSION_H
#define SEAM_SESSION_H

#include "seam/Error.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace seam {

/// The element types of a model's inputs and outputs.
/// (The unsigned types after Bool keep the numbering of the older ones.)
enum class ElementType : uint8_t {
  F32,
  F64,
  F16,
  I64,
  I32,
  I8,
  U8,
  Bool,
  U16,
  U32,
  U64
};

/// The bytes of one element: 4, 8, 2, 8, 4, 1, 1, 1, 2, 4, 8 (a bool is one
/// byte, 0 or 1).
size_t getElementByteSize(ElementType type);

/// The type as ONNX and NumPy spell it: "float32", "float64", "float16",
/// "int64", "int32", "int8", "uint8", "bool", "uint16", "uint32", "uint64".
const char *getElementTypeName(ElementType type);

/// An IEEE 754 half-precision number, as its bits (the element of an F16
/// tensor).
struct Float16 {
  uint16_t bits = 0;
  /// The nearest half (round to nearest even; out of range: infinity).
  static Float16 fromFloat(float value);
  /// The exact float value.
  float toFloat() const;
};

/// The ElementType of C++ element type T: float, double, Float16, int64_t,
/// int32_t, int8_t, uint8_t, uint16_t, uint32_t, uint64_t or bool.
template <typename T> struct ElementTypeOf;
template <> struct ElementTypeOf<float> {
  static constexpr ElementType value = ElementType::F32;
};
template <> struct ElementTypeOf<double> {
  static constexpr ElementType value = ElementType::F64;
};
template <> struct ElementTypeOf<Float16> {
  static constexpr ElementType value = ElementType::F16;
};
template <> struct ElementTypeOf<int64_t> {
  static constexpr ElementType value = ElementType::I64;
};
template <> struct ElementTypeOf<int32_t> {
  static constexpr ElementType value = ElementType::I32;
};
template <> struct ElementTypeOf<int8_t> {
  static constexpr ElementType value = ElementType::I8;
};
template <> struct ElementTypeOf<uint8_t> {
  static constexpr ElementType value = ElementType::U8;
};
template <> struct ElementTypeOf<uint16_t> {
  static constexpr ElementType value = ElementType::U16;
};
template <> struct ElementTypeOf<uint32_t> {
  static constexpr ElementType value = ElementType::U32;
};
template <> struct ElementTypeOf<uint64_t> {
  static constexpr ElementType value = ElementType::U64;
};
template <> struct ElementTypeOf<bool> {
  static constexpr ElementType value = ElementType::Bool;
};

/// A tensor, row-major, of one element type: it owns its data or wraps the
/// caller's.
class Tensor {
public:
  Tensor() = default;
  /// A tensor of zeros that owns its data (64-byte aligned).
  static Tensor allocate(std::vector<int64_t> shape,
                         ElementType type = ElementType::F32);
  /// A view of `data` (not copied, not freed), whose elements are of
  /// `type`; it must outlive the tensor.
  static Tensor wrap(void *data, ElementType type, std::vector<int64_t> shape);
  /// A view of typed data, e.g. wrap(int64Pointer, {2, 3}).
  template <typename T>
  static Tensor wrap(T *data, std::vector<int64_t> shape) {
    return wrap(static_cast<void *>(data), ElementTypeOf<T>::value,
                std::move(shape));
  }

  const std::vector<int64_t> &shape() const { return dims; }
  ElementType elementType() const { return type; }
  int64_t numElements() const;
  /// The bytes of the data: numElements() * getElementByteSize(type).
  int64_t byteSize() const;

  /// The data, untyped.
  void *rawData() { return ptr; }
  const void *rawData() const { return ptr; }
  /// The data as T elements; null (and an assertion in debug builds) when
  /// T is not the tensor's element type.
  template <typename T> T *data() {
    return static_cast<T *>(typedData(ElementTypeOf<T>::value));
  }
  template <typename T> const T *data() const {
    return static_cast<const T *>(
        const_cast<Tensor *>(this)->typedData(ElementTypeOf<T>::value));
  }
  /// The data of an f32 tensor (data<float>()): null for another type.
  float *data() { return data<float>(); }
  const float *data() const { return data<float>(); }

private:
  void *typedData(ElementType requested);

  std::vector<int64_t> dims;
  ElementType type = ElementType::F32;
  std::shared_ptr<void> owned;
  void *ptr = nullptr;
};

/// Name, static shape and element type of a model input or output.
struct TensorInfo {
  std::string name;
  std::vector<int64_t> shape;
  ElementType type = ElementType::F32;
};

/// How a Session is compiled.
struct CompileOptions {
  /// Kernel libraries that may take regions, in priority order; empty or
  /// {"none"} compiles the whole model through the linalg path.
  std::vector<std::string> backends;
  /// Optimization level (0-3): LLVM code generation's; above 0 the IR also
  /// goes through Seam's kernel pipeline of LLVM passes.
  unsigned optLevel = 3;
  /// Threads for heavy loops and kernel libraries (0: library default).
  int threads = 0;
  /// Static shapes for ONNX inputs with dynamic dims, by input name.
  std::map<std::string, std::vector<int64_t>> inputShapes;
  /// The largest tensor (input, output, constant or intermediate) a model
  /// may declare, in bytes: a larger one is a compile error naming it,
  /// before anything is allocated.
  int64_t maxTensorBytes = int64_t(4) << 30;
  /// The compiled-object cache: a session of a model compiled before with
  /// the same options (same model bytes, backends, threads, optimization
  /// level, input shapes, CPU and Seam build) is loaded from disk instead of
  /// compiled. The environment variable SEAM_CACHE=off switches it off too.
  bool useCache = true;
  /// Where the cache lives; empty: $SEAM_CACHE_DIR, else
  /// $XDG_CACHE_HOME/seam, else ~/.cache/seam.
  std::string cacheDir;
  /// The most bytes the cache folder may hold (oldest entries out first);
  /// 0: $SEAM_CACHE_MAX_BYTES, else 4 GiB.
  uint64_t cacheMaxBytes = 0;
  /// Time every kernel of the compiled code (seam-instrument-kernels): two
  /// clock reads per kernel call, reported by Session::profile() as the
  /// region "compiled" (backend "none").
  bool profileKernels = false;
  /// Verify the module after every pass, as seam-opt does, instead of once
  /// after each compile stage: for finding which pass of a stage broke the
  /// IR (about a third of the lowering's time). SEAM_VERIFY_EACH_PASS=1 in
  /// the environment switches it on too.
  bool verifyEachPass = false;
  /// If set, the module after each stage is written there as NN-stage.mlir
  /// (the cache is then not read: the stages run).
  std::string dumpIrDir;
  /// Called after each compile stage with its name and wall time.
  std::function<void(const std::string &stage, double milliseconds)> onStage;
  /// Called once with the partition table (per backend the regions,
  /// composites, ops and share of FLOPs; every op left to the compiler and
  /// why): after the partition stage, or, with no backends, after prepare.
  std::function<void(const std::string &report)> onPartitionReport;

  /// Where the model runs. With `triple` empty (or the host's) and
  /// `executor` empty, in this process, compiled for this CPU. Otherwise it
  /// is compiled here for `triple` (e.g. "aarch64-linux-gnu"; empty: the
  /// host's), `cpu` and `features` (empty: "generic" and the CPU's for
  /// another triple, the host's for the host's) and JIT-linked into an
  /// executor process over ORC's remote executor protocol (seam-executor,
  /// include/seam/Jit/RemoteJit.h); inputs, outputs and weights travel
  /// through its memory. `executor` is the shell command that starts it;
  /// empty: <build>/<triple>/bin/seam-executor, through
  /// `qemu-<arch> -L /usr/<triple>` for another architecture. Such a session
  /// is not cached, has no profile() and, for another triple with
  /// `threads` 0, runs on one thread.
  std::string triple;
  std::string cpu;
  std::string features;
  std::string executor;

  /// An ONNX model with input dims that neither the model nor `inputShapes`
  /// fixes (a symbolic batch or sequence length) is compiled on run: one
  /// specialization per distinct set of input shapes, on the first run with
  /// it, each through the compiled-object cache. At most this many are kept;
  /// a new one drops the least recently used.
  unsigned maxShapeSpecializations = 8;
};

/// One compiled specialization of a session with run-time input shapes.
struct ShapeSpecialization {
  /// The shape of each input, in Session::inputs() order.
  std::vector<std::vector<int64_t>> inputShapes;
  /// What compiling it took (import to init; a cache load when it was one).
  double compileMilliseconds = 0;
  int64_t runs = 0;
  bool loadedFromCache = false;
};

/// Where the time of the runs so far went in one offloaded region.
struct RegionProfile {
  /// The region (e.g. "dnnl_0") and the backend that runs it.
  std::string region, backend;
  int64_t runs = 0;
  double milliseconds = 0;
  /// Its kernels (library primitives, reorders included), with their times
  /// in milliseconds (negative when the library does not time them).
  std::vector<std::pair<std::string, double>> kernels;
  /// With run-time shapes, the input shapes of the specialization the region
  /// belongs to (ShapeSpecialization::inputShapes); else empty.
  std::vector<std::vector<int64_t>> inputShapes;
};

/// A compiled model.
class Session {
public:
  /// Compiles the model at `path`: `.onnx` (imported) or `.mlir` (a module
  /// of the seam dialect with `func.func @main`).
  static Expected<std::unique_ptr<Session>>
  create(const std::string &path, const CompileOptions &options = {});
  /// Compiles a serialized ONNX model held in memory.
  static Expected<std::unique_ptr<Session>>
  createFromOnnxBytes(const std::string &bytes,
                      const CompileOptions &options = {});
  ~Session();

  /// The stages compiling with `options` runs, in order, as onStage names
  /// them: import, the compiler's stages, jit, and init when one of the
  /// backends has a runtime (if a region was offloaded to it). A session
  /// loaded from the cache reports cache-load (then init) instead.
  static std::vector<std::string> getStageNames(const CompileOptions &options);

  /// The model's inputs and outputs. With run-time shapes, a dim the model
  /// leaves open is -1 (and an output whose rank the model does not declare
  /// has an empty shape): the outputs run() returns have the actual shapes.
  const std::vector<TensorInfo> &inputs() const;
  const std::vector<TensorInfo> &outputs() const;

  /// Whether some input dim is fixed only at run time: each distinct set of
  /// input shapes is compiled on its first run (see
  /// CompileOptions::maxShapeSpecializations).
  bool hasRunTimeShapes() const;
  /// The specializations compiled and kept, most recently used first (empty
  /// without run-time shapes).
  std::vector<ShapeSpecialization> specializations() const;

  /// Runs the model on `inputs` (every input, by name) and returns every
  /// output. Wrong names, shapes or element types are an error saying what
  /// was expected.
  Expected<std::map<std::string, Tensor>>
  run(const std::map<std::string, Tensor> &inputs) const;

  /// Runs writing into `outputs` (every output, by name, preallocated with
  /// the shapes the inputs' shapes give).
  Error run(const std::map<std::string, Tensor> &inputs,
            std::map<std::string, Tensor> &outputs) const;

  /// True when the session was loaded from the compiled-object cache.
  bool loadedFromCache() const;

  /// Bytes of the model's weights the session holds for its generated code
  /// (with run-time shapes, summed over the specializations kept). Weights
  /// that only kernel libraries read are not held: each library keeps its
  /// own copy, in its layout, and the session frees the model's as soon as
  /// the library has made it, while the session is created.
  size_t heldWeightBytes() const;

  /// Of heldWeightBytes(), the bytes the session copied into 64-byte-aligned
  /// memory of its own; the rest it reads where the model's tensors were
  /// parsed (a large float32 tensor of an ONNX file where the file has it,
  /// at any offset of 4 bytes), or from the compiled-object cache's mapping.
  /// Copied: weights folded from others (a batch-norm folded into a
  /// convolution), those whose storage is shared by several constants.
  size_t copiedWeightBytes() const;

  /// The time spent so far in each offloaded region whose backend keeps
  /// statistics (the dnnl backend does), in region order, then, when
  /// compiled with profileKernels, in each kernel of the compiled code (the
  /// region "compiled", backend "none", its runs those of the session); with
  /// run-time shapes, those of each specialization, most recently used
  /// first.
  std::vector<RegionProfile> profile() const;

  struct Impl;

private:
  explicit Session(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace seam

#endif // SEAM_SESSION_H
