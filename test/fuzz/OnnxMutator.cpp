//===- OnnxMutator.cpp - Structure-aware mutations of ONNX models ---------===//

#include "OnnxMutator.h"

#include "onnx/onnx_pb.h"

#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace seam::fuzz;

namespace {

using Rng = std::mt19937_64;

/// Values at the edges of what shapes, axes and counts may hold.
int64_t interestingInt(Rng &rng) {
  static const int64_t values[] = {0,
                                   -1,
                                   1,
                                   2,
                                   3,
                                   -2,
                                   7,
                                   64,
                                   255,
                                   1 << 16,
                                   int64_t(1) << 31,
                                   (int64_t(1) << 31) - 1,
                                   int64_t(1) << 32,
                                   int64_t(1) << 40,
                                   int64_t(1) << 62,
                                   std::numeric_limits<int64_t>::max(),
                                   std::numeric_limits<int64_t>::min()};
  if (rng() % 4 == 0)
    return int64_t(rng() % 33) - 16;
  return values[rng() % (sizeof(values) / sizeof(values[0]))];
}

float interestingFloat(Rng &rng) {
  static const float values[] = {0.0f,
                                 -0.0f,
                                 1.0f,
                                 -1.0f,
                                 0.5f,
                                 1e-30f,
                                 1e30f,
                                 std::numeric_limits<float>::infinity(),
                                 -std::numeric_limits<float>::infinity(),
                                 std::numeric_limits<float>::quiet_NaN(),
                                 std::numeric_limits<float>::denorm_min()};
  return values[rng() % (sizeof(values) / sizeof(values[0]))];
}

template <typename T>
T *pick(google::protobuf::RepeatedPtrField<T> &list, Rng &rng) {
  if (list.empty())
    return nullptr;
  return list.Mutable(static_cast<int>(rng() % list.size()));
}

/// Every value name of the graph: inputs, initializers, node outputs.
std::vector<std::string> valueNames(const onnx::GraphProto &graph) {
  std::vector<std::string> names;
  for (const auto &input : graph.input())
    names.push_back(input.name());
  for (const auto &init : graph.initializer())
    names.push_back(init.name());
  for (const auto &node : graph.node())
    for (const auto &output : node.output())
      names.push_back(output);
  return names;
}

/// A shape somewhere in the graph: an input, output or value_info.
bool mutateValueInfoShape(onnx::GraphProto &graph, Rng &rng) {
  google::protobuf::RepeatedPtrField<onnx::ValueInfoProto> *lists[] = {
      graph.mutable_input(), graph.mutable_output(),
      graph.mutable_value_info()};
  auto *list = lists[rng() % 3];
  onnx::ValueInfoProto *info = pick(*list, rng);
  if (!info)
    return false;
  onnx::TypeProto_Tensor *tensor = info->mutable_type()->mutable_tensor_type();
  switch (rng() % 5) {
  case 0: // element type, valid or not
    tensor->set_elem_type(static_cast<int32_t>(rng() % 22));
    return true;
  case 1: // a dim added or removed
    if (tensor->shape().dim_size() > 0 && rng() % 2)
      tensor->mutable_shape()->mutable_dim()->RemoveLast();
    else
      tensor->mutable_shape()->add_dim()->set_dim_value(interestingInt(rng));
    return true;
  case 2: // a symbolic dim
    if (auto *dim = pick(*tensor->mutable_shape()->mutable_dim(), rng)) {
      dim->set_dim_param("N");
      return true;
    }
    return false;
  case 3: // no shape at all
    tensor->clear_shape();
    return true;
  default:
    if (auto *dim = pick(*tensor->mutable_shape()->mutable_dim(), rng)) {
      dim->set_dim_value(interestingInt(rng));
      return true;
    }
    return false;
  }
}

const char *const kAttributeNames[] = {"axis",
                                       "axes",
                                       "perm",
                                       "kernel_shape",
                                       "pads",
                                       "strides",
                                       "dilations",
                                       "group",
                                       "epsilon",
                                       "alpha",
                                       "beta",
                                       "transA",
                                       "transB",
                                       "keepdims",
                                       "mode",
                                       "auto_pad",
                                       "to",
                                       "value",
                                       "split",
                                       "starts",
                                       "ends",
                                       "ceil_mode",
                                       "count_include_pad",
                                       "output_padding",
                                       "nodes_featureids",
                                       "nodes_truenodeids",
                                       "nodes_falsenodeids",
                                       "nodes_modes",
                                       "nodes_treeids",
                                       "n_targets",
                                       "target_ids",
                                       "class_ids",
                                       "classlabels_int64s",
                                       "base_values",
                                       "post_transform",
                                       "aggregate_function",
                                       "coefficients",
                                       "norm",
                                       "ngram_counts",
                                       "ngram_indexes",
                                       "pool_int64s",
                                       "max_skip_count",
                                       "max_gram_length",
                                       "weights"};

void setRandomAttributeValue(onnx::AttributeProto &attr, Rng &rng) {
  switch (rng() % 5) {
  case 0:
    attr.set_type(onnx::AttributeProto::INT);
    attr.set_i(interestingInt(rng));
    break;
  case 1: {
    attr.set_type(onnx::AttributeProto::INTS);
    attr.clear_ints();
    for (unsigned n = rng() % 7; n > 0; --n)
      attr.add_ints(interestingInt(rng));
    break;
  }
  case 2:
    attr.set_type(onnx::AttributeProto::FLOAT);
    attr.set_f(interestingFloat(rng));
    break;
  case 3: {
    static const char *const strings[] = {
        "",     "NOTSET",     "SAME_UPPER", "VALID",        "linear", "nearest",
        "\xff", "BRANCH_LEQ", "LEAF",       "SOFTMAX_ZERO", "PROBIT", "MAX"};
    attr.set_type(onnx::AttributeProto::STRING);
    attr.set_s(strings[rng() % (sizeof(strings) / sizeof(strings[0]))]);
    break;
  }
  default: {
    attr.set_type(onnx::AttributeProto::TENSOR);
    onnx::TensorProto *t = attr.mutable_t();
    t->Clear();
    t->set_data_type(rng() % 2 ? onnx::TensorProto::FLOAT
                               : onnx::TensorProto::INT64);
    unsigned rank = rng() % 3;
    int64_t count = 1;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t dim = int64_t(rng() % 4);
      t->add_dims(dim);
      count *= dim;
    }
    for (int64_t i = 0; i < count; ++i) {
      if (t->data_type() == onnx::TensorProto::FLOAT)
        t->add_float_data(interestingFloat(rng));
      else
        t->add_int64_data(interestingInt(rng));
    }
    break;
  }
  }
}

