// RUN: seam-opt %s --seam-partition="backends=xnnpack report=true" -split-input-file -o /dev/null | FileCheck %s
// REQUIRES: seam-xnnpack-backend

// The ops the xnnpack backend takes on their own (outside a pattern), in the
// region of a conv, and those it refuses, with the reason the partition
// report gives. Inside a region XNNPACK holds 4-D values in NHWC: an op that
// reads an image's data row-major is taken where NHWC keeps its meaning
// (C == 1 or H * W == 1), and reshapes and flattens also where it does not
// (the runtime copies them into the other order).

// Reshape and flatten of a [1, 8, 4, 4] image and of the [1, 8, 1, 1] image
// a global average pool gives: all taken.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 2 6
// CHECK: Ops left to the compiler: 0
func.func @reshape_flatten(%x: tensor<1x8x4x4xf32>) -> (tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x8xf32>, tensor<8xf32>) {
  %w = arith.constant dense<0.5> : tensor<8x8x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %r = seam.reshape %c : (tensor<1x8x4x4xf32>) -> tensor<1x128xf32>
  %f = seam.flatten %c : (tensor<1x8x4x4xf32>) -> tensor<1x128xf32>
  %g = seam.global_avg_pool %c : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %gf = seam.flatten %g : (tensor<1x8x1x1xf32>) -> tensor<1x8xf32>
  %gr = seam.reshape %g : (tensor<1x8x1x1xf32>) -> tensor<8xf32>
  return %r, %f, %gf, %gr : tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x8xf32>, tensor<8xf32>
}

// -----

// A reshape into an image with C > 1 and H * W > 1: taken.
// CHECK-LABEL: Seam partition report
// CHECK: Ops left to the compiler: 0
func.func @reshape_into_image(%a: tensor<2x8xf32>) -> tensor<1x4x2x2xf32> {
  %w = arith.constant dense<0.5> : tensor<8x8xf32>
  %m = seam.matmul %a, %w : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %r = seam.reshape %m : (tensor<2x8xf32>) -> tensor<1x4x2x2xf32>
  return %r : tensor<1x4x2x2xf32>
}

// -----

