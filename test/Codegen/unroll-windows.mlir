// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-unroll-windows,canonicalize))' | FileCheck %s
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-unroll-windows{implicit-padding=false},canonicalize))' | FileCheck %s --check-prefix=NOPAD

// 3x3 max pooling, stride 2, over a padded 1x8x9x9 input: loops over
// (n, c, oh) carrying the output; each row's 4 outputs are one vector whose
// accumulator is read from the output, and each of the nine window positions
// one read of the 7 input elements from column 2 * ow + j, deinterleaved by a
// shuffle (a wider read would leave the row), combined by maximumf.
// CHECK-LABEL: func @max3x3s2
// (The loop over the batch of 1 is folded away.)
// CHECK: scf.for %[[C:.*]] = %c0 to %c8 step %c1 iter_args(
// CHECK: scf.for %[[OH:.*]] = %c0 to %c4 step %c1 iter_args(%[[OUT:.*]] = {{.*}})
// CHECK: %[[ACC:.*]] = vector.transfer_read %[[OUT]][%c0, %[[C]], %[[OH]], %c0]{{.*}} : tensor<1x8x4x4xf32>, vector<4xf32>
// CHECK: %[[X:.*]] = vector.transfer_read %arg0[%c0, %[[C]], %{{.*}}, %c0]{{.*}} : tensor<1x8x9x9xf32>, vector<7xf32>
// CHECK: %[[E:.*]] = vector.shuffle %[[X]], %[[X]] [0, 2, 4, 6] : vector<7xf32>, vector<7xf32>
// CHECK: arith.maximumf %[[ACC]], %[[E]] : vector<4xf32>
// CHECK-COUNT-8: arith.maximumf
// CHECK: vector.transfer_write {{.*}}, %[[OUT]][%c0, %[[C]], %[[OH]], %c0] {in_bounds = [true]} : vector<4xf32>, tensor<1x8x4x4xf32>
// CHECK-NOT: linalg.pooling
func.func @max3x3s2(%x: tensor<1x8x9x9xf32>, %init: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x8x9x9xf32>, tensor<3x3xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// Sum pooling with dilation 2, stride 1: unit-stride reads at columns ow and
// ow + 2 of rows oh and oh + 2, no shuffles; four addf.
// CHECK-LABEL: func @sum2x2d2
// CHECK-NOT: vector.shuffle
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x2x6x6xf32>, vector<4xf32>
// CHECK-COUNT-4: arith.addf {{.*}} : vector<4xf32>
// CHECK-NOT: linalg.pooling
func.func @sum2x2d2(%x: tensor<1x2x6x6xf32>, %init: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x6x6xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----

// Windows larger than max-window (64 positions) stay named pooling ops.
// CHECK-LABEL: func @large_window
// CHECK: linalg.pooling_nchw_sum
func.func @large_window(%x: tensor<1x2x9x9xf32>, %init: tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32> {
  %w = tensor.empty() : tensor<9x9xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x9x9xf32>, tensor<9x9xf32>) outs(%init : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %r : tensor<1x2x1x1xf32>
}

// -----

// Depthwise 3x3 convolution (stride 1): the channel's nine weights are read
// once per channel, outside the row loop, and each window position is an
// fma of the broadcast weight with a 6-wide read onto the accumulator (the
// initial value: the bias).
// CHECK-LABEL: func @depthwise
// CHECK: scf.for %[[C:.*]] = {{.*}} iter_args(
// CHECK-DAG: %[[W00:.*]] = tensor.extract %arg1[%[[C]], %c0, %c0] : tensor<4x3x3xf32>
// CHECK-DAG: %[[W22:.*]] = tensor.extract %arg1[%[[C]], %c2, %c2] : tensor<4x3x3xf32>
// CHECK: scf.for
// CHECK: %[[B00:.*]] = vector.broadcast %[[W00]] : f32 to vector<6xf32>
// CHECK: vector.fma %{{.*}}, %[[B00]], %{{.*}} : vector<6xf32>
// CHECK-COUNT-7: vector.fma
// CHECK: %[[B22:.*]] = vector.broadcast %[[W22]] : f32 to vector<6xf32>
// CHECK: vector.fma %{{.*}}, %[[B22]], %{{.*}} : vector<6xf32>
// CHECK-NOT: linalg.depthwise_conv_2d
func.func @depthwise(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3xf32>, %init: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%init : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

// A 40-wide strided row: a loop over its two whole 16-wide vectors, each
// read as 32 contiguous elements (whole registers; the last one read,
// column 2 * 31 + 2 + 1, is in the 81-wide row) deinterleaved to 16, then
// the 8 remaining outputs as one vector from a 15-element read.
// CHECK-LABEL: func @depthwise_strided_rows
// CHECK: scf.for %[[OW:.*]] = %c0 to %c32 step %c16
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x2x5x81xf32>, vector<32xf32>
// CHECK: vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xf32>, vector<32xf32>
// CHECK: vector.fma {{.*}} : vector<16xf32>
// CHECK: scf.yield
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x2x5x81xf32>, vector<15xf32>
// CHECK: vector.fma {{.*}} : vector<8xf32>
// CHECK: vector.transfer_write {{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %c32] {in_bounds = [true]} : vector<8xf32>
func.func @depthwise_strided_rows(%x: tensor<1x2x5x81xf32>, %w: tensor<2x3x3xf32>, %init: tensor<1x2x2x40xf32>) -> tensor<1x2x2x40xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x2x5x81xf32>, tensor<2x3x3xf32>) outs(%init : tensor<1x2x2x40xf32>) -> tensor<1x2x2x40xf32>
  return %r : tensor<1x2x2x40xf32>
}

// -----

// Batch and channels may be dynamic (a thread's share of the channels): the
// loops run to their tensor.dim.
// CHECK-LABEL: func @dynamic_channels
// CHECK: %[[CH:.*]] = tensor.dim %arg2, %c1 : tensor<1x?x4x4xf32>
// CHECK: scf.for %{{.*}} = %c0 to %[[CH]] step %c1
// CHECK-NOT: linalg.pooling
func.func @dynamic_channels(%x: tensor<1x?x6x6xf32>, %w: tensor<3x3xf32>, %init: tensor<1x?x4x4xf32>) -> tensor<1x?x4x4xf32> {
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x?x6x6xf32>, tensor<3x3xf32>) outs(%init : tensor<1x?x4x4xf32>) -> tensor<1x?x4x4xf32>
  return %r : tensor<1x?x4x4xf32>
}

// -----

// Dynamic spatial sizes, and element types other than f32, are left to the
// named op's loops.
// CHECK-LABEL: func @left_alone
// CHECK: linalg.pooling_nchw_max {{.*}} tensor<1x2x?x6xf32>
// CHECK: linalg.pooling_nchw_max {{.*}} tensor<1x2x6x6xf16>
func.func @left_alone(%x: tensor<1x2x?x6xf32>, %init: tensor<1x2x?x4xf32>, %h: tensor<1x2x6x6xf16>, %hinit: tensor<1x2x4x4xf16>) -> (tensor<1x2x?x4xf32>, tensor<1x2x4x4xf16>) {
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x?x6xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x?x4xf32>) -> tensor<1x2x?x4xf32>
  %wh = tensor.empty() : tensor<3x3xf16>
  %s = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%h, %wh : tensor<1x2x6x6xf16>, tensor<3x3xf16>) outs(%hinit : tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf16>
  return %r, %s : tensor<1x2x?x4xf32>, tensor<1x2x4x4xf16>
}

