// REQUIRES: seam-test-backend
// RUN: seam-opt %s -split-input-file --seam-merge-composite="backends=test" | FileCheck %s

// The whole chain conv(+bias) -> relu becomes one composite at the relu; it
// takes the input, the weight and the bias, in the order the ops use them.
// CHECK-LABEL: func @conv_bias_relu
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.000000e+00> : tensor<4x2x3x3xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[R:.*]] = seam.composite "test.conv2d_bias_relu"(%arg0, %[[W]], %[[B]]) : (tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<1x2x6x6xf32>, %[[WA:.*]]: tensor<4x2x3x3xf32>, %[[BA:.*]]: tensor<4xf32>):
// CHECK-NEXT:   %[[C:.*]] = seam.conv %[[X]], %[[WA]], %[[BA]] :
// CHECK-NEXT:   %[[A:.*]] = seam.relu %[[C]] : tensor<1x4x4x4xf32>
// CHECK-NEXT:   seam.yield %[[A]] : tensor<1x4x4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @conv_bias_relu(%x: tensor<1x2x6x6xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x2x3x3xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %c = seam.conv %x, %w, %b : (tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %c : tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// Optional steps: without a bias and with clip instead of relu.
// CHECK-LABEL: func @conv_clip
// CHECK: seam.composite "test.conv2d_clip"(%arg0, %{{.*}}) :
// CHECK:   seam.conv
// CHECK:   seam.clip
// CHECK: seam.yield
func.func @conv_clip(%x: tensor<1x2x6x6xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x2x3x3xf32>
  %c = seam.conv %x, %w : (tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.clip %c {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// An attribute predicate: clip fuses only with both bounds; the optional step
// is skipped and the clip stays outside.
// CHECK-LABEL: func @conv_clip_one_bound
// CHECK: %[[C:.*]] = seam.composite "test.conv2d"(%arg0, %{{.*}}) :
// CHECK: seam.clip %[[C]] {min = 0.000000e+00 : f32}
func.func @conv_clip_one_bound(%x: tensor<1x2x6x6xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x2x3x3xf32>
  %c = seam.conv %x, %w : (tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.clip %c {min = 0.0 : f32} : tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// The residual add of a second input (conv + sum) then relu; the residual is
// the last input, after the conv's.
// CHECK-LABEL: func @conv_sum_relu
// CHECK: seam.composite "test.conv2d_bias_sum_relu"(%arg0, %{{.*}}, %{{.*}}, %arg1) :
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<1x4x4x4xf32>, %[[W:.*]]: tensor<4x4x1x1xf32>, %[[B:.*]]: tensor<4xf32>, %[[RES:.*]]: tensor<1x4x4x4xf32>):
// CHECK-NEXT:   %[[C:.*]] = seam.conv %[[X]], %[[W]], %[[B]]
// CHECK-NEXT:   %[[S:.*]] = seam.add %[[RES]], %[[C]]
// CHECK-NEXT:   seam.relu %[[S]]
func.func @conv_sum_relu(%x: tensor<1x4x4x4xf32>, %y: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x4x1x1xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %c = seam.conv %x, %w, %b : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %s = seam.add %y, %c : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %s : tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// A residual add whose operand is the conv's own input is still a sum.
// CHECK-LABEL: func @conv_sum_own_input
// CHECK: seam.composite "test.conv2d_sum"(%arg0, %{{.*}}, %arg0) :
func.func @conv_sum_own_input(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %s = seam.add %c, %x : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %s : tensor<1x4x4x4xf32>
}

// -----

// An add that broadcasts is not a sum (a shape predicate): the conv is matched
// alone, the add and the relu after it stay.
// CHECK-LABEL: func @conv_broadcast_add
// CHECK: %[[C:.*]] = seam.composite "test.conv2d"
// CHECK: %[[A:.*]] = seam.add %[[C]], %arg1
// CHECK: seam.relu %[[A]]
func.func @conv_broadcast_add(%x: tensor<1x4x4x4xf32>, %y: tensor<4x1x1xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %s = seam.add %c, %y : (tensor<1x4x4x4xf32>, tensor<4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %s : tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// A conv whose result has two users cannot take the relu with it.
// CHECK-LABEL: func @conv_two_users
// CHECK: %[[C:.*]] = seam.composite "test.conv2d"
// CHECK: seam.relu %[[C]]
// CHECK: seam.sigmoid %[[C]]
func.func @conv_two_users(%x: tensor<1x4x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) {
  %w = arith.constant dense<1.0> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %c : tensor<1x4x4x4xf32>
  %s = seam.sigmoid %c : tensor<1x4x4x4xf32>
  return %r, %s : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>
}

// -----

// Weights must be constants: the refusal is recorded on the conv.
// CHECK-LABEL: func @conv_weight_not_constant
// CHECK-NOT: seam.composite
// CHECK: seam.conv %arg0, %arg1 {seam.reason = "test.conv2d: the weight (operand #1) of seam.conv is not a constant"}
func.func @conv_weight_not_constant(%x: tensor<1x4x4x4xf32>, %w: tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32> {
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %c : tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// A bias that is not a constant is refused too.
// CHECK-LABEL: func @conv_bias_not_constant
// CHECK-NOT: seam.composite
// CHECK: seam.reason = "test.conv2d: the bias (operand #2) of seam.conv is not a constant"
func.func @conv_bias_not_constant(%x: tensor<1x4x4x4xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w, %b : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  return %c : tensor<1x4x4x4xf32>
}

// -----

// The entry's check function refuses a match, and says why.
// CHECK-LABEL: func @conv_dilated
// CHECK-NOT: seam.composite
// CHECK: seam.conv {{.*}}seam.reason = "test.conv2d: dilated convolution is not supported"
// CHECK: seam.relu
func.func @conv_dilated(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x2x2xf32> {
  %w = arith.constant dense<1.0> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w {dilations = array<i64: 2, 2>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x2x2xf32>
  %r = seam.relu %c : tensor<1x4x2x2xf32>
  return %r : tensor<1x4x2x2xf32>
}

// -----

// A rank predicate: conv2d takes 4-D inputs only.
// CHECK-LABEL: func @conv1d
// CHECK-NOT: seam.composite
// CHECK: seam.reason = "test.conv2d: the input of seam.conv is not rank 4"
func.func @conv1d(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %w = arith.constant dense<1.0> : tensor<4x4x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x8xf32>, tensor<4x4x1xf32>) -> tensor<1x4x8xf32>
  return %c : tensor<1x4x8xf32>
}

// -----

// gemm (+bias) (+relu); the tags follow the optional parts that matched.
// CHECK-LABEL: func @gemm_bias_relu
// CHECK: seam.composite "test.gemm_bias_relu"(%arg0, %{{.*}}, %{{.*}}) :
// CHECK:   seam.gemm
// CHECK:   seam.relu
func.func @gemm_bias_relu(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %w = arith.constant dense<1.0> : tensor<3x4xf32>
  %b = arith.constant dense<1.0> : tensor<4xf32>
  %g = seam.gemm %x, %w, %b : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %r = seam.relu %g : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @gemm_trans_a
// CHECK-NOT: seam.composite
// CHECK: seam.reason = "test.gemm: gemm with trans_a is not supported"
func.func @gemm_trans_a(%x: tensor<3x2xf32>) -> tensor<2x4xf32> {
  %w = arith.constant dense<1.0> : tensor<3x4xf32>
  %g = seam.gemm %x, %w {trans_a = true} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

// -----

// A matmul of two activations: the matmul entry asks for no constant.
// CHECK-LABEL: func @matmul
// CHECK: seam.composite "test.matmul"(%arg0, %arg1) :
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %m = seam.matmul %a, %b : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %m : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: func @max_pool
// CHECK: seam.composite "test.max_pool"(%arg0) :
// CHECK: seam.max_pool {{.*}}seam.reason = "test.max_pool: max_pool with ceil_mode is not supported"
func.func @max_pool(%x: tensor<1x2x6x6xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %p = seam.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
  %q = seam.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
  return %p, %q : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Ops no pattern starts at are left alone, without a reason.
// CHECK-LABEL: func @no_pattern
// CHECK: seam.softmax %arg0 : tensor<2x3xf32>
func.func @no_pattern(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = seam.softmax %x : tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// A weight printed without its data (an elided dense_resource) cannot be
// read, and the reason says so.
// CHECK-LABEL: func @conv_weight_elided
// CHECK-NOT: seam.composite
// CHECK: seam.reason = "test.conv2d: the weight (operand #1) of seam.conv is not a constant with readable f32 data"
func.func @conv_weight_elided(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense_resource<elided_weight> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  return %c : tensor<1x4x4x4xf32>
}
