// RUN: seam-opt %s --seam-partition="backends=dnnl" --seam-lower-backend-regions -split-input-file \
// RUN: | sed -e 's/\\0A/\n/g' | FileCheck %s
// REQUIRES: seam-dnnl-backend

// The description of each op kind the dnnl lowering writes for the runtime
// (runtime/RegionDesc.h), one line per op: attributes in oneDNN's terms,
// post-ops in order, weights numbered where first used. The string global
// is split at its newlines (\0A) for FileCheck.

// CHECK-LABEL: seam-dnnl-region 1 dnnl_0
// CHECK: input 0
// CHECK-NEXT: weight 1
// CHECK-NEXT: weight 2
// CHECK-NEXT: matmul dst=3 src=0 weights=1 bias=2 trans_a=1 trans_b=0 alpha=0.5 beta=2
// CHECK-NEXT: softmax dst=4 src=3 axis=1
// CHECK-NEXT: output 4
func.func @gemm_softmax(%a: tensor<12x5xf32>) -> tensor<5x7xf32> {
  %b = arith.constant dense<0.5> : tensor<12x7xf32>
  %c = arith.constant dense<0.25> : tensor<1x7xf32>
  %g = seam.gemm %a, %b, %c {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = true} : (tensor<12x5xf32>, tensor<12x7xf32>, tensor<1x7xf32>) -> tensor<5x7xf32>
  %s = seam.softmax %g {axis = -1 : i64} : tensor<5x7xf32>
  return %s : tensor<5x7xf32>
}

// -----

// A batched matmul of two inputs, a constant bias add fused as the bias,
// then an activation; hard_sigmoid is a linear then a clip post-op.
// CHECK-LABEL: seam-dnnl-region 1 dnnl_0
// CHECK: matmul dst=3 src=0 weights=1 bias=2 trans_a=0 trans_b=0 alpha=1 beta=1 post=eltwise:linear:0.200000003:0.5 post=eltwise:clip:0:1
func.func @batched_matmul_bias(%a: tensor<3x2x8xf32>, %b: tensor<3x8x4xf32>) -> tensor<3x2x4xf32> {
  %c = arith.constant dense<0.1> : tensor<4xf32>
  %m = seam.matmul %a, %b : (tensor<3x2x8xf32>, tensor<3x8x4xf32>) -> tensor<3x2x4xf32>
  %s = seam.add %m, %c : (tensor<3x2x4xf32>, tensor<4xf32>) -> tensor<3x2x4xf32>
  %h = seam.hard_sigmoid %s : tensor<3x2x4xf32>
  return %h : tensor<3x2x4xf32>
}

// -----

// Grouped, strided, dilated conv with asymmetric pads; a leaky relu is relu
// with alpha; avg pooling that counts padding; ceil_mode max pooling gets the
// end pads oneDNN needs for the op's output size.
// CHECK-LABEL: seam-dnnl-region 1 dnnl_0
// CHECK: conv dst=2 src=0 weights=1 strides=2,1 pads=1,0,2,0 dilations=2,1 group=2 post=eltwise:relu:0.125:0
// CHECK-NEXT: pool dst=3 src=2 alg=avg_include kernel=3,3 strides=1,1 pads=1,1,1,1 dilations=1,1
// CHECK-NEXT: pool dst=4 src=3 alg=max kernel=3,3 strides=2,2 pads=0,0,0,1 dilations=1,1
func.func @conv_pools(%x: tensor<1x4x11x9xf32>) -> tensor<1x8x2x4xf32> {
  %w = arith.constant dense<0.5> : tensor<8x2x3x2xf32>
  %c = seam.conv %x, %w {group = 2 : i64, pads = array<i64: 1, 0, 2, 0>, strides = array<i64: 2, 1>, dilations = array<i64: 2, 1>} : (tensor<1x4x11x9xf32>, tensor<8x2x3x2xf32>) -> tensor<1x8x5x8xf32>
  %r = seam.leaky_relu %c {alpha = 0.125 : f32} : tensor<1x8x5x8xf32>
  %a = seam.avg_pool %r {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x8x5x8xf32>) -> tensor<1x8x5x8xf32>
  %m = seam.max_pool %a {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x5x8xf32>) -> tensor<1x8x2x4xf32>
  return %m : tensor<1x8x2x4xf32>
}

// -----

