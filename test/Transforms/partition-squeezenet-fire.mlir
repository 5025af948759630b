// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-partition="backends=test report=true" | FileCheck %s

// A SqueezeNet fire module: squeeze 1x1 conv + relu (8 -> 4 channels), then
// expand 1x1 and expand 3x3 convs + relu (4 -> 8 each) on the squeezed map,
// concatenated. The three composites are one region with two outputs (both
// expands); the concat is left to the compiler.
//
// FLOPs: squeeze 2*256*8 + 256, expand1x1 2*512*4 + 512, expand3x3
// 2*512*36 + 512 = 46336; the concat moves data only.

// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: test 1 3 6 46336 100.00%
// CHECK-NEXT: compiler - - 1 0 0.00%
// CHECK-NEXT: total 1 3 7 46336 100.00%
// CHECK-NEXT: Ops left to the compiler: 1
// CHECK-NEXT: seam.concat at {{.*}}: test: seam.concat is not supported

// CHECK-LABEL: func @main
// CHECK-NEXT: %[[E:.*]]:2 = call @test_0(%arg0) : (tensor<1x8x8x8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>)
// CHECK-NEXT: %[[Y:.*]] = seam.concat %[[E]]#0, %[[E]]#1 {axis = 1 : i64
// CHECK-NEXT: return %[[Y]]
// CHECK-LABEL: func private @test_0
// CHECK-SAME: -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>)
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.conv2d_bias_relu", "test.conv2d_bias_relu", "test.conv2d_bias_relu"]}
func.func @main(%x: tensor<1x8x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %ws = arith.constant dense<0.1> : tensor<4x8x1x1xf32>
  %bs = arith.constant dense<0.1> : tensor<4xf32>
  %we1 = arith.constant dense<0.2> : tensor<8x4x1x1xf32>
  %be1 = arith.constant dense<0.2> : tensor<8xf32>
  %we3 = arith.constant dense<0.3> : tensor<8x4x3x3xf32>
  %be3 = arith.constant dense<0.3> : tensor<8xf32>
  %s = seam.conv %x, %ws, %bs : (tensor<1x8x8x8xf32>, tensor<4x8x1x1xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %sr = seam.relu %s : tensor<1x4x8x8xf32>
  %e1 = seam.conv %sr, %we1, %be1 : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %e1r = seam.relu %e1 : tensor<1x8x8x8xf32>
  %e3 = seam.conv %sr, %we3, %be3 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %e3r = seam.relu %e3 : tensor<1x8x8x8xf32>
  %y = seam.concat %e1r, %e3r {axis = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %y : tensor<1x16x8x8xf32>
}
