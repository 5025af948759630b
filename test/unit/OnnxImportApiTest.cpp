//===- OnnxImportApiTest.cpp - The importer's C++ API ---------------------===//
//
// Models are built here with the ONNX protobuf API and imported from bytes in
// memory, so these tests need no files.
//
//===----------------------------------------------------------------------===//

#include "seam/Import/OnnxImporter.h"

#include "seam/SeamConstants.h"
#include "seam/SeamOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "onnx/onnx_pb.h"
#include "gtest/gtest.h"

#include <string>

namespace {

/// Relu(x) + W with a 20-element initializer W (stored as a dense_resource).
std::string makeReluAddModel(bool externalWeight = false) {
  onnx::ModelProto model;
  model.set_ir_version(7);
  model.add_opset_import()->set_version(13);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("relu_add");
  auto addValue = [](onnx::ValueInfoProto *v, const char *name) {
    v->set_name(name);
    auto *t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    t->mutable_shape()->add_dim()->set_dim_value(4);
    t->mutable_shape()->add_dim()->set_dim_value(5);
  };
  addValue(graph->add_input(), "x");
  addValue(graph->add_output(), "y");
  onnx::TensorProto *w = graph->add_initializer();
  w->set_name("W");
  w->set_data_type(onnx::TensorProto::FLOAT);
  w->add_dims(4);
  w->add_dims(5);
  if (externalWeight) {
    w->set_data_location(onnx::TensorProto::EXTERNAL);
    auto *entry = w->add_external_data();
    entry->set_key("location");
    entry->set_value("weights.bin");
  } else {
    for (int i = 0; i < 20; ++i)
      w->add_float_data(static_cast<float>(i) * 0.5f);
  }
  onnx::NodeProto *relu = graph->add_node();
  relu->set_op_type("Relu");
  relu->set_name("relu");
  relu->add_input("x");
  relu->add_output("r");
  onnx::NodeProto *add = graph->add_node();
  add->set_op_type("Add");
  add->set_name("add");
  add->add_input("r");
  add->add_input("W");
  add->add_output("y");
  return model.SerializeAsString();
}

/// Collects the first error message.
struct ErrorCapture {
  explicit ErrorCapture(mlir::MLIRContext &ctx)
      : handler(&ctx, [this](mlir::Diagnostic &d) {
          if (message.empty())
            message = d.str();
          return mlir::success();
        }) {}
  std::string message;
  mlir::ScopedDiagnosticHandler handler;
};

TEST(OnnxImportApi, ImportsBytesWithNamesAndWeights) {
  mlir::MLIRContext ctx;
  ErrorCapture errors(ctx);
  auto module = seam::importOnnxBytes(makeReluAddModel(), "", ctx);
  ASSERT_TRUE(module) << errors.message;
  auto main = module->lookupSymbol<mlir::func::FuncOp>("main");
  ASSERT_TRUE(main);
  EXPECT_EQ(main.getArgAttrOfType<mlir::StringAttr>(0, "seam.name").getValue(),
            "x");
  EXPECT_EQ(
      main.getResultAttrOfType<mlir::StringAttr>(0, "seam.name").getValue(),
      "y");
  seam::AddOp add;
  main.walk([&](seam::AddOp op) { add = op; });
  ASSERT_TRUE(add);
  EXPECT_TRUE(add.getLhs().getDefiningOp<seam::ReluOp>());
  // The weight kept its values (one copy, in a resource blob).
  std::optional<std::vector<float>> w = seam::getF32ConstantData(add.getRhs());
  ASSERT_TRUE(w);
  ASSERT_EQ(w->size(), 20u);
  EXPECT_EQ((*w)[0], 0.0f);
  EXPECT_EQ((*w)[19], 9.5f);
}

TEST(OnnxImportApi, ExternalDataNeedsABaseFolder) {
  mlir::MLIRContext ctx;
  ErrorCapture errors(ctx);
  EXPECT_FALSE(seam::importOnnxBytes(makeReluAddModel(true), "", ctx));
  EXPECT_NE(errors.message.find("initializer 'W': external data cannot be "
                                "loaded for a model given as bytes"),
            std::string::npos)
      << errors.message;
}

TEST(OnnxImportApi, GarbageBytesAreAnError) {
  mlir::MLIRContext ctx;
  ErrorCapture errors(ctx);
  EXPECT_FALSE(seam::importOnnxBytes("\x08\x07garbage\xff\xff", "", ctx));
  EXPECT_NE(errors.message.find("not a valid ONNX model"), std::string::npos)
      << errors.message;
}

TEST(OnnxImportApi, ParsesInputShapes) {
  seam::OnnxImportOptions options;
  EXPECT_EQ(seam::parseInputShape("input=1x3x224x224", options), "");
  EXPECT_EQ(options.inputShapes["input"],
            (llvm::SmallVector<int64_t>{1, 3, 224, 224}));
  EXPECT_NE(seam::parseInputShape("input", options), "");
  EXPECT_NE(seam::parseInputShape("input=1x0x3", options), "");
  EXPECT_NE(seam::parseInputShape("input=1xax3", options), "");
  EXPECT_NE(seam::parseInputShape("=1x3", options), "");
}

TEST(OnnxImportApi, InputShapeMustMatchTheModel) {
  mlir::MLIRContext ctx;
  ErrorCapture errors(ctx);
  seam::OnnxImportOptions options;
  options.inputShapes["x"] = {4, 6};
  EXPECT_FALSE(seam::importOnnxBytes(makeReluAddModel(), "", ctx, options));
  EXPECT_NE(errors.message.find("--input-shape x sets dimension 1 to 6 but "
                                "the model fixes it to 5"),
            std::string::npos)
      << errors.message;
}

} // namespace
