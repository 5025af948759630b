//===- SessionBindings.cpp - seam.Session and seam.TensorInfo -------------===//
//
// seam::Session for Python: models from paths or bytes, keyword options
// mapped onto seam::CompileOptions, runs on NumPy arrays of the model's
// dtypes without copies (inputs wrapped when C-contiguous and aligned, of
// exactly the dtype of the model, else refused; outputs allocated as NumPy
// arrays that the compiled code writes into). The GIL is released
// while a model compiles and while it runs, so that several Python threads
// can run one session at once.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "seam/Session.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <climits>
#include <optional>

namespace py = pybind11;
using namespace pybind11::literals;
using namespace seam::python;

namespace {

/// A compiled model and what Seam said while compiling it.
struct PySession {
  std::unique_ptr<seam::Session> session;
  /// The partition table (CompileOptions::onPartitionReport), or empty.
  std::string partitionReport;
  /// Each compile stage and its wall time in ms (CompileOptions::onStage).
  std::vector<std::pair<std::string, double>> stageTimes;
};

/// The NumPy arrays of one run, kept alive while it runs, and Seam's views
/// of them.
struct RunArguments {
  std::vector<py::array> arrays;
  std::map<std::string, seam::Tensor> tensors;
};

} // namespace

/// NPY_ARRAY_ALIGNED of NumPy's C API (pybind11 names no constant for it).
static constexpr int kNpyArrayAligned = 0x0100;

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

static std::string typeName(py::handle value) {
  return py::str(py::type::handle_of(value).attr("__name__"));
}

/// A path-like `value` (str, bytes path, os.PathLike) as the bytes of its
/// file-system name (os.fsencode(os.fspath(value))).
static std::string fsPath(py::handle value) {
  py::module_ os = py::module_::import("os");
  return os.attr("fsencode")(os.attr("fspath")(value)).cast<std::string>();
}

