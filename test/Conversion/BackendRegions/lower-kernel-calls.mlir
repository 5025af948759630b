// RUN: seam-opt %s --seam-lower-kernel-calls -split-input-file | FileCheck %s
// REQUIRES: seam-dnnl-backend

// seam-lower-kernel-calls turns each buffer-form seam.kernel_call into calls
// of its backend's entry points (here dnnl's): the serialized description in
// an internal constant global, the region's handle in an external global
// (the session finds it for profiles), its creation from the description and
// its weights in @seam_init (failing when the runtime returns null), its
// destruction in @seam_deinit, and in place of the op one run call on the
// pointers of its buffers (inputs, then outputs) as they are: no copies.

// The entry points are declared once.
// CHECK-DAG: func.func private @seam_dnnl_create_region(!llvm.ptr, i64, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: func.func private @seam_dnnl_run_region(!llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @seam_dnnl_destroy_region(!llvm.ptr)
// The description: the blob starts with "SEAMDNNL" and its version (4, LE).
// CHECK-DAG: llvm.mlir.global internal constant @__seam_dnnl_0_desc("SEAMDNNL\04\00\00\00{{.*}}") {{{.*}}alignment = 8 : i64}
// CHECK-DAG: llvm.mlir.global external @__seam_dnnl_0_handle() {{.*}} : !llvm.ptr {
// Each weight global counts the creations it is given to (a session frees
// it once they all consumed it).
// CHECK-DAG: memref.global "private" constant @weight : memref<8x4xf32> = dense<5.000000e-01> {seam.kernel_creations = 1 : i64}
// CHECK-DAG: memref.global "private" constant @bias : memref<4xf32> = dense<1.000000e-01> {seam.kernel_creations = 1 : i64}

// CHECK-LABEL: func.func @dnnl_0
// CHECK-SAME: (%[[A:.*]]: memref<2x8xf32>, %[[OUT:.*]]: memref<2x4xf32>)
// CHECK-NOT: seam.kernel_call
// CHECK: %[[AI:.*]] = memref.extract_aligned_pointer_as_index %[[A]] : memref<2x8xf32> -> index
// CHECK: %[[AI64:.*]] = arith.index_cast %[[AI]] : index to i64
// CHECK: %[[AP:.*]] = llvm.inttoptr %[[AI64]] : i64 to !llvm.ptr
// CHECK: %[[OI:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]] : memref<2x4xf32> -> index
// CHECK: %[[OI64:.*]] = arith.index_cast %[[OI]] : index to i64
// CHECK: %[[OP:.*]] = llvm.inttoptr %[[OI64]] : i64 to !llvm.ptr
// CHECK: %[[BUFS:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x ptr> : (i64) -> !llvm.ptr
// CHECK: %[[SLOT0:.*]] = llvm.getelementptr %[[BUFS]][0, 0]
// CHECK: llvm.store %[[AP]], %[[SLOT0]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[SLOT1:.*]] = llvm.getelementptr %[[BUFS]][0, 1]
// CHECK: llvm.store %[[OP]], %[[SLOT1]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[HA:.*]] = llvm.mlir.addressof @__seam_dnnl_0_handle : !llvm.ptr
// CHECK: %[[H:.*]] = llvm.load %[[HA]] : !llvm.ptr -> !llvm.ptr
// CHECK: call @seam_dnnl_run_region(%[[H]], %[[BUFS]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NOT: seam.kernel_call
// CHECK: return

// The weights' defining ops are cloned into @seam_init, which passes their
// pointers in order with the description's address and size.
// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[W:.*]] = memref.get_global @weight : memref<8x4xf32>
// CHECK: %[[WI:.*]] = memref.extract_aligned_pointer_as_index %[[W]]
// CHECK: %[[WI64:.*]] = arith.index_cast %[[WI]] : index to i64
// CHECK: %[[WP:.*]] = llvm.inttoptr %[[WI64]] : i64 to !llvm.ptr
// CHECK: %[[B:.*]] = memref.get_global @bias : memref<4xf32>
// CHECK: %[[BI:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: %[[BI64:.*]] = arith.index_cast %[[BI]] : index to i64
// CHECK: %[[BP:.*]] = llvm.inttoptr %[[BI64]] : i64 to !llvm.ptr
// CHECK: %[[DESC:.*]] = llvm.mlir.addressof @__seam_dnnl_0_desc : !llvm.ptr
// CHECK: %[[SIZE:.*]] = arith.constant {{[1-9][0-9]*}} : i64
// CHECK: %[[WS:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x ptr> : (i64) -> !llvm.ptr
// CHECK: %[[WSLOT0:.*]] = llvm.getelementptr %[[WS]][0, 0]
// CHECK: llvm.store %[[WP]], %[[WSLOT0]]
// CHECK: %[[WSLOT1:.*]] = llvm.getelementptr %[[WS]][0, 1]
// CHECK: llvm.store %[[BP]], %[[WSLOT1]]
// CHECK: %[[NEW:.*]] = call @seam_dnnl_create_region(%[[DESC]], %[[SIZE]], %[[WS]]) : (!llvm.ptr, i64, !llvm.ptr) -> !llvm.ptr
// CHECK: %[[HA:.*]] = llvm.mlir.addressof @__seam_dnnl_0_handle : !llvm.ptr
// CHECK: llvm.store %[[NEW]], %[[HA]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[FAILED:.*]] = llvm.icmp "eq" %[[NEW]], %[[NULL]] : !llvm.ptr
// CHECK: %[[FAIL:.*]] = arith.extui %[[FAILED]] : i1 to i32
// CHECK: %[[STATUS:.*]] = arith.ori %[[ZERO]], %[[FAIL]] : i32
// CHECK: return %[[STATUS]] : i32

