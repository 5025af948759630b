// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-partition="backends=test report=true" | FileCheck %s

// A ResNet-18-style network in small: stem conv + BN + relu + max_pool, one
// basic block (conv + BN + relu, conv + BN, residual add, relu), then global
// average pooling, flatten and the classifier gemm. Every BN follows a conv
// and folds into it; every conv ends in a composite, the second with the
// residual sum and relu. global_avg_pool and flatten stay with the compiler
// and split the model in two regions.
//
// FLOPs offloaded: stem 2*2048*27 + relu 2048 + pool 512*9 + 2 convs
// 2*(2*512*72) + add and 2 relus 3*512 + gemm 2*10*8 = 266400; left:
// global_avg_pool 512; 266400 / 266912 = 99.81 %.

// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: test 2 5 9 266400 99.81%
// CHECK-NEXT: compiler - - 2 512 0.19%
// CHECK-NEXT: total 2 5 11 266912 100.00%
// CHECK-NEXT: Ops left to the compiler: 2
// CHECK-NEXT: seam.global_avg_pool at {{.*}}: test: seam.global_avg_pool is not supported
// CHECK-NEXT: seam.flatten at {{.*}}: test: seam.flatten is not supported

// CHECK-LABEL: func @main
// CHECK-NEXT: %[[FEATURES:.*]] = call @test_0(%arg0) : (tensor<1x3x16x16xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT: %[[POOLED:.*]] = seam.global_avg_pool %[[FEATURES]]
// CHECK-NEXT: %[[FLAT:.*]] = seam.flatten %[[POOLED]]
// CHECK-NEXT: %[[LOGITS:.*]] = call @test_1(%[[FLAT]]) : (tensor<1x8xf32>) -> tensor<1x10xf32>
// CHECK-NEXT: return %[[LOGITS]]
// CHECK-LABEL: func private @test_0
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.conv2d_bias_relu", "test.max_pool", "test.conv2d_bias_relu", "test.conv2d_bias_sum_relu"]}
// CHECK-NOT: seam.batch_norm
// CHECK-LABEL: func private @test_1
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.gemm_bias"]}
func.func @main(%x: tensor<1x3x16x16xf32>) -> tensor<1x10xf32> {
  %one = arith.constant dense<1.0> : tensor<8xf32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %w0 = arith.constant dense<0.1> : tensor<8x3x3x3xf32>
  %w1 = arith.constant dense<0.1> : tensor<8x8x3x3xf32>
  %w2 = arith.constant dense<0.2> : tensor<8x8x3x3xf32>
  %fc = arith.constant dense<0.5> : tensor<10x8xf32>
  %fcb = arith.constant dense<0.1> : tensor<10xf32>
  // stem
  %c0 = seam.conv %x, %w0 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x16x16xf32>
  %b0 = seam.batch_norm %c0, %one, %zero, %zero, %one : (tensor<1x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x16x16xf32>
  %r0 = seam.relu %b0 : tensor<1x8x16x16xf32>
  %p0 = seam.max_pool %r0 {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32>
  // basic block
  %c1 = seam.conv %p0, %w1 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x8x8xf32>
  %b1 = seam.batch_norm %c1, %one, %zero, %zero, %one : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %r1 = seam.relu %b1 : tensor<1x8x8x8xf32>
  %c2 = seam.conv %r1, %w2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x8x8xf32>
  %b2 = seam.batch_norm %c2, %one, %zero, %zero, %one : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %s2 = seam.add %b2, %p0 : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r2 = seam.relu %s2 : tensor<1x8x8x8xf32>
  // head
  %g = seam.global_avg_pool %r2 : (tensor<1x8x8x8xf32>) -> tensor<1x8x1x1xf32>
  %f = seam.flatten %g : (tensor<1x8x1x1xf32>) -> tensor<1x8xf32>
  %y = seam.gemm %f, %fc, %fcb {trans_b = true} : (tensor<1x8xf32>, tensor<10x8xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  return %y : tensor<1x10xf32>
}
