// RUN: seam-opt %s --split-input-file --seam-outline-kernels --seam-instrument-kernels --verify-diagnostics | FileCheck %s

// Each kernel call is timed: the clock before, the time added to the kernel's
// counter after; @main's entry counts the runs in the last counter. The
// names list each kernel with the ONNX nodes (NameLocs) of its ops.
// CHECK-DAG: llvm.mlir.global external @__seam_kernel_ns(dense<0> : tensor<3xi64>) {addr_space = 0 : i32} : !llvm.array<3 x i64>
// CHECK-DAG: llvm.mlir.global external constant @__seam_kernel_names("main_kernel_0 [scale]\00main_kernel_1 [relu, clip]\00")
// CHECK-DAG: llvm.mlir.global external constant @__seam_kernel_count(2 : i64) {addr_space = 0 : i32} : i64
// CHECK-LABEL: func.func @main(
// CHECK-NEXT:   %[[NS:.*]] = llvm.mlir.addressof @__seam_kernel_ns
// CHECK-NEXT:   %[[RUNS:.*]] = llvm.getelementptr %[[NS]][0, 2]
// CHECK-NEXT:   call @seam_profile_count(%[[RUNS]])
// CHECK-NEXT:   %[[T0:.*]] = call @seam_profile_clock() : () -> i64
// CHECK-NEXT:   call @main_kernel_0(
// CHECK-NEXT:   %[[NS0:.*]] = llvm.mlir.addressof @__seam_kernel_ns
// CHECK-NEXT:   %[[C0:.*]] = llvm.getelementptr %[[NS0]][0, 0]
// CHECK-NEXT:   call @seam_profile_add(%[[C0]], %[[T0]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT:   %[[T1:.*]] = call @seam_profile_clock() : () -> i64
// CHECK-NEXT:   call @main_kernel_1(
// CHECK-NEXT:   %[[NS1:.*]] = llvm.mlir.addressof @__seam_kernel_ns
// CHECK-NEXT:   %[[C1:.*]] = llvm.getelementptr %[[NS1]][0, 1]
// CHECK-NEXT:   call @seam_profile_add(%[[C1]], %[[T1]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT:   return
// CHECK-DAG: func.func private @seam_profile_clock() -> i64
// CHECK-DAG: func.func private @seam_profile_add(!llvm.ptr, i64)
// CHECK-DAG: func.func private @seam_profile_count(!llvm.ptr)
func.func @main(%a: memref<16xf32>, %b: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    %y = arith.mulf %x, %x : f32 loc("scale")
    memref.store %y, %b[%i] : memref<16xf32>
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%b : memref<16xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32 loc("relu")
    %m = arith.maximumf %o, %z : f32 loc(fused["relu", "clip"])
    linalg.yield %m : f32
  }
  return
}

// -----

// Without kernels the module is left as it is.
// CHECK-LABEL: func.func @no_kernels(
// CHECK-NEXT:   return
// CHECK-NOT: __seam_kernel
// CHECK-NOT: seam_profile
func.func @no_kernels(%a: memref<16xf32>) {
  return
}

// -----

// Instrumenting twice is an error.
// expected-error @+1 {{the module already has a symbol named '__seam_kernel_ns' (instrumented twice?)}}
module {
  llvm.mlir.global external @__seam_kernel_ns(0 : i64) : i64
  func.func @main(%a: memref<16xf32>) {
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%a : memref<16xf32>) {
    ^bb0(%o: f32):
      linalg.yield %o : f32
    }
    return
  }
}
