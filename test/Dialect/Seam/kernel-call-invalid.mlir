// RUN: seam-opt %s -split-input-file -verify-diagnostics
// REQUIRES: seam-dnnl-backend

// The verifier of seam.kernel_call: one case per error. #region describes a
// 2x8 * 8x4 matmul (input 0, weight 1, output 2).

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @no_backend(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>, %o: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @below {{'seam.kernel_call' op needs a backend and a region name}}
  %r = seam.kernel_call "" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<8x4xf32>) outs(%o : tensor<2x4xf32>) description(#region) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @no_region_name(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op needs a backend and a region name}}
  seam.kernel_call "dnnl" "" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%o : memref<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @mixed_operands(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op operands must be all tensors or all memrefs}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<8x4xf32>) outs(%o : memref<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @result_type(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>, %o: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @below {{'seam.kernel_call' op result types must be the types of the 'outs' operands}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<8x4xf32>) outs(%o : tensor<2x4xf32>) description(#region) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

// The tensor form without its results.
func.func @missing_results(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>, %o: tensor<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op result types must be the types of the 'outs' operands}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<8x4xf32>) outs(%o : tensor<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

// The buffer form has no results (the destination-style interface says so).
func.func @buffer_form_results(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%o : memref<2x4xf32>) description(#region) -> tensor<2x4xf32>
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

// No 'outs' operand (the custom form always has the list: generic form).
func.func @no_outs(%x: memref<2x8xf32>, %w: memref<8x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op needs at least one 'outs' operand}}
  "seam.kernel_call"(%x, %w) <{backend = "dnnl", region = "dnnl_0", description = #region, operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x8xf32>, memref<8x4xf32>) -> ()
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_input_count(%x: memref<2x8xf32>, %y: memref<2x8xf32>, %w: memref<8x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it has 2 inputs, the region 1}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x, %y : memref<2x8xf32>, memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%o : memref<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_weight_count(%x: memref<2x8xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it has 0 weights, the region 1}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) outs(%o : memref<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_output_count(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>, %o: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: it has 2 outputs, the region 1}}
  %r:2 = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<8x4xf32>) outs(%o, %o : tensor<2x4xf32>, tensor<2x4xf32>) description(#region) -> tensor<2x4xf32>, tensor<2x4xf32>
  return %r#0, %r#1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_input_shape(%x: memref<2x9xf32>, %w: memref<8x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #0 has type 'memref<2x9xf32>', the region's value 0 is 2x8 f32}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x9xf32>) weights(%w : memref<8x4xf32>) outs(%o : memref<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_weight_shape(%x: tensor<2x8xf32>, %w: tensor<4x8xf32>, %o: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: weight #0 has type 'tensor<4x8xf32>', the region's value 1 is 8x4 f32}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<4x8xf32>) outs(%o : tensor<2x4xf32>) description(#region) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_output_shape(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %o: memref<1x2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: output #0 has type 'memref<1x2x4xf32>', the region's value 2 is 2x4 f32}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%o : memref<1x2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

// The runtime computes in f32 only.
func.func @description_element_type(%x: memref<2x8xf16>, %w: memref<8x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #0 has type 'memref<2x8xf16>', the region's value 0 is 2x8 f32}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf16>) weights(%w : memref<8x4xf32>) outs(%o : memref<2x4xf32>) description(#region)
  return
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>

func.func @description_dynamic_shape(%x: tensor<?x8xf32>, %w: tensor<8x4xf32>, %o: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: input #0 has type 'tensor<?x8xf32>', the region's value 0 is 2x8 f32}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<?x8xf32>) weights(%w : tensor<8x4xf32>) outs(%o : tensor<2x4xf32>) description(#region) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

#region = #seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [], [2, 3]],
  inputs = [0], weights = [1], outputs = [2],
  ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>]>

// A 0-d value of the description is named so.
func.func @description_0d_value(%x: memref<2x3xf32>, %eps: memref<1xf32>, %o: memref<2x3xf32>) {
  // expected-error @below {{'seam.kernel_call' op description does not match the call: weight #0 has type 'memref<1xf32>', the region's value 1 is 0-d f32}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32>) weights(%eps : memref<1xf32>) outs(%o : memref<2x3xf32>) description(#region)
  return
}

// -----

// The description must be a kernel description (an attribute implementing
// KernelDescriptionAttrInterface).
func.func @description_not_a_kernel_description(%x: memref<2x8xf32>, %o: memref<2x4xf32>) {
  // expected-error @below {{invalid kind of attribute specified}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) outs(%o : memref<2x4xf32>) description("matmul")
  return
}

// -----

func.func @vector_operand(%v: vector<2x3xf32>, %e: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{operands must be ranked tensors or memrefs, not 'vector<2x3xf32>'}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%v : vector<2x3xf32>) outs(%e : tensor<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @other_region(%x: tensor<2x3xf32>, %e: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{description does not match the call: it runs region 'dnnl_0', the description is of region 'other_name'}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>)
      description(#seam_dnnl.region<name = "other_name", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
