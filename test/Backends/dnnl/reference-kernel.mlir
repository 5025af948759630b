// RUN: seam-run %s --backends=dnnl --bench 2 --threads 1 --profile | FileCheck %s
// RUN: seam-run %s --backends=dnnl --report | FileCheck %s --check-prefix=REPORT
// REQUIRES: seam-dnnl-backend

// oneDNN's reference implementations are its last resort, often far slower
// than its JIT kernels: the runtime avoids them where it can and --profile
// names them where it cannot.
//
// oneDNN 2.6's JIT eltwise takes no post-ops: a hard sigmoid of a value that
// is read twice (so not fused into the conv) is a linear eltwise with a clip
// post-op, which only the reference implementation computes. The runtime
// runs it as two JIT eltwise primitives instead. A squeeze-and-excitation
// multiply of 48 channels (RegNetY's) by a per-channel gate after a grouped
// conv: oneDNN keeps that image in 8-channel blocks, where its JIT binary
// has no per-channel broadcast on AVX-512; the runtime computes the multiply
// in channels-last instead.
// A mean over H alone has no JIT reduction: it stays, marked slow.

// CHECK: profile:
// CHECK: region dnnl_0 (dnnl,
// CHECK: conv 1x16x8x8 [{{[^]]*}}]{{$}}
// CHECK-NEXT: eltwise 1x16x8x8 [jit{{[^]]*}}]{{$}}
// CHECK-NEXT: eltwise 1x16x8x8 [jit{{[^]]*}}]{{$}}
// CHECK-NEXT: binary 1x16x8x8 [{{[^]]*}}]{{$}}
// CHECK: reduce 1x16x1x8 [ref:any] slow: oneDNN reference kernel
// CHECK-NOT: slow
// CHECK: conv 1x48x8x8 [{{[^]]*}}]{{$}}
// CHECK-NOT: slow
// CHECK: binary 1x48x8x8 [jit{{[^]]*}}]{{$}}
// CHECK-NOT: slow

// REPORT: Ops left to the compiler: 0
// REPORT: Slow kernels: 1
// REPORT-NEXT: dnnl_0: reduce 1x16x1x8 [ref:any] slow: oneDNN reference kernel
// REPORT-NOT: slow

func.func @main(%x: tensor<1x16x8x8xf32>) -> (tensor<1x16x8x8xf32>, tensor<1x16x1x8xf32>, tensor<1x48x8x8xf32>) {
  %w = arith.constant dense<0.125> : tensor<16x16x1x1xf32>
  %c = seam.conv %x, %w : (tensor<1x16x8x8xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x8x8xf32>
  %g = seam.hard_sigmoid %c {alpha = 2.000000e-01 : f32, beta = 5.000000e-01 : f32} : tensor<1x16x8x8xf32>
  %m = seam.mul %c, %g : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = seam.reduce_mean %c {axes = array<i64: 2>} : (tensor<1x16x8x8xf32>) -> tensor<1x16x1x8xf32>
  %w48 = arith.constant dense<0.0625> : tensor<48x8x3x3xf32>
  %x48 = seam.concat %x, %x, %x {axis = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x48x8x8xf32>
  %c48 = seam.conv %x48, %w48 {group = 6 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x48x8x8xf32>, tensor<48x8x3x3xf32>) -> tensor<1x48x8x8xf32>
  %p = seam.global_avg_pool %c48 : (tensor<1x48x8x8xf32>) -> tensor<1x48x1x1xf32>
  %s = seam.sigmoid %p : tensor<1x48x1x1xf32>
  %e = seam.mul %c48, %s : (tensor<1x48x8x8xf32>, tensor<1x48x1x1xf32>) -> tensor<1x48x8x8xf32>
  return %m, %r, %e : tensor<1x16x8x8xf32>, tensor<1x16x1x8xf32>, tensor<1x48x8x8xf32>
}
