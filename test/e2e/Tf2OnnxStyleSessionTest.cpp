//===- Tf2OnnxStyleSessionTest.cpp - tf2onnx-style models, two shapes -----===//
//
// The Keras-like models of test/e2e/make_tf2onnx_style.py (graphs in the
// forms tf2onnx emits, with symbolic dims) through ONE session per model and
// backend: the two sets of input shapes run one after the other and the first
// again, each against the script's NumPy/PyTorch references (TF semantics),
// with one specialization per set of shapes.
//
//===----------------------------------------------------------------------===//

#include "SessionTestHelpers.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace {

using namespace seam::test;

/// One model: its file stem, the file prefixes of its two shape sets, its
/// inputs and outputs as (graph name, file key), and the tolerances.
struct StyleModel {
  std::string stem;
  std::vector<std::string> shapeSets;
  std::vector<std::pair<std::string, std::string>> inputs, outputs;
  double rtol = 1e-4, atol = 1e-5;
};

const std::vector<StyleModel> &styleModels() {
  static const std::vector<StyleModel> models = {
      {"keras_cnn",
       {"b1", "b3"},
       {{"input_1", "input_1"}},
       {{"dense_1", "dense_1"}, {"dense_2", "dense_2"}}},
      {"keras_text",
       {"2x7", "3x11"},
       {{"input_ids", "input_ids"}},
       {{"dense_1", "dense_1"}}},
      {"keras_lstm",
       {"2x4", "3x7"},
       {{"input_1", "input_1"}},
       {{"lstm", "lstm"}, {"dense_1", "dense_1"}}},
      {"keras_gru", {"1x3", "4x6"}, {{"input_1", "input_1"}}, {{"gru", "gru"}}},
      {"resize",
       {"b1", "b2"},
       {{"images", "images"}},
       {{"bilinear", "bilinear"},
        {"align_corners", "align_corners"},
        {"nearest", "nearest"}}},
      {"misc",
       {"b1", "b3"},
       {{"x", "x"}},
       {{"pad_reflect", "pad_reflect"},
        {"pad_constant", "pad_constant"},
        {"strided_slice", "strided_slice"},
        {"split:0", "split_0"},
        {"split:1", "split_1"},
        {"tile", "tile"},
        {"where", "where"},
        {"topk_values", "topk_values"},
        {"topk_indices", "topk_indices"},
        {"range_add", "range_add"},
        {"ones_sub", "ones_sub"},
        {"less_float", "less_float"},
        {"nonzero", "nonzero"}}},
      {"attention",
       {"1x3x5", "2x6x4"},
       {{"query", "query"}, {"value", "value"}},
       {{"multi_head_attention", "multi_head_attention"},
        {"attention_heads", "attention_heads"}}},
      {"keras_upsample",
       {"1x8x8", "2x6x10"},
       {{"input_1", "input_1"}},
       {{"up_sampling2d", "up_sampling2d"}}},
      {"keras_sequence",
       {"1x5", "3x9"},
       {{"input_ids", "input_ids"}},
       {{"dense_1", "dense_1"}}},
      {"keras_decoder",
       {"b1", "b2"},
       {{"input_1", "input_1"}},
       {{"decoder", "decoder"}}},
      {"keras_bilstm",
       {"2x5", "3x8"},
       {{"input_ids", "input_ids"}},
       {{"bidirectional", "bidirectional"}}},
      // float16 layers: float16's tolerance.
      {"keras_mixed_precision",
       {"b1", "b2"},
       {{"input_1", "input_1"}},
       {{"dense", "dense"}},
       1e-3,
       1e-4},
      {"keras_mixed_lstm",
       {"1x3", "2x6"},
       {{"input_1", "input_1"}},
       {{"lstm", "lstm"}},
       1e-3,
       1e-4},
  };
  return models;
}

const std::string kDir = SEAM_SOURCE_DIR "/test/e2e/Inputs/tf2onnx_style/";

TensorMap loadSet(const StyleModel &m, const std::string &set,
                  const std::vector<std::pair<std::string, std::string>> &io) {
  TensorMap tensors;
  for (const auto &[name, key] : io)
    tensors[name] = load(kDir + m.stem + "_" + set + "_" + key + ".npy");
  return tensors;
}

/// "none" and every backend of this build with a runtime.
std::vector<std::string> backendNames() {
  std::vector<std::string> names = {"none"};
  for (const std::string &name : backendsWithRuntime())
    names.push_back(name);
  return names;
}

TEST(Tf2OnnxStyle, TwoShapesThroughOneSession) {
  for (const std::string &backend : backendNames()) {
    for (const StyleModel &m : styleModels()) {
      SCOPED_TRACE(m.stem + " on " + backend);
      seam::CompileOptions options;
      options.backends = {backend};
      options.useCache = false;
      auto session = seam::Session::create(kDir + m.stem + ".onnx", options);
      ASSERT_TRUE(static_cast<bool>(session)) << session.error().message();
      EXPECT_TRUE((*session)->hasRunTimeShapes());
      for (const std::string &set :
           {m.shapeSets[0], m.shapeSets[1], m.shapeSets[0]}) {
        SCOPED_TRACE(set);
        expectOutputs(**session, loadSet(m, set, m.inputs),
                      loadSet(m, set, m.outputs), m.rtol, m.atol);
      }
      EXPECT_EQ((*session)->specializations().size(), 2u);
    }
  }
}

} // namespace
