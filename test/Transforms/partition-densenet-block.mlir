// REQUIRES: seam-test-backend
// RUN: seam-opt %s --seam-partition="backends=test report=true" | FileCheck %s

// A DenseNet block of two layers, each BN -> relu -> 1x1 conv -> BN -> relu
// -> 3x3 conv, its output concatenated to the layer's input (8 + 4 + 4
// channels). The BN inside a layer follows a conv and folds into it; the BN
// at the start of a layer follows a concat (or the input), NOT a conv: it
// stays a separate op, left to the compiler. Each layer is one region: the
// relu (single-op support) with two composites.
//
// FLOPs offloaded: layer 1 relu 512 + 2*1024*8 + 1024 + 2*256*144 = 91648,
// layer 2 relu 768 + 2*1024*12 + 1024 + 2*256*144 = 100096; left: the BNs
// 512 + 768; 191744 / 193024 = 99.34 %.

// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: test 2 4 8 191744 99.34%
// CHECK-NEXT: compiler - - 4 1280 0.66%
// CHECK-NEXT: total 2 4 12 193024 100.00%
// CHECK-NEXT: Ops left to the compiler: 4
// CHECK-NEXT: seam.batch_norm at {{.*}}: test: seam.batch_norm is not supported
// CHECK-NEXT: seam.concat at {{.*}}: test: seam.concat is not supported
// CHECK-NEXT: seam.batch_norm at {{.*}}: test: seam.batch_norm is not supported
// CHECK-NEXT: seam.concat at {{.*}}: test: seam.concat is not supported

// CHECK-LABEL: func @main
// CHECK: %[[N1:.*]] = seam.batch_norm %arg0
// CHECK-NEXT: %[[Y1:.*]] = call @test_0(%[[N1]])
// CHECK-NEXT: %[[C1:.*]] = seam.concat %arg0, %[[Y1]]
// CHECK-NEXT: %[[N2:.*]] = seam.batch_norm %[[C1]]
// CHECK-NEXT: %[[Y2:.*]] = call @test_1(%[[N2]])
// CHECK-NEXT: %[[C2:.*]] = seam.concat %[[C1]], %[[Y2]]
// CHECK-NEXT: return %[[C2]]
// CHECK-LABEL: func private @test_0
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.conv2d_bias_relu", "test.conv2d"]}
// CHECK: seam.relu %arg0
// CHECK-LABEL: func private @test_1
// CHECK-SAME: attributes {seam.backend = "test", seam.composites = ["test.conv2d_bias_relu", "test.conv2d"]}
func.func @main(%x: tensor<1x8x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %one8 = arith.constant dense<1.0> : tensor<8xf32>
  %zero8 = arith.constant dense<0.0> : tensor<8xf32>
  %one12 = arith.constant dense<1.0> : tensor<12xf32>
  %zero12 = arith.constant dense<0.0> : tensor<12xf32>
  %one16 = arith.constant dense<1.0> : tensor<16xf32>
  %zero16 = arith.constant dense<0.0> : tensor<16xf32>
  %wa1 = arith.constant dense<0.1> : tensor<16x8x1x1xf32>
  %wb1 = arith.constant dense<0.2> : tensor<4x16x3x3xf32>
  %wa2 = arith.constant dense<0.3> : tensor<16x12x1x1xf32>
  %wb2 = arith.constant dense<0.4> : tensor<4x16x3x3xf32>
  // layer 1
  %n1 = seam.batch_norm %x, %one8, %zero8, %zero8, %one8 : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %r1 = seam.relu %n1 : tensor<1x8x8x8xf32>
  %a1 = seam.conv %r1, %wa1 : (tensor<1x8x8x8xf32>, tensor<16x8x1x1xf32>) -> tensor<1x16x8x8xf32>
  %m1 = seam.batch_norm %a1, %one16, %zero16, %zero16, %one16 : (tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  %q1 = seam.relu %m1 : tensor<1x16x8x8xf32>
  %y1 = seam.conv %q1, %wb1 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x8x8xf32>, tensor<4x16x3x3xf32>) -> tensor<1x4x8x8xf32>
  %c1 = seam.concat %x, %y1 {axis = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x12x8x8xf32>
  // layer 2
  %n2 = seam.batch_norm %c1, %one12, %zero12, %zero12, %one12 : (tensor<1x12x8x8xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>) -> tensor<1x12x8x8xf32>
  %r2 = seam.relu %n2 : tensor<1x12x8x8xf32>
  %a2 = seam.conv %r2, %wa2 : (tensor<1x12x8x8xf32>, tensor<16x12x1x1xf32>) -> tensor<1x16x8x8xf32>
  %m2 = seam.batch_norm %a2, %one16, %zero16, %zero16, %one16 : (tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  %q2 = seam.relu %m2 : tensor<1x16x8x8xf32>
  %y2 = seam.conv %q2, %wb2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x8x8xf32>, tensor<4x16x3x3xf32>) -> tensor<1x4x8x8xf32>
  %c2 = seam.concat %c1, %y2 {axis = 1 : i64} : (tensor<1x12x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %c2 : tensor<1x16x8x8xf32>
}