bool mutateAttribute(onnx::GraphProto &graph, Rng &rng) {
  onnx::NodeProto *node = pick(*graph.mutable_node(), rng);
  if (!node)
    return false;
  onnx::AttributeProto *attr = pick(*node->mutable_attribute(), rng);
  if (!attr || rng() % 4 == 0) { // a new one, maybe a duplicate
    attr = node->add_attribute();
    attr->set_name(kAttributeNames[rng() % (sizeof(kAttributeNames) /
                                            sizeof(kAttributeNames[0]))]);
    setRandomAttributeValue(*attr, rng);
    return true;
  }
  switch (attr->type()) {
  case onnx::AttributeProto::INT:
    attr->set_i(interestingInt(rng));
    return true;
  case onnx::AttributeProto::INTS:
    if (attr->ints_size() > 0 && rng() % 3) {
      attr->set_ints(static_cast<int>(rng() % attr->ints_size()),
                     interestingInt(rng));
    } else if (attr->ints_size() > 0 && rng() % 2) {
      attr->mutable_ints()->RemoveLast();
    } else {
      attr->add_ints(interestingInt(rng));
    }
    return true;
  case onnx::AttributeProto::FLOAT:
    attr->set_f(interestingFloat(rng));
    return true;
  default:
    if (rng() % 2) {
      node->mutable_attribute()->RemoveLast();
      return true;
    }
    setRandomAttributeValue(*attr, rng);
    return true;
  }
}

