// RUN: seam-opt %s --seam-partition="backends=dnnl" --seam-lower-backend-regions --seam-lower-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --seam-lower-kernel-calls | FileCheck %s --implicit-check-not=memref.copy
// RUN: not seam-opt %s --seam-partition="backends=dnnl" --seam-lower-backend-regions --seam-lower-to-linalg \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" --seam-lower-kernel-calls 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAYOUT
// REQUIRES: seam-dnnl-backend

// The kernel call through the steps of Seam's pipeline (lib/Codegen):
// partitioned, the region's body becomes a kernel call on tensors, which
// one-shot bufferization turns into the buffer form without copies (its
// result is its 'outs' buffer, a fresh allocation from the tensor.empty that
// the runtime writes without reading it; its inputs are the arguments'
// buffers as they are), and seam-lower-kernel-calls then lowers to the
// runtime calls. No memref.copy anywhere (--implicit-check-not).

// CHECK-DAG: llvm.mlir.global internal constant @__seam_dnnl_0_desc("SEAMDNNL
// CHECK-DAG: llvm.mlir.global external @__seam_dnnl_0_handle()
// CHECK-DAG: memref.global "private" constant @[[W:.*]] : memref<4x4x3x3xf32> = dense<5.000000e-01>
// CHECK-DAG: memref.global "private" constant @[[B:.*]] : memref<4xf32> = dense<1.000000e-01>

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[ARG0:.*]]: memref<1x4x8x8xf32>, %[[ARG1:.*]]: memref<1x4x8x8xf32>) -> memref<1x4x4x4xf32>
// CHECK-NEXT: %[[R:.*]] = call @dnnl_0(%[[ARG0]], %[[ARG1]])
// CHECK-NEXT: return %[[R]]

// CHECK-LABEL: func.func private @dnnl_0
// CHECK-SAME: (%[[X:.*]]: memref<1x4x8x8xf32>, %[[RES:.*]]: memref<1x4x8x8xf32>) -> memref<1x4x4x4xf32>
// CHECK-SAME: seam.backend = "dnnl"
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x4xf32>
// CHECK: memref.extract_aligned_pointer_as_index %[[X]] : memref<1x4x8x8xf32>
// CHECK: memref.extract_aligned_pointer_as_index %[[RES]] : memref<1x4x8x8xf32>
// CHECK: %[[OUTI:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]] : memref<1x4x4x4xf32>
// CHECK: %[[OUTI64:.*]] = arith.index_cast %[[OUTI]]
// CHECK: %[[OUTP:.*]] = llvm.inttoptr %[[OUTI64]]
// CHECK: %[[BUFS:.*]] = llvm.alloca %{{.*}} x !llvm.array<3 x ptr>
// CHECK: %[[SLOT2:.*]] = llvm.getelementptr %[[BUFS]][0, 2]
// CHECK-NEXT: llvm.store %[[OUTP]], %[[SLOT2]]
// CHECK: call @seam_dnnl_run_region(%{{.*}}, %[[BUFS]])
// CHECK-NOT: seam.kernel_call
// CHECK-NEXT: return %[[OUT]] : memref<1x4x4x4xf32>

// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK: memref.get_global @[[W]] : memref<4x4x3x3xf32>
// CHECK: memref.get_global @[[B]] : memref<4xf32>
// CHECK: %[[DESC:.*]] = llvm.mlir.addressof @__seam_dnnl_0_desc
// CHECK: call @seam_dnnl_create_region(%[[DESC]],

// CHECK-LABEL: func.func @seam_deinit()
// CHECK: call @seam_dnnl_destroy_region

// Bufferized with fully dynamic layouts at function boundaries (one-shot's
// default), the region's arguments are strided buffers, which the runtime
// does not take: Seam bufferizes with identity layouts.
// LAYOUT: error: 'seam.kernel_call' op operand of type 'memref<1x4x8x8xf32, strided<[?, ?, ?, ?], offset: ?>>' is not a contiguous buffer (identity layout)
func.func @main(%x: tensor<1x4x8x8xf32>, %res: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %c = seam.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %s = seam.add %c, %res : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = seam.relu %s : tensor<1x4x8x8xf32>
  %p = seam.max_pool %r {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}
