// REQUIRES: seam-test-backend
// RUN: seam-run %S/Inputs/small-classifier.mlir --backends=test --report 2>/dev/null | FileCheck %s
// RUN: seam-run %S/Inputs/small-classifier.mlir --backends=test 2>/dev/null | FileCheck %s --check-prefix=NOREPORT
// RUN: rm -rf %t && mkdir -p %t
// RUN: seam-run %S/Inputs/small-classifier.mlir --backends=none --save-outputs=%t 2>/dev/null
// RUN: seam-run %S/Inputs/small-classifier.mlir --backends=test --expect=%t/probabilities.npy \
// RUN:   --rtol=1e-5 --atol=1e-7 2>/dev/null | FileCheck %s --check-prefix=SAME

// seam-run --report prints the partition table once the model is
// partitioned, before it is compiled further and run. With the test backend
// the conv + bias + relu and the gemm + bias are two regions; global average
// pooling, flatten and softmax are left to the compiler, each with the reason.
//
// FLOPs: conv 2*256*27 + relu 256 + gemm 2*1*2*4 = 14096 offloaded;
// global_avg_pool 256 + flatten 0 + softmax 2 = 258 left;
// 14096 / 14354 = 98.20 %.

// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: test 2 2 3 14096 98.20%
// CHECK-NEXT: compiler - - 3 258 1.80%
// CHECK-NEXT: total 2 2 6 14354 100.00%
// CHECK-NEXT: Ops left to the compiler: 3
// CHECK-NEXT: seam.global_avg_pool at small-classifier.mlir:{{[0-9]+}}:{{[0-9]+}}: test: seam.global_avg_pool is not supported
// CHECK-NEXT: seam.flatten at small-classifier.mlir:{{[0-9]+}}:{{[0-9]+}}: test: seam.flatten is not supported
// CHECK-NEXT: seam.softmax at small-classifier.mlir:{{[0-9]+}}:{{[0-9]+}}: test: seam.softmax is not supported
// CHECK-NEXT: compile_ms:
// CHECK-NEXT: Slow kernels: 0
// CHECK-NEXT: Weights held: 0 bytes (0 read in place, 0 copied)
// CHECK-NEXT: output probabilities: [1, 2]

// Without --report, no table.
// NOREPORT-NOT: Seam partition report
// NOREPORT: output probabilities: [1, 2]

// The partitioned build computes what the unpartitioned one does.
// SAME: compare: PASS {{.*}} output=probabilities
