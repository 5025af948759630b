// RUN: env SEAM_DNNL_INT8_VNNI=1 seam-opt %s --seam-merge-composite="backends=dnnl" -split-input-file | FileCheck %s
// Without VNNI, int8 products whose weights are not constants in [-64, 64]
// stay with the compiler (oneDNN would saturate sums of two products): @qconv's
// convolution does, its matmul (weights 1) does not.
// RUN: env SEAM_DNNL_INT8_VNNI=0 seam-opt %s --seam-merge-composite="backends=dnnl" -split-input-file | FileCheck %s --check-prefix=NOVNNI
// REQUIRES: seam-dnnl-backend

// The pattern table of the dnnl backend: one case per entry and optional
// step, and one per refusal (the reason is kept in seam.reason).

// CHECK-LABEL: func @conv_bias_sum_relu
// CHECK: seam.composite "dnnl.conv_bias_sum_relu"(%arg0, %{{.*}}, %{{.*}}, %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: seam.conv
// CHECK-NEXT: seam.add
// CHECK-NEXT: seam.relu
func.func @conv_bias_sum_relu(%x: tensor<1x4x8x8xf32>, %res: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %s = seam.add %c, %res : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %s : tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

// -----

// Depthwise 1-D convolution with every activation kind.
// CHECK-LABEL: func @conv1d_activations
// CHECK: "dnnl.conv_clip"
// CHECK: "dnnl.conv_sigmoid"
// CHECK: "dnnl.conv_tanh"
// CHECK: "dnnl.conv_leaky_relu"
// CHECK: "dnnl.conv_hard_swish"
// CHECK: "dnnl.conv_hard_sigmoid"
func.func @conv1d_activations(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %w = arith.constant dense<0.5> : tensor<4x1x3xf32>
  %c0 = seam.conv %x, %w {group = 4 : i64, pads = array<i64: 1, 1>} : (tensor<1x4x8xf32>, tensor<4x1x3xf32>) -> tensor<1x4x8xf32>
  %a0 = seam.clip %c0 {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x4x8xf32>
  %c1 = seam.conv %a0, %w {group = 4 : i64, pads = array<i64: 1, 1>} : (tensor<1x4x8xf32>, tensor<4x1x3xf32>) -> tensor<1x4x8xf32>
  %a1 = seam.sigmoid %c1 : tensor<1x4x8xf32>
  %c2 = seam.conv %a1, %w {group = 4 : i64, pads = array<i64: 1, 1>} : (tensor<1x4x8xf32>, tensor<4x1x3xf32>) -> tensor<1x4x8xf32>
  %a2 = seam.tanh %c2 : tensor<1x4x8xf32>
  %c3 = seam.conv %a2, %w {group = 4 : i64, pads = array<i64: 1, 1>} : (tensor<1x4x8xf32>, tensor<4x1x3xf32>) -> tensor<1x4x8xf32>
  %a3 = seam.leaky_relu %c3 {alpha = 0.2 : f32} : tensor<1x4x8xf32>
  %c4 = seam.conv %a3, %w {group = 4 : i64, pads = array<i64: 1, 1>} : (tensor<1x4x8xf32>, tensor<4x1x3xf32>) -> tensor<1x4x8xf32>
  %a4 = seam.hard_swish %c4 : tensor<1x4x8xf32>
  %c5 = seam.conv %a4, %w {group = 4 : i64, pads = array<i64: 1, 1>} : (tensor<1x4x8xf32>, tensor<4x1x3xf32>) -> tensor<1x4x8xf32>
  %a5 = seam.hard_sigmoid %c5 : tensor<1x4x8xf32>
  return %a5 : tensor<1x4x8xf32>
}

// -----

// A conv whose weight is not a constant stays, with the reason.
// CHECK-LABEL: func @conv_runtime_weight
// CHECK-NOT: seam.composite
// CHECK: seam.conv {{.*}}seam.reason = "dnnl.conv: the weight (operand #1) of seam.conv is not a constant"
func.func @conv_runtime_weight(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %c = seam.conv %x, %w : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %c : tensor<1x4x6x6xf32>
}

// -----

// A residual add that broadcasts is no sum post-op: the conv alone is taken.
// CHECK-LABEL: func @conv_broadcast_add
// CHECK: seam.composite "dnnl.conv"
// CHECK: seam.add
func.func @conv_broadcast_add(%x: tensor<1x4x8x8xf32>, %y: tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %s = seam.add %c, %y : (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32>
  return %s : tensor<1x4x6x6xf32>
}

// -----

// CHECK-LABEL: func @gemm_bias_relu
// CHECK: seam.composite "dnnl.gemm_bias_relu"
func.func @gemm_bias_relu(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<4x8xf32>
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %g = seam.gemm %a, %b, %c {trans_b = true} : (tensor<2x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %r = seam.relu %g : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// A full M x N C is no per-column bias.
// CHECK-LABEL: func @gemm_full_c
// CHECK-NOT: seam.composite
// CHECK: seam.gemm {{.*}}seam.reason = "dnnl.gemm: gemm whose C is not a per-column bias (oneDNN has no fast kernel for it)"
func.func @gemm_full_c(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<0.5> : tensor<8x4xf32>
  %c = arith.constant dense<0.1> : tensor<2x4xf32>
  %g = seam.gemm %a, %b, %c : (tensor<2x8xf32>, tensor<8x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @batched_matmul_bias_tanh
// CHECK: seam.composite "dnnl.matmul_bias_tanh"
func.func @batched_matmul_bias_tanh(%a: tensor<3x2x8xf32>, %b: tensor<3x8x4xf32>) -> tensor<3x2x4xf32> {
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %m = seam.matmul %a, %b : (tensor<3x2x8xf32>, tensor<3x8x4xf32>) -> tensor<3x2x4xf32>
  %s = seam.add %m, %c : (tensor<3x2x4xf32>, tensor<4xf32>) -> tensor<3x2x4xf32>
  %t = seam.tanh %s : tensor<3x2x4xf32>
  return %t : tensor<3x2x4xf32>
}

// -----

// CHECK-LABEL: func @matmul_vector
// CHECK-NOT: seam.composite
// CHECK: seam.matmul {{.*}}seam.reason = "dnnl.matmul: matmul of a 1-D operand is not supported"
func.func @matmul_vector(%a: tensor<8xf32>, %b: tensor<8x4xf32>) -> tensor<4xf32> {
  %m = seam.matmul %a, %b : (tensor<8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @pools_norm_softmax
// CHECK: "dnnl.batch_norm_relu"
// CHECK: "dnnl.max_pool"
// CHECK: "dnnl.avg_pool"
// CHECK: "dnnl.global_avg_pool"
// CHECK: "dnnl.softmax"
func.func @pools_norm_softmax(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x1x1xf32> {
  %s = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %m = arith.constant dense<0.25> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %n = seam.batch_norm %x, %s, %b, %m, %v : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %n : tensor<1x4x8x8xf32>
  %p = seam.max_pool %r {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true} : (tensor<1x4x8x8xf32>) -> tensor<1x4x5x5xf32>
  %a = seam.avg_pool %p {kernel_shape = array<i64: 2, 2>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x4x4xf32>
  %g = seam.global_avg_pool %a : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %o = seam.softmax %g {axis = 1 : i64} : tensor<1x4x1x1xf32>
  return %o : tensor<1x4x1x1xf32>
}

// -----

// Ceil-mode average pooling that counts padding, with a last window past the
// padding, has no oneDNN equivalent.
// CHECK-LABEL: func @avg_pool_ceil_include_pad
// CHECK-NOT: seam.composite
// CHECK: seam.avg_pool {{.*}}seam.reason = "dnnl.avg_pool: avg_pool with count_include_pad whose last window (ceil_mode) reaches past the padding"
func.func @avg_pool_ceil_include_pad(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %a = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true, count_include_pad = true} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  return %a : tensor<1x4x3x3xf32>
}

// -----

// An int8 convolution with constant int8 weights and zero points, its
// int32 bias and requantization (scale per output channel, round, output
// zero point, saturation to uint8): one qconv composite, run on oneDNN's
// int8 kernels. A lone matmul_integer is a matmul_integer composite.
// CHECK-LABEL: func @qconv
// CHECK: "dnnl.qconv_bias_zero_point"
// CHECK: seam.conv_integer
// CHECK: seam.add
// CHECK: seam.cast
// CHECK: seam.mul
// CHECK: seam.round
// CHECK: seam.add
// CHECK: seam.clip
// CHECK: seam.cast
// CHECK: "dnnl.matmul_integer"
// NOVNNI-LABEL: func @qconv
// NOVNNI-NOT: "dnnl.
// NOVNNI: seam.conv_integer {{.*}}seam.reason = "dnnl.qconv: seam.conv_integer of weights outside [-64, 64] on a CPU without VNNI (oneDNN adds pairs of u8 x s8 products in 16 bits there, with saturation)
// NOVNNI: "dnnl.matmul_integer"
// NOVNNI: return
func.func @qconv(%x: tensor<1x2x4x4xui8>, %a: tensor<3x8xi8>) -> (tensor<1x2x4x4xui8>, tensor<3x2xi32>) {
  %w = arith.constant dense<[[[[-128]], [[127]]], [[[5]], [[-3]]]]> : tensor<2x2x1x1xi8>
  %xzp = arith.constant dense<128> : tensor<ui8>
  %b = arith.constant dense<[[[[7]], [[-9]]]]> : tensor<1x2x1x1xi32>
  %scale = arith.constant dense<[[[[0.5]], [[0.25]]]]> : tensor<1x2x1x1xf32>
  %yzp = arith.constant dense<3.0> : tensor<f32>
  %acc = seam.conv_integer %x, %w input_zero_point(%xzp) : (tensor<1x2x4x4xui8>, tensor<2x2x1x1xi8>, tensor<ui8>) -> tensor<1x2x4x4xi32>
  %sum = seam.add %acc, %b : (tensor<1x2x4x4xi32>, tensor<1x2x1x1xi32>) -> tensor<1x2x4x4xi32>
  %f = seam.cast %sum : tensor<1x2x4x4xi32> to tensor<1x2x4x4xf32>
  %s = seam.mul %f, %scale : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %r = seam.round %s : tensor<1x2x4x4xf32>
  %z = seam.add %r, %yzp : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xf32>
  %c = seam.clip %z {min = 0.0 : f32, max = 255.0 : f32} : tensor<1x2x4x4xf32>
  %y = seam.cast %c : tensor<1x2x4x4xf32> to tensor<1x2x4x4xui8>
  %bw = arith.constant dense<1> : tensor<8x2xi8>
  %m = seam.matmul_integer %a, %bw : (tensor<3x8xi8>, tensor<8x2xi8>) -> tensor<3x2xi32>
  return %y, %m : tensor<1x2x4x4xui8>, tensor<3x2xi32>
}

// -----

// What oneDNN's int8 kernels do not take, with the reasons: uint8 weights,
// a nonzero weight zero point of a convolution, a clip that is not the
// result type's range (no requantization composite; the product alone).
// CHECK-LABEL: func @qconv_refused
// CHECK: seam.conv_integer {{.*}}seam.reason = "dnnl.qconv: seam.conv_integer of uint8 weights (oneDNN's int8 kernels take int8 weights)
// CHECK: seam.conv_integer {{.*}}seam.reason = "dnnl.qconv: conv_integer with a nonzero weight zero point (oneDNN's int8 convolution has none)
func.func @qconv_refused(%x: tensor<1x2x4x4xui8>) -> (tensor<1x2x4x4xi32>, tensor<1x2x4x4xi32>) {
  %wu = arith.constant dense<3> : tensor<2x2x1x1xui8>
  %w = arith.constant dense<3> : tensor<2x2x1x1xi8>
  %wzp = arith.constant dense<1> : tensor<i8>
  %0 = seam.conv_integer %x, %wu : (tensor<1x2x4x4xui8>, tensor<2x2x1x1xui8>) -> tensor<1x2x4x4xi32>
  %1 = seam.conv_integer %x, %w weight_zero_point(%wzp) : (tensor<1x2x4x4xui8>, tensor<2x2x1x1xi8>, tensor<i8>) -> tensor<1x2x4x4xi32>
  return %0, %1 : tensor<1x2x4x4xi32>, tensor<1x2x4x4xi32>
}

// -----

// A clip that is not the result type's range is no requantization oneDNN
// computes: the product alone is offloaded (int32), the rest compiled.
// CHECK-LABEL: func @qconv_narrow_clip
// CHECK: "dnnl.conv_integer"
// CHECK-NOT: seam.round
// CHECK: seam.yield
// CHECK-NEXT: }
// CHECK: seam.round
// CHECK: seam.clip
func.func @qconv_narrow_clip(%x: tensor<1x2x4x4xui8>) -> tensor<1x2x4x4xui8> {
  %w = arith.constant dense<3> : tensor<2x2x1x1xi8>
  %scale = arith.constant dense<0.5> : tensor<f32>
  %acc = seam.conv_integer %x, %w : (tensor<1x2x4x4xui8>, tensor<2x2x1x1xi8>) -> tensor<1x2x4x4xi32>
  %f = seam.cast %acc : tensor<1x2x4x4xi32> to tensor<1x2x4x4xf32>
  %s = seam.mul %f, %scale : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xf32>
  %r = seam.round %s : tensor<1x2x4x4xf32>
  %c = seam.clip %r {min = 0.0 : f32, max = 200.0 : f32} : tensor<1x2x4x4xf32>
  %y = seam.cast %c : tensor<1x2x4x4xf32> to tensor<1x2x4x4xui8>
  return %y : tensor<1x2x4x4xui8>
}
