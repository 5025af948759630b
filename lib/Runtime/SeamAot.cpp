//===- SeamAot.cpp - Instances of models compiled ahead of time -----------===//
//
// seam_aot_create / _run / _destroy (include/seam/Runtime/SeamAot.h): maps a
// model's weights file after checking it against the model's descriptor,
// binds the weights to the object's slots, creates and frees the kernel
// libraries' state and calls the model's packed entry points.
//
// libc and the C++ runtime only (POSIX open/fstat/mmap): this file is part
// of the runtime library that objects from seam-compile link with, and is
// cross-compiled for their triple.
//
//===----------------------------------------------------------------------===//

#include "seam/Runtime/SeamAot.h"
#include "seam/Runtime/SeamRuntime.h"

#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <new>
#include <set>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The layouts seam-compile generates (an LLVM struct {i32, i32, i32, i32,
// ptr, ptr, ptr, ptr, i64, i64, ptr, ptr, ptr, i32, i32} for the model) and
// writes (the weights file's header) on the 64-bit triples it targets.
static_assert(sizeof(SeamAotWeightsHeader) == 64,
              "the weights file's header is 64 bytes");
static_assert(offsetof(SeamAotWeightsHeader, fileSize) == 16 &&
                  offsetof(SeamAotWeightsHeader, fingerprint) == 24,
              "the weights file's header layout changed");
static_assert(sizeof(void *) != 8 ||
                  (offsetof(SeamAotModel, name) == 16 &&
                   offsetof(SeamAotModel, weightsFileSize) == 48 &&
                   offsetof(SeamAotModel, main) == 64 &&
                   offsetof(SeamAotModel, compiledThreads) == 88 &&
                   sizeof(SeamAotModel) == 96),
              "SeamAotModel's layout is the one seam-compile generates");
static_assert(sizeof(void *) != 8 || sizeof(SeamAotWeight) == 24,
              "SeamAotWeight's layout is the one seam-compile generates");

struct SeamAotInstance {
  const SeamAotModel *model = nullptr;
  /// The weights file, mapped read-only (null when the model has none).
  void *mapping = nullptr;
  size_t mappingSize = 0;
};

namespace {

/// The reason the calling thread's last failed call gave.
thread_local std::string lastError;

/// Sets the calling thread's last error (printf-style).
__attribute__((format(printf, 1, 2))) void setError(const char *format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (length < 0) {
    lastError = "(an error message could not be formatted)";
  } else {
    std::string text(static_cast<size_t>(length) + 1, '\0');
    std::vsnprintf(&text[0], text.size(), format, args);
    text.resize(static_cast<size_t>(length));
    lastError = std::move(text);
  }
  va_end(args);
}

/// The models that have a live instance in this process: the compiled code
/// keeps its state (weights' slots, kernel-library handles) in the object's
/// globals, so two instances of one model would share and clobber it.
std::mutex &liveMutex() {
  static std::mutex mutex;
  return mutex;
}
std::set<const SeamAotModel *> &liveModels() {
  static std::set<const SeamAotModel *> *models =
      new std::set<const SeamAotModel *>; // never destroyed: usable at exit
  return *models;
}

void releaseModel(const SeamAotModel *model) {
  std::lock_guard<std::mutex> lock(liveMutex());
  liveModels().erase(model);
}

const char *modelName(const SeamAotModel *model) {
  return model->name ? model->name : "(unnamed)";
}

/// Checks what the descriptor itself says; false (with the error set) when
/// it is malformed.
bool checkDescriptor(const SeamAotModel *model) {
  const char *name = modelName(model);
  if (!model->main) {
    setError("model '%s': the descriptor has no main function", name);
    return false;
  }
  if ((model->numInputs && !model->inputs) ||
      (model->numOutputs && !model->outputs) ||
      (model->numWeights && !model->weights)) {
    setError("model '%s': the descriptor's input, output or weight table is "
             "missing",
             name);
    return false;
  }
  for (uint32_t i = 0; i < model->numWeights; ++i)
    if (!model->weights[i].slot) {
      setError("model '%s': weight %" PRIu32 " has no slot in the descriptor",
               name, i);
      return false;
    }
  return true;
}

/// Reads exactly `size` bytes at `offset`; false with errno set otherwise.
bool readAt(int fd, void *buffer, size_t size, off_t offset) {
  char *out = static_cast<char *>(buffer);
  while (size) {
    ssize_t n = ::pread(fd, out, size, offset);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return false;
    }
    out += n;
    size -= static_cast<size_t>(n);
    offset += n;
  }
  return true;
}

