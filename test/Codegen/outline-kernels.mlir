// RUN: seam-opt %s --seam-outline-kernels | FileCheck %s

// Each top-level loop nest becomes a private, noinline function taking the
// buffers and globals it uses; constants it uses are cloned into it.
// CHECK: func.func private @main_kernel_0(%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>) attributes {passthrough = ["noinline"], seam.kernel}
// CHECK-NOT: memref.get_global
// CHECK:   arith.constant 0 : index
// CHECK:   scf.for
// CHECK: func.func private @main_kernel_1(%{{.*}}: memref<16xf32>) attributes {passthrough = ["noinline"], seam.kernel}
// CHECK:   linalg.generic
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<16xf32>, %[[B:[a-z0-9]+]]: memref<16xf32>)
// CHECK-NEXT:   %[[G:.*]] = memref.get_global @scale
// CHECK-NEXT:   call @main_kernel_0(%[[A]], %[[G]], %[[B]]) : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
// CHECK-NEXT:   call @main_kernel_1(%[[B]]) : (memref<16xf32>) -> ()
// CHECK-NEXT:   return
memref.global "private" constant @scale : memref<16xf32> = dense<2.0>
func.func @main(%a: memref<16xf32>, %b: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %g = memref.get_global @scale : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    %s = memref.load %g[%i] : memref<16xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %b[%i] : memref<16xf32>
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%b : memref<16xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %o, %z : f32
    linalg.yield %m : f32
  }
  return
}