// CHECK-LABEL: func.func @seam_deinit()
// CHECK: %[[HA:.*]] = llvm.mlir.addressof @__seam_dnnl_0_handle : !llvm.ptr
// CHECK: %[[OLD:.*]] = llvm.load %[[HA]] : !llvm.ptr -> !llvm.ptr
// CHECK: call @seam_dnnl_destroy_region(%[[OLD]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
memref.global "private" constant @weight : memref<8x4xf32> = dense<5.000000e-01>
memref.global "private" constant @bias : memref<4xf32> = dense<1.000000e-01>
func.func @dnnl_0(%a: memref<2x8xf32>, %out: memref<2x4xf32>) {
  %w = memref.get_global @weight : memref<8x4xf32>
  %b = memref.get_global @bias : memref<4xf32>
  seam.kernel_call "dnnl" "dnnl_0" ins(%a : memref<2x8xf32>)
      weights(%w, %b : memref<8x4xf32>, memref<4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [4], [2, 4]],
        inputs = [0], weights = [1, 2], outputs = [3],
        ops = [#seam_dnnl.op<matmul, dst = 3, srcs = [0, 1], bias = 2>]>)
  return
}

// -----

// Two regions share @seam_init and @seam_deinit: the status ORs their
// failures, each region has its own description and handle. A region
// without weights gets a null weights array; one with two outputs passes
// its inputs, then its outputs.
// CHECK-DAG: llvm.mlir.global internal constant @__seam_dnnl_0_desc(
// CHECK-DAG: llvm.mlir.global internal constant @__seam_dnnl_1_desc(
// CHECK-DAG: llvm.mlir.global external @__seam_dnnl_0_handle()
// CHECK-DAG: llvm.mlir.global external @__seam_dnnl_1_handle()

// CHECK-LABEL: func.func @dnnl_1
// CHECK-SAME: (%[[X:.*]]: memref<2x4xf32>, %[[Y:.*]]: memref<2x4xf32>, %[[O0:.*]]: memref<2x4xf32>, %[[O1:.*]]: memref<2x4xf32>)
// CHECK-DAG: memref.extract_aligned_pointer_as_index %[[X]]
// CHECK-DAG: memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK-DAG: memref.extract_aligned_pointer_as_index %[[O0]]
// CHECK-DAG: memref.extract_aligned_pointer_as_index %[[O1]]
// CHECK: %[[BUFS:.*]] = llvm.alloca %{{.*}} x !llvm.array<4 x ptr>
// CHECK-COUNT-4: llvm.store
// CHECK: %[[HA:.*]] = llvm.mlir.addressof @__seam_dnnl_1_handle
// CHECK: %[[H:.*]] = llvm.load %[[HA]]
// CHECK: call @seam_dnnl_run_region(%[[H]], %[[BUFS]])

// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[NEW0:.*]] = call @seam_dnnl_create_region
// CHECK: %[[FAIL0:.*]] = arith.extui
// CHECK: %[[STATUS0:.*]] = arith.ori %[[ZERO]], %[[FAIL0]] : i32
// CHECK: %[[DESC1:.*]] = llvm.mlir.addressof @__seam_dnnl_1_desc : !llvm.ptr
// CHECK: %[[SIZE1:.*]] = arith.constant {{[0-9]+}} : i64
// CHECK: %[[NOWEIGHTS:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[NEW1:.*]] = call @seam_dnnl_create_region(%[[DESC1]], %[[SIZE1]], %[[NOWEIGHTS]])
// CHECK: llvm.store %[[NEW1]]
// CHECK: %[[FAILED1:.*]] = llvm.icmp "eq" %[[NEW1]]
// CHECK: %[[FAIL1:.*]] = arith.extui %[[FAILED1]] : i1 to i32
// CHECK: %[[STATUS1:.*]] = arith.ori %[[STATUS0]], %[[FAIL1]] : i32
// CHECK: return %[[STATUS1]] : i32

// CHECK-LABEL: func.func @seam_deinit()
// CHECK: llvm.mlir.addressof @__seam_dnnl_0_handle
// CHECK: call @seam_dnnl_destroy_region
// CHECK: llvm.mlir.addressof @__seam_dnnl_1_handle
// CHECK: call @seam_dnnl_destroy_region
// CHECK-NEXT: return
memref.global "private" constant @weight : memref<8x4xf32> = dense<5.000000e-01>
func.func @dnnl_0(%a: memref<2x8xf32>, %out: memref<2x4xf32>) {
  %w = memref.get_global @weight : memref<8x4xf32>
  seam.kernel_call "dnnl" "dnnl_0" ins(%a : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
        inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
  return
}
func.func @dnnl_1(%x: memref<2x4xf32>, %y: memref<2x4xf32>, %out0: memref<2x4xf32>, %out1: memref<2x4xf32>) {
  seam.kernel_call "dnnl" "dnnl_1" ins(%x, %y : memref<2x4xf32>, memref<2x4xf32>)
      outs(%out0, %out1 : memref<2x4xf32>, memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_1", values = [[2, 4], [2, 4], [2, 4], [2, 4]],
        inputs = [0, 1], outputs = [2, 3],
        ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>,
               #seam_dnnl.op<eltwise, dst = 3, srcs = [2], alg = relu>]>)
  return
}

// -----

// Entry points already declared (with their types) are reused, and an
// existing @seam_init keeps its code: the creation goes before its return
// and its status is ORed in. A 0-d weight is passed like any other.
// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK: %[[PREVIOUS:.*]] = call @other_init() : () -> i32
// CHECK: %[[EPS:.*]] = memref.get_global @epsilon : memref<f32>
// CHECK: memref.extract_aligned_pointer_as_index %[[EPS]] : memref<f32> -> index
// CHECK: %[[NEW:.*]] = call @seam_dnnl_create_region
// CHECK: %[[FAIL:.*]] = arith.extui
// CHECK: %[[STATUS:.*]] = arith.ori %[[PREVIOUS]], %[[FAIL]] : i32
// CHECK: return %[[STATUS]] : i32
// CHECK-LABEL: func.func @dnnl_0
// CHECK: call @seam_dnnl_run_region
func.func private @seam_dnnl_create_region(!llvm.ptr, i64, !llvm.ptr) -> !llvm.ptr
func.func private @seam_dnnl_run_region(!llvm.ptr, !llvm.ptr)
func.func private @other_init() -> i32
func.func @seam_init() -> i32 {
  %status = call @other_init() : () -> i32
  return %status : i32
}
memref.global "private" constant @epsilon : memref<f32> = dense<9.99999974E-6>
func.func @dnnl_0(%x: memref<2x3xf32>, %out: memref<2x3xf32>) {
  %eps = memref.get_global @epsilon : memref<f32>
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32>) weights(%eps : memref<f32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [], [2, 3]],
        inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<binary, dst = 2, srcs = [0, 1], alg = add>]>)
  return
}

// -----

// A weight two regions take is given to both creations: its count is 2.
// CHECK: memref.global "private" constant @shared : memref<8x4xf32> = dense<5.000000e-01> {seam.kernel_creations = 2 : i64}
// CHECK-LABEL: func.func @seam_init() -> i32
// CHECK: memref.get_global @shared
// CHECK: call @seam_dnnl_create_region
// CHECK: memref.get_global @shared
// CHECK: call @seam_dnnl_create_region
memref.global "private" constant @shared : memref<8x4xf32> = dense<5.000000e-01>
func.func @dnnl_0(%a: memref<2x8xf32>, %out: memref<2x4xf32>) {
  %w = memref.get_global @shared : memref<8x4xf32>
  seam.kernel_call "dnnl" "dnnl_0" ins(%a : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]],
        inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
  return
}
func.func @dnnl_1(%a: memref<2x8xf32>, %out: memref<2x4xf32>) {
  %w = memref.get_global @shared : memref<8x4xf32>
  seam.kernel_call "dnnl" "dnnl_1" ins(%a : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_1", values = [[2, 8], [8, 4], [2, 4]],
        inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
  return
}