/// Opens, checks and maps the weights file of `model` into `instance`, then
/// points every weight's slot into it. False (with the error set) on any
/// mismatch; nothing is left mapped then.
bool mapWeights(const SeamAotModel *model, const char *weightsPath,
                SeamAotInstance *instance) {
  const char *name = modelName(model);
  std::string path =
      weightsPath ? std::string(weightsPath) : std::string(name) + ".weights";
  const char *file = path.c_str();

  int fd = ::open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    setError("cannot open the weights file '%s' of model '%s': %s", file, name,
             std::strerror(errno));
    return false;
  }
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};

  struct stat st;
  if (::fstat(fd, &st) != 0) {
    setError("cannot read the weights file '%s': %s", file,
             std::strerror(errno));
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    setError("weights file '%s' is not a regular file", file);
    return false;
  }
  uint64_t fileSize = static_cast<uint64_t>(st.st_size);
  SeamAotWeightsHeader header;
  if (fileSize < sizeof(header)) {
    setError("weights file '%s' is %" PRIu64 " bytes, too short for the "
             "%zu-byte header of a weights file (the model expects %" PRIu64
             " bytes)",
             file, fileSize, sizeof(header), model->weightsFileSize);
    return false;
  }
  if (!readAt(fd, &header, sizeof(header), 0)) {
    setError("cannot read the header of the weights file '%s': %s", file,
             std::strerror(errno));
    return false;
  }
  if (std::memcmp(header.magic, SEAM_AOT_WEIGHTS_MAGIC, 8) != 0) {
    setError("'%s' is not a Seam weights file (its first 8 bytes are not "
             "\"%s\")",
             file, SEAM_AOT_WEIGHTS_MAGIC);
    return false;
  }
  if (header.version != 1) {
    setError("weights file '%s' has format version %" PRIu32
             "; this runtime reads version 1",
             file, header.version);
    return false;
  }
  if (header.fingerprint != model->weightsFingerprint) {
    setError("weights file '%s' was written for another build of model '%s' "
             "(fingerprint 0x%016" PRIx64 ", the object expects 0x%016" PRIx64
             ")",
             file, name, header.fingerprint, model->weightsFingerprint);
    return false;
  }
  if (header.numWeights != model->numWeights) {
    setError("weights file '%s' holds %" PRIu32 " weights, model '%s' expects "
             "%" PRIu32,
             file, header.numWeights, name, model->numWeights);
    return false;
  }
  if (fileSize != model->weightsFileSize) {
    setError("weights file '%s' is %" PRIu64
             " bytes, the model expects %" PRIu64 "%s",
             file, fileSize, model->weightsFileSize,
             fileSize < model->weightsFileSize ? " (truncated?)" : "");
    return false;
  }
  if (header.fileSize != fileSize) {
    setError("weights file '%s' is %" PRIu64 " bytes, its header says %" PRIu64,
             file, fileSize, header.fileSize);
    return false;
  }
  for (uint32_t i = 0; i < model->numWeights; ++i) {
    const SeamAotWeight &w = model->weights[i];
    uint64_t end;
    if (w.offset % 64 != 0 || (w.size && w.offset < sizeof(header)) ||
        __builtin_add_overflow(w.offset, w.size, &end) || end > fileSize) {
      setError("model '%s': weight %" PRIu32 " (%" PRIu64 " bytes at offset "
               "%" PRIu64 ") is not a 64-byte aligned range after the header "
               "of its %" PRIu64 "-byte weights file '%s'",
               name, i, w.size, w.offset, fileSize, file);
      return false;
    }
  }
  if (fileSize > static_cast<uint64_t>(SIZE_MAX)) {
    setError("weights file '%s' (%" PRIu64 " bytes) is too large to map", file,
             fileSize);
    return false;
  }

  void *base = ::mmap(nullptr, static_cast<size_t>(fileSize), PROT_READ,
                      MAP_PRIVATE, fd, 0);
  if (base == MAP_FAILED) {
    setError("cannot map the weights file '%s' (%" PRIu64 " bytes): %s", file,
             fileSize, std::strerror(errno));
    return false;
  }
  instance->mapping = base;
  instance->mappingSize = static_cast<size_t>(fileSize);
  for (uint32_t i = 0; i < model->numWeights; ++i)
    *model->weights[i].slot = static_cast<char *>(base) +
                              static_cast<size_t>(model->weights[i].offset);
  return true;
}

/// Calls the model's deinit (it takes no arguments) when it has one.
void callDeinit(const SeamAotModel *model) {
  void *none[1] = {nullptr};
  if (model->deinit)
    model->deinit(none);
}

/// Unbinds the weights and unmaps the file.
void unmapWeights(SeamAotInstance *instance) {
  if (!instance->mapping)
    return;
  const SeamAotModel *model = instance->model;
  for (uint32_t i = 0; i < model->numWeights; ++i)
    *model->weights[i].slot = nullptr;
  ::munmap(instance->mapping, instance->mappingSize);
  instance->mapping = nullptr;
  instance->mappingSize = 0;
}

} // namespace

