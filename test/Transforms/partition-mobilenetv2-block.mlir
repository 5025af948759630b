// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-partition="backends=test report=true" | FileCheck %s

// A MobileNetV2 inverted-residual block (stride 1, 8 -> 16 -> 8 channels):
// 1x1 expansion conv + BN + clip(0, 6), depthwise 3x3 conv (group = 16) + BN
// + clip(0, 6), 1x1 projection conv + BN, residual add of the block's input.
// Each BN folds into its conv: three composites in one region, nothing left.
//
// FLOPs: 2*1024*8 + 1024 + 2*1024*9 + 1024 + 2*512*16 + 512 = 53760.

// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: test 1 3 6 53760 100.00%
// CHECK-NEXT: compiler - - 0 0 0.00%
// CHECK-NEXT: total 1 3 6 53760 100.00%
// CHECK-NEXT: Ops left to the compiler: 0

// CHECK-LABEL: func @main
// CHECK-NEXT: %[[Y:.*]] = call @test_0(%arg0) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT: return %[[Y]]
// CHECK-LABEL: func private @test_0
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.conv2d_bias_clip", "test.conv2d_bias_clip", "test.conv2d_bias_sum"]}
// CHECK: seam.composite "test.conv2d_bias_clip"
// CHECK: seam.composite "test.conv2d_bias_clip"
// CHECK: seam.conv {{.*}}group = 16 : i64
// CHECK: seam.composite "test.conv2d_bias_sum"(%{{.*}}, %{{.*}}, %{{.*}}, %arg0)
func.func @main(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %one16 = arith.constant dense<1.0> : tensor<16xf32>
  %zero16 = arith.constant dense<0.0> : tensor<16xf32>
  %one8 = arith.constant dense<1.0> : tensor<8xf32>
  %zero8 = arith.constant dense<0.0> : tensor<8xf32>
  %we = arith.constant dense<0.1> : tensor<16x8x1x1xf32>
  %wd = arith.constant dense<0.2> : tensor<16x1x3x3xf32>
  %wp = arith.constant dense<0.3> : tensor<8x16x1x1xf32>
  // expand
  %e = seam.conv %x, %we : (tensor<1x8x8x8xf32>, tensor<16x8x1x1xf32>) -> tensor<1x16x8x8xf32>
  %eb = seam.batch_norm %e, %one16, %zero16, %zero16, %one16 : (tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  %er = seam.clip %eb {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x16x8x8xf32>
  // depthwise
  %d = seam.conv %er, %wd {group = 16 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x8x8xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x8x8xf32>
  %db = seam.batch_norm %d, %one16, %zero16, %zero16, %one16 : (tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  %dr = seam.clip %db {min = 0.0 : f32, max = 6.0 : f32} : tensor<1x16x8x8xf32>
  // project, residual
  %p = seam.conv %dr, %wp : (tensor<1x16x8x8xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x8x8xf32>
  %pb = seam.batch_norm %p, %one8, %zero8, %zero8, %one8 : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %y = seam.add %pb, %x : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}