bool mutateInitializer(onnx::GraphProto &graph, Rng &rng) {
  onnx::TensorProto *init = pick(*graph.mutable_initializer(), rng);
  if (!init)
    return false;
  switch (rng() % 6) {
  case 0:
    init->set_data_type(static_cast<int32_t>(rng() % 18));
    return true;
  case 1:
    if (init->dims_size() > 0) {
      init->set_dims(static_cast<int>(rng() % init->dims_size()),
                     interestingInt(rng));
      return true;
    }
    init->add_dims(interestingInt(rng));
    return true;
  case 2: // data shorter than the shape says
    if (!init->raw_data().empty()) {
      std::string raw = init->raw_data();
      raw.resize(rng() % raw.size());
      init->set_raw_data(raw);
      return true;
    }
    if (init->float_data_size() > 0) {
      init->mutable_float_data()->RemoveLast();
      return true;
    }
    if (init->int64_data_size() > 0) {
      init->mutable_int64_data()->RemoveLast();
      return true;
    }
    return false;
  case 3: // one element of int64 data (shapes, axes, indices)
    if (init->data_type() == onnx::TensorProto::INT64) {
      if (init->raw_data().size() >= 8) {
        std::string raw = init->raw_data();
        int64_t v = interestingInt(rng);
        size_t at = (rng() % (raw.size() / 8)) * 8;
        std::memcpy(&raw[at], &v, 8);
        init->set_raw_data(raw);
        return true;
      }
      if (init->int64_data_size() > 0) {
        init->set_int64_data(static_cast<int>(rng() % init->int64_data_size()),
                             interestingInt(rng));
        return true;
      }
    }
    return false;
  case 4: // external data
    init->set_data_location(onnx::TensorProto::EXTERNAL);
    {
      auto *entry = init->add_external_data();
      static const char *const locations[] = {"../../etc/passwd", "/dev/zero",
                                              "missing.bin", ""};
      entry->set_key(rng() % 4 ? "location" : "offset");
      entry->set_value(locations[rng() % 4]);
    }
    return true;
  default:
    graph.mutable_initializer()->SwapElements(
        static_cast<int>(rng() % graph.initializer_size()),
        graph.initializer_size() - 1);
    graph.mutable_initializer()->RemoveLast();
    return true;
  }
}

const char *const kOpTypes[] = {"Conv",
                                "Relu",
                                "Add",
                                "Mul",
                                "MatMul",
                                "Gemm",
                                "Reshape",
                                "Transpose",
                                "Concat",
                                "Slice",
                                "Gather",
                                "MaxPool",
                                "Softmax",
                                "Flatten",
                                "Unsqueeze",
                                "Squeeze",
                                "Shape",
                                "Cast",
                                "ConstantOfShape",
                                "Pad",
                                "Clip",
                                "Expand",
                                "Split",
                                "ReduceMean",
                                "BatchNormalization",
                                "GlobalAveragePool",
                                "AveragePool",
                                "Sigmoid",
                                "Div",
                                "Sub",
                                "Identity",
                                "Constant",
                                "Range",
                                "Tile",
                                "ConvInteger",
                                "QLinearConv",
                                "MatMulInteger",
                                "QLinearMatMul",
                                "RNN",
                                "GRU",
                                "LSTM",
                                "DFT",
                                "GridSample",
                                "MaxUnpool",
                                "STFT",
                                "MelWeightMatrix",
                                "Pow",
                                "Dropout",
                                "Det",
                                "RoiAlign",
                                "Scan",
                                "NonZero",
                                "Compress",
                                "Unique",
                                "TfIdfVectorizer",
                                "NoSuchOp"};

/// Ops of the ai.onnx.ml domain: a node given one of them is moved to it.
const char *const kMlOpTypes[] = {"TreeEnsembleRegressor",
                                  "TreeEnsembleClassifier",
                                  "LinearRegressor",
                                  "LinearClassifier",
                                  "Scaler",
                                  "Normalizer",
                                  "Binarizer",
                                  "Imputer",
                                  "ArrayFeatureExtractor",
                                  "OneHotEncoder",
                                  "LabelEncoder",
                                  "ZipMap"};

