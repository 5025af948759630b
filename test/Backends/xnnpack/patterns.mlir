// RUN: seam-opt %s --seam-merge-composite="backends=xnnpack" -split-input-file | FileCheck %s
// REQUIRES: seam-xnnpack-backend

// The pattern table of the xnnpack backend: one case per entry and optional
// step, and one per refusal (the reason is kept in seam.reason, as
// "xnnpack.<entry>: <why>").

// CHECK-LABEL: func @conv2d_bias_relu
// CHECK: seam.composite "xnnpack.conv2d_bias_relu"(%arg0, %{{.*}}, %{{.*}})
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.conv
// CHECK-NEXT: seam.relu
// CHECK-NEXT: seam.yield
func.func @conv2d_bias_relu(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = arith.constant dense<0.5> : tensor<8x4x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %r = seam.relu %c : tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// -----

// Relu6 (a clip) is the conv's output clamp too; no bias, no "_bias".
// CHECK-LABEL: func @conv2d_relu6
// CHECK: seam.composite "xnnpack.conv2d_clip"(%arg0, %{{.*}})
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.conv
// CHECK-NEXT: seam.clip
// CHECK-NEXT: seam.yield
func.func @conv2d_relu6(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %r = seam.clip %c {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

// Grouped and depthwise (group == C, with a channel multiplier) convolutions
// are the same entry.
// CHECK-LABEL: func @conv2d_grouped_depthwise
// CHECK: %[[G:.*]] = seam.composite "xnnpack.conv2d_bias"(%arg0, %{{.*}}, %{{.*}})
// CHECK: seam.conv {{.*}}group = 2 : i64
// CHECK: seam.composite "xnnpack.conv2d"(%[[G]], %{{.*}})
// CHECK: seam.conv {{.*}}group = 8 : i64
// CHECK-NOT: seam.conv
func.func @conv2d_grouped_depthwise(%x: tensor<1x4x8x8xf32>) -> tensor<1x16x6x6xf32> {
  %w = arith.constant dense<0.5> : tensor<8x2x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %g = seam.conv %x, %w, %b {group = 2 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %dw = arith.constant dense<0.25> : tensor<16x1x3x3xf32>
  %d = seam.conv %g, %dw {group = 8 : i64} : (tensor<1x8x8x8xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x6x6xf32>
  return %d : tensor<1x16x6x6xf32>
}

// -----

// A conv whose weight is not a constant stays, with the reason.
// CHECK-LABEL: func @conv2d_runtime_weight
// CHECK-NOT: seam.composite
// CHECK: seam.conv {{.*}}seam.reason = "xnnpack.conv2d: the weight (operand #1) of seam.conv is not a constant"
func.func @conv2d_runtime_weight(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %c = seam.conv %x, %w : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %c : tensor<1x4x6x6xf32>
}

// -----

// CHECK-LABEL: func @conv1d
// CHECK-NOT: seam.composite
// CHECK: seam.conv {{.*}}seam.reason = "xnnpack.conv2d: conv of rank 3 (XNNPACK convolves 2-D images only)"
func.func @conv1d(%x: tensor<1x4x8xf32>) -> tensor<1x4x6xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3xf32>
  %c = seam.conv %x, %w : (tensor<1x4x8xf32>, tensor<4x4x3xf32>) -> tensor<1x4x6xf32>
  return %c : tensor<1x4x6xf32>
}

// -----

// A gemm with a constant B is a fully connected layer, C [N] its bias.
// CHECK-LABEL: func @gemm_bias_relu
// CHECK: seam.composite "xnnpack.fully_connected_bias_relu"(%arg0, %{{.*}}, %{{.*}})
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.gemm {{.*}}trans_b = true
// CHECK-NEXT: seam.relu
// CHECK-NEXT: seam.yield
func.func @gemm_bias_relu(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<4x8xf32>
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %g = seam.gemm %a, %b, %c {trans_b = true} : (tensor<2x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %r = seam.relu %g : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @gemm_clip
// CHECK: seam.composite "xnnpack.fully_connected_clip"(%arg0, %{{.*}})
func.func @gemm_clip(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %g = seam.gemm %a, %b : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %r = seam.clip %g {min = -1.0 : f32, max = 1.0 : f32} : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @gemm_trans_a
// CHECK-NOT: seam.composite
// CHECK: seam.gemm {{.*}}seam.reason = "xnnpack.fully_connected: gemm with transA (XNNPACK's fully connected takes A as it is)"
func.func @gemm_trans_a(%a: tensor<8x2xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %g = seam.gemm %a, %b {trans_a = true} : (tensor<8x2xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @gemm_alpha
// CHECK-NOT: seam.composite
// CHECK: seam.gemm {{.*}}seam.reason = "xnnpack.fully_connected: gemm with alpha or beta other than 1"
func.func @gemm_alpha(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %g = seam.gemm %a, %b {alpha = 0.5 : f32} : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

// -----

// A C of [1, N] (or [M, N]) is no bias of XNNPACK's: [N] only.
// CHECK-LABEL: func @gemm_row_c
// CHECK-NOT: seam.composite
// CHECK: seam.gemm {{.*}}seam.reason = "xnnpack.fully_connected: gemm whose C is not a per-column bias"
func.func @gemm_row_c(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %c = arith.constant dense<0.1> : tensor<1x4xf32>
  %g = seam.gemm %a, %b, %c : (tensor<2x8xf32>, tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

// -----

// A matmul by a constant 2-D B, its constant bias add and relu; A may have
// any rank but 4.
// CHECK-LABEL: func @matmul_bias_relu
// CHECK: seam.composite "xnnpack.matmul_bias_relu"(%arg0, %{{.*}}, %{{.*}})
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.matmul
// CHECK-NEXT: seam.add
// CHECK-NEXT: seam.relu
// CHECK-NEXT: seam.yield
func.func @matmul_bias_relu(%a: tensor<3x2x8xf32>) -> tensor<3x2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %m = seam.matmul %a, %b : (tensor<3x2x8xf32>, tensor<8x4xf32>) -> tensor<3x2x4xf32>
  %s = seam.add %m, %c : (tensor<3x2x4xf32>, tensor<4xf32>) -> tensor<3x2x4xf32>
  %r = seam.relu %s : tensor<3x2x4xf32>
  return %r : tensor<3x2x4xf32>
}

// -----

// CHECK-LABEL: func @matmul_4d_a
// CHECK-NOT: seam.composite
// CHECK: seam.matmul {{.*}}seam.reason = "xnnpack.matmul: matmul of a 4-D A (XNNPACK's fully connected takes ranks 1 to 6 but the image rank 4)"
func.func @matmul_4d_a(%a: tensor<2x3x4x8xf32>) -> tensor<2x3x4x6xf32> {
  %b = arith.constant dense<0.5> : tensor<8x6xf32>
  %m = seam.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<8x6xf32>) -> tensor<2x3x4x6xf32>
  return %m : tensor<2x3x4x6xf32>
}

// -----

// CHECK-LABEL: func @matmul_3d_b
// CHECK-NOT: seam.composite
// CHECK: seam.matmul {{.*}}seam.reason = "xnnpack.matmul: matmul by a B that is not 2-D"
func.func @matmul_3d_b(%a: tensor<3x2x8xf32>) -> tensor<3x2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<3x8x4xf32>
  %m = seam.matmul %a, %b : (tensor<3x2x8xf32>, tensor<3x8x4xf32>) -> tensor<3x2x4xf32>
  return %m : tensor<3x2x4xf32>
}

// -----

// CHECK-LABEL: func @pools
// CHECK: seam.composite "xnnpack.max_pool"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.max_pool
// CHECK: seam.composite "xnnpack.avg_pool"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.avg_pool
// CHECK: seam.composite "xnnpack.global_avg_pool"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.global_avg_pool
func.func @pools(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x1x1xf32> {
  %p = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true} : (tensor<1x4x8x8xf32>) -> tensor<1x4x5x5xf32>
  %a = seam.avg_pool %p {kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x4x5x5xf32>) -> tensor<1x4x6x6xf32>
  %g = seam.global_avg_pool %a : (tensor<1x4x6x6xf32>) -> tensor<1x4x1x1xf32>
  return %g : tensor<1x4x1x1xf32>
}

// -----

// CHECK-LABEL: func @avg_pool_dilated
// CHECK-NOT: seam.composite
// CHECK: seam.avg_pool {{.*}}seam.reason = "xnnpack.avg_pool: dilated avg_pool (XNNPACK has none)"
func.func @avg_pool_dilated(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %a = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %a : tensor<1x4x4x4xf32>
}

// -----

// CHECK-LABEL: func @max_pool_1x1
// CHECK-NOT: seam.composite
// CHECK: seam.max_pool {{.*}}seam.reason = "xnnpack.max_pool: a 1x1 pooling window (XNNPACK refuses it)"
func.func @max_pool_1x1(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %p = seam.max_pool %x {kernel_shape = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}

// -----

// CHECK-LABEL: func @max_pool_1d
// CHECK-NOT: seam.composite
// CHECK: seam.max_pool {{.*}}seam.reason = "xnnpack.max_pool: seam.max_pool of rank 3 (XNNPACK pools 2-D images only)"
func.func @max_pool_1d(%x: tensor<1x4x8xf32>) -> tensor<1x4x4xf32> {
  %p = seam.max_pool %x {kernel_shape = array<i64: 2>, strides = array<i64: 2>} : (tensor<1x4x8xf32>) -> tensor<1x4x4xf32>
  return %p : tensor<1x4x4xf32>
}

// -----

// Ceil-mode average pooling that counts padding, with a last window past the
// padding: XNNPACK would count the pixels past the padding too.
// CHECK-LABEL: func @avg_pool_ceil_include_pad
// CHECK-NOT: seam.composite
// CHECK: seam.avg_pool {{.*}}seam.reason = "xnnpack.avg_pool: avg_pool with count_include_pad whose last window (ceil_mode) reaches past the padding"
func.func @avg_pool_ceil_include_pad(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %a = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true, count_include_pad = true} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  return %a : tensor<1x4x3x3xf32>
}

// -----

// CHECK-LABEL: func @global_avg_pool_1d
// CHECK-NOT: seam.composite
// CHECK: seam.global_avg_pool {{.*}}seam.reason = "xnnpack.global_avg_pool: global_avg_pool of rank 3 (XNNPACK pools 2-D images only)"
func.func @global_avg_pool_1d(%x: tensor<1x4x8xf32>) -> tensor<1x4x1xf32> {
  %g = seam.global_avg_pool %x : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  return %g : tensor<1x4x1xf32>
}

// -----

// Softmax over the last axis, and over axis 1 (C) of a 4-D value, the
// innermost dim of XNNPACK's NHWC.
// CHECK-LABEL: func @softmax
// CHECK: seam.composite "xnnpack.softmax"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.softmax {{.*}}axis = 1 : i64{{.*}} : tensor<2x8xf32>
// CHECK: seam.composite "xnnpack.softmax"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.softmax {{.*}}axis = 1 : i64{{.*}} : tensor<1x4x3x3xf32>
func.func @softmax(%x: tensor<2x8xf32>, %y: tensor<1x4x3x3xf32>) -> (tensor<2x8xf32>, tensor<1x4x3x3xf32>) {
  %s = seam.softmax %x {axis = 1 : i64} : tensor<2x8xf32>
  %t = seam.softmax %y {axis = 1 : i64} : tensor<1x4x3x3xf32>
  return %s, %t : tensor<2x8xf32>, tensor<1x4x3x3xf32>
}

// -----

// CHECK-LABEL: func @softmax_axis_0
// CHECK-NOT: seam.composite
// CHECK: seam.softmax {{.*}}seam.reason = "xnnpack.softmax: softmax over axis 0 of a 2-D value (XNNPACK normalizes the innermost dim of its layout only: axis 1)"
func.func @softmax_axis_0(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %s = seam.softmax %x {axis = 0 : i64} : tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}

// -----

// ONNX's default softmax axis (-1) is the innermost dim of a 2-D value.
// CHECK-LABEL: func @softmax_default_axis
// CHECK: seam.composite "xnnpack.softmax"
func.func @softmax_default_axis(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %s = seam.softmax %x : tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}

// -----

// A 4-D value is NHWC inside a region: its last ONNX axis (W) is not
// XNNPACK's innermost dim.
// CHECK-LABEL: func @softmax_4d_last_axis
// CHECK: seam.softmax {{.*}}seam.reason = "xnnpack.softmax: softmax over axis 3 of a 4-D value (XNNPACK normalizes the innermost dim of its layout only: axis 1)"
func.func @softmax_4d_last_axis(%x: tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %s = seam.softmax %x {axis = -1 : i64} : tensor<1x4x3x3xf32>
  return %s : tensor<1x4x3x3xf32>
}

// -----

// An add after a matmul that is not a per-column bias stays out of the
// composite; the matmul is taken alone.
// CHECK-LABEL: func @matmul_then_full_add
// CHECK: seam.composite "xnnpack.matmul"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.matmul
// CHECK-NEXT: seam.yield
// CHECK: seam.add
func.func @matmul_then_full_add(%x: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  %c = arith.constant dense<0.25> : tensor<2x4xf32>
  %m = seam.matmul %x, %w : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %a = seam.add %m, %c : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %a : tensor<2x4xf32>
}

// -----

// A clip with an empty interval is not an output clamp.
// CHECK-LABEL: func @conv_clip_empty
// CHECK: seam.composite "xnnpack.conv2d"
// CHECK-NOT: seam.composite "xnnpack.conv2d_clip"
func.func @conv_clip_empty(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.clip %c {min = 1.0 : f32, max = 1.0 : f32} : tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}