extern "C" {

SeamAotInstance *seam_aot_create(const SeamAotModel *model,
                                 const char *weightsPath) {
  if (!model) {
    setError("seam_aot_create: no model given (null descriptor)");
    return nullptr;
  }
  if (model->abiVersion != SEAM_AOT_ABI_VERSION) {
    // The rest of the descriptor may be laid out differently: not read.
    setError("the model descriptor has AOT ABI version %" PRIu32
             "; this runtime implements version %d (compile the model with a "
             "seam-compile of the same Seam version as this runtime)",
             model->abiVersion, SEAM_AOT_ABI_VERSION);
    return nullptr;
  }
  if (!checkDescriptor(model))
    return nullptr;
  {
    std::lock_guard<std::mutex> lock(liveMutex());
    if (!liveModels().insert(model).second) {
      setError("model '%s' already has a live instance in this process "
               "(destroy it first: the compiled code keeps its state in the "
               "object's globals)",
               modelName(model));
      return nullptr;
    }
  }

  SeamAotInstance *instance = new (std::nothrow) SeamAotInstance;
  if (!instance) {
    releaseModel(model);
    setError("model '%s': out of memory", modelName(model));
    return nullptr;
  }
  instance->model = model;
  if (model->numWeights > 0 && !mapWeights(model, weightsPath, instance)) {
    delete instance;
    releaseModel(model);
    return nullptr;
  }
  if (model->init) {
    int32_t status = 0;
    void *args[] = {&status};
    seam_set_num_threads(0);
    model->init(args);
    if (status != 0) {
      // As a JIT session does: deinit also frees what a failed init made.
      callDeinit(model);
      unmapWeights(instance);
      delete instance;
      releaseModel(model);
      setError("model '%s': creating the kernel-library state failed (status "
               "%" PRId32 "; the kernel library's runtime said why on stderr)",
               modelName(model), status);
      return nullptr;
    }
  }
  return instance;
}

int32_t seam_aot_run(SeamAotInstance *instance, const void *const *inputs,
                     void *const *outputs, int32_t threads) {
  if (!instance) {
    setError("seam_aot_run: no instance given (null; did seam_aot_create "
             "fail?)");
    return 1;
  }
  const SeamAotModel *model = instance->model;
  size_t numInputs = model->numInputs, numOutputs = model->numOutputs;
  if ((numInputs && !inputs) || (numOutputs && !outputs)) {
    setError("seam_aot_run: model '%s' needs %zu input and %zu output "
             "pointers, got a null array",
             modelName(model), numInputs, numOutputs);
    return 1;
  }
  size_t count = numInputs + numOutputs;
  // A small model's pointers on the stack, a large one's on the heap.
  void *ptrsSmall[32], *argsSmall[32];
  void **ptrs = ptrsSmall, **args = argsSmall;
  void **ptrsHeap = nullptr;
  if (count > 32) {
    ptrsHeap = new (std::nothrow) void *[2 * count];
    if (!ptrsHeap) {
      setError("seam_aot_run: out of memory");
      return 1;
    }
    ptrs = ptrsHeap;
    args = ptrsHeap + count;
  }
  for (size_t i = 0; i < numInputs; ++i) {
    if (!inputs[i]) {
      delete[] ptrsHeap;
      setError("seam_aot_run: input %zu ('%s') of model '%s' is null", i,
               model->inputs[i].name ? model->inputs[i].name : "",
               modelName(model));
      return 1;
    }
    ptrs[i] = const_cast<void *>(inputs[i]);
  }
  for (size_t i = 0; i < numOutputs; ++i) {
    if (!outputs[i]) {
      delete[] ptrsHeap;
      setError("seam_aot_run: output %zu ('%s') of model '%s' is null", i,
               model->outputs[i].name ? model->outputs[i].name : "",
               modelName(model));
      return 1;
    }
    ptrs[numInputs + i] = outputs[i];
  }
  for (size_t i = 0; i < count; ++i)
    args[i] = &ptrs[i];
  // The pool (libgomp, shared with the kernel libraries) for this thread's
  // parallel regions.
  seam_set_num_threads(threads);
  model->main(args);
  delete[] ptrsHeap;
  return 0;
}

void seam_aot_destroy(SeamAotInstance *instance) {
  if (!instance)
    return;
  const SeamAotModel *model = instance->model;
  callDeinit(model);
  unmapWeights(instance);
  delete instance;
  releaseModel(model);
}

const char *seam_aot_last_error(void) { return lastError.c_str(); }

} // extern "C"