bool mutateNode(onnx::GraphProto &graph, Rng &rng) {
  if (graph.node_size() == 0)
    return false;
  int index = static_cast<int>(rng() % graph.node_size());
  onnx::NodeProto *node = graph.mutable_node(index);
  switch (rng() % 6) {
  case 0: { // an input rewired to another value, an undefined one or none
    std::vector<std::string> names = valueNames(graph);
    if (node->input_size() == 0)
      return false;
    int i = static_cast<int>(rng() % node->input_size());
    unsigned choice = rng() % 4;
    if (choice == 0)
      node->set_input(i, "");
    else if (choice == 1 || names.empty())
      node->set_input(i, "undefined_value");
    else
      node->set_input(i, names[rng() % names.size()]);
    return true;
  }
  case 1:
    if (rng() % 4 == 0) {
      node->set_op_type(
          kMlOpTypes[rng() % (sizeof(kMlOpTypes) / sizeof(kMlOpTypes[0]))]);
      node->set_domain("ai.onnx.ml");
      return true;
    }
    node->set_op_type(
        kOpTypes[rng() % (sizeof(kOpTypes) / sizeof(kOpTypes[0]))]);
    return true;
  case 2: // an input or output more or less
    if (rng() % 2 && node->input_size() > 0)
      node->mutable_input()->RemoveLast();
    else if (node->input_size() > 0)
      node->add_input(node->input(0));
    else
      node->add_input("undefined_value");
    return true;
  case 3: // a duplicate output name, or a cycle through an earlier node
    if (graph.node_size() > 1 && node->output_size() > 0) {
      const onnx::NodeProto &other =
          graph.node(static_cast<int>(rng() % graph.node_size()));
      if (other.input_size() > 0 && rng() % 2)
        node->set_output(0, other.input(0));
      else if (other.output_size() > 0)
        node->set_output(0, other.output(0));
      return true;
    }
    return false;
  case 4:
    node->set_domain(rng() % 2 ? "com.microsoft" : "ai.onnx.ml");
    return true;
  default: // the node copied or removed
    if (rng() % 2) {
      onnx::NodeProto copy = *node;
      *graph.add_node() = std::move(copy);
    } else {
      graph.mutable_node()->SwapElements(index, graph.node_size() - 1);
      graph.mutable_node()->RemoveLast();
    }
    return true;
  }
}

bool mutateModelHeader(onnx::ModelProto &model, Rng &rng) {
  switch (rng() % 3) {
  case 0:
    model.set_ir_version(interestingInt(rng));
    return true;
  case 1: {
    onnx::OperatorSetIdProto *opset = pick(*model.mutable_opset_import(), rng);
    if (!opset)
      opset = model.add_opset_import();
    static const int64_t versions[] = {1, 6, 7, 11, 13, 17, 18, 99, -1, 0};
    opset->set_version(versions[rng() % 10]);
    return true;
  }
  default: {
    onnx::OperatorSetIdProto *opset = model.add_opset_import();
    opset->set_domain(rng() % 2 ? "" : "ai.onnx.ml");
    opset->set_version(interestingInt(rng));
    return true;
  }
  }
}

} // namespace

size_t seam::fuzz::mutateOnnxModel(uint8_t *data, size_t size, size_t maxSize,
                                   unsigned seed) {
  onnx::ModelProto model;
  if (size == 0 || !model.ParseFromArray(data, static_cast<int>(size)) ||
      !model.has_graph())
    return 0;
  Rng rng(seed);
  onnx::GraphProto &graph = *model.mutable_graph();
  // A few mutations at once now and then: some errors need two changes.
  unsigned rounds = rng() % 8 == 0 ? 2 + rng() % 3 : 1;
  bool changed = false;
  for (unsigned r = 0; r < rounds; ++r) {
    switch (rng() % 10) {
    case 0:
    case 1:
      changed |= mutateValueInfoShape(graph, rng);
      break;
    case 2:
    case 3:
    case 4:
      changed |= mutateAttribute(graph, rng);
      break;
    case 5:
    case 6:
      changed |= mutateInitializer(graph, rng);
      break;
    case 7:
    case 8:
      changed |= mutateNode(graph, rng);
      break;
    default:
      changed |= mutateModelHeader(model, rng);
      break;
    }
  }
  if (!changed)
    return 0;
  size_t newSize = model.ByteSizeLong();
  if (newSize > maxSize)
    return 0;
  if (!model.SerializeToArray(data, static_cast<int>(maxSize)))
    return 0;
  return newSize;
}