// -----

// A depthwise 3x3 convolution of a zero-padded input reads the pad's source:
// the first output row without window row 0 (six fmas, rows 0 and 1 of the
// source), rows 1 to 4 in a loop reading rows oh - 1 to oh + 1, the last
// row without window row 2. Window column 0 reads the whole row and moves
// it one lane right with a zero in lane 0, column 2 one lane left with a
// zero in lane 5. The pad is left unused (erased).
// CHECK-LABEL: func @depthwise_padded
// CHECK-NOT: tensor.pad
// CHECK-DAG: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<6xf32>
// CHECK: scf.for %[[C:.*]] = %c0 to %c2
// CHECK: %[[ROW0:.*]] = vector.transfer_read %arg0[%c0, %[[C]], %c0, %c0]{{.*}} : tensor<1x2x6x6xf32>, vector<6xf32>
// CHECK: vector.shuffle %[[ROW0]], %[[ZEROS]] [6, 0, 1, 2, 3, 4]
// CHECK: vector.shuffle %{{.*}}, %[[ZEROS]] [1, 2, 3, 4, 5, 6]
// CHECK: %[[ROW1:.*]] = vector.transfer_read %arg0[%c0, %[[C]], %c1, %c0]
// CHECK-COUNT-3: vector.fma
// CHECK: vector.transfer_write {{.*}}[%c0, %[[C]], %c0, %c0]
// CHECK: scf.for %[[OH:.*]] = %c1 to %c5 step %c1
// CHECK: %[[ABOVE:.*]] = arith.addi %[[OH]], %c-1 : index
// CHECK: vector.transfer_read %arg0[%c0, %[[C]], %[[ABOVE]], %c0]
// CHECK-COUNT-9: vector.fma
// CHECK: scf.yield
// CHECK: vector.transfer_read %arg0[%c0, %[[C]], %c4, %c0]
// CHECK-COUNT-3: vector.fma
// CHECK: vector.transfer_read %arg0[%c0, %[[C]], %c5, %c0]
// CHECK-COUNT-3: vector.fma
// CHECK-NOT: vector.fma
// CHECK: vector.transfer_write {{.*}}[%c0, %[[C]], %c5, %c0]
// NOPAD-LABEL: func @depthwise_padded
// NOPAD: tensor.pad
// NOPAD: vector.transfer_read %padded
func.func @depthwise_padded(%x: tensor<1x2x6x6xf32>, %w: tensor<2x3x3xf32>, %init: tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x2x8x8xf32>, tensor<2x3x3xf32>) outs(%init : tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
  return %r : tensor<1x2x6x6xf32>
}