// An unfolded batch_norm (it follows a relu), a global average pool as
// pooling over the whole spatial extent, a broadcast binary op with the
// broadcast operand second (oneDNN broadcasts the second one only), a single
// eltwise op, and a concat.
// CHECK-LABEL: seam-dnnl-region 1 dnnl_0
// CHECK: conv dst=2 src=0 weights=1 strides=1,1 pads=0,0,0,0 dilations=1,1 group=1 post=eltwise:relu:0:0
// CHECK-NEXT: batchnorm dst=7 src=2 scale=3 bias=4 mean=5 var=6 epsilon=0.00100000005
// CHECK-NEXT: pool dst=8 src=7 alg=avg_exclude kernel=4,4 strides=1,1 pads=0,0,0,0 dilations=1,1
// CHECK-NEXT: binary dst=10 src=2 src1=9 alg=mul
// CHECK-NEXT: eltwise dst=11 src=10 alg=exp alpha=0 beta=0
// CHECK-NEXT: concat dst=12 srcs=11,2 axis=1
// CHECK-NEXT: output 8
// CHECK-NEXT: output 12
func.func @norm_binary_concat(%x: tensor<1x4x4x4xf32>) -> (tensor<1x4x1x1xf32>, tensor<1x8x4x4xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = seam.relu %c : tensor<1x4x4x4xf32>
  %s = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %m = arith.constant dense<0.25> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %n = seam.batch_norm %r, %s, %b, %m, %v {epsilon = 1.0e-3 : f32} : (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %g = seam.global_avg_pool %n : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %k = arith.constant dense<3.0> : tensor<1x4x1x1xf32>
  %p = seam.mul %k, %r : (tensor<1x4x1x1xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e = seam.exp %p : tensor<1x4x4x4xf32>
  %o = seam.concat %e, %r {axis = -3 : i64} : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %g, %o : tensor<1x4x1x1xf32>, tensor<1x8x4x4xf32>
}

// -----

// Flatten and reshape are views of the row-major data (no primitive), so
// that a classifier stays in the region of its convolutions.
// CHECK-LABEL: seam-dnnl-region 1 dnnl_0
// CHECK: pool dst=3 src=2 alg=avg_exclude kernel=4,4
// CHECK-NEXT: reshape dst=4 src=3
// CHECK-NEXT: matmul dst=7 src=4 weights=5 bias=6 trans_a=0 trans_b=1
// CHECK-NEXT: reshape dst=8 src=7
// CHECK-NEXT: output 8
func.func @classifier(%x: tensor<1x4x4x4xf32>) -> tensor<2x5xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %g = seam.global_avg_pool %c : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %f = seam.flatten %g : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
  %b = arith.constant dense<0.25> : tensor<10x4xf32>
  %k = arith.constant dense<0.125> : tensor<10xf32>
  %l = seam.gemm %f, %b, %k {trans_b = true} : (tensor<1x4xf32>, tensor<10x4xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  %r = seam.reshape %l : (tensor<1x10xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

// Transpose and slice are reorders of views (axes permuted, a block at
// offsets); a mean over the spatial dims is a global average pooling, other
// reductions a reduction, and a dropped reduced dim a reshape after it.
// CHECK-LABEL: seam-dnnl-region 1 dnnl_0
// CHECK: transpose dst=3 src=2 perm=0,2,3,1
// CHECK-NEXT: slice dst=4 src=3 offsets=0,1,0,2
// CHECK-NEXT: pool dst=5 src=2 alg=avg_exclude kernel=3,3 strides=1,1 pads=0,0,0,0 dilations=1,1
// CHECK-NEXT: reshape dst=6 src=5
// CHECK-NEXT: reduce dst=7 src=2 alg=sum
func.func @views_reductions(%x: tensor<1x4x3x3xf32>) -> (tensor<1x2x3x2xf32>, tensor<1x4xf32>, tensor<1x1x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %t = seam.transpose %c {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x4x3x3xf32>) -> tensor<1x3x3x4xf32>
  %s = seam.slice %t {starts = array<i64: 1, 2>, ends = array<i64: 3, 4>, axes = array<i64: 1, 3>} : (tensor<1x3x3x4xf32>) -> tensor<1x2x3x2xf32>
  %m = seam.reduce_mean %c {axes = array<i64: 2, 3>, keepdims = false} : (tensor<1x4x3x3xf32>) -> tensor<1x4xf32>
  %r = seam.reduce_sum %c {axes = array<i64: 1>, keepdims = true} : (tensor<1x4x3x3xf32>) -> tensor<1x1x3x3xf32>
  return %s, %m, %r : tensor<1x2x3x2xf32>, tensor<1x4xf32>, tensor<1x1x3x3xf32>
}
