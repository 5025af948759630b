// RUN: seam-opt %s --seam-partition="backends=none" | FileCheck %s
// RUN: seam-opt %s --seam-partition="backends=none prepare=false" | FileCheck %s --check-prefix=NOPREPARE

// seam-partition runs the prepare passes first (here: the add of two
// constants is folded); with prepare=false (the Session, whose prepare stage
// ran them already) it only partitions.

// CHECK-LABEL: func.func @main
// CHECK: %[[C:.*]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT: seam.add %{{.*}}, %[[C]] {seam.reason = "no backend selected"}
// CHECK-NEXT: return

// NOPREPARE-LABEL: func.func @main
// NOPREPARE-DAG: arith.constant dense<1.000000e+00> : tensor<4xf32>
// NOPREPARE-DAG: arith.constant dense<2.000000e+00> : tensor<4xf32>
// NOPREPARE: %[[S:.*]] = seam.add %{{.*}}, %{{.*}} {seam.reason = "no backend selected"}
// NOPREPARE-NEXT: seam.add %{{.*}}, %[[S]] {seam.reason = "no backend selected"}
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %c = seam.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = seam.add %x, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
