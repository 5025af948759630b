// RUN: seam-opt %s --seam-partition="backends=dnnl" --seam-lower-backend-regions -split-input-file | FileCheck %s
// REQUIRES: seam-dnnl-backend

// seam-lower-backend-regions on dnnl regions: the region's description is a
// string global, its body one call of the runtime on the buffers of its
// arguments and results (destination-passing, no copies), and its creation
// from the description and its weights goes to @seam_init.

// CHECK-DAG: func.func private @seam_dnnl_create_region(!llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: func.func private @seam_dnnl_run_region(!llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @seam_dnnl_destroy_region(!llvm.ptr)

// CHECK-LABEL: func.func @main
// CHECK: %[[R:.*]] = call @dnnl_0(%arg0, %arg1)
// CHECK: return %[[R]]

// CHECK: llvm.mlir.global internal constant @__seam_dnnl_0_desc("seam-dnnl-region 1 dnnl_0\0A
// CHECK-SAME: value 0 1x4x8x8\0Avalue 1 1x4x8x8\0Avalue 2 4x4x3x3\0Avalue 3 4\0Avalue 4 1x4x8x8\0Avalue 5 1x4x4x4\0A
// CHECK-SAME: input 0\0Ainput 1\0Aweight 2\0Aweight 3\0A
// CHECK-SAME: conv dst=4 src=0 weights=2 bias=3 strides=1,1 pads=1,1,1,1 dilations=1,1 group=1 post=sum:1 post=eltwise:relu:0:0\0A
// CHECK-SAME: pool dst=5 src=4 alg=max kernel=3,3 strides=2,2 pads=1,1,1,1 dilations=1,1\0A
// CHECK-SAME: output 5\0A\00")
// The handle is external: the session finds it for profiles.
// CHECK: llvm.mlir.global external @__seam_dnnl_0_handle() {{.*}} : !llvm.ptr

// CHECK-LABEL: func.func private @dnnl_0
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8x8xf32>, %[[RES:.*]]: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-SAME: seam.backend = "dnnl"
// CHECK-NOT: seam.conv
// CHECK-DAG: %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only
// CHECK-DAG: %[[RB:.*]] = bufferization.to_buffer %[[RES]] read_only
// CHECK-DAG: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x4xf32>
// CHECK: %[[BUFS:.*]] = llvm.alloca %{{.*}} x !llvm.array<3 x ptr>
// CHECK: %[[H:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: call @seam_dnnl_run_region(%[[H]], %[[BUFS]])
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[T]]

// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<4x4x3x3xf32>
// CHECK: bufferization.to_buffer %[[W]] read_only
// CHECK: %[[B:.*]] = arith.constant dense<1.000000e-01> : tensor<4xf32>
// CHECK: bufferization.to_buffer %[[B]] read_only
// CHECK: %[[DESC:.*]] = llvm.mlir.addressof @__seam_dnnl_0_desc
// CHECK: %[[WS:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x ptr>
// CHECK: %[[NEW:.*]] = call @seam_dnnl_create_region(%[[DESC]], %[[WS]])
// CHECK: llvm.store %[[NEW]], %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK: %[[NULL:.*]] = llvm.icmp "eq" %[[NEW]]
// CHECK: %[[FAIL:.*]] = arith.extui %[[NULL]] : i1 to i32
// CHECK: %[[STATUS:.*]] = arith.ori %{{.*}}, %[[FAIL]]
// CHECK: return %[[STATUS]]

// CHECK-LABEL: func.func @seam_deinit()
// CHECK: %[[OLD:.*]] = llvm.load
// CHECK: call @seam_dnnl_destroy_region(%[[OLD]])
func.func @main(%x: tensor<1x4x8x8xf32>, %res: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %s = seam.add %c, %res : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %s : tensor<1x4x8x8xf32>
  %p = seam.max_pool %r {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}

// -----

// Two regions (a compiled op between them) share one @seam_init, whose
// status ORs their failures; each has its own description and handle.
// CHECK-LABEL: func.func @two_regions
// CHECK: call @dnnl_0
// CHECK: seam.erf
// CHECK: call @dnnl_1
// CHECK-DAG: @__seam_dnnl_0_desc("seam-dnnl-region 1 dnnl_0\0A
// CHECK-DAG: @__seam_dnnl_1_desc("seam-dnnl-region 1 dnnl_1\0A
// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK-COUNT-2: call @seam_dnnl_create_region
// CHECK-LABEL: func.func @seam_deinit()
// CHECK-COUNT-2: call @seam_dnnl_destroy_region
func.func @two_regions(%a: tensor<2x8xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<0.5> : tensor<8x4xf32>
  %g = seam.gemm %a, %w : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
  %t = seam.erf %g : tensor<2x4xf32>
  %v = arith.constant dense<0.25> : tensor<4x2xf32>
  %m = seam.matmul %t, %v : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// -----

// Regions of a backend without a runtime (the test backends) and functions
// that are not regions are left alone.
// CHECK-LABEL: func.func private @not_a_region
// CHECK-NEXT: seam.relu
func.func private @not_a_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = seam.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