/// `shape` as Python shows a tuple: "(1, 3, 224, 224)", "(5,)", "()".
static std::string shapeRepr(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

static py::tuple shapeTuple(const std::vector<int64_t> &shape) {
  py::tuple tuple(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    tuple[i] = py::int_(shape[i]);
  return tuple;
}

/// `backends=`: None, a list of names, or one string "a,b" (as seam-run's
/// --backends; "" is none).
static std::vector<std::string> toBackends(py::handle value) {
  std::vector<std::string> names;
  if (value.is_none())
    return names;
  if (py::isinstance<py::str>(value)) {
    std::string list = value.cast<std::string>();
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = std::min(list.find(',', start), list.size());
      std::string name = list.substr(start, comma - start);
      name.erase(0, name.find_first_not_of(" \t"));
      name.erase(name.find_last_not_of(" \t") + 1);
      if (!name.empty())
        names.push_back(name);
      start = comma + 1;
    }
    return names;
  }
  if (!py::isinstance<py::iterable>(value))
    throw py::type_error("backends must be a list of backend names (str), "
                         "got " +
                         typeName(value));
  for (py::handle item : value) {
    if (!py::isinstance<py::str>(item))
      throw py::type_error("backends must be a list of backend names (str), "
                           "got an item of type " +
                           typeName(item));
    names.push_back(item.cast<std::string>());
  }
  return names;
}

/// `input_shapes=`: None or {name: [dims]} (any ints, NumPy's included).
static std::map<std::string, std::vector<int64_t>>
toInputShapes(py::handle value) {
  std::map<std::string, std::vector<int64_t>> shapes;
  if (value.is_none())
    return shapes;
  if (!py::isinstance<py::dict>(value))
    throw py::type_error("input_shapes must be a dict of input name -> "
                         "list of dims, got " +
                         typeName(value));
  py::module_ op = py::module_::import("operator");
  for (auto [key, dims] : py::reinterpret_borrow<py::dict>(value)) {
    if (!py::isinstance<py::str>(key))
      throw py::type_error("input_shapes keys must be input names (str), "
                           "got " +
                           typeName(key));
    std::string name = key.cast<std::string>();
    if (!py::isinstance<py::iterable>(dims) || py::isinstance<py::str>(dims))
      throw py::type_error("input_shapes['" + name +
                           "'] must be a list of dims (int), got " +
                           typeName(dims));
    std::vector<int64_t> &shape = shapes[name];
    for (py::handle dim : dims)
      shape.push_back(op.attr("index")(dim).cast<int64_t>());
  }
  return shapes;
}

/// The keyword arguments of seam.Session as seam::CompileOptions. Option
/// values Seam refuses (threads < 0, ...) are refused by Session::create, so
/// that the message is Seam's; a negative opt_level cannot reach it (the
/// field is unsigned) and gets the same message here.
static seam::CompileOptions toOptions(py::handle backends, int threads,
                                      int64_t optLevel, py::handle inputShapes,
                                      py::handle maxTensorBytes, bool cache,
                                      py::handle cacheDir) {
  seam::CompileOptions options;
  options.backends = toBackends(backends);
  options.threads = threads;
  if (optLevel < 0 || optLevel > UINT_MAX)
    throw SeamError("CompileOptions::optLevel must be 0 to 3, got " +
                    std::to_string(optLevel));
  options.optLevel = static_cast<unsigned>(optLevel);
  options.inputShapes = toInputShapes(inputShapes);
  if (!maxTensorBytes.is_none())
    options.maxTensorBytes = py::module_::import("operator")
                                 .attr("index")(maxTensorBytes)
                                 .cast<int64_t>();
  options.useCache = cache;
  if (!cacheDir.is_none())
    options.cacheDir = fsPath(cacheDir);
  return options;
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

static std::unique_ptr<PySession>
createSession(py::object model, py::object backends, int threads,
              int64_t optLevel, py::object inputShapes,
              py::object maxTensorBytes, bool cache, py::object cacheDir) {
  std::optional<std::string> bytes, path;
  if (py::isinstance<py::bytes>(model) || PyByteArray_Check(model.ptr()) ||
      PyMemoryView_Check(model.ptr()))
    bytes = py::module_::import("builtins")
                .attr("bytes")(model)
                .cast<std::string>();
  else if (py::isinstance<py::str>(model) || py::hasattr(model, "__fspath__"))
    path = fsPath(model);
  else
    throw py::type_error("model must be a path (str or os.PathLike) or the "
                         "bytes of an ONNX model, got " +
                         typeName(model));

  auto result = std::make_unique<PySession>();
  seam::CompileOptions options =
      toOptions(backends, threads, optLevel, inputShapes, maxTensorBytes, cache,
                cacheDir);
  // Called on this thread while Session::create runs, without the GIL:
  // they touch only C++ strings.
  options.onPartitionReport = [out = result.get()](const std::string &text) {
    out->partitionReport = text;
  };
  options.onStage = [out = result.get()](const std::string &stage, double ms) {
    out->stageTimes.emplace_back(stage, ms);
  };
  auto session = [&] {
    py::gil_scoped_release release;
    return bytes ? seam::Session::createFromOnnxBytes(*bytes, options)
                 : seam::Session::create(*path, options);
  }();
  if (!session)
    throw SeamError(session.error().message());
  result->session = std::move(*session);
  return result;
}

/// The NumPy dtype of `type`.
static py::dtype toDtype(seam::ElementType type) {
  return py::dtype(seam::getElementTypeName(type));
}

/// Adds input `name`: an array of the input's dtype (anything else is a
/// seam.DTypeError: nothing is converted), wrapped when C-contiguous and
/// aligned, else copied into one that is.
static void addInput(RunArguments &args, const seam::Session &session,
                     const std::string &name, py::handle value) {
  const seam::TensorInfo *known = nullptr;
  for (const seam::TensorInfo &info : session.inputs())
    if (info.name == name)
      known = &info;
  if (!known) {
    // Session::run says the model has no such input (and which it has).
    args.tensors[name] = seam::Tensor();
    return;
  }
  py::array array =
      py::isinstance<py::array>(value)
          ? py::reinterpret_borrow<py::array>(value)
          : py::array(py::module_::import("numpy").attr("asarray")(value));
  if (!array.dtype().equal(toDtype(known->type)))
    throw DTypeError("input '" + name + "' has dtype " +
                     py::str(array.dtype()).cast<std::string>() +
                     ", but the model expects " +
                     seam::getElementTypeName(known->type));
  if (!(array.flags() & py::array::c_style) ||
      !(array.flags() & kNpyArrayAligned))
    array = py::array(array.attr("copy")("C"));
  std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
  args.tensors[name] = seam::Tensor::wrap(const_cast<void *>(array.data()),
                                          known->type, std::move(shape));
  args.arrays.push_back(std::move(array));
}

static py::dict runSession(const PySession &self, py::object inputs) {
  const seam::Session &session = *self.session;
  RunArguments args;
  if (py::isinstance<py::dict>(inputs)) {
    for (auto [key, value] : py::reinterpret_borrow<py::dict>(inputs)) {
      if (!py::isinstance<py::str>(key))
        throw py::type_error("input names must be str, got " + typeName(key));
      addInput(args, session, key.cast<std::string>(), value);
    }
  } else if (py::isinstance<py::list>(inputs) ||
             py::isinstance<py::tuple>(inputs)) {
    py::sequence list = py::reinterpret_borrow<py::sequence>(inputs);
    const auto &infos = session.inputs();
    if (list.size() != infos.size())
      throw py::value_error("run() got " + std::to_string(list.size()) +
                            " arrays for the model's " +
                            std::to_string(infos.size()) + " inputs");
    for (size_t i = 0; i < infos.size(); ++i)
      addInput(args, session, infos[i].name, list[i]);
  } else {
    throw py::type_error("inputs must be a dict {name: array} or a list of "
                         "arrays in input order, got " +
                         typeName(inputs));
  }

  // Fresh output arrays that the compiled code writes into.
  py::dict results;
  std::map<std::string, seam::Tensor> outputs;
  for (const seam::TensorInfo &info : session.outputs()) {
    py::array array(
        toDtype(info.type),
        std::vector<py::ssize_t>(info.shape.begin(), info.shape.end()));
    outputs[info.name] =
        seam::Tensor::wrap(array.mutable_data(), info.type, info.shape);
    results[py::str(info.name)] = std::move(array);
  }
  seam::Error error;
  {
    py::gil_scoped_release release;
    error = session.run(args.tensors, outputs);
  }
  if (error)
    throw py::value_error(error.message());
  return results;
}

static py::list profileSession(const PySession &self) {
  py::list regions;
  for (const seam::RegionProfile &region : self.session->profile()) {
    py::list kernels;
    for (const auto &[name, ms] : region.kernels)
      kernels.append(py::make_tuple(name, ms < 0 ? py::object(py::none())
                                                 : py::float_(ms)));
    regions.append(
        py::dict("region"_a = region.region, "backend"_a = region.backend,
                 "runs"_a = region.runs, "milliseconds"_a = region.milliseconds,
                 "kernels"_a = kernels));
  }
  return regions;
}

static std::string tensorInfoRepr(const seam::TensorInfo &info) {
  return "TensorInfo(name=" + py::repr(py::str(info.name)).cast<std::string>() +
         ", shape=" + shapeRepr(info.shape) +
         ", dtype=" + seam::getElementTypeName(info.type) + ")";
}

static std::string sessionRepr(const PySession &self) {
  std::string text = "<seam.Session";
  for (auto [label, infos] :
       {std::make_pair(" inputs: ", &self.session->inputs()),
        std::make_pair("; outputs: ", &self.session->outputs())}) {
    text += label;
    for (size_t i = 0; i < infos->size(); ++i)
      text += (i ? ", " : "") + (*infos)[i].name + " " +
              shapeRepr((*infos)[i].shape);
  }
  return text + ">";
}

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

void seam::python::populateSessionBindings(py::module_ &m) {
  py::class_<TensorInfo>(m, "TensorInfo",
                         "Name, static shape and element type of a model "
                         "input or output (Session.inputs, Session.outputs).")
      .def_property_readonly(
          "name", [](const TensorInfo &info) { return info.name; },
          "The tensor's name in the model (the key of Session.run's dicts).")
      .def_property_readonly(
          "shape",
          [](const TensorInfo &info) { return shapeTuple(info.shape); },
          "The static shape, a tuple of ints.")
      .def_property_readonly(
          "dtype", [](const TensorInfo &info) { return toDtype(info.type); },
          "The element type, a numpy.dtype: float32, float64, float16, "
          "int64, int32, int8, uint8, uint16, uint32, uint64 or bool (e.g. "
          "numpy.dtype('int64') == "
          "numpy.int64). Session.run takes arrays of exactly this dtype.")
      .def("__repr__", &tensorInfoRepr)
      .attr("__module__") = "seam";

  py::class_<PySession>(m, "Session", R"(A model compiled once, run many times.

    s = seam.Session("model.onnx", backends=["dnnl"], threads=2)
    outputs = s.run({"input": x})      # {name: numpy.ndarray}

Session(model, *, backends=None, threads=0, opt_level=3, input_shapes=None,
        max_tensor_bytes=None, cache=True, cache_dir=None)

model: the path (str or os.PathLike) of an ONNX model (.onnx) or of a
    module of the seam dialect with func.func @main (.mlir), or the bytes
    of a serialized ONNX model (bytes, bytearray or memoryview).
backends: kernel libraries that may take regions, in priority order
    (a list such as ["dnnl"], or "xnnpack,dnnl"); None, [] or ["none"]
    compile the whole model. seam.backends() lists this build's.
threads: threads for heavy loops and kernel libraries (0: the library
    default).
opt_level: LLVM optimization level, 0 to 3.
input_shapes: static shapes for ONNX inputs with dynamic dims,
    {"x": [1, 3, 224, 224]}.
max_tensor_bytes: the largest tensor the model may declare, in bytes
    (None: Seam's default, 4 GiB).
cache: use the compiled-object cache (also off with SEAM_CACHE=off).
cache_dir: the cache's folder (None: $SEAM_CACHE_DIR, else
    $XDG_CACHE_HOME/seam, else ~/.cache/seam).

Compiling releases the GIL. Raises seam.Error with Seam's message when the
model cannot be loaded or compiled and for option values Seam refuses
(threads < 0, opt_level outside 0-3, max_tensor_bytes <= 0, a dim <= 0 in
input_shapes, an unknown backend); TypeError for arguments of the wrong
type. run() may be called from several threads at once.)")
      .def(py::init(&createSession), "model"_a, py::kw_only(),
           "backends"_a = py::none(), "threads"_a = 0, "opt_level"_a = 3,
           "input_shapes"_a = py::none(), "max_tensor_bytes"_a = py::none(),
           "cache"_a = true, "cache_dir"_a = py::none(),
           "Compiles `model` (see the class's documentation).")
      .def("run", &runSession, "inputs"_a,
           R"(Runs the model and returns {output name: numpy.ndarray}.

inputs: {input name: array} with every input, or a list of arrays in the
    order of Session.inputs. Each array must have exactly the dtype of its
    input (Session.inputs[i].dtype; byte order included): anything else is
    a seam.DTypeError (a TypeError and a ValueError) naming the input, its
    dtype and the model's; nothing is converted. C-contiguous, aligned ones
    are read in place, others are copied first. Inputs are never written.

The outputs are fresh NumPy arrays of the outputs' dtypes that the
compiled code writes into (no copy). A missing or unknown input name or a wrong shape is a ValueError
with Seam's message. The GIL is released while the model runs; the input
arrays are kept alive meanwhile.)")
      .def_property_readonly(
          "inputs",
          [](const PySession &self) {
            return std::vector<seam::TensorInfo>(self.session->inputs());
          },
          "The model's inputs, a list of seam.TensorInfo in the order "
          "run() takes a list.")
      .def_property_readonly(
          "outputs",
          [](const PySession &self) {
            return std::vector<seam::TensorInfo>(self.session->outputs());
          },
          "The model's outputs, a list of seam.TensorInfo in the order of "
          "run()'s result.")
      .def(
          "partition_report",
          [](const PySession &self) { return self.partitionReport; },
          "The partition table printed while compiling: per backend the "
          "regions, composites, ops and share of FLOPs, then every op left "
          "to the compiler and why (what `seam-run --report` prints); a "
          "session loaded from the cache has the table of the session that "
          "stored it.")
      .def("profile", &profileSession,
           R"(Where the time of the runs so far went, per offloaded region
whose backend keeps statistics (dnnl does): a list of dicts
{"region": "dnnl_0", "backend": "dnnl", "runs": int, "milliseconds": float
(total), "kernels": [(name, total ms, or None when the library does not
time it)]}. Empty with backends=None.)")
      .def_property_readonly(
          "stage_times",
          [](const PySession &self) {
            py::dict times;
            for (const auto &[stage, ms] : self.stageTimes)
              times[py::str(stage)] = ms;
            return times;
          },
          "The compile stages and their wall times in ms, in order, e.g. "
          "{'import': 3.1, 'prepare': 0.4, ..., 'jit': 20.5}.")
      .def_property_readonly(
          "loaded_from_cache",
          [](const PySession &self) { return self.session->loadedFromCache(); },
          "True when the compiled code was loaded from the compiled-object "
          "cache instead of compiled.")
      .def("__repr__", &sessionRepr)
      .attr("__module__") = "seam";
}
