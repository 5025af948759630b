// RUN: seam-run %S/Inputs/small-classifier.mlir --backends=none --report 2>/dev/null | FileCheck %s
// RUN: seam-run %S/Inputs/small-classifier.mlir --report 2>/dev/null | FileCheck %s

// With --backends=none (or no --backends) nothing is partitioned: the report
// lists every op of the prepared model as the compiler's, with the reason.

// CHECK: Seam partition report
// CHECK-NEXT: backend regions composites ops FLOPs share
// CHECK-NEXT: compiler - - 6 14354 100.00%
// CHECK-NEXT: total 0 0 6 14354 100.00%
// CHECK-NEXT: Ops left to the compiler: 6
// CHECK-NEXT: seam.conv at small-classifier.mlir:{{[0-9]+}}:{{[0-9]+}}: no backend selected
// CHECK-NEXT: seam.relu at {{.*}}: no backend selected
// CHECK-NEXT: seam.global_avg_pool at {{.*}}: no backend selected
// CHECK-NEXT: seam.flatten at {{.*}}: no backend selected
// CHECK-NEXT: seam.gemm at {{.*}}: no backend selected
// CHECK-NEXT: seam.softmax at {{.*}}: no backend selected
// CHECK-NEXT: compile_ms:
// CHECK-NEXT: Slow kernels: 0
// CHECK-NEXT: Weights held: 0 bytes (0 read in place, 0 copied)
// CHECK-NEXT: output probabilities: [1, 2]
