// RUN: seam-opt %s --seam-lower-to-llvm | FileCheck %s
// RUN: seam-opt %s --seam-lower-to-llvm="threads=2" | FileCheck %s --check-prefix=THREADS

// Linalg on tensors to the LLVM dialect only: inputs and the output are bare
// pointers (outputs last, written in place), weights are globals, each loop
// nest is its own noinline function, temporaries are freed. (The splat
// weight matrix is not packed, being one compact tile: canonicalization folds
// its register-tile slices into smaller splat globals.)
// CHECK: llvm.mlir.global private constant @{{.*}}(dense<{{.*}}> : tensor<{{[0-9x]+}}xf32>)
// CHECK-NOT: {{(linalg|tensor|memref|vector|scf|arith|math|cf|bufferization)\.}}
// The matmul micro-kernel: FMAs on 32-wide vectors.
// CHECK: llvm.func @main_kernel_{{[0-9]+}}({{.*}}) attributes {passthrough = ["noinline"]
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK: llvm.func @main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK: llvm.call @main_kernel_
// The 2-thread build splits the matmul into an OpenMP parallel region.
// THREADS: omp.parallel
// THREADS: omp.wsloop
// THREADS: llvm.func @main
func.func @main(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %w = arith.constant dense<0.5> : tensor<64x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.maximumf %a, %z : f32
    linalg.yield %c : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