// Pad: constant mode with pads >= 0 only.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 1 2
// CHECK: Ops left to the compiler: 3
// CHECK-NEXT: seam.pad at {{.*}}: xnnpack: pad in a mode other than constant
// CHECK-NEXT: seam.pad at {{.*}}: xnnpack: pad in a mode other than constant
// CHECK-NEXT: seam.pad at {{.*}}: xnnpack: pad with negative pads (cropping)
// CHECK-NOT: seam.
func.func @pads(%x: tensor<1x4x4x4xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x4x3x5xf32>, tensor<1x4x5x5xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.pad %c {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, mode = #seam<pad_mode reflect>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x6x6xf32>
  %e = seam.pad %c {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, mode = #seam<pad_mode edge>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x6x6xf32>
  %n = seam.pad %c {pads = array<i64: 0, 0, -1, 1, 0, 0, 0, 0>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x3x5xf32>
  %k = seam.pad %c {pads = array<i64: 0, 0, 0, 1, 0, 0, 1, 0>, value = 2.5 : f32} : (tensor<1x4x4x4xf32>) -> tensor<1x4x5x5xf32>
  return %r, %e, %n, %k : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x4x3x5xf32>, tensor<1x4x5x5xf32>
}

// -----

// Binary ops with a 4-D result [1, 4, 3, 3]: a computed operand of lower
// rank is aligned to 4-D as NumPy does; [4, 1, 1] ([1, 4, 1, 1], H * W == 1)
// and [3, 3] ([1, 1, 3, 3], C == 1) are taken, [4, 1, 3] ([1, 4, 1, 3]) is
// not. A constant operand is a weight the runtime converts once: taken.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 1 4
// CHECK: Ops left to the compiler: 1
// CHECK-NEXT: seam.add at {{.*}}: xnnpack: seam.add broadcasting a computed 3-D operand into a 4-D result in a way the NHWC layout of 4-D values does not preserve
// CHECK-NOT: seam.
func.func @binary_broadcast(%x: tensor<1x4x3x3xf32>, %c11: tensor<4x1x1xf32>, %hw: tensor<3x3xf32>, %c1w: tensor<4x1x3xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %m = seam.mul %c, %c11 : (tensor<1x4x3x3xf32>, tensor<4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %s = seam.sub %hw, %m : (tensor<3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %k = arith.constant dense<2.0> : tensor<4x1x3xf32>
  %d = seam.div %s, %k : (tensor<1x4x3x3xf32>, tensor<4x1x3xf32>) -> tensor<1x4x3x3xf32>
  %a = seam.add %c, %c1w : (tensor<1x4x3x3xf32>, tensor<4x1x3xf32>) -> tensor<1x4x3x3xf32>
  return %d, %a : tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>
}

// -----

// A rank-5 result: a computed 4-D operand (NHWC inside) must have C == 1 or
// H * W == 1 there too ([1, 4, 1, 1] is taken, [1, 4, 3, 3] is not); a
// constant one is a weight, read row-major: taken.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 2 4
// CHECK: Ops left to the compiler: 1
// CHECK-NEXT: seam.mul at {{.*}}: xnnpack: seam.mul broadcasting a computed 4-D operand into a 5-D result in a way the NHWC layout of 4-D values does not preserve
// CHECK-NOT: seam.
func.func @binary_rank5(%x: tensor<1x4x3x3xf32>, %y: tensor<2x1x4x3x3xf32>) -> (tensor<2x1x4x3x3xf32>, tensor<2x1x4x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %m = seam.mul %y, %c : (tensor<2x1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<2x1x4x3x3xf32>
  %g = seam.global_avg_pool %c : (tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32>
  %n = seam.mul %y, %g : (tensor<2x1x4x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<2x1x4x3x3xf32>
  %k = arith.constant dense<2.0> : tensor<1x4x3x3xf32>
  %a = seam.add %n, %k : (tensor<2x1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<2x1x4x3x3xf32>
  return %m, %a : tensor<2x1x4x3x3xf32>, tensor<2x1x4x3x3xf32>
}

// -----

// Elementwise ops, concat and clip with bounds are taken; an op XNNPACK has
// no node for, a clip whose bounds are no interval, and a 0-d operand are
// not.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 1 7
// CHECK: Ops left to the compiler: 3
// CHECK-NEXT: seam.tanh at {{.*}}: xnnpack: seam.tanh is not supported outside a pattern
// CHECK-NEXT: seam.clip at {{.*}}: xnnpack: clip with min not below max
// CHECK-NEXT: seam.mul at {{.*}}: xnnpack: seam.mul of a 0-d operand
// CHECK-NOT: seam.
func.func @elementwise(%x: tensor<1x4x3x3xf32>, %y: tensor<1x2x3x3xf32>) -> (tensor<1x6x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %h = seam.hard_swish %c : tensor<1x4x3x3xf32>
  %s = seam.sigmoid %h : tensor<1x4x3x3xf32>
  %l = seam.leaky_relu %s {alpha = 0.125 : f32} : tensor<1x4x3x3xf32>
  %r = seam.relu %l : tensor<1x4x3x3xf32>
  %p = seam.clip %r {max = 6.0 : f32} : tensor<1x4x3x3xf32>
  %k = seam.concat %p, %y {axis = 1 : i64} : (tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x6x3x3xf32>
  %t = seam.tanh %c : tensor<1x4x3x3xf32>
  %e = seam.clip %c {min = 1.0 : f32, max = 1.0 : f32} : tensor<1x4x3x3xf32>
  %z = arith.constant dense<2.0> : tensor<f32>
  %m = seam.mul %c, %z : (tensor<1x4x3x3xf32>, tensor<f32>) -> tensor<1x4x3x3xf32>
  return %k, %t, %e, %m : tensor<1x6x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>
}

// -----

// An unfolded batch_norm (it follows a relu, not a conv) is taken, as a
// composite, when its parameters are constants.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 2 4
// CHECK: Ops left to the compiler: 1
// CHECK-NEXT: seam.batch_norm at {{.*}}: xnnpack.batch_norm: the variance (operand #4) of seam.batch_norm is not a constant; xnnpack: batch_norm whose parameters are not constants
// CHECK-NOT: seam.
func.func @batch_norm(%x: tensor<1x4x3x3xf32>, %var: tensor<4xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %r = seam.relu %c : tensor<1x4x3x3xf32>
  %s = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %m = arith.constant dense<0.25> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %n = seam.batch_norm %r, %s, %b, %m, %v : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  %k = seam.sigmoid %n : tensor<1x4x3x3xf32>
  %q = seam.batch_norm %r, %s, %b, %m, %var : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  return %k, %q : tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>
}

// -----

// Ranks: XNNPACK's tensors have at most 6 dims.
// CHECK-LABEL: Seam partition report
// CHECK: Ops left to the compiler: 3
// CHECK-NEXT: seam.reshape at {{.*}}: xnnpack: seam.reshape of rank 7 (XNNPACK takes 1 to 6)
// CHECK-NEXT: seam.add at {{.*}}: xnnpack: seam.add of rank 7 (XNNPACK takes 1 to 6)
// CHECK-NEXT: seam.sigmoid at {{.*}}: xnnpack: seam.sigmoid of rank 7 (XNNPACK takes 1 to 6)
// CHECK-NOT: seam.
func.func @rank7(%x: tensor<1x4x3x3xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x1x1x4x3x3x1xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %g = seam.global_avg_pool %c : (tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32>
  %r = seam.reshape %g : (tensor<1x4x1x1xf32>) -> tensor<1x1x1x4x1x1x1xf32>
  %b = arith.constant dense<0.5> : tensor<1x1x1x1x3x3x1xf32>
  %e = seam.add %r, %b : (tensor<1x1x1x4x1x1x1xf32>, tensor<1x1x1x1x3x3x1xf32>) -> tensor<1x1x1x4x3x3x1xf32>
  %s = seam.sigmoid %e : tensor<1x1x1x4x3x3x1xf32>
  return %c, %s : tensor<1x4x3x3xf32>, tensor<1x1x1x4x3x3x1xf32>
}

// -----

// Single ops without a conv, matmul or gemm in their region are given back
// to the compiler.
// CHECK-LABEL: Seam partition report
// CHECK: Ops left to the compiler: 2
// CHECK-NEXT: seam.max_pool at {{.*}}: pruned: its xnnpack region has no conv, matmul or gemm (was in xnnpack.max_pool)
// CHECK-NEXT: seam.sigmoid at {{.*}}: pruned: its xnnpack region has no conv, matmul or gemm
// CHECK-NOT: seam.
func.func @pruned(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x2x2xf32> {
  %p = seam.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x2x2xf32>
  %s = seam.sigmoid %p : tensor<1x4x2x2xf32>
  return %s : tensor<1x4x2x2xf32>
}

// -----

// A pad whose value is not finite (as before a max pool) has no XNNPACK
// node: XNNPACK's constant pad takes finite values only.
// CHECK-LABEL: Seam partition report
// CHECK: Ops left to the compiler: 1
// CHECK-NEXT: seam.pad at {{.*}}: xnnpack: pad with a value that is not finite
func.func @pad_minus_infinity(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x10x10xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %c = seam.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %p = seam.pad %c {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = 0xFF800000 : f32} : (tensor<1x4x8x8xf32>) -> tensor<1x4x10x10xf32>
  return %p : tensor<1x4x10x10xf32>
}

// -----

// transpose and slice (the runtime copies them, from any layout): taken on
// images, of rank 5 (ShuffleNet's shuffle) and 3, with negative steps; a
// slice with an empty result (XNNPACK's dims are >= 1) and a transpose of
// rank 7 are not.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 1 9
// CHECK: Ops left to the compiler: 2
// CHECK-NEXT: seam.slice at {{.*}}: xnnpack: seam.slice with an empty result
// CHECK-NEXT: seam.transpose at {{.*}}: xnnpack: seam.transpose of rank 7 (XNNPACK takes 1 to 6)
// CHECK-NOT: seam.
func.func @transpose_slice(%x: tensor<1x8x4x4xf32>, %y: tensor<1x1x1x2x4x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x8xf32>, tensor<4x4x2xf32>, tensor<1x0x4x4xf32>, tensor<4x1x1x1x2x4x4xf32>) {
  %w = arith.constant dense<0.5> : tensor<8x8x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %r = seam.reshape %c : (tensor<1x8x4x4xf32>) -> tensor<1x2x4x4x4xf32>
  %t = seam.transpose %r {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x4x4x4xf32>) -> tensor<1x4x2x4x4xf32>
  %s = seam.reshape %t : (tensor<1x4x2x4x4xf32>) -> tensor<1x8x4x4xf32>
  %h = seam.slice %s {starts = array<i64: 4>, ends = array<i64: 8>, axes = array<i64: 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x4xf32>
  %n = seam.transpose %c {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %f = seam.reshape %n : (tensor<1x4x4x8xf32>) -> tensor<4x4x8xf32>
  %b = seam.slice %f {starts = array<i64: -1, 0>, ends = array<i64: -100, 100>, axes = array<i64: 0, 2>, steps = array<i64: -1, 4>} : (tensor<4x4x8xf32>) -> tensor<4x4x2xf32>
  %v = seam.transpose %b {perm = array<i64: 1, 0, 2>} : (tensor<4x4x2xf32>) -> tensor<4x4x2xf32>
  %e = seam.slice %c {starts = array<i64: 2>, ends = array<i64: 2>, axes = array<i64: 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x0x4x4xf32>
  %q = seam.transpose %y {perm = array<i64: 4, 0, 1, 2, 3, 5, 6>} : (tensor<1x1x1x2x4x4x4xf32>) -> tensor<4x1x1x1x2x4x4xf32>
  return %h, %n, %v, %e, %q : tensor<1x4x4x4xf32>, tensor<1x4x4x8xf32>, tensor<4x4x2xf32>, tensor<1x0x4x4xf32>, tensor<4x1x1x1x2x4x4xf32>
}

// -----

// reduce_mean over H and W of a 4-D value (normalized axes [2, 3], in any
// order and sign) is global average pooling: taken with and without
// keepdims. Over C, or over W alone, it is not.
// CHECK-LABEL: Seam partition report
// CHECK: xnnpack 1 1 3
// CHECK: Ops left to the compiler: 2
// CHECK-NEXT: seam.reduce_mean at {{.*}}: xnnpack: reduce_mean over other axes than H and W of a 4-D value (XNNPACK has global average pooling only)
// CHECK-NEXT: seam.reduce_mean at {{.*}}: xnnpack: reduce_mean over other axes than H and W of a 4-D value (XNNPACK has global average pooling only)
// CHECK-NOT: seam.
func.func @reduce_mean(%x: tensor<1x4x3x3xf32>) -> (tensor<1x4xf32>, tensor<1x4x1x1xf32>, tensor<1x1x3x3xf32>, tensor<1x4x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %hw = seam.reduce_mean %c {axes = array<i64: 2, 3>, keepdims = false} : (tensor<1x4x3x3xf32>) -> tensor<1x4xf32>
  %wh = seam.reduce_mean %c {axes = array<i64: -1, -2>} : (tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32>
  %ch = seam.reduce_mean %c {axes = array<i64: 1>} : (tensor<1x4x3x3xf32>) -> tensor<1x1x3x3xf32>
  %w1 = seam.reduce_mean %c {axes = array<i64: 3>, keepdims = false} : (tensor<1x4x3x3xf32>) -> tensor<1x4x3xf32>
  return %hw, %wh, %ch, %w1 : tensor<1x4xf32>, tensor<1x4x1x1xf32>, tensor<1x1x3x3xf32>, tensor<1x4x3xf32>
}