// -----

// Max pooling of a block of channels of a -inf-padded input (a thread's
// share: a slice of whole padded rows) reads the same block of the source.
// A 20-wide row is a 16-wide vector and a 4-wide one; in the second, window
// column 2 reads columns 16 to 19 and moves them one lane left, -inf in the
// last lane (column 20 is padding).
// CHECK-LABEL: func @max_padded_block
// CHECK-DAG: %[[NINF4:.*]] = arith.constant dense<0xFF800000> : vector<4xf32>
// CHECK-DAG: %[[NINF16:.*]] = arith.constant dense<0xFF800000> : vector<16xf32>
// CHECK: %[[BLOCK:.*]] = tensor.extract_slice %arg0[0, %arg1, 0, 0] [1, 4, 5, 20] [1, 1, 1, 1]
// CHECK: vector.shuffle %{{.*}}, %[[NINF16]] [16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
// CHECK: vector.transfer_read %[[BLOCK]][%c0, %{{.*}}, %c0, %c16]{{.*}} vector<4xf32>
// CHECK: vector.shuffle %{{.*}}, %[[NINF4]] [1, 2, 3, 4]
// CHECK-NOT: tensor.pad
func.func @max_padded_block(%x: tensor<1x8x5x20xf32>, %c: index, %init: tensor<1x4x5x20xf32>) -> tensor<1x4x5x20xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %cc: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x8x5x20xf32> to tensor<1x8x7x22xf32>
  %s = tensor.extract_slice %p[0, %c, 0, 0] [1, 4, 7, 22] [1, 1, 1, 1] : tensor<1x8x7x22xf32> to tensor<1x4x7x22xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%s, %w : tensor<1x4x7x22xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x5x20xf32>) -> tensor<1x4x5x20xf32>
  return %r : tensor<1x4x5x20xf32>
}

// -----

// Padding that is not the combine's neutral value (max pooling of a
// zero-padded input: a zero may win), padding of the channels, and strided
// columns keep reading the padded tensor.
// CHECK-LABEL: func @padding_read
// CHECK-COUNT-3: tensor.pad
// CHECK-NOT: linalg.pooling
// CHECK-NOT: linalg.depthwise
func.func @padding_read(%x: tensor<1x2x6x6xf32>, %w: tensor<2x3x3xf32>, %init: tensor<1x2x6x6xf32>, %sinit: tensor<1x2x3x3xf32>, %cinit: tensor<1x4x6x6xf32>) -> (tensor<1x2x6x6xf32>, tensor<1x2x3x3xf32>, tensor<1x4x6x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %window : tensor<1x2x8x8xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
  %q = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x7x7xf32>
  %s = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%q, %w : tensor<1x2x7x7xf32>, tensor<2x3x3xf32>) outs(%sinit : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %cp = tensor.pad %x low[0, 1, 1, 1] high[0, 1, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x4x8x8xf32>
  %t = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%cp, %window : tensor<1x4x8x8xf32>, tensor<3x3xf32>) outs(%cinit : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %r, %s, %t : tensor<1x2x6x6xf32>, tensor<1x2x3x3xf32>, tensor<1x4x6x6xf32>
}
